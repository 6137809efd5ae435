// The log analyzer's core: the knowledge base against its samples, schema validation, streaming
// edge cases, Ray/rank attribution, grouping, root-cause ordering and the analyze subcommand.
#include <sys/resource.h>
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include "common/i18n.h"
#include "common/paths.h"
#include "logscan/report.h"
#include "logscan/scanner.h"
#include "support/clirun.h"
#include "support/modelfiles.h"

using namespace Qt::StringLiterals;
using namespace vna;
using namespace vna::logscan;

namespace {

const KnowledgeBase &builtin()
{
    static const KnowledgeBase kb = loadKnowledgeBase();
    return kb;
}

const Matcher &builtinMatcher()
{
    static const Matcher matcher = *Matcher::compile(builtin().entries);
    return matcher;
}

Analysis scanText(const QByteArray &text, ScanOptions options = {})
{
    auto result = analyze({LogInput::pasted(text, u"test.log"_s)}, builtin().entries, builtinMatcher(), options);
    if (!result)
        qFatal("scan failed: %s", qPrintable(result.error().message));
    return *result;
}

QStringList ids(const Analysis &analysis)
{
    QStringList out;
    for (const Finding &finding : analysis.findings)
        out << builtin().entries.at(finding.entry).id;
    return out;
}

const Finding *findingFor(const Analysis &analysis, const QString &id)
{
    for (const Finding &finding : analysis.findings) {
        if (builtin().entries.at(finding.entry).id == id)
            return &finding;
    }
    return nullptr;
}

QJsonObject samples()
{
    QFile file(QStringLiteral(VNA_FIXTURES_DIR "/logscan/samples.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("samples.json missing");
    return QJsonDocument::fromJson(file.readAll()).object();
}

// JSON written with single quotes, so the tests stay readable.
QByteArray q(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}

const QByteArray kOom
    = "(WorkerDict pid=4242, ip=10.0.0.3) [rank3]: RuntimeError: NPU out of memory. Tried to allocate "
      "2.00 GiB (NPU 3; 60.00 GiB total capacity)\n";
const QByteArray kEi0006 = "EI0006: Getting socket times out. Reason: Remote Rank did not send the data in time.\n";

} // namespace

class TestLogScan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QDir(userKnowledgeDir()).removeRecursively(); }

    // A category the shipped entries use has a name in Chinese: the knowledge base's filter and list
    // show names, not ids; a new category without one fails here, not in a user's window.
    void everyShippedCategoryHasAName()
    {
        QVERIFY(i18n::install(u"zh_CN"_s));
        QStringList unnamed;
        for (const QString &category : builtin().categories())
            if (categoryName(category) == category)
                unnamed << category;
        i18n::install(u"en"_s);
        QCOMPARE(unnamed, QStringList());
        QCOMPARE(categoryName(u"upstream-bug"_s), u"upstream bug"_s);
        QCOMPARE(categoryName(u"my-own"_s), u"my-own"_s); // a user's category, as written
    }

    void builtinLoadsClean()
    {
        QCOMPARE(builtin().problems.size(), 0);
        QVERIFY(builtin().entries.size() >= 26);
        const QStringList required{u"bucket-too-small"_s,
                                   u"npu-not-visible"_s,
                                   u"mindspeed-too-old"_s,
                                   u"ckpt-metadata-missing"_s,
                                   u"ckpt-tracker-missing"_s,
                                   u"hydra-ambiguous-sweep"_s,
                                   u"hydra-key-missing"_s,
                                   u"profiler-level-invalid"_s,
                                   u"profiler-contents-invalid"_s,
                                   u"cann-not-sourced"_s,
                                   u"atb-missing"_s,
                                   u"torch-npu-abi-mismatch"_s,
                                   u"unsupported-soc"_s,
                                   u"cann-python-deps"_s,
                                   u"hccl-socket-timeout"_s,
                                   u"hccl-exec-timeout"_s,
                                   u"hccl-port-bind"_s,
                                   u"hccl-init-failed"_s,
                                   u"npu-oom"_s,
                                   u"aicore-timeout"_s,
                                   u"ray-visible-devices-mismatch"_s,
                                   u"rendezvous-timeout"_s,
                                   u"ipc-shm-fallback"_s,
                                   u"vllm-attention-backend-xformers"_s,
                                   u"tensordict-arm"_s,
                                   u"device-busy-container"_s};
        for (const QString &id : required)
            QVERIFY2(builtin().find(id), qPrintable(id));
    }

    // Texts read well whichever indication matched: a ${capture} that an indication does not fill
    // has its own words (${name|words}), never the bare "…" of a value that is not there.
    void textsReadWellWithoutCaptures()
    {
        static const QRegularExpression group(uR"(\(\?P?<([A-Za-z_]\w*)>)"_s);
        const QString missing = u"\u0001missing\u0001"_s;
        for (const Entry &entry : builtin().entries) {
            for (qsizetype i = 0; i < entry.indications.size(); ++i) {
                QList<QPair<QString, QString>> values{
                    {u"file"_s, u"train.log"_s}, {u"line"_s, u"12"_s}, {u"text"_s, u"the line"_s}};
                auto it = group.globalMatch(entry.indications.at(i).regex);
                while (it.hasNext())
                    values.append({it.next().captured(1), u"VALUE"_s});
                for (const LocalizedText *text : {&entry.title, &entry.cause, &entry.fix}) {
                    for (const QString &language : {u"en"_s, u"zh_CN"_s}) {
                        const QString filled = fillPlaceholders(text->in(language), values, missing);
                        QVERIFY2(
                            !filled.contains(missing),
                            qPrintable(u"%1, indication %2 (%3): %4"_s.arg(entry.id).arg(i).arg(language, filled)));
                    }
                }
            }
        }
        // The words after "|" stand in for a missing value, and only then.
        QCOMPARE(fillPlaceholders(u"on ${node|a node}"_s, {}), u"on a node"_s);
        QCOMPARE(fillPlaceholders(u"on ${node|a node}"_s, {{u"node"_s, u"n1"_s}}), u"on n1"_s);
        QCOMPARE(fillPlaceholders(u"on ${node}"_s, {}), u"on …"_s);
        QCOMPARE(fillPlaceholders(u"x${node|}y"_s, {}), u"xy"_s);
        QCOMPARE(fillPlaceholders(u"${a|${b}}"_s, {{u"b"_s, u"2"_s}}), u"2"_s);
        // "?" gives words only when there is a value.
        QCOMPARE(fillPlaceholders(u"w${s? (${s})}."_s, {{u"s"_s, u"[2, 3]"_s}}), u"w ([2, 3])."_s);
        QCOMPARE(fillPlaceholders(u"w${s? (${s})}."_s, {}), u"w."_s);
    }

    // Every entry has samples, so adding an entry without them fails here.
    void everyEntryHasSamples()
    {
        const QJsonObject all = samples();
        for (const Entry &entry : builtin().entries) {
            const QJsonObject one = all.value(entry.id).toObject();
            QVERIFY2(!one.value(u"positive"_s).toArray().isEmpty(), qPrintable(entry.id));
            QVERIFY2(!one.value(u"negative"_s).toArray().isEmpty(), qPrintable(entry.id));
        }
    }

    void sampleLines_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("matches");
        const QJsonObject all = samples();
        for (auto it = all.begin(); it != all.end(); ++it) {
            int n = 0;
            for (const QJsonValue line : it.value().toObject().value(u"positive"_s).toArray())
                QTest::addRow("%s +%d", qPrintable(it.key()), ++n) << it.key() << line.toString() << true;
            n = 0;
            for (const QJsonValue line : it.value().toObject().value(u"negative"_s).toArray())
                QTest::addRow("%s -%d", qPrintable(it.key()), ++n) << it.key() << line.toString() << false;
        }
    }
    void sampleLines()
    {
        QFETCH(QString, id);
        QFETCH(QString, line);
        QFETCH(bool, matches);
        const Analysis analysis = scanText(line.toUtf8() + '\n');
        QCOMPARE(ids(analysis).contains(id), matches);
    }

    void captures_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("tensor") << QByteArray("AssertionError: Weight lm_head.weight(torch.Size([151936, 5120]), "
                                              "torch.bfloat16) is too large to fit in the bucket.")
                                << u"shape"_s << u"torch.Size([151936, 5120])"_s;
        QTest::newRow("dtype") << QByteArray(
            "AssertionError: Weight lm_head.weight(torch.Size([8, 8]), torch.bfloat16) "
            "is too large to fit in the bucket.")
                               << u"dtype"_s << u"torch.bfloat16"_s;
        QTest::newRow("ckpt dir") << QByteArray(
            "Common file /ckpt/run1/global_step_40/actor/dist_ckpt/common.pt does not exist")
                                  << u"dir"_s << u"/ckpt/run1/global_step_40"_s;
        QTest::newRow("port") << QByteArray("host nic listen start failed, port[60001]") << u"port"_s << u"60001"_s;
        QTest::newRow("override") << QByteArray("Ambiguous value for argument 'a.b.contents=npu,cpu'") << u"override"_s
                                  << u"a.b.contents=npu,cpu"_s;
    }
    void captures()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, name);
        QFETCH(QString, value);
        const Analysis analysis = scanText(line + '\n');
        QCOMPARE(analysis.findings.size(), 1);
        const Occurrence &first = analysis.findings.first().first;
        QCOMPARE(first.capture(name), value);
        // The highlight points at the value inside the shown line.
        for (const Capture &capture : first.captures) {
            if (capture.name == name)
                QCOMPARE(first.lines.at(capture.line).mid(capture.start, capture.length), value);
        }
    }

    void schemaErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        const QByteArray texts
            = q("'title':{'en':'t','zh_CN':'t'},'cause':{'en':'c','zh_CN':'c'},'fix':{'en':'f','zh_CN':'f'}");
        const auto file
            = [&](const QByteArray &entry) -> QByteArray { return "{\"schema\":1,\"entries\":[{" + entry + "}]}"; };
        const QByteArray base = q("'id':'x-y',") + texts + q(",'category':'memory','severity':'error'");
        QTest::newRow("not json") << QByteArray("{\"schema\":1,\n\"entries\":[") << u"line 2"_s;
        QTest::newRow("schema") << QByteArray(q("{'schema':2,'entries':[]}")) << u"\"schema\" must be 1"_s;
        QTest::newRow("bad id") << file(q("'id':'Bad_Id'")) << u"field \"id\""_s;
        QTest::newRow("unknown field") << file(base + q(",'indications':[{'keywords':['a']}],'colour':'red'"))
                                       << u"field \"colour\""_s;
        QTest::newRow("missing zh") << file(
            q("'id':'x','title':{'en':'t'},'cause':{'en':'c','zh_CN':'c'},'fix':{'en':'f','zh_CN':'f'},'category':'"
              "memory','severity':'error','indications':[{'keywords':['a']}]"))
                                    << u"field \"title.zh_CN\""_s;
        QTest::newRow("severity") << file(
            q("'id':'x',") + texts + q(",'category':'memory','severity':'fatal','indications':[{'keywords':['a']}]"))
                                  << u"field \"severity\""_s;
        QTest::newRow("no indications") << file(base + q(",'indications':[]")) << u"field \"indications\""_s;
        QTest::newRow("bad regex") << file(base + q(",'indications':[{'keywords':['a']},{'regex':'(abc'}]"))
                                   << u"field \"indications[1].regex\": RE2 rejects"_s;
        QTest::newRow("backreference") << file(base + q(",'indications':[{'regex':'(a)\\\\1'}]"))
                                       << u"indications[0].regex"_s;
        QTest::newRow("matches empty") << file(base + q(",'indications':[{'regex':'x*'}]")) << u"empty line"_s;
        QTest::newRow("both kinds") << file(base + q(",'indications':[{'regex':'a','keywords':['a']}]"))
                                    << u"exactly one"_s;
        QTest::newRow("lines range") << file(base + q(",'indications':[{'regex':'a\\\\nb','lines':40}]"))
                                     << u"indications[0].lines"_s;
        QTest::newRow("newline without lines")
            << file(base + q(",'indications':[{'regex':'a\\\\nb'}]")) << u"\"lines\""_s;
        QTest::newRow("unknown placeholder")
            << file(q("'id':'x','title':{'en':'${tensor}','zh_CN':'t'},'cause':{'en':'c','zh_CN':'c'},'fix':{'en':'f','"
                      "zh_CN':'f'},'category':'memory','severity':'error','indications':[{'regex':'(?P<name>a)'}]"))
            << u"${tensor}"_s;
        QTest::newRow("action tool") << file(base + q(",'indications':[{'keywords':['a']}],'action':{'tool':'rm'}"))
                                     << u"action.tool"_s;
        QTest::newRow("action param") << file(
            base + q(",'indications':[{'keywords':['a']}],'action':{'tool':'bucket','params':{'shape':'x'}}"))
                                      << u"action.params.shape"_s;
        QTest::newRow("reference") << file(
            base + q(",'indications':[{'keywords':['a']}],'references':['file:///etc/passwd']"))
                                   << u"references[0]"_s;
        QTest::newRow("reach") << file(base + q(",'indications':[{'keywords':['a']}],'reach':'cluster'"))
                               << u"field \"reach\": must be job, node or rank"_s;
    }
    void schemaErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const auto entries = parseKnowledgeFile(json, u"team.json"_s);
        QVERIFY(!entries);
        QVERIFY2(entries.error().message.startsWith(u"team.json"_s), qPrintable(entries.error().message));
        QVERIFY2(entries.error().message.contains(expected), qPrintable(entries.error().message));
    }

    // A bad user file is reported and skipped; a good one adds its entries; a taken id is dropped.
    void userKnowledgeFiles()
    {
        const QString dir = userKnowledgeDir();
        QVERIFY(QDir().mkpath(dir));
        test::writeFile(dir + u"/broken.json"_s, "{ not json");
        test::writeFile(
            dir + u"/team.json"_s,
            q("{'schema':1,'entries':["
              "{'id':'team-disk-full','title':{'en':'Disk full','zh_CN':'磁盘已满'},'cause':{'en':'c','zh_CN':'c'},"
              "'fix':{'en':'f','zh_CN':'f'},'category':'environment','severity':'error',"
              "'indications':[{'keywords':['No space left on device']}]},"
              "{'id':'npu-oom','title':{'en':'mine','zh_CN':'mine'},'cause':{'en':'c','zh_CN':'c'},"
              "'fix':{'en':'f','zh_CN':'f'},'category':'memory','severity':'info','indications':[{'keywords':['zzz']}]}"
              "]}"));
        const KnowledgeBase kb = loadKnowledgeBase();
        QCOMPARE(kb.entries.size(), builtin().entries.size() + 1);
        QVERIFY(kb.find(u"team-disk-full"_s));
        QCOMPARE(kb.find(u"npu-oom"_s)->severity, Severity::Critical); // the built-in one stays
        QCOMPARE(kb.problems.size(), 2);
        QVERIFY(kb.problems.at(0).message.contains(u"broken.json"_s));
        QVERIFY(kb.problems.at(1).message.contains(u"npu-oom"_s));
    }

    void streaming_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("blockBytes");
        QTest::addColumn<qint64>("line");
        QTest::addColumn<qint64>("lines");
        const QByteArray noise = "INFO step:1 - actor/pg_loss:0.01 - critic/score/mean:0.5\n";
        QTest::newRow("plain") << noise + kOom << qint64(2 << 20) << qint64(2) << qint64(2);
        QTest::newRow("crlf") << QByteArray(noise).replace("\n", "\r\n") + QByteArray(kOom).replace("\n", "\r\n")
                              << qint64(2 << 20) << qint64(2) << qint64(2);
        QTest::newRow("no final newline") << noise + kOom.chopped(1) << qint64(2 << 20) << qint64(2) << qint64(2);
        QTest::newRow("nul and bad utf-8")
            << QByteArray("a\0b\xff\xfe\n", 7) + kOom << qint64(2 << 20) << qint64(2) << qint64(2);
        QTest::newRow("many small blocks")
            << noise.repeated(5000) + kOom + noise.repeated(100) << qint64(4096) << qint64(5001) << qint64(5101);
        // A 3 MiB line with the error in the middle, read in 4 KiB blocks: cut, never quadratic.
        QByteArray longLine(3 << 20, 'x');
        longLine.insert(1 << 20, " NPU out of memory. Tried to allocate 1.00 GiB ");
        QTest::newRow("very long line") << noise + longLine + '\n' + noise << qint64(2 << 20) << qint64(2) << qint64(3);
        QTest::newRow("empty") << QByteArray() << qint64(4096) << qint64(0) << qint64(0);
    }
    void streaming()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, blockBytes);
        QFETCH(qint64, line);
        QFETCH(qint64, lines);
        ScanOptions options;
        options.blockBytes = blockBytes;
        const Analysis analysis = scanText(text, options);
        QCOMPARE(analysis.files.first().lines, lines);
        QCOMPARE(analysis.files.first().bytes, text.size());
        if (line == 0) {
            QCOMPARE(analysis.findings.size(), 0);
            return;
        }
        QCOMPARE(ids(analysis), QStringList{u"npu-oom"_s});
        QCOMPARE(analysis.findings.first().first.line, line);
        QVERIFY(analysis.findings.first().first.lines.first().size() <= 2002);
        QVERIFY(!analysis.findings.first().first.lines.first().contains(u'\r'));
    }

    // Context lines come from the neighbouring blocks too.
    void contextAcrossBlocks()
    {
        QByteArray text;
        for (int i = 1; i <= 400; ++i)
            text += "line " + QByteArray::number(i) + " of plain noise that fills the block quickly\n";
        const qsizetype at = text.indexOf("line 200 ");
        text.insert(at, kEi0006);
        ScanOptions options;
        options.blockBytes = 4096;
        options.context = 2;
        for (qint64 block : {qint64(4096), qint64(at + 5), qint64(at + 90)}) {
            options.blockBytes = block;
            const Analysis analysis = scanText(text, options);
            QCOMPARE(analysis.findings.size(), 1);
            const Occurrence &first = analysis.findings.first().first;
            QCOMPARE(first.line, 200);
            QCOMPARE(first.before,
                     (QStringList{u"line 198 of plain noise that fills the block quickly"_s,
                                  u"line 199 of plain noise that fills the block quickly"_s}));
            QCOMPARE(first.after,
                     (QStringList{u"line 200 of plain noise that fills the block quickly"_s,
                                  u"line 201 of plain noise that fills the block quickly"_s}));
        }
    }

    void gzipInput()
    {
        QTemporaryDir dir;
        const QByteArray plain = "INFO ok\n" + kOom;
        // Two members, as `cat a.gz b.gz` makes; the name does not say gzip.
        test::writeFile(dir.filePath(u"rank0.log"_s), test::gzip(plain) + test::gzip(kEi0006));
        const auto result
            = analyze({LogInput::file(dir.filePath(u"rank0.log"_s))}, builtin().entries, builtinMatcher());
        QVERIFY(result);
        QCOMPARE(result->files.first().compressed, true);
        QCOMPARE(result->files.first().lines, 3);
        QCOMPARE(ids(*result), (QStringList{u"npu-oom"_s, u"hccl-socket-timeout"_s}));
        QCOMPARE(findingFor(*result, u"hccl-socket-timeout"_s)->first.line, 3);

        test::writeFile(dir.filePath(u"cut.log.gz"_s), test::gzip(plain.repeated(50)).chopped(10));
        const auto cut = analyze({LogInput::file(dir.filePath(u"cut.log.gz"_s))}, builtin().entries, builtinMatcher());
        QVERIFY(!cut);
        QVERIFY2(cut.error().message.contains(u"cut short"_s), qPrintable(cut.error().message));
    }

    // A gzip bomb stops at the inflate ratio, with what was read kept; a real log never does; the
    // limit can be raised or lifted.
    void inflateLimit_data()
    {
        QTest::addColumn<QByteArray>("gz");
        QTest::addColumn<qint64>("ratio");
        QTest::addColumn<bool>("stopped");
        QTest::addColumn<QStringList>("found");

        static const QByteArray bomb = test::gzip(
            kOom + QByteArray("INFO 2025-04-08 18:07:01 heartbeat ok\n").repeated((qint64(20) << 20) / 38) + kEi0006);
        static const QByteArray real = [] {
            QByteArray text = kOom;
            QRandomGenerator random(7);
            while (text.size() < (qint64(20) << 20))
                text += "(TaskRunner pid=" + QByteArray::number(random.bounded(99999))
                    + ") step:" + QByteArray::number(text.size())
                    + " - actor/pg_loss:" + QByteArray::number(random.generateDouble())
                    + " - perf/throughput:" + QByteArray::number(random.bounded(5000)) + "\n";
            return test::gzip(text + kEi0006);
        }();
        const QStringList both{u"npu-oom"_s, u"hccl-socket-timeout"_s};
        QTest::newRow("bomb, default limit") << bomb << kDefaultInflateRatio << true << QStringList{u"npu-oom"_s};
        QTest::newRow("bomb, no limit") << bomb << qint64(0) << false << both;
        QTest::newRow("bomb, limit raised") << bomb << qint64(100000) << false << both;
        QTest::newRow("training log, default limit") << real << kDefaultInflateRatio << false << both;
    }

    void inflateLimit()
    {
        QFETCH(QByteArray, gz);
        QFETCH(qint64, ratio);
        QFETCH(bool, stopped);
        QFETCH(QStringList, found);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"train.log.gz"_s);
        QVERIFY(test::writeFile(path, gz));
        ScanOptions options;
        options.maxInflateRatio = ratio;
        const auto result = analyze({LogInput::file(path)}, builtin().entries, builtinMatcher(), options);
        QVERIFY(result);
        QCOMPARE(result->files.first().stoppedAtLimit, stopped);
        QCOMPARE(ids(*result), found);
        QCOMPARE(stoppedReading(*result, QLocale::c()).size(), stopped ? 1 : 0);
        if (stopped) {
            // What inflate consumed, not what was read ahead: the ratio in the note is the real one.
            QVERIFY(result->files.first().rawBytes > 0 && result->files.first().rawBytes < gz.size());
            QVERIFY(result->files.first().bytes < (qint64(20) << 20));
            QVERIFY(toText(*result, builtin().entries, u"en"_s, 0).contains(u"decompression bomb"_s));
        }
    }

    void cancelStops()
    {
        const std::atomic_bool cancel{true};
        const auto result = analyze({LogInput::pasted(kOom.repeated(1000), u"t"_s)}, builtin().entries,
                                    builtinMatcher(), {}, {}, &cancel);
        QVERIFY(!result);
        QCOMPARE(result.error().message, u"Cancelled."_s);
    }

    // One file per rank on a big cluster: files are opened one at a time, not all at once.
    void manyFiles()
    {
        QTemporaryDir dir;
        QList<LogInput> inputs;
        for (int rank = 0; rank < 1500; ++rank) {
            const QString path = dir.filePath(u"rank%1.log"_s.arg(rank));
            test::writeFile(path, rank == 1234 ? kOom : QByteArray("INFO fine\n"));
            inputs << LogInput::file(path);
        }
        // Fewer descriptors than files, whatever the machine allows.
        rlimit limit{};
        getrlimit(RLIMIT_NOFILE, &limit);
        const rlimit lowered{256, limit.rlim_max};
        setrlimit(RLIMIT_NOFILE, &lowered);
        const auto result = analyze(inputs, builtin().entries, builtinMatcher());
        setrlimit(RLIMIT_NOFILE, &limit);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(result->files.size(), 1500);
        QCOMPARE(ids(*result), QStringList{u"npu-oom"_s});
        QCOMPARE(result->findings.first().first.file, 1234);
    }

    void badInputs_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("regularOnly");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << u"/nonexistent/train.log"_s << false << u"does not exist"_s;
        QTest::newRow("folder") << u"/tmp"_s << false << u"is a folder"_s;
        QTest::newRow("device in the GUI") << u"/dev/zero"_s << true << u"not a regular file"_s;
    }
    void badInputs()
    {
        QFETCH(QString, path);
        QFETCH(bool, regularOnly);
        QFETCH(QString, expected);
        ScanOptions options;
        options.regularFilesOnly = regularOnly;
        const auto result = analyze({LogInput::file(path)}, builtin().entries, builtinMatcher(), options);
        QVERIFY(!result);
        QVERIFY2(result.error().message.contains(expected), qPrintable(result.error().message));
    }

    void describeLine_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("actor");
        QTest::addColumn<QString>("pid");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("rank");
        QTest::addColumn<qint64>("repeated");
        QTest::newRow("worker") << QByteArray("(WorkerDict pid=812, ip=10.0.0.2) [rank3]: boom") << u"WorkerDict"_s
                                << u"812"_s << u"10.0.0.2"_s << u"3"_s << qint64(0);
        QTest::newRow("coloured") << QByteArray("\x1b[36m(TaskRunner pid=77)\x1b[0m step 1") << u"TaskRunner"_s
                                  << u"77"_s << QString() << QString() << qint64(0);
        QTest::newRow("repeated") << QByteArray("(pid=9, ip=10.1.1.1) EI0006 x [repeated 31x across cluster]")
                                  << QString() << u"9"_s << u"10.1.1.1"_s << QString() << qint64(31);
        QTest::newRow("cann") << QByteArray("[ERROR] 2025-04-08-18:07:20 (PID:1292363, Device:1, RankID:1) ERR01100")
                              << QString() << u"1292363"_s << QString() << u"1"_s << qint64(0);
        QTest::newRow("plain parentheses")
            << QByteArray("(note) nothing to see") << QString() << QString() << QString() << QString() << qint64(0);
    }
    void describeLine()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, actor);
        QFETCH(QString, pid);
        QFETCH(QString, node);
        QFETCH(QString, rank);
        QFETCH(qint64, repeated);
        const LineInfo info
            = logscan::describeLine(std::string_view(line.constData(), static_cast<size_t>(line.size())));
        QCOMPARE(info.actor, actor);
        QCOMPARE(info.pid, pid);
        QCOMPARE(info.node, node);
        QCOMPARE(info.rank, rank);
        QCOMPARE(info.repeated, repeated);
    }

    void times_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<qint64>("expected");
        const qint64 base = 1744135640000; // 2025-04-08 18:07:20 as written
        QTest::newRow("plog") << QByteArray("EI0006: [PID: 1] 2025-04-08-18:07:20.444.436 Getting") << base + 444;
        QTest::newRow("python") << QByteArray("2025-04-08 18:07:20,123 INFO x") << base + 123;
        QTest::newRow("iso") << QByteArray("ts=2025-04-08T18:07:20 msg") << base;
        QTest::newRow("none") << QByteArray("INFO 04-08 18:07:20 vllm") << qint64(-1);
        QTest::newRow("bad month") << QByteArray("2025-13-08 18:07:20") << qint64(-1);
    }
    void times()
    {
        QFETCH(QByteArray, line);
        QFETCH(qint64, expected);
        QCOMPARE(parseTime(std::string_view(line.constData(), static_cast<size_t>(line.size()))), expected);
    }

    // 64 echoes of one timeout become one finding with a count and the ranks it was seen on.
    void echoesGrouped()
    {
        QByteArray text;
        for (int rank = 0; rank < 64; ++rank)
            text += "(WorkerDict pid=" + QByteArray::number(1000 + rank) + ", ip=10.0.0." + QByteArray::number(rank / 8)
                + ") [rank" + QByteArray::number(rank) + "]: EI0006: [PID: " + QByteArray::number(5000 + rank)
                + "] 2025-04-08-18:07:" + QByteArray::number(10 + rank % 40)
                + ".444.436 Getting socket times out. Reason: Remote Rank did not send the data in time.\n";
        text += "(WorkerDict pid=1, ip=10.0.0.9) EI0006: Getting socket times out. [repeated 10x across cluster]\n";
        const Analysis analysis = scanText(text);
        // Ray's repeat line words it otherwise, but it is the same error a line later: one finding.
        QCOMPARE(analysis.findings.size(), 1);
        const Finding &timeouts = analysis.findings.first();
        QCOMPARE(timeouts.count, 74);
        QCOMPARE(timeouts.ranks.size(), 64);
        QCOMPARE(timeouts.nodes.size(), 9);
        QCOMPARE(timeouts.first.info.rank, u"0"_s);
    }

    // One rank runs out of memory; every other rank then times out: the OOM is the root cause even
    // though its file comes second, because the lines carry times.
    void rootCauseAcrossFiles()
    {
        QTemporaryDir dir;
        QByteArray rank0;
        for (int i = 0; i < 3; ++i)
            rank0 += "[rank0]: EI0006: [PID: 11] 2025-04-08-18:37:2" + QByteArray::number(i)
                + ".000.000 Getting socket times out. Reason: Remote Rank did not send the data in time.\n";
        const QByteArray rank3 = "2025-04-08 18:07:19,500 INFO loading\n" + kOom;
        test::writeFile(dir.filePath(u"rank0.log"_s), rank0);
        test::writeFile(dir.filePath(u"rank3.log"_s), rank3);
        const auto result
            = analyze({LogInput::file(dir.filePath(u"rank0.log"_s)), LogInput::file(dir.filePath(u"rank3.log"_s))},
                      builtin().entries, builtinMatcher());
        QVERIFY(result);
        QCOMPARE(result->timeline, true);
        QCOMPARE(ids(*result), (QStringList{u"npu-oom"_s, u"hccl-socket-timeout"_s}));
        QCOMPARE(result->findings.at(0).rootCause(), true);
        QCOMPARE(result->findings.at(0).first.file, 1);
        QCOMPARE(result->findings.at(1).symptomOf, u"npu-oom"_s);
        QCOMPARE(result->findings.at(1).count, 3);

        // Without times the order is the files' order, and nothing came earlier than the timeouts.
        const Analysis untimed = scanText(kEi0006 + kOom);
        QCOMPARE(ids(untimed), (QStringList{u"hccl-socket-timeout"_s, u"npu-oom"_s}));
        QCOMPARE(untimed.findings.at(0).rootCause(), true);
        QCOMPARE(untimed.findings.at(1).rootCause(), true);
    }

    // A symptom is linked to its cause only where it can show: anywhere in the job, on the cause's
    // node, or on its rank, as the effect's entry says; where a line does not say, it may be.
    void reach_data()
    {
        QTest::addColumn<QString>("reach");
        QTest::addColumn<QByteArray>("effectLine");
        QTest::addColumn<bool>("symptom");

        const QByteArray otherNode = "(WorkerDict pid=2, ip=10.0.0.2) [rank5]: EFFECT happened\n";
        const QByteArray sameNode = "(WorkerDict pid=2, ip=10.0.0.1) [rank5]: EFFECT happened\n";
        const QByteArray sameRank = "(WorkerDict pid=2, ip=10.0.0.2) [rank1]: EFFECT happened\n";
        const QByteArray unknown = "EFFECT happened\n";
        QTest::newRow("job, other node") << u"job"_s << otherNode << true;
        QTest::newRow("node, other node") << u"node"_s << otherNode << false;
        QTest::newRow("node, same node") << u"node"_s << sameNode << true;
        QTest::newRow("node, line without node") << u"node"_s << unknown << true;
        QTest::newRow("rank, other rank") << u"rank"_s << sameNode << false;
        QTest::newRow("rank, same rank") << u"rank"_s << sameRank << true;
    }

    void reach()
    {
        QFETCH(QString, reach);
        QFETCH(QByteArray, effectLine);
        QFETCH(bool, symptom);
        const QByteArray entry = q("'title':{'en':'t','zh_CN':'t'},'cause':{'en':'c','zh_CN':'c'},'fix':{'en':'f',"
                                   "'zh_CN':'f'},'category':'runtime','severity':'error'");
        const auto entries = parseKnowledgeFile(
            "{\"schema\":1,\"entries\":[{" + q("'id':'cause',") + entry
                + q(",'indications':[{'keywords':['CAUSE']}],'leads_to':['effect']},{'id':'effect',") + entry
                + q(",'indications':[{'keywords':['EFFECT']}],'reach':'") + reach.toUtf8() + "\"}]}",
            u"t.json"_s);
        QVERIFY2(entries, entries ? "" : qPrintable(entries.error().message));
        QCOMPARE(entries->at(1).toJson().value(u"reach"_s).toString(), reach);
        const auto matcher = Matcher::compile(*entries);
        QVERIFY(matcher);
        const QByteArray text = "(WorkerDict pid=1, ip=10.0.0.1) [rank1]: CAUSE happened\n" + effectLine;
        const auto result = analyze({LogInput::pasted(text, u"t"_s)}, *entries, *matcher);
        QVERIFY(result);
        QCOMPARE(result->findings.size(), 2);
        QCOMPARE(result->findings.at(1).symptomOf, symptom ? u"cause"_s : QString());
    }

    void multiLineIndication()
    {
        const auto entries
            = parseKnowledgeFile(q("{'schema':1,'entries':[{'id':'two-lines','title':{'en':'t','zh_CN':'t'},"
                                   "'cause':{'en':'${what}','zh_CN':'c'},'fix':{'en':'f','zh_CN':'f'},'category':'"
                                   "runtime','severity':'error',"
                                   "'indications':[{'regex':'Traceback \\\\(most recent call "
                                   "last\\\\):\\\\n.*(?P<what>fatal_step)','lines':2}]}]}"),
                                 u"t.json"_s);
        QVERIFY2(entries, entries ? "" : qPrintable(entries.error().message));
        const auto matcher = Matcher::compile(*entries);
        QVERIFY(matcher);
        QByteArray text;
        for (int i = 0; i < 300; ++i)
            text += "noise line " + QByteArray::number(i) + "\n";
        const qsizetype at = text.size();
        text += "Traceback (most recent call last):\n  File x.py in fatal_step\nnoise\n";
        for (qint64 block : {qint64(1 << 20), qint64(at + 10), qint64(at + 40)}) {
            ScanOptions options;
            options.blockBytes = block;
            const auto result = analyze({LogInput::pasted(text, u"t"_s)}, *entries, *matcher, options);
            QVERIFY(result);
            QCOMPARE(result->findings.size(), 1);
            QCOMPARE(result->findings.first().first.line, 301);
            QCOMPARE(result->findings.first().first.lines.size(), 2);
            QCOMPARE(result->findings.first().first.capture(u"what"_s), u"fatal_step"_s);
        }
    }

    void actionsAndSearch()
    {
        const Analysis analysis = scanText(
            "Common file /ckpt/global_step_40/actor/dist_ckpt/common.pt does not exist\n"
            "2025-01-01 10:00:00 [rank2]: Ambiguous value for argument 'a.contents=npu,cpu' at 0x7f00aa pid 4242\n");
        const Finding *ckpt = findingFor(analysis, u"ckpt-metadata-missing"_s);
        QVERIFY(ckpt);
        const auto action = linkFor(*builtin().find(u"ckpt-metadata-missing"_s), *ckpt, analysis);
        QVERIFY(action);
        QCOMPARE(action->tool, u"sync"_s);
        QCOMPARE(action->param(u"folder"_s), u"/ckpt/global_step_40"_s);
        QCOMPARE(action->origin, u"test.log:1"_s);
        QCOMPARE(commandLine(*action), u"verl-npu-assistant sync --checkpoint /ckpt/global_step_40 --nodes NODES"_s);

        const Finding *sweep = findingFor(analysis, u"hydra-ambiguous-sweep"_s);
        QVERIFY(sweep);
        const QString query = issueSearchUrl(*sweep).query(QUrl::FullyDecoded);
        QVERIFY2(query.contains(u"Ambiguous value for argument"_s), qPrintable(query));
        for (const QString &gone : {u"2025"_s, u"0x7f"_s, u"4242"_s, u"rank2"_s})
            QVERIFY2(!query.contains(gone), qPrintable(query));

        // Environment checks go to the node Ray says logged the failure.
        const Analysis onNode = scanText("(WorkerDict pid=7, ip=10.0.0.2) EI0006: Getting socket times out.\n");
        const auto envLink = linkFor(*builtin().find(u"hccl-socket-timeout"_s), onNode.findings.first(), onNode);
        QVERIFY(envLink);
        QCOMPARE(commandLine(*envLink), u"verl-npu-assistant diagnose --hosts 10.0.0.2"_s);

        // A capture that is missing leaves the parameter out instead of inventing a value.
        const Analysis bare = scanText("FileNotFoundError: Common file common.pt does not exist\n");
        const auto none = linkFor(*builtin().find(u"ckpt-metadata-missing"_s), bare.findings.first(), bare);
        QVERIFY(none);
        QCOMPARE(none->params.size(), 0);
    }

    void explanationLanguages()
    {
        const Analysis analysis = scanText(kOom);
        const Entry &entry = builtin().entries.at(analysis.findings.first().entry);
        QCOMPARE(explain(entry, analysis.findings.first(), analysis, u"en"_s).cause.contains(u"2.00 GiB"_s), true);
        const Explanation zh = explain(entry, analysis.findings.first(), analysis, u"zh_CN"_s);
        QVERIFY(zh.title.contains(u"显存"_s));
        QVERIFY(zh.cause.contains(u"2.00 GiB"_s));
    }

    void cliAnalyze()
    {
        QTemporaryDir dir;
        test::writeFile(dir.filePath(u"a.log"_s), "INFO fine\n" + kOom + kEi0006);
        test::writeFile(dir.filePath(u"clean.log"_s), "INFO fine\n");

        const auto clean = test::runCli({u"analyze"_s, dir.filePath(u"clean.log"_s)});
        QCOMPARE(clean.code, ExitCode::Ok);
        QVERIFY(clean.out.contains(u"No known problem"_s));

        const auto json = test::runCli({u"analyze"_s, u"--json"_s, dir.filePath(u"a.log"_s)});
        QCOMPARE(json.code, ExitCode::Problems);
        const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
        const QJsonArray findings = root.value(u"findings"_s).toArray();
        QCOMPARE(findings.size(), 2);
        const QJsonObject oom = findings.at(0).toObject();
        for (const QString &key : {u"id"_s, u"title"_s, u"severity"_s, u"category"_s, u"file"_s, u"line"_s, u"text"_s,
                                   u"captures"_s, u"count"_s, u"first_line"_s, u"node"_s, u"rank"_s, u"root_cause"_s,
                                   u"symptom_of"_s, u"cause"_s, u"fix"_s, u"action"_s})
            QVERIFY2(oom.contains(key), qPrintable(key));
        QCOMPARE(oom.value(u"id"_s).toString(), u"npu-oom"_s);
        QCOMPARE(oom.value(u"line"_s).toInt(), 2);
        QCOMPARE(oom.value(u"node"_s).toString(), u"10.0.0.3"_s);
        QCOMPARE(oom.value(u"rank"_s).toString(), u"3"_s);
        QCOMPARE(oom.value(u"captures"_s).toObject().value(u"size"_s).toString(), u"2.00 GiB"_s);
        QCOMPARE(findings.at(1).toObject().value(u"symptom_of"_s).toString(), u"npu-oom"_s);
        QCOMPARE(findings.at(1).toObject().value(u"root_cause"_s).toBool(), false);
        QCOMPARE(root.value(u"files"_s).toArray().first().toObject().value(u"lines"_s).toInt(), 3);
        QVERIFY(root.contains(u"elapsed_ms"_s));

        const auto limited
            = test::runCli({u"analyze"_s, u"--json"_s, u"--max-findings"_s, u"1"_s, dir.filePath(u"a.log"_s)});
        QCOMPARE(QJsonDocument::fromJson(limited.out.toUtf8()).object().value(u"findings"_s).toArray().size(), 1);

        QVERIFY(i18n::install(u"zh_CN"_s));
        const auto zh = test::runCli({u"analyze"_s, dir.filePath(u"a.log"_s)});
        i18n::install(u"en"_s);
        QVERIFY2(zh.out.contains(u"NPU 显存不足"_s), qPrintable(zh.out));

        // The inflate limit: said on standard error with the option that lifts it, which works.
        const QByteArray bomb = test::gzip(QByteArray("INFO heartbeat ok\n").repeated(qint64(18) << 20 >> 4) + kOom);
        test::writeFile(dir.filePath(u"bomb.gz"_s), bomb);
        const auto stopped = test::runCli({u"analyze"_s, dir.filePath(u"bomb.gz"_s)});
        QCOMPARE(stopped.code, ExitCode::Ok);
        QVERIFY2(stopped.out.contains(u"Stopped reading"_s), qPrintable(stopped.out));
        QVERIFY2(stopped.err.contains(u"--max-gzip-ratio 0"_s), qPrintable(stopped.err));
        const auto whole = test::runCli({u"analyze"_s, u"--max-gzip-ratio"_s, u"0"_s, dir.filePath(u"bomb.gz"_s)});
        QCOMPARE(whole.code, ExitCode::Problems);
        QVERIFY(!whole.out.contains(u"Stopped reading"_s));
        QCOMPARE(test::runCli({u"analyze"_s, u"--max-gzip-ratio"_s, u"lots"_s, dir.filePath(u"bomb.gz"_s)}).code,
                 ExitCode::Usage);

        const auto missing = test::runCli({u"analyze"_s, dir.filePath(u"nope.log"_s)});
        QCOMPARE(missing.code, ExitCode::Usage);
        QVERIFY(missing.err.contains(u"does not exist"_s));
        QCOMPARE(test::runCli({u"analyze"_s}).code, ExitCode::Usage);
        QCOMPARE(test::runCli({u"analyze"_s, u"--max-findings"_s, u"-1"_s, dir.filePath(u"a.log"_s)}).code,
                 ExitCode::Usage);
        // A device or a FIFO could be read forever: refused, with the way that works.
        QVERIFY(::mkfifo(QFile::encodeName(dir.filePath(u"fifo"_s)).constData(), 0600) == 0);
        for (const QString &special : {u"/dev/zero"_s, dir.filePath(u"fifo"_s)}) {
            const auto refused = test::runCli({u"analyze"_s, special});
            QCOMPARE(refused.code, ExitCode::Usage);
            QVERIFY2(refused.err.contains(u"not a regular file"_s) && refused.err.contains(u"analyze -"_s),
                     qPrintable(refused.err));
            QCOMPARE(test::runCli({u"analyze"_s, u"--test-pattern"_s, u"x"_s, special}).code, ExitCode::Usage);
        }
    }

    void cliKnowledgeBase()
    {
        const auto list = test::runCli({u"analyze"_s, u"--list-kb"_s});
        QCOMPARE(list.code, ExitCode::Ok);
        QVERIFY(list.out.contains(u"bucket-too-small"_s));
        const auto json = test::runCli({u"analyze"_s, u"--list-kb"_s, u"--json"_s});
        QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"entries"_s).toArray().size(),
                 builtin().entries.size());

        QTemporaryDir dir;
        test::writeFile(dir.filePath(u"extra.json"_s),
                        q("{'schema':1,'entries':[{'id':'disk-full',"
                          "'title':{'en':'Disk "
                          "full','zh_CN':'磁盘已满'},'cause':{'en':'c','zh_CN':'c'},'fix':{'en':'f','zh_CN':'f'},"
                          "'category':'environment','severity':'error','indications':[{'keywords':['No space left on "
                          "device']}]}]}"));
        test::writeFile(dir.filePath(u"bad.json"_s), q("{'schema':1,'entries':[{'id':'x'}]}"));
        test::writeFile(dir.filePath(u"a.log"_s), "OSError: [Errno 28] No space left on device\n");
        const auto extra = test::runCli({u"analyze"_s, u"--kb"_s, dir.filePath(u"extra.json"_s), u"--kb"_s,
                                         dir.filePath(u"bad.json"_s), dir.filePath(u"a.log"_s)});
        QCOMPARE(extra.code, ExitCode::Problems);
        QVERIFY(extra.out.contains(u"[disk-full]"_s));
        QVERIFY2(extra.err.contains(u"bad.json"_s), qPrintable(extra.err));
    }

    void cliTestPattern()
    {
        QTemporaryDir dir;
        test::writeFile(dir.filePath(u"a.log"_s), "x\nport[60000] busy\nport[60001] busy\n");
        const auto hit = test::runCli(
            {u"analyze"_s, u"--test-pattern"_s, u"port\\[(?P<port>\\d+)\\]"_s, dir.filePath(u"a.log"_s)});
        QCOMPARE(hit.code, ExitCode::Ok);
        QVERIFY2(hit.out.contains(u":2: port[60000] busy"_s), qPrintable(hit.out));
        QVERIFY(hit.out.contains(u"${port} = 60000"_s));
        QVERIFY(hit.out.contains(u"Matching lines: 2."_s));
        const auto none
            = test::runCli({u"analyze"_s, u"--test-pattern"_s, u"nothing here"_s, dir.filePath(u"a.log"_s)});
        QCOMPARE(none.code, ExitCode::Problems);
        const auto bad = test::runCli({u"analyze"_s, u"--test-pattern"_s, u"port[("_s, dir.filePath(u"a.log"_s)});
        QCOMPARE(bad.code, ExitCode::Usage);
        QVERIFY2(bad.err.contains(u"RE2"_s), qPrintable(bad.err));
    }
};

QTEST_GUILESS_MAIN(TestLogScan)
#include "tst_logscan.moc"
