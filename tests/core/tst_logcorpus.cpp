// The log analyzer on real logs: excerpts pasted in public issue threads (verl, vllm-ascend, sglang,
// torch_npu, MindSpeed, Ray, CANN's documentation), machine output only, each with its thread and the
// knowledge-base ids a correct analysis must report, decided by reading the excerpt before the
// analyzer ran (tests/fixtures/logs/real/manifest.jsonl). Healthy logs give nothing; one error gives
// one finding; what the manifest expects is reported as a root cause; and over the whole corpus
// recall and precision stay above their goals.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include "logscan/knowledgebase.h"
#include "logscan/matcher.h"
#include "logscan/scanner.h"

using namespace Qt::StringLiterals;
using namespace vna::logscan;

namespace {

constexpr double kRecallGoal = 0.95;
constexpr double kPrecisionGoal = 0.98;

const QString kDir = QStringLiteral(VNA_FIXTURES_DIR "/logs/real");

struct Excerpt
{
    QString file;
    QString source;
    QStringList expected;
    bool healthy = false;
};

QList<Excerpt> manifest()
{
    QFile file(kDir + u"/manifest.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the corpus manifest");
    QList<Excerpt> out;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Excerpt e{o.value(u"file"_s).toString(), o.value(u"source"_s).toString(), {}, o.value(u"healthy"_s).toBool()};
        for (const QJsonValue v : o.value(u"expected"_s).toArray())
            e.expected << v.toString();
        out << e;
    }
    return out;
}

const KnowledgeBase &builtin()
{
    static const KnowledgeBase kb = loadKnowledgeBase();
    return kb;
}

Analysis scan(const QString &file)
{
    static const Matcher matcher = *Matcher::compile(builtin().entries);
    auto result = analyze({LogInput::file(kDir + u'/' + file)}, builtin().entries, matcher);
    if (!result)
        qFatal("scan of %s failed: %s", qPrintable(file), qPrintable(result.error().message));
    return *result;
}

QString idOf(const Finding &finding)
{
    return builtin().entries.at(finding.entry).id;
}

} // namespace

Q_DECLARE_METATYPE(Excerpt)

class TestLogCorpus final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void manifestIsWhole();
    void excerpt_data();
    void excerpt();
    void recallAndPrecision();
};

void TestLogCorpus::manifestIsWhole()
{
    const QList<Excerpt> all = manifest();
    QVERIFY2(all.size() >= 60, qPrintable(QString::number(all.size())));
    QSet<QString> listed;
    int healthy = 0;
    for (const Excerpt &e : all) {
        listed.insert(e.file);
        healthy += e.healthy;
        QVERIFY2(QFile::exists(kDir + u'/' + e.file), qPrintable(e.file));
        QVERIFY2(e.source.startsWith(u"https://"_s), qPrintable(e.file));
        QVERIFY2(!e.healthy || e.expected.isEmpty(), qPrintable(e.file));
        for (const QString &id : e.expected)
            QVERIFY2(builtin().find(id), qPrintable(e.file + u": "_s + id));
    }
    QVERIFY(healthy >= 10);
    for (const QString &file : QDir(kDir).entryList({u"*.log"_s}, QDir::Files))
        QVERIFY2(listed.contains(file), qPrintable(file + u" is not in the manifest"_s));
}

void TestLogCorpus::excerpt_data()
{
    QTest::addColumn<Excerpt>("excerpt");
    for (const Excerpt &e : manifest())
        QTest::addRow("%s", qPrintable(e.file)) << e;
}

void TestLogCorpus::excerpt()
{
    QFETCH(Excerpt, excerpt);
    const Analysis analysis = scan(excerpt.file);
    QStringList ids;
    for (const Finding &finding : analysis.findings)
        ids << idOf(finding);
    // One error, one finding: an excerpt holds each failure once.
    QStringList distinct = ids;
    distinct.removeDuplicates();
    QCOMPARE(ids, distinct);
    if (excerpt.healthy) {
        QCOMPARE(ids, QStringList());
        return;
    }
    // What the excerpt proves is reported as a root cause, or as the symptom of another failure it
    // proves (a port that cannot be bound, then a socket timeout), never of something else.
    for (const Finding &finding : analysis.findings)
        if (excerpt.expected.contains(idOf(finding)))
            QVERIFY2(finding.rootCause() || excerpt.expected.contains(finding.symptomOf),
                     qPrintable(idOf(finding) + u" is marked a symptom of "_s + finding.symptomOf));
}

void TestLogCorpus::recallAndPrecision()
{
    int expected = 0, found = 0, reported = 0, right = 0;
    QStringList missed, extra;
    for (const Excerpt &e : manifest()) {
        const Analysis analysis = scan(e.file);
        QSet<QString> all, roots;
        for (const Finding &finding : analysis.findings) {
            all.insert(idOf(finding));
            if (finding.rootCause())
                roots.insert(idOf(finding));
        }
        for (const QString &id : e.expected) {
            ++expected;
            if (all.contains(id))
                ++found;
            else
                missed << e.file + u": "_s + id;
        }
        // A symptom the knowledge base traces to a root cause is detail, not a claim of its own.
        for (const QString &id : roots) {
            ++reported;
            if (e.expected.contains(id))
                ++right;
            else
                extra << e.file + u": "_s + id;
        }
    }
    const double recall = expected ? double(found) / expected : 1.0;
    const double precision = reported ? double(right) / reported : 1.0;
    qInfo("corpus: recall %.1f %% (%d of %d expected ids), precision %.1f %% (%d of %d root causes)", 100 * recall,
          found, expected, 100 * precision, right, reported);
    for (const QString &m : missed)
        qInfo("missed: %s", qPrintable(m));
    for (const QString &x : extra)
        qInfo("not expected: %s", qPrintable(x));
    QVERIFY2(recall >= kRecallGoal, qPrintable(u"recall %1"_s.arg(recall)));
    QVERIFY2(precision >= kPrecisionGoal, qPrintable(u"precision %1"_s.arg(precision)));
}

QTEST_GUILESS_MAIN(TestLogCorpus)
#include "tst_logcorpus.moc"
