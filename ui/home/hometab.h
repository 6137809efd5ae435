// The first tab: what each tool solves, in the user's words, and a button that opens it.
#pragma once

#include <QList>
#include <QWidget>

#include "common/toolinfo.h"

class QLabel;
class QPushButton;

namespace vna::ui {

class HomeTab final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HomeTab)

public:
    // One card per tool, in tab order (Ctrl+2 opens the first).
    explicit HomeTab(const QList<ToolInfo> &tools, QWidget *parent = nullptr);

Q_SIGNALS:
    void openToolRequested(const QString &toolId);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Card
    {
        ToolInfo tool;
        QLabel *title = nullptr;
        QLabel *problem = nullptr;
        QPushButton *open = nullptr;
    };

    void retranslate();

    QLabel *m_heading = nullptr;
    QLabel *m_intro = nullptr;
    QLabel *m_cliHint = nullptr;
    QList<Card> m_cards;
};

} // namespace vna::ui
