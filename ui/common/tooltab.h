// Base of every tool tab: how a tab talks to the window without knowing it — through the Session.
#pragma once

#include <QWidget>

#include "common/session.h"
#include "logscan/report.h"

namespace vna::ui {

using ToolLink = logscan::ToolLink;

class ToolTab : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolTab)

public:
    explicit ToolTab(Session &session, QWidget *parent = nullptr)
        : QWidget{parent}
        , m_session{session}
    {}

    // The window's shared state: verl version, hand-offs, status bar.
    Session &session() const { return m_session; }

    // True while background work (reading files, remote commands) is still to show its result.
    virtual bool isBusy() const { return false; }

    // Fills the tab from another tool's result and says where the values came from (link.origin).
    // Parameters the tab does not know are ignored.
    virtual void openLink(const ToolLink &link) { Q_UNUSED(link) }

private:
    Session &m_session;
};

} // namespace vna::ui
