// Validation as the user types: a red outline on the field and the reason in a label under it.
#pragma once

#include <QLabel>

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

} // namespace vna::ui
