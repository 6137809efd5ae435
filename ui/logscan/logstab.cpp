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

#include "clusterdialog.h"
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
#include "logscan/located.h"
#include "logscan/report.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

constexpr int kPatternDebounceMs = 150;

} // namespace

LogsTab::LogsTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    setObjectName(u"logsTab"_s);
    setAcceptDrops(true);

    // Built in the order they are read, which is the order Tab walks: the inputs on the left first.
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"logsSplitter"_s);
    m_splitter->addWidget(scrolling(buildInputs(), this));
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"logsPages"_s);
    m_pages->addTab(buildFindingsPage(), QString());
    m_pages->addTab(buildKnowledgePage(), QString());
    m_pages->addTab(buildPatternPage(), QString());
    m_splitter->addWidget(m_pages);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    // Reading gigabytes again for a language switch would be a waste: the analysis holds data, and
    // showAnalysis() words it in the language of the moment.
    m_jobs = new JobRunner(session, this, JobRunner::OnLanguageChange::Deliver);
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
    connect(m_cluster, &QPushButton::clicked, this, &LogsTab::collectFromCluster);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        QStringList removed;
        for (const QListWidgetItem *item : m_files->selectedItems())
            removed << item->data(Qt::UserRole).toString();
        m_state.removeFiles(removed);
        qDeleteAll(m_files->selectedItems());
        updateButtons();
    });
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_state.clearInputs();
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
    // A known bug is told against the window's verl release.
    connect(&session, &Session::verlVersionChanged, this, [this] {
        if (m_state.analysis)
            showAnalysis();
        showEntry();
    });
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

void LogsTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    ToolTab::changeEvent(event);
}

void LogsTab::loadSettings()
{
    m_loading = true;
    const Settings settings;
    m_state.load();
    m_pattern->setText(m_state.pattern);
    if (const QByteArray state = settings.value(keys::logsSplitter); !state.isEmpty())
        m_splitter->restoreState(state);
    if (const QByteArray state = settings.value(keys::logsDetailSplitter); !state.isEmpty())
        m_detailSplitter->restoreState(state);
    m_loading = false;
}

void LogsTab::saveSettings()
{
    if (m_loading)
        return;
    m_state.pattern = m_pattern->text();
    m_state.save();
    Settings settings;
    settings.setValue(keys::logsSplitter, m_splitter->saveState());
    settings.setValue(keys::logsDetailSplitter, m_detailSplitter->saveState());
}

QList<logscan::LogInput> LogsTab::inputs()
{
    m_state.pasted = m_paste->toPlainText();
    return m_state.inputs();
}

void LogsTab::updateButtons()
{
    m_remove->setEnabled(!m_files->selectedItems().isEmpty() && !isBusy());
    m_clear->setEnabled((!m_state.files.isEmpty() || !m_paste->toPlainText().isEmpty()) && !isBusy());
    m_add->setEnabled(!isBusy());
    m_recent->setEnabled(!isBusy());
    m_analyze->setEnabled(!isBusy());
    m_readAll->setEnabled(!isBusy());
    m_testPattern->setEnabled(!isBusy());
    m_kbReload->setEnabled(!isBusy());
    m_copyReport->setEnabled(m_state.analysis.has_value());
    m_saveReport->setEnabled(m_state.analysis.has_value());
}

void LogsTab::addFiles(const QStringList &paths)
{
    QStringList problems;
    for (const QString &absolute : m_state.addFiles(paths, problems)) {
        auto *item = new QListWidgetItem(QDir::toNativeSeparators(absolute), m_files);
        item->setData(Qt::UserRole, absolute);
        item->setToolTip(tr("%1 (%2)").arg(absolute, QLocale().formattedDataSize(QFileInfo(absolute).size())));
    }
    m_filesMessage->setMessage(problems.join(u'\n'));
    saveSettings(); // the recent files
    updateButtons();
}

void LogsTab::browse()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add training logs"),
        m_state.recentFiles.isEmpty() ? QString() : QFileInfo(m_state.recentFiles.first()).path(),
        tr("Logs (*.log *.txt *.out *.err *.gz);;All files (*)"));
    if (!files.isEmpty())
        addFiles(files);
}

void LogsTab::fillRecentMenu()
{
    m_recentMenu->clear();
    for (const QString &path : std::as_const(m_state.recentFiles)) {
        QAction *action = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo(path).isFile());
        connect(action, &QAction::triggered, this, [this, path] { addFiles({path}); });
    }
    if (m_state.recentFiles.isEmpty()) {
        m_recentMenu->addAction(tr("No recent logs"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Forget recent logs"), this, [this] {
        m_state.forgetRecent();
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
        m_scanEntries = entries; // become m_state.analysisEntries with the result, not before
    }
    log::ui()->info("scanning {} log input(s)", inputs.size());
    // Where its lines were raised and the suspect fixes, for the releases the window knows now (a change
    // of version or language later words them again).
    const QList<logscan::InstalledVersion> installed = installedVersions();
    const bool locate = job == Job::Analysis;
    if (locate)
        m_locatedFor = locatedFor();
    m_jobs->start<Result<logscan::Analysis>>(
        tr("Reading the logs…"),
        [inputs, entries, matcher, options, installed, locate](JobControl &control) {
            auto result = logscan::analyze(
                inputs, entries, matcher, options,
                [&control](qint64 bytes, qint64 all) {
                    control.done = bytes;
                    control.total = all;
                },
                &control.cancelled);
            if (result && locate) {
                result->installed = installed;
                logscan::locate(*result, entries);
            }
            return result;
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
        m_state.analysis = *result;
        m_state.analysisEntries = m_scanEntries;
        m_clusterSummary->hide();
        m_clusterInstalled.clear();
        showAnalysis();
    } else {
        showPatternResult(*result);
    }
}

void LogsTab::collectFromCluster()
{
    if (isBusy())
        return;
    if (!m_knowledge || !m_knowledge->matcher) {
        m_summary->setText(m_knowledge ? m_knowledge->error : tr("The knowledge base is still loading."));
        return;
    }
    ClusterDialog dialog(m_knowledge->kb.entries, *m_knowledge->matcher, this);
    connect(&dialog, &ClusterDialog::collected, this, [this, &dialog] {
        if (!dialog.outcome())
            return;
        m_state.analysis = dialog.outcome()->result.analysis;
        m_state.analysisEntries = dialog.entries();
        m_clusterInstalled = dialog.outcome()->result.analysis.installed;
        m_locatedFor.clear();
        m_clusterSummary->setPlainText(dialog.summaryText());
        m_clusterSummary->show();
        m_pages->setCurrentIndex(static_cast<int>(Page::Findings));
        showAnalysis();
    });
    dialog.exec();
}

} // namespace vna::ui
