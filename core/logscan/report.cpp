#include "report.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QUrlQuery>

#include "hydra/shell.h"
#include "logscan/codes.h"
#include "logscan/locatedreport.h"
#include "verl/profilerschema.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(LogReport)
};

QList<QPair<QString, QString>> values(const Finding &finding, const Analysis &analysis, const QString &language)
{
    QList<QPair<QString, QString>> out;
    for (const Capture &capture : finding.first.captures)
        out.append({capture.name, capture.value});
    // What the catalogue says of the code the line printed.
    const QString key = codeKey(finding.first.capture(u"code"_s), finding.first.capture(u"hccl"_s),
                                finding.first.capture(u"hcclhex"_s));
    if (const CodeInfo *code = key.isEmpty() ? nullptr : CodeCatalogue::builtin().find(key)) {
        const CodeClass *codeClass = CodeCatalogue::builtin().codeClass(code->codeClass);
        const QString meaning = code->meaning.in(language);
        out.append({u"code_id"_s, code->family == u"hccl" ? code->name : code->code});
        out.append({u"code_name"_s, code->name});
        out.append({u"code_meaning"_s, meaning.isEmpty() ? code->meaning.en : meaning});
        out.append({u"code_source"_s, code->source});
        if (codeClass) {
            out.append({u"code_class"_s, codeClass->title.in(language)});
            out.append({u"code_step"_s, codeClass->step.in(language)});
        }
    }
    out.append({u"file"_s, analysis.files.value(finding.first.file).name});
    out.append({u"line"_s, QString::number(finding.first.line)});
    out.append({u"text"_s, finding.first.lines.join(u'\n')});
    out.append({u"node"_s, finding.first.info.node});
    out.append({u"nodes"_s, finding.nodes.join(u',')});
    out.append({u"rank"_s, finding.first.info.rank});
    return out;
}

QString where(const Finding &finding, const Analysis &analysis)
{
    return u"%1:%2"_s.arg(analysis.files.value(finding.first.file).name).arg(finding.first.line);
}

QString severityWord(Severity severity)
{
    switch (severity) {
    case Severity::Critical:
        return Text::tr("CRITICAL");
    case Severity::Error:
        return Text::tr("ERROR");
    case Severity::Warning:
        return Text::tr("WARNING");
    case Severity::Info:
        return Text::tr("INFO");
    }
    return QString();
}

} // namespace

QStringList originParts(const Finding &finding)
{
    QStringList parts;
    const LineInfo &info = finding.first.info;
    if (!info.rank.isEmpty())
        parts << Text::tr("rank %1").arg(info.rank);
    if (!info.node.isEmpty())
        parts << Text::tr("node %1").arg(info.node);
    if (!info.pid.isEmpty())
        parts << (info.actor.isEmpty() ? Text::tr("pid %1").arg(info.pid)
                                       : Text::tr("%1 pid %2").arg(info.actor, info.pid));
    return parts;
}

namespace {

QJsonArray seenAt(const Finding &finding, const Analysis &analysis)
{
    QJsonArray out;
    for (const auto &[file, line] : finding.seenAt)
        out.append(u"%1:%2"_s.arg(analysis.files.value(file).name).arg(line));
    return out;
}

void indent(QString &out, const QString &text, const QString &prefix)
{
    for (const QString &line : text.split(u'\n'))
        out += prefix + line + u'\n';
}

} // namespace

Explanation explain(const Entry &entry, const Finding &finding, const Analysis &analysis, const QString &language)
{
    const auto filled = values(finding, analysis, language);
    const QString fix = entry.upstream
        ? knownBugAdvice(*entry.upstream, knownBugVerdict(*entry.upstream, analysis.installed), language)
        : fillPlaceholders(entry.fix.in(language), filled);
    Explanation text{fillPlaceholders(entry.title.in(language), filled),
                     fillPlaceholders(entry.cause.in(language), filled), fix};
    if (!entry.onlyWith.isEmpty()) {
        const ConditionVerdict verdict
            = conditionVerdict(entry.onlyWith, analysis.installed, analysis.logReleases, language);
        text.condition = verdict.state;
        text.cause += u' ' + verdict.sentence;
    }
    return text;
}

QString ToolLink::param(const QString &key) const
{
    for (const auto &[name, value] : params) {
        if (name == key)
            return value;
    }
    return QString();
}

QJsonObject ToolLink::toJson() const
{
    QJsonObject object;
    for (const auto &[key, value] : params)
        object.insert(key, value);
    return {{u"tool"_s, tool}, {u"params"_s, object}, {u"command"_s, commandLine(*this)}};
}

std::optional<ToolLink> linkFor(const Entry &entry, const Finding &finding, const Analysis &analysis)
{
    if (!entry.action)
        return std::nullopt;
    const auto filled = values(finding, analysis, u"en"_s);
    ToolLink action;
    action.tool = entry.action->tool;
    action.origin = where(finding, analysis);
    action.verlSince = entry.action->verlSince;
    for (const auto &[key, value] : entry.action->params) {
        const QString text = fillPlaceholders(value, filled, QString());
        if (!text.trimmed().isEmpty())
            action.params.append({key, text});
    }
    return action;
}

QString profilerText(const ToolLink &link, const verl::Version &version)
{
    if (QString command = link.param(u"command"_s); !command.isEmpty())
        return command;
    const QString setting = link.param(u"setting"_s);
    const QString value = link.param(u"value"_s);
    if (!setting.isEmpty() && !value.isEmpty()) {
        QString key = verl::settingKey(version, setting);
        if (key.isEmpty()) // the release predates the setting: name it as the release the log proves
            key = verl::settingKey(verl::Version::parse(link.verlSince, QString()).value_or(verl::latestKnown()),
                                   setting);
        if (!key.isEmpty())
            return key + u'=' + value;
    }
    if (const QString key = link.param(u"key"_s); !key.isEmpty())
        return key + u'=';
    return QString();
}

QString commandLine(const ToolLink &link)
{
    const QString program = u"verl-npu-assistant"_s;
    if (link.tool == u"bucket") {
        const QString error = link.param(u"error"_s);
        if (error.isEmpty())
            return program + u" bucket --model MODEL_DIR"_s;
        return program + u" bucket --error "_s + shell::quote(error);
    }
    if (link.tool == u"sync") {
        const QString folder = link.param(u"folder"_s);
        return program + u" sync --checkpoint "_s + (folder.isEmpty() ? u"CHECKPOINT_DIR"_s : shell::quote(folder))
            + u" --nodes NODES"_s;
    }
    if (link.tool == u"profiler") {
        const QString command
            = profilerText(link, verl::Version::parse(link.verlSince, QString()).value_or(verl::latestKnown()));
        if (command.isEmpty())
            return program + u" lint LAUNCH_SCRIPT"_s;
        return u"printf '%s\\n' "_s + shell::quote(command) + u" | "_s + program + u" lint -"_s;
    }
    const QString hosts = link.param(u"hosts"_s);
    if (hosts.isEmpty())
        return program + u" diagnose"_s;
    return program + u" diagnose --hosts "_s + shell::quote(hosts);
}

QUrl issueSearchUrl(const Finding &finding)
{
    QUrl url(u"https://github.com/verl-project/verl/issues"_s);
    QUrlQuery query;
    query.addQueryItem(u"q"_s, u"is:issue "_s + searchText(finding.first.lines.value(0).toStdString()));
    url.setQuery(query);
    return url;
}

QString noFindingAdvice()
{
    return Text::tr("If the job failed anyway, turn on more logging (ASCEND_GLOBAL_LOG_LEVEL=1, "
                    "ASCEND_GLOBAL_EVENT_ENABLE=1) and analyse the plog files too (~/ascend/log/debug/plog/*.log).");
}

QStringList stoppedReading(const Analysis &analysis, const QLocale &locale)
{
    QStringList out;
    for (const FileStats &file : analysis.files) {
        if (!file.stoppedAtLimit)
            continue;
        out << Text::tr("Stopped reading %1 after %2 of text: its first %3 of gzip data inflated %4 times, far more "
                        "than a log compresses, so it may be a decompression bomb. The findings cover what was read.")
                   .arg(file.name, locale.formattedDataSize(file.bytes), locale.formattedDataSize(file.rawBytes))
                   .arg(file.bytes / std::max<qint64>(file.rawBytes, 1));
    }
    return out;
}

QString patternReport(const Analysis &analysis)
{
    QString out;
    qint64 total = 0;
    for (const Finding &finding : analysis.findings) {
        total += finding.count;
        out += u"%1:%2: %3\n"_s.arg(analysis.files.value(finding.first.file).name)
                   .arg(finding.first.line)
                   .arg(finding.first.lines.join(u"\n    "_s));
        for (const Capture &capture : finding.first.captures)
            out += u"    ${%1} = %2\n"_s.arg(capture.name, capture.value);
        if (finding.count > 1)
            out += u"    "_s + Text::tr("similar lines after it: %1").arg(finding.count - 1) + u'\n';
    }
    out += total > 0 ? Text::tr("Matching lines: %1.").arg(total)
                     : Text::tr("No line matches. A rule needs at least one line it finds and one it must not.");
    return out + u'\n';
}

bool hasErrors(const Analysis &analysis, const QList<Entry> &entries)
{
    return std::any_of(analysis.findings.begin(), analysis.findings.end(), [&](const Finding &finding) {
        const Severity severity = entries.at(finding.entry).severity;
        return severity == Severity::Critical || severity == Severity::Error;
    });
}

QJsonObject
toJson(const Analysis &analysis, const QList<Entry> &entries, const QString &language, qsizetype maxFindings)
{
    QJsonArray findings;
    const qsizetype shown
        = maxFindings > 0 ? std::min(maxFindings, analysis.findings.size()) : analysis.findings.size();
    for (qsizetype i = 0; i < shown; ++i) {
        const Finding &finding = analysis.findings.at(i);
        const Entry &entry = entries.at(finding.entry);
        const Explanation text = explain(entry, finding, analysis, language);
        QJsonObject captures;
        for (const Capture &capture : finding.first.captures)
            captures.insert(capture.name, capture.value);
        const auto action = linkFor(entry, finding, analysis);
        const auto orNull = [](const QString &value) { return value.isEmpty() ? QJsonValue() : QJsonValue(value); };
        findings.append(QJsonObject{
            {u"id"_s, entry.id},
            {u"title"_s, text.title},
            {u"severity"_s, severityId(entry.severity)},
            {u"category"_s, entry.category},
            {u"file"_s, analysis.files.value(finding.first.file).name},
            {u"line"_s, finding.first.line},
            {u"first_line"_s, finding.first.line},
            {u"last_line"_s, finding.first.lastLine()},
            {u"seen_at"_s, seenAt(finding, analysis)},
            {u"text"_s, finding.first.lines.join(u'\n')},
            {u"captures"_s, captures},
            {u"count"_s, finding.count},
            {u"node"_s, orNull(finding.first.info.node)},
            {u"rank"_s, orNull(finding.first.info.rank)},
            {u"pid"_s, orNull(finding.first.info.pid)},
            {u"ranks"_s, QJsonArray::fromStringList(finding.ranks)},
            {u"nodes"_s, QJsonArray::fromStringList(finding.nodes)},
            {u"root_cause"_s, finding.rootCause() && text.condition == ConditionState::Holds},
            {u"condition"_s, entry.onlyWith.isEmpty() ? QJsonValue() : QJsonValue(conditionStateId(text.condition))},
            {u"symptom_of"_s, orNull(finding.symptomOf)},
            {u"cause"_s, text.cause},
            {u"fix"_s, text.fix},
            {u"action"_s, action ? QJsonValue(action->toJson()) : QJsonValue()},
            {u"references"_s, QJsonArray::fromStringList(entry.references)},
            {u"search_url"_s, issueSearchUrl(finding).toString(QUrl::FullyEncoded)},
            {u"known_bug"_s,
             entry.upstream
                 ? QJsonValue(knownBugJson(*entry.upstream, knownBugVerdict(*entry.upstream, analysis.installed)))
                 : QJsonValue()},
        });
        const QJsonObject located = locatedJson(finding.located);
        QJsonObject object = findings.last().toObject();
        for (auto it = located.begin(); it != located.end(); ++it)
            object.insert(it.key(), it.value());
        findings[findings.size() - 1] = object;
    }
    QJsonArray files;
    for (const FileStats &file : analysis.files)
        files.append(QJsonObject{{u"path"_s, file.name},
                                 {u"bytes"_s, file.bytes},
                                 {u"lines"_s, file.lines},
                                 {u"compressed"_s, file.compressed},
                                 {u"stopped_at_inflate_limit"_s, file.stoppedAtLimit}});
    const QList<qsizetype> unexplained = unexplainedErrorLines(analysis);
    return {{u"findings"_s, findings},
            {u"error_lines"_s, errorLinesJson(analysis, unexplained)},
            {u"error_lines_not_kept"_s, analysis.errorLinesNotKept},
            {u"log_releases"_s, logReleasesJson(analysis)},
            {u"files"_s, files},
            {u"elapsed_ms"_s, analysis.elapsedMs},
            {u"timeline"_s, analysis.timeline},
            {u"omitted"_s, analysis.findings.size() - shown}};
}

qsizetype rootOf(const Analysis &analysis, const QList<Entry> &entries, qsizetype index)
{
    QString id = analysis.findings.at(index).symptomOf;
    qsizetype root = index;
    for (int guard = 0; !id.isEmpty() && guard < 100; ++guard) {
        for (qsizetype j = 0; j < root; ++j) {
            if (entries.at(analysis.findings.at(j).entry).id == id) {
                root = j;
                break;
            }
        }
        id = analysis.findings.at(root).symptomOf;
    }
    return root;
}

QString toText(const Analysis &analysis, const QList<Entry> &entries, const QString &language, qsizetype maxFindings)
{
    QString out;
    const QLocale locale(language == u"zh_CN" ? QLocale::Chinese : QLocale::English);
    qint64 lines = 0;
    qint64 bytes = 0;
    for (const FileStats &file : analysis.files) {
        lines += file.lines;
        bytes += file.bytes;
    }
    const qsizetype shown
        = maxFindings > 0 ? std::min(maxFindings, analysis.findings.size()) : analysis.findings.size();
    const QString totals = Text::tr("Files: %1, lines: %2, size: %3, time: %4 ms.")
                               .arg(analysis.files.size())
                               .arg(locale.toString(lines), locale.formattedDataSize(bytes))
                               .arg(analysis.elapsedMs);
    for (const QString &note : stoppedReading(analysis, locale))
        out += note + u'\n';
    const QList<qsizetype> unexplained = unexplainedErrorLines(analysis);
    const QString releases = logReleasesText(analysis);
    if (analysis.findings.isEmpty()) {
        out += Text::tr("No known problem found.") + u' ' + totals + u'\n';
        if (!releases.isEmpty())
            out += releases + u'\n';
        const QString located = errorLinesText(analysis, unexplained, maxFindings);
        out += located.isEmpty() ? noFindingAdvice() + u'\n' : located;
        return out;
    }
    out += Text::tr("Known problems: %1.").arg(analysis.findings.size()) + u' ' + totals + u'\n';
    if (analysis.timeline && analysis.files.size() > 1)
        out += Text::tr("The files were merged into one timeline by the times in their lines.") + u'\n';
    if (!releases.isEmpty())
        out += releases + u'\n';

    // Root causes in order, each followed by the symptoms that trace back to it.
    const auto rootOf = [&](qsizetype index) { return logscan::rootOf(analysis, entries, index); };
    QList<qsizetype> order;
    for (qsizetype i = 0; i < shown; ++i) {
        if (analysis.findings.at(i).rootCause()) {
            order << i;
            for (qsizetype j = i + 1; j < shown; ++j) {
                if (!analysis.findings.at(j).rootCause() && rootOf(j) == i)
                    order << j;
            }
        }
    }
    for (qsizetype index : std::as_const(order)) {
        const Finding &finding = analysis.findings.at(index);
        const Entry &entry = entries.at(finding.entry);
        const Explanation text = explain(entry, finding, analysis, language);
        const QString prefix = finding.rootCause() ? QString() : u"    "_s;
        out += u'\n' + prefix + severityWord(entry.severity) + u"  "_s + text.title + u"  ["_s + entry.id + u']';
        if (finding.rootCause() && text.condition == ConditionState::DoesNotHold)
            out += u"  "_s + Text::tr("(harmless with your release)");
        else if (finding.rootCause() && text.condition == ConditionState::Unknown)
            out += u"  "_s + Text::tr("(a cause only with some releases: see below)");
        else if (finding.rootCause())
            out += u"  "_s + Text::tr("(root cause)");
        else
            out += u"  "_s + Text::tr("(symptom of %1)").arg(finding.symptomOf);
        out += u'\n';
        QString place = u"  "_s + where(finding, analysis);
        if (const QString from = originParts(finding).join(u", "_s); !from.isEmpty())
            place += u"  "_s + from;
        if (finding.count > 1)
            place += u"  ×"_s + QString::number(finding.count);
        if (finding.ranks.size() > 1)
            place += u", "_s + Text::tr("on ranks %1").arg(finding.ranks.join(u','));
        if (finding.nodes.size() > 1)
            place += u", "_s + Text::tr("on nodes %1").arg(finding.nodes.join(u','));
        out += prefix + place + u'\n';
        for (const QString &line : finding.first.lines)
            out += prefix + u"  > "_s + line + u'\n';
        indent(out, Text::tr("cause: %1").arg(text.cause), prefix + u"  "_s);
        indent(out, Text::tr("fix: %1").arg(text.fix), prefix + u"  "_s);
        if (const auto action = linkFor(entry, finding, analysis))
            out += prefix + u"  "_s + Text::tr("next: %1").arg(commandLine(*action)) + u'\n';
        if (entry.upstream) {
            out += prefix + u"  "_s + Text::tr("thread: %1").arg(entry.upstream->threads.join(u"  "_s)) + u'\n';
            out += prefix + u"  "_s + Text::tr("the fix: %1").arg(entry.upstream->fixUrl()) + u'\n';
        }
        if (!entry.references.isEmpty())
            out += prefix + u"  "_s + Text::tr("see: %1").arg(entry.references.join(u"  "_s)) + u'\n';
        out += locatedText(finding.located, prefix + u"  "_s);
    }
    if (shown < analysis.findings.size())
        out += u'\n' + Text::tr("Findings not shown (--max-findings): %1.").arg(analysis.findings.size() - shown)
            + u'\n';
    out += errorLinesText(analysis, unexplained, maxFindings);
    return out;
}

} // namespace vna::logscan
