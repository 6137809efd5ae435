#include "envtab.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGraphicsLayout>
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
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include "common/atomicfile.h"
#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "env/envscript.h"
#include "env/report.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

enum Filter { All, Problems, OnlyPass, OnlyWarn, OnlyFail, OnlySkip, OnlyError };

bool passes(Filter filter, Verdict verdict)
{
    switch (filter) {
    case All:
        return true;
    case Problems:
        return verdict == Verdict::Fail || verdict == Verdict::Warn || verdict == Verdict::Error;
    case OnlyPass:
        return verdict == Verdict::Pass;
    case OnlyWarn:
        return verdict == Verdict::Warn;
    case OnlyFail:
        return verdict == Verdict::Fail;
    case OnlySkip:
        return verdict == Verdict::Skip;
    case OnlyError:
        return verdict == Verdict::Error;
    }
    return true;
}

template <typename T>
QString shown(const std::optional<T> &value)
{
    return value ? QString::number(*value) : u"—"_s;
}

} // namespace

EnvTab::EnvTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    m_loading = true;
    auto *layout = new QVBoxLayout(this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"envSplitter"_s);
    m_splitter->addWidget(scrolling(buildInputs(), this));
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"envPages"_s);
    m_pages->addTab(buildChecksPage(), QString());
    m_pages->addTab(buildDevicesPage(), QString());
    m_pages->addTab(buildNodesPage(), QString());
    m_pages->addTab(buildScriptPage(), QString());
    m_splitter->addWidget(m_pages);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter);

    m_jobs = new JobRunner(session, this);
    m_jobs->setBusyRow(m_progress, m_cancel);
    connect(m_jobs, &JobRunner::runningChanged, this, [this](bool running) {
        if (running)
            m_run->setEnabled(false);
        else
            validate(); // Run comes back when the form allows it
    });
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        m_dirty = true;
        saveSettings();
    });
    addPrimaryShortcut(this, [this] { run(); });
    addShortcut(this, QKeySequence(u"Ctrl+Shift+C"_s), [this] {
        if (m_pages->currentIndex() == static_cast<int>(Page::Script))
            copyText(m_scriptOutput->toPlainText());
        else
            copyReport();
    });
    addShortcut(this, QKeySequence(Qt::Key_Escape), [this] { cancel(); });

    retranslate();
    loadSettings();
    m_loading = false;
    validate();
    updateScript();
    showResults();
}

EnvTab::~EnvTab() = default; // the job runner cancels the probes and waits for them

QWidget *EnvTab::buildInputs()
{
    auto *inputs = new QWidget(this);
    auto *layout = new QVBoxLayout(inputs);
    m_description = new QLabel(inputs);
    m_description->setObjectName(u"envDescription"_s);
    m_description->setWordWrap(true);
    layout->addWidget(m_description);

    m_targetHeading = heading(inputs, u"envTargetHeading"_s);
    layout->addWidget(m_targetHeading);
    m_local = new QRadioButton(inputs);
    m_local->setObjectName(u"envLocal"_s);
    m_remote = new QRadioButton(inputs);
    m_remote->setObjectName(u"envRemote"_s);
    auto *group = new QButtonGroup(inputs);
    group->addButton(m_local);
    group->addButton(m_remote);
    m_local->setChecked(true);
    layout->addWidget(m_local);
    layout->addWidget(m_remote);
    m_hosts = new QLineEdit(inputs);
    m_hosts->setObjectName(u"envHosts"_s);
    m_hosts->setPlaceholderText(u"node[01-16]"_s);
    m_hosts->setClearButtonEnabled(true);
    layout->addWidget(m_hosts);
    m_hostsMessage = new FieldMessage(m_hosts, inputs);
    m_hostsMessage->setObjectName(u"envHostsMessage"_s);
    layout->addWidget(m_hostsMessage);
    m_hostsCount = new QLabel(inputs);
    m_hostsCount->setObjectName(u"envHostsCount"_s);
    m_hostsCount->setWordWrap(true);
    layout->addWidget(m_hostsCount);
    m_sshConfigLabel = new QLabel(inputs);
    layout->addWidget(m_sshConfigLabel);
    auto *configRow = new QHBoxLayout;
    m_sshConfig = new QLineEdit(inputs);
    m_sshConfig->setObjectName(u"envSshConfig"_s);
    m_sshConfig->setPlaceholderText(u"~/.ssh/config"_s);
    m_sshConfig->setClearButtonEnabled(true);
    m_browseSshConfig = new QPushButton(inputs);
    m_browseSshConfig->setObjectName(u"envBrowseSshConfig"_s);
    configRow->addWidget(m_sshConfig, 1);
    configRow->addWidget(m_browseSshConfig);
    layout->addLayout(configRow);
    m_sshConfigMessage = new FieldMessage(m_sshConfig, inputs);
    layout->addWidget(m_sshConfigMessage);
    m_acceptKeys = new QCheckBox(inputs);
    m_acceptKeys->setObjectName(u"envAcceptKeys"_s);
    layout->addWidget(m_acceptKeys);

    m_probeHeading = heading(inputs, u"envProbeHeading"_s);
    layout->addWidget(m_probeHeading);
    auto *form = new QFormLayout;
    m_pythonLabel = new QLabel(inputs);
    m_python = monospaceField(inputs, u"envPython"_s);
    m_python->setReadOnly(false);
    m_pythonMessage = new FieldMessage(m_python, inputs);
    auto *pythonBox = new QVBoxLayout;
    pythonBox->addWidget(m_python);
    pythonBox->addWidget(m_pythonMessage);
    form->addRow(m_pythonLabel, pythonBox);
    m_rootLabel = new QLabel(inputs);
    m_ascendRoot = monospaceField(inputs, u"envAscendRoot"_s);
    m_ascendRoot->setReadOnly(false);
    m_ascendRoot->setPlaceholderText(u"/usr/local/Ascend"_s);
    m_ascendRoot->setClearButtonEnabled(true);
    m_rootMessage = new FieldMessage(m_ascendRoot, inputs);
    auto *rootBox = new QVBoxLayout;
    rootBox->addWidget(m_ascendRoot);
    rootBox->addWidget(m_rootMessage);
    form->addRow(m_rootLabel, rootBox);
    m_timeoutLabel = new QLabel(inputs);
    m_timeout = new QSpinBox(inputs);
    m_timeout->setObjectName(u"envTimeout"_s);
    m_timeout->setRange(1, 3600);
    form->addRow(m_timeoutLabel, m_timeout);
    layout->addLayout(form);
    m_deep = new QCheckBox(inputs);
    m_deep->setObjectName(u"envDeep"_s);
    layout->addWidget(m_deep);

    layout->addStretch(1);
    m_progress = new QProgressBar(inputs);
    m_progress->setObjectName(u"envProgress"_s);
    m_progress->hide();
    m_cancel = new QPushButton(inputs);
    m_cancel->setObjectName(u"envCancel"_s);
    m_cancel->hide();
    auto *busyRow = new QHBoxLayout;
    busyRow->addWidget(m_progress, 1);
    busyRow->addWidget(m_cancel);
    layout->addLayout(busyRow);
    m_run = new QPushButton(inputs);
    m_run->setObjectName(u"envRun"_s);
    m_run->setDefault(true);
    layout->addWidget(m_run);

    const auto changed = [this] {
        if (m_loading)
            return;
        m_dirty = true;
        validate();
        saveSettings();
    };
    connect(m_local, &QRadioButton::toggled, this, changed);
    for (QLineEdit *edit : {m_hosts, m_sshConfig, m_python, m_ascendRoot})
        connect(edit, &QLineEdit::textChanged, this, changed);
    connect(m_acceptKeys, &QCheckBox::toggled, this, changed);
    connect(m_timeout, &QSpinBox::valueChanged, this, changed);
    connect(m_run, &QPushButton::clicked, this, &EnvTab::run);
    connect(m_browseSshConfig, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("SSH configuration file"), m_sshConfig->text());
        if (!file.isEmpty())
            m_sshConfig->setText(file);
    });
    return inputs;
}

QWidget *EnvTab::buildChecksPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_summary = new QLabel(page);
    m_summary->setObjectName(u"envSummary"_s);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    auto *row = new QHBoxLayout;
    m_node = new QComboBox(page);
    m_node->setObjectName(u"envNode"_s);
    m_node->setSizeAdjustPolicy(QComboBox::AdjustToContents); // a node's name in full
    m_filter = new QComboBox(page);
    m_filter->setObjectName(u"envFilter"_s);
    m_copyReport = new QPushButton(page);
    m_copyReport->setObjectName(u"envCopyReport"_s);
    m_saveReport = new QPushButton(page);
    m_saveReport->setObjectName(u"envSaveReport"_s);
    m_useVerl = new QPushButton(page);
    m_useVerl->setObjectName(u"envUseVerl"_s);
    m_useVerl->hide();
    connect(m_useVerl, &QPushButton::clicked, this, [this] {
        if (const auto version = verl::Version::parse(env::installedVerl(m_results), QString()))
            session().setVerlVersion(*version,
                                     tr("verl version set to %1, as installed on the nodes.").arg(version->toString()));
    });
    connect(&session(), &Session::verlVersionChanged, this, &EnvTab::showUseVerl);
    layout->addWidget(m_useVerl, 0, Qt::AlignLeft);
    row->addWidget(m_node);
    row->addWidget(m_filter);
    row->addStretch(1);
    row->addWidget(m_copyReport);
    row->addWidget(m_saveReport);
    layout->addLayout(row);
    m_checks = new QTreeWidget(page);
    m_checks->setObjectName(u"envChecks"_s);
    m_checks->setColumnCount(4);
    m_checks->setRootIsDecorated(false);
    m_checks->setWordWrap(true);
    m_checks->setUniformRowHeights(false);
    m_checks->setAlternatingRowColors(true);
    m_checks->header()->setStretchLastSection(true);
    // The selected check in full under the table: evidence and next step are too long for a cell.
    m_checkDetail = resultLabel(page, u"envCheckDetail"_s);
    m_checkDetail->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_checkDetail->setTextFormat(Qt::RichText);
    auto *split = new QSplitter(Qt::Vertical, page);
    split->setObjectName(u"envChecksSplitter"_s);
    split->addWidget(m_checks);
    split->addWidget(scrolling(m_checkDetail, split));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    connect(m_checks, &QTreeWidget::currentItemChanged, this, &EnvTab::showCheckDetail);
    connect(m_node, &QComboBox::currentIndexChanged, this, [this] {
        showChecks();
        showDevices();
    });
    connect(m_filter, &QComboBox::currentIndexChanged, this, &EnvTab::showChecks);
    connect(m_checks, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) { showRaw(item); });
    connect(m_copyReport, &QPushButton::clicked, this, &EnvTab::copyReport);
    connect(m_saveReport, &QPushButton::clicked, this, &EnvTab::saveReport);
    return page;
}

QWidget *EnvTab::buildDevicesPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_devicesNote = resultLabel(page, u"envDevicesNote"_s); // why the tables are empty
    layout->addWidget(m_devicesNote);
    auto *split = new QSplitter(Qt::Vertical, page);
    m_devices = resultTable(page, u"envDevices"_s, 9);
    split->addWidget(m_devices);
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chartView = new QChartView(m_chart, page);
    m_chartView->setObjectName(u"envHbmChart"_s);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(180);
    split->addWidget(m_chartView);
    m_processes = resultTable(page, u"envProcesses"_s, 5);
    split->addWidget(m_processes);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);
    layout->addWidget(split);
    return page;
}

QWidget *EnvTab::buildNodesPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_matrixHint = new QLabel(page);
    m_matrixHint->setObjectName(u"envMatrixHint"_s);
    m_matrixHint->setWordWrap(true);
    layout->addWidget(m_matrixHint);
    m_onlyDifferences = new QCheckBox(page);
    m_onlyDifferences->setObjectName(u"envOnlyDifferences"_s);
    m_onlyDifferences->setChecked(true);
    layout->addWidget(m_onlyDifferences);
    m_matrix = new QTableWidget(page);
    m_matrix->setObjectName(u"envMatrix"_s);
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_matrix, 1);
    connect(m_onlyDifferences, &QCheckBox::toggled, this, &EnvTab::showMatrix);
    return page;
}

QWidget *EnvTab::buildScriptPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_scriptHint = new QLabel(page);
    m_scriptHint->setWordWrap(true);
    layout->addWidget(m_scriptHint);
    auto *form = new QFormLayout;
    m_scriptDevicesLabel = new QLabel(page);
    m_scriptDevices = monospaceField(page, u"envScriptDevices"_s);
    m_scriptDevices->setReadOnly(false);
    m_scriptDevicesMessage = new FieldMessage(m_scriptDevices, page);
    auto *devicesBox = new QVBoxLayout;
    devicesBox->addWidget(m_scriptDevices);
    devicesBox->addWidget(m_scriptDevicesMessage);
    form->addRow(m_scriptDevicesLabel, devicesBox);
    m_scriptNoset = new QCheckBox(page);
    m_scriptNoset->setObjectName(u"envScriptNoset"_s);
    m_scriptNoset->setChecked(true);
    form->addRow(QString(), m_scriptNoset);
    m_scriptLevelLabel = new QLabel(page);
    m_scriptLevel = new QComboBox(page);
    m_scriptLevel->setObjectName(u"envScriptLevel"_s);
    for (int i = 0; i < 5; ++i)
        m_scriptLevel->addItem(QString(), env::logLevelWord(static_cast<env::LogLevel>(i)));
    form->addRow(m_scriptLevelLabel, m_scriptLevel);
    m_scriptStdout = new QCheckBox(page);
    m_scriptStdout->setObjectName(u"envScriptStdout"_s);
    form->addRow(QString(), m_scriptStdout);
    m_scriptVerlLabel = new QLabel(page);
    m_scriptVerlLevel = new QComboBox(page);
    m_scriptVerlLevel->setObjectName(u"envScriptVerlLevel"_s);
    m_scriptVerlLevel->addItem(QString(), QString());
    for (const QString &level : {u"DEBUG"_s, u"INFO"_s, u"WARN"_s, u"ERROR"_s})
        m_scriptVerlLevel->addItem(level, level);
    form->addRow(m_scriptVerlLabel, m_scriptVerlLevel);
    m_scriptConnectLabel = new QLabel(page);
    m_scriptConnect = new QSpinBox(page);
    m_scriptConnect->setObjectName(u"envScriptConnect"_s);
    m_scriptConnect->setRange(119, 7200); // 119 shows "default"
    m_scriptConnect->setValue(119);
    form->addRow(m_scriptConnectLabel, m_scriptConnect);
    m_scriptExecLabel = new QLabel(page);
    m_scriptExec = new QSpinBox(page);
    m_scriptExec->setObjectName(u"envScriptExec"_s);
    m_scriptExec->setRange(-1, 2147483647);
    m_scriptExec->setValue(-1);
    form->addRow(m_scriptExecLabel, m_scriptExec);
    m_scriptPorts = new QCheckBox(page);
    m_scriptPorts->setObjectName(u"envScriptPorts"_s);
    form->addRow(QString(), m_scriptPorts);
    m_scriptMultiNode = new QCheckBox(page);
    m_scriptMultiNode->setObjectName(u"envScriptMultiNode"_s);
    m_scriptIfname = monospaceField(page, u"envScriptIfname"_s);
    m_scriptIfname->setReadOnly(false);
    m_scriptIfname->setPlaceholderText(u"eth0"_s);
    m_scriptIfnameMessage = new FieldMessage(m_scriptIfname, page);
    auto *ifBox = new QVBoxLayout;
    ifBox->addWidget(m_scriptIfname);
    ifBox->addWidget(m_scriptIfnameMessage);
    form->addRow(m_scriptMultiNode, ifBox);
    m_scriptSetEnvLabel = new QLabel(page);
    m_scriptSetEnv = monospaceField(page, u"envScriptSetEnv"_s);
    m_scriptSetEnv->setReadOnly(false);
    form->addRow(m_scriptSetEnvLabel, m_scriptSetEnv);
    layout->addLayout(form);
    m_scriptOutput = monospaceText(page, u"envScriptOutput"_s);
    layout->addWidget(m_scriptOutput, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    m_scriptCopy = new QPushButton(page);
    m_scriptCopy->setObjectName(u"envScriptCopy"_s);
    m_scriptSave = new QPushButton(page);
    m_scriptSave->setObjectName(u"envScriptSave"_s);
    buttons->addWidget(m_scriptCopy);
    buttons->addWidget(m_scriptSave);
    layout->addLayout(buttons);

    const auto changed = [this] {
        if (m_loading)
            return;
        m_dirty = true;
        updateScript();
        saveSettings();
    };
    for (QLineEdit *edit : {m_scriptDevices, m_scriptIfname, m_scriptSetEnv})
        connect(edit, &QLineEdit::textChanged, this, changed);
    for (QCheckBox *box : {m_scriptNoset, m_scriptStdout, m_scriptPorts, m_scriptMultiNode})
        connect(box, &QCheckBox::toggled, this, changed);
    for (QComboBox *combo : {m_scriptLevel, m_scriptVerlLevel})
        connect(combo, &QComboBox::currentIndexChanged, this, changed);
    for (QSpinBox *spin : {m_scriptConnect, m_scriptExec})
        connect(spin, &QSpinBox::valueChanged, this, changed);
    connect(m_scriptDevices, &QLineEdit::textEdited, this, [this] { m_scriptDevicesTyped = true; });
    connect(m_scriptCopy, &QPushButton::clicked, this, [this] { copyText(m_scriptOutput->toPlainText()); });
    connect(m_scriptSave, &QPushButton::clicked, this, &EnvTab::saveScript);
    return page;
}

void EnvTab::openLink(const ToolLink &link)
{
    // The nodes the failure was logged on, when the log said (Ray's ip=…); never while a run is going.
    const QString hosts = link.param(u"hosts"_s);
    if (isBusy()) {
        session().showStatus(tr("Opened from %1: the checks still running keep their nodes.").arg(link.origin));
    } else if (!hosts.isEmpty()) {
        m_remote->setChecked(true);
        m_hosts->setText(hosts);
        session().showStatus(tr("Filled in from %1: the nodes that logged the failure.").arg(link.origin), 0);
    } else {
        session().showStatus(
            tr("Opened from %1: the log names no node. Check this machine, or list the job's nodes.").arg(link.origin),
            0);
    }
    if (m_run->isEnabled())
        m_run->setFocus();
}

void EnvTab::retranslate()
{
    m_description->setText(tr("Find out why the NPUs are not visible or a job will not start: every check gets a "
                              "verdict, the evidence and the next step, on this machine or on every node."));
    m_targetHeading->setText(tr("Where"));
    m_local->setText(tr("&This machine"));
    m_remote->setText(tr("&Nodes over SSH"));
    m_remote->setToolTip(tr("Runs the same probes on every node with your ssh client (BatchMode: keys or an agent, "
                            "never a password prompt)."));
    m_hosts->setToolTip(tr("ClusterShell nodeset syntax: node[01-16], rack[1-2]n[1-4], a,b, node[1-8]!node3."));
    m_sshConfigLabel->setText(tr("SSH configuration file:"));
    m_browseSshConfig->setText(tr("Browse…"));
    m_acceptKeys->setText(tr("Accept new host keys"));
    m_acceptKeys->setToolTip(tr("Accept and remember the host keys of nodes never seen before. Changed host keys are "
                                "always refused."));
    m_probeHeading->setText(tr("Probes"));
    m_pythonLabel->setText(tr("Python:"));
    m_python->setToolTip(tr("The interpreter of your verl environment, e.g. ~/miniconda3/envs/verl/bin/python."));
    m_rootLabel->setText(tr("Ascend root:"));
    m_ascendRoot->setToolTip(tr("Only for a non-default install; otherwise ASCEND_HOME_PATH, /usr/local/Ascend and "
                                "~/Ascend are searched."));
    m_timeoutLabel->setText(tr("Timeout per probe:"));
    m_timeout->setSuffix(tr(" s"));
    m_deep->setText(tr("&Deep checks (use the NPUs)"));
    m_deep->setToolTip(tr("A tensor operation on every visible NPU and an HCCL all-reduce across them. Occupies the "
                          "NPUs for a few seconds; you are asked before it runs."));
    m_cancel->setText(tr("Cancel"));
    m_run->setText(tr("&Run checks"));
    m_run->setToolTip(tr("Ctrl+Return"));

    m_pages->setTabText(static_cast<int>(Page::Checks), tr("Checks"));
    m_pages->setTabText(static_cast<int>(Page::Devices), tr("Devices"));
    m_pages->setTabText(static_cast<int>(Page::Nodes), tr("Nodes"));
    m_pages->setTabText(static_cast<int>(Page::Script), tr("Environment script"));
    const int filter = std::max(0, m_filter->currentIndex());
    m_filter->blockSignals(true);
    m_filter->clear();
    m_filter->addItems({tr("All verdicts"), tr("Problems only"), word(Verdict::Pass), word(Verdict::Warn),
                        word(Verdict::Fail), word(Verdict::Skip), word(Verdict::Error)});
    m_filter->setCurrentIndex(filter);
    m_filter->blockSignals(false);
    m_node->setToolTip(tr("The node whose checks and devices are shown."));
    m_copyReport->setText(tr("Copy report"));
    m_copyReport->setToolTip(tr("Markdown for a GitHub issue, raw outputs collapsed (Ctrl+Shift+C)."));
    m_saveReport->setText(tr("Save report…"));
    m_checks->setHeaderLabels({tr("Verdict"), tr("Check"), tr("Evidence"), tr("Next step")});
    m_checks->setToolTip(tr("Double-click a check to see the raw output it was judged on."));
    m_devices->setHorizontalHeaderLabels({tr("NPU"), tr("Chip"), tr("Name"), tr("Health"), tr("Power (W)"),
                                          tr("Temp (°C)"), tr("AI core (%)"), tr("HBM used / total (MB)"),
                                          tr("Bus-Id")});
    m_processes->setHorizontalHeaderLabels(
        {tr("NPU"), tr("Chip"), tr("Process id"), tr("Process name"), tr("Memory (MB)")});
    m_chart->setTitle(tr("HBM per chip (MB)"));
    m_matrixHint->setText(tr("One column per node. Rows where the nodes differ are highlighted: in multi-node runs a "
                             "version or variable that differs on one node is the most common silent failure."));
    m_onlyDifferences->setText(tr("Show only rows that differ"));

    m_scriptHint->setText(tr("Source this block on every node before ray start and the verl launch command."));
    m_scriptDevicesLabel->setText(tr("Devices:"));
    m_scriptDevices->setToolTip(tr("Logical ids: 0-7 on Atlas A2, 0-15 on Atlas A3 (two chips per NPU); empty leaves "
                                   "ASCEND_RT_VISIBLE_DEVICES unset."));
    m_scriptNoset->setText(tr("Keep Ray from overwriting the visible devices"));
    m_scriptLevelLabel->setText(tr("CANN log level:"));
    const QStringList levels{tr("debug (0): everything, slows training"), tr("info (1): includes HCCL details"),
                             tr("warning (2)"), tr("error (3): the default"), tr("null (4): no logs")};
    for (int i = 0; i < levels.size(); ++i)
        m_scriptLevel->setItemText(i, levels.at(i));
    m_scriptStdout->setText(tr("Print CANN logs to the screen instead of files"));
    m_scriptVerlLabel->setText(tr("verl log level:"));
    m_scriptVerlLevel->setItemText(0, tr("verl's default (WARN)"));
    m_scriptConnectLabel->setText(tr("HCCL connect timeout:"));
    m_scriptConnect->setSpecialValueText(tr("default (120 s)"));
    m_scriptConnect->setSuffix(tr(" s"));
    m_scriptExecLabel->setText(tr("HCCL execution timeout:"));
    m_scriptExec->setSpecialValueText(tr("default (1836 s)"));
    m_scriptExec->setSuffix(tr(" s"));
    m_scriptPorts->setText(tr("Port ranges for several processes per card (SGLang)"));
    m_scriptMultiNode->setText(tr("Multi-node, interface:"));
    m_scriptSetEnvLabel->setText(tr("set_env.sh:"));
    m_scriptSetEnv->setToolTip(tr("From CANN 8.5: /usr/local/Ascend/cann/set_env.sh. Empty: no source line."));
    m_scriptCopy->setText(tr("Copy"));
    m_scriptSave->setText(tr("Save As…"));
}

void EnvTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The checks are a pure function of the snapshots: judge them again in the new language.
        for (env::Diagnosis &d : m_results)
            d = env::analyze(d.snapshot);
        validate();
        updateScript();
        showResults();
    }
    ToolTab::changeEvent(event);
}

void EnvTab::loadSettings()
{
    const Settings settings;
    (settings.value(keys::envTarget) == 1 ? m_remote : m_local)->setChecked(true);
    m_hosts->setText(settings.value(keys::envHosts));
    m_sshConfig->setText(settings.value(keys::envSshConfig));
    m_acceptKeys->setChecked(settings.value(keys::envAcceptKeys));
    m_python->setText(settings.value(keys::envPython));
    m_ascendRoot->setText(settings.value(keys::envAscendRoot));
    m_timeout->setValue(settings.value(keys::envTimeout));
    if (!m_splitter->restoreState(settings.value(keys::envSplitter)))
        m_splitter->setSizes({380, 900});
    m_scriptDevices->setText(settings.value(keys::envScriptDevices));
    m_scriptDevicesTyped = m_scriptDevices->text() != keys::envScriptDevices.defaultValue;
    const int level = m_scriptLevel->findData(settings.value(keys::envScriptLevel));
    m_scriptLevel->setCurrentIndex(level >= 0 ? level : static_cast<int>(env::LogLevel::Error));
    m_scriptMultiNode->setChecked(settings.value(keys::envScriptMultiNode));
    m_scriptIfname->setText(settings.value(keys::envScriptIfname));
    m_scriptSetEnv->setText(settings.value(keys::envScriptSetEnv));
}

void EnvTab::saveSettings() const
{
    if (!m_dirty || m_loading)
        return;
    Settings settings;
    settings.setValue(keys::envTarget, m_remote->isChecked() ? 1 : 0);
    settings.setValue(keys::envHosts, m_hosts->text());
    settings.setValue(keys::envSshConfig, m_sshConfig->text());
    settings.setValue(keys::envAcceptKeys, m_acceptKeys->isChecked());
    settings.setValue(keys::envPython, m_python->text());
    settings.setValue(keys::envAscendRoot, m_ascendRoot->text());
    settings.setValue(keys::envTimeout, m_timeout->value());
    settings.setValue(keys::envSplitter, m_splitter->saveState());
    settings.setValue(keys::envScriptDevices, m_scriptDevices->text());
    settings.setValue(keys::envScriptLevel, m_scriptLevel->currentData().toString());
    settings.setValue(keys::envScriptMultiNode, m_scriptMultiNode->isChecked());
    settings.setValue(keys::envScriptIfname, m_scriptIfname->text());
    settings.setValue(keys::envScriptSetEnv, m_scriptSetEnv->text());
}

Result<env::DiagnoseOptions> EnvTab::options() const
{
    env::DiagnoseOptions options;
    if (m_remote->isChecked()) {
        const auto hosts = ssh::expandNodeset(m_hosts->text());
        if (!hosts)
            return Error::input(hosts.error().message, u"hosts"_s);
        options.hosts = *hosts;
        const QString config = paths::expandHome(m_sshConfig->text().trimmed());
        if (!config.isEmpty() && !QFileInfo(config).isReadable())
            return Error::input(tr("Cannot read %1.").arg(config), u"sshConfig"_s);
        options.ssh.configFile = config;
        options.ssh.acceptNewHostKeys = m_acceptKeys->isChecked();
        options.ssh.connectTimeoutSec = std::min(m_timeout->value(), 30);
    }
    options.probe.python = m_python->text().trimmed();
    if (options.probe.python.isEmpty())
        return Error::input(tr("Name the Python interpreter (python3, or a path)."), u"python"_s);
    options.probe.ascendRoot = m_ascendRoot->text().trimmed();
    if (!options.probe.ascendRoot.isEmpty() && m_local->isChecked() && !QFileInfo(options.probe.ascendRoot).isDir())
        return Error::input(tr("%1 is not a directory on this machine.").arg(options.probe.ascendRoot),
                            u"ascendRoot"_s);
    options.probe.timeoutSec = m_timeout->value();
    options.probe.deep = m_deep->isChecked();
    return options;
}

void EnvTab::validate()
{
    const bool remote = m_remote->isChecked();
    m_hosts->setEnabled(remote);
    m_sshConfig->setEnabled(remote);
    m_browseSshConfig->setEnabled(remote);
    m_acceptKeys->setEnabled(remote);
    m_hostsMessage->setMessage(QString());
    m_sshConfigMessage->setMessage(QString());
    m_pythonMessage->setMessage(QString());
    m_rootMessage->setMessage(QString());
    m_hostsCount->clear();
    if (remote) {
        const auto hosts = ssh::expandNodeset(m_hosts->text());
        if (hosts)
            m_hostsCount->setText(
                tr("%n node(s): %1", nullptr, static_cast<int>(hosts->size())).arg(ssh::foldNodeset(*hosts)));
    }
    const auto result = options();
    if (!result) {
        const QString &where = result.error().where;
        FieldMessage *message = where == u"hosts"_s ? m_hostsMessage
            : where == u"sshConfig"_s               ? m_sshConfigMessage
            : where == u"python"_s                  ? m_pythonMessage
                                                    : m_rootMessage;
        message->setMessage(result.error().message);
    }
    m_run->setEnabled(result.ok() && !isBusy());
}

bool EnvTab::isBusy() const
{
    return m_jobs->isRunning(); // until finished() has shown the result, not only until the work ends
}

void EnvTab::run()
{
    if (isBusy())
        return;
    const auto result = options();
    if (!result) {
        validate();
        return;
    }
    if (result->probe.deep
        && QMessageBox::question(this, tr("Run deep checks?"),
                                 tr("Deep checks run a tensor operation on every visible NPU and an HCCL all-reduce "
                                    "across them. They occupy the NPUs for a few seconds and can disturb a job that "
                                    "is running. Run them now?"))
            != QMessageBox::Yes)
        return;
    m_progress->setRange(0, 0);
    m_progress->setFormat(tr("%v of %m"));
    const env::DiagnoseOptions &options = *result;
    m_jobs->start<QList<env::Diagnosis>>(
        tr("Running checks…"),
        [options](JobControl &control) {
            control.total = std::max<qsizetype>(1, options.hosts.size());
            return env::runDiagnosis(options, &control.cancelled,
                                     [&control](int done, int, const QString &) { control.done = done; });
        },
        [this](const QList<env::Diagnosis> &results) { finished(results); }, JobRunner::OnCancel::Deliver);
}

void EnvTab::cancel()
{
    m_jobs->cancel();
}

void EnvTab::finished(const QList<env::Diagnosis> &results)
{
    m_results = results;
    validate();
    showResults();
    int fails = 0;
    for (const env::Diagnosis &d : std::as_const(m_results))
        for (const env::Check &check : d.checks)
            fails += check.verdict == Verdict::Fail ? 1 : 0;
    session().showStatus(m_jobs->wasCancelled() ? tr("Checks canceled.")
                                                : tr("Checks done: %n failed.", nullptr, fails));
}

const env::Diagnosis *EnvTab::selectedDiagnosis() const
{
    const int index = m_node->currentIndex();
    return index >= 0 && index < m_results.size() ? &m_results.at(index) : nullptr;
}

void EnvTab::showResults()
{
    const QString current = m_node->currentText();
    m_node->blockSignals(true);
    m_node->clear();
    for (const env::Diagnosis &d : std::as_const(m_results))
        m_node->addItem(icon(d.worst()), d.host() == env::kLocalHost ? tr("This machine") : d.host());
    const int keep = m_node->findText(current);
    m_node->setCurrentIndex(keep >= 0 ? keep : 0);
    m_node->blockSignals(false);
    fitToItems(m_node); // every node's name in full
    m_node->setVisible(m_results.size() > 1);
    m_copyReport->setEnabled(!m_results.isEmpty());
    m_saveReport->setEnabled(!m_results.isEmpty());
    showChecks();
    showDevices();
    showMatrix();
    // A diagnosed device count is the best default for the script's device list.
    if (const env::Diagnosis *d = selectedDiagnosis(); d && d->logicalDeviceCount() > 0 && !m_scriptDevicesTyped)
        m_scriptDevices->setText(u"0-%1"_s.arg(d->logicalDeviceCount() - 1));
}

void EnvTab::showChecks()
{
    m_checks->clear();
    const env::Diagnosis *d = selectedDiagnosis();
    if (!d) {
        m_summary->setText(tr("Press Run checks to diagnose this machine or the nodes you list."));
        showCheckDetail();
        return;
    }
    QMap<Verdict, int> counts;
    const auto filter = static_cast<Filter>(std::max(0, m_filter->currentIndex()));
    for (const env::Check &check : d->checks) {
        ++counts[check.verdict];
        if (!passes(filter, check.verdict))
            continue;
        auto *item = new QTreeWidgetItem(m_checks);
        item->setIcon(0, icon(check.verdict));
        item->setText(0, word(check.verdict));
        item->setText(1, check.title);
        item->setToolTip(1, check.id);
        item->setText(2, check.evidence);
        item->setToolTip(2, check.evidence);
        item->setText(3, check.nextStep);
        item->setToolTip(3, check.nextStep);
        item->setData(0, Qt::UserRole, check.id);
        item->setData(1, Qt::UserRole, check.raw);
    }
    m_checks->resizeColumnToContents(0);
    m_checks->resizeColumnToContents(1);
    m_checks->setColumnWidth(1, std::min(m_checks->columnWidth(1), 280));
    m_checks->setColumnWidth(2, 360);
    // The first problem is what to read first.
    QTreeWidgetItem *first = m_checks->topLevelItem(0);
    for (int i = 0; i < m_checks->topLevelItemCount(); ++i) {
        const QString id = m_checks->topLevelItem(i)->data(0, Qt::UserRole).toString();
        const auto check
            = std::find_if(d->checks.cbegin(), d->checks.cend(), [&](const env::Check &c) { return c.id == id; });
        if (check != d->checks.cend() && (check->verdict == Verdict::Fail || check->verdict == Verdict::Error)) {
            first = m_checks->topLevelItem(i);
            break;
        }
    }
    m_checks->setCurrentItem(first);
    showCheckDetail();
    QStringList parts;
    for (const Verdict v : {Verdict::Fail, Verdict::Error, Verdict::Warn, Verdict::Pass, Verdict::Skip})
        if (counts.value(v) > 0)
            parts.append(u"%1 %2"_s.arg(counts.value(v)).arg(word(v)));
    QString family;
    if (d->smi && d->smi->family != env::NpuFamily::Unknown)
        family = u" — "_s + env::familyName(d->smi->family);
    const QString node
        = tr("%1%2: %3 (in %4 s)")
              .arg(d->host() == env::kLocalHost ? tr("This machine") : d->host(), family, parts.join(u", "_s))
              .arg(QString::number(static_cast<double>(d->snapshot.elapsedMs) / 1000.0, 'f', 1));
    // With several nodes, all of them first: the selected one is only one of them.
    m_summary->setText(m_results.size() > 1 ? env::nodesSummary(m_results) + u'\n' + node : node);
    showUseVerl();
}

void EnvTab::showUseVerl()
{
    // The nodes' verl, when it is not the one the tools work for: one click makes it so.
    const auto version = verl::Version::parse(env::installedVerl(m_results), QString());
    const bool differs
        = version && !(*version == session().verlVersion() && version->dev == session().verlVersion().dev);
    m_useVerl->setVisible(differs);
    if (differs)
        m_useVerl->setText(tr("Use verl %1 (found on the nodes) in every tool").arg(version->toString()));
}

// Why the Devices page has no device, in words; empty when it has some.
QString EnvTab::devicesNote(const env::Diagnosis *d)
{
    if (!d)
        return tr("Press Run checks: the devices of the node appear here.");
    if (!d->snapshot.failure.isEmpty())
        return tr("No devices: %1 could not be probed (%2).").arg(d->host(), d->snapshot.failure);
    if (d->smi && !d->smi->devices.isEmpty())
        return QString();
    for (const env::Check &check : d->checks) {
        if (check.id == u"npu.smi")
            return tr("No devices: %1").arg(check.evidence)
                + (check.nextStep.isEmpty() ? QString() : u' ' + check.nextStep);
    }
    return tr("No devices: npu-smi listed none.");
}

void EnvTab::showDevices()
{
    m_devices->setRowCount(0);
    m_processes->setRowCount(0);
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis); // gives up ownership
        delete axis;
    }
    const env::Diagnosis *d = selectedDiagnosis();
    m_devicesNote->setText(devicesNote(d));
    m_devicesNote->setVisible(!m_devicesNote->text().isEmpty());
    if (!d || !d->smi)
        return;
    auto *used = new QBarSet(tr("Used"));
    auto *free = new QBarSet(tr("Free"));
    used->setColor(color(Verdict::Warn));
    free->setColor(color(Verdict::Pass));
    QStringList categories;
    double top = 0;
    for (const env::NpuDevice &device : d->smi->devices) {
        const int row = m_devices->rowCount();
        m_devices->insertRow(row);
        const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
        m_devices->setItem(row, 0, resultCell(QString::number(device.npu), right));
        m_devices->setItem(row, 1, resultCell(QString::number(device.chip), right));
        m_devices->setItem(row, 2, resultCell(device.name));
        auto *health = resultCell(device.health);
        health->setIcon(icon(device.healthOk()                   ? Verdict::Pass
                                 : device.health == u"Warning"_s ? Verdict::Warn
                                                                 : Verdict::Fail));
        m_devices->setItem(row, 3, health);
        m_devices->setItem(row, 4, resultCell(device.powerW ? QString::number(*device.powerW, 'f', 1) : u"—"_s, right));
        m_devices->setItem(row, 5, resultCell(shown(device.tempC), right));
        m_devices->setItem(row, 6, resultCell(shown(device.aicorePct), right));
        m_devices->setItem(row, 7,
                           resultCell(u"%1 / %2"_s.arg(shown(device.usedMb()), shown(device.totalMb())), right));
        m_devices->setItem(row, 8, resultCell(device.busId));
        categories.append(u"%1/%2"_s.arg(device.npu).arg(device.chip));
        const double u = static_cast<double>(device.usedMb().value_or(0));
        const double t = static_cast<double>(device.totalMb().value_or(0));
        used->append(u);
        free->append(std::max(0.0, t - u));
        top = std::max(top, t);
    }
    m_devices->resizeColumnsToContents();
    for (const env::NpuProcess &p : d->smi->processes) {
        const int row = m_processes->rowCount();
        m_processes->insertRow(row);
        m_processes->setItem(row, 0, resultCell(QString::number(p.npu)));
        m_processes->setItem(row, 1, resultCell(QString::number(p.chip)));
        m_processes->setItem(row, 2, resultCell(QString::number(p.pid)));
        m_processes->setItem(row, 3, resultCell(p.name.isEmpty() ? tr("(no name: in a container)") : p.name));
        m_processes->setItem(row, 4, resultCell(shown(p.memoryMb), Qt::AlignRight | Qt::AlignVCenter));
    }
    m_processes->setVisible(!d->smi->processes.isEmpty());
    // Used and free stacked per chip: the bar's height is the chip's HBM (or device memory).
    auto *series = new QStackedBarSeries;
    series->append(used);
    series->append(free);
    m_chart->addSeries(series);
    auto *axisX = new QBarCategoryAxis;
    axisX->append(categories);
    axisX->setTitleText(tr("NPU/chip"));
    auto *axisY = new QValueAxis;
    axisY->setRange(0, top > 0 ? top : 1);
    axisY->setLabelFormat(u"%.0f"_s);
    axisY->setTitleText(tr("MB"));
    m_chart->addAxis(axisX, Qt::AlignBottom);
    m_chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);
    connect(series, &QStackedBarSeries::hovered, m_chartView, [this, categories, used, free](bool status, int index) {
        if (!status || index < 0 || index >= categories.size()) {
            m_chartView->setToolTip(QString());
            return;
        }
        m_chartView->setToolTip(tr("NPU/chip %1: %2 MB used, %3 MB free")
                                    .arg(categories.at(index))
                                    .arg(used->at(index), 0, 'f', 0)
                                    .arg(free->at(index), 0, 'f', 0));
    });
}

void EnvTab::showMatrix()
{
    m_matrix->clear();
    m_matrix->setRowCount(0);
    m_matrix->setColumnCount(0);
    const bool several = m_results.size() > 1;
    m_pages->setTabEnabled(static_cast<int>(Page::Nodes), several);
    if (!several)
        return;
    const env::NodeMatrix matrix = env::buildMatrix(m_results);
    m_matrix->setColumnCount(static_cast<int>(matrix.hosts.size()));
    m_matrix->setHorizontalHeaderLabels(matrix.hosts);
    QStringList labels;
    for (const env::MatrixRow &row : matrix.rows) {
        if (m_onlyDifferences->isChecked() && !row.differs)
            continue;
        const int r = m_matrix->rowCount();
        m_matrix->insertRow(r);
        labels.append(row.label);
        for (int c = 0; c < row.cells.size(); ++c) {
            QTableWidgetItem *item = resultCell(row.cells.at(c));
            if (row.kind == env::MatrixRow::Kind::Check && c < row.verdicts.size()) {
                item->setIcon(icon(row.verdicts.at(c)));
                item->setText(word(row.verdicts.at(c)));
            }
            if (row.differs) {
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
                QColor background = color(Verdict::Warn);
                background.setAlpha(48);
                item->setBackground(background);
            }
            m_matrix->setItem(r, c, item);
        }
    }
    m_matrix->setVerticalHeaderLabels(labels);
    m_matrix->resizeColumnsToContents();
}

void EnvTab::updateScript()
{
    env::EnvScriptOptions options;
    options.devices = m_scriptDevices->text();
    options.rayNoset = m_scriptNoset->isChecked();
    options.logLevel = static_cast<env::LogLevel>(std::max(0, m_scriptLevel->currentIndex()));
    options.logToStdout = m_scriptStdout->isChecked();
    options.verlLogLevel = m_scriptVerlLevel->currentData().toString();
    options.connectTimeoutSec = m_scriptConnect->value() == m_scriptConnect->minimum() ? 0 : m_scriptConnect->value();
    options.execTimeoutSec = m_scriptExec->value();
    options.multiProcessPorts = m_scriptPorts->isChecked();
    options.multiNode = m_scriptMultiNode->isChecked();
    options.ifname = m_scriptIfname->text().trimmed();
    options.setEnv = m_scriptSetEnv->text().trimmed();
    m_scriptIfname->setEnabled(options.multiNode);
    m_scriptDevicesMessage->setMessage(QString());
    m_scriptIfnameMessage->setMessage(QString());
    const auto script = env::generateEnvScript(options);
    if (!script) {
        (script.error().where == u"--ifname"_s ? m_scriptIfnameMessage : m_scriptDevicesMessage)
            ->setMessage(script.error().message);
        m_scriptOutput->clear();
    } else {
        m_scriptOutput->setPlainText(*script);
    }
    m_scriptCopy->setEnabled(script.ok());
    m_scriptSave->setEnabled(script.ok());
}

void EnvTab::showCheckDetail()
{
    const QTreeWidgetItem *item = m_checks->currentItem();
    if (!item) {
        m_checkDetail->setText(m_checks->topLevelItemCount() > 0 ? tr("Select a check to read it in full.")
                                                                 : QString());
        return;
    }
    const auto line = [](const QString &heading, const QString &text) {
        return text.isEmpty() ? QString() : u"<p><b>%1</b> %2</p>"_s.arg(heading, text.toHtmlEscaped());
    };
    m_checkDetail->setText(u"<p><b>%1</b> — %2</p>"_s.arg(item->text(1).toHtmlEscaped(), item->text(0))
                           + line(tr("Evidence:"), item->text(2)) + line(tr("Next step:"), item->text(3))
                           + u"<p><i>%1</i></p>"_s.arg(tr("Double-click the row for the raw output.")));
}

void EnvTab::showRaw(QTreeWidgetItem *item)
{
    const env::Diagnosis *d = selectedDiagnosis();
    if (!d || !item)
        return;
    const QString raw = item->data(1, Qt::UserRole).toString();
    QString text;
    for (const env::Section &section : d->snapshot.sections) {
        const bool wanted = raw == u"files"_s ? section.name.startsWith(u"file:"_s)
                                              : section.name == raw || section.name.startsWith(raw + u':');
        if (wanted)
            text += u"### "_s + section.name + u"  ("_s + tr("exit code %1").arg(section.exitCode) + u")\n"_s
                + section.text + u"\n\n"_s;
    }
    if (text.isEmpty())
        text = item->text(2);
    auto *dialog = new QDialog(this);
    dialog->setObjectName(u"envRawDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Raw output: %1").arg(item->text(1)));
    auto *layout = new QVBoxLayout(dialog);
    QPlainTextEdit *view = monospaceText(dialog, u"envRawText"_s);
    view->setPlainText(text);
    layout->addWidget(view);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(900, 560);
    dialog->show();
}

void EnvTab::copyText(const QString &text)
{
    if (text.isEmpty())
        return;
    QApplication::clipboard()->setText(text);
    session().showStatus(tr("Copied"));
}

void EnvTab::copyReport()
{
    if (!m_results.isEmpty())
        copyText(env::toMarkdown(m_results));
}

void EnvTab::saveReport()
{
    if (m_results.isEmpty())
        return;
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save report"), u"npu-environment.md"_s,
                                                      tr("Markdown (*.md);;JSON (*.json);;Text (*.txt)"), &filter);
    if (path.isEmpty())
        return;
    QByteArray bytes;
    if (path.endsWith(u".json"_s, Qt::CaseInsensitive))
        bytes = QJsonDocument(env::toJson(m_results, 0)).toJson(QJsonDocument::Indented);
    else if (path.endsWith(u".txt"_s, Qt::CaseInsensitive))
        bytes = env::toText(m_results).toUtf8();
    else
        bytes = env::toMarkdown(m_results).toUtf8();
    const auto written = writeFileAtomically(path, bytes);
    if (!written)
        QMessageBox::warning(this, tr("Save report"), written.error().message);
    else
        session().showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

void EnvTab::saveScript()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save environment script"), u"verl-npu-env.sh"_s,
                                                      tr("Shell scripts (*.sh);;All files (*)"));
    if (path.isEmpty())
        return;
    const auto written = writeFileAtomically(path, m_scriptOutput->toPlainText().toUtf8());
    if (!written)
        QMessageBox::warning(this, tr("Save environment script"), written.error().message);
    else
        session().showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace vna::ui
