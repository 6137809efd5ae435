// Where the keyboard focus is, as plainly on a table, a text box or a tab as on a field: a ring in
// the highlight colour drawn over the focused widget while the user moves with the keyboard (as
// the style's own focus marks, it does not show after a click). It also lets Tab leave every item
// view at once (a table is one stop, its cells are walked with the arrow keys), and scrolls a panel
// to the widget Tab brought the focus to from outside it.
#pragma once

#include <QObject>
#include <QPointer>

class QWidget;

namespace vna::ui {

class FocusRing final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FocusRing)

public:
    // One for the application; the first window that asks makes it.
    static void install();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit FocusRing(QObject *parent);
    void follow(QWidget *focus);
    void place();
    QPointer<QWidget> m_focus;
    QPointer<QWidget> m_ring;
};

} // namespace vna::ui
