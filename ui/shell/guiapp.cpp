#include "guiapp.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImageWriter>
#include <QPixmap>
#include <QSaveFile>
#include <QTextStream>

#include "common/exitcode.h"
#include "common/logging.h"
#include "common/tooltab.h"
#include "common/version.h"
#include "shell/mainwindow.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {
constexpr qint64 kScreenshotWaitMs = 20000;
}

Status saveScreenshot(QWidget &widget, const QString &file)
{
    const QImage image = widget.grab().toImage();
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly)) {
        return Error::runtime(
            QCoreApplication::translate("Screenshot", "Cannot write %1: %2").arg(file, out.errorString()), file);
    }
    QImageWriter writer(&out, "png");
    // zlib level 2 instead of 6: a quarter of the encoding time for files about a tenth larger.
    writer.setQuality(70);
    if (!writer.write(image)) {
        out.cancelWriting();
        return Error::runtime(QCoreApplication::translate("Screenshot", "Cannot encode the screenshot %1: %2")
                                  .arg(file, writer.errorString()),
                              file);
    }
    if (!out.commit()) {
        return Error::runtime(
            QCoreApplication::translate("Screenshot", "Cannot write %1: %2").arg(file, out.errorString()), file);
    }
    return Done{};
}

int runGui(const cli::GlobalOptions &options)
{
    QTextStream err(stderr);
    const QStringList ids = MainWindow::tabIds();
    if (!options.tab.isEmpty() && !ids.contains(options.tab.toLower())) {
        err << QString::fromUtf8(kAppName) << u": "_s
            << QCoreApplication::translate("Screenshot", "Unknown tab \"%1\" in --tab: expected one of %2.")
                   .arg(options.tab, ids.join(u", "))
            << u'\n';
        return toInt(ExitCode::Usage);
    }

    MainWindow window;
    if (!options.screenshotFile.isEmpty()) {
        window.setPersistent(false);
        window.resize(options.windowSize.value_or(cli::kDefaultWindowSize));
        window.selectTab(options.tab.isEmpty() ? u"home"_s : options.tab);
        window.show();
        // Let the tab finish what it reads in the background, then let the layout settle.
        QElapsedTimer waited;
        waited.start();
        auto *tool = qobject_cast<ToolTab *>(window.tabContent(window.currentTabId()));
        while (tool && tool->isBusy() && waited.elapsed() < kScreenshotWaitMs)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents();
        const Status saved = saveScreenshot(window, options.screenshotFile);
        if (!saved) {
            err << QString::fromUtf8(kAppName) << u": "_s << saved.error().message << u'\n';
            return toInt(ExitCode::Runtime);
        }
        log::ui()->info("screenshot of the {} tab written to {}", window.currentTabId(), options.screenshotFile);
        return toInt(ExitCode::Ok);
    }

    window.restoreFromSettings();
    if (!options.tab.isEmpty())
        window.selectTab(options.tab);
    if (options.windowSize)
        window.resize(*options.windowSize);
    window.show();
    return QApplication::exec();
}

} // namespace vna::ui
