#include "windowtour.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLineEdit>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTest>
#include <QWizard>

#include "ckptsync/synctab.h"
#include "common/tooltab.h"
#include "shell/mainwindow.h"
#include "support/modelfiles.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;

namespace vna::test {

namespace {

constexpr int kBusyTimeoutMs = 60000;

bool waitIdle(QWidget *content)
{
    auto *toolTab = qobject_cast<ui::ToolTab *>(content);
    return !toolTab || QTest::qWaitFor([toolTab] { return !toolTab->isBusy(); }, kBusyTimeoutMs);
}

// Types into the field as a person does: click, select all, type.
void typeInto(QWidget *field, const QString &text)
{
    QTest::mouseClick(field, Qt::LeftButton, {}, QPoint(10, field->height() / 2));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Delete);
    QTest::keyClicks(QApplication::focusWidget(), text);
}

bool insideWizard(QWidget *widget)
{
    for (QWidget *w = widget->parentWidget(); w; w = w->parentWidget()) {
        if (qobject_cast<QWizard *>(w))
            return true;
    }
    return false;
}

} // namespace

WindowTour::WindowTour()
{
    m_valid = m_dir.isValid() && writeFile(m_dir.filePath(u"ckpt/global_step_3/actor/dist_ckpt/common.pt"_s), "c")
        && writeFile(m_dir.filePath(u"ckpt/global_step_3/actor/dist_ckpt/.metadata"_s), "m")
        && writeFile(m_dir.filePath(u"train.log"_s),
                     "(WorkerDict pid=4243, ip=10.0.0.2) [rank1]: EI0006: Getting socket times out. Reason: Remote "
                     "Rank did not send the data in time.\n2025-04-08 18:07:30,000 AssertionError: Weight "
                     "model.embed_tokens.weight(torch.Size([151936, 4096]), torch.float32) is too large to fit in "
                     "the bucket.\n[rank0]: E30005: Failed to connect the device.\n")
        // Nodes nobody answers for: port 1 on a loopback address refuses at once.
        && writeFile(m_dir.filePath(u"ssh_config"_s), "Host *\n  Port 1\n  ConnectTimeout 3\n");
}

bool WindowTour::showResult(ui::MainWindow &window, const QString &tab) const
{
    QWidget *content = window.tabContent(tab);
    if (!content)
        return false;
    if (tab == u"environment") {
        QTest::mouseClick(child<QAbstractButton>(content, "envRun"), Qt::LeftButton);
    } else if (tab == u"sync") {
        // Back to the first page, as a person goes back to start again.
        QWizard *wizard = qobject_cast<ui::SyncTab *>(content)->wizard();
        for (int i = 0; i < 8 && wizard->currentId() != ui::SyncTab::SourcePage; ++i)
            QTest::mouseClick(wizard->button(QWizard::BackButton), Qt::LeftButton);
        typeInto(child<QLineEdit>(content, "syncFolder"), m_dir.filePath(u"ckpt"_s));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    } else if (tab == u"bucket" || tab == u"profiler") {
        // Arrived from the log analyzer, so the "From the log analyzer: …" line shows too.
        logscan::ToolLink link;
        link.tool = tab;
        link.origin = u"train.log:2"_s;
        if (tab == u"bucket")
            link.params = {{u"error"_s,
                            u"AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
                            u"torch.float32) is too large to fit in the bucket."_s}};
        else
            link.params = {{u"command"_s,
                            u"python3 -m verl.trainer.main_ppo trainer.npu_profile.options.level=1 "
                            u"actor_rollout_ref.rollout.tensor_model_paralel_size=2 "
                            u"data.train_batch_szie=64 actor_rollout_ref.actor.entropy_coeff=0.001"_s}};
        window.openLink(link);
    } else if (tab == u"memory") {
        // Arrived from the log analyzer with the allocation the log failed on.
        logscan::ToolLink link;
        link.tool = tab;
        link.origin = u"train.log:2"_s;
        link.params = {{u"tried"_s, u"2.00 GiB"_s}, {u"total"_s, u"60.97 GiB"_s}, {u"allocated"_s, u"55.01 GiB"_s}};
        window.openLink(link);
    } else if (tab == u"logs") {
        if (!dropFiles(content, {m_dir.filePath(u"train.log"_s)}))
            return false;
        // And a line pasted, as from a chat: its findings are placed in "pasted text".
        auto *paste = content->findChild<QWidget *>(u"logsPaste"_s);
        QTest::mouseClick(paste, Qt::LeftButton, {}, QPoint(10, 10));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(QApplication::focusWidget(), u"RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB"_s);
        QTest::mouseClick(child<QAbstractButton>(content, "logsAnalyze"), Qt::LeftButton);
    }
    return waitIdle(content);
}

bool WindowTour::walkSyncWizard(ui::MainWindow &window, const std::function<void(const QString &stop)> &visit) const
{
    auto *tab = qobject_cast<ui::SyncTab *>(window.tabContent(u"sync"_s));
    QWizard *wizard = tab->wizard();
    QAbstractButton *next = wizard->button(QWizard::NextButton);
    if (!QTest::qWaitFor([next] { return next->isEnabled(); }))
        return false;
    QTest::mouseClick(next, Qt::LeftButton);
    if (wizard->currentId() != ui::SyncTab::NodesPage)
        return false;
    typeInto(child<QLineEdit>(tab, "syncNodes"), u"127.0.0.9,127.0.0.10"_s);
    typeInto(child<QLineEdit>(tab, "syncSshConfig"), m_dir.filePath(u"ssh_config"_s));
    QTest::mouseClick(child<QAbstractButton>(tab, "syncTest"), Qt::LeftButton);
    if (!waitIdle(tab))
        return false;
    visit(u"sync/nodes"_s);
    QTest::mouseClick(next, Qt::LeftButton);
    if (wizard->currentId() != ui::SyncTab::PreflightPage || !waitIdle(tab))
        return false;
    visit(u"sync/preflight"_s);
    if (next->isEnabled()) {
        QTest::mouseClick(next, Qt::LeftButton);
        if (!waitIdle(tab))
            return false;
        visit(u"sync/plan"_s);
    }
    return true;
}

bool WindowTour::visitEveryPage(ui::MainWindow &window,
                                const QString &tab,
                                const std::function<void(const QString &stop)> &visit) const
{
    if (!window.selectTab(tab) || !QTest::qWaitFor([&] { return window.tabContent(tab)->isVisible(); }))
        return false;
    if (!showResult(window, tab))
        return false;
    QTest::qWait(50); // word-wrapped labels take a second layout pass
    visit(tab);
    // Each page of a tab widget or a stack (they share the page API, not a base class), then back to
    // the one that was shown.
    const auto visitPages = [&](auto *pages) {
        const int shown = pages->currentIndex();
        for (int i = 0; i < pages->count(); ++i) {
            if (i == shown)
                continue;
            pages->setCurrentIndex(i);
            QTest::qWait(20);
            visit(u"%1/%2 %3"_s.arg(tab, pages->objectName()).arg(i));
        }
        pages->setCurrentIndex(shown);
    };
    QWidget *content = window.tabContent(tab);
    for (auto *pages : content->findChildren<QTabWidget *>())
        visitPages(pages);
    for (auto *stack : content->findChildren<QStackedWidget *>()) {
        if (!qobject_cast<QTabWidget *>(stack->parentWidget()) && !insideWizard(stack))
            visitPages(stack); // a tab widget's stack is visited above, the wizard's below
    }
    if (tab == u"sync")
        return walkSyncWizard(window, visit);
    return true;
}

bool WindowTour::visitEveryTab(ui::MainWindow &window, const std::function<void(const QString &stop)> &visit) const
{
    for (const QString &tab : ui::MainWindow::tabIds()) {
        if (!visitEveryPage(window, tab, visit)) {
            qWarning("the tour could not show %s", qPrintable(tab));
            return false;
        }
    }
    return true;
}

} // namespace vna::test
