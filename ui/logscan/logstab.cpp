#include "logstab.h"

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
#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/jobrunner.h"
#include "common/logging.h"
#include "common/noteslist.h"
#include "common/settingskeys.h"
#include "common/textbox.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "logscan/report.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

constexpr int kPatternDebounceMs = 150;
constexpr qsizetype kMaxRecent = 10;
constexpr qsizetype kLiveSampleBytes = 1 << 20; // larger samples are tried with the Test button
constexpr int kFindingRole = Qt::UserRole;
constexpr int kEntryRole = Qt::UserRole + 1;

QString language()
{
    return i18n::current();
}

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

LogsTab::LogsTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    setObjectName(u"logsTab"_s);
    setAcceptDrops(true);

    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"logsPages"_s);
    m_pages->addTab(buildFindingsPage(), QString());
    m_pages->addTab(buildKnowledgePage(), QString());
    m_pages->addTab(buildPatternPage(), QString());

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"logsSplitter"_s);
    m_splitter->addWidget(scrolling(buildInputs(), this));
    m_splitter->addWidget(m_pages);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_jobs = new JobRunner(session, this);
    m_jobs->setBusyRow(m_progress, m_cancel);
    connect(m_jobs, &JobRunner::runningChanged, this, [this](bool running) {
        if (!running && m_jobs->wasCancelled()) {
            if (m_job == Job::Analysis)
                m_summary->setText(tr("Cancelled. Press Analyze to read the logs again."));
            else
                m_patternResult->setPlainText(tr("Cancelled."));
        }
        updateButtons();
    });
    m_patternTimer = new QTimer(this);
    m_patternTimer->setSingleShot(true);
    m_patternTimer->setInterval(kPatternDebounceMs);
    connect(m_patternTimer, &QTimer::timeout, this, &LogsTab::validatePattern);

    retranslate();
    loadSettings();
    loadKnowledge();

    connect(m_add, &QPushButton::clicked, this, &LogsTab::browse);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        qDeleteAll(m_files->selectedItems());
        updateButtons();
    });
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_files->clear();
        m_paste->clear();
        m_filesMessage->setMessage(QString());
        updateButtons();
    });
    connect(m_files, &QListWidget::itemSelectionChanged, this, &LogsTab::updateButtons);
    connect(m_paste, &QPlainTextEdit::textChanged, this, &LogsTab::updateButtons);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &LogsTab::fillRecentMenu);
    connect(m_analyze, &QPushButton::clicked, this, &LogsTab::analyze);
    connect(m_findings, &QTreeWidget::currentItemChanged, this, &LogsTab::showFinding);
    connect(m_action, &QPushButton::clicked, this, &LogsTab::openAction);
    connect(m_search, &QPushButton::clicked, this, &LogsTab::searchIssues);
    connect(m_copyFinding, &QPushButton::clicked, this, &LogsTab::copyFinding);
    connect(m_copyReport, &QPushButton::clicked, this, &LogsTab::copyReport);
    connect(m_saveReport, &QPushButton::clicked, this, &LogsTab::saveReport);
    connect(m_kbSearch, &QLineEdit::textChanged, this, &LogsTab::filterKnowledge);
    connect(m_kbCategory, &QComboBox::currentIndexChanged, this, &LogsTab::filterKnowledge);
    connect(m_kbList, &QTreeWidget::currentItemChanged, this, &LogsTab::showEntry);
    connect(m_kbReload, &QPushButton::clicked, this, &LogsTab::loadKnowledge);
    connect(m_kbFolder, &QPushButton::clicked, this, [this] {
        QDir().mkpath(logscan::userKnowledgeDir());
        openLocalPath(this, logscan::userKnowledgeDir());
    });
    connect(m_pattern, &QLineEdit::textChanged, this, [this] {
        if (!m_loading)
            saveSettings();
        m_patternTimer->start();
    });
    connect(m_sample, &QPlainTextEdit::textChanged, m_patternTimer, qOverload<>(&QTimer::start));
    connect(m_pattern, &QLineEdit::returnPressed, this, &LogsTab::testPattern);
    connect(m_testPattern, &QPushButton::clicked, this, &LogsTab::testPattern);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { saveSettings(); });
    connect(m_detailSplitter, &QSplitter::splitterMoved, this, [this] { saveSettings(); });

    addPrimaryShortcut(this, [this] {
        if (m_pages->currentIndex() == static_cast<int>(Page::Pattern))
            m_testPattern->click();
        else
            m_analyze->click();
    });
    addShortcut(this, QKeySequence::Open, [this] { m_add->click(); });
    addShortcut(m_files, QKeySequence::Delete, [this] { m_remove->click(); });
    addShortcut(this, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), [this] { copyReport(); });

    updateButtons();
    validatePattern();
}

LogsTab::~LogsTab() = default; // the job runner stops a running scan and waits for it

bool LogsTab::isBusy() const
{
    return m_jobs->isRunning();
}

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
    m_filesMessage = new FieldMessage(m_files, panel);
    m_filesMessage->setObjectName(u"logsFilesMessage"_s);
    layout->addWidget(m_filesMessage);
    auto *fileButtons = new QHBoxLayout;
    m_add = new QPushButton(panel);
    m_add->setObjectName(u"logsAdd"_s);
    m_recent = new QToolButton(panel);
    m_recent->setObjectName(u"logsRecent"_s);
    m_recent->setPopupMode(QToolButton::InstantPopup);
    m_recentMenu = new QMenu(m_recent);
    m_recent->setMenu(m_recentMenu);
    m_remove = new QPushButton(panel);
    m_remove->setObjectName(u"logsRemove"_s);
    m_clear = new QPushButton(panel);
    m_clear->setObjectName(u"logsClear"_s);
    fileButtons->addWidget(m_add);
    fileButtons->addWidget(m_recent);
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
    m_pasteMessage = new FieldMessage(m_paste, panel);
    m_pasteMessage->setObjectName(u"logsPasteMessage"_s);
    layout->addWidget(m_pasteMessage);

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

    m_detail = new QWidget(page);
    m_detail->setObjectName(u"logsDetail"_s);
    auto *detail = new QVBoxLayout(m_detail);
    m_title = resultLabel(m_detail, u"logsTitle"_s);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    detail->addWidget(m_title);
    m_meta = resultLabel(m_detail, u"logsMeta"_s);
    detail->addWidget(m_meta);
    m_causeHeading = heading(m_detail, u"logsCauseHeading"_s);
    detail->addWidget(m_causeHeading);
    m_cause = resultLabel(m_detail, u"logsCause"_s);
    detail->addWidget(m_cause);
    m_fixHeading = heading(m_detail, u"logsFixHeading"_s);
    detail->addWidget(m_fixHeading);
    m_fix = resultLabel(m_detail, u"logsFix"_s);
    detail->addWidget(m_fix);
    auto *actions = new QHBoxLayout;
    m_action = new QPushButton(m_detail);
    m_action->setObjectName(u"logsAction"_s);
    m_search = new QPushButton(m_detail);
    m_search->setObjectName(u"logsSearch"_s);
    m_copyFinding = new QPushButton(m_detail);
    m_copyFinding->setObjectName(u"logsCopyFinding"_s);
    actions->addWidget(m_action);
    actions->addWidget(m_search);
    actions->addStretch(1);
    actions->addWidget(m_copyFinding);
    detail->addLayout(actions);
    m_linesHeading = heading(m_detail, u"logsLinesHeading"_s);
    detail->addWidget(m_linesHeading);
    m_lines = new QTextBrowser(m_detail);
    m_lines->setObjectName(u"logsLines"_s);
    m_lines->setLineWrapMode(QTextEdit::NoWrap);
    m_lines->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    detail->addWidget(m_lines, 1);

    m_detailSplitter = new QSplitter(Qt::Vertical, page);
    m_detailSplitter->setObjectName(u"logsDetailSplitter"_s);
    m_detailSplitter->addWidget(m_findings);
    m_detailArea = scrolling(m_detail, page);
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
    split->addWidget(m_kbList);
    split->addWidget(m_kbEntry);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    auto *bottom = new QHBoxLayout;
    m_kbCount = new QLabel(page);
    m_kbCount->setObjectName(u"logsKbCount"_s);
    m_kbReload = new QPushButton(page);
    m_kbReload->setObjectName(u"logsKbReload"_s);
    m_kbFolder = new QPushButton(page);
    m_kbFolder->setObjectName(u"logsKbFolder"_s);
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
    m_patternMessage = new FieldMessage(m_pattern, page);
    m_patternMessage->setObjectName(u"logsPatternMessage"_s);
    layout->addWidget(m_patternMessage);
    m_sampleLabel = new QLabel(page);
    m_sampleLabel->setWordWrap(true);
    layout->addWidget(m_sampleLabel);
    m_sample = new TextBox(page, u"logsSample"_s);
    m_sample->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_sampleLabel->setBuddy(m_sample);
    layout->addWidget(m_sample, 1);
    m_sampleMessage = new FieldMessage(m_sample, page);
    m_sampleMessage->setObjectName(u"logsSampleMessage"_s);
    layout->addWidget(m_sampleMessage);
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
    m_filesLabel->setText(tr("&Log files:"));
    m_files->setToolTip(tr("One file per rank or node is fine: lines with times are merged into one timeline."));
    m_add->setText(tr("&Add files…"));
    m_add->setToolTip(tr("Ctrl+O"));
    m_recent->setText(tr("Recent"));
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
    m_causeHeading->setText(tr("Cause"));
    m_fixHeading->setText(tr("Fix"));
    m_linesHeading->setText(tr("Matched lines"));
    m_search->setText(tr("Search verl issues"));
    m_copyFinding->setText(tr("Copy"));
    m_copyReport->setText(tr("Copy report"));
    m_copyReport->setToolTip(tr("Ctrl+Shift+C"));
    m_saveReport->setText(tr("Save report…"));
    m_saveReport->setToolTip(tr("Text for an issue, or JSON (the same as analyze --json)."));

    m_kbSearch->setPlaceholderText(tr("Search ids, titles, causes and patterns"));
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
    if (m_analysis)
        showAnalysis();
    else
        m_summary->setText(tr("Add logs on the left and press Analyze."));
    validatePattern();
}

void LogsTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    ToolTab::changeEvent(event);
}

void LogsTab::loadSettings()
{
    m_loading = true;
    Settings settings;
    m_recentFiles = settings.value(keys::logsRecent);
    m_pattern->setText(settings.value(keys::logsPattern));
    if (const QByteArray state = settings.value(keys::logsSplitter); !state.isEmpty())
        m_splitter->restoreState(state);
    if (const QByteArray state = settings.value(keys::logsDetailSplitter); !state.isEmpty())
        m_detailSplitter->restoreState(state);
    m_loading = false;
}

void LogsTab::saveSettings() const
{
    if (m_loading)
        return;
    Settings settings;
    settings.setValue(keys::logsRecent, m_recentFiles);
    settings.setValue(keys::logsPattern, m_pattern->text());
    settings.setValue(keys::logsSplitter, m_splitter->saveState());
    settings.setValue(keys::logsDetailSplitter, m_detailSplitter->saveState());
}

void LogsTab::loadKnowledge()
{
    if (isBusy())
        return;
    auto knowledge = std::make_shared<Knowledge>();
    knowledge->kb = logscan::loadKnowledgeBase();
    auto matcher = logscan::Matcher::compile(knowledge->kb.entries);
    if (matcher)
        knowledge->matcher = *matcher;
    else
        knowledge->error = matcher.error().message;
    m_knowledge = knowledge;
    showKnowledge();
}

void LogsTab::showKnowledge()
{
    const std::shared_ptr<const Knowledge> knowledge = m_knowledge;
    QList<NoteItem> problems;
    for (const logscan::LoadProblem &problem : knowledge->kb.problems)
        problems.append({Severity::Warning, problem.message});
    if (!knowledge->error.isEmpty())
        problems.append({Severity::Error, knowledge->error});
    m_kbProblems->setNotes(problems);
    m_kbProblems->setVisible(!problems.isEmpty());

    const QString category = m_kbCategory->currentData().toString();
    m_kbCategory->blockSignals(true);
    m_kbCategory->clear();
    m_kbCategory->addItem(tr("All categories"), QString());
    for (const QString &name : knowledge->kb.categories())
        m_kbCategory->addItem(name, name);
    m_kbCategory->setCurrentIndex(std::max(0, m_kbCategory->findData(category)));
    m_kbCategory->blockSignals(false);

    const QString current = m_kbList->currentItem() ? m_kbList->currentItem()->text(1) : QString();
    m_kbList->clear();
    for (qsizetype i = 0; i < knowledge->kb.entries.size(); ++i) {
        const logscan::Entry &entry = knowledge->kb.entries.at(i);
        auto *item = new QTreeWidgetItem(m_kbList);
        item->setIcon(0, icon(entry.severity));
        item->setText(0, word(entry.severity));
        item->setText(1, entry.id);
        item->setText(2, entry.category);
        item->setText(3, entry.title.in(language()));
        item->setData(0, kEntryRole, static_cast<int>(i));
        if (entry.id == current)
            m_kbList->setCurrentItem(item);
    }
    filterKnowledge();
    if (!m_kbList->currentItem() && m_kbList->topLevelItemCount() > 0)
        m_kbList->setCurrentItem(m_kbList->topLevelItem(0));
    m_kbCount->setText(tr("Entries: %1 (files read: %2). Add your own in %3.")
                           .arg(knowledge->kb.entries.size())
                           .arg(knowledge->kb.files.size())
                           .arg(logscan::userKnowledgeDir()));
}

void LogsTab::filterKnowledge()
{
    if (!m_knowledge)
        return;
    const QString text = m_kbSearch->text().trimmed();
    const QString category = m_kbCategory->currentData().toString();
    for (int i = 0; i < m_kbList->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_kbList->topLevelItem(i);
        const logscan::Entry &entry = m_knowledge->kb.entries.at(item->data(0, kEntryRole).toInt());
        bool match = category.isEmpty() || entry.category == category;
        if (match && !text.isEmpty()) {
            QStringList haystack{entry.id, entry.title.en, entry.title.zhCN, entry.cause.en, entry.cause.zhCN};
            for (const logscan::Indication &indication : entry.indications)
                haystack << indication.pattern() << indication.keywords;
            match = haystack.join(u'\n').contains(text, Qt::CaseInsensitive);
        }
        item->setHidden(!match);
    }
}

void LogsTab::showEntry()
{
    QTreeWidgetItem *item = m_kbList->currentItem();
    if (!item || !m_knowledge) {
        m_kbEntry->clear();
        return;
    }
    const logscan::Entry &entry = m_knowledge->kb.entries.at(item->data(0, kEntryRole).toInt());
    const QString lang = language();
    QString html = u"<h3>%1</h3>"_s.arg(entry.title.in(lang).toHtmlEscaped());
    html += u"<p><code>%1</code> · <span style=\"color:%2\">%3</span> · %4</p>"_s.arg(
        entry.id, color(entry.severity).name(), word(entry.severity), entry.category.toHtmlEscaped());
    html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Cause:"), entry.cause.in(lang).toHtmlEscaped());
    html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Fix:"), entry.fix.in(lang).toHtmlEscaped());
    html += u"<p><b>%1</b></p><ul>"_s.arg(tr("Matches any of:"));
    for (const logscan::Indication &indication : entry.indications) {
        if (!indication.keywords.isEmpty()) {
            QStringList quoted;
            for (const QString &keyword : indication.keywords)
                quoted << u"<code>%1</code>"_s.arg(keyword.toHtmlEscaped());
            html += u"<li>%1 %2</li>"_s.arg(tr("all on one line, in order:"), quoted.join(u" … "_s));
        } else {
            html += u"<li>%1 <code>%2</code>%3</li>"_s.arg(
                tr("regex:"), indication.regex.toHtmlEscaped(),
                indication.multiline() ? u" "_s + tr("(up to %1 lines)").arg(indication.lines) : QString());
        }
    }
    html += u"</ul>"_s;
    if (!entry.leadsTo.isEmpty())
        html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Can cause on other ranks:"), entry.leadsTo.join(u", "_s));
    if (entry.reach != logscan::Reach::Job)
        html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Follows only from a cause on:"),
                                             entry.reach == logscan::Reach::Node ? tr("the same node")
                                                                                 : tr("the same rank"));
    QStringList applies = entry.appliesToComponents;
    if (!entry.appliesToVerl.isEmpty())
        applies.prepend(u"verl "_s + entry.appliesToVerl);
    if (!applies.isEmpty())
        html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Applies to:"), applies.join(u", "_s).toHtmlEscaped());
    if (!entry.references.isEmpty()) {
        html += u"<p><b>%1</b></p><ul>"_s.arg(tr("References:"));
        for (const QString &url : entry.references)
            html += u"<li><a href=\"%1\">%1</a></li>"_s.arg(url.toHtmlEscaped());
        html += u"</ul>"_s;
    }
    html += u"<p style=\"color:gray\">%1</p>"_s.arg(tr("From %1").arg(entry.origin.toHtmlEscaped()));
    m_kbEntry->setHtml(html);
}

QList<logscan::LogInput> LogsTab::inputs() const
{
    QList<logscan::LogInput> out;
    for (int i = 0; i < m_files->count(); ++i)
        out << logscan::LogInput::file(m_files->item(i)->data(Qt::UserRole).toString());
    if (!m_paste->toPlainText().isEmpty())
        out << logscan::LogInput::pasted(m_paste->toPlainText().toUtf8(), tr("pasted text"));
    return out;
}

void LogsTab::updateButtons()
{
    m_remove->setEnabled(!m_files->selectedItems().isEmpty() && !isBusy());
    m_clear->setEnabled((m_files->count() > 0 || !m_paste->toPlainText().isEmpty()) && !isBusy());
    m_add->setEnabled(!isBusy());
    m_recent->setEnabled(!isBusy());
    m_analyze->setEnabled(!isBusy());
    m_readAll->setEnabled(!isBusy());
    m_testPattern->setEnabled(!isBusy());
    m_kbReload->setEnabled(!isBusy());
    m_copyReport->setEnabled(m_analysis.has_value());
    m_saveReport->setEnabled(m_analysis.has_value());
}

void LogsTab::addFiles(const QStringList &paths)
{
    QStringList problems;
    QStringList added;
    for (const QString &path : paths) {
        // Folders, pipes, devices and unreadable files are refused here, not when Analyze blocks on them.
        if (const auto checked = logscan::checkInput(logscan::LogInput::file(path), true); !checked) {
            problems << checked.error().message;
        } else {
            const QFileInfo info(path);
            const QString absolute = info.absoluteFilePath();
            if (!m_files->findItems(QDir::toNativeSeparators(absolute), Qt::MatchExactly).isEmpty())
                continue;
            auto *item = new QListWidgetItem(QDir::toNativeSeparators(absolute), m_files);
            item->setData(Qt::UserRole, absolute);
            item->setToolTip(tr("%1 (%2)").arg(absolute, QLocale().formattedDataSize(info.size())));
            added << absolute;
        }
    }
    m_filesMessage->setMessage(problems.join(u'\n'));
    if (!added.isEmpty())
        rememberRecent(added);
    updateButtons();
}

void LogsTab::browse()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add training logs"), m_recentFiles.isEmpty() ? QString() : QFileInfo(m_recentFiles.first()).path(),
        tr("Logs (*.log *.txt *.out *.err *.gz);;All files (*)"));
    if (!files.isEmpty())
        addFiles(files);
}

void LogsTab::rememberRecent(const QStringList &paths)
{
    for (const QString &path : paths) {
        m_recentFiles.removeAll(path);
        m_recentFiles.prepend(path);
    }
    while (m_recentFiles.size() > kMaxRecent)
        m_recentFiles.removeLast();
    saveSettings();
}

void LogsTab::fillRecentMenu()
{
    m_recentMenu->clear();
    for (const QString &path : std::as_const(m_recentFiles)) {
        QAction *action = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo(path).isFile());
        connect(action, &QAction::triggered, this, [this, path] { addFiles({path}); });
    }
    if (m_recentFiles.isEmpty()) {
        m_recentMenu->addAction(tr("No recent logs"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Forget recent logs"), this, [this] {
        m_recentFiles.clear();
        saveSettings();
    });
}

void LogsTab::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void LogsTab::dropEvent(QDropEvent *event)
{
    QStringList paths;
    QStringList remote;
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
        else
            remote << url.toDisplayString();
    }
    addFiles(paths);
    if (!remote.isEmpty()) {
        const QString message = tr("Only local files can be analysed: %1").arg(remote.join(u", "_s));
        m_filesMessage->setMessage(m_filesMessage->message().isEmpty() ? message
                                                                       : m_filesMessage->message() + u'\n' + message);
    }
    event->acceptProposedAction();
}

void LogsTab::analyze()
{
    if (isBusy())
        return;
    const QList<logscan::LogInput> list = inputs();
    if (list.isEmpty()) {
        m_filesMessage->setMessage(tr("Add a log file or paste log lines first."));
        return;
    }
    if (!m_knowledge->matcher) {
        m_summary->setText(m_knowledge->error);
        return;
    }
    m_pages->setCurrentIndex(static_cast<int>(Page::Findings));
    startScan(Job::Analysis, list, m_knowledge->kb.entries, *m_knowledge->matcher);
}

void LogsTab::startScan(Job job,
                        const QList<logscan::LogInput> &inputs,
                        const QList<logscan::Entry> &entries,
                        const logscan::Matcher &matcher)
{
    m_job = job;
    if (job == Job::Analysis)
        m_summary->setText(tr("Reading the logs…"));
    else
        m_patternResult->setPlainText(tr("Reading the logs…"));
    logscan::ScanOptions options;
    options.regularFilesOnly = true;
    if (m_noInflateLimit)
        options.maxInflateRatio = 0;
    if (job == Job::Pattern) {
        options.context = 0;
        options.maxGroupsPerEntry = 1000;
    } else {
        m_scanEntries = entries; // become m_analysisEntries with the result, not before
    }
    log::ui()->info("scanning {} log input(s)", inputs.size());
    m_jobs->start<Result<logscan::Analysis>>(
        tr("Reading the logs…"),
        [inputs, entries, matcher, options](JobControl &control) {
            return logscan::analyze(
                inputs, entries, matcher, options,
                [&control](qint64 bytes, qint64 all) {
                    control.done = bytes;
                    control.total = all;
                },
                &control.cancelled);
        },
        [this](const Result<logscan::Analysis> &result) { scanFinished(result); });
}

void LogsTab::cancel()
{
    m_jobs->cancel();
}

void LogsTab::scanFinished(const Result<logscan::Analysis> &result)
{
    if (!result) {
        log::ui()->info("log scan failed: {}", result.error().message);
        if (m_job == Job::Analysis) {
            m_filesMessage->setMessage(result.error().message);
            m_summary->setText(result.error().message);
        } else {
            m_patternResult->setPlainText(result.error().message);
        }
    } else if (m_job == Job::Analysis) {
        m_analysis = *result;
        m_analysisEntries = m_scanEntries;
        showAnalysis();
    } else {
        showPatternResult(*result);
    }
}

void LogsTab::showAnalysis()
{
    const logscan::Analysis &analysis = *m_analysis;
    const QList<logscan::Entry> &entries = m_analysisEntries;
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
        const logscan::Explanation text = logscan::explain(entry, finding, analysis, language());
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
    if (!item || !m_analysis)
        return nullptr;
    return &m_analysis->findings.at(item->data(0, kFindingRole).toInt());
}

void LogsTab::showFinding()
{
    const logscan::Finding *current = currentFinding();
    m_detailArea->setVisible(current != nullptr);
    if (!current)
        return;
    const logscan::Analysis &analysis = *m_analysis;
    const logscan::Finding &finding = *current;
    const logscan::Entry &entry = m_analysisEntries.at(finding.entry);
    const logscan::Explanation text = logscan::explain(entry, finding, analysis, language());
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
        const logscan::Entry *root = nullptr;
        for (const logscan::Entry &candidate : m_analysisEntries) {
            if (candidate.id == finding.symptomOf)
                root = &candidate;
        }
        metaText += u"<br><b>"_s
            + tr("Symptom of: %1. Fix that first; this one usually goes away with it.")
                  .arg(root ? root->title.in(language()) : finding.symptomOf)
                  .toHtmlEscaped()
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
    if (const auto link = logscan::linkFor(m_analysisEntries.at(finding->entry), *finding, *m_analysis)) {
        log::ui()->info("opening {} from {}", link->tool, link->origin);
        session().openLink(*link);
    }
}

void LogsTab::searchIssues()
{
    const QUrl url = m_search->property("url").toUrl();
    if (url.isValid() && !QDesktopServices::openUrl(url))
        session().showStatus(tr("No web browser could be opened; the address is in the button's tooltip."));
}

void LogsTab::copyFinding()
{
    const logscan::Finding *finding = currentFinding();
    if (!finding)
        return;
    logscan::Analysis one = *m_analysis;
    one.findings = {*finding};
    one.findings.first().symptomOf.clear();
    QApplication::clipboard()->setText(logscan::toText(one, m_analysisEntries, language(), 0));
    session().showStatus(tr("Copied"));
}

void LogsTab::copyReport()
{
    if (!m_analysis)
        return;
    QApplication::clipboard()->setText(logscan::toText(*m_analysis, m_analysisEntries, language(), 0));
    session().showStatus(tr("Copied"));
}

void LogsTab::saveReport()
{
    if (!m_analysis)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save report"), u"log-analysis.txt"_s,
                                                      tr("Text (*.txt);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QByteArray bytes = path.endsWith(u".json"_s, Qt::CaseInsensitive)
        ? QJsonDocument(logscan::toJson(*m_analysis, m_analysisEntries, language(), 0)).toJson(QJsonDocument::Indented)
        : logscan::toText(*m_analysis, m_analysisEntries, language(), 0).toUtf8();
    const auto written = writeFileAtomically(path, bytes);
    if (!written)
        QMessageBox::warning(this, tr("Save report"), written.error().message);
    else
        session().showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

void LogsTab::validatePattern()
{
    const QString regex = m_pattern->text();
    if (regex.isEmpty()) {
        m_patternMessage->setMessage(QString());
        m_patternResult->setPlainText(tr("Type a regex above to try it."));
        return;
    }
    const auto entry = logscan::patternEntry(regex);
    if (!entry) {
        m_patternMessage->setMessage(entry.error().message);
        m_patternResult->clear();
        return;
    }
    m_patternMessage->setMessage(QString());
    const QString sample = m_sample->toPlainText();
    if (sample.isEmpty()) {
        m_patternResult->setPlainText(tr("Press Test to try it on the logs on the left."));
        return;
    }
    const QByteArray bytes = sample.toUtf8();
    if (bytes.size() > kLiveSampleBytes) {
        m_patternResult->setPlainText(tr("Press Test to try it on these lines."));
        return;
    }
    const auto matcher = logscan::Matcher::compile({*entry});
    if (!matcher) {
        m_patternMessage->setMessage(matcher.error().message);
        return;
    }
    logscan::ScanOptions options;
    options.context = 0;
    options.maxGroupsPerEntry = 1000;
    const auto result = logscan::analyze({logscan::LogInput::pasted(bytes, tr("sample"))}, {*entry}, *matcher, options);
    if (result)
        showPatternResult(*result);
}

void LogsTab::testPattern()
{
    if (isBusy())
        return;
    const auto entry = logscan::patternEntry(m_pattern->text());
    if (!entry) {
        m_patternMessage->setMessage(m_pattern->text().isEmpty() ? tr("Type a regex first.") : entry.error().message);
        return;
    }
    m_pages->setCurrentIndex(static_cast<int>(Page::Pattern));
    const QString sample = m_sample->toPlainText();
    QList<logscan::LogInput> list = sample.isEmpty()
        ? inputs()
        : QList<logscan::LogInput>{logscan::LogInput::pasted(sample.toUtf8(), tr("sample"))};
    if (list.isEmpty()) {
        m_patternResult->setPlainText(tr("Add a log on the left or type lines above to try the regex on."));
        return;
    }
    const auto matcher = logscan::Matcher::compile({*entry});
    if (!matcher) {
        m_patternMessage->setMessage(matcher.error().message);
        return;
    }
    startScan(Job::Pattern, list, {*entry}, *matcher);
}

void LogsTab::showPatternResult(const logscan::Analysis &analysis)
{
    m_patternResult->setPlainText(logscan::patternReport(analysis).trimmed());
}

} // namespace vna::ui
