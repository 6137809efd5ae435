// The Checkpoint sync tab: a wizard from the rank-0 folder to every node — Source, Nodes,
// Preflight, Plan, Run, Summary — over core/ckptsync. Slow steps run off the GUI thread with
// progress and Cancel; the last source and node list are remembered.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include <QDir>
#include <QElapsedTimer>
#include <QList>
#include <QSet>
#include <QTemporaryDir>

#include "ckptsync/sync.h"
#include "ckptsync/syncstate.h"
#include "common/jobrunner.h"
#include "common/tooltab.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTableWidget;
class QTimer;
class QTreeWidget;
class QWizard;

namespace vna::ui {

class FieldMessage;

class SyncTab final : public ToolTab
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncTab)

public:
    enum PageId { SourcePage, NodesPage, PreflightPage, PlanPage, RunPage, SummaryPage };

    explicit SyncTab(Session &session, QWidget *parent = nullptr);
    ~SyncTab() override;

    bool isBusy() const override;
    void openLink(const ToolLink &link) override;
    QWizard *wizard() const { return m_wizard; }
    const QList<ckptsync::NodeResult> &results() const { return m_state.results; }
    const QList<ckptsync::PlanItem> &plan() const { return m_state.plan; }

protected:
    void changeEvent(QEvent *event) override;

private:
    friend class SyncPage;

    // Runs `work` on the tab's job runner (status bar, cancel), then `done` on the GUI thread.
    // Cancel stops the copy at its next file; what was done by then is still shown.
    template <typename R>
    void runJob(const QString &status, std::function<R(const std::atomic_bool *)> work, std::function<void(R)> done)
    {
        m_runner->start<R>(
            status, [work = std::move(work)](JobControl &control) { return work(&control.cancelled); }, std::move(done),
            JobRunner::OnCancel::Deliver);
    }

    void buildSourcePage();
    void buildNodesPage();
    void buildPreflightPage();
    void buildPlanPage();
    void buildRunPage();
    void buildSummaryPage();
    void retranslate();
    void loadSettings();
    void saveSettings();
    void readInputs(); // the form into m_state.inputs

    Result<ckptsync::Options> baseOptions();
    void scan();
    void validateNodes();
    void nameSteps(); // the step choices in the current language
    void testConnections();
    void runPreflight();
    void showPreflight();
    void showPlan();
    void updateScript();
    void startSync(const QStringList &onlyNodes);
    void showSummary();
    void showMeter(const QString &node, qint64 sent, qint64 total, double rate);
    void showNeeds();
    void newSync();
    void toggleWatch(bool on);
    void watchTick();
    void log(const QString &line);
    void setBusy(bool busy);

    QWizard *m_wizard = nullptr;

    // Source
    QLabel *m_sourceHint = nullptr;
    QRadioButton *m_sourceLocal = nullptr;
    QRadioButton *m_sourceRemote = nullptr;
    QLineEdit *m_sourceHost = nullptr;
    QLabel *m_folderLabel = nullptr;
    QLineEdit *m_folder = nullptr;
    QPushButton *m_browse = nullptr;
    QPushButton *m_scan = nullptr;
    FieldMessage *m_folderMessage = nullptr;
    QLabel *m_linkOrigin = nullptr; // where a folder filled in by another tool came from
    QTreeWidget *m_found = nullptr;
    QLabel *m_stepLabel = nullptr;
    QComboBox *m_step = nullptr;
    QCheckBox *m_includeTracker = nullptr;
    QLabel *m_needs = nullptr; // what every node needs of the chosen step

    // Nodes
    QLabel *m_nodesHint = nullptr;
    QLineEdit *m_nodes = nullptr;
    FieldMessage *m_nodesMessage = nullptr;
    QLabel *m_nodesCount = nullptr;
    QLabel *m_sshConfigLabel = nullptr;
    QLineEdit *m_sshConfig = nullptr;
    QCheckBox *m_acceptKeys = nullptr;
    QLabel *m_bandwidthLabel = nullptr;
    QSpinBox *m_bandwidth = nullptr; // MiB/s for all nodes together; 0: no limit
    QLabel *m_topologyLabel = nullptr;
    QComboBox *m_topology = nullptr; // auto, chain, star (data: the id)
    QPushButton *m_test = nullptr;
    QLabel *m_testResult = nullptr;

    // Preflight, plan, run, summary
    QLabel *m_preflightHint = nullptr;
    QTableWidget *m_preflight = nullptr;
    QLabel *m_preflightSummary = nullptr;
    QLabel *m_planSummary = nullptr;
    QTableWidget *m_planTable = nullptr;
    QPushButton *m_showCommands = nullptr;
    QComboBox *m_scriptKind = nullptr;
    QPlainTextEdit *m_script = nullptr;
    QPushButton *m_copyScript = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_overall = nullptr; // bytes, rate and time left for every node together
    QTableWidget *m_runTable = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_retry = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_copyReport = nullptr;
    QPushButton *m_openAudit = nullptr;
    QPushButton *m_newSync = nullptr;
    QCheckBox *m_watch = nullptr;
    QTimer *m_watchTimer = nullptr;

    SyncState m_state;                                // what is entered and what each step found
    QMap<QString, std::pair<qint64, qint64>> m_meter; // node -> bytes sent, bytes to send
    QElapsedTimer m_runClock;
    ckptsync::Watcher m_watcher;
    JobRunner *m_runner = nullptr;
    QTemporaryDir m_controlDir{QDir::tempPath() + QStringLiteral("/vna-ssh-XXXXXX")}; // one ssh connection per node
    bool m_loading = false;
    bool m_dirty = false;
};

} // namespace vna::ui
