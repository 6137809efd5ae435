// Base of every tool tab: how a tab talks to the window without knowing it.
#pragma once

#include <QWidget>

namespace vna::ui {

class ToolTab : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolTab)

public:
    using QWidget::QWidget;

    // True while background work (reading files, remote commands) is still to show its result.
    virtual bool isBusy() const { return false; }

Q_SIGNALS:
    // A short confirmation for the status bar ("Copied").
    void statusMessage(const QString &message);
};

} // namespace vna::ui
