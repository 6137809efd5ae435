#include "collect/bundle.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QRegularExpression>

#include "common/version.h"
#include "env/probe.h"
#include "logscan/report.h"

using namespace Qt::StringLiterals;

namespace vna::collect {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Collect)
};

QString masked(const QString &text)
{
    QStringList lines = text.split(u'\n');
    for (QString &line : lines)
        line = maskSecrets(line);
    return lines.join(u'\n');
}

QString fence(const QString &text)
{
    // A fence longer than any run of backticks inside.
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString marks(std::max<qsizetype>(3, longest + 1), u'`');
    return marks + u'\n' + text + (text.endsWith(u'\n') ? QString() : u"\n"_s) + marks + u'\n';
}

// The lines of a collected file numbered `from`…`to` on its node, as kept.
QString windowOf(const NodeFile &file, qint64 from, qint64 to)
{
    QString out;
    const QList<QByteArray> lines = file.text.split('\n');
    for (qsizetype i = 0; i < file.lineNumbers.size() && i < lines.size(); ++i) {
        const qint64 number = file.lineNumbers.at(i);
        if (number >= from && number <= to)
            out += u"%1: "_s.arg(number, 7) + maskSecrets(QString::fromUtf8(lines.at(i))) + u'\n';
    }
    return out;
}

} // namespace

QString maskSecrets(const QString &line)
{
    static const QRegularExpression assignment(
        uR"(\b([A-Za-z_][A-Za-z0-9_.-]*)(=|:\s*|":\s*")("[^"]*"|'[^']*'|[^\s",]+))"_s);
    QString out;
    qsizetype last = 0;
    auto it = assignment.globalMatch(line);
    while (it.hasNext()) {
        const auto m = it.next();
        const QString name = m.captured(1);
        if (!env::isSecretName(name.section(u'.', -1)))
            continue;
        out += line.mid(last, m.capturedStart(3) - last) + QString::fromLatin1(env::kMasked);
        last = m.capturedEnd(3);
    }
    out += line.mid(last);
    return env::maskedValue(QString(), out);
}

QByteArray bundleText(const Collection &collection,
                      const ClusterAnalysis &result,
                      const QList<logscan::Entry> &entries,
                      const QString &language,
                      const QString &how)
{
    const logscan::Analysis &a = result.analysis;
    QString out;
    out += u"# "_s + Text::tr("Evidence from %n node(s)", nullptr, static_cast<int>(collection.nodes.size()))
        + u"\n\n"_s;
    out += Text::tr("Collected %1 by verl-npu-assistant %2.")
               .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate), QString::fromLatin1(kAppVersion))
        + u"\n\n"_s;
    if (!how.isEmpty())
        out += fence(masked(how)) + u'\n';
    out += u"## "_s + Text::tr("Nodes") + u"\n\n"_s + fence(masked(nodesText(collection))) + u'\n';
    if (result.began)
        out += u"## "_s + Text::tr("Where it began") + u"\n\n"_s
            + fence(masked(beginningText(result, entries, language))) + u'\n';
    if (result.hang.applies)
        out += u"## "_s + Text::tr("Where the run stopped") + u"\n\n"_s + fence(masked(hangText(result.hang))) + u'\n';
    out += u"## "_s + Text::tr("Findings") + u"\n\n"_s + fence(masked(logscan::toText(a, entries, language, 0)))
        + u'\n';

    // The windows the findings cite, twelve lines either side of their first line.
    const auto files = inputFiles(collection);
    QString windows;
    for (const logscan::Finding &finding : a.findings) {
        if (finding.first.file < 0 || finding.first.file >= files.size())
            continue;
        const auto &[node, file] = files.at(finding.first.file);
        const QString title = logscan::explain(entries.at(finding.entry), finding, a, language).title;
        if (!file) {
            windows += u"### "_s + title + u" — "_s + node->host + u":kernel\n\n"_s
                + fence(masked(node->answer.kernel.join(u'\n'))) + u'\n';
            continue;
        }
        windows += u"### "_s + title + u" — "_s + node->host + u':' + file->path + u':'
            + QString::number(finding.first.line) + u"\n\n"_s
            + fence(windowOf(*file, finding.first.line - 12, finding.first.line + 12)) + u'\n';
    }
    for (const ProcessActivity &process : result.hang.processes) {
        if (!result.hang.applies || !process.quiet || process.stack.isEmpty())
            continue;
        windows += u"### "_s + Text::tr("Python stack of %1 pid %2").arg(process.node, process.pid) + u"\n\n"_s
            + fence(masked(process.stack)) + u'\n';
    }
    if (!windows.isEmpty())
        out += u"## "_s + Text::tr("The lines they cite") + u"\n\n"_s + windows;

    out += u"## "_s + Text::tr("Versions and devices per node") + u"\n\n"_s;
    for (const NodeLogs &node : collection.nodes) {
        out += u"### "_s + node.host + u"\n\n"_s;
        QString text;
        if (node.diagnosis) {
            for (const auto &[name, version] : node.diagnosis->versions())
                text += name + u": "_s + version + u'\n';
            if (text.isEmpty())
                text = Text::tr("The environment probe found no versions.") + u'\n';
        } else {
            text = Text::tr("Versions not collected.") + u'\n';
        }
        if (!node.answer.smi.isEmpty())
            text += u"\n$ npu-smi info\n"_s + node.answer.smi + u'\n';
        out += fence(masked(text)) + u'\n';
    }
    return out.toUtf8();
}

} // namespace vna::collect
