// The Environment tab: diagnose this machine or many nodes over ssh (checks with verdicts, evidence
// and next steps; devices and their HBM; where the nodes differ), generate the export block, and
// export a report. Everything it shows comes from core/env; nothing is decided here.
#pragma once

#include <atomic>
#include <memory>

#include <QList>

#include "common/tooltab.h"
#include "env/checks.h"
#include "env/diagnose.h"
#include "env/envstate.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QSplitter;
class QTimer;

namespace vna::ui {

class AuditPage;
class EnvResults;
class FieldMessage;
class JobRunner;

class EnvTab final : public ToolTab
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EnvTab)

public:
    // The order of the pages: EnvResults's, then the script and the audit.
    enum class Page { Checks, Devices, Nodes, Script, Audit };

    explicit EnvTab(Session &session, QWidget *parent = nullptr);
    ~EnvTab() override;

    bool isBusy() const override;
    void openLink(const ToolLink &link) override;
    const QList<env::Diagnosis> &results() const { return m_state.results; }
    // The options the form describes, or an error naming the field that is wrong.
    Result<env::DiagnoseOptions> options();

public Q_SLOTS:
    void run();
    void cancel();

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildInputs();
    QWidget *buildScriptPage();
    void retranslate();
    void loadSettings();
    void saveSettings();
    void readInputs(); // the form into m_state.inputs
    void validate();
    void finished(const QList<env::Diagnosis> &results);
    void showResults(); // m_state.results in the result pages
    void updateScript();
    void copyReport();
    QString reportMarkdown() const; // the checks' report and the audit, whichever there are
    void saveReport();
    void saveScript();
    void copyText(const QString &text);

    // Inputs
    QLabel *m_description = nullptr;
    QLabel *m_targetHeading = nullptr;
    QRadioButton *m_local = nullptr;
    QRadioButton *m_remote = nullptr;
    QLineEdit *m_hosts = nullptr;
    FieldMessage *m_hostsMessage = nullptr;
    QLabel *m_hostsCount = nullptr;
    QLabel *m_sshConfigLabel = nullptr;
    QLineEdit *m_sshConfig = nullptr;
    QPushButton *m_browseSshConfig = nullptr;
    FieldMessage *m_sshConfigMessage = nullptr;
    QCheckBox *m_acceptKeys = nullptr;
    QLabel *m_probeHeading = nullptr;
    QLabel *m_pythonLabel = nullptr;
    QLineEdit *m_python = nullptr;
    FieldMessage *m_pythonMessage = nullptr;
    QLabel *m_rootLabel = nullptr;
    QLineEdit *m_ascendRoot = nullptr;
    FieldMessage *m_rootMessage = nullptr;
    QLabel *m_timeoutLabel = nullptr;
    QSpinBox *m_timeout = nullptr;
    QCheckBox *m_deep = nullptr;
    QCheckBox *m_cluster = nullptr;
    QLabel *m_masterLabel = nullptr;
    QLineEdit *m_masterAddr = nullptr;
    FieldMessage *m_masterMessage = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_run = nullptr;

    // Results
    QSplitter *m_splitter = nullptr;
    EnvResults *m_results = nullptr; // the result pages, then the script page and the audit page
    AuditPage *m_audit = nullptr;

    // Script generator
    QLabel *m_scriptHint = nullptr;
    QLabel *m_scriptDevicesLabel = nullptr;
    QLineEdit *m_scriptDevices = nullptr;
    FieldMessage *m_scriptDevicesMessage = nullptr;
    QCheckBox *m_scriptNoset = nullptr;
    QLabel *m_scriptLevelLabel = nullptr;
    QComboBox *m_scriptLevel = nullptr;
    QCheckBox *m_scriptStdout = nullptr;
    QLabel *m_scriptVerlLabel = nullptr;
    QComboBox *m_scriptVerlLevel = nullptr;
    QLabel *m_scriptConnectLabel = nullptr;
    QSpinBox *m_scriptConnect = nullptr;
    QLabel *m_scriptExecLabel = nullptr;
    QSpinBox *m_scriptExec = nullptr;
    QCheckBox *m_scriptPorts = nullptr;
    QCheckBox *m_scriptMultiNode = nullptr;
    QLineEdit *m_scriptIfname = nullptr;
    FieldMessage *m_scriptIfnameMessage = nullptr;
    QLabel *m_scriptSetEnvLabel = nullptr;
    QLineEdit *m_scriptSetEnv = nullptr;
    QPlainTextEdit *m_scriptOutput = nullptr;
    QPushButton *m_scriptCopy = nullptr;
    QPushButton *m_scriptSave = nullptr;

    JobRunner *m_jobs = nullptr;
    EnvState m_state; // what is entered and what was found
    bool m_loading = false;
    bool m_dirty = false;              // the user changed something: settings are saved from now on
    bool m_scriptDevicesTyped = false; // else the script follows the device count found
};

} // namespace vna::ui
