#include "textbox.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QLocale>
#include <QMimeData>
#include <QUrl>

#include <algorithm>

#include "common/fieldcheck.h"

namespace vna::ui {

TextBox::TextBox(QWidget *parent, const QString &objectName)
    : QPlainTextEdit{parent}
{
    setObjectName(objectName);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTabChangesFocus(true);
}

void TextBox::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Tab && event->modifiers() == Qt::ControlModifier) {
        insertPlainText(QStringLiteral("\t"));
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

void TextBox::setLimit(qsizetype chars, FieldMessage *message, const QString &advice)
{
    m_limit = chars;
    m_message = message;
    m_advice = advice;
}

bool TextBox::canInsertFromMimeData(const QMimeData *source) const
{
    // Dropped files belong to the tab, which opens them; text (and web links) goes into the box.
    const QList<QUrl> urls = source->urls();
    if (std::any_of(urls.cbegin(), urls.cend(), [](const QUrl &url) { return url.isLocalFile(); }))
        return false;
    return QPlainTextEdit::canInsertFromMimeData(source);
}

void TextBox::insertFromMimeData(const QMimeData *source)
{
    if (!source->hasText())
        return;
    // Checked before any layout work: laying out 50 MB is what would stall the window.
    const qsizetype incoming = source->text().size();
    const qsizetype selected = textCursor().selectedText().size();
    const qsizetype after = document()->characterCount() - 1 - selected + incoming;
    if (after > m_limit) {
        const QLocale locale;
        const QString message = tr("Not pasted: the text is %1, and this box takes at most %2.")
                                    .arg(locale.formattedDataSize(incoming, 1, QLocale::DataSizeSIFormat),
                                         locale.formattedDataSize(m_limit, 0, QLocale::DataSizeSIFormat))
            + (m_advice.isEmpty() ? QString() : u' ' + m_advice);
        if (m_message)
            m_message->setMessage(message);
        return;
    }
    if (m_message)
        m_message->setMessage(QString());
    QPlainTextEdit::insertFromMimeData(source);
}

} // namespace vna::ui
