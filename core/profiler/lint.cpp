#include "lint.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include "hydra/parser.h"
#include "hydra/shell.h"
#include "profiler/checks.h"
#include "verl/profilerschema.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerLint)
};

bool looksLikeOverride(const QString &word)
{
    static const QRegularExpression pattern(u"^(?:\\+\\+|\\+|~)?[A-Za-z_$][A-Za-z0-9_$.@/-]*(?:=|\\z)"_s);
    if (!pattern.match(word).hasMatch())
        return false;
    return word.contains(u'=') || word.startsWith(u'~');
}

int distance(const QString &a, const QString &b)
{
    QList<int> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = static_cast<int>(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int previous = row[0];
        row[0] = static_cast<int>(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int current = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, previous + (a.at(i - 1) == b.at(j - 1) ? 0 : 1)});
            previous = current;
        }
    }
    return row[b.size()];
}

QString word(const hydra::Override &override)
{
    const auto text = hydra::format(override);
    return text ? shell::quote(*text) : QString();
}

} // namespace

Result<LintReport> lint(const QString &script, const verl::Version &version, const std::atomic_bool *cancel)
{
    if (script.size() > kMaxScriptBytes)
        return Error::input(Text::tr("The text is larger than 16 MiB; that is not a launch script."));
    const auto parsed = shell::parseScript(script);
    if (!parsed)
        return parsed.error();

    LintReport report;
    Settings settings;
    const auto add = [&report](const shell::Word &at, Finding::Severity severity, const QString &rule,
                               const QString &message, const QString &fix = QString(), const QString &key = QString()) {
        report.findings.append({severity, rule, message, fix, key, at.line, at.column});
    };

    for (const shell::Command &command : parsed->commands) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return Error::runtime(Text::tr("Cancelled."));
        for (const shell::Word &assignment : command.assignments) {
            if (assignment.text.section(u'=', 0, 0) == u"HCCL_DEBUG") {
                add(assignment, Finding::Severity::Warning, u"hccl-debug"_s,
                    Text::tr(
                        "HCCL_DEBUG is NCCL_DEBUG's look-alike; HCCL does not read it. For HCCL logs set "
                        "ASCEND_GLOBAL_LOG_LEVEL=1 (with ASCEND_SLOG_PRINT_TO_STDOUT=1 to see them on screen) and, "
                        "for more detail, HCCL_DEBUG_CONFIG=ALG,TASK,RESOURCE."),
                    command.exported ? u"export ASCEND_GLOBAL_LOG_LEVEL=1"_s : u"ASCEND_GLOBAL_LOG_LEVEL=1"_s);
            }
        }
        for (const shell::Word &w : command.words) {
            if (!looksLikeOverride(w.text))
                continue;
            ++report.overrides;
            const auto override = hydra::parseOverride(w.text);
            if (!override) {
                add(w, Finding::Severity::Error, u"hydra-syntax"_s,
                    Text::tr("Hydra cannot read this override: %1.").arg(override.error().message));
                continue;
            }
            hydra::Override effective = override->override;
            const bool unknownValue = w.substitution || !w.unresolved.isEmpty();
            if (unknownValue) {
                add(w, Finding::Severity::Warning, u"unresolved-variable"_s,
                    Text::tr("%1 is set outside this script, so the value of %2 is not checked.")
                        .arg(w.substitution ? u"$(…)"_s : u'$' + w.unresolved.join(u", $"_s), effective.key),
                    QString(), effective.key);
            }

            // Keys that belong to another verl version.
            if (const auto moved = verl::movedKey(version, effective.key)) {
                hydra::Override replaced = effective;
                replaced.key = *moved;
                add(w, Finding::Severity::Error, u"key-not-in-version"_s,
                    moved->isEmpty() ? Text::tr("%1 does not exist in verl %2 and has no equivalent there.")
                                           .arg(effective.key, version.toString())
                                     : Text::tr("%1 does not exist in verl %2; the setting is %3 there.")
                                           .arg(effective.key, version.toString(), *moved),
                    moved->isEmpty() ? QString() : word(replaced), effective.key);
                if (moved->isEmpty())
                    continue;
                effective = replaced;
            }

            const auto known = verl::findKey(version, effective.key);
            if (!known) {
                // A typo or a field of another version under a node whose fields are all known.
                for (const QString &node : verl::closedNodes(version)) {
                    if (!effective.key.startsWith(node + u'.'))
                        continue;
                    QString closest;
                    int best = 4;
                    QStringList fields;
                    for (const verl::ConfigKey &candidate : verl::profilerKeys(version)) {
                        if (!candidate.key.startsWith(node + u'.'))
                            continue;
                        fields << candidate.key.mid(node.size() + 1);
                        const int d = distance(candidate.key, effective.key);
                        if (d < best) {
                            best = d;
                            closest = candidate.key;
                        }
                    }
                    hydra::Override suggested = effective;
                    suggested.key = closest;
                    add(w, Finding::Severity::Error, u"unknown-key"_s,
                        Text::tr("%1 is not a setting of %2 in verl %3 (its settings: %4).")
                            .arg(effective.key, node, version.toString(), fields.join(u", "_s)),
                        closest.isEmpty() ? QString() : word(suggested), effective.key);
                    break;
                }
            }
            if (known && effective.prefix == hydra::Override::Prefix::Add) {
                hydra::Override plain = effective;
                plain.prefix = hydra::Override::Prefix::None;
                add(w, Finding::Severity::Error, u"plus-on-existing-key"_s,
                    Text::tr("+%1 adds a key that verl already has; Hydra stops with \"Could not append to config. An "
                             "item is already at …\". Drop the +.")
                        .arg(effective.key),
                    word(plain), effective.key);
                effective = plain;
            }

            bool valueFixed = false;
            hydra::Override corrected = effective;
            if (effective.value && !unknownValue) {
                const verl::ConfigKey kind = known ? *known : verl::ConfigKey{effective.key, verl::ValueKind::Path};
                // Unknown keys: only the grammar-level problems (sweeps) are knowable.
                const auto problem = checkValue(kind, *effective.value);
                if (problem
                    && (known || problem->rule == u"ambiguous-sweep" || problem->rule == u"sweep-needs-multirun")) {
                    std::optional<Value> fixValue = problem->fix;
                    if (!known && problem->rule == u"ambiguous-sweep")
                        fixValue = Value::list(effective.value->toSweep());
                    hydra::Override fixed = effective;
                    if (fixValue)
                        fixed.value = *fixValue;
                    add(w, problem->severity, problem->rule, effective.key + u": "_s + problem->message,
                        fixValue ? word(fixed) : QString(), effective.key);
                    valueFixed = fixValue.has_value();
                    if (valueFixed)
                        corrected = fixed;
                }
            }

            // What bash does to the word before Hydra sees it.
            if (w.unquotedBraceList) {
                add(w, Finding::Severity::Error, u"shell-brace-expansion"_s,
                    Text::tr("bash expands {…,…} into several words before Hydra sees them; single-quote the "
                             "override."),
                    shell::quote(w.text), effective.key);
            } else if (w.unquotedBrackets && !valueFixed && effective.value
                       && (effective.value->type() == Value::Type::List
                           || effective.value->type() == Value::Type::Dict)) {
                add(w, Finding::Severity::Warning, u"shell-unquoted-list"_s,
                    Text::tr("[…] unquoted is a glob pattern to bash (it matches files named like it) and an error in "
                             "zsh (\"no matches found\"); single-quote the override."),
                    shell::quote(w.text), effective.key);
            }

            if (effective.value && !unknownValue)
                report.corrected.append(corrected);
            if (effective.value) {
                settings.set(effective.key, unknownValue ? Value::interpolation(w.raw) : *effective.value,
                             {w.line, w.column});
            }
        }
    }

    report.findings += checkSettings(settings, version);
    std::stable_sort(report.findings.begin(), report.findings.end(), [](const Finding &a, const Finding &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    return report;
}

Result<QString> readScript(QFile &file, const QString &name)
{
    const QByteArray bytes = file.read(kMaxScriptBytes + 1);
    if (bytes.size() > kMaxScriptBytes)
        return Error::input(Text::tr("%1 is larger than 16 MiB; that is not a launch script.").arg(name), name);
    if (file.error() != QFileDevice::NoError)
        return Error::input(Text::tr("Cannot read %1: %2").arg(name, file.errorString()), name);
    return QString::fromUtf8(bytes);
}

Result<QString> readScriptFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::input(Text::tr("%1 does not exist.").arg(path), path);
    if (info.isDir())
        return Error::input(Text::tr("%1 is a folder; choose the launch script in it.").arg(path), path);
    if (!info.isFile())
        return Error::input(
            Text::tr("%1 is not a regular file (a pipe or a device); save the script to a file first.").arg(path),
            path);
    if (info.size() > kMaxScriptBytes)
        return Error::input(Text::tr("%1 is larger than 16 MiB; that is not a launch script.").arg(path), path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::input(Text::tr("Cannot read %1: %2").arg(path, file.errorString()), path);
    return readScript(file, path);
}

QString summary(const LintReport &report)
{
    const int overrides = static_cast<int>(report.overrides);
    if (report.findings.isEmpty())
        return Text::tr("No problems found in %n override(s).", nullptr, overrides);
    const qsizetype errors = countErrors(report.findings);
    return Text::tr("%1 error(s), %2 warning(s) in %n override(s).", nullptr, overrides)
        .arg(errors)
        .arg(report.findings.size() - errors);
}

QStringList corrections(const LintReport &report)
{
    QStringList fixes;
    for (const Finding &finding : report.findings) {
        if (!finding.fix.isEmpty() && !fixes.contains(finding.fix))
            fixes << finding.fix;
    }
    return fixes;
}

} // namespace vna::profiler
