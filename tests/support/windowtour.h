// A tour of the main window as a person takes it: every tab with a real result on it, then every
// page of that tab in turn. The window-wide tests (tst_everytab, tst_wholewindow) check what each
// stop of the tour shows.
#pragma once

#include <functional>

#include <QString>
#include <QTemporaryDir>

namespace vna::ui {
class MainWindow;
}

namespace vna::test {

class WindowTour
{
public:
    // Writes the inputs the results are made from (a checkpoint, a training log) into a folder of
    // its own; valid() is false when that failed.
    WindowTour();
    bool valid() const { return m_valid; }

    // Fills `tab` with a real result, as a person does (a run, a scan, a drop, a link from the log
    // analyzer), and waits until the tab is no longer busy. False when the tab could not be filled.
    bool showResult(ui::MainWindow &window, const QString &tab) const;

    // Selects `tab`, shows its result, then visits every page of it: each page of its tab widgets
    // and stacks, and the checkpoint sync wizard's pages up to the plan (its nodes unreachable, so no
    // copy starts). `visit` is called once per stop with a name like "sync/preflight".
    bool visitEveryPage(ui::MainWindow &window,
                        const QString &tab,
                        const std::function<void(const QString &stop)> &visit) const;

    // Every tab in turn, as visitEveryPage.
    bool visitEveryTab(ui::MainWindow &window, const std::function<void(const QString &stop)> &visit) const;

    QString path(const QString &name) const { return m_dir.filePath(name); }

private:
    bool walkSyncWizard(ui::MainWindow &window, const std::function<void(const QString &stop)> &visit) const;
    QTemporaryDir m_dir;
    bool m_valid = false;
};

} // namespace vna::test
