// The Profiler tab: writes the NPU profiler overrides for the user's verl version (Generate page) and
// checks launch commands they already have against their release's whole config, or moves them to it
// from another release (Launch command page). Both read the same core: profiler/plan.h, profiler/lint.h
// and profiler/migrate.h.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "common/tooltab.h"
#include "common/verdict.h"
#include "profiler/lint.h"
#include "profiler/migrate.h"
#include "profiler/plan.h"
#include "profiler/profilerstate.h"

class QCheckBox;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QModelIndex;
class QPlainTextEdit;
class QProgressBar;
class QScrollArea;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;

namespace vna::ui {

class FieldMessage;
class JobRunner;
class TextBox;
class FindingsModel;
class NotesList;

class ProfilerTab final : public ToolTab
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfilerTab)

public:
    enum class Page { Generate, Lint }; // the order of the pages

    explicit ProfilerTab(Session &session, QWidget *parent = nullptr);
    ~ProfilerTab() override;

    void openLink(const ToolLink &link) override;

    bool isBusy() const override;
    // The overrides the Generate page shows, or nothing while the form is invalid.
    const std::optional<profiler::Plan> &plan() const;
    // Reads a launch script into the Launch command page, as a drop does.
    void openScript(const QString &path);
    void showPage(Page page);

Q_SIGNALS:
    void previewChanged();
    void lintFinished();
    void importFinished();

protected:
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildGenerate(QWidget *page);
    void buildLint(QWidget *page);
    void retranslate();
    void loadSettings();
    void saveSettings();
    void readInputs(); // the Generate form into m_state.inputs

    // Generate page
    void formChanged();
    void generate();
    void showVerl();
    std::optional<profiler::Request> readRequest(const verl::Version &version);
    void applyRequest(const profiler::Request &request);
    void updateAvailability();
    void startImport(const QString &text);
    void importDone(const Result<profiler::LintReport> &report);
    // The import's notes in the current language, without filling the form again.
    void retranslateImportNotes();

    // Launch command page
    void scriptChanged();
    void lintNow();
    void lintDone(const Result<profiler::LintReport> &report);
    void moveDone(const Result<profiler::Migration> &migration);
    // The Launch command page's results from the stored report, in the current language.
    void renderLint();
    void moveChanged(); // the "written for" release was picked or the Move button pressed
    void updateMove();
    // Lints on a worker thread; a newer start on the same runner drops the older result.
    void startLint(JobRunner *jobs,
                   const QString &text,
                   const verl::Version &version,
                   std::function<void(const Result<profiler::LintReport> &)> done);
    void clearLint(const QString &summary); // no findings to show, and why
    void showFinding(const QModelIndex &index);
    // Highlights a line of the script and, for a column > 0, moves the cursor there.
    void markLine(qsizetype line, Severity severity, qsizetype column);
    void browseScript();
    void sendScriptToForm();
    void showScriptOrigin(); // in the current language

    void copy(const QString &text);
    void copyMain();

    // shared
    QLabel *m_description = nullptr;
    QLabel *m_verl = nullptr; // the session's verl version
    QTabWidget *m_pages = nullptr;

    // Generate: inputs
    QLabel *m_whatHeading = nullptr;
    QLabel *m_rolesLabel = nullptr;
    QFrame *m_roles = nullptr;
    QList<QCheckBox *> m_roleBoxes; // in verl::allRoles() order
    FieldMessage *m_rolesMessage = nullptr;
    QLabel *m_stepsLabel = nullptr;
    QLineEdit *m_steps = nullptr;
    FieldMessage *m_stepsMessage = nullptr;
    QLabel *m_ranksLabel = nullptr;
    QLineEdit *m_ranks = nullptr;
    QCheckBox *m_allRanks = nullptr;
    FieldMessage *m_ranksMessage = nullptr;
    QLabel *m_collectHeading = nullptr;
    QLabel *m_contentsLabel = nullptr;
    QFrame *m_contents = nullptr;
    QList<QCheckBox *> m_contentBoxes; // in verl::allowedContents() order
    QLabel *m_levelLabel = nullptr;
    QComboBox *m_level = nullptr;
    QCheckBox *m_analysis = nullptr;
    QCheckBox *m_discrete = nullptr;
    QCheckBox *m_continuous = nullptr;
    QLabel *m_tokensLabel = nullptr;
    QLineEdit *m_tokenStart = nullptr;
    QLineEdit *m_tokenEnd = nullptr;
    FieldMessage *m_tokensMessage = nullptr;
    QLabel *m_savePathLabel = nullptr;
    QLineEdit *m_savePath = nullptr;
    QLabel *m_formatLabel = nullptr;
    QComboBox *m_format = nullptr;
    QLabel *m_importHeading = nullptr;
    QLabel *m_importHint = nullptr;
    TextBox *m_importText = nullptr;
    FieldMessage *m_importMessage = nullptr;
    QPushButton *m_import = nullptr;
    NotesList *m_importNotes = nullptr;

    // Generate: results
    QLabel *m_previewHeading = nullptr;
    QPlainTextEdit *m_preview = nullptr;
    QPushButton *m_copy = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_findingsHeading = nullptr;
    NotesList *m_findings = nullptr;
    QSplitter *m_splitter = nullptr;

    // Lint
    QLabel *m_scriptLabel = nullptr;
    TextBox *m_script = nullptr;
    FieldMessage *m_scriptMessage = nullptr;
    QPushButton *m_openScript = nullptr;
    QLabel *m_scriptFile = nullptr;
    QLabel *m_fromLabel = nullptr;
    QComboBox *m_lintFrom = nullptr; // the release the script was written for, or none (index 0)
    QPushButton *m_move = nullptr;
    QPushButton *m_lint = nullptr;
    QProgressBar *m_lintBusy = nullptr;
    QPushButton *m_lintCancel = nullptr;
    QLabel *m_lintSummary = nullptr;
    FindingsModel *m_lintModel = nullptr;
    QTableView *m_lintTable = nullptr;
    NotesList *m_lintNotes = nullptr; // what the move changes, and what was not checked
    QScrollArea *m_lintNotesScroll = nullptr;
    QLabel *m_correctionsHeading = nullptr;
    QPlainTextEdit *m_corrections = nullptr;
    QPushButton *m_copyCorrections = nullptr;
    QPushButton *m_toForm = nullptr;
    QSplitter *m_lintSplitter = nullptr;

    QTimer *m_formTimer = nullptr;
    QTimer *m_lintTimer = nullptr;
    bool m_loading = false;
    bool m_importFills = true;         // the running import fills the form (false: it only rewrites its notes)
    bool m_dirty = false;              // the user changed an input since the settings were saved
    ProfilerState m_state;             // what is entered and what was computed
    JobRunner *m_lintJobs = nullptr;   // the Launch command page's checks
    JobRunner *m_importJobs = nullptr; // reading a pasted command into the form
};

} // namespace vna::ui
