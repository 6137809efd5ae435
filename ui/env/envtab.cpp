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
#include <QJsonArray>
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

#include "audit/audit.h"
#include "common/atomicfile.h"
#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "env/auditpage.h"
#include "env/envscript.h"
#include "env/report.h"
#include "envresults.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

EnvTab::EnvTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    m_loading = true;
    auto *layout = new QVBoxLayout(this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"envSplitter"_s);
    m_splitter->addWidget(scrolling(buildInputs(), this));
    m_results = new EnvResults(session, this);
    m_results->addTab(buildScriptPage(), QString());
    m_audit = new AuditPage(session, m_results);
    m_results->addTab(m_audit, QString());
    connect(m_audit, &AuditPage::copyReportRequested, this, &EnvTab::copyReport);
    connect(m_audit, &AuditPage::busyChanged, this, [this] { validate(); }); // Run checks waits for the audit
    connect(m_results, &EnvResults::copyReportRequested, this, &EnvTab::copyReport);
    connect(m_results, &EnvResults::saveReportRequested, this, &EnvTab::saveReport);
    m_splitter->addWidget(m_results);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter);

    m_jobs = new JobRunner(session, this, JobRunner::OnLanguageChange::Deliver); // it runs commands on nodes
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
    addPrimaryShortcut(this, [this] { // on the Audit page, the audit
        if (m_results->currentIndex() == static_cast<int>(Page::Audit))
            m_audit->auditPasted();
        else
            run();
    });
    addShortcut(this, QKeySequence(u"Ctrl+Shift+C"_s), [this] {
        if (m_results->currentIndex() == static_cast<int>(Page::Script))
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

void EnvTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The checks are a pure function of the snapshots: judge them again in the new language.
        for (env::Diagnosis &d : m_state.results)
            d = env::analyze(d.snapshot);
        validate();
        updateScript();
        showResults();
    }
    ToolTab::changeEvent(event);
}

void EnvTab::loadSettings()
{
    m_state.inputs = EnvInputs::load();
    const EnvInputs &in = m_state.inputs;
    (in.remote ? m_remote : m_local)->setChecked(true);
    m_hosts->setText(in.hosts);
    m_sshConfig->setText(in.sshConfig);
    m_acceptKeys->setChecked(in.acceptKeys);
    m_python->setText(in.python);
    m_ascendRoot->setText(in.ascendRoot);
    m_timeout->setValue(in.timeoutSec);
    if (!m_splitter->restoreState(Settings().value(keys::envSplitter)))
        m_splitter->setSizes({380, 900});
    m_scriptDevices->setText(in.scriptDevices);
    m_scriptDevicesTyped = in.scriptDevices != keys::envScriptDevices.defaultValue;
    m_scriptLevel->setCurrentIndex(in.scriptLevel);
    m_scriptMultiNode->setChecked(in.scriptMultiNode);
    m_scriptIfname->setText(in.scriptIfname);
    m_scriptSetEnv->setText(in.scriptSetEnv);
}

void EnvTab::readInputs()
{
    EnvInputs &in = m_state.inputs;
    in.remote = m_remote->isChecked();
    in.hosts = m_hosts->text();
    in.sshConfig = m_sshConfig->text();
    in.acceptKeys = m_acceptKeys->isChecked();
    in.python = m_python->text();
    in.ascendRoot = m_ascendRoot->text();
    in.timeoutSec = m_timeout->value();
    in.deep = m_deep->isChecked();
    in.cluster = m_cluster->isChecked();
    in.masterAddr = m_masterAddr->text();
    in.scriptDevices = m_scriptDevices->text();
    in.scriptNoset = m_scriptNoset->isChecked();
    in.scriptLevel = std::max(0, m_scriptLevel->currentIndex());
    in.scriptStdout = m_scriptStdout->isChecked();
    in.scriptVerlLevel = m_scriptVerlLevel->currentData().toString();
    in.scriptConnectSec = m_scriptConnect->value() == m_scriptConnect->minimum() ? 0 : m_scriptConnect->value();
    in.scriptExecSec = m_scriptExec->value();
    in.scriptPorts = m_scriptPorts->isChecked();
    in.scriptMultiNode = m_scriptMultiNode->isChecked();
    in.scriptIfname = m_scriptIfname->text();
    in.scriptSetEnv = m_scriptSetEnv->text();
}

void EnvTab::saveSettings()
{
    if (!m_dirty || m_loading)
        return;
    readInputs();
    m_state.inputs.save();
    Settings().setValue(keys::envSplitter, m_splitter->saveState());
}

Result<env::DiagnoseOptions> EnvTab::options()
{
    readInputs();
    return m_state.options();
}

void EnvTab::validate()
{
    const bool remote = m_remote->isChecked();
    m_hosts->setEnabled(remote);
    m_sshConfig->setEnabled(remote);
    m_browseSshConfig->setEnabled(remote);
    m_acceptKeys->setEnabled(remote);
    m_cluster->setEnabled(remote);
    m_masterAddr->setEnabled(remote && m_cluster->isChecked());
    m_masterMessage->setMessage(QString());
    m_hostsMessage->setMessage(QString());
    m_sshConfigMessage->setMessage(QString());
    m_pythonMessage->setMessage(QString());
    m_rootMessage->setMessage(QString());
    const auto result = options();
    m_hostsCount->setText(m_state.hostsSummary());
    if (!result) {
        const QString &where = result.error().where;
        FieldMessage *message = where == u"hosts"_s ? m_hostsMessage
            : where == u"sshConfig"_s               ? m_sshConfigMessage
            : where == u"python"_s                  ? m_pythonMessage
            : where == u"masterAddr"_s              ? m_masterMessage
                                                    : m_rootMessage;
        message->setMessage(result.error().message);
    }
    m_run->setEnabled(result.ok() && !isBusy());
}

bool EnvTab::isBusy() const
{
    // Until finished() has shown the result, not only until the work ends.
    return m_jobs->isRunning() || m_audit->isBusy();
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
    if (result->clusterAllReduce
        && QMessageBox::question(this, tr("Run the all-reduce across the nodes?"),
                                 tr("After the checks, every NPU of the %n node(s) joins one HCCL all-reduce. It "
                                    "occupies them for up to a few minutes and can disturb a job that is running. "
                                    "Run it now?",
                                    nullptr, static_cast<int>(result->hosts.size())))
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
    m_state.results = results;
    if (m_jobs->ranInAnotherLanguage()) { // judged on the worker in the language it started in
        for (env::Diagnosis &d : m_state.results)
            d = env::analyze(d.snapshot);
    }
    validate();
    showResults();
    m_audit->setNodes(m_state.results);
    int fails = 0;
    for (const env::Diagnosis &d : std::as_const(m_state.results))
        for (const env::Check &check : d.checks)
            fails += check.verdict == Verdict::Fail ? 1 : 0;
    session().showStatus(m_jobs->wasCancelled() ? tr("Checks canceled.")
                                                : tr("Checks done: %n failed.", nullptr, fails));
}

void EnvTab::showResults()
{
    m_results->setResults(m_state.results);
    // A diagnosed device count is the best default for the script's device list.
    if (const env::Diagnosis *d = m_results->selectedDiagnosis();
        d && d->logicalDeviceCount() > 0 && !m_scriptDevicesTyped)
        m_scriptDevices->setText(u"0-%1"_s.arg(d->logicalDeviceCount() - 1));
}

void EnvTab::updateScript()
{
    readInputs();
    env::EnvScriptOptions options = m_state.scriptOptions();
    // Untyped device ids follow the last diagnosis (showResults), or are the A2 guess; the block says which.
    if (!m_scriptDevicesTyped) {
        const env::Diagnosis *d = m_results->selectedDiagnosis();
        const bool diagnosed = d && d->logicalDeviceCount() > 0;
        options.devicesFrom
            = diagnosed ? env::EnvScriptOptions::DevicesFrom::Diagnosis : env::EnvScriptOptions::DevicesFrom::Guess;
        if (diagnosed)
            options.devicesHost = d->host() == env::kLocalHost ? tr("this machine") : d->host();
    }
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

void EnvTab::copyText(const QString &text)
{
    if (text.isEmpty())
        return;
    QApplication::clipboard()->setText(text);
    session().showStatus(tr("Copied"));
}

QString EnvTab::reportMarkdown() const
{
    QString report = m_state.results.isEmpty() ? QString() : env::toMarkdown(m_state.results);
    if (!m_audit->audits().isEmpty())
        report += (report.isEmpty() ? QString() : u"\n"_s) + audit::auditMarkdown(m_audit->audits());
    return report;
}

void EnvTab::copyReport()
{
    copyText(reportMarkdown());
}

void EnvTab::saveReport()
{
    if (m_state.results.isEmpty() && m_audit->audits().isEmpty())
        return;
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save report"), u"npu-environment.md"_s,
                                                      tr("Markdown (*.md);;JSON (*.json);;Text (*.txt)"), &filter);
    if (path.isEmpty())
        return;
    QByteArray bytes;
    if (path.endsWith(u".json"_s, Qt::CaseInsensitive)) {
        QJsonObject json = env::toJson(m_state.results, 0);
        QJsonArray audits;
        for (const audit::NodeAudit &node : m_audit->audits()) {
            QJsonObject one = audit::auditJson(node.audit);
            one.insert(u"hosts"_s, QJsonArray::fromStringList(node.hosts));
            audits.append(one);
        }
        json.insert(u"audits"_s, audits);
        bytes = QJsonDocument(json).toJson(QJsonDocument::Indented);
    } else if (path.endsWith(u".txt"_s, Qt::CaseInsensitive)) {
        bytes = env::toText(m_state.results).toUtf8();
        for (const audit::NodeAudit &node : m_audit->audits())
            bytes += "\n" + audit::auditText(node.audit).toUtf8();
    } else {
        bytes = reportMarkdown().toUtf8();
    }
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
