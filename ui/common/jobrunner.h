// The one way a tab runs slow work: off the GUI thread, one job at a time per runner, a busy row
// (progress and Cancel) that appears after 200 ms, and a status-bar message that is set when the
// job starts and cleared or replaced however it ends (done, failed, cancelled, replaced).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <utility>

#include <QFuture>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QAbstractButton;
class QProgressBar;
class QTimer;

namespace vna::ui {

class Session;

// What the work sees: whether to stop, and where to report how far it is (read on the GUI thread).
struct JobControl
{
    std::atomic_bool cancelled{false};
    std::atomic<qint64> done{0};
    std::atomic<qint64> total{0}; // 0: unknown (the progress bar just says busy)
};

class JobRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobRunner)

public:
    static constexpr int kBusyAfterMs = 200;

    // What Cancel does with the job's result: drop it at once, or wait for what the job had done
    // by then (partial results a tab still shows, e.g. the nodes checked before the cancel).
    enum class OnCancel { Drop, Deliver };

    // What a job that ran while the user switched language does: its texts, translated on the
    // worker, are in the old language. Rerun: run it again (a pure computation: a lint, an
    // estimate); Deliver: deliver it, and the tab re-renders it (the job has effects: SSH, a sync),
    // asking ranInAnotherLanguage().
    enum class OnLanguageChange { Rerun, Deliver };

    JobRunner(Session &session, QObject *parent, OnLanguageChange onLanguageChange = OnLanguageChange::Rerun);
    // Cancels the job and waits for every worker still running, so none outlives the tab.
    ~JobRunner() override;

    // The busy row: shown kBusyAfterMs after a start and hidden at the end; `cancel` cancels.
    void setBusyRow(QProgressBar *progress, QAbstractButton *cancel);

    // Runs `work` on a worker thread, then `finish` with its result on the GUI thread — unless the
    // job was cancelled or replaced by a newer start() meanwhile. `status` (may be empty) stays in
    // the status bar while the job runs.
    template <typename T>
    void start(const QString &status,
               std::function<T(JobControl &)> work,
               std::function<void(T)> finish,
               OnCancel onCancel = OnCancel::Drop)
    {
        startErased(status, onCancel, [work = std::move(work), finish = std::move(finish)](JobControl &control) {
            auto result = std::make_shared<T>(work(control));
            return std::function<void()>([finish, result] { finish(std::move(*result)); });
        });
    }

    // Stops the running job: its result is dropped and the status bar says "Cancelled."
    void cancel();
    // Stops the running job without a word: what it worked on is gone (the text was cleared).
    void abandon();
    bool isRunning() const { return m_running; }
    // Whether the job whose result is being delivered (or the last one) was cancelled.
    bool wasCancelled() const { return m_control && m_control->cancelled; }
    // Whether the language changed while the job being delivered ran (OnLanguageChange::Deliver).
    bool ranInAnotherLanguage() const;

Q_SIGNALS:
    // After start() (true) and after the job's end has been handled (false).
    void runningChanged(bool running);
    // The job has run for kBusyAfterMs: the busy row is showing now.
    void busyShown();

private:
    using Delivery = std::function<void()>;
    using Work = std::function<Delivery(JobControl &)>;
    void startErased(const QString &status, OnCancel onCancel, Work work);
    void runWorker(); // m_work on a worker thread, for the current m_control and m_generation
    void finished(quint64 generation, const Delivery &deliver);
    void end();
    void stop(bool say);
    void showProgress();

    Session &m_session;
    QPointer<QProgressBar> m_progress;
    QPointer<QAbstractButton> m_cancel;
    QTimer *m_busyTimer = nullptr;
    QTimer *m_progressTimer = nullptr;
    std::shared_ptr<JobControl> m_control;
    QList<QFuture<void>> m_workers; // every worker not known to be done
    QString m_status;
    quint64 m_generation = 0;
    Work m_work;                   // the running job's, to run it again in a new language
    quint64 m_languageAtStart = 0; // i18n::generation() when the worker started
    OnCancel m_onCancel = OnCancel::Drop;
    OnLanguageChange m_onLanguageChange;
    bool m_running = false;
};

} // namespace vna::ui
