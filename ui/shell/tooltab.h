// Base of every tool tab: how a tab talks to the window without knowing it.
#pragma once

#include <QWidget>

#include "logscan/report.h"

namespace vna::ui {

using ToolLink = logscan::ToolLink;

class ToolTab : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolTab)

public:
    using QWidget::QWidget;

    // True while background work (reading files, remote commands) is still to show its result.
    virtual bool isBusy() const { return false; }

    // Fills the tab from another tool's result and says where the values came from (link.origin).
    // Parameters the tab does not know are ignored.
    virtual void openLink(const ToolLink &link) { Q_UNUSED(link) }

Q_SIGNALS:
    // A short confirmation for the status bar ("Copied").
    void statusMessage(const QString &message);
    // Asks the window to switch to link.tool and hand it the link.
    void linkRequested(const vna::ui::ToolLink &link);
};

} // namespace vna::ui
