#include "locatedview.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include "common/widgets.h"
#include "logscan/locatedreport.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

QString link(const QString &url, const QString &text)
{
    return u"<a href=\"%1\">%2</a>"_s.arg(url.toHtmlEscaped(), text.toHtmlEscaped());
}

QLabel *linksLabel(QWidget *parent, const QString &objectName)
{
    QLabel *label = resultLabel(parent, objectName);
    label->setTextFormat(Qt::RichText);
    label->setOpenExternalLinks(true);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    return label;
}

} // namespace

LocatedView::LocatedView(QWidget *parent)
    : QWidget{parent}
{
    setObjectName(u"logsLocated"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_raisedHeading = heading(this, u"logsRaisedHeading"_s);
    m_raised = linksLabel(this, u"logsRaised"_s);
    m_suspectsHeading = heading(this, u"logsSuspectsHeading"_s);
    m_suspects = linksLabel(this, u"logsSuspects"_s);
    layout->addWidget(m_raisedHeading);
    layout->addWidget(m_raised);
    layout->addWidget(m_suspectsHeading);
    layout->addWidget(m_suspects);
    retranslate();
}

void LocatedView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LocatedView::retranslate()
{
    m_raisedHeading->setText(tr("Raised at"));
    m_suspectsHeading->setText(tr("Fixed since your release?"));
    showLocated(m_located);
}

void LocatedView::showLocated(const logscan::Located &located)
{
    m_located = located;
    QStringList places;
    for (const logscan::RaisedAt &raised : located.raisedAt)
        places << link(raised.url, logscan::raisedAtText(raised)) + u"<br><small>"_s
                + tr("The message is there in %1 %2.").arg(raised.component, raised.releases).toHtmlEscaped()
                + u"</small>"_s;
    m_raised->setText(places.join(u"<br>"_s));
    m_raisedHeading->setVisible(!places.isEmpty());
    m_raised->setVisible(!places.isEmpty());

    QString suspects;
    if (!located.suspects.isEmpty()) {
        suspects = logscan::suspectsHeading(located).toHtmlEscaped() + u"<ul style=\"margin:0\">"_s;
        for (const logscan::SuspectFix &fix : located.suspects)
            suspects += u"<li>"_s + link(fix.prUrl.isEmpty() ? fix.commitUrl : fix.prUrl, logscan::suspectTitle(fix))
                + u"<br><small>"_s + fix.reasons.join(u"; "_s).toHtmlEscaped() + u"</small></li>"_s;
        suspects += u"</ul>"_s
            + tr("These are suspects found in the code and its history, not checked by hand: read the change "
                 "before you upgrade for it.")
                  .toHtmlEscaped();
    } else if (const QString none = logscan::noSuspectText(located); !none.isEmpty()) {
        suspects = none.toHtmlEscaped();
    }
    m_suspects->setText(suspects);
    m_suspectsHeading->setVisible(!suspects.isEmpty());
    m_suspects->setVisible(!suspects.isEmpty());
    setVisible(!places.isEmpty() || !suspects.isEmpty());
}

} // namespace vna::ui
