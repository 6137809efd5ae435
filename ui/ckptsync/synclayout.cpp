// The Checkpoint sync wizard's pages: how they are laid out and what they say in the current
// language. The behaviour is in synctab.cpp and syncrun.cpp, the state in syncstate.cpp.
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
#include "syncpage.h"
#include "synctab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

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
    m_folderMessage = addMessage(layout, m_folder, u"syncFolderMessage"_s);
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
    p->complete = [this] { return m_state.discovery.has_value() && m_step->count() > 0 && !isBusy(); };
    m_wizard->setPage(SourcePage, p);

    const auto changed = [this, p] {
        if (m_loading)
            return;
        m_dirty = true;
        m_state.discovery.reset();
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
    m_nodesMessage = addMessage(layout, m_nodes, u"syncNodesMessage"_s);
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
    p->complete = [this] { return m_state.preflightDone && !isBusy(); };
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
        for (const ckptsync::PlanItem &i : std::as_const(m_state.plan))
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
    p->complete = [this] { return m_state.syncDone && !isBusy(); };
    m_wizard->setPage(RunPage, p);
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_runner->cancel(); });
    connect(m_retry, &QPushButton::clicked, this, [this] {
        QStringList failed;
        for (const ckptsync::NodeResult &r : std::as_const(m_state.results))
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
        QApplication::clipboard()->setText(QString::fromUtf8(
            QJsonDocument(ckptsync::toJson(m_state.plan, m_state.results)).toJson(QJsonDocument::Indented)));
        session().showStatus(tr("Copied"));
    });
    connect(m_openAudit, &QPushButton::clicked, this, [this] { openLocalPath(this, ckptsync::auditFile()); });
    connect(m_watch, &QCheckBox::toggled, this, &SyncTab::toggleWatch);
    connect(m_newSync, &QPushButton::clicked, this, &SyncTab::newSync);
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
    m_bandwidthLabel->setText(tr("Band&width limit:"));
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
    // Results are worded when they arrive, some of them by the nodes' checks: check again, read-only
    // as before, so that they read in the new language.
    if (!isBusy() && !m_loading) {
        if (m_wizard->currentId() == NodesPage && !m_testResult->text().isEmpty())
            testConnections();
        else if ((m_wizard->currentId() == PreflightPage || m_wizard->currentId() == PlanPage) && m_state.preflightDone)
            runPreflight();
    }
    m_watch->setText(tr("&Watch the folder and sync every new step once it is complete"));
}

} // namespace vna::ui
