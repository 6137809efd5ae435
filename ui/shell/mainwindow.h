// The main window: one tab per tool (built on first use), menus, the Log panel and the status bar.
#pragma once

#include <QList>
#include <QMainWindow>

#include "common/tooltab.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QTabWidget;
class QToolBar;

namespace vna::ui {

class HomeTab;
class LogPanel;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // "home" followed by every tool id, in tab order.
    static QStringList tabIds();
    // Switches to the tab (and builds it if needed); false when the id is unknown.
    bool selectTab(const QString &id);
    QString currentTabId() const;
    QWidget *tabContent(const QString &id);
    // Opens link.tool and fills it in (a finding's "Open in …" button), through the session.
    void openLink(const ToolLink &link);
    Session &session() const { return *m_session; }

    // Restores geometry, dock state and the last tab from the settings, then fits the window to
    // its screen.
    void restoreFromSettings();
    // Shrinks and moves the window so all of it, frame included, is inside the available area of
    // the screen it is on (the primary screen when it is on none: a monitor since unplugged).
    // Centre: in the middle of that screen, as on the first start.
    enum class Placement { Keep, Centre };
    void fitToScreen(Placement placement);
    // When false (screenshots), closing the window leaves the settings untouched.
    void setPersistent(bool persistent);

protected:
    void showEvent(QShowEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createMenus();
    void retranslate();
    void switchLanguage(const QString &code);
    void ensureTabCreated(int index);
    void keepLogPanelLast();
    void deliverLink(const ToolLink &link);
    void saveToSettings();

    Session *m_session = nullptr;
    QToolBar *m_toolBar = nullptr;
    QTabWidget *m_tabs = nullptr;
    HomeTab *m_home = nullptr;
    QDockWidget *m_logDock = nullptr;
    LogPanel *m_logPanel = nullptr;
    bool m_persistent = true;
    bool m_fitWhenShown = false;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_goMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_aboutQtAction = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QList<QAction *> m_goActions;
};

} // namespace vna::ui
