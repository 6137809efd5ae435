#include "fieldcheck.h"

#include <QBoxLayout>
#include <QFormLayout>

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

namespace {

FieldMessage *messageFor(QWidget *field, const QString &messageName)
{
    auto *message = new FieldMessage(field, field->parentWidget());
    if (!messageName.isEmpty())
        message->setObjectName(messageName);
    return message;
}

void focusFrom(QWidget *label, QWidget *field)
{
    if (auto *text = qobject_cast<QLabel *>(label); text && !text->buddy())
        text->setBuddy(field);
}

} // namespace

FieldMessage *addCheckedRow(QFormLayout *form, QWidget *label, QWidget *field, const QString &messageName)
{
    FieldMessage *message = messageFor(field, messageName);
    focusFrom(label, field);
    form->addRow(label, field);
    form->addRow(QString(), message);
    return message;
}

FieldMessage *addCheckedRow(QFormLayout *form, QWidget *label, QLayout *row, QWidget *field, const QString &messageName)
{
    FieldMessage *message = messageFor(field, messageName);
    focusFrom(label, field);
    form->addRow(label, row);
    form->addRow(QString(), message);
    return message;
}

FieldMessage *addMessage(QBoxLayout *layout, QWidget *field, const QString &messageName)
{
    FieldMessage *message = messageFor(field, messageName);
    layout->addWidget(message);
    return message;
}

} // namespace vna::ui
