// The matcher's two engines: the literal prefilter (FilteredRE2's atoms found by Vectorscan, RE2 on
// the lines they point to) must report exactly what RE2's sets alone report, hit for hit and capture
// for capture, on every sample line and every real excerpt, and route each kind of pattern to the
// engine that can find it (no atoms, letters whose case only RE2 folds, several lines).
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "logscan/knowledgebase.h"
#include "logscan/matcher.h"

using namespace Qt::StringLiterals;
using namespace vna::logscan;

namespace {

const KnowledgeBase &builtin()
{
    static const KnowledgeBase kb = loadKnowledgeBase();
    return kb;
}

// A hit as text, so QCOMPARE shows what differs.
QStringList describe(const std::vector<RawHit> &hits, const QByteArray &text)
{
    QStringList out;
    for (const RawHit &hit : hits) {
        QString line = u"%1@%2-%3"_s.arg(hit.indication).arg(hit.begin).arg(hit.end);
        for (const auto &[name, begin, end] : hit.captures)
            line += u" %1=%2"_s.arg(
                QString::fromStdString(name),
                QString::fromUtf8(text.mid(static_cast<qsizetype>(begin), static_cast<qsizetype>(end - begin))));
        out << line;
    }
    return out;
}

struct Engines
{
    Matcher fast;
    Matcher reference;

    explicit Engines(const QList<Entry> &entries)
        : fast(compiled(entries, Matcher::Engine::Fastest))
        , reference(compiled(entries, Matcher::Engine::Re2))
    {}

    // Both over `text`, with the own part starting at `ownStart`.
    QPair<QStringList, QStringList> scan(const QByteArray &text, size_t ownStart = 0) const
    {
        const std::string_view block(text.constData(), static_cast<size_t>(text.size()));
        return {describe(fast.scan(block, ownStart), text), describe(reference.scan(block, ownStart), text)};
    }

private:
    static Matcher compiled(const QList<Entry> &entries, Matcher::Engine engine)
    {
        auto matcher = Matcher::compile(entries, engine);
        if (!matcher)
            qFatal("the patterns do not compile: %s", qPrintable(matcher.error().message));
        return *matcher;
    }
};

const Engines &builtinEngines()
{
    static const Engines engines(builtin().entries);
    return engines;
}

QList<Entry> entriesFor(const QStringList &patterns, int lines = 1)
{
    QList<Entry> entries;
    for (const QString &pattern : patterns) {
        Entry entry;
        entry.id = u"rule-%1"_s.arg(entries.size());
        entry.origin = u"test.json"_s;
        Indication indication;
        indication.regex = pattern;
        indication.lines = lines;
        entry.indications << indication;
        entries << entry;
    }
    return entries;
}

int allIndications()
{
    int count = 0;
    for (const Entry &entry : builtin().entries)
        count += static_cast<int>(entry.indications.size());
    return count;
}

} // namespace

class TestLogMatcher : public QObject
{
    Q_OBJECT

private slots:
    // The knowledge base's rules all have literals, multi-line ones too, so none costs a second pass over
    // every block.
    void builtinIsPrefiltered()
    {
        const auto matcher = Matcher::compile(builtin().entries);
        QVERIFY(matcher);
        QCOMPARE(matcher->prefiltered(), allIndications());
        const auto reference = Matcher::compile(builtin().entries, Matcher::Engine::Re2);
        QVERIFY(reference);
        QCOMPARE(reference->prefiltered(), 0);
    }

    void routing_data()
    {
        QTest::addColumn<QStringList>("patterns");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("lines");
        QTest::addColumn<int>("prefiltered");
        QTest::addColumn<int>("hits");

        const QByteArray noise = "step:1 - actor/pg_loss:0.1\nINFO loading weights\n";
        QTest::newRow("literal, two lines hold it")
            << QStringList{u"error code is (?P<code>\\d+)"_s} << noise + "x error code is 507014\ny\nerror code is 7"
            << 1 << 1 << 2;
        QTest::newRow("atom found in any case, regex decides")
            << QStringList{u"Error Code"_s} << noise + "ERROR CODE\nError Code\nerror code\n"
            << 1 << 1 << 1;
        QTest::newRow("(?i) rule, upper-case text")
            << QStringList{u"(?i)hccl function error"_s} << noise + "HCCL FUNCTION ERROR: 7\n"
            << 1 << 1 << 1;
        QTest::newRow("no literal: RE2 set") << QStringList{u"[0-9]{6}\\b"_s} << noise + "code 507014 here\n"
                                             << 1 << 0 << 1;
        QTest::newRow("Cyrillic case: RE2 set")
            << QStringList{u"(?i)ошибка устройства"_s} << noise + "ОШИБКА УСТРОЙСТВА 3\n"
            << 1 << 0 << 1;
        QTest::newRow("Chinese has no case: prefiltered")
            << QStringList{u"内存不足"_s} << noise + "[ERROR] 设备内存不足，退出\n"
            << 1 << 1 << 1;
        QTest::newRow("two lines: prefiltered, read around the atom")
            << QStringList{u"Traceback \\(most recent call last\\):\\n.*fatal"_s}
            << noise + "Traceback (most recent call last):\n  fatal step\n"
            << 2 << 1 << 1;
        // The atom "in rebuild_ipc\n" ends with its line's newline (a scan that looked for the line's end
        // after it never moved on).
        QTest::newRow("two lines: atom ends with the newline")
            << QStringList{u"line \\d+, in rebuild_ipc\\n[^\\n]*func\\("_s}
            << noise + "  File \"b.py\", line 54, in rebuild_ipc\n    buffer = func(*args)\nTypeError: x\n"
            << 2 << 1 << 1;
        QTest::newRow("two lines: atom on the second line")
            << QStringList{u"(?m)^[^\\n]*\\n\\s+buffer = renamed_function\\("_s}
            << noise + "  File \"b.py\", line 54, in rebuild\n    buffer = renamed_function(x)\n"
            << 2 << 1 << 1;
        QTest::newRow("two lines: no literal, RE2 set")
            << QStringList{u"[0-9]{6}\\n[0-9]{6}"_s} << noise + "123456\n654321\n"
            << 2 << 0 << 1;
        QTest::newRow("atom twice on a line, one hit")
            << QStringList{u"timed out after (?P<s>\\d+)"_s} << noise + "timed out after 5 (timed out after 6)\n"
            << 1 << 1 << 1;
        QTest::newRow("atoms of several rules on one line")
            << QStringList{u"npu out of memory"_s, u"(?i)NPU out of memory\\. Tried to allocate (?P<size>\\S+)"_s}
            << noise + "RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB\n"
            << 1 << 2 << 1;
        QTest::newRow("last line without newline")
            << QStringList{u"lost heartbeat"_s} << noise + "reason=lost heartbeat" << 1 << 1 << 1;
        QTest::newRow("invalid UTF-8 around the atom")
            << QStringList{u"device not found"_s} << noise + "\xff\xfe device not found \xc3\n\x80\x80\n"
            << 1 << 1 << 1;
        QTest::newRow("atom present, rule does not match")
            << QStringList{u"error code is (?P<code>\\d+)"_s} << noise + "error code is unknown\n"
            << 1 << 1 << 0;
        QTest::newRow("anchored rule") << QStringList{u"^E39999: (?P<what>.+)$"_s}
                                       << noise + "xE39999: no\nE39999: inner error\n"
                                       << 1 << 1 << 1;
    }

    void routing()
    {
        QFETCH(QStringList, patterns);
        QFETCH(QByteArray, text);
        QFETCH(int, lines);
        QFETCH(int, prefiltered);
        QFETCH(int, hits);
        const QList<Entry> entries = entriesFor(patterns, lines);
        const auto matcher = Matcher::compile(entries);
        QVERIFY(matcher);
        QCOMPARE(matcher->prefiltered(), prefiltered);
        const auto [fast, reference] = Engines(entries).scan(text);
        QCOMPARE(fast, reference);
        QCOMPARE(fast.size(), hits);
    }

    // Every sample line of the knowledge base, alone and after some lines the scan does not own.
    void builtinSamples_data()
    {
        QTest::addColumn<QByteArray>("text");
        QFile file(QStringLiteral(VNA_FIXTURES_DIR "/logscan/samples.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject samples = QJsonDocument::fromJson(file.readAll()).object();
        for (auto it = samples.begin(); it != samples.end(); ++it) {
            for (const QString &kind : {u"positive"_s, u"negative"_s}) {
                int n = 0;
                for (const QJsonValue line : it.value().toObject().value(kind).toArray())
                    QTest::addRow("%s %s %d", qPrintable(it.key()), qPrintable(kind), n++) << line.toString().toUtf8();
            }
        }
    }

    void builtinSamples()
    {
        QFETCH(QByteArray, text);
        const QByteArray before = "INFO earlier line that the previous block owns\n";
        for (const size_t ownStart : {size_t(0), static_cast<size_t>(before.size())}) {
            const auto [fast, reference] = builtinEngines().scan(before + text + '\n', ownStart);
            QCOMPARE(fast, reference);
        }
    }

    // The real excerpts, whole.
    void realExcerpts_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(VNA_FIXTURES_DIR "/logs/real"));
        const QStringList files = dir.entryList({u"*.log"_s}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 60);
        for (const QString &name : files)
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }

    void realExcerpts()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto [fast, reference] = builtinEngines().scan(file.readAll());
        QCOMPARE(fast, reference);
    }
};

QTEST_GUILESS_MAIN(TestLogMatcher)
#include "tst_logmatcher.moc"
