// Header-only model inspection: a Qwen2.5-72B-like folder (37 sparse shards, 80 layers, ~145 GB
// declared) read by inspectModel() against a minimal loop of pread() calls that reads the same
// headers (8-byte length + JSON) and nothing else. Prints bytes read, medians and their ratio,
// first with the folder's pages dropped from the cache before every run (a folder opened for the
// first time: the case users wait for), then with a warm cache (pure CPU overhead).
// Target: cold ratio <= 2. Exit code 1 when the target is missed.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtEndian>

#include "bucket/modelinspector.h"
#include "support/modelfiles.h"

namespace {

constexpr int kRuns = 21;
constexpr double kTarget = 2.0;

// The reference: what any header reader must do at least.
quint64 preadHeaders(const QStringList &files)
{
    quint64 bytes = 0;
    QByteArray buffer;
    for (const QString &file : files) {
        const int fd = ::open(QFile::encodeName(file).constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return 0;
        char head[8];
        if (::pread(fd, head, 8, 0) != 8) {
            ::close(fd);
            return 0;
        }
        const auto n = qFromLittleEndian<quint64>(head);
        buffer.resize(static_cast<qsizetype>(n));
        const ssize_t got = ::pread(fd, buffer.data(), n, 8);
        ::close(fd);
        if (got != static_cast<ssize_t>(n))
            return 0;
        bytes += 8 + n;
    }
    return bytes;
}

// Drops the folder's pages from the page cache (no root needed: the files' own pages only).
void dropCache(const QString &dir)
{
    for (const QString &name : QDir(dir).entryList(QDir::Files)) {
        const int fd = ::open(QFile::encodeName(dir + u'/' + name).constData(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            ::fdatasync(fd);
            ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            ::close(fd);
        }
    }
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
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("Qwen2.5-72B-like"));
    if (vna::test::writeShardedModel(model, 37, 80) == 0) {
        std::fprintf(stderr, "bench: cannot write the model folder\n");
        return 3;
    }
    QStringList files;
    for (const QString &name : QDir(model).entryList({QStringLiteral("*.safetensors")}, QDir::Files, QDir::Name))
        files << model + u'/' + name;

    struct Series
    {
        QList<double> ours;
        QList<double> reference;
    };
    Series cold;
    Series warm;
    quint64 oursBytes = 0;
    quint64 referenceBytes = 0;
    qsizetype tensors = 0;
    for (int i = 0; i <= kRuns; ++i) { // run 0 is not counted
        for (const bool dropped : {true, false}) {
            if (dropped)
                dropCache(model);
            QElapsedTimer timer;
            timer.start();
            const auto inspection = vna::bucket::inspectModel(model);
            const double ours = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            if (!inspection) {
                std::fprintf(stderr, "bench: %s\n", qPrintable(inspection.error().message));
                return 3;
            }
            if (dropped)
                dropCache(model);
            timer.restart();
            referenceBytes = preadHeaders(files);
            const double reference = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            oursBytes = inspection->bytesRead;
            tensors = inspection->tensors.size();
            if (i > 0) {
                (dropped ? cold : warm).ours << ours;
                (dropped ? cold : warm).reference << reference;
            }
        }
    }
    const double ratio = median(cold.ours) / median(cold.reference);
    const double warmRatio = median(warm.ours) / median(warm.reference);
    std::printf("header-only inspection of a 72B-like model: %lld shards, %lld tensors, median of %d runs\n",
                static_cast<long long>(files.size()), static_cast<long long>(tensors), kRuns);
    std::printf("  bytes read: inspectModel %llu (headers, index, config.json), pread loop %llu (headers)\n",
                static_cast<unsigned long long>(oursBytes), static_cast<unsigned long long>(referenceBytes));
    std::printf("  first read (cache dropped)  inspectModel %8.2f ms   pread loop %8.2f ms   ratio %.2f\n",
                median(cold.ours), median(cold.reference), ratio);
    std::printf("  cached                      inspectModel %8.2f ms   pread loop %8.2f ms   ratio %.2f\n",
                median(warm.ours), median(warm.reference), warmRatio);
    std::printf("  first-read ratio %.2f (target <= %.1f): %s\n", ratio, kTarget, ratio <= kTarget ? "met" : "NOT met");
    return ratio <= kTarget ? 0 : 1;
}
