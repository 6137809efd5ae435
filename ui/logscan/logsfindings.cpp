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
#include "findingview.h"
#include "logscan/located.h"
#include "logscan/locatedreport.h"
#include "logscan/report.h"
#include "logstab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

void LogsTab::showAnalysis()
{
    // What the user runs is read at every rendering: the window's verl version and the language the
    // words are in may both have changed since the scan; the located lines are worded again then (the
    // indexes are read by now: a few milliseconds).
    m_state.analysis->installed = installedVersions();
    if (const QString key = locatedFor(); key != m_locatedFor) {
        logscan::locate(*m_state.analysis, m_state.analysisEntries);
        m_locatedFor = key;
    }
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
        m_summary->setText(tr("No known problem found (%1).").arg(totals));
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
    // The error lines no entry explains: those located in upstream source, or with suspect fixes (a
    // traceback through upstream code), are listed under the findings.
    const QList<qsizetype> located = logscan::tracedErrorLines(analysis, logscan::unexplainedErrorLines(analysis));
    if (!located.isEmpty())
        m_summary->setText(m_summary->text() + u' '
                           + tr("Lines no entry explains, traced to upstream code: %1.").arg(located.size()));
    else if (analysis.findings.isEmpty())
        m_summary->setText(m_summary->text() + u' ' + logscan::noFindingAdvice());
    if (const QString releases = logscan::logReleasesText(analysis); !releases.isEmpty())
        m_summary->setText(m_summary->text() + u' ' + releases);
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
        QString where = u"%1:%2"_s.arg(shownName(analysis.files.at(finding.first.file), false)).arg(finding.first.line);
        if (!finding.first.info.rank.isEmpty())
            where += u" · "_s + tr("rank %1").arg(finding.first.info.rank);
        if (!finding.first.info.node.isEmpty())
            where += u" · "_s + finding.first.info.node;
        item->setText(3, where);
        item->setToolTip(1, text.title);
        item->setData(0, kFindingRole, static_cast<int>(i));
        item->setData(0, kErrorLineRole, -1);
        if (!itemsById.contains(entry.id))
            itemsById.insert(entry.id, item);
        if (static_cast<int>(i) == selected)
            toSelect = item;
    }
    if (!located.isEmpty()) {
        auto *group = new QTreeWidgetItem(m_findings);
        group->setText(1, tr("Lines no entry explains, traced to upstream code"));
        group->setText(2, u"%1"_s.arg(located.size()));
        group->setData(0, kFindingRole, -1);
        group->setData(0, kErrorLineRole, -1);
        for (qsizetype k = 0; k < located.size() && k < kMaxLocatedItems; ++k) {
            const logscan::ErrorLine &line = analysis.errorLines.at(located.at(k));
            const Severity severity = line.level == logscan::LineLevel::Error ? Severity::Error : Severity::Warning;
            auto *item = new QTreeWidgetItem(group);
            item->setIcon(0, icon(severity));
            item->setText(0, word(severity));
            item->setText(1, logscan::undecorated(line.text).trimmed());
            item->setToolTip(1, line.text);
            item->setText(2, u"×%1"_s.arg(line.count));
            item->setText(3, u"%1:%2"_s.arg(shownName(analysis.files.at(line.file), false)).arg(line.line));
            item->setData(0, kFindingRole, -1);
            item->setData(0, kErrorLineRole, static_cast<int>(located.at(k)));
        }
    }
    m_findings->expandAll();
    m_detailArea->setVisible(!analysis.findings.isEmpty() || !located.isEmpty());
    if (!toSelect && analysis.findings.isEmpty() && !located.isEmpty())
        toSelect = m_findings->topLevelItem(0)->child(0); // nothing known: the first located line
    if (toSelect)
        m_findings->setCurrentItem(toSelect);
    showFinding();
}

const logscan::Finding *LogsTab::currentFinding() const
{
    const QTreeWidgetItem *item = m_findings->currentItem();
    if (!item || !m_state.analysis || item->data(0, kFindingRole).toInt() < 0)
        return nullptr;
    return &m_state.analysis->findings.at(item->data(0, kFindingRole).toInt());
}

void LogsTab::showFinding()
{
    const QTreeWidgetItem *item = m_findings->currentItem();
    const int finding = item ? item->data(0, kFindingRole).toInt() : -1;
    const int line = item ? item->data(0, kErrorLineRole).toInt() : -1;
    m_detailArea->setVisible(m_state.analysis && (finding >= 0 || line >= 0));
    if (!m_state.analysis)
        return;
    if (finding >= 0)
        m_findingView->showFinding(*m_state.analysis, m_state.analysisEntries, finding);
    else if (line >= 0)
        m_findingView->showErrorLine(*m_state.analysis, line);
}

QList<logscan::InstalledVersion> LogsTab::installedVersions() const
{
    // What the nodes of a collection run comes first: it was read there, the window's version is a setting.
    return m_clusterInstalled
        + QList<logscan::InstalledVersion>{
            {u"verl"_s, session().verlVersion().toString(), tr("the window's verl version")}};
}

QString LogsTab::locatedFor() const
{
    QStringList key{i18n::current()};
    for (const logscan::InstalledVersion &one : installedVersions())
        key << one.component + u'=' + one.version;
    return key.join(u' ');
}

void LogsTab::copyFinding()
{
    const QTreeWidgetItem *item = m_findings->currentItem();
    if (item && m_state.analysis && item->data(0, kErrorLineRole).toInt() >= 0) {
        QApplication::clipboard()->setText(
            logscan::errorLinesText(*m_state.analysis, {item->data(0, kErrorLineRole).toInt()}, 0).trimmed());
        session().showStatus(tr("Copied"));
        return;
    }
    const logscan::Finding *finding = currentFinding();
    if (!finding)
        return;
    logscan::Analysis one = asShown(*m_state.analysis);
    one.findings = {*finding};
    one.findings.first().symptomOf.clear();
    QApplication::clipboard()->setText(logscan::toText(one, m_state.analysisEntries, i18n::current(), 0));
    session().showStatus(tr("Copied"));
}

void LogsTab::copyReport()
{
    if (!m_state.analysis)
        return;
    QApplication::clipboard()->setText(
        logscan::toText(asShown(*m_state.analysis), m_state.analysisEntries, i18n::current(), 0));
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
    const logscan::Analysis shown = asShown(*m_state.analysis);
    const QByteArray bytes = path.endsWith(u".json"_s, Qt::CaseInsensitive)
        ? QJsonDocument(logscan::toJson(shown, m_state.analysisEntries, i18n::current(), 0))
              .toJson(QJsonDocument::Indented)
        : logscan::toText(shown, m_state.analysisEntries, i18n::current(), 0).toUtf8();
    const auto written = writeFileAtomically(path, bytes);
    if (!written)
        QMessageBox::warning(this, tr("Save report"), written.error().message);
    else
        session().showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace vna::ui
