// Start-up benchmark: time from process start to the first painted main window, for
// `verl-npu-assistant --screenshot` (Home tab) against a minimal Qt Widgets window that shows
// itself and exits the same way. Runs both alternately in one session and prints the ratio of
// medians. Target: ratio <= 1.5. Exit code 1 when the target is missed.
#include <algorithm>
#include <cstdio>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

namespace {

constexpr int kRuns = 15;
constexpr double kTarget = 1.5;

double runOnce(const QString &program, const QStringList &args, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env);
    QElapsedTimer timer;
    timer.start();
    process.start(program, args);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        std::fprintf(stderr, "bench: %s failed (exit %d)\n%s\n", qPrintable(program), process.exitCode(),
                     process.readAllStandardError().constData());
        return -1;
    }
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
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
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: bench_startup VERL_NPU_ASSISTANT MINIMAL_WINDOW\n");
        return 2;
    }
    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path()); // private (0700), like a real session's
    const QString ours = dir.filePath(QStringLiteral("ours.png"));
    const QString reference = dir.filePath(QStringLiteral("reference.png"));

    // One untimed run each warms the page cache and fontconfig's cache.
    runOnce(args.at(1), {QStringLiteral("--screenshot"), ours, QStringLiteral("--tab"), QStringLiteral("home")}, env);
    runOnce(args.at(2), {reference}, env);

    QList<double> oursMs;
    QList<double> referenceMs;
    for (int i = 0; i < kRuns; ++i) {
        const double a = runOnce(
            args.at(1), {QStringLiteral("--screenshot"), ours, QStringLiteral("--tab"), QStringLiteral("home")}, env);
        const double b = runOnce(args.at(2), {reference}, env);
        if (a < 0 || b < 0)
            return 3;
        oursMs << a;
        referenceMs << b;
    }
    const double ratio = median(oursMs) / median(referenceMs);
    std::printf("start-up to first painted window, median of %d runs each (offscreen)\n", kRuns);
    std::printf("  verl-npu-assistant --screenshot (Home)  %8.1f ms   (min %.1f)\n", median(oursMs),
                *std::min_element(oursMs.begin(), oursMs.end()));
    std::printf("  minimal Qt Widgets window              %8.1f ms   (min %.1f)\n", median(referenceMs),
                *std::min_element(referenceMs.begin(), referenceMs.end()));
    std::printf("  ratio %.2f (target <= %.1f): %s\n", ratio, kTarget, ratio <= kTarget ? "met" : "NOT met");
    return ratio <= kTarget ? 0 : 1;
}
