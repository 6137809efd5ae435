// The Bucket tab: fixes "Weight … is too large to fit in the bucket". Inputs on the left (preset,
// shape, pasted message or model folder, and the run's settings), the calculation on the right.
#pragma once

#include <atomic>
#include <memory>
#include <optional>

#include "bucket/bucketcalc.h"
#include "bucket/bucketstate.h"
#include "common/tooltab.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTimer;

namespace vna::ui {

class FieldMessage;
class JobRunner;
class TextBox;
class NotesList;
class TensorChart;
class TensorTableModel;

class BucketTab final : public ToolTab
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BucketTab)

public:
    using Mode = BucketInputs::Mode;

    explicit BucketTab(Session &session, QWidget *parent = nullptr);
    ~BucketTab() override;

    const std::optional<bucket::Report> &report() const;
    bool isBusy() const override;
    // Reads a model folder, a .safetensors file or a log, as a drop does.
    void openPath(const QString &path);
    void openLink(const ToolLink &link) override;

Q_SIGNALS:
    // The right-hand side now shows a new result, or why there is none.
    void resultChanged();

protected:
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    using SourceResult = Result<bucket::Source>;

    void buildInputs(QWidget *panel);
    void buildResults(QWidget *panel);
    void retranslate();
    void fillPresets();
    void loadSettings();
    void readInputs(); // the widgets into m_state.inputs
    void showErrors(const BucketFieldErrors &errors);
    Mode mode() const;
    void showPage(int index);

    void inputChanged();
    void schedule();
    void update();
    void startJob(const QString &status, std::function<SourceResult(const std::atomic_bool &cancel)> job);
    void jobFinished(const SourceResult &result);
    void showReport(const bucket::Report &report);
    void showStatus(const QString &text);
    void showVerl();
    void showMessageSource(); // where the message came from, in the current language
    void copy(const QPlainTextEdit *field);
    void browse();
    void openLog();

    // inputs
    QLabel *m_description = nullptr;
    QLabel *m_modeLabel = nullptr;
    QComboBox *m_mode = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLabel *m_presetLabel = nullptr;
    QComboBox *m_preset = nullptr;
    QLabel *m_presetSource = nullptr;
    QLabel *m_shapeLabel = nullptr;
    QLineEdit *m_shape = nullptr;
    FieldMessage *m_shapeMessage = nullptr;
    QLabel *m_messageLabel = nullptr;
    TextBox *m_message = nullptr;
    FieldMessage *m_messageMessage = nullptr;
    QPushButton *m_openLog = nullptr;
    QLabel *m_messageFile = nullptr;
    QLabel *m_modelLabel = nullptr;
    QLineEdit *m_modelPath = nullptr;
    QPushButton *m_browse = nullptr;
    FieldMessage *m_modelMessage = nullptr;
    QLabel *m_modelHint = nullptr;
    QLabel *m_settingsHeading = nullptr;
    QLabel *m_dtypeLabel = nullptr;
    QComboBox *m_dtype = nullptr;
    FieldMessage *m_dtypeMessage = nullptr;
    QLabel *m_verlLabel = nullptr;
    QLabel *m_verl = nullptr; // the session's verl version and backend
    QLabel *m_workerLabel = nullptr;
    QComboBox *m_worker = nullptr;
    QLabel *m_shmLabel = nullptr;
    QLineEdit *m_shm = nullptr;
    FieldMessage *m_shmMessage = nullptr;
    QLabel *m_engineLabel = nullptr;
    QComboBox *m_engine = nullptr;
    QLabel *m_engineUsed = nullptr;
    QCheckBox *m_noIpc = nullptr;
    QLabel *m_marginLabel = nullptr;
    QSlider *m_margin = nullptr;
    QLabel *m_marginValue = nullptr;
    QLabel *m_currentLabel = nullptr;
    QSpinBox *m_current = nullptr;
    QLabel *m_hbmLabel = nullptr;
    QComboBox *m_hbm = nullptr;
    FieldMessage *m_hbmMessage = nullptr;
    QPushButton *m_calculate = nullptr;
    QProgressBar *m_busy = nullptr;
    QPushButton *m_cancel = nullptr;

    // results
    QLabel *m_status = nullptr;
    QWidget *m_results = nullptr;
    QLabel *m_verdictIcon = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_overrideLabel = nullptr;
    QPlainTextEdit *m_override = nullptr;
    QPushButton *m_copy = nullptr;
    QLabel *m_minimalLabel = nullptr;
    QPlainTextEdit *m_minimal = nullptr;
    QPushButton *m_copyMinimal = nullptr;
    QLabel *m_stepsHeading = nullptr;
    QLabel *m_steps = nullptr;
    QLabel *m_notesHeading = nullptr;
    NotesList *m_notes = nullptr;
    TensorChart *m_chart = nullptr;
    QLabel *m_topHeading = nullptr;
    TensorTableModel *m_topModel = nullptr;
    QTableView *m_top = nullptr;

    QSplitter *m_splitter = nullptr;
    QTimer *m_timer = nullptr;
    bool m_loading = false;
    bool m_dirty = false; // the user changed an input since the settings were saved
    BucketState m_state;  // what is entered and what was computed
    JobRunner *m_jobs = nullptr;
};

} // namespace vna::ui
