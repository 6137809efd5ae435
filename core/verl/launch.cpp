#include "launch.h"

#include <optional>

#include <QRegularExpression>

#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

namespace {

QString baseName(const QString &path)
{
    return path.section(u'/', -1);
}

bool isPython(const shell::Field &word)
{
    static const QRegularExpression python(u"^python[0-9.]*\\z"_s);
    if (word.known())
        return python.match(baseName(word.text)).hasMatch();
    // "${PYTHON}", $PYTHON_BIN, ${PYTHON:-python3} with an unknown value: named for what it holds.
    return word.unknowns.size() == 1 && word.unknowns.first().length == word.text.size()
        && word.unknowns.first().name.contains(u"python"_s, Qt::CaseInsensitive);
}

bool isTorchrun(const shell::Field &word)
{
    return word.known() && baseName(word.text) == u"torchrun";
}

// The part of a word before anything unknown: "--nproc_per_node=$N" is still an option.
QString knownHead(const shell::Field &word)
{
    return word.unknowns.isEmpty() ? word.text : word.text.left(word.unknowns.first().offset);
}

bool isOption(const shell::Field &word)
{
    return knownHead(word).startsWith(u'-') && knownHead(word).size() > 1;
}

// Programs that run the command that follows them: the launch is the first python or torchrun word after.
bool isWrapper(const QString &word)
{
    static const QStringList wrappers{u"nohup"_s,   u"exec"_s,   u"time"_s,    u"command"_s, u"builtin"_s,
                                      u"nice"_s,    u"stdbuf"_s, u"taskset"_s, u"numactl"_s, u"env"_s,
                                      u"timeout"_s, u"sudo"_s,   u"srun"_s,    u"mpirun"_s,  u"mpiexec"_s,
                                      u"ionice"_s,  u"setsid"_s, u"chrt"_s,    u"unbuffer"_s};
    return wrappers.contains(baseName(word));
}

struct Entry
{
    bool hydra = false;
    bool known = false;
    QString config;
};

bool sameEntry(const EntryPoint &point, const QString &entry, bool module)
{
    // Also run from inside the package: python -m main_gkd in recipe/gkd/megatron, python main_ppo.py.
    if (module)
        return point.module == entry || point.module.endsWith(u'.' + entry);
    return entry == point.file || entry.endsWith(u'/' + point.file) || point.file.endsWith(u'/' + entry)
        || entry.endsWith(u'/' + point.file.section(u'/', -2));
}

// Whether a module or script is a Hydra program of verl, from the entry points of every release and
// of verl-recipe.
Entry classify(const QString &entry, bool module)
{
    // The newest release that has it names its config.
    const QList<VersionFacts> &all = allFacts();
    std::optional<Entry> newest;
    for (const VersionFacts &f : all) {
        for (const EntryPoint &point : f.entryPoints) {
            if (sameEntry(point, entry, module)) {
                newest = Entry{true, true, point.config};
                break;
            }
        }
    }
    if (newest)
        return *newest;
    for (const EntryPoint &point : recipeEntryPoints()) {
        if (sameEntry(point, entry, module))
            return Entry{true, true, point.config};
    }
    for (const VersionFacts &f : all) {
        for (const EntryPoint &point : f.notHydra) {
            if (module && point.module == entry)
                return Entry{};
        }
    }
    // Entry points of later releases and of verl-recipe follow verl's naming: main_*.py, *.main_*, and
    // verl.*/recipe.* modules named main… (python -m main_gkd from a recipe's working directory too).
    const QString last = module ? entry.section(u'.', -1) : baseName(entry).section(u'.', 0, 0);
    const bool verlModule = entry.startsWith(u"verl."_s) || entry.startsWith(u"recipe."_s);
    if (module ? (verlModule && last.startsWith(u"main"_s)) || last.startsWith(u"main_"_s)
               : last.startsWith(u"main_"_s) && entry.endsWith(u".py"))
        return Entry{true, false, QString()};
    return Entry{};
}

bool takesValue(const QString &option)
{
    static const QStringList options{u"--config-path"_s, u"-cp"_s, u"--config-name"_s,       u"-cn"_s,
                                     u"--config-dir"_s,  u"-cd"_s, u"--package"_s,           u"-p"_s,
                                     u"--cfg"_s,         u"-c"_s,  u"--experimental-rerun"_s};
    return options.contains(option);
}

bool isFlag(const QString &option)
{
    static const QStringList flags{
        u"--multirun"_s,   u"-m"_s,        u"--run"_s,  u"-r"_s, u"--resolve"_s,          u"--help"_s, u"-h"_s,
        u"--hydra-help"_s, u"--version"_s, u"--info"_s, u"-i"_s, u"--shell-completion"_s, u"-sc"_s};
    return flags.contains(option);
}

// Hydra's own options and the overrides among a program's arguments, as Hydra's argparse splits them.
void readArguments(const QList<shell::Field> &words, qsizetype from, Launch &launch)
{
    for (qsizetype i = from; i < words.size(); ++i) {
        const shell::Field &w = words[i];
        if (w.spread) {
            launch.passesArguments = true;
            continue;
        }
        const QString &t = w.text;
        if (isOption(w)) {
            const QString option = knownHead(w).section(u'=', 0, 0);
            if (takesValue(option)) {
                launch.hydraOptions << i;
                QString value = t.contains(u'=') ? t.section(u'=', 1) : QString();
                if (!t.contains(u'=') && i + 1 < words.size()) {
                    launch.hydraOptions << ++i;
                    value = words[i].text;
                }
                if (option == u"--config-name" || option == u"-cn")
                    launch.configName = value;
                if (option == u"--config-path" || option == u"-cp")
                    launch.configPath = value;
                continue;
            }
            if (isFlag(option)) {
                launch.hydraOptions << i;
                launch.multirun = launch.multirun || option == u"--multirun" || option == u"-m";
                // --info takes an optional word naming what to print
                if (option == u"--info" || option == u"-i") {
                    static const QStringList topics{u"all"_s,           u"config"_s,  u"defaults"_s,
                                                    u"defaults-tree"_s, u"plugins"_s, u"searchpath"_s};
                    if (i + 1 < words.size() && topics.contains(words[i + 1].text))
                        launch.hydraOptions << ++i;
                }
                continue;
            }
            launch.badOptions << i;
            launch.hydraOptions << i;
            continue;
        }
        launch.overrides << i;
    }
}

bool looksLikeOverride(const shell::Field &word)
{
    static const QRegularExpression pattern(
        u"^(?:\\+\\+|\\+|~)?[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_@/-]+)+(?:=|\\z)"_s);
    return pattern.match(word.text).hasMatch() && (word.text.contains(u'=') || word.text.startsWith(u'~'));
}

std::optional<Launch> recognise(const shell::Executed &command, qsizetype index)
{
    const QList<shell::Field> &words = command.words;
    if (words.isEmpty())
        return std::nullopt;
    Launch launch;
    launch.command = index;
    launch.line = command.line;
    launch.column = command.column;

    // A pasted list of overrides with no program (bash would try to run "a.b=1" as a command).
    if (looksLikeOverride(words.first())) {
        launch.fragment = true;
        launch.program = QString();
        readArguments(words, 0, launch);
        return launch;
    }

    qsizetype i = 0;
    if (words[i].known() && isWrapper(words[i].text)) {
        while (i < words.size() && !isPython(words[i]) && !isTorchrun(words[i])
               && !(words[i].known() && baseName(words[i].text) == u"ray"))
            ++i;
        if (i >= words.size())
            return std::nullopt;
    }
    const qsizetype start = i;
    qsizetype args = -1;
    bool module = false;
    bool distributedRun = false; // python -m torch.distributed.run/launch: torchrun by another name
    QString entry;
    // Whether the entry is a verl Hydra program; then its config is the launch's.
    const auto hydraEntry = [&launch, &entry, &module] {
        const Entry e = classify(entry, module);
        launch.knownEntry = e.known;
        launch.configName = e.config;
        return e.hydra;
    };
    if (words[i].known() && baseName(words[i].text) == u"ray") {
        // ray job submit [options] -- <entrypoint command>
        if (i + 2 >= words.size() || words[i + 1].text != u"job" || words[i + 2].text != u"submit")
            return std::nullopt;
        qsizetype dash = i + 3;
        while (dash < words.size() && words[dash].text != u"--")
            ++dash;
        if (dash + 1 >= words.size())
            return std::nullopt;
        shell::Executed inner = command;
        inner.words = words.mid(dash + 1);
        auto nested = recognise(inner, index);
        if (nested) {
            const QString prefix = u"ray job submit … -- "_s;
            nested->program = prefix + nested->program;
            const qsizetype shift = dash + 1;
            for (qsizetype &k : nested->overrides)
                k += shift;
            for (qsizetype &k : nested->hydraOptions)
                k += shift;
            for (qsizetype &k : nested->badOptions)
                k += shift;
        }
        return nested;
    }
    if (isPython(words[i])) {
        qsizetype j = i + 1;
        for (; j < words.size(); ++j) {
            const QString &t = words[j].text;
            if (!isOption(words[j]))
                break;
            if (t == u"-c")
                return std::nullopt; // python3 -c "…": a one-liner, not a program
            if (t == u"-m" || (t.size() > 2 && !t.startsWith(u"--") && t.endsWith(u'm'))) {
                module = true;
                ++j;
                break;
            }
            if (t == u"-X" || t == u"-W" || t == u"--check-hash-based-pycs")
                ++j;
        }
        if (j >= words.size() || !words[j].known())
            return std::nullopt;
        entry = words[j].text;
        args = j + 1;
        distributedRun = module && (entry == u"torch.distributed.run" || entry == u"torch.distributed.launch");
        if (distributedRun)
            i = j;
        else if (!hydraEntry())
            return std::nullopt;
    }
    if (isTorchrun(words[i]) || distributedRun) {
        static const QStringList flags{u"--standalone"_s, u"--no-python"_s, u"--no_python"_s, u"--run-path"_s,
                                       u"--run_path"_s};
        module = false;
        qsizetype j = i + 1;
        for (; j < words.size(); ++j) {
            const QString &t = words[j].text;
            if (!isOption(words[j]))
                break;
            if (t == u"-m" || t == u"--module") {
                module = true;
                continue;
            }
            if (flags.contains(t) || knownHead(words[j]).contains(u'='))
                continue;
            ++j; // an option and its value
        }
        if (j >= words.size() || !words[j].known())
            return std::nullopt;
        entry = words[j].text;
        args = j + 1;
        if (!hydraEntry())
            return std::nullopt;
    }
    if (args < 0)
        return std::nullopt;
    QStringList shown;
    for (qsizetype k = start; k < args; ++k)
        shown << (words[k].known() ? words[k].text : words[k].source);
    launch.program = shown.join(u' ');
    launch.entry = entry;
    launch.module = module;
    const QString defaultConfig = launch.configName;
    launch.configName.clear();
    readArguments(words, args, launch);
    if (launch.configName.isEmpty())
        launch.configName = defaultConfig;
    static const QRegularExpression noProfiler(u"^(sft|evaluation|generation)"_s);
    launch.profilerConfig = !noProfiler.match(launch.configName).hasMatch();
    return launch;
}

} // namespace

QList<Launch> findLaunches(const shell::Run &run)
{
    QList<Launch> launches;
    for (qsizetype i = 0; i < run.commands.size(); ++i) {
        if (auto launch = recognise(run.commands[i], i))
            launches.append(std::move(*launch));
    }
    return launches;
}

} // namespace vna::verl
