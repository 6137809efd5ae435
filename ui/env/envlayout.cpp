// The Environment tab's widgets: the form, the result pages and the export block's fields, and
// what they say in the current language. The behaviour is in envtab.cpp, the state in envstate.cpp.
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

#include "common/fieldcheck.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "env/report.h"
#include "envresults.h"
#include "envtab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

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
    m_hostsMessage = addMessage(layout, m_hosts, u"envHostsMessage"_s);
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
    m_sshConfigMessage = addMessage(layout, m_sshConfig);
    m_acceptKeys = new QCheckBox(inputs);
    m_acceptKeys->setObjectName(u"envAcceptKeys"_s);
    layout->addWidget(m_acceptKeys);

    m_probeHeading = heading(inputs, u"envProbeHeading"_s);
    layout->addWidget(m_probeHeading);
    auto *form = new QFormLayout;
    m_pythonLabel = new QLabel(inputs);
    m_python = monospaceField(inputs, u"envPython"_s);
    m_python->setReadOnly(false);
    m_pythonMessage = addCheckedRow(form, m_pythonLabel, m_python);
    m_rootLabel = new QLabel(inputs);
    m_ascendRoot = monospaceField(inputs, u"envAscendRoot"_s);
    m_ascendRoot->setReadOnly(false);
    m_ascendRoot->setPlaceholderText(u"/usr/local/Ascend"_s);
    m_ascendRoot->setClearButtonEnabled(true);
    m_rootMessage = addCheckedRow(form, m_rootLabel, m_ascendRoot);
    m_timeoutLabel = new QLabel(inputs);
    m_timeout = new QSpinBox(inputs);
    m_timeout->setObjectName(u"envTimeout"_s);
    m_timeout->setRange(1, 3600);
    form->addRow(m_timeoutLabel, m_timeout);
    layout->addLayout(form);
    m_deep = new QCheckBox(inputs);
    m_deep->setObjectName(u"envDeep"_s);
    layout->addWidget(m_deep);
    m_cluster = new QCheckBox(inputs);
    m_cluster->setObjectName(u"envCluster"_s);
    layout->addWidget(m_cluster);
    auto *masterForm = new QFormLayout;
    m_masterLabel = new QLabel(inputs);
    m_masterAddr = monospaceField(inputs, u"envMasterAddr"_s);
    m_masterAddr->setReadOnly(false);
    m_masterAddr->setClearButtonEnabled(true);
    m_masterMessage = addCheckedRow(masterForm, m_masterLabel, m_masterAddr);
    layout->addLayout(masterForm);

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
    for (QLineEdit *edit : {m_hosts, m_sshConfig, m_python, m_ascendRoot, m_masterAddr})
        connect(edit, &QLineEdit::textChanged, this, changed);
    connect(m_cluster, &QCheckBox::toggled, this, changed);
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
    m_scriptDevicesMessage = addCheckedRow(form, m_scriptDevicesLabel, m_scriptDevices);
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
    m_scriptIfnameMessage = addCheckedRow(form, m_scriptMultiNode, m_scriptIfname);
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
    m_cluster->setText(tr("All-reduce &across the nodes (use every NPU)"));
    m_cluster->setToolTip(tr("After the checks, one process per NPU on every node joins one HCCL all-reduce: what "
                             "proves the network between the nodes. Occupies every NPU for up to a few minutes; you "
                             "are asked before it runs."));
    m_masterLabel->setText(tr("Meet at:"));
    m_masterAddr->setPlaceholderText(tr("the first node's HCCL_IF_IP"));
    m_masterAddr->setToolTip(tr("The first node's address on the network between the nodes, where rank 0 listens. "
                                "Empty: its HCCL_IF_IP, else the first address hostname -I prints there."));
    m_cancel->setText(tr("Cancel"));
    m_run->setText(tr("&Run checks"));
    m_run->setToolTip(tr("Ctrl+Return"));

    m_results->setTabText(static_cast<int>(Page::Script), tr("Environment script"));
    m_results->setTabText(static_cast<int>(Page::Audit), tr("Audit"));
    m_results->setTabToolTip(static_cast<int>(Page::Audit),
                             tr("Which versions go together, the fixes they lack and the smallest upgrade"));
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

} // namespace vna::ui
