// Launch commands as users pasted them in public threads (tests/fixtures/launches/pasted: set -x traces,
// exports, env prefixes, Markdown backquotes, lines split by the paste), frozen with what each thread
// established before the linter was run on them. Each is checked as the release the thread ran
// (check_as): its program found, exactly the config errors the thread saw, the XFORMERS export seen,
// and a release older than the facts said as such with nothing checked.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "profiler/lint.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using namespace vna;

class TestLaunchCorpus final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pasted_data();
    void pasted();
};

void TestLaunchCorpus::pasted_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("errors");
    QFile file(QStringLiteral(VNA_FIXTURES_DIR) + u"/launches/pasted/expected.json"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray cases = QJsonDocument::fromJson(file.readAll()).array();
    QVERIFY(cases.size() >= 10);
    for (const QJsonValue &v : cases) {
        const QJsonObject c = v.toObject();
        QStringList errors;
        for (const QJsonValue &key : c.value(u"expected"_s).toObject().value(u"config_errors"_s).toArray())
            errors << key.toString();
        QTest::addRow("%s", qPrintable(c.value(u"file"_s).toString()))
            << c.value(u"file"_s).toString() << c.value(u"check_as"_s).toString()
            << c.value(u"expected"_s).toObject().value(u"program"_s).toString() << errors;
    }
}

void TestLaunchCorpus::pasted()
{
    QFETCH(QString, file);
    QFETCH(QString, version);
    QFETCH(QString, program);
    QFETCH(QStringList, errors);
    QFile script(QStringLiteral(VNA_FIXTURES_DIR) + u"/launches/pasted/"_s + file);
    QVERIFY(script.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(script.readAll());
    const auto checkedAs = verl::Version::parse(version, u"check_as"_s);
    QVERIFY(checkedAs);
    const auto report = profiler::lint(text, *checkedAs);
    QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().message));

    // The launch is found whatever form it was pasted in.
    QStringList programs;
    for (const profiler::LaunchReport &launch : report->launches)
        programs << launch.program;
    QVERIFY2(programs.join(u' ').contains(program), qPrintable(programs.join(u", "_s)));

    if (verl::olderThanFacts(*checkedAs)) {
        // Nothing is claimed about a release the facts do not reach.
        QCOMPARE(report->checked, 0);
        QCOMPARE(profiler::versionNote(*checkedAs).contains(u"older than every release"_s), true);
        return;
    }
    QCOMPARE(report->checked, report->overrides);
    QStringList found;
    for (const profiler::Finding &f : report->findings) {
        if (f.severity == profiler::Finding::Severity::Error)
            found << f.key;
    }
    QCOMPARE(found, errors);

    // An XFORMERS export that bash runs is read, with the releases it breaks.
    bool exported = false;
    for (const QString &line : text.split(u'\n')) {
        const QString t = line.trimmed();
        exported = exported || (!t.startsWith(u'#') && t.contains(u"VLLM_ATTENTION_BACKEND=XFORMERS"_s));
    }
    const bool warned = std::any_of(report->findings.begin(), report->findings.end(),
                                    [](const profiler::Finding &f) { return f.rule == u"vllm-xformers"; });
    QCOMPARE(warned, exported);
}

QTEST_GUILESS_MAIN(TestLaunchCorpus)
#include "tst_launchcorpus.moc"
