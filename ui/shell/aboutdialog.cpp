#include "aboutdialog.h"

#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/paths.h"
#include "common/version.h"
#include "common/widgets.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog{parent}
{
    setObjectName(u"aboutDialog"_s);
    auto *icon = new QLabel(this);
    const int size = fontMetrics().height() * 4;
    icon->setPixmap(QIcon(u":/icons/verl-npu-assistant.svg"_s).pixmap(size, size));
    m_title = new QLabel(this);
    m_title->setObjectName(u"aboutTitle"_s);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_title->setFont(titleFont);
    m_details = new QLabel(this);
    m_details->setObjectName(u"aboutDetails"_s);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setWordWrap(true);
    m_openLogFolder = new QPushButton(this);
    m_openLogFolder->setObjectName(u"aboutOpenLogFolder"_s);
    m_close = new QPushButton(this);
    m_close->setDefault(true);

    auto *text = new QVBoxLayout;
    text->addWidget(m_title);
    text->addWidget(m_details);
    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addLayout(text, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openLogFolder);
    buttons->addStretch(1);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(buttons);

    connect(m_close, &QPushButton::clicked, this, &QDialog::accept);
    connect(m_openLogFolder, &QPushButton::clicked, this, [this] {
        QDir().mkpath(paths::logDir());
        openLocalPath(this, paths::logDir());
    });
    retranslate();
}

void AboutDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void AboutDialog::retranslate()
{
    setWindowTitle(tr("About verl NPU Assistant"));
    m_title->setText(tr("verl NPU Assistant %1").arg(QString::fromUtf8(kAppVersion)));
    const QString rows = u"<p>%1</p><table>"_s
                         u"<tr><td>%2&nbsp;</td><td>%3</td></tr>"_s
                         u"<tr><td>%4&nbsp;</td><td><code>%5</code></td></tr>"_s
                         u"<tr><td>%6&nbsp;</td><td><code>%7</code></td></tr>"_s
                         u"</table>"_s;
    m_details->setText(rows.arg(
        tr("Tools for running verl on Huawei Ascend NPU clusters."), tr("Qt version:"),
        tr("%1 (built with %2)").arg(QString::fromUtf8(qVersion()), QStringLiteral(QT_VERSION_STR)), tr("Log file:"),
        paths::logFile().toHtmlEscaped(), tr("Settings file:"), paths::settingsFile().toHtmlEscaped()));
    m_openLogFolder->setText(tr("Open &log folder"));
    m_close->setText(tr("&Close"));
}

} // namespace vna::ui
