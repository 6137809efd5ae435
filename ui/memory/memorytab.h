// The Memory tab: whether a run fits in NPU memory, phase by phase (the same estimate as
// `verl-npu-assistant memory`), the chart of each phase against the device, and the overrides that make
// it fit, in the corrected command.
#pragma once

#include <optional>

#include "common/tooltab.h"
#include "memory/estimate.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace vna::ui {

class FieldMessage;
class JobRunner;
class MemoryChart;
class TextBox;

class MemoryTab final : public ToolTab
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryTab)

public:
    explicit MemoryTab(Session &session, QWidget *parent = nullptr);
    ~MemoryTab() override;

    bool isBusy() const override;
    void openLink(const ToolLink &link) override;
    // The last estimate shown, for tests.
    const std::optional<memory::Estimate> &estimate() const { return m_estimate; }

Q_SIGNALS:
    void resultChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    void build();
    void retranslate();
    void loadSettings();
    void saveSettings() const;
    void schedule();
    void run();
    void showResult(const Result<memory::Estimate> &result);
    void render();
    void openScript();
    void browseModel();
    void updateHbmField();
    memory::Request request() const;
    QString logNote() const; // the hand-off in the current language

    JobRunner *m_runner = nullptr;
    QTimer *m_debounce = nullptr;
    bool m_loading = false;
    std::optional<memory::Estimate> m_estimate;
    QString m_error;
    std::optional<ToolLink> m_link; // what a log handed over: the allocation it failed on

    QLabel *m_scriptLabel = nullptr;
    TextBox *m_script = nullptr;
    FieldMessage *m_scriptMessage = nullptr;
    QPushButton *m_openScript = nullptr;
    QLabel *m_modelLabel = nullptr;
    QComboBox *m_model = nullptr;
    QPushButton *m_browse = nullptr;
    FieldMessage *m_modelMessage = nullptr;
    QLabel *m_npuLabel = nullptr;
    QComboBox *m_npu = nullptr;
    QLabel *m_hbmLabel = nullptr;
    QLineEdit *m_hbm = nullptr;
    FieldMessage *m_hbmMessage = nullptr;
    QLabel *m_nodesLabel = nullptr;
    QSpinBox *m_nodes = nullptr;
    QLabel *m_devicesLabel = nullptr;
    QSpinBox *m_devices = nullptr;
    QLabel *m_marginLabel = nullptr;
    QDoubleSpinBox *m_margin = nullptr;
    QPushButton *m_estimateButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;

    QLabel *m_verdict = nullptr;
    QLabel *m_logNoteLabel = nullptr;
    MemoryChart *m_chart = nullptr;
    QLabel *m_fixesHeading = nullptr;
    QPlainTextEdit *m_corrected = nullptr;
    QPushButton *m_copyCommand = nullptr;
    QLabel *m_reportHeading = nullptr;
    QPlainTextEdit *m_report = nullptr;
    QPushButton *m_copyReport = nullptr;
};

} // namespace vna::ui
