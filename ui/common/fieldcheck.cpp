#include "fieldcheck.h"

#include "common/verdict.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

FieldMessage::FieldMessage(QWidget *field, QWidget *parent)
    : QLabel{parent}
    , m_field{field}
{
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette palette = this->palette();
    palette.setColor(QPalette::WindowText, color(Verdict::Fail));
    setPalette(palette);
    hide();
}

void FieldMessage::setMessage(const QString &message)
{
    if (message == text() && isVisible() == !message.isEmpty())
        return;
    setText(message);
    setVisible(!message.isEmpty());
    m_field->setProperty("invalid", !message.isEmpty());
    // Style the Qt class the field is, so the rule does not leak into its children.
    const QMetaObject *meta = m_field->metaObject();
    while (meta->superClass() && !QByteArrayView(meta->className()).startsWith("Q"))
        meta = meta->superClass();
    const QString type = QString::fromLatin1(meta->className());
    m_field->setStyleSheet(message.isEmpty() ? QString()
                                             : u"%1 { border: 1px solid %2; border-radius: 2px; }"_s.arg(
                                                 type, color(Verdict::Fail).name()));
}

QString FieldMessage::message() const
{
    return text();
}

bool FieldMessage::isValid() const
{
    return text().isEmpty();
}

} // namespace vna::ui
