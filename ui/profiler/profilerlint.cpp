// The Profiler tab's Launch command page: checking launch commands and scripts against their
// release's config, moving them between releases, and what arrives from the log analyzer. The rest of
// the tab is in profilertab.cpp and profilerlayout.cpp.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/logging.h"
#include "common/noteslist.h"
#include "common/textbox.h"
#include "common/widgets.h"
#include "profiler/findingsmodel.h"
#include "profilertab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

void ProfilerTab::scriptChanged()
{
    if (m_loading)
        return;
    m_lintTimer->start();
}

void ProfilerTab::lintNow()
{
    m_lintTimer->stop();
    const QString text = m_script->toPlainText();
    if (text.trimmed().isEmpty()) {
        clearLint(tr("Paste a command or open a script to check it."));
        return;
    }
    const verl::Version to = session().verlVersion();
    if (m_state.moveFrom && *m_state.moveFrom != to) {
        const verl::Version from = *m_state.moveFrom;
        m_lintJobs->start<Result<profiler::Migration>>(
            QString(),
            [text, from, to](JobControl &control) { return profiler::migrate(text, from, to, &control.cancelled); },
            [this](const Result<profiler::Migration> &migration) { moveDone(migration); });
        return;
    }
    startLint(m_lintJobs, text, to, [this](const Result<profiler::LintReport> &report) {
        m_state.migration.reset();
        lintDone(report);
    });
}

void ProfilerTab::moveChanged()
{
    const QString picked = m_lintFrom->currentData().toString();
    if (picked.isEmpty()) {
        m_state.moveFrom.reset();
    } else if (const auto version = verl::Version::parse(picked, QString()); version) {
        m_state.moveFrom = *version;
    }
    updateMove();
    lintNow();
}

void ProfilerTab::updateMove()
{
    const verl::Version to = session().verlVersion();
    m_move->setText(tr("&Move to verl %1").arg(to.toString()));
    const QString picked = m_lintFrom->currentData().toString();
    m_move->setEnabled(!picked.isEmpty() && picked != to.toString());
    m_move->setToolTip(picked.isEmpty() ? tr("Pick the release the script was written for first")
                                        : tr("Show what moving the script from verl %1 to %2 changes, and the moved "
                                             "command")
                                              .arg(picked, to.toString()));
}

void ProfilerTab::moveDone(const Result<profiler::Migration> &migration)
{
    if (!migration) {
        m_state.migration.reset();
        lintDone(migration.error());
        return;
    }
    m_state.migration = *migration;
    lintDone(migration->report);
}

void ProfilerTab::startLint(JobRunner *jobs,
                            const QString &text,
                            const verl::Version &version,
                            std::function<void(const Result<profiler::LintReport> &)> done)
{
    jobs->start<Result<profiler::LintReport>>(
        QString(), [text, version](JobControl &control) { return profiler::lint(text, version, &control.cancelled); },
        [done = std::move(done)](const Result<profiler::LintReport> &report) { done(report); });
}

void ProfilerTab::clearLint(const QString &summary)
{
    m_lintJobs->abandon();
    m_state.lintReport.reset();
    m_state.migration.reset();
    m_lintModel->setFindings({});
    m_lintNotes->setNotes({});
    m_lintNotesScroll->hide();
    m_corrections->clear();
    m_script->setExtraSelections({});
    m_lintSummary->setText(summary);
    m_copyCorrections->setEnabled(false);
    m_toForm->setEnabled(false);
    Q_EMIT lintFinished();
}

void ProfilerTab::lintDone(const Result<profiler::LintReport> &report)
{
    if (!report) {
        clearLint(report.error().message);
        // bash cannot read the text past this line: show where.
        if (report.error().position > 0)
            markLine(report.error().position, Severity::Error, 0); // highlight only: the user may be typing
        return;
    }
    m_script->setExtraSelections({});
    m_state.lintReport = *report;
    renderLint();
    Q_EMIT lintFinished();
}

void ProfilerTab::renderLint()
{
    if (!m_state.lintReport)
        return;
    const profiler::LintReport &report = *m_state.lintReport;
    const verl::Version version = session().verlVersion();
    m_lintModel->setFindings(report.findings);
    m_corrections->setPlainText(profiler::correctedText(report, version));
    QStringList lines;
    if (m_state.migration)
        lines << profiler::migrationSummary(*m_state.migration);
    lines << (report.findings.isEmpty()
                  ? profiler::summary(report)
                  : profiler::summary(report) + u' ' + tr("Select a row to see it in the script."));
    // A few launches by name; a script of many says how many more (the CLI lists them all).
    constexpr qsizetype kShownLaunches = 3;
    const QStringList launches = profiler::launchLines(report);
    lines << launches.mid(0, kShownLaunches);
    if (launches.size() > kShownLaunches)
        lines << tr("… and %n more launch(es).", nullptr, static_cast<int>(launches.size() - kShownLaunches));
    if (const QString nearest = profiler::versionNote(version); !nearest.isEmpty())
        lines << nearest;
    m_lintSummary->setText(lines.join(u'\n'));

    // What the move changes, then what could not be checked.
    QList<NoteItem> notes;
    if (m_state.migration) {
        for (const profiler::MigrationItem &item : m_state.migration->items) {
            if (item.kind == profiler::MigrationItem::Kind::AlreadyWrong)
                continue; // wrong before the move as well: the table above has it
            Severity severity = Severity::Info;
            switch (item.kind) {
            case profiler::MigrationItem::Kind::Renamed:
                severity = Severity::Warning;
                break;
            case profiler::MigrationItem::Kind::Removed:
            case profiler::MigrationItem::Kind::Refused:
                severity = Severity::Error;
                break;
            case profiler::MigrationItem::Kind::AlreadyWrong:
            case profiler::MigrationItem::Kind::DefaultChanged:
                break;
            }
            notes.append({severity, profiler::describe(item)});
        }
    }
    for (const QString &line : profiler::notCheckedLines(report))
        notes.append({Severity::Info, tr("Not checked: %1").arg(line)});
    m_lintNotes->setNotes(notes);
    m_lintNotesScroll->setVisible(!notes.isEmpty());
    // As tall as the notes, up to about six lines; more scroll.
    m_lintNotesScroll->setMinimumHeight(
        std::min(m_lintNotes->sizeHint().height(), fontMetrics().lineSpacing() * 6 + fontMetrics().height()));
    m_correctionsHeading->setText(m_state.migration ? tr("Moved to verl %1").arg(m_state.migration->to.toString())
                                                    : tr("Corrected command"));
    m_copyCorrections->setEnabled(!m_corrections->toPlainText().isEmpty());
    m_toForm->setEnabled(!report.corrected.isEmpty());
}

void ProfilerTab::showFinding(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const profiler::Finding &finding = m_lintModel->finding(index.row());
    if (finding.line > 0)
        markLine(finding.line, severityOf(finding), finding.column);
}

void ProfilerTab::markLine(qsizetype line, Severity severity, qsizetype column)
{
    const QTextBlock block = m_script->document()->findBlockByNumber(static_cast<int>(line - 1));
    if (!block.isValid())
        return;
    if (column > 0) {
        QTextCursor cursor(block);
        cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                            static_cast<int>(std::clamp<qsizetype>(column - 1, 0, block.length() - 1)));
        m_script->setTextCursor(cursor);
        m_script->centerCursor();
        m_script->ensureCursorVisible(); // also sideways, to the column
    }
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(block);
    selection.format.setBackground(color(severity).lighter(185));
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    m_script->setExtraSelections({selection});
}

void ProfilerTab::openScript(const QString &path)
{
    showPage(Page::Lint);
    const auto text = profiler::readScriptFile(path);
    if (!text) {
        m_lintSummary->setText(text.error().message);
        session().showStatus(text.error().message);
        Q_EMIT lintFinished();
        return;
    }
    m_loading = true;
    m_script->setPlainText(*text);
    m_loading = false;
    m_state.linkOrigin.clear();
    m_scriptFile->setText(path);
    lintNow();
}

void ProfilerTab::openLink(const ToolLink &link)
{
    m_pages->setCurrentIndex(static_cast<int>(Page::Lint));
    m_script->setFocus();
    const QString text = logscan::profilerText(link, session().verlVersion());
    if (text.isEmpty()) {
        session().showStatus(tr("Paste the launch command that failed (%1) to check it.").arg(link.origin));
        return;
    }
    m_loading = true;
    m_script->setPlainText(text);
    m_loading = false;
    m_state.linkOrigin = link.origin;
    showScriptOrigin();
    lintNow();
    if (text.endsWith(u'=')) {
        // The log names the key but not its value: the cursor waits after the = for it.
        m_script->moveCursor(QTextCursor::End);
        session().showStatus(tr("The log shows the key, not its value: type the value after = to check it."));
    }
}

void ProfilerTab::showScriptOrigin()
{
    if (!m_state.linkOrigin.isEmpty())
        m_scriptFile->setText(m_state.scriptOrigin());
}

void ProfilerTab::browseScript()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a launch script"), m_scriptFile->text(),
                                                      tr("Shell scripts (*.sh *.bash);;All files (*)"));
    if (!path.isEmpty())
        openScript(path);
}

void ProfilerTab::sendScriptToForm()
{
    m_importText->setPlainText(m_script->toPlainText());
    showPage(Page::Generate);
    startImport(m_importText->toPlainText());
}

} // namespace vna::ui
