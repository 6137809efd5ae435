// An editable monospace text box that refuses pastes and drops too large for what it is for, with
// the reason in a FieldMessage under it, so a 50 MB paste never stalls the window. Tab and
// Shift+Tab move the focus on, as in every other field of a form; Ctrl+Tab types a tab character.
#pragma once

#include <QPlainTextEdit>

namespace vna::ui {

class FieldMessage;

class TextBox final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextBox)

public:
    // Enough for any command, assertion or log excerpt typed or pasted by hand.
    static constexpr qsizetype kDefaultLimit = 1000 * 1000;

    TextBox(QWidget *parent, const QString &objectName);

    // Refuses an insertion that would make the text longer than `chars`; `advice` says what to do
    // instead (e.g. "Open the log file instead."). The message goes to `message`.
    void setLimit(qsizetype chars, FieldMessage *message, const QString &advice);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    bool canInsertFromMimeData(const QMimeData *source) const override;
    void insertFromMimeData(const QMimeData *source) override;

private:
    qsizetype m_limit = kDefaultLimit;
    FieldMessage *m_message = nullptr;
    QString m_advice;
};

} // namespace vna::ui
