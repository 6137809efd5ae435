#include "focusring.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QScrollArea>
#include <QTabBar>
#include <QWidget>

namespace vna::ui {

namespace {

constexpr int kWidth = 2;

// The ring itself: a frame over its parent (the focused widget), transparent to the mouse.
class Ring final : public QWidget
{
public:
    explicit Ring(QWidget *parent)
        : QWidget{parent}
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        setFocusPolicy(Qt::NoFocus);
        setObjectName(QStringLiteral("focusRing"));
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        QPen pen(palette().color(QPalette::Active, QPalette::Highlight), kWidth);
        pen.setJoinStyle(Qt::MiterJoin);
        painter.setPen(pen);
        painter.drawRect(QRectF(rect()).adjusted(kWidth / 2.0, kWidth / 2.0, -kWidth / 2.0, -kWidth / 2.0));
    }
};

} // namespace

FocusRing::FocusRing(QObject *parent)
    : QObject{parent}
{
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { follow(now); });
}

void FocusRing::install()
{
    static QPointer<FocusRing> ring;
    if (!ring && qApp)
        ring = new FocusRing(qApp);
}

void FocusRing::follow(QWidget *focus)
{
    if (m_focus)
        m_focus->removeEventFilter(this);
    m_focus = focus;
    if (auto *view = qobject_cast<QAbstractItemView *>(focus))
        view->setTabKeyNavigation(false);
    // Only while the keyboard moves the focus, as the style's own marks; never on a window of its own
    // (a menu, a combo box's list).
    if (!focus || !focus->window()->testAttribute(Qt::WA_KeyboardFocusChange) || focus->isWindow()) {
        if (m_ring)
            m_ring->hide();
        return;
    }
    focus->installEventFilter(this);
    // A panel scrolls only when Tab moves within it: coming from another column, bring it into view.
    for (QWidget *w = focus->parentWidget(); w; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w);
            area && area->widget() && area->widget()->isAncestorOf(focus)) {
            area->ensureWidgetVisible(focus);
            break;
        }
    }
    if (!m_ring)
        m_ring = new Ring(focus);
    else
        m_ring->setParent(focus);
    place();
}

void FocusRing::place()
{
    if (!m_ring || !m_focus)
        return;
    QRect around = m_focus->rect();
    if (auto *bar = qobject_cast<QTabBar *>(m_focus.data()); bar && bar->currentIndex() >= 0)
        around = bar->tabRect(bar->currentIndex());
    m_ring->setGeometry(around);
    m_ring->raise();
    m_ring->show();
    m_ring->update();
}

bool FocusRing::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_focus) {
        switch (event->type()) {
        case QEvent::KeyRelease: // a tab bar's current tab moved with the arrow keys
        case QEvent::Resize:
        case QEvent::ChildAdded: // a view's new viewport or editor would cover the ring
        case QEvent::LayoutRequest:
            place();
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace vna::ui
