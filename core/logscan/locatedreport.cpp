#include "locatedreport.h"

#include <QCoreApplication>
#include <QSet>

#include "logscan/scanner.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(LocatedReport)
};

QString levelId(LineLevel level)
{
    return level == LineLevel::Error ? u"error"_s : u"warning"_s;
}

QJsonValue orNull(const QString &value)
{
    return value.isEmpty() ? QJsonValue() : QJsonValue(value);
}

} // namespace

QString raisedAtText(const RaisedAt &raised)
{
    QString out = raised.path + (raised.line > 0 ? u':' + QString::number(raised.line) : QString());
    if (!raised.function.isEmpty() && raised.function != u"<module>" && raised.function != u"<file>")
        out += u' ' + Text::tr("in %1").arg(raised.function);
    if (!raised.release.isEmpty())
        out += u" ("_s + raised.component + u' ' + raised.release + u')';
    if (!raised.condition.isEmpty())
        out += u", "_s + Text::tr("when: %1").arg(raised.condition);
    return out;
}

QString suspectsHeading(const Located &located)
{
    const RunningNote &running = located.running;
    switch (running.source) {
    case upstream::RunningRelease::Source::Given:
        return Text::tr("Fixed since %1 %2 (%3)? Suspects, from the code and its history:")
            .arg(running.component, running.version, running.from);
    case upstream::RunningRelease::Source::Inferred:
        return Text::tr("Fixed since the releases the log's lines fit (%1 %2)? Suspects, from the code and its "
                        "history:")
            .arg(running.component, running.version);
    case upstream::RunningRelease::Source::Unknown:
        break;
    }
    return Text::tr("Which %1 you run is not known (--installed %1=VERSION); changes that may have fixed this, "
                    "from the code and its history:")
        .arg(running.component);
}

QString suspectTitle(const SuspectFix &fix)
{
    const QString release
        = fix.firstRelease.isEmpty() ? Text::tr("in no release yet") : fix.component + u' ' + fix.firstRelease;
    const QString change = fix.pr > 0 ? u"PR #"_s + QString::number(fix.pr) : fix.sha.left(10);
    return release + u" · "_s + change + u" · "_s + fix.subject;
}

QString noSuspectText(const Located &located)
{
    if (!located.searched || !located.suspects.isEmpty())
        return QString();
    return located.running.version.isEmpty()
        ? Text::tr("No change of %1 has evidence enough to name as a fix.").arg(located.running.component)
        : Text::tr("No change of %1 after %2 has evidence enough to name as a fix.")
              .arg(located.running.component, located.running.version);
}

QString locatedText(const Located &located, const QString &prefix)
{
    QString out;
    for (const RaisedAt &raised : located.raisedAt) {
        out += prefix + Text::tr("raised at: %1").arg(raisedAtText(raised)) + u'\n';
        out += prefix + u"  "_s + raised.url + u'\n';
    }
    if (!located.suspects.isEmpty()) {
        out += prefix + suspectsHeading(located) + u'\n';
        for (const SuspectFix &fix : located.suspects) {
            out += prefix + u"  "_s + suspectTitle(fix) + u'\n';
            out += prefix + u"    "_s + fix.reasons.join(u"; "_s) + u'\n';
            out += prefix + u"    "_s + (fix.prUrl.isEmpty() ? fix.commitUrl : fix.prUrl) + u'\n';
        }
    } else if (const QString none = noSuspectText(located); !none.isEmpty()) {
        out += prefix + none + u'\n';
    }
    return out;
}

QJsonObject locatedJson(const Located &located)
{
    QJsonArray raised;
    for (const RaisedAt &r : located.raisedAt)
        raised.append(QJsonObject{{u"component"_s, r.component},
                                  {u"repository"_s, r.repository},
                                  {u"path"_s, r.path},
                                  {u"line"_s, r.line},
                                  {u"function"_s, r.function},
                                  {u"condition"_s, orNull(r.condition)},
                                  {u"kind"_s, r.kind},
                                  {u"type"_s, orNull(r.type)},
                                  {u"release"_s, orNull(r.release)},
                                  {u"releases"_s, r.releases},
                                  {u"url"_s, r.url}});
    QJsonArray suspects;
    for (const SuspectFix &fix : located.suspects)
        suspects.append(QJsonObject{{u"component"_s, fix.component},
                                    {u"commit"_s, fix.sha},
                                    {u"pr"_s, fix.pr > 0 ? QJsonValue(fix.pr) : QJsonValue()},
                                    {u"subject"_s, fix.subject},
                                    {u"date"_s, fix.date},
                                    {u"first_release"_s, orNull(fix.firstRelease)},
                                    {u"evidence"_s, QJsonArray::fromStringList(fix.reasons)},
                                    {u"score"_s, fix.score},
                                    {u"commit_url"_s, fix.commitUrl},
                                    {u"pr_url"_s, orNull(fix.prUrl)}});
    QJsonObject out{{u"raised_at"_s, raised}, {u"suspect_fixes"_s, suspects}};
    if (located.searched) {
        static const char *const kSources[] = {"unknown", "given", "log"};
        out.insert(u"compared_with"_s,
                   QJsonObject{{u"component"_s, located.running.component},
                               {u"release"_s, orNull(located.running.version)},
                               {u"from"_s, QString::fromLatin1(kSources[static_cast<int>(located.running.source)])}});
    }
    return out;
}

QList<qsizetype> unexplainedErrorLines(const Analysis &analysis)
{
    QSet<QPair<int, qint64>> explained;
    QSet<quint64> shapes;
    for (const Finding &finding : analysis.findings) {
        for (qint64 line = finding.first.line; line <= finding.first.lastLine(); ++line)
            explained.insert({finding.first.file, line});
        for (const auto &[file, line] : finding.seenAt)
            explained.insert({file, line});
        for (const QString &line : finding.first.lines) {
            const QByteArray bytes = line.toUtf8();
            shapes.insert(lineShape(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size()))));
        }
    }
    QList<qsizetype> out;
    for (qsizetype i = 0; i < analysis.errorLines.size(); ++i) {
        const ErrorLine &line = analysis.errorLines.at(i);
        if (!explained.contains({line.file, line.line}) && !shapes.contains(line.shape))
            out << i;
    }
    return out;
}

QJsonArray errorLinesJson(const Analysis &analysis, const QList<qsizetype> &which)
{
    QJsonArray out;
    for (const qsizetype i : which) {
        const ErrorLine &line = analysis.errorLines.at(i);
        QJsonArray frames;
        for (const upstream::Frame &frame : line.frames)
            frames.append(
                QJsonObject{{u"path"_s, frame.path}, {u"line"_s, frame.line}, {u"function"_s, frame.function}});
        QJsonObject object = locatedJson(line.located);
        object.insert(u"level"_s, levelId(line.level));
        object.insert(u"file"_s, analysis.files.value(line.file).name);
        object.insert(u"line"_s, line.line);
        object.insert(u"text"_s, line.text);
        object.insert(u"count"_s, line.count);
        object.insert(u"ranks"_s, QJsonArray::fromStringList(line.ranks));
        object.insert(u"nodes"_s, QJsonArray::fromStringList(line.nodes));
        object.insert(u"traceback"_s, frames);
        out.append(object);
    }
    return out;
}

QList<qsizetype> tracedErrorLines(const Analysis &analysis, const QList<qsizetype> &which)
{
    QList<qsizetype> out;
    for (const qsizetype i : which) {
        if (!analysis.errorLines.at(i).located.empty())
            out << i;
    }
    // Errors before warnings, each in the order met.
    std::stable_sort(out.begin(), out.end(), [&](qsizetype a, qsizetype b) {
        return analysis.errorLines.at(a).level == LineLevel::Error
            && analysis.errorLines.at(b).level != LineLevel::Error;
    });
    return out;
}

QString errorLinesText(const Analysis &analysis, const QList<qsizetype> &which, qsizetype maxShown)
{
    const QList<qsizetype> located = tracedErrorLines(analysis, which);
    qint64 unlocated = 0;
    for (const qsizetype i : which) {
        if (analysis.errorLines.at(i).located.empty())
            unlocated += analysis.errorLines.at(i).count;
    }
    QString out;
    if (located.isEmpty() && unlocated == 0)
        return out;
    out += u'\n'
        + Text::tr("Error and warning lines no entry explains: %1 traced to upstream code, %2 lines not.")
              .arg(located.size())
              .arg(unlocated + analysis.errorLinesNotKept)
        + u'\n';
    const qsizetype shown = maxShown > 0 ? std::min(maxShown, located.size()) : located.size();
    for (qsizetype k = 0; k < shown; ++k) {
        const ErrorLine &line = analysis.errorLines.at(located.at(k));
        out += u'\n' + (line.level == LineLevel::Error ? Text::tr("ERROR") : Text::tr("WARNING")) + u"  "_s
            + analysis.files.value(line.file).name + u':' + QString::number(line.line);
        if (line.count > 1)
            out += u"  ×"_s + QString::number(line.count);
        out += u'\n';
        out += u"  > "_s + line.text + u'\n';
        out += locatedText(line.located, u"  "_s);
    }
    if (shown < located.size())
        out += u'\n' + Text::tr("Traced lines not shown: %1.").arg(located.size() - shown) + u'\n';
    return out;
}

QJsonObject logReleasesJson(const Analysis &analysis)
{
    QJsonObject out;
    for (const LogReleases &releases : analysis.logReleases)
        out.insert(releases.component, QJsonArray::fromStringList(releases.versions));
    return out;
}

QString logReleasesText(const Analysis &analysis)
{
    QStringList parts;
    for (const LogReleases &releases : analysis.logReleases) {
        QStringList versions = releases.versions;
        if (versions.size() > 6)
            versions = versions.mid(0, 3) + QStringList{u"…"_s} + versions.mid(versions.size() - 2);
        parts << releases.component + u' ' + versions.join(u", "_s);
    }
    return parts.isEmpty() ? QString()
                           : Text::tr("The log's lines fit these releases only: %1.").arg(parts.join(u"; "_s));
}

} // namespace vna::logscan
