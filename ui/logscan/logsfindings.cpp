// The Logs tab's findings: the tree grouped by root cause, the selected finding in full with its
// lines, and what can be done with it (open the tool that fixes it, search verl's issues, copy,
// save the report).
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "common/atomicfile.h"
#include "common/i18n.h"
#include "common/logging.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "logscan/report.h"
#include "logstab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// A matched line with its captures highlighted, as HTML.
QString highlighted(const QString &line, QList<QPair<qsizetype, qsizetype>> spans, const QPalette &palette)
{
    std::sort(spans.begin(), spans.end());
    QString html;
    qsizetype at = 0;
    const QString open = u"<span style=\"background-color:%1;color:%2\">"_s.arg(
        palette.color(QPalette::Highlight).name(), palette.color(QPalette::HighlightedText).name());
    for (const auto &[start, length] : spans) {
        if (start < at || start + length > line.size())
            continue; // overlapping or outside: shown plain
        html
            += line.mid(at, start - at).toHtmlEscaped() + open + line.mid(start, length).toHtmlEscaped() + u"</span>"_s;
        at = start + length;
    }
    return html + line.mid(at).toHtmlEscaped();
}

} // namespace

void LogsTab::showAnalysis()
{
    // What the user runs is read at every rendering: the window's verl version and the language the
    // words are in may both have changed since the scan.
    m_state.analysis->installed = installedVersions();
    const logscan::Analysis &analysis = *m_state.analysis;
    const QList<logscan::Entry> &entries = m_state.analysisEntries;
    const int selected = m_findings->currentItem() ? m_findings->currentItem()->data(0, kFindingRole).toInt() : 0;
    qint64 lines = 0;
    for (const logscan::FileStats &file : analysis.files)
        lines += file.lines;
    const QString totals = tr("files: %1, lines: %2, time: %3 ms")
                               .arg(analysis.files.size())
                               .arg(QLocale().toString(lines))
                               .arg(analysis.elapsedMs);
    if (analysis.findings.isEmpty()) {
        m_summary->setText(tr("No known problem found (%1).").arg(totals) + u' ' + logscan::noFindingAdvice());
    } else {
        qsizetype roots = 0;
        for (const logscan::Finding &finding : analysis.findings)
            roots += finding.rootCause() ? 1 : 0;
        m_summary->setText(tr("Known problems: %1, root causes among them: %2 (%3).")
                               .arg(analysis.findings.size())
                               .arg(roots)
                               .arg(totals)
                           + (analysis.timeline && analysis.files.size() > 1
                                  ? u' ' + tr("The files were merged into one timeline.")
                                  : QString()));
    }
    const QStringList stopped = logscan::stoppedReading(analysis, QLocale());
    if (!stopped.isEmpty())
        m_summary->setText(m_summary->text() + u'\n' + stopped.join(u'\n'));
    m_readAll->setVisible(!stopped.isEmpty());

    m_findings->clear();
    QHash<QString, QTreeWidgetItem *> itemsById; // the first finding of each id, for its symptoms
    QTreeWidgetItem *toSelect = nullptr;
    for (qsizetype i = 0; i < analysis.findings.size(); ++i) {
        const logscan::Finding &finding = analysis.findings.at(i);
        const logscan::Entry &entry = entries.at(finding.entry);
        const logscan::Explanation text = logscan::explain(entry, finding, analysis, i18n::current());
        QTreeWidgetItem *parent = finding.rootCause() ? nullptr : itemsById.value(finding.symptomOf);
        auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_findings);
        item->setIcon(0, icon(entry.severity));
        item->setText(0, word(entry.severity));
        item->setText(1, finding.rootCause() ? text.title : tr("%1 (symptom)").arg(text.title));
        item->setText(2, u"×%1"_s.arg(finding.count));
        QString where
            = u"%1:%2"_s.arg(QFileInfo(analysis.files.at(finding.first.file).name).fileName()).arg(finding.first.line);
        if (!finding.first.info.rank.isEmpty())
            where += u" · "_s + tr("rank %1").arg(finding.first.info.rank);
        if (!finding.first.info.node.isEmpty())
            where += u" · "_s + finding.first.info.node;
        item->setText(3, where);
        item->setToolTip(1, text.title);
        item->setData(0, kFindingRole, static_cast<int>(i));
        if (!itemsById.contains(entry.id))
            itemsById.insert(entry.id, item);
        if (static_cast<int>(i) == selected)
            toSelect = item;
    }
    m_findings->expandAll();
    m_detailArea->setVisible(!analysis.findings.isEmpty());
    if (toSelect)
        m_findings->setCurrentItem(toSelect);
    showFinding();
}

const logscan::Finding *LogsTab::currentFinding() const
{
    const QTreeWidgetItem *item = m_findings->currentItem();
    if (!item || !m_state.analysis)
        return nullptr;
    return &m_state.analysis->findings.at(item->data(0, kFindingRole).toInt());
}

void LogsTab::showFinding()
{
    const logscan::Finding *current = currentFinding();
    m_detailArea->setVisible(current != nullptr);
    if (!current)
        return;
    const logscan::Analysis &analysis = *m_state.analysis;
    const logscan::Finding &finding = *current;
    const logscan::Entry &entry = m_state.analysisEntries.at(finding.entry);
    const logscan::Explanation text = logscan::explain(entry, finding, analysis, i18n::current());
    m_title->setText(text.title);

    QStringList meta{u"%1:%2"_s.arg(analysis.files.at(finding.first.file).name).arg(finding.first.line)};
    meta << logscan::originParts(finding);
    if (finding.count > 1)
        meta << tr("seen %1 times").arg(finding.count);
    if (finding.ranks.size() > 1)
        meta << tr("on ranks %1").arg(finding.ranks.join(u", "_s));
    if (finding.nodes.size() > 1)
        meta << tr("on nodes %1").arg(finding.nodes.join(u", "_s));
    QString metaText = meta.join(u" · "_s).toHtmlEscaped();
    if (!finding.rootCause()) {
        // The cause's title as its own finding shows it, with its captures filled in.
        QString cause = finding.symptomOf;
        for (const logscan::Finding &other : m_state.analysis->findings) {
            const logscan::Entry &causeEntry = m_state.analysisEntries.at(other.entry);
            if (causeEntry.id == finding.symptomOf) {
                cause = logscan::explain(causeEntry, other, analysis, i18n::current()).title;
                while (cause.endsWith(u'.') || cause.endsWith(u'。'))
                    cause.chop(1); // the sentence around it ends it
                break;
            }
        }
        metaText += u"<br><b>"_s
            + tr("Symptom of: %1. Fix that first; this one usually goes away with it.").arg(cause).toHtmlEscaped()
            + u"</b>"_s;
    } else {
        metaText += u"<br>"_s + tr("Root cause: nothing earlier in the logs explains it.").toHtmlEscaped();
    }
    m_meta->setText(metaText);
    m_cause->setText(text.cause);
    m_fix->setText(text.fix);

    const std::optional<ToolLink> link = logscan::linkFor(entry, finding, analysis);
    m_action->setVisible(link.has_value());
    if (link) {
        if (link->tool == u"bucket")
            m_action->setText(tr("Open in Bucket calculator"));
        else if (link->tool == u"sync")
            m_action->setText(tr("Open Checkpoint sync"));
        else if (link->tool == u"profiler")
            m_action->setText(tr("Open in Profiler linter"));
        else
            m_action->setText(tr("Open Environment checks"));
        m_action->setToolTip(tr("Same on the command line: %1").arg(logscan::commandLine(*link)));
    }
    const QUrl search = logscan::issueSearchUrl(finding);
    m_search->setProperty("url", search);
    m_search->setToolTip(search.toString());
    m_openThread->setVisible(entry.upstream.has_value());
    m_openFix->setVisible(entry.upstream.has_value());
    if (entry.upstream) {
        const QUrl thread(entry.upstream->threads.constFirst());
        const QUrl fix(entry.upstream->fixUrl());
        m_openThread->setProperty("url", thread);
        m_openThread->setToolTip(thread.toString());
        m_openFix->setProperty("url", fix);
        m_openFix->setToolTip(tr("%1: %2").arg(entry.upstream->fixName(), fix.toString()));
    }

    // Context lines, then the matched ones (bold, captures highlighted), then context.
    const logscan::Occurrence &first = finding.first;
    const qint64 firstShown = first.line - first.before.size();
    const int width = static_cast<int>(QString::number(first.lastLine() + first.after.size()).size());
    const auto number = [width](qint64 line) { return u"<span style=\"color:gray\">%1 </span>"_s.arg(line, width); };
    QString html = u"<pre style=\"margin:0\">"_s;
    for (qsizetype i = 0; i < first.before.size(); ++i)
        html += number(firstShown + i) + first.before.at(i).toHtmlEscaped() + u'\n';
    for (qsizetype i = 0; i < first.lines.size(); ++i) {
        QList<QPair<qsizetype, qsizetype>> spans;
        for (const logscan::Capture &capture : first.captures) {
            if (capture.line == i && capture.start >= 0 && capture.length > 0)
                spans.append({capture.start, capture.length});
        }
        html += number(first.line + i) + u"<b>"_s + highlighted(first.lines.at(i), spans, palette()) + u"</b>\n"_s;
    }
    for (qsizetype i = 0; i < first.after.size(); ++i)
        html += number(first.lastLine() + 1 + i) + first.after.at(i).toHtmlEscaped() + u'\n';
    html += u"</pre>"_s;
    m_lines->setHtml(html);
}

void LogsTab::openAction()
{
    const logscan::Finding *finding = currentFinding();
    if (!finding)
        return;
    if (const auto link = logscan::linkFor(m_state.analysisEntries.at(finding->entry), *finding, *m_state.analysis)) {
        log::ui()->info("opening {} from {}", link->tool, link->origin);
        session().openLink(*link);
    }
}

void LogsTab::openUrl(const QPushButton *button)
{
    const QUrl url = button->property("url").toUrl();
    if (url.isValid() && !QDesktopServices::openUrl(url))
        session().showStatus(tr("No web browser could be opened; the address is in the button's tooltip."));
}

QList<logscan::InstalledVersion> LogsTab::installedVersions() const
{
    return {{u"verl"_s, session().verlVersion().toString(), tr("the window's verl version")}};
}

void LogsTab::copyFinding()
{
    const logscan::Finding *finding = currentFinding();
    if (!finding)
        return;
    logscan::Analysis one = *m_state.analysis;
    one.findings = {*finding};
    one.findings.first().symptomOf.clear();
    QApplication::clipboard()->setText(logscan::toText(one, m_state.analysisEntries, i18n::current(), 0));
    session().showStatus(tr("Copied"));
}

void LogsTab::copyReport()
{
    if (!m_state.analysis)
        return;
    QApplication::clipboard()->setText(logscan::toText(*m_state.analysis, m_state.analysisEntries, i18n::current(), 0));
    session().showStatus(tr("Copied"));
}

void LogsTab::saveReport()
{
    if (!m_state.analysis)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save report"), u"log-analysis.txt"_s,
                                                      tr("Text (*.txt);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QByteArray bytes = path.endsWith(u".json"_s, Qt::CaseInsensitive)
        ? QJsonDocument(logscan::toJson(*m_state.analysis, m_state.analysisEntries, i18n::current(), 0))
              .toJson(QJsonDocument::Indented)
        : logscan::toText(*m_state.analysis, m_state.analysisEntries, i18n::current(), 0).toUtf8();
    const auto written = writeFileAtomically(path, bytes);
    if (!written)
        QMessageBox::warning(this, tr("Save report"), written.error().message);
    else
        session().showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace vna::ui
