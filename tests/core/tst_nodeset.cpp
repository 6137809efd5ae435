// ClusterShell nodeset syntax: expansion, operators, folding, host files and hostile input.
#include <QTest>

#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;
using namespace vna::ssh;

class TestNodeset final : public QObject
{
    Q_OBJECT

private slots:
    void expand_data();
    void expand();
    void errors_data();
    void errors();
    void clusterShellAgreement_data();
    void clusterShellAgreement();
    void fold_data();
    void fold();
    void roundTrip();
    void hostFile();
};

void TestNodeset::expand_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QStringList>("hosts");
    QTest::addRow("plain") << u"node1"_s << QStringList{u"node1"_s};
    QTest::addRow("padded range") << u"node[08-11]"_s
                                  << QStringList{u"node08"_s, u"node09"_s, u"node10"_s, u"node11"_s};
    QTest::addRow("step") << u"n[0-6/2]"_s << QStringList{u"n0"_s, u"n2"_s, u"n4"_s, u"n6"_s};
    QTest::addRow("list and range") << u"n[1,3,7-8]"_s << QStringList{u"n1"_s, u"n3"_s, u"n7"_s, u"n8"_s};
    QTest::addRow("suffix") << u"node[1-2]-ipmi"_s << QStringList{u"node1-ipmi"_s, u"node2-ipmi"_s};
    QTest::addRow("two dimensions") << u"rack[1-2]n[01-02]"_s
                                    << QStringList{u"rack1n01"_s, u"rack1n02"_s, u"rack2n01"_s, u"rack2n02"_s};
    QTest::addRow("union, duplicates dropped") << u"a[1-2],a2,b"_s << QStringList{u"a1"_s, u"a2"_s, u"b"_s};
    QTest::addRow("difference") << u"node[0-10]!node[8-10]"_s
                                << QStringList{u"node0"_s, u"node1"_s, u"node2"_s, u"node3"_s,
                                               u"node4"_s, u"node5"_s, u"node6"_s, u"node7"_s};
    QTest::addRow("intersection") << u"n[1-5]&n[4-9]"_s << QStringList{u"n4"_s, u"n5"_s};
    QTest::addRow("xor") << u"n[1-3]^n[2-4]"_s << QStringList{u"n1"_s, u"n4"_s};
    QTest::addRow("left to right, no precedence") << u"n[1-4]!n2,n2&n[2-3]"_s << QStringList{u"n3"_s, u"n2"_s};
    QTest::addRow("spaces around operators") << u" a1 , a2 "_s << QStringList{u"a1"_s, u"a2"_s};
    QTest::addRow("ip addresses") << u"127.0.0.[2-3]"_s << QStringList{u"127.0.0.2"_s, u"127.0.0.3"_s};
    QTest::addRow("mixed padding") << u"n[2,01,001]"_s << QStringList{u"n2"_s, u"n01"_s, u"n001"_s};
}

void TestNodeset::expand()
{
    QFETCH(QString, spec);
    QFETCH(QStringList, hosts);
    const auto result = expandNodeset(spec);
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
    QCOMPARE(*result, hosts);
}

void TestNodeset::errors_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("empty") << u"  "_s << u"empty"_s;
    QTest::addRow("unclosed") << u"node[1-3"_s << u"never closed"_s;
    QTest::addRow("stray ]") << u"node1]"_s << u"no matching"_s;
    QTest::addRow("backwards") << u"n[5-1]"_s << u"backwards"_s;
    QTest::addRow("zero step") << u"n[1-5/0]"_s << u"at least 1"_s;
    QTest::addRow("letters in range") << u"n[a-b]"_s << u"not a digit"_s;
    QTest::addRow("missing name") << u"a,,b"_s << u"missing"_s;
    QTest::addRow("group") << u"@compute"_s << u"groups"_s;
    QTest::addRow("shell injection") << u"node1;rm -rf /"_s << u"cannot be part of a host name"_s;
    QTest::addRow("command substitution") << u"$(reboot)"_s << u"cannot be part"_s;
    QTest::addRow("leading dash option") << u"-oProxyCommand"_s << u"cannot start with"_s;
    QTest::addRow("too many") << u"n[1-1000000]"_s << u"more than 100000"_s;
    QTest::addRow("too many in two dimensions") << u"a[1-1000]b[1-1000]"_s << u"more than 100000"_s;
    QTest::addRow("nothing left") << u"n1!n1"_s << u"leaves no hosts"_s;
    QTest::addRow("huge number") << u"n[1-99999999999999999999999]"_s << u"too large"_s;
}

void TestNodeset::errors()
{
    QFETCH(QString, spec);
    QFETCH(QString, mentions);
    const auto result = expandNodeset(spec);
    QVERIFY(!result.ok());
    QVERIFY2(result.error().message.contains(mentions), qPrintable(result.error().message));
}

// What ClusterShell 1.9.1's `nodeset -e` printed for the same specs (Debian 12, 2026-11-30). It sorts
// its output; we keep the order of first appearance (the user's node order), so compare as sets.
void TestNodeset::clusterShellAgreement_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("printed");
    QTest::addRow("padding") << u"node[08-11]"_s << u"node08 node09 node10 node11"_s;
    QTest::addRow("step") << u"n[0-6/2]"_s << u"n0 n2 n4 n6"_s;
    QTest::addRow("list") << u"n[1,3,7-8]"_s << u"n1 n3 n7 n8"_s;
    QTest::addRow("suffix") << u"node[1-2]-ipmi"_s << u"node1-ipmi node2-ipmi"_s;
    QTest::addRow("two dimensions") << u"rack[1-2]n[01-02]"_s << u"rack1n01 rack1n02 rack2n01 rack2n02"_s;
    QTest::addRow("union") << u"a[1-2],a2,b"_s << u"a1 a2 b"_s;
    QTest::addRow("difference") << u"node[0-10]!node[8-10]"_s << u"node0 node1 node2 node3 node4 node5 node6 node7"_s;
    QTest::addRow("intersection") << u"n[1-5]&n[4-9]"_s << u"n4 n5"_s;
    QTest::addRow("xor") << u"n[1-3]^n[2-4]"_s << u"n1 n4"_s;
    QTest::addRow("left to right") << u"n[1-4]!n2,n2&n[2-3]"_s << u"n2 n3"_s;
    QTest::addRow("mixed padding") << u"n[2,01,001]"_s << u"n2 n01 n001"_s;
}

void TestNodeset::clusterShellAgreement()
{
    QFETCH(QString, spec);
    QFETCH(QString, printed);
    const auto result = expandNodeset(spec);
    QVERIFY(result.ok());
    QStringList ours = *result;
    QStringList theirs = printed.split(u' ');
    ours.sort();
    theirs.sort();
    QCOMPARE(ours, theirs);
}

// The folded forms below are what ClusterShell's `nodeset -f` printed for the same lists.
void TestNodeset::fold_data()
{
    QTest::addColumn<QStringList>("hosts");
    QTest::addColumn<QString>("folded");
    QTest::addRow("gap") << QStringList{u"node01"_s, u"node02"_s, u"node03"_s, u"node05"_s} << u"node[01-03,05]"_s;
    QTest::addRow("single") << QStringList{u"login"_s} << u"login"_s;
    QTest::addRow("unsorted") << QStringList{u"n3"_s, u"n1"_s, u"n2"_s} << u"n[1-3]"_s;
    QTest::addRow("two groups") << QStringList{u"a1"_s, u"b1"_s, u"a2"_s} << u"a[1-2],b1"_s;
    QTest::addRow("suffix kept") << QStringList{u"n1-ipmi"_s, u"n2-ipmi"_s} << u"n[1-2]-ipmi"_s;
    QTest::addRow("padding widths do not merge") << QStringList{u"n9"_s, u"n010"_s} << u"n[9,010]"_s;
}

void TestNodeset::fold()
{
    QFETCH(QStringList, hosts);
    QFETCH(QString, folded);
    QCOMPARE(foldNodeset(hosts), folded);
}

void TestNodeset::roundTrip()
{
    const QStringList specs{u"node[01-16]"_s, u"rack[1-2]n[01-04]"_s, u"gpu[1-3,7,9-12]"_s, u"a1,b[2-3]"_s};
    for (const QString &spec : specs) {
        const auto hosts = expandNodeset(spec);
        QVERIFY(hosts.ok());
        const auto again = expandNodeset(foldNodeset(*hosts));
        QVERIFY(again.ok());
        QCOMPARE(QSet<QString>(again->cbegin(), again->cend()), QSet<QString>(hosts->cbegin(), hosts->cend()));
    }
}

void TestNodeset::hostFile()
{
    const auto hosts = parseHostFile(u"# cluster\nnode[1-2]\n\n  node5   # spare\nnode1\n"_s, u"hosts.txt"_s);
    QVERIFY(hosts.ok());
    QCOMPARE(*hosts, (QStringList{u"node1"_s, u"node2"_s, u"node5"_s}));
    const auto bad = parseHostFile(u"node1\nnode[2\n"_s, u"hosts.txt"_s);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().where, u"hosts.txt"_s);
    QCOMPARE(bad.error().position, 2);
    QVERIFY(bad.error().message.startsWith(u"Line 2:"_s));
    QVERIFY(!parseHostFile(u"# nothing\n"_s, u"f"_s).ok());
}

QTEST_GUILESS_MAIN(TestNodeset)
#include "tst_nodeset.moc"
