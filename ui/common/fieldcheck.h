// Validation as the user types: a red outline on the field and the reason in a label under it.
#pragma once

#include <QLabel>

class QBoxLayout;
class QFormLayout;
class QLayout;

namespace vna::ui {

// The label under a field that says what is wrong with it; hidden while the field is fine.
class FieldMessage final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FieldMessage)

public:
    explicit FieldMessage(QWidget *field, QWidget *parent = nullptr);

    // An empty message marks the field valid.
    void setMessage(const QString &message);
    QString message() const;
    bool isValid() const;

private:
    QWidget *m_field;
};

// A checked field in a form, as two rows: `label` beside the field (or beside `row`, the layout
// holding the field and its buttons), and the field's message under it in the field column, so
// the label stays level with the field. A QLabel label's mnemonic focuses the field. Returns the
// message, named `messageName` when it is not empty.
FieldMessage *addCheckedRow(QFormLayout *form, QWidget *label, QWidget *field, const QString &messageName = {});
FieldMessage *
addCheckedRow(QFormLayout *form, QWidget *label, QLayout *row, QWidget *field, const QString &messageName = {});
// The message of `field`, added to the column `layout` under what it holds so far (the field).
FieldMessage *addMessage(QBoxLayout *layout, QWidget *field, const QString &messageName = {});

} // namespace vna::ui
