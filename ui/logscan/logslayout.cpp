// The Logs tab's widgets: the inputs, the findings with their detail, the knowledge base and the
// pattern page, and what they say in the current language. The behaviour is in logstab.cpp and
// logsknowledge.cpp, the state in logsstate.cpp.
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

#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/jobrunner.h"
#include "common/logging.h"
#include "common/noteslist.h"
#include "common/paths.h"
#include "common/textbox.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "findingview.h"
#include "logscan/report.h"
#include "logstab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

QWidget *LogsTab::buildInputs()
{
    auto *panel = new QWidget(this);
    auto *layout = new QVBoxLayout(panel);
    m_description = new QLabel(panel);
    m_description->setWordWrap(true);
    layout->addWidget(m_description);

    m_filesLabel = new QLabel(panel);
    layout->addWidget(m_filesLabel);
    m_files = new QListWidget(panel);
    m_files->setObjectName(u"logsFiles"_s);
    m_files->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_files->setTextElideMode(Qt::ElideMiddle);
    m_filesLabel->setBuddy(m_files);
    layout->addWidget(m_files, 1);
    m_filesMessage = addMessage(layout, m_files, u"logsFilesMessage"_s);
    auto *fileButtons = new QHBoxLayout;
    m_add = new QPushButton(panel);
    m_add->setObjectName(u"logsAdd"_s);
    m_recent = new QToolButton(panel);
    m_recent->setObjectName(u"logsRecent"_s);
    m_recent->setPopupMode(QToolButton::InstantPopup);
    m_recentMenu = new QMenu(m_recent);
    m_recent->setMenu(m_recentMenu);
    m_cluster = new QPushButton(panel);
    m_cluster->setObjectName(u"logsCluster"_s);
    m_remove = new QPushButton(panel);
    m_remove->setObjectName(u"logsRemove"_s);
    m_clear = new QPushButton(panel);
    m_clear->setObjectName(u"logsClear"_s);
    fileButtons->addWidget(m_add);
    fileButtons->addWidget(m_recent);
    fileButtons->addWidget(m_cluster);
    fileButtons->addStretch(1);
    fileButtons->addWidget(m_remove);
    fileButtons->addWidget(m_clear);
    layout->addLayout(fileButtons);

    m_pasteLabel = new QLabel(panel);
    m_pasteLabel->setWordWrap(true);
    layout->addWidget(m_pasteLabel);
    m_paste = new TextBox(panel, u"logsPaste"_s);
    m_paste->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_pasteLabel->setBuddy(m_paste);
    layout->addWidget(m_paste, 1);
    m_pasteMessage = addMessage(layout, m_paste, u"logsPasteMessage"_s);

    m_analyze = new QPushButton(panel);
    m_analyze->setObjectName(u"logsAnalyze"_s);
    m_analyze->setDefault(true);
    layout->addWidget(m_analyze);
    auto *busyRow = new QHBoxLayout;
    m_progress = new QProgressBar(panel);
    m_progress->setObjectName(u"logsProgress"_s);
    m_progress->setRange(0, 1000);
    m_progress->hide();
    m_cancel = new QPushButton(panel);
    m_cancel->setObjectName(u"logsCancel"_s);
    m_cancel->hide();
    busyRow->addWidget(m_progress, 1);
    busyRow->addWidget(m_cancel);
    layout->addLayout(busyRow);
    return panel;
}

QWidget *LogsTab::buildFindingsPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_summary = resultLabel(page, u"logsSummary"_s);
    layout->addWidget(m_summary);
    m_clusterSummary = monospaceText(page, u"logsClusterSummary"_s);
    m_clusterSummary->setMaximumHeight(m_clusterSummary->fontMetrics().lineSpacing() * 7);
    m_clusterSummary->hide();
    layout->addWidget(m_clusterSummary);
    m_readAll = new QPushButton(page);
    m_readAll->setObjectName(u"logsReadAll"_s);
    m_readAll->hide();
    connect(m_readAll, &QPushButton::clicked, this, [this] {
        m_noInflateLimit = true; // for this one analysis: startScan() reads it
        analyze();
        m_noInflateLimit = false;
    });
    layout->addWidget(m_readAll, 0, Qt::AlignLeft);

    m_findings = new QTreeWidget(page);
    m_findings->setObjectName(u"logsFindings"_s);
    m_findings->setColumnCount(4);
    m_findings->setRootIsDecorated(true);
    m_findings->setUniformRowHeights(true);
    m_findings->header()->setStretchLastSection(false);
    m_findings->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_findings->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_findings->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_findings->header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);

    m_findingView = new FindingView(page);
    connect(m_findingView, &FindingView::linkRequested, this, [this](const ToolLink &link) {
        log::ui()->info("opening {} from {}", link.tool, link.origin);
        session().openLink(link);
    });
    connect(m_findingView, &FindingView::copyRequested, this, &LogsTab::copyFinding);
    connect(m_findingView, &FindingView::statusMessage, this,
            [this](const QString &message) { session().showStatus(message); });

    m_detailSplitter = new QSplitter(Qt::Vertical, page);
    m_detailSplitter->setObjectName(u"logsDetailSplitter"_s);
    m_detailSplitter->addWidget(m_findings);
    m_detailArea = scrolling(m_findingView, page);
    m_detailArea->hide(); // until a finding is selected
    m_detailSplitter->addWidget(m_detailArea);
    m_detailSplitter->setStretchFactor(0, 2);
    m_detailSplitter->setStretchFactor(1, 3);
    m_detailSplitter->setChildrenCollapsible(false);
    layout->addWidget(m_detailSplitter, 1);

    auto *bottom = new QHBoxLayout;
    bottom->addStretch(1);
    m_copyReport = new QPushButton(page);
    m_copyReport->setObjectName(u"logsCopyReport"_s);
    m_saveReport = new QPushButton(page);
    m_saveReport->setObjectName(u"logsSaveReport"_s);
    bottom->addWidget(m_copyReport);
    bottom->addWidget(m_saveReport);
    layout->addLayout(bottom);
    return page;
}

QWidget *LogsTab::buildKnowledgePage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    auto *filters = new QHBoxLayout;
    m_kbSearch = new QLineEdit(page);
    m_kbSearch->setObjectName(u"logsKbSearch"_s);
    m_kbSearch->setClearButtonEnabled(true);
    m_kbCategory = new QComboBox(page);
    m_kbCategory->setObjectName(u"logsKbCategory"_s);
    filters->addWidget(m_kbSearch, 1);
    filters->addWidget(m_kbCategory);
    layout->addLayout(filters);
    m_kbProblems = new NotesList(page);
    m_kbProblems->setObjectName(u"logsKbProblems"_s);
    layout->addWidget(m_kbProblems);
    auto *split = new QSplitter(Qt::Vertical, page);
    m_kbList = new QTreeWidget(page);
    m_kbList->setObjectName(u"logsKbList"_s);
    m_kbList->setColumnCount(4);
    m_kbList->setRootIsDecorated(false);
    m_kbList->setUniformRowHeights(true);
    m_kbList->setSortingEnabled(false);
    m_kbList->header()->setStretchLastSection(true);
    m_kbList->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_kbList->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_kbList->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_kbEntry = new QTextBrowser(page);
    m_kbEntry->setObjectName(u"logsKbEntry"_s);
    m_kbEntry->setOpenExternalLinks(true);
    // Tab leaves it rather than walking its links (they are also under the entry's buttons).
    m_kbEntry->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard
                                       | Qt::LinksAccessibleByMouse);
    split->addWidget(m_kbList);
    split->addWidget(m_kbEntry);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    auto *bottom = new QHBoxLayout;
    m_kbCount = new QLabel(page);
    m_kbCount->setObjectName(u"logsKbCount"_s);
    m_kbCount->setWordWrap(true); // it names a folder: a long path must not widen the window
    m_kbFolder = new QPushButton(page);
    m_kbFolder->setObjectName(u"logsKbFolder"_s);
    m_kbReload = new QPushButton(page);
    m_kbReload->setObjectName(u"logsKbReload"_s);
    bottom->addWidget(m_kbCount, 1);
    bottom->addWidget(m_kbFolder);
    bottom->addWidget(m_kbReload);
    layout->addLayout(bottom);
    return page;
}

QWidget *LogsTab::buildPatternPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_patternLabel = new QLabel(page);
    m_patternLabel->setWordWrap(true);
    layout->addWidget(m_patternLabel);
    auto *row = new QHBoxLayout;
    m_pattern = monospaceField(page, u"logsPattern"_s);
    m_pattern->setReadOnly(false);
    m_pattern->setPlaceholderText(u"host nic listen start failed, port\\[(?P<port>\\d+)\\]"_s);
    m_patternLabel->setBuddy(m_pattern);
    m_testPattern = new QPushButton(page);
    m_testPattern->setObjectName(u"logsTestPattern"_s);
    row->addWidget(m_pattern, 1);
    row->addWidget(m_testPattern);
    layout->addLayout(row);
    m_patternMessage = addMessage(layout, m_pattern, u"logsPatternMessage"_s);
    m_sampleLabel = new QLabel(page);
    m_sampleLabel->setWordWrap(true);
    layout->addWidget(m_sampleLabel);
    m_sample = new TextBox(page, u"logsSample"_s);
    m_sample->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_sampleLabel->setBuddy(m_sample);
    layout->addWidget(m_sample, 1);
    m_sampleMessage = addMessage(layout, m_sample, u"logsSampleMessage"_s);
    m_patternResult = monospaceText(page, u"logsPatternResult"_s);
    layout->addWidget(m_patternResult, 2);
    return page;
}

void LogsTab::retranslate()
{
    m_paste->setLimit(16 * TextBox::kDefaultLimit, m_pasteMessage,
                      tr("Add the log as a file instead: files of any size are read in the background."));
    m_sample->setLimit(TextBox::kDefaultLimit, m_sampleMessage,
                       tr("Leave the sample empty to test the pattern on the log files on the left."));
    m_description->setText(tr("Drop training logs here (Ray, verl, CANN plog; .gz too) to find known failures, "
                              "which one came first, and the tool that fixes it."));
    m_filesLabel->setText(tr("Lo&g files:"));
    m_files->setToolTip(tr("One file per rank or node is fine: lines with times are merged into one timeline."));
    m_add->setText(tr("&Add files…"));
    m_add->setToolTip(tr("Ctrl+O"));
    m_recent->setText(tr("Recent"));
    m_cluster->setText(tr("From the &cluster…"));
    m_cluster->setToolTip(tr("Collect the run's logs from every node over ssh and find where the failure began."));
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Delete"));
    m_clear->setText(tr("Clear"));
    m_pasteLabel->setText(tr("Or &paste log lines:"));
    m_paste->setPlaceholderText(tr("[rank3]: RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB"));
    m_analyze->setText(tr("A&nalyze"));
    m_analyze->setToolTip(tr("Ctrl+Return"));
    m_cancel->setText(tr("Cancel"));
    m_readAll->setText(tr("Read all of it"));
    m_readAll->setToolTip(tr("Analyze again and inflate every gzip file to its end, however large its text."));

    m_pages->setTabText(static_cast<int>(Page::Findings), tr("Findings"));
    m_pages->setTabText(static_cast<int>(Page::KnowledgeBase), tr("Knowledge base"));
    m_pages->setTabText(static_cast<int>(Page::Pattern), tr("Test a pattern"));
    m_findings->setHeaderLabels({tr("Severity"), tr("Problem"), tr("Count"), tr("Where")});
    m_copyReport->setText(tr("Copy report"));
    m_copyReport->setToolTip(tr("Ctrl+Shift+C"));
    m_saveReport->setText(tr("Save report…"));
    m_saveReport->setToolTip(tr("Text for an issue, or JSON (the same as analyze --json)."));

    m_kbSearch->setPlaceholderText(
        tr("Search ids, titles, causes and patterns, or type an error code: 507015, E39009"));
    m_kbSearch->setToolTip(
        tr("An error code (ACL, CANN, HCCL or torch_npu) shows what it means and the entry that explains it."));
    m_kbList->setHeaderLabels({tr("Severity"), tr("Id"), tr("Category"), tr("Title")});
    m_kbReload->setText(tr("Reload"));
    m_kbReload->setToolTip(tr("Read the knowledge-base files again, yours included."));
    m_kbFolder->setText(tr("Open my knowledge folder"));
    m_kbFolder->setToolTip(logscan::userKnowledgeDir());

    m_patternLabel->setText(tr("&RE2 regex to try (named captures such as (?P<port>\\d+) are shown):"));
    m_testPattern->setText(tr("&Test"));
    m_testPattern->setToolTip(tr("Ctrl+Return"));
    m_sampleLabel->setText(tr("Lines to try it on (leave empty to try it on the logs on the left):"));

    if (m_knowledge)
        showKnowledge(); // entry titles follow the language
    if (m_state.analysis)
        showAnalysis();
    else
        m_summary->setText(tr("Add logs on the left and press Analyze."));
    validatePattern();
}

} // namespace vna::ui
