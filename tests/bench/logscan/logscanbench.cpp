// Log scanning: three 1 GiB synthetic training logs read by `verl-npu-assistant analyze` with the full
// knowledge base, the error-line collection and the upstream message index on, against GNU
// `grep -c -E -f` given the same patterns, run side by side. The quiet log is Ray-decorated verl
// metrics, vLLM and CANN plog noise; the ordinary one has the words failures are made of ("error",
// "npu", "warning", "failed", "error code 0", "timeout") on most lines, as real logs do, so a prefilter
// that picks common literals sends most lines to the regex engine; the multi-rank one is what a long
// run writes most of: Ray-prefixed step metrics and CANN's "[INFO] RUNTIME(…) … Stream sync ok" plog
// lines full of digits. All have a few hundred known failures spread through them.
// Prints throughput, peak memory and the ratio of the medians, against grep given every single-line
// pattern of the knowledge base and against grep given 31 of them (the measure of issue 43: grep with
// fewer patterns is faster).
// Targets: at most half the time of grep with 31 patterns, at least 1.2 GB/s (on the 2-core test
// machine), peak RSS below 100 MB, and the same findings as the injected failures give alone (the noise
// adds none, and none is lost; grep's count is shown, but it cannot see the multi-line ones).
// Exit code 1 when a target is missed.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "logscan/knowledgebase.h"

using namespace Qt::StringLiterals;

namespace {

// 1 GiB each, or VNA_BENCH_MIB mebibytes for a quick look (the targets are for 1 GiB).
const qint64 kLogBytes = qEnvironmentVariableIntValue("VNA_BENCH_MIB") > 0
    ? qint64(qEnvironmentVariableIntValue("VNA_BENCH_MIB")) << 20
    : qint64(1) << 30;
constexpr int kFailures = 300;
constexpr int kRuns = 3;
constexpr double kTargetRatio = 0.5;
constexpr qsizetype kFewPatterns = 31;
constexpr double kTargetBytesPerSecond = 1.2e9;
constexpr long kTargetRssKiB = 100 * 1024;

struct Run
{
    double seconds = 0;
    long maxRssKiB = 0;
    int exitCode = -1;
    QByteArray out;
};

// Runs a program with its output in a file, measuring wall time and the child's peak RSS.
Run run(const QStringList &argv, const QString &outFile)
{
    Run result;
    QElapsedTimer timer;
    timer.start();
    std::fflush(stdout); // the child must not print our buffered lines again
    const pid_t pid = fork();
    if (pid == 0) {
        std::freopen(QFile::encodeName(outFile).constData(), "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        setenv("LC_ALL", "C.UTF-8", 1);
        std::vector<QByteArray> storage;
        std::vector<char *> args;
        storage.reserve(static_cast<size_t>(argv.size()));
        args.reserve(static_cast<size_t>(argv.size()) + 1);
        for (const QString &arg : argv)
            storage.push_back(arg.toLocal8Bit());
        for (QByteArray &arg : storage)
            args.push_back(arg.data());
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    result.seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    result.maxRssKiB = usage.ru_maxrss;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    QFile out(outFile);
    if (out.open(QIODevice::ReadOnly))
        result.out = out.readAll();
    return result;
}

// The knowledge base's patterns in POSIX ERE, for grep.
QString toEre(const QString &regex)
{
    QString out;
    bool inClass = false;
    qsizetype classStart = 0; // where a ']' must go to be literal in a bracket expression
    int depth = 0;            // of parentheses
    int caselessUntil = -1;   // the depth whose closing parenthesis ends a (?i:…) group
    for (qsizetype i = 0; i < regex.size(); ++i) {
        const QChar c = regex.at(i);
        if (c == u'\\' && i + 1 < regex.size() && inClass && regex.at(i + 1) == u']') {
            out.insert(classStart, u']'); // a backslash is literal inside an ERE bracket expression
            ++i;
            continue;
        }
        if (c == u'\\' && i + 1 < regex.size()) {
            const QChar next = regex.at(++i);
            const QString cls = next.toLower() == u'd' ? QStringLiteral("0-9")
                : next.toLower() == u's'               ? QStringLiteral("[:space:]")
                : next.toLower() == u'w'               ? QStringLiteral("[:alnum:]_")
                                                       : QString();
            if (next == u'b')
                continue;
            if (cls.isEmpty())
                out += u'\\' + QString(next);
            else if (next.isUpper())
                out += u"[^"_s + cls + u']';
            else
                out += inClass ? cls : u'[' + cls + u']';
            continue;
        }
        if (!inClass && regex.mid(i, 4) == u"(?P<") {
            i = regex.indexOf(u'>', i);
            out += u'(';
            ++depth;
            continue;
        }
        if (!inClass && regex.mid(i, 3) == u"(?:") {
            i += 2;
            out += u'(';
            ++depth;
            continue;
        }
        if (!inClass && regex.mid(i, 4) == u"(?i:") { // ERE has no flags: each letter becomes [xX]
            i += 3;
            out += u'(';
            caselessUntil = ++depth;
            continue;
        }
        if (!inClass && c == u'(') {
            ++depth;
        } else if (!inClass && c == u')') {
            if (depth-- == caselessUntil)
                caselessUntil = -1;
        } else if (!inClass && caselessUntil >= 0 && c.isLetter()) {
            out += u'[' + QString(c.toLower()) + QString(c.toUpper()) + u']';
            continue;
        }
        if (c == u'[' && !inClass) {
            inClass = true;
            classStart = out.size() + (regex.mid(i + 1, 1) == u"^" ? 2 : 1);
        } else if (c == u']' && inClass && out.size() > classStart)
            inClass = false;
        out += c;
    }
    return out;
}

QStringList grepPatterns(const QList<vna::logscan::Entry> &entries)
{
    QStringList patterns;
    for (const vna::logscan::Entry &entry : entries) {
        for (const vna::logscan::Indication &indication : entry.indications) {
            if (indication.multiline())
                continue; // grep matches lines
            if (!indication.keywords.isEmpty()) {
                QStringList quoted;
                for (QString keyword : indication.keywords) {
                    for (const QChar special : QStringLiteral("\\.[]()*+?{}|^$"))
                        keyword.replace(special, u'\\' + QString(special));
                    quoted << keyword;
                }
                patterns << quoted.join(u".*"_s);
            } else {
                patterns << toEre(indication.regex);
            }
        }
    }
    return patterns;
}

QStringList failureLines()
{
    QFile file(QStringLiteral(VNA_FIXTURES_DIR "/logscan/samples.json"));
    QStringList lines;
    if (!file.open(QIODevice::ReadOnly))
        return lines;
    const QJsonObject samples = QJsonDocument::fromJson(file.readAll()).object();
    for (auto it = samples.begin(); it != samples.end(); ++it) {
        for (const QJsonValue line : it.value().toObject().value(u"positive"_s).toArray())
            lines << line.toString();
    }
    return lines;
}

// A line of the quiet log: metrics, weight loading, HCCL and runtime debug lines, vLLM statistics.
int quietLine(char *line, size_t size, std::mt19937 &random, int kind, int rank, long long step)
{
    std::uniform_int_distribution<int> number(1, 99999);
    switch (kind) {
    case 0:
    case 1:
        return std::snprintf(line, size,
                             "(TaskRunner pid=%d) step:%lld - actor/entropy:%.3f - actor/pg_loss:%.5f - "
                             "critic/score/mean:%.3f - perf/throughput:%.2f - timing_s/gen:%.3f\n",
                             number(random), step, number(random) / 1e5, number(random) / 1e6, number(random) / 1e5,
                             number(random) / 10.0, number(random) / 1e3);
    case 2:
    case 3:
        return std::snprintf(line, size,
                             "(WorkerDict pid=%d, ip=10.0.%d.%d) INFO 11-30 04:%02d:%02d [model_runner.py:%d] "
                             "Loading weights took %.4f GB and %.2f seconds\n",
                             number(random), rank / 8, rank, number(random) % 60, number(random) % 60,
                             number(random) % 2000, number(random) / 1e4, number(random) / 1e3);
    case 4:
        return std::snprintf(line, size,
                             "[INFO] HCCL(%d,python3):2025-11-30-04:%02d:%02d.%03d.%03d [hccl_communicator.cc:%d] "
                             "[%d]Entry-HcclAllReduce:tag[AllReduce_%d], count[%d], dataType[bfp16], op[sum]\n",
                             number(random), number(random) % 60, number(random) % 60, number(random) % 1000,
                             number(random) % 1000, number(random) % 9000, number(random), number(random),
                             number(random));
    case 5:
        return std::snprintf(line, size,
                             "(WorkerDict pid=%d, ip=10.0.%d.%d) [rank%d]:[W compiler_depend.ts:%d] Warning: Device "
                             "do not support double dtype now, dtype cast repalce with float. [repeated %dx across "
                             "cluster]\n",
                             number(random), rank / 8, rank, rank, number(random) % 200, number(random) % 16);
    case 6:
        return std::snprintf(line, size,
                             "[2025-11-30 04:%02d:%02d,%03d][INFO] rollout: generated %d sequences in %.2fs "
                             "(%d tokens/s), kv cache usage %.1f%%\n",
                             number(random) % 60, number(random) % 60, number(random) % 1000, number(random),
                             number(random) / 100.0, number(random), number(random) / 1000.0);
    case 7:
        return std::snprintf(line, size,
                             "[DEBUG] RUNTIME(%d,python3):2025-11-30-04:%02d:%02d.%03d.%03d [stream.cc:%d] %d "
                             "stream_id=%d, task_id=%d, sq_id=%d\n",
                             number(random), number(random) % 60, number(random) % 60, number(random) % 1000,
                             number(random) % 1000, number(random) % 2000, number(random), number(random) % 64,
                             number(random), number(random) % 64);
    default:
        return std::snprintf(line, size,
                             "(WorkerDict pid=%d, ip=10.0.%d.%d) INFO %d-%02d %02d:%02d:%02d metrics.py:%d] "
                             "Avg prompt throughput: %.1f tokens/s, Running: %d reqs, Pending: %d reqs\n",
                             number(random), rank / 8, rank, 11, 30, 4, number(random) % 60, number(random) % 60,
                             number(random) % 500, number(random) / 10.0, number(random) % 256, number(random) % 64);
    }
}

// A healthy line that holds the words failures are made of.
int ordinaryLine(char *line, size_t size, std::mt19937 &random, int kind, long long step)
{
    std::uniform_int_distribution<int> number(1, 99999);
    const int rank = number(random) % 16;
    switch (kind) {
    case 0:
        return std::snprintf(line, size,
                             "[WARNING] 2025-11-30 04:%02d:%02d,%03d npu_utils.py:%d - NPU memory usage %.1f%% on "
                             "device %d, no error, warning threshold 95%%\n",
                             number(random) % 60, number(random) % 60, number(random) % 1000, number(random) % 900,
                             number(random) / 1000.0, rank % 8);
    case 1:
        return std::snprintf(line, size,
                             "(WorkerDict pid=%d, ip=10.0.%d.%d) [rank%d]: step %lld: grad_norm=%.3f, error=none, "
                             "npu_time=%.2f ms, exception_count=0, failed_requests=0, timeout=1800s\n",
                             number(random), rank / 8, rank, rank, step, number(random) / 1e4, number(random) / 100.0);
    case 2:
        return std::snprintf(line, size,
                             "[INFO] RUNTIME(%d,python3):2025-11-30-04:%02d:%02d.%03d.%03d [device.cc:%d] device %d "
                             "npu status ok, error code 0, failed tasks 0, aicore utilization %d%%\n",
                             number(random), number(random) % 60, number(random) % 60, number(random) % 1000,
                             number(random) % 1000, number(random) % 2000, rank % 8, number(random) % 100);
    case 3:
        return std::snprintf(line, size,
                             "(WorkerDict pid=%d, ip=10.0.%d.%d) /usr/local/lib/python3.10/site-packages/torch_npu/"
                             "utils/_error_code.py:%d: UserWarning: warning: the npu stream is not synchronized, "
                             "an error may be reported later (error reporting is asynchronous)\n",
                             number(random), rank / 8, rank, number(random) % 500);
    case 4:
        return std::snprintf(line, size,
                             "[2025-11-30 04:%02d:%02d,%03d][INFO] hccl: rank %d init ok, no timeout, error "
                             "handling mode %d, exception policy abort, npu %d ready\n",
                             number(random) % 60, number(random) % 60, number(random) % 1000, rank, number(random) % 3,
                             rank % 8);
    default:
        return std::snprintf(line, size,
                             "(TaskRunner pid=%d) step:%lld - actor/pg_loss:%.5f - response_length/clip_ratio:%.3f - "
                             "rollout/failed:0 - rollout/error_rate:0.000 - npu/memory_allocated_gb:%.2f\n",
                             number(random), step, number(random) / 1e6, number(random) / 1e5, number(random) / 1e3);
    }
}

// A line of a long multi-rank run: a TaskRunner's step metrics or a runtime plog line.
int multiRankLine(char *line, size_t size, std::mt19937 &random, int kind, long long step)
{
    std::uniform_int_distribution<int> number(1, 99999);
    if (kind < 5)
        return std::snprintf(line, size,
                             "(TaskRunner pid=%d) step:%lld - actor/entropy:%.4f - actor/pg_loss:%.5f - "
                             "critic/score/mean:%.3f - perf/throughput:%.2f - timing_s/gen:%.3f\n",
                             number(random), step, number(random) / 1e5, number(random) / 1e6, number(random) / 1e5,
                             number(random) / 10.0, number(random) / 1e3);
    return std::snprintf(line, size,
                         "[INFO] RUNTIME(%d,python3):2025-11-30-04:%02d:%02d.%03d.%03d [runtime.cc:%d] %d "
                         "StreamSynchronize: Stream sync ok, stream_id=%d, task_id=%d, sq_id=%d\n",
                         number(random), number(random) % 60, number(random) % 60, number(random) % 1000,
                         number(random) % 1000, number(random) % 9000, number(random), number(random) % 64,
                         number(random) % 65536, number(random) % 64);
}

enum class LogKind : std::uint8_t { Quiet, Ordinary, MultiRank };

const char *kindName(LogKind kind)
{
    return kind == LogKind::Quiet ? "quiet" : kind == LogKind::Ordinary ? "ordinary" : "multi-rank";
}

// Writes kLogBytes of noise with kFailures known failures spread evenly through it, and the failures
// alone to `failuresPath`.
bool writeLog(const QString &path, const QString &failuresPath, const QStringList &failures, LogKind logKind)
{
    QFile alone(failuresPath);
    if (!alone.open(QIODevice::WriteOnly))
        return false;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    std::mt19937 random(42);
    std::uniform_int_distribution<int> pick(0, 9);
    std::uniform_int_distribution<int> number(1, 99999);
    const qint64 every = kLogBytes / kFailures;
    qint64 written = 0;
    qint64 nextFailure = every / 2;
    int failure = 0;
    char line[512];
    QByteArray block;
    block.reserve(1 << 20);
    qint64 step = 0;
    while (written < kLogBytes) {
        int n = 0;
        const int rank = number(random) % 16;
        const int kind = pick(random);
        if (logKind == LogKind::MultiRank)
            n = multiRankLine(line, sizeof line, random, kind, ++step);
        else if (logKind == LogKind::Ordinary && kind < 8)
            n = ordinaryLine(line, sizeof line, random, kind % 6, ++step);
        else
            n = quietLine(line, sizeof line, random, kind, rank, ++step);
        block.append(line, n);
        written += n;
        if (written >= nextFailure && failure < kFailures && !failures.isEmpty()) {
            const QByteArray text = failures.at(failure % failures.size()).toUtf8() + '\n';
            if (alone.write(text) != text.size())
                return false;
            block += text;
            written += text.size();
            ++failure;
            nextFailure += every;
        }
        if (block.size() >= (1 << 20)) {
            if (file.write(block) != block.size())
                return false;
            block.clear();
        }
    }
    return file.write(block) == block.size() && file.flush();
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_logscan PATH/TO/verl-npu-assistant\n");
        return 2;
    }
    const QString program = QString::fromLocal8Bit(argv[1]);
    QTemporaryDir dir;
    const vna::logscan::KnowledgeBase kb = vna::logscan::loadKnowledgeBase();
    const QStringList patterns = grepPatterns(kb.entries);
    const QString patternFile = dir.filePath(QStringLiteral("patterns.ere"));
    const QString fewPatternFile = dir.filePath(QStringLiteral("patterns31.ere"));
    for (const auto &[path, count] :
         {std::pair{patternFile, patterns.size()}, std::pair{fewPatternFile, kFewPatterns}}) {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(patterns.mid(0, count).join(u'\n').toUtf8() + '\n') < 0)
            return 3;
    }
    const auto findings = [](const QByteArray &json) {
        qint64 count = 0;
        for (const QJsonValue finding : QJsonDocument::fromJson(json).object().value(u"findings"_s).toArray())
            count += finding.toObject().value(u"count"_s).toInteger();
        return count;
    };
    const auto measure = [&](LogKind kind) {
        const QString log = dir.filePath(QString::fromLatin1(kindName(kind)) + u".log"_s);
        const QString alone = dir.filePath(u"failures.log"_s);
        QElapsedTimer timer;
        timer.start();
        if (!writeLog(log, alone, failureLines(), kind)) {
            std::fprintf(stderr, "bench: cannot write %s\n", qPrintable(log));
            return false;
        }
        std::printf("log scan, %s log: %.2f GiB written in %.1f s; %d failures injected; %lld patterns\n",
                    kindName(kind), static_cast<double>(kLogBytes) / (1 << 30),
                    static_cast<double>(timer.elapsed()) / 1000.0, kFailures, static_cast<long long>(patterns.size()));

        const qint64 expected = findings(run({program, QStringLiteral("analyze"), QStringLiteral("--json"), alone},
                                             dir.filePath(QStringLiteral("ours.out")))
                                             .out);
        QList<double> grepTimes;
        QList<double> fewTimes;
        QList<double> ourTimes;
        long grepRss = 0;
        long ourRss = 0;
        QByteArray grepCount;
        qint64 ourCount = 0;
        for (int i = 0; i < kRuns; ++i) {
            const Run grep = run({QStringLiteral("grep"), QStringLiteral("-c"), QStringLiteral("-E"),
                                  QStringLiteral("-f"), patternFile, log},
                                 dir.filePath(QStringLiteral("grep.out")));
            if (grep.exitCode > 1) {
                std::fprintf(stderr, "bench: grep rejected the patterns (exit %d)\n", grep.exitCode);
                return false;
            }
            const Run ours = run({program, QStringLiteral("analyze"), QStringLiteral("--json"), log},
                                 dir.filePath(QStringLiteral("ours.out")));
            if (ours.exitCode > 1) {
                std::fprintf(stderr, "bench: analyze failed (exit %d)\n", ours.exitCode);
                return false;
            }
            const Run few = run({QStringLiteral("grep"), QStringLiteral("-c"), QStringLiteral("-E"),
                                 QStringLiteral("-f"), fewPatternFile, log},
                                dir.filePath(QStringLiteral("grep.out")));
            grepTimes << grep.seconds;
            fewTimes << few.seconds;
            ourTimes << ours.seconds;
            grepRss = std::max(grepRss, grep.maxRssKiB);
            ourRss = std::max(ourRss, ours.maxRssKiB);
            grepCount = grep.out.trimmed();
            ourCount = findings(ours.out);
        }
        const double grepSeconds = median(grepTimes);
        const double fewSeconds = median(fewTimes);
        const double ourSeconds = median(ourTimes);
        const double mib = static_cast<double>(kLogBytes) / (1 << 20);
        const double ratio = ourSeconds / fewSeconds;
        std::printf("  grep -c -E -f (%lld patterns):  %.2f s  %6.0f MiB/s  peak RSS %5.1f MiB  %s matching lines\n",
                    static_cast<long long>(patterns.size()), grepSeconds, mib / grepSeconds,
                    static_cast<double>(grepRss) / 1024.0, grepCount.constData());
        std::printf("  grep -c -E -f (%lld patterns):  %.2f s  %6.0f MiB/s\n", static_cast<long long>(kFewPatterns),
                    fewSeconds, mib / fewSeconds);
        std::printf(
            "  analyze:        %.2f s  %6.0f MiB/s  peak RSS %5.1f MiB  %lld occurrences grouped into findings\n",
            ourSeconds, mib / ourSeconds, static_cast<double>(ourRss) / 1024.0, static_cast<long long>(ourCount));
        const double bytesPerSecond = static_cast<double>(kLogBytes) / ourSeconds;
        std::printf(
            "  ratio analyze/grep with %lld patterns: %.2f (target <= %.1f), with all: %.2f; %.2f GB/s (target >= "
            "%.1f); peak RSS target < %ld MiB\n",
            static_cast<long long>(kFewPatterns), ratio, kTargetRatio, ourSeconds / grepSeconds, bytesPerSecond / 1e9,
            kTargetBytesPerSecond / 1e9, kTargetRssKiB / 1024);
        const bool sameLines = ourCount == expected;
        std::printf("  %lld occurrences, the injected failures alone give %lld\n", static_cast<long long>(ourCount),
                    static_cast<long long>(expected));
        const bool met
            = ratio <= kTargetRatio && bytesPerSecond >= kTargetBytesPerSecond && ourRss < kTargetRssKiB && sameLines;
        std::printf("  %s\n", met ? "targets met" : "TARGET MISSED");
        QFile::remove(log);
        QFile::remove(alone);
        return met;
    };
    const bool quiet = measure(LogKind::Quiet);
    const bool ordinary = measure(LogKind::Ordinary);
    const bool multiRank = measure(LogKind::MultiRank);
    return quiet && ordinary && multiRank ? 0 : 1;
}
