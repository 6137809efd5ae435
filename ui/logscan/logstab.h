// The Logs tab: drop training logs (or paste lines), see every known failure grouped by root cause,
// read the cause and fix, and open the tool that fixes it. Also browses the knowledge base and tries
// new patterns against a log.
#pragma once

#include <atomic>
#include <memory>
#include <optional>

#include "common/result.h"
#include "common/tooltab.h"
#include "logscan/logsstate.h"
#include "logscan/scanner.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTextBrowser;
class QTimer;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace vna::ui {

class FieldMessage;
class FindingView;
class JobRunner;
class TextBox;
class NotesList;

class LogsTab final : public ToolTab
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogsTab)

public:
    enum class Page { Findings, KnowledgeBase, Pattern };

    explicit LogsTab(Session &session, QWidget *parent = nullptr);
    ~LogsTab() override;

    bool isBusy() const override;
    // Adds files to analyse; anything that is not a readable regular file is refused with a message.
    void addFiles(const QStringList &paths);

protected:
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // What a finished background scan was for.
    enum class Job { Analysis, Pattern };
    static constexpr int kFindingRole = Qt::UserRole;       // a finding's index, on its tree item
    static constexpr int kEntryRole = Qt::UserRole + 1;     // an entry's index, on its tree item
    static constexpr int kErrorLineRole = Qt::UserRole + 2; // an error line's index, on its tree item
    static constexpr qsizetype kMaxLocatedItems = 200;      // located lines listed in the tree
    static constexpr qsizetype kLiveSampleBytes = 1 << 20;  // larger samples are tried with the Test button

    struct Knowledge
    {
        logscan::KnowledgeBase kb;
        std::optional<logscan::Matcher> matcher;
        QString error; // the matcher could not be built
    };

    QWidget *buildInputs();
    QWidget *buildFindingsPage();
    QWidget *buildKnowledgePage();
    QWidget *buildPatternPage();
    void retranslate();
    void loadSettings();
    void saveSettings();

    void loadKnowledge();
    void showKnowledge();
    QList<logscan::LogInput> inputs(); // with the pasted text as it is now
    void updateButtons();
    void browse();
    void fillRecentMenu();

    void analyze();
    // Logs → From the cluster: collects in a dialog, then shows the findings here.
    void collectFromCluster();
    void startScan(Job job,
                   const QList<logscan::LogInput> &inputs,
                   const QList<logscan::Entry> &entries,
                   const logscan::Matcher &matcher);
    void scanFinished(const Result<logscan::Analysis> &result);
    void cancel();

    void showAnalysis();
    // The finding selected in the tree, or null.
    const logscan::Finding *currentFinding() const;
    void showFinding();
    // What the window knows the user runs, for known upstream bugs and suspect fixes.
    QList<logscan::InstalledVersion> installedVersions() const;
    // What the located lines of the analysis were worded for (language and releases): another means
    // locating them again.
    QString locatedFor() const;
    void copyFinding();
    void copyReport();
    void saveReport();

    void filterKnowledge();
    void showEntry();

    void validatePattern();
    void testPattern();
    void showPatternResult(const logscan::Analysis &analysis);

    // inputs
    QLabel *m_description = nullptr;
    QLabel *m_filesLabel = nullptr;
    QListWidget *m_files = nullptr;
    FieldMessage *m_filesMessage = nullptr;
    QPushButton *m_add = nullptr;
    QToolButton *m_recent = nullptr;
    QMenu *m_recentMenu = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_clear = nullptr;
    QPushButton *m_cluster = nullptr;
    QLabel *m_pasteLabel = nullptr;
    TextBox *m_paste = nullptr;
    FieldMessage *m_pasteMessage = nullptr;
    QPushButton *m_analyze = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;

    QTabWidget *m_pages = nullptr;

    // findings
    QLabel *m_summary = nullptr;
    QPlainTextEdit *m_clusterSummary = nullptr;          // where it began or where it stopped, after a collection
    QList<logscan::InstalledVersion> m_clusterInstalled; // the versions the collected nodes run
    QPushButton *m_readAll = nullptr;                    // shown when a gzip file stopped at the inflate limit
    QTreeWidget *m_findings = nullptr;
    QString m_locatedFor;
    FindingView *m_findingView = nullptr; // the selected finding in full
    QWidget *m_detailArea = nullptr;      // m_findingView in its scroll area
    QPushButton *m_copyReport = nullptr;
    QPushButton *m_saveReport = nullptr;
    QSplitter *m_detailSplitter = nullptr;

    // knowledge base
    QLineEdit *m_kbSearch = nullptr;
    QComboBox *m_kbCategory = nullptr;
    QTreeWidget *m_kbList = nullptr;
    QTextBrowser *m_kbEntry = nullptr;
    NotesList *m_kbProblems = nullptr;
    QPushButton *m_kbReload = nullptr;
    QPushButton *m_kbFolder = nullptr;
    QLabel *m_kbCount = nullptr;

    // pattern
    QLabel *m_patternLabel = nullptr;
    QLineEdit *m_pattern = nullptr;
    FieldMessage *m_patternMessage = nullptr;
    QLabel *m_sampleLabel = nullptr;
    TextBox *m_sample = nullptr;
    FieldMessage *m_sampleMessage = nullptr;
    QPushButton *m_testPattern = nullptr;
    QPlainTextEdit *m_patternResult = nullptr;

    QSplitter *m_splitter = nullptr;
    QTimer *m_patternTimer = nullptr;

    std::shared_ptr<const Knowledge> m_knowledge;
    LogsState m_state;                   // the logs to read, what is remembered, the analysis
    QList<logscan::Entry> m_scanEntries; // those of the scan running now
    JobRunner *m_jobs = nullptr;
    Job m_job = Job::Analysis;
    bool m_noInflateLimit = false; // set while "Read all of it" starts its analysis
    bool m_loading = false;
};

} // namespace vna::ui
