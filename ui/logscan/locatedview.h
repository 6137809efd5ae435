// Where a log line was raised in upstream source and the fixes released since the user's release that
// may concern it, as the Logs tab shows them under a finding or a located line: the place with a link to
// that line at the user's tag, and each suspect with its release, its evidence and a link to its pull
// request. Hidden when there is nothing to show.
#pragma once

#include <QWidget>

#include "logscan/located.h"

class QLabel;

namespace vna::ui {

class LocatedView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocatedView)

public:
    explicit LocatedView(QWidget *parent = nullptr);

    // Words are in the language of the moment: call it again after a switch.
    void showLocated(const logscan::Located &located);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    logscan::Located m_located;
    QLabel *m_raisedHeading = nullptr;
    QLabel *m_raised = nullptr;
    QLabel *m_suspectsHeading = nullptr;
    QLabel *m_suspects = nullptr;
};

} // namespace vna::ui
