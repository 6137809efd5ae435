#include "jobrunner.h"

#include <limits>

#include <QAbstractButton>
#include <QProgressBar>
#include <QTimer>
#include <QtConcurrent>

#include "common/i18n.h"
#include "common/session.h"

namespace vna::ui {

namespace {
constexpr int kProgressEveryMs = 100;
} // namespace

JobRunner::JobRunner(Session &session, QObject *parent, OnLanguageChange onLanguageChange)
    : QObject{parent}
    , m_session{session}
    , m_onLanguageChange{onLanguageChange}
{
    m_busyTimer = new QTimer(this);
    m_busyTimer->setSingleShot(true);
    m_busyTimer->setInterval(kBusyAfterMs);
    connect(m_busyTimer, &QTimer::timeout, this, [this] {
        if (m_progress)
            m_progress->show();
        if (m_cancel)
            m_cancel->show();
        showProgress();
        m_progressTimer->start();
        Q_EMIT busyShown();
    });
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(kProgressEveryMs);
    connect(m_progressTimer, &QTimer::timeout, this, &JobRunner::showProgress);
}

JobRunner::~JobRunner()
{
    if (m_control)
        m_control->cancelled = true;
    for (QFuture<void> &worker : m_workers)
        worker.waitForFinished();
    m_session.clearStatus(m_status);
}

void JobRunner::setBusyRow(QProgressBar *progress, QAbstractButton *cancel)
{
    m_progress = progress;
    m_cancel = cancel;
    if (m_progress)
        m_progress->setVisible(m_running && !m_busyTimer->isActive());
    if (m_cancel) {
        m_cancel->setVisible(m_running && !m_busyTimer->isActive());
        connect(m_cancel, &QAbstractButton::clicked, this, &JobRunner::cancel);
    }
}

void JobRunner::startErased(const QString &status, OnCancel onCancel, Work work)
{
    m_onCancel = onCancel;
    if (m_control)
        m_control->cancelled = true; // the replaced job stops early; its result is dropped
    m_control = std::make_shared<JobControl>();
    ++m_generation;
    m_session.clearStatus(m_status);
    m_status = status;
    if (!status.isEmpty())
        m_session.showStatus(status, 0);
    const bool wasRunning = m_running;
    m_running = true;
    if (!wasRunning)
        m_busyTimer->start();

    m_work = std::move(work);
    runWorker();
    if (!wasRunning)
        Q_EMIT runningChanged(true);
}

void JobRunner::runWorker()
{
    // The worker hands its delivery to the GUI thread; `this` is only touched there, and the
    // destructor waits for every worker, so the queued call never meets a dead runner.
    m_languageAtStart = i18n::generation();
    m_workers.removeIf([](const QFuture<void> &worker) { return worker.isFinished(); });
    m_workers << QtConcurrent::run([this, control = m_control, generation = m_generation, work = m_work] {
        Delivery deliver = work(*control);
        QMetaObject::invokeMethod(
            this, [this, generation, deliver = std::move(deliver)] { finished(generation, deliver); },
            Qt::QueuedConnection);
    });
}

bool JobRunner::ranInAnotherLanguage() const
{
    return m_languageAtStart != i18n::generation();
}

void JobRunner::finished(quint64 generation, const Delivery &deliver)
{
    if (generation != m_generation || !m_running)
        return; // replaced, or cancelled and dropped: the newer job or cancel() speaks for it
    if (m_onLanguageChange == OnLanguageChange::Rerun && ranInAnotherLanguage() && !m_control->cancelled) {
        // Still running, as far as the tab and the busy row know: the same job, in the new language.
        m_control = std::make_shared<JobControl>();
        ++m_generation;
        runWorker();
        return;
    }
    end();
    deliver(); // may put its own message ("3 findings", an error, "Cancelled") in the status bar
    Q_EMIT runningChanged(false);
}

void JobRunner::cancel()
{
    stop(true);
}

void JobRunner::abandon()
{
    stop(false);
}

void JobRunner::stop(bool say)
{
    if (!m_running)
        return;
    m_control->cancelled = true;
    if (say && m_onCancel == OnCancel::Deliver) {
        if (m_cancel)
            m_cancel->setEnabled(false); // the job stops at its next check and reports what it has
        // What it started may take seconds to end (a sync's nodes keep what arrived and release their
        // locks): say so instead of seeming to ignore the click.
        m_session.clearStatus(m_status);
        m_status = tr("Cancelling: what is under way ends first…");
        m_session.showStatus(m_status, 0);
        return;
    }
    ++m_generation; // the worker's result, when it comes, is nobody's
    end();
    if (say)
        m_session.showStatus(tr("Cancelled."));
    Q_EMIT runningChanged(false);
}

void JobRunner::end()
{
    m_running = false;
    m_busyTimer->stop();
    m_progressTimer->stop();
    if (m_progress)
        m_progress->hide();
    if (m_cancel) {
        m_cancel->hide();
        m_cancel->setEnabled(true);
    }
    m_session.clearStatus(m_status);
    m_status.clear();
}

void JobRunner::showProgress()
{
    if (!m_progress || !m_control)
        return;
    const qint64 total = m_control->total;
    if (total <= 0) {
        m_progress->setRange(0, 0);
        return;
    }
    const qint64 done = std::min<qint64>(m_control->done, total);
    if (total <= std::numeric_limits<int>::max()) { // counts the tab names: "3 of 16"
        m_progress->setRange(0, static_cast<int>(total));
        m_progress->setValue(static_cast<int>(done));
        return;
    }
    // QProgressBar counts in int: per mille of a larger total (bytes of a log).
    m_progress->setRange(0, 1000);
    m_progress->setValue(static_cast<int>(done / (total / 1000)));
}

} // namespace vna::ui
