// The error and warning lines of a log (logscan/errorlines.h): which lines say they are one, their shape
// (the same warning on every rank is one group), the traceback above an exception, and how the scan
// collects them: grouped with a count, a short input read line by line, a long one by its level words.
#include <QTest>

#include "logscan/errorlines.h"
#include "logscan/knowledgebase.h"
#include "logscan/matcher.h"
#include "logscan/scanner.h"

using namespace Qt::StringLiterals;
using namespace vna::logscan;

namespace {

std::string_view view(const QByteArray &bytes)
{
    return {bytes.constData(), static_cast<size_t>(bytes.size())};
}

Analysis scan(const QByteArray &text, qint64 blockBytes = 2 << 20)
{
    static const QList<Entry> none;
    static const Matcher matcher = *Matcher::compile(none);
    ScanOptions options;
    options.blockBytes = blockBytes;
    return *analyze({LogInput::pasted(text, u"pasted"_s)}, none, matcher, options);
}

} // namespace

class TestErrorLines final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void level_data();
    void level();
    void shape_data();
    void shape();
    void traceback_data();
    void traceback();
    void grouped();
    void longLogReadsMarkedLinesOnly();
};

void TestErrorLines::level_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<int>("level"); // LineLevel
    const int none = static_cast<int>(LineLevel::None);
    const int warning = static_cast<int>(LineLevel::Warning);
    const int error = static_cast<int>(LineLevel::Error);
    QTest::addRow("exception") << QByteArray("ValueError: Unsupported soc_version: Ascend950PR") << error;
    QTest::addRow("dotted exception") << QByteArray("torch.OutOfMemoryError: NPU out of memory.") << error;
    QTest::addRow("Ray's wrapper") << QByteArray(
        "ray.exceptions.RayTaskError(ValueError): ray::TaskRunner.run() (pid=1, ip=10.0.0.1)")
                                   << error;
    QTest::addRow("bare exception name") << QByteArray("AssertionError") << error;
    QTest::addRow("with a Ray prefix") << QByteArray("(WorkerDict pid=7) KeyError: 'x'") << error;
    QTest::addRow("rank marker") << QByteArray("[rank3]: RuntimeError: boom") << error;
    QTest::addRow("vLLM's ERROR") << QByteArray("ERROR 04-01 08:04:31 [multiproc_executor.py:383] worker died")
                                  << error;
    QTest::addRow("WARNING") << QByteArray("WARNING 04-01 08:04:31 [utils.py:12] slow path") << warning;
    QTest::addRow("bracketed WARNING") << QByteArray("[WARNING] 2025-11-30 npu_utils.py:1 - something") << warning;
    QTest::addRow("torch C++ warning") << QByteArray(
        "[W compiler_depend.ts:103] Warning: Device do not support double dtype now")
                                       << warning;
    QTest::addRow("torch C++ error") << QByteArray(
        "[rank0]:[E126 03:28:29.988683190 compiler_depend.ts:444] operator(): NPU function error")
                                     << error;
    QTest::addRow("warnings.warn") << QByteArray(
        "/usr/lib/python3.10/site-packages/torch_npu/x.py:12: UserWarning: the npu stream is not synchronized")
                                   << warning;
    QTest::addRow("metrics that say error")
        << QByteArray("(TaskRunner pid=1) step:3 - rollout/error_rate:0.000 - failed:0 - error=none") << none;
    QTest::addRow("an INFO line") << QByteArray("INFO 04-01 Loading weights took 3.2 GB") << none;
    QTest::addRow("a word with Error inside") << QByteArray("INFO ErrorCodes loaded") << none;
    QTest::addRow("code under a frame") << QByteArray("    raise ValueError(f\"No tool call parser\")") << none;
    QTest::addRow("level word late in the line")
        << QByteArray("INFO step 1 of a very long line " + QByteArray(200, 'x') + " WARNING") << none;
}

void TestErrorLines::level()
{
    QFETCH(QByteArray, line);
    QFETCH(int, level);
    QCOMPARE(static_cast<int>(lineLevel(view(line))), level);
    if (level != static_cast<int>(LineLevel::None)) {
        // the prefilter's literals: a line the check accepts holds one of them
        QVERIFY(std::any_of(levelMarkers().begin(), levelMarkers().end(), [&](const std::string &marker) {
            return view(line).find(marker) != std::string_view::npos;
        }));
    }
}

void TestErrorLines::shape_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<bool>("same");
    QTest::addRow("numbers") << QByteArray("[rank1]:[W x.ts:45] Warning: slow [repeated 10x across cluster]")
                             << QByteArray("[rank7]:[W x.ts:109] Warning: slow [repeated 1x across cluster]") << true;
    QTest::addRow("Ray prefix") << QByteArray("(WorkerDict pid=1, ip=10.0.0.1) KeyError: 'x'")
                                << QByteArray("(WorkerDict pid=99, ip=10.0.0.7) KeyError: 'x'") << true;
    QTest::addRow("addresses") << QByteArray("frame #0: 0x7fbf6036c1b6 in libc10.so")
                               << QByteArray("frame #0: 0xdeadbeef in libc10.so") << true;
    QTest::addRow("words differ") << QByteArray("KeyError: 'x'") << QByteArray("KeyError: 'y'") << false;
    QTest::addRow("10x is not hexadecimal")
        << QByteArray("repeated 10x across") << QByteArray("repeated 1 across") << false;
}

void TestErrorLines::shape()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(bool, same);
    QCOMPARE(lineShape(view(a)) == lineShape(view(b)), same);
}

void TestErrorLines::traceback_data()
{
    QTest::addColumn<QByteArray>("text"); // the exception is the last line
    QTest::addColumn<QString>("frames");  // function:line:code, ";"-joined
    QTest::addRow("plain") << QByteArray("Traceback (most recent call last):\n"
                                         "  File \"/x/verl/a.py\", line 10, in outer\n"
                                         "    inner()\n"
                                         "  File \"/x/verl/b.py\", line 20, in inner\n"
                                         "    raise ValueError(\"no\")\n"
                                         "ValueError: no")
                           << u"outer:10:inner();inner:20:raise ValueError(\"no\")"_s;
    QTest::addRow("stops at its own Traceback line") << QByteArray("  File \"/x/old.py\", line 1, in earlier\n"
                                                                   "Traceback (most recent call last):\n"
                                                                   "  File \"/x/verl/b.py\", line 20, in inner\n"
                                                                   "KeyError: 'k'")
                                                     << u"inner:20:"_s;
    QTest::addRow("another process's lines are not its frames")
        << QByteArray("(WorkerDict pid=1) Traceback (most recent call last):\n"
                      "(WorkerDict pid=1)   File \"/x/verl/a.py\", line 10, in mine\n"
                      "(TaskRunner pid=2)   File \"/x/verl/z.py\", line 5, in theirs\n"
                      "(WorkerDict pid=1)     do()\n"
                      "(WorkerDict pid=1) KeyError: 'k'")
        << u"mine:10:do()"_s;
    QTest::addRow("markers under a line are not its code") << QByteArray("  File \"/x/verl/a.py\", line 3, in f\n"
                                                                         "    ^^^^^^\n"
                                                                         "TypeError: t")
                                                           << u"f:3:"_s;
}

void TestErrorLines::traceback()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, frames);
    const qsizetype last = text.lastIndexOf('\n') + 1;
    const QList<vna::upstream::Frame> found
        = tracebackAbove(view(text), static_cast<size_t>(last), view(text.mid(last)));
    QStringList got;
    for (const vna::upstream::Frame &frame : found)
        got << frame.function + u':' + QString::number(frame.line) + u':' + frame.code;
    QCOMPARE(got.join(u';'), frames);
}

// The same warning on many ranks, across blocks, is one group with every line counted; an exception
// keeps the traceback above it.
void TestErrorLines::grouped()
{
    QByteArray text;
    for (int i = 0; i < 3000; ++i)
        text += "(WorkerDict pid=" + QByteArray::number(i) + ") [rank" + QByteArray::number(i % 8)
            + "]:[W x.ts:45] Warning: slow path taken " + QByteArray::number(i)
            + "\n(TaskRunner pid=1) step:" + QByteArray::number(i) + " - loss 0.1\n";
    text += "Traceback (most recent call last):\n  File \"/x/verl/b.py\", line 20, in inner\n    go()\nKeyError: 'k'\n";
    const Analysis analysis = scan(text, 4096);
    QCOMPARE(analysis.errorLines.size(), 2);
    const ErrorLine &warning = analysis.errorLines.at(0);
    QCOMPARE(warning.count, 3000);
    QCOMPARE(warning.level, LineLevel::Warning);
    QCOMPARE(warning.line, 1);
    QCOMPARE(warning.ranks.size(), 8);
    const ErrorLine &error = analysis.errorLines.at(1);
    QCOMPARE(error.level, LineLevel::Error);
    QCOMPARE(error.line, 6004);
    QCOMPARE(error.frames.size(), 1);
    QCOMPARE(error.frames.first().function, u"inner"_s);
}

// A pasted excerpt (one block) has each line looked at, with or without a level word; a long log only
// the lines with one (a line without is kept only if a message of the indexes is found in it, later).
void TestErrorLines::longLogReadsMarkedLinesOnly()
{
    const QByteArray unmarked = "Failed to apply NPU patches: module 'm' has no attribute 'X'\n";
    QCOMPARE(scan(unmarked).errorLines.size(), 1);
    QCOMPARE(scan(unmarked).errorLines.first().level, LineLevel::None);
    QByteArray longLog = unmarked;
    for (int i = 0; i < 2000; ++i)
        longLog += "(TaskRunner pid=1) step:" + QByteArray::number(i) + " - loss 0.1\n";
    QCOMPARE(scan(longLog, 4096).errorLines.size(), 0);
}

QTEST_GUILESS_MAIN(TestErrorLines)
#include "tst_errorlines.moc"
