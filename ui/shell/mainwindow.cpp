#include "mainwindow.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QIcon>
#include <QMenuBar>
#include <QScreen>
#include <QShowEvent>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QWindow>

#include "cli/globaloptions.h"
#include "common/focusring.h"
#include "common/i18n.h"
#include "common/logging.h"
#include "common/settingskeys.h"
#include "common/tooltab.h"
#include "home/hometab.h"
#include "log/logpanel.h"
#include "shell/aboutdialog.h"
#include "shell/lazytab.h"
#include "shell/versionbar.h"
#include "toolregistry.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {
const QString kHome = u"home"_s;
constexpr int kStatusTimeoutMs = Session::kStatusTimeoutMs;
constexpr int kSettleMs = 1000; // how long after the first show the frame may still change
constexpr int kSettleEveryMs = 100;
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow{parent}
{
    setObjectName(u"mainWindow"_s);
    setWindowIcon(QIcon(u":/icons/verl-npu-assistant.svg"_s));
    m_session = new Session(true, this);
    connect(m_session, &Session::statusChanged, this, [this](const QString &message, int timeoutMs) {
        if (message.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(message, timeoutMs);
    });
    connect(m_session, &Session::linkRequested, this, &MainWindow::deliverLink);

    // The toolbar first: Tab reads the window as it is laid out, the verl version, then the tabs.
    m_toolBar = new QToolBar(this);
    m_toolBar->setObjectName(u"verlToolBar"_s);
    m_toolBar->setMovable(false);
    m_toolBar->addWidget(new VersionBar(*m_session, m_toolBar));
    addToolBar(Qt::TopToolBarArea, m_toolBar);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"tabs"_s);
    m_tabs->setDocumentMode(true);
    m_home = new HomeTab(tools(), m_tabs);
    m_home->setObjectName(u"tab_home"_s);
    m_tabs->addTab(m_home, QIcon(u":/icons/verl-npu-assistant.svg"_s), QString());
    for (const ToolInfo &tool : tools()) {
        auto *page = new LazyTab(
            [this, create = tool.create](QWidget *pageParent) { return create(*m_session, pageParent); }, m_tabs);
        page->setObjectName(u"tab_"_s + tool.id);
        connect(page, &LazyTab::created, this, &MainWindow::keepLogPanelLast);
        m_tabs->addTab(page, QIcon(tool.icon), QString());
    }
    setCentralWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::ensureTabCreated);
    connect(m_home, &HomeTab::openToolRequested, this, &MainWindow::selectTab);

    m_logPanel = new LogPanel(this);
    m_logDock = new QDockWidget(this);
    m_logDock->setObjectName(u"logDock"_s);
    m_logDock->setWidget(m_logPanel);
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);
    m_logDock->hide();
    connect(m_logPanel, &LogPanel::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, kStatusTimeoutMs); });

    createMenus();
    FocusRing::install();
    statusBar();
    retranslate();
    resize(cli::kDefaultWindowSize);
}

MainWindow::~MainWindow()
{
    // The tabs first: a tab that waits for its jobs may still report to the session.
    delete m_tabs;
}

QStringList MainWindow::tabIds()
{
    QStringList ids{kHome};
    for (const ToolInfo &tool : tools())
        ids << tool.id;
    return ids;
}

bool MainWindow::selectTab(const QString &id)
{
    const qsizetype index = tabIds().indexOf(id.toLower());
    if (index < 0)
        return false;
    m_tabs->setCurrentIndex(static_cast<int>(index));
    ensureTabCreated(static_cast<int>(index));
    return true;
}

QString MainWindow::currentTabId() const
{
    return tabIds().value(m_tabs->currentIndex());
}

QWidget *MainWindow::tabContent(const QString &id)
{
    const qsizetype index = tabIds().indexOf(id);
    if (index < 0)
        return nullptr;
    QWidget *page = m_tabs->widget(static_cast<int>(index));
    if (auto *lazy = qobject_cast<LazyTab *>(page))
        return lazy->content();
    return page;
}

void MainWindow::openLink(const ToolLink &link)
{
    m_session->openLink(link);
}

void MainWindow::deliverLink(const ToolLink &link)
{
    if (!selectTab(link.tool)) {
        log::ui()->warn("a link asks for the unknown tool \"{}\"", link.tool);
        return;
    }
    if (auto *target = qobject_cast<ToolTab *>(tabContent(link.tool)))
        target->openLink(link);
}

void MainWindow::ensureTabCreated(int index)
{
    if (auto *lazy = qobject_cast<LazyTab *>(m_tabs->widget(index)); lazy && !lazy->isCreated()) {
        log::ui()->debug("building the {} tab", tabIds().value(index));
        lazy->content();
    }
}

// A page built later joins the end of the focus chain, after the log panel at the bottom of the
// window: put the panel back behind it, its own order kept.
void MainWindow::keepLogPanelLast()
{
    QList<QWidget *> panel;
    for (QWidget *w = nextInFocusChain(); w != this; w = w->nextInFocusChain()) {
        if (w == m_logDock || m_logDock->isAncestorOf(w))
            panel << w;
    }
    for (QWidget *w : std::as_const(panel))
        QWidget::setTabOrder(previousInFocusChain(), w);
}

void MainWindow::restoreFromSettings()
{
    Settings settings;
    const QByteArray geometry = settings.value(keys::windowGeometry);
    const bool restored = !geometry.isEmpty() && restoreGeometry(geometry);
    const QByteArray state = settings.value(keys::windowState);
    if (!state.isEmpty())
        restoreState(state);
    // The first window on a laptop screen smaller than it, or one saved on a larger screen or on a
    // monitor that is no longer there: now, and again once the window manager has framed it.
    fitToScreen(restored ? Placement::Keep : Placement::Centre);
    m_fitWhenShown = true;
    if (!selectTab(settings.value(keys::lastTab)))
        selectTab(kHome);
}

void MainWindow::fitToScreen(Placement placement)
{
    if (isMaximized() || isFullScreen())
        return;
    // The frame as the window manager draws it once the window is shown; before that, room for a
    // title bar (the window manager has not said how thick its frame is).
    QMargins frame(0, style()->pixelMetric(QStyle::PM_TitleBarHeight), 0, 0);
    if (isVisible() && windowHandle() && !windowHandle()->frameMargins().isNull())
        frame = windowHandle()->frameMargins();
    const QRect framed = geometry().marginsAdded(frame);
    QScreen *on = QGuiApplication::screenAt(framed.center());
    if (!on)
        on = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!on)
        return;
    const QRect room = on->availableGeometry().marginsRemoved(frame);
    const QSize size = this->size().boundedTo(room.size()).expandedTo(minimumSize());
    QPoint topLeft = placement == Placement::Centre ? room.center() - QPoint(size.width() / 2, size.height() / 2)
                                                    : geometry().topLeft();
    topLeft.setX(std::clamp(topLeft.x(), room.left(), std::max(room.left(), room.right() + 1 - size.width())));
    topLeft.setY(std::clamp(topLeft.y(), room.top(), std::max(room.top(), room.bottom() + 1 - size.height())));
    if (size != this->size() || topLeft != geometry().topLeft()) {
        log::ui()->debug("window fitted to the {}x{} screen \"{}\" (frame {},{},{},{}; at least {}x{}): {}x{} at {},{}",
                         on->availableGeometry().width(), on->availableGeometry().height(), on->name(), frame.left(),
                         frame.top(), frame.right(), frame.bottom(), minimumWidth(), minimumHeight(), size.width(),
                         size.height(), topLeft.x(), topLeft.y());
    } else if (size.width() > room.width() || size.height() > room.height()) {
        log::ui()->debug("the window cannot be smaller than {}x{}: the {}x{} screen \"{}\" is smaller", minimumWidth(),
                         minimumHeight(), on->availableGeometry().width(), on->availableGeometry().height(),
                         on->name());
    }
    setGeometry(QRect(topLeft, size));
}

void MainWindow::setPersistent(bool persistent)
{
    m_persistent = persistent;
    m_session->setPersistent(persistent);
}

void MainWindow::saveToSettings()
{
    Settings settings;
    settings.setValue(keys::windowGeometry, saveGeometry());
    settings.setValue(keys::windowState, saveState());
    settings.setValue(keys::lastTab, currentTabId());
    if (!settings.sync())
        log::ui()->warn("could not save the settings to {}", settings.fileName());
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_fitWhenShown || event->spontaneous())
        return;
    m_fitWhenShown = false;
    fitToScreen(Placement::Keep);
    // The window manager frames the window after it is mapped, and says how thick the frame is
    // (_NET_FRAME_EXTENTS) when it likes, with no event for it: look a few times in the first second.
    auto *settle = new QTimer(this);
    settle->setInterval(kSettleEveryMs);
    connect(settle, &QTimer::timeout, this, [this, settle, ticks = 0]() mutable {
        fitToScreen(Placement::Keep); // changes nothing once the window fits
        if (++ticks * kSettleEveryMs >= kSettleMs) {
            settle->stop();
            settle->deleteLater();
        }
    });
    settle->start();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_persistent)
        saveToSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->setObjectName(u"fileMenu"_s);
    m_quitAction = m_fileMenu->addAction(QString(), QKeySequence::Quit, this, &QWidget::close);
    m_quitAction->setObjectName(u"quitAction"_s);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(u"viewMenu"_s);
    QAction *logToggle = m_logDock->toggleViewAction();
    logToggle->setObjectName(u"logPanelAction"_s);
    logToggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_viewMenu->addAction(logToggle);
    m_viewMenu->addSeparator();
    m_goMenu = m_viewMenu->addMenu(QString());
    m_goMenu->setObjectName(u"goMenu"_s);
    const QStringList ids = tabIds();
    for (int i = 0; i < ids.size(); ++i) {
        QAction *go = m_goMenu->addAction(QString());
        go->setObjectName(u"goAction_"_s + ids.at(i));
        if (i < 9)
            go->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(go, &QAction::triggered, this, [this, id = ids.at(i)] { selectTab(id); });
        m_goActions << go;
    }

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageMenu->setObjectName(u"languageMenu"_s);
    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    // The names are written in their own script, and 简体中文 needs a CJK font of some 20 MB: they
    // are put in when the menu opens, so an English start (and a screenshot, which lays out every
    // menu) does not load that font.
    connect(m_languageMenu, &QMenu::aboutToShow, this, [this] {
        for (const i18n::Language &language : i18n::supportedLanguages()) {
            for (QAction *action : m_languageGroup->actions()) {
                if (action->data().toString() == language.code)
                    action->setText(language.nativeName);
            }
        }
    });
    for (const i18n::Language &language : i18n::supportedLanguages()) {
        QAction *action = m_languageMenu->addAction(QString());
        action->setObjectName(u"languageAction_"_s + language.code);
        action->setCheckable(true);
        action->setChecked(language.code == i18n::current());
        action->setData(language.code);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code = language.code] { switchLanguage(code); });
    }

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->setObjectName(u"helpMenu"_s);
    m_aboutAction = m_helpMenu->addAction(QString(), this, [this] {
        AboutDialog dialog(this);
        dialog.exec();
    });
    m_aboutAction->setObjectName(u"aboutAction"_s);
    m_aboutQtAction = m_helpMenu->addAction(QString(), qApp, &QApplication::aboutQt);
}

void MainWindow::switchLanguage(const QString &code)
{
    if (code == i18n::current())
        return;
    if (!i18n::install(code)) {
        statusBar()->showMessage(tr("The %1 translation is missing from this build.").arg(code), kStatusTimeoutMs);
        return;
    }
    Settings settings;
    settings.setValue(keys::language, code);
    settings.sync();
    log::ui()->info("language switched to {}", code);
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("verl NPU Assistant"));
    m_tabs->setTabText(0, tr("Home"));
    m_tabs->setTabToolTip(0, tr("What each tool solves"));
    const QList<ToolInfo> &list = tools();
    for (int i = 0; i < list.size(); ++i) {
        m_tabs->setTabText(i + 1, list.at(i).translatedTitle());
        m_tabs->setTabToolTip(i + 1, list.at(i).translatedProblem());
    }
    m_logDock->setWindowTitle(tr("Log"));
    m_toolBar->setWindowTitle(tr("verl version"));

    m_fileMenu->setTitle(tr("&File"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_logDock->toggleViewAction()->setText(tr("&Log panel"));
    m_goMenu->setTitle(tr("&Go to"));
    for (int i = 0; i < m_goActions.size(); ++i)
        m_goActions.at(i)->setText(m_tabs->tabText(i));
    m_languageMenu->setTitle(tr("&Language"));
    for (QAction *action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == i18n::current());
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About verl NPU Assistant"));
    m_aboutQtAction->setText(tr("About &Qt"));
}

} // namespace vna::ui
