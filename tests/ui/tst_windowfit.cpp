// The main window on a laptop screen: the first window and a remembered one fit the screen they
// open on, frame and all. Runs once per screen set (tests/ui/screens/laptop-*.json): a laptop
// screen as the primary one, and a large monitor to its right.
#include <QApplication>
#include <QFile>
#include <QScreen>
#include <QTest>

#include "cli/globaloptions.h"
#include "common/i18n.h"
#include "common/paths.h"
#include "common/settings.h"
#include "common/settingskeys.h"
#include "shell/mainwindow.h"

using namespace Qt::StringLiterals;
using vna::ui::MainWindow;

namespace {

// Where a window stood when the user closed it: written the way the window writes it.
QByteArray savedGeometry(const QRect &geometry)
{
    MainWindow window;
    window.setPersistent(false);
    window.setGeometry(geometry);
    return window.saveGeometry();
}

// The screen whose free area holds the whole window, or nullptr.
QScreen *screenHolding(const QRect &frame)
{
    for (QScreen *screen : QGuiApplication::screens()) {
        if (screen->availableGeometry().contains(frame))
            return screen;
    }
    return nullptr;
}

} // namespace

class TestWindowFit final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void windowIsWhollyOnScreen_data();
    void windowIsWhollyOnScreen();

private:
    QRect m_laptop;
    QRect m_monitor;
};

void TestWindowFit::initTestCase()
{
    const QList<QScreen *> screens = QGuiApplication::screens();
    QCOMPARE(screens.size(), 2); // QT_QPA_PLATFORM=offscreen:configfile=… as CTest sets it
    m_laptop = screens.at(0)->availableGeometry();
    m_monitor = screens.at(1)->availableGeometry();
    QVERIFY2(m_laptop.width() < vna::cli::kDefaultWindowSize.width()
                 || m_laptop.height() < vna::cli::kDefaultWindowSize.height(),
             "the laptop screen must be smaller than the first window, or this test proves nothing");
    qInfo("laptop %dx%d, monitor %dx%d", m_laptop.width(), m_laptop.height(), m_monitor.width(), m_monitor.height());
}

void TestWindowFit::init()
{
    QFile::remove(vna::paths::settingsFile());
    vna::i18n::install(u"en"_s);
}

void TestWindowFit::windowIsWhollyOnScreen_data()
{
    // Rectangles in the coordinates of the whole desktop; an empty one: nothing remembered; at
    // (-1,-1): on the monitor.
    QTest::addColumn<QRect>("remembered");
    QTest::addColumn<bool>("kept"); // the remembered place and size come back as they were
    QTest::addColumn<QString>("screen");

    QTest::newRow("first start") << QRect() << false << u"laptop"_s;
    QTest::newRow("remembered, fits the laptop") << QRect(40, 40, 900, 560) << true << u"laptop"_s;
    QTest::newRow("remembered, taller and wider than the laptop") << QRect(10, 30, 1500, 1000) << false << u"laptop"_s;
    QTest::newRow("remembered, bottom right corner past the laptop's edge")
        << QRect(600, 400, 800, 600) << false << u"laptop"_s;
    QTest::newRow("remembered on the monitor") << QRect(-1, -1, 1600, 900) << true << u"monitor"_s;
    QTest::newRow("remembered where no screen is (a monitor since unplugged)")
        << QRect(9000, 5000, 1280, 800) << false << QString();
}

void TestWindowFit::windowIsWhollyOnScreen()
{
    QFETCH(QRect, remembered);
    QFETCH(bool, kept);
    QFETCH(QString, screen);
    if (remembered.topLeft() == QPoint(-1, -1))
        remembered.moveTopLeft(m_monitor.topLeft() + QPoint(100, 60));
    if (remembered.isValid())
        vna::Settings().setValue(vna::keys::windowGeometry, savedGeometry(remembered));

    MainWindow window; // as runGui opens it
    window.restoreFromSettings();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    const QRect frame = window.frameGeometry();
    QScreen *holding = screenHolding(frame);
    QVERIFY2(holding,
             qPrintable(u"the window %1x%2 at %3,%4 is not wholly on any screen"_s.arg(frame.width())
                            .arg(frame.height())
                            .arg(frame.x())
                            .arg(frame.y())));
    if (!screen.isEmpty())
        QCOMPARE(holding->name(), screen);
    if (kept)
        QCOMPARE(window.geometry(), remembered);
    // The window is no smaller than it needs to be: as large as was asked, or as the screen allows.
    const QRect room = holding->availableGeometry();
    const QSize asked = remembered.isValid() ? remembered.size() : vna::cli::kDefaultWindowSize;
    QVERIFY2(window.width() >= std::min(asked.width(), room.width() - 50)
                 && window.height() >= std::min(asked.height(), room.height() - 50),
             qPrintable(u"%1x%2 on a %3x%4 screen"_s.arg(window.width())
                            .arg(window.height())
                            .arg(room.width())
                            .arg(room.height())));
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestWindowFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowfit.moc"
