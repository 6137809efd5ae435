// The Checkpoint sync wizard's last steps: the copy itself with its meter, the summary, and
// watching for new steps to sync.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
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
#include <QTableWidget>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QWizard>
#include <QWizardPage>
#include <numeric>

#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "ssh/nodeset.h"
#include "syncpage.h"
#include "synctab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

void SyncTab::startSync(const QStringList &onlyNodes)
{
    const auto options = baseOptions();
    if (!options)
        return;
    m_state.syncDone = false;
    QList<ckptsync::PlanItem> plan;
    for (const ckptsync::PlanItem &p : std::as_const(m_state.plan))
        if (onlyNodes.isEmpty() || onlyNodes.contains(p.node))
            plan.append(p);
    QStringList nodes;
    for (const ckptsync::PlanItem &p : std::as_const(plan))
        if (!nodes.contains(p.node))
            nodes.append(p.node);
    ckptsync::Options opts = *options;
    opts.nodes = nodes;
    if (onlyNodes.isEmpty()) {
        m_runTable->setRowCount(0);
        for (const QString &node : std::as_const(nodes)) {
            const int row = m_runTable->rowCount();
            m_runTable->insertRow(row);
            m_runTable->setItem(row, 0, resultCell(node));
            m_runTable->setItem(row, 1, resultCell(tr("waiting")));
        }
        m_log->clear();
    }
    // By bytes, for every node together.
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_overall->clear();
    m_meter.clear();
    const auto bytes = ckptsync::bytesPerNode(plan);
    for (const QString &node : std::as_const(nodes))
        m_meter.insert(node, {0, bytes.value(node)});
    m_runClock.start();
    m_cancel->setEnabled(true);
    m_retry->setEnabled(false);
    log(onlyNodes.isEmpty() ? tr("Copying to %n node(s).", nullptr, static_cast<int>(nodes.size()))
                            : tr("Retrying %1.").arg(onlyNodes.join(u", "_s)));
    const ckptsync::SourceData files = m_state.source;
    opts.runBy = ckptsync::defaultRunBy();
    QPointer<SyncTab> self(this);
    const ckptsync::Progress progress = [self](const QString &node, const QString &message, bool) {
        QMetaObject::invokeMethod(
            self,
            [self, node, message] {
                if (!self)
                    return;
                for (int row = 0; row < self->m_runTable->rowCount(); ++row)
                    if (self->m_runTable->item(row, 0)->text() == node)
                        self->m_runTable->item(row, 1)->setText(message);
                self->log(node + u": "_s + message);
            },
            Qt::QueuedConnection);
    };
    opts.meter = [self](const QString &node, qint64 sent, qint64 total, double rate) {
        QMetaObject::invokeMethod(
            self, [self, node, sent, total, rate] { self ? self->showMeter(node, sent, total, rate) : void(); },
            Qt::QueuedConnection);
    };
    using Outcome = std::pair<QList<ckptsync::PlanItem>, QList<ckptsync::NodeResult>>;
    const bool retry = !onlyNodes.isEmpty();
    const bool interrupted = std::any_of(m_state.states.cbegin(), m_state.states.cend(),
                                         [](const ckptsync::NodeState &s) { return s.journal; });
    runJob<Outcome>(
        QString(),
        [opts, plan, files, progress, retry, interrupted](const std::atomic_bool *cancel) {
            // A retry checks the failed nodes again: one that was down at preflight has no plan yet.
            // Switches an earlier sync left half done are completed first, and the plan made again.
            QList<ckptsync::PlanItem> todo = plan;
            if (interrupted)
                ckptsync::completeInterrupted(opts, ckptsync::preflight(opts, files, cancel));
            if (retry || interrupted)
                todo = ckptsync::routedPlan(opts, files, ckptsync::preflight(opts, files, cancel));
            auto results = ckptsync::execute(opts, todo, files, cancel, progress);
            (void)ckptsync::writeAudit(opts, todo, results);
            return Outcome{todo, results};
        },
        [this, onlyNodes](const Outcome &outcome) {
            const QList<ckptsync::NodeResult> &results = outcome.second;
            if (onlyNodes.isEmpty()) {
                m_state.results = results;
            } else {
                QList<ckptsync::PlanItem> merged;
                for (const ckptsync::PlanItem &p : std::as_const(m_state.plan))
                    if (!onlyNodes.contains(p.node))
                        merged.append(p);
                m_state.plan = merged + outcome.first;
                for (const ckptsync::NodeResult &r : results)
                    for (ckptsync::NodeResult &old : m_state.results)
                        if (old.node == r.node)
                            old = r;
            }
            int failed = 0;
            for (const ckptsync::NodeResult &r : std::as_const(m_state.results)) {
                failed += r.status == ckptsync::NodeResult::Status::Failed;
                for (int row = 0; row < m_runTable->rowCount(); ++row)
                    if (m_runTable->item(row, 0)->text() == r.node) {
                        m_runTable->item(row, 1)->setText(r.status == ckptsync::NodeResult::Status::Failed
                                                              ? tr("failed: %1").arg(r.error)
                                                              : ckptsync::statusId(r.status));
                        m_runTable->item(row, 1)->setIcon(
                            icon(r.status == ckptsync::NodeResult::Status::Failed ? Verdict::Fail : Verdict::Pass));
                    }
            }
            m_progress->setValue(m_progress->maximum());
            m_overall->setText(
                tr("%1 MiB sent in %2 s.")
                    .arg(static_cast<double>(std::accumulate(
                             m_state.results.cbegin(), m_state.results.cend(), qint64(0),
                             [](qint64 sum, const ckptsync::NodeResult &r) { return sum + r.bytesWritten(); }))
                             / (1 << 20),
                         0, 'f', 1)
                    .arg(static_cast<double>(m_runClock.elapsed()) / 1000.0, 0, 'f', 1));
            m_cancel->setEnabled(false);
            m_retry->setEnabled(failed > 0);
            m_state.syncDone = true;
            log(tr("Done: %n node(s) failed.", nullptr, failed));
            session().showStatus(tr("Checkpoint sync done: %n node(s) failed.", nullptr, failed));
            page(m_wizard, RunPage)->refresh();
        });
}

void SyncTab::showMeter(const QString &node, qint64 sent, qint64 total, double rate)
{
    for (int row = 0; row < m_runTable->rowCount(); ++row)
        if (m_runTable->item(row, 0)->text() == node)
            m_runTable->item(row, 1)->setText(ckptsync::progressText(sent, total, rate));
    // A node's total counts what it still needed; a resumed file's first bytes are not sent again.
    m_meter.insert(node, {sent, total});
    qint64 allSent = 0, allTotal = 0;
    for (const auto &[nodeSent, nodeTotal] : std::as_const(m_meter)) {
        allSent += nodeSent;
        allTotal += nodeTotal;
    }
    if (allTotal <= 0)
        return;
    m_progress->setValue(static_cast<int>(allSent * 1000 / allTotal));
    const double seconds = std::max<double>(static_cast<double>(m_runClock.elapsed()), 1.0) / 1000.0;
    const double allRate = static_cast<double>(allSent) / seconds;
    m_overall->setText(tr("Every node: %1").arg(ckptsync::progressText(allSent, allTotal, allRate)));
}

void SyncTab::showSummary()
{
    int ok = 0, failed = 0, skipped = 0, files = 0;
    for (const ckptsync::NodeResult &r : std::as_const(m_state.results)) {
        ok += r.status == ckptsync::NodeResult::Status::Ok;
        failed += r.status == ckptsync::NodeResult::Status::Failed;
        skipped += r.status == ckptsync::NodeResult::Status::Skipped;
        files += r.written();
    }
    QString text = tr("%1 node(s) ok, %2 failed, %3 skipped; %4 file(s) written and checked.\nAudit log: %5")
                       .arg(ok)
                       .arg(failed)
                       .arg(skipped)
                       .arg(files)
                       .arg(QDir::toNativeSeparators(ckptsync::auditFile()));
    if (const auto options = baseOptions(); options)
        text += u'\n'
            + (options->ssh.configFile.isEmpty() ? tr("ssh configuration: ~/.ssh/config")
                                                 : tr("ssh configuration: %1").arg(options->ssh.configFile));
    m_summary->setText(text);
}

void SyncTab::toggleWatch(bool on)
{
    m_watcher = {};
    if (on) {
        log(tr("Watching for new steps."));
        m_watchTimer->start();
        watchTick();
    } else {
        m_watchTimer->stop();
    }
}

void SyncTab::watchTick()
{
    const auto options = baseOptions();
    if (!options || isBusy())
        return;
    ckptsync::Options opts = *options;
    opts.runBy = ckptsync::defaultRunBy();
    // The job works on a copy of the watcher and hands it back: nothing is shared across threads.
    struct Outcome
    {
        bool ok = false;
        ckptsync::Watcher watcher;
        QList<std::pair<int, QStringList>> synced; // step, nodes that failed
    };
    runJob<Outcome>(
        QString(),
        [opts, watcher = m_watcher](const std::atomic_bool *cancel) mutable {
            const auto now = ckptsync::discoverSource(opts.source, opts.ssh, cancel);
            if (!now)
                return Outcome{};
            Outcome outcome;
            outcome.ok = true;
            for (const ckptsync::Watcher::Round &round : watcher.poll(*now)) {
                ckptsync::Options run = opts;
                run.selection.steps = ckptsync::Selection::Steps::One;
                run.selection.step = round.step;
                if (!round.nodes.isEmpty())
                    run.nodes = round.nodes;
                const auto files = ckptsync::filesToSync(*now, run.selection);
                if (!files)
                    continue;
                const auto source = ckptsync::readSource(run.source, *files, run.ssh, cancel);
                if (!source)
                    continue;
                const auto plan = ckptsync::routedPlan(run, *source, ckptsync::preflight(run, *source, cancel));
                const auto results = ckptsync::execute(run, plan, *source, cancel);
                (void)ckptsync::writeAudit(run, plan, results);
                QStringList failed;
                for (const ckptsync::NodeResult &r : results)
                    if (r.status == ckptsync::NodeResult::Status::Failed)
                        failed.append(r.node);
                watcher.done(round, failed);
                outcome.synced.append({round.step, failed});
            }
            outcome.watcher = watcher;
            return outcome;
        },
        [this](const Outcome &outcome) {
            if (!outcome.ok)
                return;
            m_watcher = outcome.watcher;
            for (const auto &[step, failed] : outcome.synced)
                log(failed.isEmpty() ? tr("global_step_%1 was complete and has been synced.").arg(step)
                                     : tr("global_step_%1: %2 failed; tried again at the next poll.")
                                           .arg(step)
                                           .arg(failed.join(u", "_s)));
        });
}

} // namespace vna::ui
