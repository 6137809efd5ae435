#include "hometab.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "common/version.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

HomeTab::HomeTab(const QList<ToolInfo> &tools, QWidget *parent)
    : QWidget{parent}
{
    auto *scroll = new QScrollArea(this);
    scroll->setFocusPolicy(Qt::NoFocus); // the cards are the stops, not the panel
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    auto *page = new QWidget(scroll);
    scroll->setWidget(page);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->setSpacing(12);

    auto *header = new QHBoxLayout;
    auto *logo = new QLabel(page);
    const int logoSize = fontMetrics().height() * 4;
    logo->setPixmap(QIcon(u":/icons/verl-npu-assistant.svg"_s).pixmap(logoSize, logoSize));
    header->addWidget(logo, 0, Qt::AlignTop);
    auto *titles = new QVBoxLayout;
    m_heading = new QLabel(page);
    m_heading->setObjectName(u"homeHeading"_s);
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.6);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    titles->addWidget(m_heading);
    m_intro = new QLabel(page);
    m_intro->setObjectName(u"homeIntro"_s);
    m_intro->setWordWrap(true);
    titles->addWidget(m_intro);
    header->addLayout(titles, 1);
    layout->addLayout(header);

    auto *grid = new QGridLayout;
    grid->setSpacing(12);
    for (qsizetype i = 0; i < tools.size(); ++i) {
        const ToolInfo &tool = tools.at(i);
        auto *frame = new QFrame(page);
        frame->setObjectName(u"homeCard_"_s + tool.id);
        frame->setFrameShape(QFrame::StyledPanel);
        auto *cardLayout = new QGridLayout(frame);
        auto *icon = new QLabel(frame);
        const int iconSize = fontMetrics().height() * 2;
        icon->setPixmap(QIcon(tool.icon).pixmap(iconSize, iconSize));
        cardLayout->addWidget(icon, 0, 0, 2, 1, Qt::AlignTop);
        Card card;
        card.tool = tool;
        card.title = new QLabel(frame);
        QFont bold = card.title->font();
        bold.setBold(true);
        card.title->setFont(bold);
        cardLayout->addWidget(card.title, 0, 1);
        card.problem = new QLabel(frame);
        card.problem->setWordWrap(true);
        cardLayout->addWidget(card.problem, 1, 1);
        card.open = new QPushButton(frame);
        card.open->setObjectName(u"homeOpen_"_s + tool.id);
        cardLayout->addWidget(card.open, 2, 1, Qt::AlignLeft);
        cardLayout->setColumnStretch(1, 1);
        connect(card.open, &QPushButton::clicked, this, [this, id = tool.id] { Q_EMIT openToolRequested(id); });
        grid->addWidget(frame, static_cast<int>(i / 2), static_cast<int>(i % 2));
        m_cards.append(card);
    }
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);

    m_cliHint = new QLabel(page);
    m_cliHint->setObjectName(u"homeCliHint"_s);
    m_cliHint->setWordWrap(true);
    m_cliHint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_cliHint);
    layout->addStretch(1);

    retranslate();
}

void HomeTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void HomeTab::retranslate()
{
    m_heading->setText(tr("verl NPU Assistant"));
    m_intro->setText(tr("Fixes for the problems in the verl Ascend FAQ, done for you and checked against your "
                        "verl version: on this machine, or on every node of your cluster over SSH."));
    m_cliHint->setText(tr("Every tool is also a command for headless NPU nodes. Run %1 in a terminal to see them.")
                           .arg(u"<code>verl-npu-assistant --help</code>"_s));
    for (qsizetype i = 0; i < m_cards.size(); ++i) {
        Card &card = m_cards[i];
        const ToolInfo &tool = card.tool;
        card.title->setText(tool.translatedTitle());
        card.problem->setText(tool.translatedProblem());
        //: %1 is a keyboard shortcut such as Ctrl+2
        card.open->setText(
            tr("Open (%1)").arg(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_2 + i)).toString(QKeySequence::NativeText)));
    }
}

} // namespace vna::ui
