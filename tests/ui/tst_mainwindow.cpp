// The main window driven as a user drives it: menus, shortcuts, the Home tab, remembered state.
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTimer>

#include "common/i18n.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/version.h"
#include "common/widgets.h"
#include "shell/aboutdialog.h"
#include "shell/lazytab.h"
#include "shell/mainwindow.h"
#include "toolregistry.h"

using namespace Qt::StringLiterals;
using vna::ui::MainWindow;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void languageSwitchesAtRunTime();
    void tabShortcuts_data();
    void tabShortcuts();
    void homeOpensEachTool_data();
    void homeOpensEachTool();
    void toolTabsAreBuiltOnFirstUse_data();
    void toolTabsAreBuiltOnFirstUse();
    void geometryAndTabAreRemembered();
    void screenshotWindowLeavesSettingsAlone();
    void logPanelToggles();
    void openPathSaysWhenItCannot();
    void oneVerlVersionForEveryTool_data();
    void oneVerlVersionForEveryTool();
    void aboutShowsVersionQtAndLogFile();

private:
    static void chooseFromMenu(QMainWindow &window, const QString &menuName, const QString &actionName);
};

void TestMainWindow::init()
{
    QFile::remove(vna::paths::settingsFile());
    vna::i18n::install(u"en"_s);
}

void TestMainWindow::cleanup()
{
    vna::i18n::install(u"en"_s);
}

void TestMainWindow::chooseFromMenu(QMainWindow &window, const QString &menuName, const QString &actionName)
{
    auto *menu = window.findChild<QMenu *>(menuName);
    auto *action = window.findChild<QAction *>(actionName);
    QVERIFY(menu && action);
    QMenuBar *bar = window.menuBar();
    const QPoint at = bar->actionGeometry(menu->menuAction()).center();
    QTest::mouseMove(bar, at);
    QTest::mouseClick(bar, Qt::LeftButton, {}, at);
    QTRY_VERIFY(menu->isVisible());
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
    QTRY_VERIFY(!menu->isVisible());
}

void TestMainWindow::languageSwitchesAtRunTime()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *tabs = window.findChild<QTabWidget *>(u"tabs"_s);
    auto *heading = window.findChild<QLabel *>(u"homeHeading"_s);
    auto *fileMenu = window.findChild<QMenu *>(u"fileMenu"_s);
    QVERIFY(tabs && heading && fileMenu);

    QCOMPARE(window.windowTitle(), u"verl NPU Assistant"_s);
    QCOMPARE(tabs->tabText(0), u"Home"_s);
    QCOMPARE(fileMenu->title(), u"&File"_s);

    chooseFromMenu(window, u"languageMenu"_s, u"languageAction_zh_CN"_s);
    QCOMPARE(vna::i18n::current(), u"zh_CN"_s);
    // Qt posts LanguageChange to the windows; it arrives with the next event loop pass.
    QTRY_COMPARE(window.windowTitle(), u"verl NPU 助手"_s);
    QCOMPARE(tabs->tabText(0), u"首页"_s);
    QCOMPARE(heading->text(), u"verl NPU 助手"_s);
    QCOMPARE(fileMenu->title(), u"文件(&F)"_s);
    QCOMPARE(window.findChild<QAction *>(u"languageAction_zh_CN"_s)->isChecked(), true);
    QCOMPARE(window.findChild<QAction *>(u"languageAction_en"_s)->isChecked(), false);
    QCOMPARE(vna::Settings().value(vna::keys::language), u"zh_CN"_s);

    chooseFromMenu(window, u"languageMenu"_s, u"languageAction_en"_s);
    QTRY_COMPARE(window.windowTitle(), u"verl NPU Assistant"_s);
    QCOMPARE(tabs->tabText(0), u"Home"_s);
    QCOMPARE(heading->text(), u"verl NPU Assistant"_s);
    QCOMPARE(vna::Settings().value(vna::keys::language), u"en"_s);
}

void TestMainWindow::tabShortcuts_data()
{
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("id");
    const QStringList ids = MainWindow::tabIds();
    for (int i = ids.size() - 1; i >= 0; --i)
        QTest::addRow("Ctrl+%d opens %s", i + 1, qPrintable(ids.at(i))) << i << ids.at(i);
}

void TestMainWindow::tabShortcuts()
{
    QFETCH(int, position);
    QFETCH(QString, id);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Start somewhere else so the shortcut has something to change.
    window.selectTab(MainWindow::tabIds().constLast() == id ? u"home"_s : MainWindow::tabIds().constLast());
    QTest::keyClick(&window, static_cast<Qt::Key>(Qt::Key_1 + position), Qt::ControlModifier);
    QCOMPARE(window.currentTabId(), id);
}

void TestMainWindow::homeOpensEachTool_data()
{
    QTest::addColumn<QString>("id");
    for (const vna::ui::ToolInfo &tool : vna::ui::tools())
        QTest::addRow("%s", qPrintable(tool.id)) << tool.id;
    if (vna::ui::tools().isEmpty())
        QTest::addRow("no tools yet") << QString();
}

void TestMainWindow::homeOpensEachTool()
{
    QFETCH(QString, id);
    if (id.isEmpty())
        QSKIP("no tool tabs are registered yet");
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *open = window.findChild<QPushButton *>(u"homeOpen_"_s + id);
    QVERIFY(open);
    QTest::mouseClick(open, Qt::LeftButton);
    QCOMPARE(window.currentTabId(), id);
}

void TestMainWindow::toolTabsAreBuiltOnFirstUse_data()
{
    homeOpensEachTool_data();
}

void TestMainWindow::toolTabsAreBuiltOnFirstUse()
{
    QFETCH(QString, id);
    if (id.isEmpty())
        QSKIP("no tool tabs are registered yet");
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *page = window.findChild<vna::ui::LazyTab *>(u"tab_"_s + id);
    QVERIFY(page);
    QCOMPARE(page->isCreated(), false);
    window.selectTab(id);
    QCOMPARE(page->isCreated(), true);
}

void TestMainWindow::geometryAndTabAreRemembered()
{
    const QString lastId = MainWindow::tabIds().constLast();
    {
        MainWindow window;
        window.restoreFromSettings();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resize(1100, 700);
        window.selectTab(lastId);
        window.close();
    }
    MainWindow window;
    window.restoreFromSettings();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1100, 700));
    QCOMPARE(window.currentTabId(), lastId);
    QCOMPARE(vna::Settings().value(vna::keys::lastTab), lastId);
}

void TestMainWindow::screenshotWindowLeavesSettingsAlone()
{
    MainWindow window;
    window.setPersistent(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.close();
    QCOMPARE(vna::Settings().contains(vna::keys::windowGeometry), false);
    QCOMPARE(vna::Settings().contains(vna::keys::lastTab), false);
}

void TestMainWindow::logPanelToggles()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *dock = window.findChild<QDockWidget *>(u"logDock"_s);
    QVERIFY(dock);
    QCOMPARE(dock->isVisible(), false);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(dock->isVisible(), true);
    chooseFromMenu(window, u"viewMenu"_s, u"logPanelAction"_s);
    QCOMPARE(dock->isVisible(), false);
}

void TestMainWindow::aboutShowsVersionQtAndLogFile()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString details;
    QString heading;
    QString title;
    // The dialog is modal: inspect and close it from inside its event loop.
    QTimer poll;
    poll.setInterval(20);
    connect(&poll, &QTimer::timeout, this, [&] {
        if (auto *dialog = qobject_cast<vna::ui::AboutDialog *>(QApplication::activeModalWidget())) {
            details = dialog->findChild<QLabel *>(u"aboutDetails"_s)->text();
            heading = dialog->findChild<QLabel *>(u"aboutTitle"_s)->text();
            title = dialog->windowTitle();
            dialog->accept();
            poll.stop();
        }
    });
    poll.start();
    chooseFromMenu(window, u"helpMenu"_s, u"aboutAction"_s);
    QTRY_VERIFY(!details.isEmpty());
    QCOMPARE(title, u"About verl NPU Assistant"_s);
    QCOMPARE(heading, u"verl NPU Assistant "_s + QString::fromUtf8(vna::kAppVersion));
    QVERIFY2(details.contains(QString::fromUtf8(qVersion())), qPrintable(details));
    QVERIFY2(details.contains(vna::paths::logFile().toHtmlEscaped()), qPrintable(details));
    QVERIFY2(details.contains(vna::paths::settingsFile().toHtmlEscaped()), qPrintable(details));
}

// The toolbar's version is the one every tool works for: typed once, shown and used by Bucket and
// Profiler, remembered for the next start; a half-typed version changes nothing.
void TestMainWindow::oneVerlVersionForEveryTool_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("used");        // the session's version afterwards
    QTest::addColumn<QString>("profilerKey"); // in the Profiler's overrides
    QTest::addRow("0.5.0") << u"0.5.0"_s << u"0.5.0"_s << u"trainer.npu_profile"_s;
    QTest::addRow("v0.7.1") << u"v0.7.1"_s << u"0.7.1"_s << u"global_profiler"_s;
    QTest::addRow("not a version") << u"0.x"_s << vna::verl::latestKnown().toString() << u"global_profiler"_s;
}

void TestMainWindow::oneVerlVersionForEveryTool()
{
    QFETCH(QString, typed);
    QFETCH(QString, used);
    QFETCH(QString, profilerKey);
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.selectTab(u"profiler"_s));
        auto *version = window.findChild<QComboBox *>(u"verlVersion"_s);
        QVERIFY(version);
        QTest::mouseClick(version->lineEdit(), Qt::LeftButton);
        QCOMPARE(QApplication::focusWidget(), version); // an editable combo keeps the focus for its line edit
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
        for (const QChar c : typed)
            QTest::keyClick(QApplication::focusWidget(), c.toLatin1());
        QCOMPARE(version->currentText(), typed);
        QCOMPARE(window.session().verlVersion().toString(), used);
        auto *message = window.findChild<QLabel *>(u"verlVersionMessage"_s);
        QCOMPARE(message->isVisible(), typed == u"0.x"_s);

        QWidget *profiler = window.tabContent(u"profiler"_s);
        QTRY_VERIFY(profiler->findChild<QLabel *>(u"profilerVerl"_s)->text().contains(used));
        QTRY_VERIFY2(profiler->findChild<QPlainTextEdit *>(u"profilerPreview"_s)->toPlainText().contains(profilerKey),
                     qPrintable(profiler->findChild<QPlainTextEdit *>(u"profilerPreview"_s)->toPlainText()));
        QVERIFY(window.selectTab(u"bucket"_s));
        QTRY_VERIFY(window.tabContent(u"bucket"_s)->findChild<QLabel *>(u"bucketVerl"_s)->text().contains(used));
    }
    // The next start works for the same version.
    MainWindow again;
    QCOMPARE(again.session().verlVersion().toString(), used);
    QCOMPARE(again.findChild<QComboBox *>(u"verlVersion"_s)->currentText(), used);
    QVERIFY(!again.findChild<QLabel *>(u"verlVersionMessage"_s)->isVisibleTo(&again));
}

// "Open audit log" and the other Open buttons: a path that cannot be opened gets a box that says why
// and copies the path, not silence.
void TestMainWindow::openPathSaysWhenItCannot()
{
    MainWindow window;
    window.setPersistent(false);
    window.show();
    const QString path = u"/nonexistent/verl-npu-assistant/sync-audit.jsonl"_s;
    vna::ui::openLocalPath(&window, path);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>(u"openPathBox"_s)) && box->isVisible());
    QVERIFY2(box->text().contains(path) && box->text().contains(u"does not exist"_s), qPrintable(box->text()));
    QTest::mouseClick(box->findChild<QPushButton *>(u"openPathCopy"_s), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), path);
    QTRY_VERIFY(!window.findChild<QMessageBox *>(u"openPathBox"_s));
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestMainWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_mainwindow.moc"
