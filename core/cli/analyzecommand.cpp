#include "analyzecommand.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "cli/dispatcher.h"
#include "cli/nodeoptions.h"
#include "common/i18n.h"
#include "logscan/codes.h"
#include "logscan/knownbugs.h"
#include "logscan/located.h"
#include "logscan/report.h"
#include "logscan/scanner.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

constexpr int kMaxFindingsLimit = 100000;
constexpr int kMaxInflateRatio = 1000000;

QList<logscan::LogInput> inputsOf(const QStringList &paths)
{
    QList<logscan::LogInput> inputs;
    for (const QString &path : paths)
        inputs << logscan::LogInput::file(path);
    return inputs;
}

ExitCode listKnowledgeBase(const logscan::KnowledgeBase &kb, bool json, Context &ctx)
{
    const QString language = i18n::current();
    if (json) {
        QJsonArray entries;
        for (const logscan::Entry &entry : kb.entries)
            entries.append(entry.toJson());
        QJsonArray problems;
        for (const logscan::LoadProblem &problem : kb.problems)
            problems.append(QJsonObject{{u"file"_s, problem.file}, {u"message"_s, problem.message}});
        ctx.out << QJsonDocument(QJsonObject{{u"entries"_s, entries},
                                             {u"files"_s, QJsonArray::fromStringList(kb.files)},
                                             {u"problems"_s, problems}})
                       .toJson(QJsonDocument::Indented);
        return ExitCode::Ok;
    }
    qsizetype width = 0;
    for (const logscan::Entry &entry : kb.entries)
        width = std::max(width, entry.id.size());
    for (const logscan::Entry &entry : kb.entries) {
        ctx.out << entry.id.leftJustified(width + 2) << severityId(entry.severity).leftJustified(10)
                << entry.category.leftJustified(15) << entry.title.in(language) << u'\n';
    }
    ctx.out << AnalyzeCommand::tr("Entries: %1 (from %2).").arg(kb.entries.size()).arg(kb.files.join(u", "_s)) << u'\n';
    return ExitCode::Ok;
}

ExitCode testPattern(const QString &regex, const QStringList &files, bool json, Context &ctx)
{
    const auto fail = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, u"analyze"_s); };
    const auto entry = logscan::patternEntry(regex);
    if (!entry)
        return fail(Error::input(u"--test-pattern: "_s + entry.error().message, u"--test-pattern"_s));
    if (files.isEmpty())
        return fail(
            Error::input(AnalyzeCommand::tr("Give the log to try the pattern on (a file, or - for standard input).")));
    const QList<logscan::Entry> entries{*entry};
    const auto matcher = logscan::Matcher::compile(entries);
    if (!matcher)
        return fail(matcher.error());
    logscan::ScanOptions options;
    options.regularFilesOnly = true; // /dev/zero or a FIFO would never end; standard input is "-"
    options.context = 0;
    options.maxGroupsPerEntry = 1000;
    const auto analysis = logscan::analyze(inputsOf(files), entries, *matcher, options);
    if (!analysis)
        return fail(analysis.error());
    qint64 total = 0;
    for (const logscan::Finding &finding : analysis->findings)
        total += finding.count;
    if (json)
        ctx.out
            << QJsonDocument(logscan::toJson(*analysis, entries, i18n::current(), 0)).toJson(QJsonDocument::Indented);
    else
        ctx.out << logscan::patternReport(*analysis);
    return total > 0 ? ExitCode::Ok : ExitCode::Problems;
}

ExitCode describeCode(const QString &typed, const logscan::KnowledgeBase &kb, bool json, Context &ctx)
{
    const logscan::CodeCatalogue &catalogue = logscan::CodeCatalogue::builtin();
    if (!catalogue.error().isEmpty())
        return Dispatcher::reportUsageError(Error::runtime(catalogue.error()), ctx, u"analyze"_s);
    const logscan::CodeInfo *code = catalogue.lookup(typed);
    if (!code)
        return Dispatcher::reportUsageError(
            Error::input(
                AnalyzeCommand::tr("--code: \"%1\" is not in the catalogue of %2 codes (ACL and runtime return "
                                   "codes such as 507015, CANN codes such as E39009, torch_npu's ERR00100, "
                                   "HCCL's HCCL_E_TIMEOUT).")
                    .arg(typed)
                    .arg(catalogue.codes().size()),
                u"--code"_s),
            ctx, u"analyze"_s);
    if (json)
        ctx.out << QJsonDocument(logscan::toJson(*code, kb.entries)).toJson(QJsonDocument::Indented);
    else
        ctx.out << logscan::describeCode(*code, kb.entries, i18n::current()).join(u'\n') << u'\n';
    return ExitCode::Ok;
}

} // namespace

QString AnalyzeCommand::name() const
{
    return u"analyze"_s;
}

QString AnalyzeCommand::summary() const
{
    return tr("Find known failures in training logs and say what to do about them.");
}

void AnalyzeCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Reads training logs of any size (plain or .gz; - for standard input) and finds every known failure from "
           "the knowledge base: the bucket assertion, NPUs not visible, HCCL timeouts, out of memory, missing "
           "checkpoint metadata, Hydra and profiler mistakes, CANN and torch_npu mismatches and more. Echoes on many "
           "ranks are grouped with a count; the first failure is the root cause and later ones it leads to are marked "
           "as its symptoms. Several files are merged into one timeline by the times in their lines.\n"
           "Your own entries go in %1/*.json (same format as --list-kb --json).\n"
           "Exit code 1 when a critical or error finding is found, 2 for bad input.")
            .arg(logscan::userKnowledgeDir()));
    parser.addPositionalArgument(u"files"_s, tr("Log files (plain or gzip); - reads standard input."), u"FILE…|-"_s);
    parser.addOptions({
        {u"kb"_s, tr("An extra knowledge-base file (repeatable)."), tr("file")},
        {u"json"_s, tr("Print one JSON object instead of text.")},
        {u"max-findings"_s, tr("Show at most N findings (0: all)."), tr("N"), u"0"_s},
        {u"max-gzip-ratio"_s,
         tr("Stop inflating a gzip file once its text outgrows N times the compressed bytes read (after the first "
            "16 MiB): a log compresses 5-20 times, a decompression bomb a thousand. 0: no limit."),
         tr("N"), QString::number(logscan::kDefaultInflateRatio)},
        {u"verl-version"_s,
         tr("Your verl release: a known verl bug is told as fixed in your release or in a later one."), u"X.Y.Z"_s},
        {u"installed"_s,
         tr("A release you run of another component, for its known bugs (repeatable): vllm-ascend=0.11.0rc1, "
            "torch_npu=2.5.1, mindspeed=2.1.0, mbridge=0.15.1, triton-ascend=3.2.0, vllm=0.11.0."),
         u"NAME=VERSION"_s},
        {u"list-kb"_s, tr("List the knowledge base and the files it came from.")},
        {u"test-pattern"_s, tr("Try an RE2 regex against the given log: print the matching lines and captures."),
         tr("regex")},
        {u"code"_s,
         tr("Say what an Ascend error code means and which entry explains it: 507015, E39009, ERR00100, "
            "HCCL_E_TIMEOUT or a symbolic name."),
         tr("code")},
    });
}

ExitCode AnalyzeCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const auto fail = [&](const Error &error) { return Dispatcher::reportUsageError(error, ctx, name()); };
    const QStringList files = parser.positionalArguments();
    const bool json = parser.isSet(u"json"_s);
    if (files.count(u"-"_s) > 1)
        return fail(Error::input(tr("Standard input (-) can be read only once.")));
    if (parser.isSet(u"test-pattern"_s))
        return testPattern(parser.value(u"test-pattern"_s), files, json, ctx);

    const logscan::KnowledgeBase kb = logscan::loadKnowledgeBase(parser.values(u"kb"_s));
    for (const logscan::LoadProblem &problem : kb.problems)
        ctx.err << tr("warning: %1").arg(problem.message) << u'\n';
    if (parser.isSet(u"list-kb"_s))
        return listKnowledgeBase(kb, json, ctx);
    if (parser.isSet(u"code"_s))
        return describeCode(parser.value(u"code"_s), kb, json, ctx);
    if (files.isEmpty())
        return fail(Error::input(tr("Give at least one log file, or - to read standard input.")));
    const auto maxFindings = NodeOptions::integer(parser, u"max-findings"_s, 0, kMaxFindingsLimit);
    if (!maxFindings)
        return fail(maxFindings.error());
    const auto maxRatio = NodeOptions::integer(parser, u"max-gzip-ratio"_s, 0, kMaxInflateRatio);
    if (!maxRatio)
        return fail(maxRatio.error());
    QList<logscan::InstalledVersion> installed;
    if (parser.isSet(u"verl-version"_s)) {
        const auto version = verl::Version::parse(parser.value(u"verl-version"_s), u"--verl-version"_s);
        if (!version)
            return fail(version.error());
        installed << logscan::InstalledVersion{u"verl"_s, version->toString(), u"--verl-version"_s};
    }
    for (const QString &value : parser.values(u"installed"_s)) {
        const auto one = logscan::parseInstalled(value);
        if (!one)
            return fail(one.error());
        installed << *one;
    }
    const auto matcher = logscan::Matcher::compile(kb.entries);
    if (!matcher)
        return fail(matcher.error());
    logscan::ScanOptions options;
    options.regularFilesOnly = true; // /dev/zero or a FIFO would never end; standard input is "-"
    options.maxInflateRatio = *maxRatio;
    auto analysis = logscan::analyze(inputsOf(files), kb.entries, *matcher, options);
    if (!analysis)
        return fail(analysis.error());
    analysis->installed = installed;
    logscan::locate(*analysis, kb.entries);
    const QString language = i18n::current();
    if (json)
        ctx.out << QJsonDocument(logscan::toJson(*analysis, kb.entries, language, *maxFindings))
                       .toJson(QJsonDocument::Indented);
    else
        ctx.out << logscan::toText(*analysis, kb.entries, language, *maxFindings);
    if (std::any_of(analysis->files.cbegin(), analysis->files.cend(),
                    [](const logscan::FileStats &file) { return file.stoppedAtLimit; }))
        ctx.err << tr("To read it all: --max-gzip-ratio 0 (no limit) or a ratio above %1.").arg(*maxRatio) << u'\n';
    return logscan::hasErrors(*analysis, kb.entries) ? ExitCode::Problems : ExitCode::Ok;
}

} // namespace vna::cli
