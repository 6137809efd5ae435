#include "lint.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include "bash/interpreter.h"
#include "bash/paste.h"
#include "common/editdistance.h"
#include "common/pyversion.h"
#include "env/stackpins.h"
#include "hydra/parser.h"
#include "hydra/shell.h"
#include "profiler/checks.h"
#include "profiler/configrules.h"
#include "profiler/crosskeys.h"
#include "verl/facts.h"
#include "verl/launch.h"
#include "verl/profilerschema.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerLint)
};

QString hydraText(const hydra::Override &o)
{
    const auto text = hydra::format(o);
    return text ? *text : QString();
}

// Kinds whose value the linter checks: an unknown value there is worth a warning.
bool checkedKind(verl::ValueKind kind)
{
    switch (kind) {
    case verl::ValueKind::Path:
    case verl::ValueKind::String:
    case verl::ValueKind::Any:
        return false;
    default:
        return true;
    }
}

// Where a variable the script does not set is used in something the linter would have checked.
struct VariableUse
{
    shell::Origin origin = shell::Origin::Outside;
    qsizetype line = 0;
    qsizetype column = 0;
    QStringList keys;
};

// The corrected command of one launch: each override as it should be, in order.
struct Entry
{
    QString key;  // empty when unknown
    QString word; // the shell word
};

// What one launch's overrides share while they are read in order.
struct LaunchState
{
    Settings settings;
    QSet<QString> braceReported;
    bool contentsMerged = false;
    std::optional<LaunchConfig> config;
    QHash<qsizetype, ConfigVerdict> groupChoices; // by word index: read before every key, as Hydra does
    bool counts = true;                           // the first reading of the launch: its coverage counts
};

class Linter
{
public:
    Linter(const verl::Version &version, const std::atomic_bool *cancel)
        : m_version{version}
        , m_facts{verl::factsFor(version)}
        , m_cancel{cancel}
    {}

    Result<LintReport> run(const QString &script)
    {
        // A pasted `set -x` trace holds the commands bash ran, already expanded, behind "+ "; a command
        // copied from an issue may come with its Markdown.
        const shell::Pasted input = shell::readPaste(script);
        m_report.tracedCommands = input.traceCommands;
        m_report.markdown = input.markdown;
        const auto parsed = shell::interpret(input.script);
        if (!parsed)
            return parsed.error();
        m_run = &*parsed;
        m_report.sourced = parsed->sourced;

        for (const shell::Executed &command : parsed->commands) {
            if (cancelled())
                return Error::runtime(Text::tr("Cancelled."));
            for (const shell::Assigned &a : command.assignments)
                assignment(a, command);
            for (const shell::Assigned &a : envAssignments(command))
                assignment(a, command);
        }
        const QList<verl::Launch> launches = verl::findLaunches(*parsed);
        const bool programs
            = std::any_of(launches.begin(), launches.end(), [](const verl::Launch &l) { return !l.fragment; });
        QSet<QString> seen; // a launch inside a loop or a function called twice is reported once
        for (const verl::Launch &launch : launches) {
            if (cancelled())
                return Error::runtime(Text::tr("Cancelled."));
            if (launch.fragment && programs) {
                // In a script that starts a program, a line of overrides is a command bash cannot find.
                const shell::Field &first = parsed->commands[launch.command].words.first();
                add(first, Finding::Severity::Error, u"override-as-command"_s,
                    Text::tr("bash runs this line as a command named \"%1\" and stops with \"command not found\": its "
                             "overrides never reach a verl program. The command before it ends too early; look for a "
                             "comment or a blank after the backslash that should continue it.")
                        .arg(first.text));
                continue;
            }
            const QString where = u"%1:%2"_s.arg(launch.line).arg(launch.column);
            const bool first = !seen.contains(where);
            seen.insert(where);
            lintLaunch(launch, first);
        }
        variableWarnings();
        if (parsed->windowsLineEnds) {
            // The reader reads through \r\n; bash does not, so the launch above it is not what runs.
            const qsizetype cr = script.indexOf(u"\r\n"_s);
            add(script.left(cr).count(u'\n') + 1, 1, Finding::Severity::Error, u"shell-crlf"_s,
                Text::tr("The script has Windows line ends (CRLF). bash keeps the \\r as part of the words and a "
                         "backslash before it no longer continues the line, so the command breaks apart. Convert it "
                         "with dos2unix."));
        }
        if (parsed->truncated) {
            add(1, 1, Finding::Severity::Warning, u"not-checked"_s,
                Text::tr("The script asks for more than the linter follows (a command of more than %1 words, calls "
                         "nested more than %2 deep, more than %3 commands or %4 steps in all); what lies beyond was "
                         "not checked.")
                    .arg(shell::kMaxFields)
                    .arg(shell::kMaxCallDepth)
                    .arg(shell::kMaxCommands)
                    .arg(shell::kMaxSteps));
        }

        // One finding per place and problem, in script order.
        QSet<QString> unique;
        QList<Finding> findings;
        for (const Finding &f : std::as_const(m_report.findings)) {
            const QString id = u"%1:%2:%3:%4:%5"_s.arg(f.line).arg(f.column).arg(f.rule, f.message, f.fix);
            if (!unique.contains(id)) {
                unique.insert(id);
                findings.append(f);
            }
        }
        std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
            return a.line != b.line ? a.line < b.line : a.column < b.column;
        });
        m_report.findings = findings;
        return m_report;
    }

private:
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    void add(qsizetype line,
             qsizetype column,
             Finding::Severity severity,
             const QString &rule,
             const QString &message,
             const QString &key = QString(),
             const QList<hydra::Override> &fixes = {})
    {
        m_report.findings.append({severity, rule, message, fixText(fixes), key, line, column, fixes});
    }

    void add(const shell::Field &at,
             Finding::Severity severity,
             const QString &rule,
             const QString &message,
             const QString &key = QString(),
             const QList<hydra::Override> &fixes = {})
    {
        add(at.line, at.column, severity, rule, message, key, fixes);
    }

    // The vllm-ascend releases verl's own Ascend images of this release install (its tag carries the
    // older Dockerfiles too), oldest first; a branch (releases/v0.18.0) counts as its release.
    QStringList imageVllmAscend() const
    {
        const env::ReleasePins *release = env::releasePins(env::stackPins().verl, m_facts.version.toString());
        QStringList versions;
        if (!release || m_facts.version != m_version)
            return versions;
        static const QRegularExpression version(u"^(?:==|releases/v)([0-9]+\\.[0-9]+[0-9a-z.]*)$"_s);
        for (const env::StackImage &image : release->images) {
            for (const env::StackPin &pin : image.installs) {
                const auto m = version.match(pin.spec);
                if (pin.package == u"vllm-ascend" && m.hasMatch() && !versions.contains(m.captured(1)))
                    versions << m.captured(1);
            }
        }
        std::sort(versions.begin(), versions.end(),
                  [](const QString &a, const QString &b) { return comparePyVersions(a, b).value_or(0) < 0; });
        return versions;
    }

    // `env [-i] [-u NAME] NAME=value … program`: the program's environment, as export would set it.
    static QList<shell::Assigned> envAssignments(const shell::Executed &command)
    {
        QList<shell::Assigned> out;
        const QList<shell::Field> &words = command.words;
        if (words.isEmpty() || !words.first().known() || words.first().text.section(u'/', -1) != u"env")
            return out;
        static const QRegularExpression assign(u"^([A-Za-z_][A-Za-z0-9_]*)=(.*)\\z"_s,
                                               QRegularExpression::DotMatchesEverythingOption);
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &t = words[i].text;
            if (t == u"-u" || t == u"--unset" || t == u"-C" || t == u"--chdir" || t == u"-S"
                || t == u"--split-string") {
                ++i; // an option and its value
                continue;
            }
            if (t.startsWith(u'-'))
                continue;
            const auto m = assign.match(t);
            if (!m.hasMatch())
                break; // the program
            shell::Field value = words[i];
            value.text = m.captured(2);
            value.unknowns.clear();
            for (shell::Unknown u : words[i].unknowns) {
                u.offset -= m.capturedStart(2);
                if (u.offset >= 0)
                    value.unknowns << u;
            }
            out.append({m.captured(1), value, true, words[i].line, words[i].column});
        }
        return out;
    }

    void assignment(const shell::Assigned &a, const shell::Executed &command)
    {
        if (a.name == u"VLLM_ATTENTION_BACKEND" && a.value.known()
            && a.value.text.compare(u"XFORMERS"_s, Qt::CaseInsensitive) == 0) {
            // vLLM's V1 engine has no XFORMERS backend: vLLM falls back to V0, which vllm-ascend refuses
            // from the release stack-pins.json names (v0.10.0rc1:vllm_ascend/platform.py:120).
            const env::ReleasePins *refuses = env::firstRefusingV0Engine();
            if (!refuses)
                return;
            QString message = Text::tr("VLLM_ATTENTION_BACKEND=XFORMERS makes vLLM fall back to its V0 engine, which "
                                       "vllm-ascend refuses from %1 on (\"vLLM Ascend does not support V0 engine.\", "
                                       "%2); with an earlier vllm-ascend it runs. On NPU, leave it unset.")
                                  .arg(refuses->version, refuses->refusesV0Engine);
            if (const QStringList images = imageVllmAscend(); !images.isEmpty())
                message += u' '
                    + Text::tr("verl %1's Ascend images install vllm-ascend %2.")
                          .arg(m_version.toString(), QLocale().createSeparatedList(images));
            add(a.line, a.column, Finding::Severity::Warning, u"vllm-xformers"_s, message);
            m_report.findings.last().fix = u"unset VLLM_ATTENTION_BACKEND"_s; // a shell line, not an override
            return;
        }
        if (a.name != u"HCCL_DEBUG")
            return;
        const bool export_ = a.exported && (command.words.isEmpty() || command.words.first().text == u"export");
        const QString fix = export_ ? u"export ASCEND_GLOBAL_LOG_LEVEL=1"_s : u"ASCEND_GLOBAL_LOG_LEVEL=1"_s;
        add(a.line, a.column, Finding::Severity::Warning, u"hccl-debug"_s,
            Text::tr("HCCL_DEBUG is NCCL_DEBUG's look-alike; HCCL does not read it. For HCCL logs set "
                     "ASCEND_GLOBAL_LOG_LEVEL=1 (with ASCEND_SLOG_PRINT_TO_STDOUT=1 to see them on screen) and, "
                     "for more detail, HCCL_DEBUG_CONFIG=ALG,TASK,RESOURCE."));
        m_report.findings.last().fix = fix; // a shell line, not an override
    }

    void noteUnknowns(const shell::Field &w, const QString &key, bool inKey)
    {
        for (const shell::Unknown &u : w.unknowns) {
            if (u.origin == shell::Origin::Script || u.origin == shell::Origin::Shell)
                continue; // set by the script or by bash itself: not a value from outside
            if (!inKey) {
                const auto known = verl::findKey(m_version, key);
                if (!known || !checkedKind(known->kind))
                    continue;
            }
            VariableUse &use = m_uses[u.name];
            if (use.line == 0) {
                use.origin = u.origin;
                use.line = w.line;
                use.column = w.column;
            }
            const QString shown = key.isEmpty() ? w.source : key;
            if (!use.keys.contains(shown))
                use.keys << shown;
        }
    }

    void variableWarnings()
    {
        for (auto it = m_uses.cbegin(); it != m_uses.cend(); ++it) {
            const VariableUse &use = it.value();
            const QString keys = use.keys.join(u", "_s);
            QString message;
            switch (use.origin) {
            case shell::Origin::Argument:
                message = Text::tr("%1 is an argument given to the script, so the value of %2 is not checked.")
                              .arg(u'$' + it.key(), keys);
                break;
            case shell::Origin::Sourced:
                message = Text::tr("$%1 is not set in this script; it may come from %2, which it sources, so the "
                                   "value of %3 is not checked.")
                              .arg(it.key(), m_report.sourced.join(u", "_s), keys);
                break;
            default:
                message = Text::tr("$%1 is not set in this script, so it comes from the environment and the value "
                                   "of %2 is not checked.")
                              .arg(it.key(), keys);
                break;
            }
            add(use.line, use.column, Finding::Severity::Warning, u"unresolved-variable"_s, message, use.keys.value(0));
        }
    }

    // The checks verl makes across keys at start-up, with the values this launch gives them: the last
    // override of a key, else the config's default. A value only the running script knows is not judged.
    void crossKeys(const verl::Launch &launch, const LaunchState &state, const QList<shell::Field> &words)
    {
        // "$@" may set any of them again.
        if (!state.config->known() || verl::olderThanFacts(m_version) || launch.passesArguments)
            return;
        QHash<QString, std::optional<QJsonValue>> given; // nullopt: set to what only running tells
        QHash<QString, const shell::Field *> at;
        for (const qsizetype index : launch.overrides) {
            const shell::Field &w = words[index];
            QString key = w.text.section(u'=', 0, 0);
            while (key.startsWith(u'+'))
                key.remove(0, 1);
            at.insert(key, &w);
            if (!w.known()) {
                given.insert(key, std::nullopt);
                continue;
            }
            const auto parsed = hydra::parseOverride(w.text);
            if (!parsed || !parsed->override.value) {
                given.insert(key, std::nullopt);
                continue;
            }
            // ${…}, sweeps and calls are only known when Hydra and OmegaConf resolve them.
            const hydra::Value &v = *parsed->override.value;
            const auto t = v.type();
            const bool resolvedLater = t == hydra::Value::Type::Interpolation || t == hydra::Value::Type::Sweep
                || t == hydra::Value::Type::Call;
            given.insert(key, resolvedLater ? std::nullopt : std::optional<QJsonValue>(hydra::toJson(v)));
        }
        const KeyValue value = [&given, &state](const QString &key) -> std::optional<QJsonValue> {
            if (const auto it = given.constFind(key); it != given.constEnd())
                return *it;
            return state.config->defaultValue(key);
        };
        for (Finding f : crossKeyFindings(m_facts, launch.fragment ? QString() : launch.entry, value)) {
            const shell::Field *word = at.value(f.key);
            f.line = word ? word->line : launch.line;
            f.column = word ? word->column : launch.column;
            m_report.findings.append(f);
        }
    }

    // python -m verl.… of a module the release does not have: Python stops before any config is read.
    // Judged only for verl's own modules, from the releases' program lists (recipe.* moved out of verl).
    void missingModule(const verl::Launch &launch)
    {
        if (launch.fragment || !launch.module || !launch.entry.startsWith(u"verl."_s)
            || verl::olderThanFacts(m_version))
            return;
        const auto has = [&launch](const verl::VersionFacts &f) {
            const auto same = [&launch](const verl::EntryPoint &p) { return p.module == launch.entry; };
            return std::any_of(f.entryPoints.begin(), f.entryPoints.end(), same)
                || std::any_of(f.notHydra.begin(), f.notHydra.end(), same);
        };
        if (has(m_facts))
            return;
        QList<verl::Version> others;
        for (const verl::VersionFacts &f : verl::allFacts()) {
            if (has(f))
                others << f.version;
        }
        if (others.isEmpty())
            return; // a module no release lists: a local file, perhaps; not judged
        add(launch.line, launch.column, Finding::Severity::Error, u"no-module"_s,
            Text::tr("verl %1 has no module %2 (it is in verl %3): Python stops at once with \"No module named "
                     "%2\".")
                .arg(m_facts.version.toString(), launch.entry, versionRange(others)));
    }

    // What stands for a key of another release in this one: the overrides to write instead (empty:
    // nothing), following the settings both releases name.
    QList<hydra::Override> equivalent(const QString &key,
                                      const std::optional<Value> &value,
                                      const QList<shell::Field> &words,
                                      const verl::Launch &launch)
    {
        const QString name = verl::settingOf(key);
        if (name.isEmpty())
            return {};
        QString target = m_facts.setting(name);
        const QString field = name.section(u'.', -1);
        if (target.isEmpty() && name.contains(u'.') && !name.startsWith(u"contents."_s))
            target = m_facts.setting(field); // a role's setting, global in 0.5 (level, analysis)
        if (target.isEmpty() && !name.contains(u'.'))
            target = m_facts.setting(u"actor."_s + name); // a 0.5 global setting, the actor's later
        if (!target.isEmpty())
            return {hydra::Override{hydra::Override::Prefix::None, target, value}};

        // contents as a list (0.6+) and as one switch per item (0.5).
        if (name.endsWith(u".contents"_s) && !m_facts.setting(u"contents.npu"_s).isEmpty()) {
            if (!value)
                return {};
            QStringList items;
            const Value list = value->type() == Value::Type::Sweep ? Value::list(value->toSweep()) : *value;
            if (list.type() == Value::Type::List) {
                for (const Value &item : list.toList()) {
                    if (item.type() == Value::Type::String)
                        items << item.toString();
                }
            }
            QList<hydra::Override> flags;
            for (const QString &item : verl::allowedContents(m_version)) {
                const QString flag = m_facts.setting(u"contents."_s + item);
                if (!flag.isEmpty())
                    flags << hydra::Override::set(flag, Value::boolean(items.contains(item)));
            }
            return flags;
        }
        if (name.startsWith(u"contents."_s)) {
            const QString contents = m_facts.setting(u"actor.contents"_s);
            if (contents.isEmpty())
                return {};
            // All of the launch's switches together make one list.
            Value::List items;
            for (const qsizetype index : launch.overrides) {
                const auto parsed = words[index].known() ? hydra::parseOverride(words[index].text)
                                                         : Result<hydra::ParsedOverride>(Error::input(QString()));
                if (!parsed || !parsed->override.value)
                    continue;
                const QString other = verl::settingOf(parsed->override.key);
                const Value &v = *parsed->override.value;
                const bool on = (v.type() == Value::Type::Bool && v.toBool())
                    || (v.type() == Value::Type::String && v.toString().toLower() == u"true");
                if (other.startsWith(u"contents."_s) && on)
                    items.push_back(Value::string(other.section(u'.', 1)));
            }
            return {hydra::Override::set(contents, Value::list(items))};
        }
        return {};
    }

    void lintLaunch(const verl::Launch &launch, bool first)
    {
        const shell::Executed &command = m_run->commands[launch.command];
        const QList<shell::Field> &words = command.words;
        LaunchReport report;
        report.program = launch.program;
        report.configName = launch.configName;
        report.line = launch.line;
        report.column = launch.column;
        report.passesArguments = launch.passesArguments;
        report.overrides = launch.overrides.size();
        m_report.overrides += first ? launch.overrides.size() : 0;
        if (launch.passesArguments && first) {
            m_report.notChecked.append({launch.line, launch.column, u"\"$@\""_s, QString(),
                                        Text::tr("the script passes its own arguments on to the program; what "
                                                 "they hold is only known when it runs")});
        }

        for (const qsizetype index : launch.badOptions) {
            add(words[index], Finding::Severity::Error, u"hydra-argument"_s,
                Text::tr("Hydra's command line has no option %1 and stops (\"unrecognized arguments\").")
                    .arg(words[index].text));
        }

        missingModule(launch);

        LaunchState state;
        state.counts = first;
        state.config.emplace(launch, m_version);
        report.config = state.config->known() ? state.config->describe() : QString();
        report.notChecked = state.config->unknownReason();
        // A search path of the script's own (pkg://verl_mlite.config) may hold group options and keys
        // verl lacks; Hydra adds it before it reads the choices.
        for (const qsizetype index : launch.overrides) {
            const shell::Field &w = words[index];
            if (!w.known() || !w.text.startsWith(u"hydra.searchpath="_s))
                continue;
            const auto parsed = hydra::parseOverride(w.text);
            if (!parsed || !parsed->override.value)
                continue;
            const hydra::Value &paths = *parsed->override.value;
            QStringList outside;
            const hydra::Value::List list
                = paths.type() == hydra::Value::Type::List ? paths.toList() : hydra::Value::List{paths};
            for (const hydra::Value &path : list) {
                const QString text
                    = path.type() == hydra::Value::Type::String ? path.toString() : hydra::describe(path);
                static const QRegularExpression verlOwn(u"^(pkg://verl[./]|file://(.*/)?verl/)"_s);
                if (!verlOwn.match(text).hasMatch())
                    outside << text;
            }
            if (!outside.isEmpty())
                state.config->addSearchPath(outside.join(u", "_s));
        }
        // Hydra reads the config group choices (model_engine=megatron …) before any key.
        for (const qsizetype index : launch.overrides) {
            const shell::Field &w = words[index];
            if (!w.known())
                continue;
            const auto parsed = hydra::parseOverride(w.text);
            if (parsed && state.config->isGroupChoice(parsed->override))
                state.groupChoices.insert(index, state.config->choose(parsed->override));
        }
        if (state.config->known()) {
            report.config = state.config->describe();
            report.configId = state.config->configId();
            report.choices = state.config->choices();
        }
        for (const qsizetype index : launch.overrides) {
            if (words[index].known()) {
                QString key = words[index].text.section(u'=', 0, 0);
                while (key.startsWith(u'+') || key.startsWith(u'~'))
                    key.remove(0, 1);
                report.keys << key;
            }
        }
        QList<Entry> entries;
        bool changed = false;
        for (const qsizetype index : launch.overrides) {
            const shell::Field &w = words[index];
            const qsizetype before = m_report.findings.size();
            const std::optional<QList<Entry>> out = lintOverride(w, index, words, launch, state);
            for (qsizetype i = before; i < m_report.findings.size(); ++i) {
                if (!m_report.findings[i].fixes.isEmpty() || m_report.findings[i].severity == Finding::Severity::Error)
                    changed = true;
            }
            if (!out)
                report.dropped << (w.known() ? shell::quote(w.text) : w.source);
            else
                entries += *out;
        }

        crossKeys(launch, state, words);

        if (launch.profilerConfig) {
            for (Finding f : checkSettings(state.settings, m_version, RunContext{launch.configName})) {
                if (f.line == 0) {
                    f.line = launch.line;
                    f.column = launch.column;
                }
                for (const hydra::Override &fix : f.fixes) {
                    changed = true;
                    // What the command meant now includes what makes it collect anything.
                    const auto meant = std::find_if(m_report.corrected.begin(), m_report.corrected.end(),
                                                    [&fix](const hydra::Override &o) { return o.key == fix.key; });
                    if (meant != m_report.corrected.end())
                        *meant = fix;
                    else
                        m_report.corrected.append(fix);
                    const QString word = shell::quote(hydraText(fix));
                    const auto same = std::find_if(entries.begin(), entries.end(),
                                                   [&fix](const Entry &e) { return e.key == fix.key; });
                    if (same != entries.end())
                        same->word = word;
                    else
                        entries.append({fix.key, word});
                }
                m_report.findings.append(f);
            }
        }
        if (changed) {
            // The program and Hydra's options as written, then the overrides.
            const QSet<qsizetype> overrides(launch.overrides.begin(), launch.overrides.end());
            for (qsizetype i = 0; i < words.size() && !launch.fragment; ++i) {
                if (!overrides.contains(i) && !words[i].spread)
                    report.corrected << (words[i].known() ? shell::quote(words[i].text) : words[i].source);
            }
            report.programWords = report.corrected.size();
            for (const Entry &e : std::as_const(entries))
                report.corrected << e.word;
        }
        if (first)
            m_report.launches.append(report);
    }

    // One override: its findings, and what the corrected command holds in its place: nothing when it is
    // dropped, an empty list when another word stands for it.
    // Counts an override as checked, or lists it with why it was not.
    void cover(const shell::Field &w, const QString &key, const QString &reason, const LaunchState &state)
    {
        if (!state.counts)
            return;
        if (reason.isEmpty())
            ++m_report.checked;
        else
            m_report.notChecked.append({w.line, w.column, w.known() ? w.text : w.source, key, reason});
    }

    // The config's findings about one override, placed at its word.
    void addVerdict(const shell::Field &w, const ConfigVerdict &verdict)
    {
        for (Finding f : verdict.findings) {
            f.line = w.line;
            f.column = w.column;
            m_report.findings.append(f);
        }
    }

    std::optional<QList<Entry>> lintOverride(const shell::Field &w,
                                             qsizetype wordIndex,
                                             const QList<shell::Field> &words,
                                             const verl::Launch &launch,
                                             LaunchState &state)
    {
        Settings &settings = state.settings;
        QSet<QString> &braceReported = state.braceReported;
        bool &contentsMerged = state.contentsMerged;
        QString text = w.text;
        const QString keep = w.known() ? shell::quote(w.text) : w.source;
        bool meantOne = false; // a brace list bash split, read as the one override it was written as
        if (w.braceExpanded) {
            const QString id = u"%1:%2"_s.arg(w.line).arg(w.column);
            const bool firstOfGroup = !braceReported.contains(id);
            braceReported.insert(id);
            meantOne = w.known() && hydra::parseOverride(w.unexpanded).ok();
            if (firstOfGroup) {
                QStringList made;
                for (const qsizetype index : launch.overrides) {
                    if (words[index].braceExpanded && words[index].line == w.line && words[index].column == w.column)
                        made << words[index].text;
                }
                add(w, Finding::Severity::Warning, u"shell-brace-expansion"_s,
                    Text::tr("bash expands {…} before Hydra sees it, so Hydra gets %n override(s) instead of one: %1; "
                             "the last one wins.",
                             nullptr, static_cast<int>(made.size()))
                        .arg(made.join(u' ')),
                    QString());
                if (meantOne)
                    m_report.findings.last().fix = shell::quote(w.unexpanded);
            }
            if (meantOne && !firstOfGroup)
                return QList<Entry>{};
            if (meantOne)
                text = w.unexpanded;
        }

        // Where the value or the key is only known when the script runs.
        const qsizetype equal = text.indexOf(u'=');
        bool keyUnknown = false;
        bool valueUnknown = false;
        for (const shell::Unknown &u : w.unknowns) {
            if (equal < 0 || u.offset < equal)
                keyUnknown = true;
            else
                valueUnknown = true;
        }
        if (keyUnknown) {
            noteUnknowns(w, QString(), true);
            cover(w, QString(), Text::tr("its key comes from a variable the script does not set"), state);
            return QList<Entry>{{QString(), keep}};
        }
        QString parseText = text;
        if (valueUnknown) {
            // The key is known: check it with a stand-in value.
            parseText = text.left(equal + 1) + u"x"_s;
        }
        const auto parsed = hydra::parseOverride(parseText);
        if (!parsed) {
            add(w, Finding::Severity::Error, u"hydra-syntax"_s,
                Text::tr("Hydra cannot read this override: %1.").arg(parsed.error().message));
            cover(w, QString(), QString(), state);
            return std::nullopt;
        }
        hydra::Override o = parsed->override;
        if (valueUnknown) {
            noteUnknowns(w, o.key, false);
            o.value.reset();
        }
        const QString original = o.key;
        if (state.groupChoices.contains(wordIndex)) {
            // model_engine=megatron …: checked against the group's options before the keys.
            const ConfigVerdict verdict = state.groupChoices.value(wordIndex);
            addVerdict(w, verdict);
            cover(w, o.key, verdict.checked ? QString() : verdict.notChecked, state);
            if (verdict.drop)
                return std::nullopt;
            if (verdict.instead)
                return QList<Entry>{{o.key, shell::quote(hydraText(*verdict.instead))}};
            return QList<Entry>{{o.key, keep}};
        }
        // Keys the profiler rules know better (their settings by release, their interpolated nodes).
        const verl::KeyFact *tracked = m_facts.key(o.key);
        const bool profilerKey = launch.profilerConfig
            && ((tracked && checkedKind(verl::findKey(m_version, o.key)->kind))
                || !m_facts.interpolatedAncestor(o.key).isEmpty()
                || (!tracked
                    && (!verl::settingOf(o.key).isEmpty() || !knownPrefix(o.key).isEmpty()
                        || !m_facts.closedAncestor(o.key).isEmpty())
                    && o.prefix != hydra::Override::Prefix::Add && o.prefix != hydra::Override::Prefix::ForceAdd
                    && state.config->movedTo(o.key).isEmpty()));
        if (!profilerKey)
            return configOverride(w, o, keep, valueUnknown, launch, state);
        cover(w, o.key, state.config->known() ? QString() : state.config->unknownReason(), state);

        // A field below a node verl defines as an interpolation.
        const QString interpolated = m_facts.interpolatedAncestor(o.key);
        if (!interpolated.isEmpty()) {
            const verl::SourcedValue target = m_facts.interpolated.value(interpolated);
            const QString replacement = m_facts.followedKey(o.key);
            const bool exists = m_facts.key(replacement) != nullptr;
            hydra::Override fixed = o;
            fixed.key = replacement;
            add(w, Finding::Severity::Error, u"interpolated-node"_s,
                exists ? Text::tr("In verl %1, %2 is an interpolation of %3 (%4), so Hydra cannot set %5 (\"Could not "
                                  "override\"); set %6, which it follows.")
                             .arg(m_version.toString(), interpolated, target.value, target.source, o.key, replacement)
                       : Text::tr("In verl %1, %2 is an interpolation of %3 (%4), so Hydra cannot set %5 (\"Could not "
                                  "override\").")
                             .arg(m_version.toString(), interpolated, target.value, target.source, o.key),
                o.key, exists && o.value ? QList<hydra::Override>{fixed} : QList<hydra::Override>{});
            if (!exists)
                return std::nullopt;
            o = fixed;
        }

        QList<hydra::Override> result{o};
        const qsizetype keyFinding = m_report.findings.size(); // a key fix found below, if any
        if (!m_facts.key(o.key)) {
            const auto r = missingKey(w, o, words, launch, contentsMerged);
            if (!r)
                return valueUnknown ? std::optional(QList<Entry>{{QString(), keep}}) : std::nullopt;
            result = *r;
        } else if (o.prefix == hydra::Override::Prefix::Add && plusRefused(o, state)) {
            hydra::Override plain = o;
            plain.prefix = hydra::Override::Prefix::None;
            add(w, Finding::Severity::Error, u"plus-on-existing-key"_s,
                Text::tr("+%1 adds a key that verl already has; Hydra stops with \"Could not append to config. An "
                         "item is already at …\". Drop the +.")
                    .arg(o.key),
                o.key, {plain});
            result = {plain};
        }

        // The values, each against its key in this release.
        QList<Entry> entries;
        bool valueChanged = false;
        for (hydra::Override &r : result) {
            if (r.value && r.prefix != hydra::Override::Prefix::Delete) {
                if (const auto key = verl::findKey(m_version, r.key)) {
                    const auto problem = launch.multirun && r.value->type() == Value::Type::Sweep
                        ? std::nullopt
                        : checkValue(*key, *r.value);
                    if (problem) {
                        hydra::Override fixed = r;
                        if (problem->fix)
                            fixed.value = *problem->fix;
                        add(w, problem->severity, problem->rule, r.key + u": "_s + problem->message, r.key,
                            problem->fix ? QList<hydra::Override>{fixed} : QList<hydra::Override>{});
                        if (problem->fix) {
                            r = fixed;
                            valueChanged = true;
                            refreshFix(keyFinding, r);
                        } else if (problem->severity == Finding::Severity::Error) {
                            return std::nullopt;
                        }
                    }
                    settings.set(r.key, *r.value, {w.line, w.column});
                } else {
                    const Sweep sweep = checkSweep(w, r, launch);
                    if (sweep == Sweep::Dropped)
                        return std::nullopt;
                    valueChanged = valueChanged || sweep == Sweep::Fixed;
                }
            }
            if (r.value)
                m_report.corrected.append(r);
            else if (valueUnknown && verl::findKey(m_version, r.key))
                settings.setUnknown(r.key, {w.line, w.column});
        }
        shellChecks(w, result.constFirst());
        const bool unchanged = result.size() == 1 && result.constFirst().key == original && !valueChanged
            && result.constFirst().prefix == parsed->override.prefix && !meantOne;
        if (unchanged || valueUnknown) {
            // As written, so the variables the script uses stay in the corrected command.
            QString word = keep;
            if (valueUnknown && result.constFirst().key != original)
                word = QString(w.source).replace(original, result.constFirst().key);
            entries.append({result.constFirst().key, word});
            return entries;
        }
        for (const hydra::Override &r : std::as_const(result))
            entries.append({r.key, shell::quote(hydraText(r))});
        return entries;
    }

    // Whether Hydra refuses +key on a tracked key: from the launch's config when it is known, else from the
    // key's default (hydra 1.3.2 refuses it only over a value that is not null, unless a list or dict merges).
    bool plusRefused(const hydra::Override &o, const LaunchState &state) const
    {
        if (state.config->known())
            return state.config->plusRefused(o);
        if (o.value && (o.value->type() == Value::Type::List || o.value->type() == Value::Type::Dict))
            return false;
        const verl::KeyFact *fact = m_facts.key(o.key);
        return fact && !fact->value.isNull() && fact->interpolation.isEmpty();
    }

    // A key fix found earlier for the same word shows the value fixed too.
    void refreshFix(qsizetype index, const hydra::Override &fixed)
    {
        if (index >= m_report.findings.size() - 1)
            return;
        Finding &f = m_report.findings[index];
        for (hydra::Override &fix : f.fixes) {
            if (fix.key == fixed.key)
                fix = fixed;
        }
        f.fix = fixText(f.fixes);
    }

    enum class Sweep { None, Fixed, Dropped };

    // What Hydra itself rejects whatever the key: a sweep in a run without --multirun. A comma sweep
    // becomes the list it meant (in `o`); a sweep function cannot be written otherwise and is dropped.
    Sweep checkSweep(const shell::Field &w, hydra::Override &o, const verl::Launch &launch)
    {
        if (!o.value || launch.multirun)
            return Sweep::None;
        const auto problem = checkValue(verl::ConfigKey{o.key, verl::ValueKind::Any, {}, {}, {}}, *o.value);
        if (!problem || (problem->rule != u"ambiguous-sweep" && problem->rule != u"sweep-needs-multirun"))
            return Sweep::None;
        hydra::Override fixed = o;
        const bool fixable = problem->rule == u"ambiguous-sweep";
        if (fixable)
            fixed.value = Value::list(o.value->toSweep());
        add(w, Finding::Severity::Error, problem->rule, o.key + u": "_s + problem->message, o.key,
            fixable ? QList<hydra::Override>{fixed} : QList<hydra::Override>{});
        if (!fixable)
            return Sweep::Dropped;
        o = fixed;
        return Sweep::Fixed;
    }

    // An override checked against the whole config its launch composes: the key, the +, the value.
    std::optional<QList<Entry>> configOverride(const shell::Field &w,
                                               hydra::Override o,
                                               const QString &keep,
                                               bool valueUnknown,
                                               const verl::Launch &launch,
                                               LaunchState &state)
    {
        bool changed = false;
        switch (checkSweep(w, o, launch)) {
        case Sweep::None:
            break;
        case Sweep::Fixed:
            changed = true;
            break;
        case Sweep::Dropped:
            cover(w, o.key, QString(), state);
            return std::nullopt;
        }
        const ConfigVerdict verdict = state.config->check(o, !valueUnknown);
        const qsizetype before = m_report.findings.size();
        addVerdict(w, verdict);
        if (valueUnknown && verdict.instead) {
            // The value is only known when the script runs: the fix is the word as written, re-keyed.
            const QString fix = QString(w.source).replace(w.text.section(u'=', 0, 0), hydraKey(*verdict.instead));
            for (qsizetype i = before; i < m_report.findings.size(); ++i) {
                if (!m_report.findings[i].fixes.isEmpty())
                    m_report.findings[i].fix = fix;
            }
        }
        // A key the profiler's rules reason about (rollout.mode, actor.strategy …): they see its value.
        if (launch.profilerConfig && verl::findKey(m_version, o.key)) {
            if (o.value && !valueUnknown)
                state.settings.set(o.key, *o.value, {w.line, w.column});
            else if (valueUnknown)
                state.settings.setUnknown(o.key, {w.line, w.column});
        }
        cover(w, o.key, verdict.checked ? QString() : verdict.notChecked, state);
        if (verdict.drop)
            return std::nullopt;
        if (verdict.instead) {
            o = *verdict.instead;
            changed = true;
        }
        if (o.value)
            m_report.corrected.append(o);
        if (!changed)
            return QList<Entry>{{o.key, keep}};
        if (valueUnknown)
            return QList<Entry>{{o.key, QString(w.source).replace(w.text.section(u'=', 0, 0), hydraKey(o))}};
        return QList<Entry>{{o.key, shell::quote(hydraText(o))}};
    }

    // The key part of an override as written: +key, ++key, ~key.
    static QString hydraKey(const hydra::Override &o)
    {
        switch (o.prefix) {
        case hydra::Override::Prefix::Add:
            return u'+' + o.key;
        case hydra::Override::Prefix::ForceAdd:
            return u"++"_s + o.key;
        case hydra::Override::Prefix::Delete:
            return u'~' + o.key;
        case hydra::Override::Prefix::None:
            break;
        }
        return o.key;
    }

    // A key this release does not have: of another release, a typo under a known node, or no profiler at
    // all. The overrides to write instead, or nothing (the override is dropped).
    std::optional<QList<hydra::Override>> missingKey(const shell::Field &w,
                                                     const hydra::Override &o,
                                                     const QList<shell::Field> &words,
                                                     const verl::Launch &launch,
                                                     bool &contentsMerged)
    {
        const QString version = m_version.toString();
        if (verl::keyInAnyRelease(o.key) || !knownPrefix(o.key).isEmpty()) {
            if (!m_facts.npuProfiler && !verl::settingOf(o.key).isEmpty()) {
                add(w, Finding::Severity::Error, u"key-not-in-version"_s,
                    Text::tr("verl %1 has no NPU profiler, so %2 does not exist there (Hydra: \"Key … is not in "
                             "struct\"); the NPU profiler arrived in verl %3.")
                        .arg(version, o.key, verl::firstWithNpuProfiler().toString()),
                    o.key);
                return std::nullopt;
            }
            QList<hydra::Override> instead = equivalent(o.key, o.value, words, launch);
            const bool mergedFlag = verl::settingOf(o.key).startsWith(u"contents."_s) && !instead.isEmpty();
            if (mergedFlag && contentsMerged)
                instead.clear(); // the switches were written as one contents list already
            QStringList keys;
            for (const hydra::Override &i : std::as_const(instead))
                keys << i.key;
            if (instead.isEmpty()) {
                add(w, Finding::Severity::Error, u"key-not-in-version"_s,
                    mergedFlag || contentsMerged
                        ? Text::tr("%1 does not exist in verl %2; it is part of the contents list written above.")
                              .arg(o.key, version)
                        : Text::tr("%1 does not exist in verl %2 (Hydra: \"Key … is not in struct\") and has no "
                                   "equivalent there.")
                              .arg(o.key, version),
                    o.key);
                return std::nullopt;
            }
            contentsMerged = contentsMerged || mergedFlag;
            add(w, Finding::Severity::Error, u"key-not-in-version"_s,
                Text::tr("%1 does not exist in verl %2 (Hydra: \"Key … is not in struct\"); there the setting is %3.")
                    .arg(o.key, version, keys.join(u", "_s)),
                o.key, o.value ? instead : QList<hydra::Override>{});
            return instead;
        }
        const QString node = m_facts.closedAncestor(o.key);
        if (node.isEmpty() || o.prefix == hydra::Override::Prefix::Add || o.prefix == hydra::Override::Prefix::ForceAdd)
            return QList<hydra::Override>{o}; // not a key the facts cover: Hydra and the program decide
        // A typo, or a field no release has, under a node whose every field is known.
        QString closest;
        int best = 4;
        QStringList fields;
        for (const verl::ConfigKey &candidate : verl::keysUnder(m_version, node)) {
            const QString field = candidate.key.mid(node.size() + 1);
            if (!field.contains(u'.'))
                fields << field;
            const int d = editDistance(candidate.key, o.key, best);
            if (d < best) {
                best = d;
                closest = candidate.key;
            }
        }
        hydra::Override suggested = o;
        suggested.key = closest;
        add(w, Finding::Severity::Error, u"unknown-key"_s,
            Text::tr("%1 is not a setting of %2 in verl %3, so Hydra stops (\"Key … is not in struct\"); its settings "
                     "are %4.")
                .arg(o.key, node, version, fields.join(u", "_s)),
            o.key, closest.isEmpty() || !o.value ? QList<hydra::Override>{} : QList<hydra::Override>{suggested});
        if (closest.isEmpty())
            return std::nullopt;
        return QList<hydra::Override>{suggested};
    }

    // The longest leading part of `key` that is a node or key of another release, when this release
    // lacks it (global_profiler.* in 0.5).
    QString knownPrefix(const QString &key) const
    {
        QString prefix = key;
        while (prefix.contains(u'.')) {
            prefix = prefix.section(u'.', 0, -2);
            if (m_facts.nodes.contains(prefix) || m_facts.keys.contains(prefix))
                return QString();
            for (const verl::VersionFacts &f : verl::allFacts()) {
                if (f.nodes.contains(prefix))
                    return prefix;
            }
        }
        return QString();
    }

    // What the shell does to the word before Hydra sees it.
    void shellChecks(const shell::Field &w, const hydra::Override &o)
    {
        if (!w.unquotedGlob || !m_run->unmatchedGlobFails || !o.value)
            return;
        if (o.value->type() != Value::Type::List && o.value->type() != Value::Type::Dict)
            return;
        add(w, Finding::Severity::Error, u"shell-unquoted-list"_s,
            Text::tr("[…] unquoted is a glob pattern; this shell (zsh, or bash with failglob/nullglob) stops with \"no "
                     "matches found\" or drops the word when no file matches. Single-quote the override."),
            o.key);
        m_report.findings.last().fix = shell::quote(w.text);
    }

    verl::Version m_version;
    const verl::VersionFacts &m_facts;
    const std::atomic_bool *m_cancel;
    const shell::Run *m_run = nullptr;
    LintReport m_report;
    QMap<QString, VariableUse> m_uses;
};

} // namespace

Result<LintReport> lint(const QString &script, const verl::Version &version, const std::atomic_bool *cancel)
{
    if (script.size() > kMaxScriptBytes)
        return Error::input(Text::tr("The text is larger than 16 MiB; that is not a launch script."));
    return Linter(version, cancel).run(script);
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

bool complete(const LintReport &report)
{
    return report.notChecked.isEmpty();
}

QString summary(const LintReport &report)
{
    const int overrides = static_cast<int>(report.overrides);
    const int unchecked = static_cast<int>(report.notChecked.size());
    if (report.overrides == 0 && report.findings.isEmpty())
        return Text::tr("Nothing was checked: no verl launch and no overrides were found.");
    if (report.findings.isEmpty()) {
        if (unchecked == 0)
            return Text::tr("No problems found in %n override(s).", nullptr, overrides);
        return Text::tr("No problems found in the %1 of %n override(s) that were checked; %2 not checked (listed "
                        "below).",
                        nullptr, overrides)
            .arg(report.checked)
            .arg(unchecked);
    }
    const qsizetype errors = countErrors(report.findings);
    if (unchecked == 0)
        return Text::tr("%1 error(s), %2 warning(s) in %n override(s).", nullptr, overrides)
            .arg(errors)
            .arg(report.findings.size() - errors);
    return Text::tr("%1 error(s), %2 warning(s) in %n override(s); %3 not checked (listed below).", nullptr, overrides)
        .arg(errors)
        .arg(report.findings.size() - errors)
        .arg(unchecked);
}

QStringList notCheckedLines(const LintReport &report)
{
    QStringList lines;
    for (const NotChecked &n : report.notChecked)
        lines << Text::tr("line %1: %2: %3").arg(n.line).arg(n.word, n.reason);
    return lines;
}

QStringList launchLines(const LintReport &report)
{
    QStringList lines;
    if (report.tracedCommands > 0)
        lines << Text::tr("Read as a set -x trace: the %n command(s) after \"+ \" as bash ran them; the lines "
                          "programs printed between them were left out.",
                          nullptr, static_cast<int>(report.tracedCommands));
    if (report.markdown)
        lines << Text::tr("Read as pasted from Markdown: the ``` fences or the backquotes around the command were left "
                          "out.");
    if (report.launches.isEmpty()) {
        lines << Text::tr("No verl launch found: no python -m verl…/recipe…, main_*.py, torchrun or ray job submit "
                          "command, and no overrides on their own, so nothing was checked.");
        return lines;
    }
    for (const LaunchReport &launch : report.launches) {
        const QString what = launch.program.isEmpty() ? Text::tr("overrides on their own") : launch.program;
        QString line = !launch.config.isEmpty()
            ? Text::tr("Line %1: %2, %n override(s), checked against %3", nullptr, static_cast<int>(launch.overrides))
                  .arg(launch.line)
                  .arg(what, launch.config)
            : Text::tr("Line %1: %2, %n override(s); its config is not known: %3", nullptr,
                       static_cast<int>(launch.overrides))
                  .arg(launch.line)
                  .arg(what, launch.notChecked);
        if (launch.passesArguments)
            line = Text::tr("%1; the script's own arguments are passed on too and are not checked").arg(line);
        lines << line;
    }
    return lines;
}

QString versionNote(const verl::Version &version)
{
    if (verl::isKnownRelease(version))
        return QString();
    const verl::VersionFacts &facts = verl::factsFor(version);
    if (verl::olderThanFacts(version))
        return Text::tr("verl %1 is older than every release this build has read (the first is %2): no override is "
                        "checked against its config, and the profiler settings are those of %2, which may differ.")
            .arg(version.toString(), facts.version.toString());
    return Text::tr("verl %1 is not a release this build has read; it is checked as verl %2 (%3), the nearest "
                    "earlier one it knows.")
        .arg(version.toString(), facts.version.toString(), facts.tag);
}

QString correctedText(const LintReport &report, const verl::Version &version)
{
    QStringList blocks;
    for (const LaunchReport &launch : report.launches) {
        if (launch.corrected.isEmpty() && launch.dropped.isEmpty())
            continue;
        QString block
            = u"# "_s + Text::tr("Corrected for verl %1 (line %2):").arg(version.toString()).arg(launch.line) + u'\n';
        if (!launch.corrected.isEmpty()) {
            // The program and its options on the first line, then one override per line.
            QStringList lines{launch.corrected.mid(0, launch.programWords).join(u' ')};
            lines += launch.corrected.mid(launch.programWords);
            if (lines.first().isEmpty())
                lines.removeFirst();
            block += lines.join(u" \\\n    "_s) + u'\n';
        }
        if (!launch.dropped.isEmpty())
            block += u"# "_s + Text::tr("Left out, with nothing to write instead: %1").arg(launch.dropped.join(u' '))
                + u'\n';
        blocks << block;
    }
    return blocks.join(u'\n');
}

} // namespace vna::profiler
