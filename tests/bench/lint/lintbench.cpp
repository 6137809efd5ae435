// Linting launch scripts: profiler::lint() against bash itself reading the same file with `bash -n`, run
// side by side, on three synthetic scripts: 1,000 lines of the shape verl's own examples have (variables
// with defaults, override arrays, functions, case and if blocks, a here-document, three launches),
// 5,000 `export` lines before one launch (an environment file pasted whole: each line changes the
// variables, which once made reading it quadratic), and one launch of 5,000 override lines, every key
// one of verl's own with one in ten mistyped (each checked against the whole composed config, the
// typos against every release and program). Scripts given after the program are measured too (verl's
// largest real launch script, for one). Prints the medians and their ratio, and the whole
// `verl-npu-assistant lint` process for scale. Target: lint() under 50 ms on each synthetic script in the
// release build (the first run also loads the config facts; the medians do not). Exit code 1 when missed.
#include <algorithm>
#include <cstdio>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include "profiler/lint.h"
#include "verl/configfacts.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;

namespace {

constexpr int kRuns = 21;
constexpr double kTargetMs = 50.0;

QString launchScript()
{
    QStringList lines{u"#!/usr/bin/env bash"_s, u"set -xeuo pipefail"_s, u""_s};
    // Variables with defaults, some nested and some arithmetic.
    for (int i = 0; i < 150; ++i) {
        lines << u"v%1=${V%1:-${DEFAULT_%1:-%2}}"_s.arg(i).arg(i * 7) << u"n%1=$(( v%1 * 2 + %1 ))"_s.arg(i);
    }
    lines << u"MODEL_PATH=${MODEL_PATH:-\"${HOME}/models/Qwen2.5-7B\"}"_s
          << u"profile_steps=${PROFILE_STEPS:-\"[2,4]\"}"_s;
    // Override arrays.
    for (int a = 0; a < 4; ++a) {
        lines << u"ARGS%1=("_s.arg(a);
        for (int i = 0; i < 100; ++i)
            lines << u"    trainer.group%1.key%2=${n%3}  # comment %2"_s.arg(a).arg(i).arg(i % 150);
        lines << u")"_s;
    }
    lines << u"PROFILE=("_s << u"    global_profiler.tool=npu"_s << u"    global_profiler.steps=${profile_steps}"_s
          << u"    actor_rollout_ref.actor.profiler.enable=True"_s
          << u"    \"actor_rollout_ref.actor.profiler.tool_config.npu.contents=['npu','cpu']\""_s
          << u"    actor_rollout_ref.actor.profiler.tool_config.npu.level=level1"_s << u")"_s;
    lines << u"case \"${BACKEND:-fsdp}\" in"_s << u"    fsdp) CONFIG=ppo_trainer ;;"_s
          << u"    megatron) CONFIG=ppo_megatron_trainer ;;"_s << u"    *) echo unknown; exit 1 ;;"_s << u"esac"_s;
    lines << u"if [ -n \"${EXTRA:-}\" ]; then"_s << u"    ARGS0+=(trainer.extra=1)"_s << u"fi"_s;
    lines << u"cat <<'EOF' > /dev/null"_s;
    for (int i = 0; i < 20; ++i)
        lines << u"notes with \"quotes\" and $dollars and `ticks` %1"_s.arg(i);
    lines << u"EOF"_s;
    lines << u"run() {"_s << u"    python3 -m verl.trainer.main_ppo --config-name=\"${CONFIG}\" \"$@\""_s << u"}"_s;
    while (lines.size() < 980)
        lines << u"echo \"step $((${#lines} + 1))\" | tee -a log.txt"_s;
    lines << u"run \"${ARGS0[@]}\" \"${ARGS1[@]}\" \"${PROFILE[@]}\" actor_rollout_ref.model.path=\"$MODEL_PATH\""_s
          << u"run \"${ARGS2[@]}\" \"${PROFILE[@]}\""_s << u"run \"${ARGS3[@]}\" \"${PROFILE[@]}\""_s;
    return lines.join(u'\n') + u'\n';
}

QString exportScript()
{
    QStringList lines{u"#!/usr/bin/env bash"_s};
    for (int i = 0; i < 5000; ++i)
        lines << u"export SETTING_%1=\"${SETTING_%1:-%1}\""_s.arg(i);
    lines << u"python3 -m verl.trainer.main_ppo trainer.total_epochs=${SETTING_7}"_s;
    return lines.join(u'\n') + u'\n';
}

QString overrideLines()
{
    // verl's own keys at the newest release, their defaults as values; one in ten with two letters swapped.
    const auto &facts = vna::verl::ConfigFacts::instance();
    const qsizetype release = facts.releaseFor(vna::verl::latestKnown());
    const auto config = facts.compose(u"verl/trainer/config/ppo_trainer"_s, release);
    QStringList leaves;
    if (config) {
        for (auto it = config->nodes.cbegin(); it != config->nodes.cend(); ++it) {
            const auto type = it->type;
            if (type == vna::verl::ConfigNode::Type::Int || type == vna::verl::ConfigNode::Type::Float
                || type == vna::verl::ConfigNode::Type::Bool)
                leaves << it.key() + u'=' + QString::number(it->value.toDouble());
        }
    }
    leaves.sort();
    QStringList lines{u"python3 -m verl.trainer.main_ppo \\"_s};
    for (int i = 0; i < 5000 && !leaves.isEmpty(); ++i) {
        QString word = leaves.at(i % leaves.size());
        if (i % 10 == 9) {
            const qsizetype at = word.indexOf(u'=') - 3;
            const QChar c = word.at(at);
            word[at] = word.at(at + 1);
            word[at + 1] = c;
        }
        lines << u"    "_s + word + u" \\"_s;
    }
    lines << u"    trainer.total_epochs=1"_s;
    return lines.join(u'\n') + u'\n';
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double timeProcess(const QString &program, const QStringList &args)
{
    QElapsedTimer timer;
    timer.start();
    QProcess process;
    process.start(program, args);
    process.waitForFinished(60000);
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

// Times one script; false when lint() misses the target or cannot read it.
bool measure(const char *name, const QString &text, const QString &program)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"train.sh"_s);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
        return false;
    file.close();

    const vna::verl::Version version = vna::verl::latestKnown();
    const auto check = vna::profiler::lint(text, version);
    if (!check) {
        std::printf("%s: lint failed: %s\n", name, qPrintable(check.error().message));
        return false;
    }
    std::vector<double> lint;
    std::vector<double> bash;
    std::vector<double> cli;
    for (int i = 0; i < kRuns; ++i) {
        QElapsedTimer timer;
        timer.start();
        (void)vna::profiler::lint(text, version);
        lint.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        bash.push_back(timeProcess(u"bash"_s, {u"-n"_s, path}));
        if (!program.isEmpty())
            cli.push_back(timeProcess(program, {u"lint"_s, path}));
    }
    const double lintMs = median(lint);
    const double bashMs = median(bash);
    std::printf("Lint bench, %s: %lld lines, %lld launches, %lld overrides, %lld findings\n", name,
                static_cast<long long>(text.count(u'\n')), static_cast<long long>(check->launches.size()),
                static_cast<long long>(check->overrides), static_cast<long long>(check->findings.size()));
    std::printf("  lint() in the process      %8.2f ms (median of %d)\n", lintMs, kRuns);
    std::printf("  bash -n, a process         %8.2f ms (median of %d)\n", bashMs, kRuns);
    if (!cli.empty())
        std::printf("  verl-npu-assistant lint    %8.2f ms (the whole process)\n", median(cli));
    std::printf("  ratio lint()/bash -n       %8.2f\n", lintMs / bashMs);
    const bool met = lintMs < kTargetMs;
    std::printf("  target lint() < %.0f ms: %s\n", kTargetMs, met ? "met" : "MISSED");
    return met;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString program = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    const bool launches = measure("launch script", launchScript(), program);
    const bool exports = measure("export lines", exportScript(), program);
    const bool overrides = measure("5,000 override lines", overrideLines(), program);
    for (int i = 2; i < argc; ++i) {
        QFile file(QString::fromLocal8Bit(argv[i]));
        if (file.open(QIODevice::ReadOnly))
            measure(argv[i], QString::fromUtf8(file.readAll()), program);
    }
    return launches && exports && overrides ? 0 : 1;
}
