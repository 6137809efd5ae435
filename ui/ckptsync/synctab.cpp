#include "synctab.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QWizard>
#include <QWizardPage>
#include <numeric>

#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

// A wizard page whose completeness and entry action are given by the tab.
class SyncPage final : public QWizardPage
{
public:
    using QWizardPage::QWizardPage;
    std::function<bool()> complete = [] { return true; };
    std::function<void()> enter;
    bool isComplete() const override { return complete(); }
    void initializePage() override
    {
        if (enter)
            enter();
    }
    // QWizard answers completeChanged by hiding and showing the page to avoid flicker, and hiding the
    // page moves the keyboard focus out of it: the field being typed into would lose focus at every
    // keystroke. Give the focus back to where the user was.
    void refresh()
    {
        const QPointer<QWidget> focus = QApplication::focusWidget();
        Q_EMIT completeChanged();
        if (focus && QApplication::focusWidget() != focus && wizard() && wizard()->isAncestorOf(focus)
            && focus->isVisible() && focus->isEnabled())
            focus->setFocus(Qt::OtherFocusReason);
    }
};

namespace {

SyncPage *page(QWizard *wizard, int id)
{
    return static_cast<SyncPage *>(wizard->page(id));
}

QString dirStateText(ckptsync::DirState state)
{
    switch (state) {
    case ckptsync::DirState::Writable:
        return QCoreApplication::translate("vna::ui::SyncTab", "writable");
    case ckptsync::DirState::ReadOnly:
        return QCoreApplication::translate("vna::ui::SyncTab", "read-only");
    case ckptsync::DirState::Creatable:
        return QCoreApplication::translate("vna::ui::SyncTab", "will be created");
    case ckptsync::DirState::Blocked:
        return QCoreApplication::translate("vna::ui::SyncTab", "missing, cannot be created");
    }
    return QString();
}

} // namespace

template <typename R>
void SyncTab::runJob(const QString &status,
                     std::function<R(const std::atomic_bool *)> work,
                     std::function<void(R)> done)
{
    // Cancel stops the copy at its next file; what was done by then is still shown.
    m_runner->start<R>(
        status, [work = std::move(work)](JobControl &control) { return work(&control.cancelled); }, std::move(done),
        JobRunner::OnCancel::Deliver);
}

SyncTab::SyncTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    m_runner = new JobRunner(session, this);
    connect(m_runner, &JobRunner::runningChanged, this, &SyncTab::setBusy);
    m_loading = true;
    auto *layout = new QVBoxLayout(this);
    m_wizard = new QWizard(this);
    m_wizard->setWindowFlags(Qt::Widget); // QDialog makes itself a window unless told otherwise
    m_wizard->setObjectName(u"syncWizard"_s);
    m_wizard->setWizardStyle(QWizard::ClassicStyle);
    m_wizard->setOption(QWizard::NoCancelButton);
    m_wizard->setOption(QWizard::NoBackButtonOnLastPage);
    layout->addWidget(m_wizard);
    buildSourcePage();
    buildNodesPage();
    buildPreflightPage();
    buildPlanPage();
    buildRunPage();
    buildSummaryPage();
    m_watchTimer = new QTimer(this);
    m_watchTimer->setInterval(10000);
    connect(m_watchTimer, &QTimer::timeout, this, &SyncTab::watchTick);
    connect(m_wizard, &QWizard::finished, this, &SyncTab::newSync);
    retranslate();
    loadSettings();
    m_loading = false;
    validateNodes();
    m_wizard->show(); // a QDialog starts hidden, even as a child widget
}

SyncTab::~SyncTab()
{
    m_watchTimer->stop();
    // A tab being destroyed says nothing: the window around it may be half gone already.
    blockSignals(true);
    // The runner cancels the job and waits for its worker while the ssh control folder still exists.
    delete m_runner;
    m_runner = nullptr;
}

bool SyncTab::isBusy() const
{
    return m_runner && m_runner->isRunning();
}

void SyncTab::openLink(const ToolLink &link)
{
    const QString folder = link.param(u"folder"_s);
    if (folder.isEmpty())
        return;
    if (isBusy()) {
        session().showStatus(tr("The wizard is busy; cancel or finish the running step first."));
        return;
    }
    newSync();
    m_sourceLocal->setChecked(true);
    m_folder->setText(folder);
    m_linkOrigin->setText(tr("Folder filled in by the log analyzer from %1. If the checkpoint lives on another node, "
                             "choose \"On another node\" and give that node.")
                              .arg(link.origin));
    m_linkOrigin->show();
    scan();
}

void SyncTab::buildSourcePage()
{
    auto *p = new SyncPage;
    auto *layout = new QVBoxLayout(p);
    m_sourceHint = new QLabel(p);
    m_sourceHint->setWordWrap(true);
    layout->addWidget(m_sourceHint);
    m_sourceLocal = new QRadioButton(p);
    m_sourceLocal->setObjectName(u"syncSourceLocal"_s);
    m_sourceLocal->setChecked(true);
    m_sourceRemote = new QRadioButton(p);
    m_sourceRemote->setObjectName(u"syncSourceRemote"_s);
    m_sourceHost = new QLineEdit(p);
    m_sourceHost->setObjectName(u"syncSourceHost"_s);
    m_sourceHost->setPlaceholderText(u"node01"_s);
    auto *remoteRow = new QHBoxLayout;
    remoteRow->addWidget(m_sourceRemote);
    remoteRow->addWidget(m_sourceHost, 1);
    layout->addWidget(m_sourceLocal);
    layout->addLayout(remoteRow);
    m_folderLabel = new QLabel(p);
    layout->addWidget(m_folderLabel);
    auto *folderRow = new QHBoxLayout;
    m_folder = monospaceField(p, u"syncFolder"_s);
    m_folder->setReadOnly(false);
    m_folder->setPlaceholderText(u"/data/checkpoints/project/experiment"_s);
    m_browse = new QPushButton(p);
    m_browse->setObjectName(u"syncBrowse"_s);
    m_scan = new QPushButton(p);
    m_scan->setObjectName(u"syncScan"_s);
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(m_browse);
    folderRow->addWidget(m_scan);
    layout->addLayout(folderRow);
    m_folderMessage = new FieldMessage(m_folder, p);
    m_folderMessage->setObjectName(u"syncFolderMessage"_s);
    layout->addWidget(m_folderMessage);
    m_linkOrigin = new QLabel(p);
    m_linkOrigin->setObjectName(u"syncLinkOrigin"_s);
    m_linkOrigin->setWordWrap(true);
    m_linkOrigin->hide();
    layout->addWidget(m_linkOrigin);
    m_found = new QTreeWidget(p);
    m_found->setObjectName(u"syncFound"_s);
    m_found->setColumnCount(3);
    m_found->header()->setStretchLastSection(true);
    layout->addWidget(m_found, 1);
    auto *stepRow = new QHBoxLayout;
    m_stepLabel = new QLabel(p);
    m_step = new QComboBox(p);
    m_step->setObjectName(u"syncStep"_s);
    m_includeTracker = new QCheckBox(p);
    m_includeTracker->setObjectName(u"syncIncludeTracker"_s);
    stepRow->addWidget(m_stepLabel);
    stepRow->addWidget(m_step);
    stepRow->addWidget(m_includeTracker);
    stepRow->addStretch(1);
    layout->addLayout(stepRow);
    m_needs = new QLabel(p);
    m_needs->setObjectName(u"syncNeeds"_s);
    m_needs->setWordWrap(true);
    m_needs->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_needs);
    connect(m_step, &QComboBox::currentIndexChanged, this, &SyncTab::showNeeds);
    connect(m_includeTracker, &QCheckBox::toggled, this, &SyncTab::showNeeds);
    p->complete = [this] { return m_discovery.has_value() && m_step->count() > 0 && !isBusy(); };
    m_wizard->setPage(SourcePage, p);

    const auto changed = [this, p] {
        if (m_loading)
            return;
        m_dirty = true;
        m_discovery.reset();
        m_found->clear();
        m_step->clear();
        m_sourceHost->setEnabled(m_sourceRemote->isChecked());
        m_browse->setEnabled(m_sourceLocal->isChecked());
        saveSettings();
        p->refresh();
    };
    connect(m_sourceLocal, &QRadioButton::toggled, this, changed);
    connect(m_sourceHost, &QLineEdit::textChanged, this, changed);
    connect(m_folder, &QLineEdit::textChanged, this, changed);
    connect(m_folder, &QLineEdit::returnPressed, this, &SyncTab::scan);
    connect(m_scan, &QPushButton::clicked, this, &SyncTab::scan);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Checkpoint folder"), m_folder->text());
        if (!dir.isEmpty()) {
            m_folder->setText(dir);
            scan();
        }
    });
}

void SyncTab::buildNodesPage()
{
    auto *p = new SyncPage;
    auto *layout = new QVBoxLayout(p);
    m_nodesHint = new QLabel(p);
    m_nodesHint->setWordWrap(true);
    layout->addWidget(m_nodesHint);
    m_nodes = monospaceField(p, u"syncNodes"_s);
    m_nodes->setReadOnly(false);
    m_nodes->setPlaceholderText(u"node[02-16]"_s);
    layout->addWidget(m_nodes);
    m_nodesMessage = new FieldMessage(m_nodes, p);
    m_nodesMessage->setObjectName(u"syncNodesMessage"_s);
    layout->addWidget(m_nodesMessage);
    m_nodesCount = new QLabel(p);
    m_nodesCount->setObjectName(u"syncNodesCount"_s);
    layout->addWidget(m_nodesCount);
    m_sshConfigLabel = new QLabel(p);
    layout->addWidget(m_sshConfigLabel);
    m_sshConfig = new QLineEdit(p);
    m_sshConfig->setObjectName(u"syncSshConfig"_s);
    m_sshConfig->setPlaceholderText(u"~/.ssh/config"_s);
    layout->addWidget(m_sshConfig);
    m_acceptKeys = new QCheckBox(p);
    m_acceptKeys->setObjectName(u"syncAcceptKeys"_s);
    layout->addWidget(m_acceptKeys);
    auto *bandwidthRow = new QHBoxLayout;
    m_bandwidthLabel = new QLabel(p);
    m_bandwidth = new QSpinBox(p);
    m_bandwidth->setObjectName(u"syncBandwidth"_s);
    m_bandwidth->setRange(0, 1000000);
    m_bandwidth->setAccelerated(true);
    m_bandwidthLabel->setBuddy(m_bandwidth);
    bandwidthRow->addWidget(m_bandwidthLabel);
    bandwidthRow->addWidget(m_bandwidth);
    m_topologyLabel = new QLabel(p);
    m_topology = new QComboBox(p);
    m_topology->setObjectName(u"syncTopology"_s);
    m_topology->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const auto t : {ckptsync::Topology::Auto, ckptsync::Topology::Chain, ckptsync::Topology::Star})
        m_topology->addItem(QString(), ckptsync::topologyId(t));
    m_topologyLabel->setBuddy(m_topology);
    bandwidthRow->addSpacing(12);
    bandwidthRow->addWidget(m_topologyLabel);
    bandwidthRow->addWidget(m_topology);
    bandwidthRow->addStretch(1);
    layout->addLayout(bandwidthRow);
    auto *testRow = new QHBoxLayout;
    m_test = new QPushButton(p);
    m_test->setObjectName(u"syncTest"_s);
    m_testResult = new QLabel(p);
    m_testResult->setObjectName(u"syncTestResult"_s);
    m_testResult->setWordWrap(true);
    testRow->addWidget(m_test);
    testRow->addWidget(m_testResult, 1);
    layout->addLayout(testRow);
    layout->addStretch(1);
    p->complete = [this] { return m_nodesMessage->isValid() && !m_nodes->text().trimmed().isEmpty() && !isBusy(); };
    // Arriving at the page, the node list is what to type next.
    p->enter = [this] { QTimer::singleShot(0, m_nodes, [this] { m_nodes->setFocus(Qt::TabFocusReason); }); };
    m_wizard->setPage(NodesPage, p);
    const auto changed = [this] {
        if (m_loading)
            return;
        m_dirty = true;
        validateNodes();
        saveSettings();
    };
    connect(m_nodes, &QLineEdit::textChanged, this, changed);
    connect(m_sshConfig, &QLineEdit::textChanged, this, changed);
    connect(m_acceptKeys, &QCheckBox::toggled, this, changed);
    connect(m_bandwidth, &QSpinBox::valueChanged, this, changed);
    connect(m_topology, &QComboBox::currentIndexChanged, this, changed);
    connect(m_test, &QPushButton::clicked, this, &SyncTab::testConnections);
}

void SyncTab::buildPreflightPage()
{
    auto *p = new SyncPage;
    auto *layout = new QVBoxLayout(p);
    m_preflightHint = new QLabel(p);
    m_preflightHint->setWordWrap(true);
    layout->addWidget(m_preflightHint);
    m_preflight = resultTable(p, u"syncPreflight"_s, 5);
    layout->addWidget(m_preflight, 1);
    m_preflightSummary = new QLabel(p);
    m_preflightSummary->setObjectName(u"syncPreflightSummary"_s);
    m_preflightSummary->setWordWrap(true);
    layout->addWidget(m_preflightSummary);
    p->complete = [this] { return m_preflightDone && !isBusy(); };
    p->enter = [this] { runPreflight(); };
    m_wizard->setPage(PreflightPage, p);
}

void SyncTab::buildPlanPage()
{
    auto *p = new SyncPage;
    p->setCommitPage(true);
    auto *layout = new QVBoxLayout(p);
    m_planSummary = new QLabel(p);
    m_planSummary->setObjectName(u"syncPlanSummary"_s);
    m_planSummary->setWordWrap(true);
    layout->addWidget(m_planSummary);
    m_planTable = resultTable(p, u"syncPlan"_s, 4);
    layout->addWidget(m_planTable, 2);
    auto *row = new QHBoxLayout;
    m_showCommands = new QPushButton(p);
    m_showCommands->setObjectName(u"syncShowCommands"_s);
    m_showCommands->setCheckable(true);
    m_scriptKind = new QComboBox(p);
    m_scriptKind->setObjectName(u"syncScriptKind"_s);
    m_scriptKind->addItems({u"bash + scp"_s, u"clush --copy"_s, u"pdcp"_s, u"post-save hook"_s});
    m_copyScript = new QPushButton(p);
    m_copyScript->setObjectName(u"syncCopyScript"_s);
    row->addWidget(m_showCommands);
    row->addWidget(m_scriptKind);
    row->addStretch(1);
    row->addWidget(m_copyScript);
    layout->addLayout(row);
    m_script = monospaceText(p, u"syncScript"_s);
    layout->addWidget(m_script, 1);
    for (QWidget *w : std::initializer_list<QWidget *>{m_scriptKind, m_copyScript, m_script})
        w->setVisible(false);
    p->enter = [this] { showPlan(); };
    p->complete = [this] {
        for (const ckptsync::PlanItem &i : std::as_const(m_plan))
            if (ckptsync::receives(i.action))
                return true;
        return false;
    };
    m_wizard->setPage(PlanPage, p);
    connect(m_showCommands, &QPushButton::toggled, this, [this](bool on) {
        for (QWidget *w : std::initializer_list<QWidget *>{m_scriptKind, m_copyScript, m_script})
            w->setVisible(on);
        updateScript();
    });
    connect(m_scriptKind, &QComboBox::currentIndexChanged, this, &SyncTab::updateScript);
    connect(m_copyScript, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_script->toPlainText());
        session().showStatus(tr("Copied"));
    });
}

void SyncTab::buildRunPage()
{
    auto *p = new SyncPage;
    auto *layout = new QVBoxLayout(p);
    m_progress = new QProgressBar(p);
    m_progress->setObjectName(u"syncProgress"_s);
    layout->addWidget(m_progress);
    m_overall = new QLabel(p);
    m_overall->setObjectName(u"syncOverall"_s);
    layout->addWidget(m_overall);
    m_runTable = resultTable(p, u"syncRun"_s, 2);
    layout->addWidget(m_runTable, 2);
    m_log = monospaceText(p, u"syncLog"_s);
    layout->addWidget(m_log, 1);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    m_cancel = new QPushButton(p);
    m_cancel->setObjectName(u"syncCancel"_s);
    m_retry = new QPushButton(p);
    m_retry->setObjectName(u"syncRetry"_s);
    row->addWidget(m_cancel);
    row->addWidget(m_retry);
    layout->addLayout(row);
    p->enter = [this] { startSync({}); };
    p->complete = [this] { return m_syncDone && !isBusy(); };
    m_wizard->setPage(RunPage, p);
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_runner->cancel(); });
    connect(m_retry, &QPushButton::clicked, this, [this] {
        QStringList failed;
        for (const ckptsync::NodeResult &r : std::as_const(m_results))
            if (r.status == ckptsync::NodeResult::Status::Failed)
                failed.append(r.node);
        startSync(failed);
    });
}

void SyncTab::buildSummaryPage()
{
    auto *p = new SyncPage;
    auto *layout = new QVBoxLayout(p);
    m_summary = resultLabel(p, u"syncSummary"_s);
    layout->addWidget(m_summary);
    auto *row = new QHBoxLayout;
    m_copyReport = new QPushButton(p);
    m_copyReport->setObjectName(u"syncCopyReport"_s);
    m_openAudit = new QPushButton(p);
    m_openAudit->setObjectName(u"syncOpenAudit"_s);
    m_newSync = new QPushButton(p);
    m_newSync->setObjectName(u"syncNew"_s);
    row->addWidget(m_copyReport);
    row->addWidget(m_openAudit);
    row->addWidget(m_newSync);
    row->addStretch(1);
    layout->addLayout(row);
    m_watch = new QCheckBox(p);
    m_watch->setObjectName(u"syncWatch"_s);
    layout->addWidget(m_watch);
    layout->addStretch(1);
    p->enter = [this] { showSummary(); };
    m_wizard->setPage(SummaryPage, p);
    connect(m_copyReport, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(
            QString::fromUtf8(QJsonDocument(ckptsync::toJson(m_plan, m_results)).toJson(QJsonDocument::Indented)));
        session().showStatus(tr("Copied"));
    });
    connect(m_openAudit, &QPushButton::clicked, this, [this] { openLocalPath(this, ckptsync::auditFile()); });
    connect(m_watch, &QCheckBox::toggled, this, &SyncTab::toggleWatch);
    connect(m_newSync, &QPushButton::clicked, this, &SyncTab::newSync);
}

void SyncTab::newSync()
{
    if (isBusy())
        return;
    if (m_watch->isChecked())
        m_watch->setChecked(false);
    m_results.clear();
    m_plan.clear();
    m_preflightDone = false;
    m_syncDone = false;
    m_wizard->restart();
    m_wizard->show(); // Finish hides a QWizard, even one living inside a tab
    m_folder->setFocus();
}

void SyncTab::showNeeds()
{
    m_needs->clear();
    const auto options = baseOptions();
    if (!options || !m_discovery)
        return;
    const auto set = ckptsync::filesToSync(*m_discovery, options->selection);
    if (!set) {
        m_needs->setText(set.error().message);
        return;
    }
    QMap<int, std::pair<int, qint64>> byNeed;
    for (const ckptsync::SyncFile &file : set->files) {
        auto &[count, bytes] = byNeed[static_cast<int>(file.need)];
        ++count;
        bytes += file.size;
    }
    QStringList lines;
    for (auto it = byNeed.cbegin(); it != byNeed.cend(); ++it)
        lines << tr("%n file(s), %1 MiB: %2", nullptr, it.value().first)
                     .arg(static_cast<double>(it.value().second) / (1 << 20), 0, 'f', 1)
                     .arg(ckptsync::needText(static_cast<ckptsync::Need>(it.key())));
    if (!set->perRank.isEmpty())
        lines << tr("%n per-rank file(s) stay on their node.", nullptr, static_cast<int>(set->perRank.size()));
    lines << set->refused;
    m_needs->setText(tr("Every node needs:") + u'\n' + lines.join(u'\n'));
}

void SyncTab::retranslate()
{
    // QWizard words its buttons (in Qt's own translation) when its style changes, not when the
    // language does: change it there and back.
    const QWizard::WizardStyle style = m_wizard->wizardStyle();
    m_wizard->setWizardStyle(style == QWizard::ClassicStyle ? QWizard::ModernStyle : QWizard::ClassicStyle);
    m_wizard->setWizardStyle(style);
    nameSteps();
    m_wizard->setWindowTitle(tr("Checkpoint sync"));
    m_wizard->page(SourcePage)->setTitle(tr("Where rank 0 saved the checkpoint"));
    m_wizard->page(NodesPage)->setTitle(tr("The other nodes"));
    m_wizard->page(PreflightPage)->setTitle(tr("Preflight"));
    m_wizard->page(PlanPage)->setTitle(tr("Plan"));
    m_wizard->page(RunPage)->setTitle(tr("Copying"));
    m_wizard->page(SummaryPage)->setTitle(tr("Summary"));
    m_wizard->page(PlanPage)->setButtonText(QWizard::CommitButton, tr("&Start sync"));
    m_sourceHint->setText(
        tr("Without shared storage, a checkpoint reloads only where rank 0 saved it: the dist-checkpoint "
           "metadata (common.pt, .metadata, metadata.json) and, since verl 0.7, the model's weights exist on that "
           "node alone. This gives every node the files of the step that its ranks read, at the same path; each "
           "rank's own shards stay where they are."));
    m_sourceLocal->setText(tr("On &this machine"));
    m_sourceRemote->setText(tr("On &another node:"));
    m_folderLabel->setText(tr("default_local_dir, or one global_step_N folder in it:"));
    m_browse->setText(tr("Browse…"));
    m_scan->setText(tr("&Scan"));
    m_found->setHeaderLabels({tr("Step / folder"), tr("Metadata files"), tr("Shards here")});
    m_stepLabel->setText(tr("Copy:"));
    m_includeTracker->setText(tr("Also the tracker file"));
    m_includeTracker->setToolTip(
        tr("latest_checkpointed_iteration.txt is written only on the trainer's node; where it is missing, a "
           "resume starts from scratch. global_step_N/data.pt is part of the step and always copied."));
    m_nodesHint->setText(tr("The nodes that need the files, in ClusterShell nodeset syntax (node[02-16], "
                            "rack[1-2]n[01-04], a,b, node[1-8]!node3)."));
    m_sshConfigLabel->setText(tr("SSH configuration file:"));
    m_acceptKeys->setText(tr("Accept new host keys (changed keys are always refused)"));
    m_bandwidthLabel->setText(tr("&Bandwidth limit:"));
    m_bandwidth->setSuffix(tr(" MiB/s"));
    m_bandwidth->setSpecialValueText(tr("no limit"));
    m_bandwidth->setToolTip(tr("From this machine: for every node together, so the source's link keeps room for "
                               "training. In a chain: on each link."));
    m_topologyLabel->setText(tr("&Route:"));
    m_topology->setItemText(0, tr("Automatic"));
    m_topology->setItemText(1, tr("Chain: node to node"));
    m_topology->setItemText(2, tr("Star: from here to every node"));
    m_topology->setToolTip(
        tr("Chain: each node receives from the node before it while that one is still receiving, so every link "
           "carries each byte once, and a node whose upstream fails goes on from the one before. Star: this machine "
           "sends to every node. Automatic: a chain when two or more nodes receive 32 MiB or more and reach each "
           "other over ssh (the preflight checks it)."));
    m_test->setText(tr("&Test connections"));
    m_preflightHint->setText(tr("Nothing is written on the nodes yet. Each node is checked: reachable, the folder "
                                "writable, free space, the files already there, and whether it shares the source's "
                                "storage (then no copy is needed)."));
    m_preflight->setHorizontalHeaderLabels(
        {tr("Node"), tr("Reachable"), tr("Free"), tr("Folders"), tr("Files already there")});
    m_planTable->setHorizontalHeaderLabels({tr("Node"), tr("File"), tr("Action"), tr("Why")});
    m_showCommands->setText(tr("Show commands"));
    m_copyScript->setText(tr("Copy"));
    m_runTable->setHorizontalHeaderLabels({tr("Node"), tr("Status")});
    m_cancel->setText(tr("Cancel"));
    m_retry->setText(tr("&Retry failed"));
    m_copyReport->setText(tr("Copy report"));
    m_openAudit->setText(tr("Open audit log"));
    m_newSync->setText(tr("&New sync"));
    showNeeds();
    m_watch->setText(tr("&Watch the folder and sync every new step once it is complete"));
}

void SyncTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    ToolTab::changeEvent(event);
}

void SyncTab::loadSettings()
{
    const Settings settings;
    const QString host = settings.value(keys::syncSourceHost);
    (host.isEmpty() ? m_sourceLocal : m_sourceRemote)->setChecked(true);
    m_sourceHost->setText(host);
    m_sourceHost->setEnabled(!host.isEmpty());
    m_browse->setEnabled(host.isEmpty());
    m_folder->setText(settings.value(keys::syncFolder));
    m_nodes->setText(settings.value(keys::syncNodes));
    m_sshConfig->setText(settings.value(keys::syncSshConfig));
    m_bandwidth->setValue(settings.value(keys::syncBandwidthMiB));
    m_topology->setCurrentIndex(std::max(0, m_topology->findData(settings.value(keys::syncTopology))));
}

void SyncTab::saveSettings() const
{
    if (!m_dirty || m_loading)
        return;
    Settings settings;
    settings.setValue(keys::syncSourceHost, m_sourceRemote->isChecked() ? m_sourceHost->text().trimmed() : QString());
    settings.setValue(keys::syncFolder, m_folder->text().trimmed());
    settings.setValue(keys::syncNodes, m_nodes->text().trimmed());
    settings.setValue(keys::syncSshConfig, m_sshConfig->text().trimmed());
    settings.setValue(keys::syncBandwidthMiB, m_bandwidth->value());
    settings.setValue(keys::syncTopology, m_topology->currentData().toString());
}

Result<ckptsync::Options> SyncTab::baseOptions() const
{
    ckptsync::Options options;
    if (m_sourceRemote->isChecked()) {
        const auto host = ssh::expandNodeset(m_sourceHost->text());
        if (!host || host->size() != 1)
            return Error::input(tr("Name one host that holds the checkpoint."), u"host"_s);
        options.source.host = host->first();
    }
    QString folder = m_folder->text().trimmed();
    if (folder.isEmpty())
        return Error::input(tr("Give the checkpoint folder."), u"folder"_s);
    if (options.source.isLocal())
        folder = QFileInfo(folder).absoluteFilePath();
    else if (!folder.startsWith(u'/'))
        return Error::input(tr("Give an absolute path: the other nodes use the same one."), u"folder"_s);
    const auto [root, step] = ckptsync::splitRoot(folder);
    options.source.root = root;
    const QString config = paths::expandHome(m_sshConfig->text().trimmed());
    options.ssh.configFile = config;
    options.ssh.acceptNewHostKeys = m_acceptKeys->isChecked();
    options.bandwidthLimit = static_cast<qint64>(m_bandwidth->value()) * 1024 * 1024;
    if (const auto topology = ckptsync::parseTopology(m_topology->currentData().toString()))
        options.topology = *topology;
    if (m_controlDir.isValid())
        options.ssh.controlDir = m_controlDir.path();
    const QString stepText = m_step->currentData().toString();
    auto selection = ckptsync::parseStepSelection(stepText.isEmpty() ? u"latest"_s : stepText);
    if (selection)
        options.selection = *selection;
    if (step && stepText.isEmpty()) {
        options.selection.steps = ckptsync::Selection::Steps::One;
        options.selection.step = *step;
    }
    options.selection.includeTracker = m_includeTracker->isChecked();
    if (const auto nodes = ssh::expandNodeset(m_nodes->text()); nodes) {
        options.nodes = *nodes;
        options.nodes.removeAll(options.source.host);
    }
    return options;
}

void SyncTab::scan()
{
    const auto options = baseOptions();
    m_folderMessage->setMessage(QString());
    if (!options) {
        m_folderMessage->setMessage(options.error().message);
        return;
    }
    const ckptsync::Options &opts = *options;
    const auto [root, onlyStep] = ckptsync::splitRoot(m_folder->text().trimmed());
    Q_UNUSED(root);
    const std::optional<int> pointed = onlyStep;
    runJob<Result<ckptsync::Discovery>>(
        tr("Scanning %1…").arg(options->source.display()),
        [opts](const std::atomic_bool *cancel) { return ckptsync::discoverSource(opts.source, opts.ssh, cancel); },
        [this, pointed](Result<ckptsync::Discovery> found) {
            m_found->clear();
            m_step->clear();
            if (!found) {
                m_folderMessage->setMessage(found.error().message);
                page(m_wizard, SourcePage)->refresh();
                return;
            }
            m_discovery = *found;
            for (const ckptsync::Step &step : found->steps) {
                auto *top = new QTreeWidgetItem(m_found, {step.dir});
                for (const ckptsync::DistCkptDir &dist : step.dists) {
                    new QTreeWidgetItem(top,
                                        {dist.path.section(u'/', 1), dist.present.join(u", "_s),
                                         dist.worldSize > 0 ? tr("%n rank(s)", nullptr, dist.worldSize) : QString()});
                }
                top->setExpanded(true);
            }
            m_found->resizeColumnToContents(0);
            if (found->steps.isEmpty()) {
                m_folderMessage->setMessage(tr("No global_step_N folder was found here."));
            } else {
                m_step->addItem(QString(), u"latest"_s);
                m_step->addItem(QString(), u"all"_s);
                for (const ckptsync::Step &step : found->steps)
                    m_step->addItem(step.dir, QString::number(step.number));
                nameSteps();
                if (pointed)
                    m_step->setCurrentIndex(m_step->findData(QString::number(*pointed)));
            }
            page(m_wizard, SourcePage)->refresh();
        });
}

void SyncTab::nameSteps()
{
    if (!m_discovery || m_discovery->steps.isEmpty() || m_step->count() < 2)
        return;
    m_step->setItemText(0, tr("the latest: global_step_%1").arg(m_discovery->latest()->number));
    m_step->setItemText(1, tr("every step (%1)").arg(m_discovery->steps.size()));
    fitToItems(m_step);
}

void SyncTab::validateNodes()
{
    m_nodesMessage->setMessage(QString());
    m_nodesCount->clear();
    if (!m_nodes->text().trimmed().isEmpty()) {
        const auto nodes = ssh::expandNodeset(m_nodes->text());
        if (!nodes)
            m_nodesMessage->setMessage(nodes.error().message);
        else
            m_nodesCount->setText(
                tr("%n node(s): %1", nullptr, static_cast<int>(nodes->size())).arg(ssh::foldNodeset(*nodes)));
    }
    const QString config = paths::expandHome(m_sshConfig->text().trimmed());
    if (!config.isEmpty() && !QFileInfo(config).isReadable())
        m_nodesMessage->setMessage(tr("Cannot read the ssh configuration file %1.").arg(config));
    page(m_wizard, NodesPage)->refresh();
}

void SyncTab::testConnections()
{
    const auto options = baseOptions();
    if (!options || options->nodes.isEmpty())
        return;
    const ckptsync::Options &opts = *options;
    runJob<QList<ckptsync::NodeState>>(
        tr("Connecting…"), [opts](const std::atomic_bool *cancel) { return ckptsync::preflight(opts, {}, cancel); },
        [this](const QList<ckptsync::NodeState> &states) {
            QStringList down;
            for (const ckptsync::NodeState &s : states)
                if (!s.reachable)
                    down.append(s.node + u": "_s + s.error);
            m_testResult->setText(down.isEmpty()
                                      ? tr("All %n node(s) answered.", nullptr, static_cast<int>(states.size()))
                                      : down.join(u'\n'));
            page(m_wizard, NodesPage)->refresh();
        });
}

void SyncTab::runPreflight()
{
    m_preflightDone = false;
    m_preflight->setRowCount(0);
    const auto options = baseOptions();
    if (!options || !m_discovery)
        return;
    const auto files = ckptsync::filesToSync(*m_discovery, options->selection);
    if (!files) {
        m_preflightSummary->setText(files.error().message);
        return;
    }
    ckptsync::Options run = *options;
    run.runBy = ckptsync::defaultRunBy();
    const ckptsync::Options &opts = run;
    const ckptsync::SourceSet &wanted = *files;
    using Outcome = std::pair<Result<ckptsync::SourceData>, QList<ckptsync::NodeState>>;
    runJob<Outcome>(
        tr("Reading the source and checking %n node(s)…", nullptr, static_cast<int>(options->nodes.size())),
        [opts, wanted](const std::atomic_bool *cancel) {
            auto source = ckptsync::readSource(opts.source, wanted, opts.ssh, cancel);
            QList<ckptsync::NodeState> states;
            if (source)
                states = ckptsync::preflight(opts, *source, cancel);
            return Outcome{source, states};
        },
        [this](Outcome outcome) {
            if (!outcome.first) {
                m_preflightSummary->setText(outcome.first.error().message);
                return;
            }
            m_source = *outcome.first;
            m_states = outcome.second;
            m_preflightDone = true;
            showPreflight();
            page(m_wizard, PreflightPage)->refresh();
            // Unknown host keys are accepted only when the user has seen them and says so.
            QStringList unknown;
            for (const ckptsync::NodeState &state : std::as_const(m_states))
                if (state.failure == ssh::Failure::HostKeyUnknown)
                    unknown.append(state.error);
            if (!unknown.isEmpty() && !m_acceptKeys->isChecked()
                && QMessageBox::question(
                       this, tr("Unknown host keys"),
                       tr("These nodes have never been connected to:\n\n%1\n\nAccept and remember their "
                          "keys, then check the nodes again?")
                           .arg(unknown.join(u"\n\n"_s)))
                    == QMessageBox::Yes) {
                m_acceptKeys->setChecked(true);
                runPreflight();
            }
        });
}

void SyncTab::showPreflight()
{
    m_preflight->setRowCount(0);
    int reachable = 0, shared = 0;
    for (const ckptsync::NodeState &s : std::as_const(m_states)) {
        const int row = m_preflight->rowCount();
        m_preflight->insertRow(row);
        m_preflight->setItem(row, 0, resultCell(s.node));
        auto *reach = resultCell(s.reachable ? (s.shared ? tr("yes, shared storage") : tr("yes")) : s.error);
        reach->setIcon(icon(s.reachable ? Verdict::Pass : Verdict::Error));
        reach->setToolTip(s.error);
        m_preflight->setItem(row, 1, reach);
        QStringList free;
        for (const ckptsync::Volume &v : s.volumes)
            free.append(tr("%1 GiB on %2").arg(static_cast<double>(v.freeBytes) / (1 << 30), 0, 'f', 1).arg(v.mount));
        m_preflight->setItem(row, 2, resultCell(free.isEmpty() ? u"—"_s : free.join(u", "_s)));
        QStringList dirs;
        for (auto it = s.dirs.cbegin(); it != s.dirs.cend(); ++it)
            dirs.append(dirStateText(it.value()));
        dirs.removeDuplicates();
        m_preflight->setItem(row, 3, resultCell(dirs.join(u", "_s)));
        int same = 0, differ = 0, missing = 0;
        for (const ckptsync::SourceFile &f : std::as_const(m_source.files)) {
            const QString sha = s.files.value(f.path).sha256;
            if (sha.isEmpty())
                ++missing;
            else if (sha == f.sha256)
                ++same;
            else
                ++differ;
        }
        m_preflight->setItem(
            row, 4,
            resultCell(s.reachable ? tr("%1 identical, %2 different, %3 missing").arg(same).arg(differ).arg(missing)
                                   : QString()));
        reachable += s.reachable;
        shared += s.shared;
    }
    m_preflight->resizeColumnsToContents();
    QString text = tr("%1 of %n node(s) reachable.", nullptr, static_cast<int>(m_states.size())).arg(reachable);
    if (shared > 0 && shared == reachable)
        text += u' ' + tr("Every reachable node shares the source's storage: no copy needed.");
    const auto problems = ckptsync::planProblems(m_source, m_states);
    for (auto it = problems.cbegin(); it != problems.cend(); ++it)
        text += u'\n' + it.key() + u": "_s + it.value().join(u"; "_s);
    const auto notes = ckptsync::planNotes(m_states);
    for (auto it = notes.cbegin(); it != notes.cend(); ++it)
        text += u'\n' + it.key() + u": "_s + it.value().join(u"; "_s);
    for (const QString &note : std::as_const(m_source.notes))
        text += u'\n' + note;
    const auto [world, from] = ckptsync::worldSize(m_source, m_states);
    if (world > 0)
        text += u'\n' + tr("Saved by %n rank(s) (read from %1).", nullptr, world).arg(from);
    m_preflightSummary->setText(text);
}

void SyncTab::showPlan()
{
    QStringList routeNotes;
    const auto options = baseOptions();
    m_plan = options ? ckptsync::routedPlan(*options, m_source, m_states, &routeNotes)
                     : ckptsync::buildPlan(m_source, m_states);
    m_planTable->setRowCount(0);
    int copies = 0;
    for (const ckptsync::PlanItem &p : std::as_const(m_plan)) {
        const int row = m_planTable->rowCount();
        m_planTable->insertRow(row);
        m_planTable->setItem(row, 0, resultCell(p.node));
        m_planTable->setItem(row, 1, resultCell(p.file));
        m_planTable->setItem(row, 2, resultCell(ckptsync::actionText(p.action)));
        m_planTable->setItem(row, 3, resultCell(p.reason.isEmpty() ? ckptsync::needText(p.need) : p.reason));
        copies += ckptsync::receives(p.action);
    }
    m_planTable->resizeColumnsToContents();
    QString text = copies > 0 ? tr("%n file copy(ies) to make. Nothing on the source is changed; an existing "
                                   "different file is kept as NAME.bak-<time>.",
                                   nullptr, copies)
                              : tr("Nothing to copy: every node already has these files, shares the storage, or "
                                   "cannot be reached.");
    const auto bytes = ckptsync::bytesPerNode(m_plan);
    QStringList perNode;
    for (auto it = bytes.cbegin(); it != bytes.cend(); ++it)
        if (it.value() > 0)
            perNode.append(tr("%1: %2 MiB").arg(it.key()).arg(static_cast<double>(it.value()) / (1 << 20), 0, 'f', 1));
    if (!perNode.isEmpty())
        text += u'\n' + tr("To send: %1").arg(perNode.join(u", "_s));
    if (options && copies > 0)
        text += u'\n' + tr("Route: %1").arg(ckptsync::routeText(*options, m_plan));
    for (const QString &note : std::as_const(routeNotes))
        text += u'\n' + note;
    if (options && !options->ssh.configFile.isEmpty())
        text += u'\n' + tr("ssh configuration: %1").arg(options->ssh.configFile);
    m_planSummary->setText(text);
    updateScript();
    page(m_wizard, PlanPage)->refresh();
}

void SyncTab::updateScript()
{
    const auto options = baseOptions();
    if (!options || !m_script->isVisible())
        return;
    static const ckptsync::ScriptKind kinds[] = {ckptsync::ScriptKind::Bash, ckptsync::ScriptKind::Clush,
                                                 ckptsync::ScriptKind::Pdcp, ckptsync::ScriptKind::Hook};
    m_script->setPlainText(
        ckptsync::exportScript(kinds[std::max(0, m_scriptKind->currentIndex())], *options, m_source));
}

void SyncTab::startSync(const QStringList &onlyNodes)
{
    const auto options = baseOptions();
    if (!options)
        return;
    m_syncDone = false;
    QList<ckptsync::PlanItem> plan;
    for (const ckptsync::PlanItem &p : std::as_const(m_plan))
        if (onlyNodes.isEmpty() || onlyNodes.contains(p.node))
            plan.append(p);
    QStringList nodes;
    for (const ckptsync::PlanItem &p : std::as_const(plan))
        if (!nodes.contains(p.node))
            nodes.append(p.node);
    ckptsync::Options opts = *options;
    opts.nodes = nodes;
    if (onlyNodes.isEmpty()) {
        m_runTable->setRowCount(0);
        for (const QString &node : std::as_const(nodes)) {
            const int row = m_runTable->rowCount();
            m_runTable->insertRow(row);
            m_runTable->setItem(row, 0, resultCell(node));
            m_runTable->setItem(row, 1, resultCell(tr("waiting")));
        }
        m_log->clear();
    }
    // By bytes, for every node together.
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_overall->clear();
    m_meter.clear();
    const auto bytes = ckptsync::bytesPerNode(plan);
    for (const QString &node : std::as_const(nodes))
        m_meter.insert(node, {0, bytes.value(node)});
    m_runClock.start();
    m_cancel->setEnabled(true);
    m_retry->setEnabled(false);
    log(onlyNodes.isEmpty() ? tr("Copying to %n node(s).", nullptr, static_cast<int>(nodes.size()))
                            : tr("Retrying %1.").arg(onlyNodes.join(u", "_s)));
    const ckptsync::SourceData files = m_source;
    opts.runBy = ckptsync::defaultRunBy();
    QPointer<SyncTab> self(this);
    const ckptsync::Progress progress = [self](const QString &node, const QString &message, bool) {
        QMetaObject::invokeMethod(
            self,
            [self, node, message] {
                if (!self)
                    return;
                for (int row = 0; row < self->m_runTable->rowCount(); ++row)
                    if (self->m_runTable->item(row, 0)->text() == node)
                        self->m_runTable->item(row, 1)->setText(message);
                self->log(node + u": "_s + message);
            },
            Qt::QueuedConnection);
    };
    opts.meter = [self](const QString &node, qint64 sent, qint64 total, double rate) {
        QMetaObject::invokeMethod(
            self, [self, node, sent, total, rate] { self ? self->showMeter(node, sent, total, rate) : void(); },
            Qt::QueuedConnection);
    };
    using Outcome = std::pair<QList<ckptsync::PlanItem>, QList<ckptsync::NodeResult>>;
    const bool retry = !onlyNodes.isEmpty();
    const bool interrupted
        = std::any_of(m_states.cbegin(), m_states.cend(), [](const ckptsync::NodeState &s) { return s.journal; });
    runJob<Outcome>(
        QString(),
        [opts, plan, files, progress, retry, interrupted](const std::atomic_bool *cancel) {
            // A retry checks the failed nodes again: one that was down at preflight has no plan yet.
            // Switches an earlier sync left half done are completed first, and the plan made again.
            QList<ckptsync::PlanItem> todo = plan;
            if (interrupted)
                ckptsync::completeInterrupted(opts, ckptsync::preflight(opts, files, cancel));
            if (retry || interrupted)
                todo = ckptsync::routedPlan(opts, files, ckptsync::preflight(opts, files, cancel));
            auto results = ckptsync::execute(opts, todo, files, cancel, progress);
            (void)ckptsync::writeAudit(opts, todo, results);
            return Outcome{todo, results};
        },
        [this, onlyNodes](const Outcome &outcome) {
            const QList<ckptsync::NodeResult> &results = outcome.second;
            if (onlyNodes.isEmpty()) {
                m_results = results;
            } else {
                QList<ckptsync::PlanItem> merged;
                for (const ckptsync::PlanItem &p : std::as_const(m_plan))
                    if (!onlyNodes.contains(p.node))
                        merged.append(p);
                m_plan = merged + outcome.first;
                for (const ckptsync::NodeResult &r : results)
                    for (ckptsync::NodeResult &old : m_results)
                        if (old.node == r.node)
                            old = r;
            }
            int failed = 0;
            for (const ckptsync::NodeResult &r : std::as_const(m_results)) {
                failed += r.status == ckptsync::NodeResult::Status::Failed;
                for (int row = 0; row < m_runTable->rowCount(); ++row)
                    if (m_runTable->item(row, 0)->text() == r.node) {
                        m_runTable->item(row, 1)->setText(r.status == ckptsync::NodeResult::Status::Failed
                                                              ? tr("failed: %1").arg(r.error)
                                                              : ckptsync::statusId(r.status));
                        m_runTable->item(row, 1)->setIcon(
                            icon(r.status == ckptsync::NodeResult::Status::Failed ? Verdict::Fail : Verdict::Pass));
                    }
            }
            m_progress->setValue(m_progress->maximum());
            m_overall->setText(
                tr("%1 MiB sent in %2 s.")
                    .arg(static_cast<double>(std::accumulate(
                             m_results.cbegin(), m_results.cend(), qint64(0),
                             [](qint64 sum, const ckptsync::NodeResult &r) { return sum + r.bytesWritten(); }))
                             / (1 << 20),
                         0, 'f', 1)
                    .arg(static_cast<double>(m_runClock.elapsed()) / 1000.0, 0, 'f', 1));
            m_cancel->setEnabled(false);
            m_retry->setEnabled(failed > 0);
            m_syncDone = true;
            log(tr("Done: %n node(s) failed.", nullptr, failed));
            session().showStatus(tr("Checkpoint sync done: %n node(s) failed.", nullptr, failed));
            page(m_wizard, RunPage)->refresh();
        });
}

void SyncTab::showMeter(const QString &node, qint64 sent, qint64 total, double rate)
{
    for (int row = 0; row < m_runTable->rowCount(); ++row)
        if (m_runTable->item(row, 0)->text() == node)
            m_runTable->item(row, 1)->setText(ckptsync::progressText(sent, total, rate));
    // A node's total counts what it still needed; a resumed file's first bytes are not sent again.
    m_meter.insert(node, {sent, total});
    qint64 allSent = 0, allTotal = 0;
    for (const auto &[nodeSent, nodeTotal] : std::as_const(m_meter)) {
        allSent += nodeSent;
        allTotal += nodeTotal;
    }
    if (allTotal <= 0)
        return;
    m_progress->setValue(static_cast<int>(allSent * 1000 / allTotal));
    const double seconds = std::max<double>(static_cast<double>(m_runClock.elapsed()), 1.0) / 1000.0;
    const double allRate = static_cast<double>(allSent) / seconds;
    m_overall->setText(tr("Every node: %1").arg(ckptsync::progressText(allSent, allTotal, allRate)));
}

void SyncTab::showSummary()
{
    int ok = 0, failed = 0, skipped = 0, files = 0;
    for (const ckptsync::NodeResult &r : std::as_const(m_results)) {
        ok += r.status == ckptsync::NodeResult::Status::Ok;
        failed += r.status == ckptsync::NodeResult::Status::Failed;
        skipped += r.status == ckptsync::NodeResult::Status::Skipped;
        files += r.written();
    }
    QString text = tr("%1 node(s) ok, %2 failed, %3 skipped; %4 file(s) written and checked.\nAudit log: %5")
                       .arg(ok)
                       .arg(failed)
                       .arg(skipped)
                       .arg(files)
                       .arg(QDir::toNativeSeparators(ckptsync::auditFile()));
    if (const auto options = baseOptions(); options)
        text += u'\n'
            + (options->ssh.configFile.isEmpty() ? tr("ssh configuration: ~/.ssh/config")
                                                 : tr("ssh configuration: %1").arg(options->ssh.configFile));
    m_summary->setText(text);
}

void SyncTab::toggleWatch(bool on)
{
    m_watcher = {};
    if (on) {
        log(tr("Watching for new steps."));
        m_watchTimer->start();
        watchTick();
    } else {
        m_watchTimer->stop();
    }
}

void SyncTab::watchTick()
{
    const auto options = baseOptions();
    if (!options || isBusy())
        return;
    ckptsync::Options opts = *options;
    opts.runBy = ckptsync::defaultRunBy();
    // The job works on a copy of the watcher and hands it back: nothing is shared across threads.
    struct Outcome
    {
        bool ok = false;
        ckptsync::Watcher watcher;
        QList<std::pair<int, QStringList>> synced; // step, nodes that failed
    };
    runJob<Outcome>(
        QString(),
        [opts, watcher = m_watcher](const std::atomic_bool *cancel) mutable {
            const auto now = ckptsync::discoverSource(opts.source, opts.ssh, cancel);
            if (!now)
                return Outcome{};
            Outcome outcome;
            outcome.ok = true;
            for (const ckptsync::Watcher::Round &round : watcher.poll(*now)) {
                ckptsync::Options run = opts;
                run.selection.steps = ckptsync::Selection::Steps::One;
                run.selection.step = round.step;
                if (!round.nodes.isEmpty())
                    run.nodes = round.nodes;
                const auto files = ckptsync::filesToSync(*now, run.selection);
                if (!files)
                    continue;
                const auto source = ckptsync::readSource(run.source, *files, run.ssh, cancel);
                if (!source)
                    continue;
                const auto plan = ckptsync::routedPlan(run, *source, ckptsync::preflight(run, *source, cancel));
                const auto results = ckptsync::execute(run, plan, *source, cancel);
                (void)ckptsync::writeAudit(run, plan, results);
                QStringList failed;
                for (const ckptsync::NodeResult &r : results)
                    if (r.status == ckptsync::NodeResult::Status::Failed)
                        failed.append(r.node);
                watcher.done(round, failed);
                outcome.synced.append({round.step, failed});
            }
            outcome.watcher = watcher;
            return outcome;
        },
        [this](const Outcome &outcome) {
            if (!outcome.ok)
                return;
            m_watcher = outcome.watcher;
            for (const auto &[step, failed] : outcome.synced)
                log(failed.isEmpty() ? tr("global_step_%1 was complete and has been synced.").arg(step)
                                     : tr("global_step_%1: %2 failed; tried again at the next poll.")
                                           .arg(step)
                                           .arg(failed.join(u", "_s)));
        });
}

void SyncTab::log(const QString &line)
{
    m_log->appendPlainText(QTime::currentTime().toString(u"HH:mm:ss "_s) + line);
}

void SyncTab::setBusy(bool busy)
{
    m_scan->setEnabled(!busy);
    m_test->setEnabled(!busy);
    for (const int id : m_wizard->pageIds())
        page(m_wizard, id)->refresh();
}

} // namespace vna::ui
