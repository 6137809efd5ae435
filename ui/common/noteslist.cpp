#include "noteslist.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace vna::ui {

NotesList::NotesList(QWidget *parent)
    : QWidget{parent}
    , m_layout{new QVBoxLayout(this)}
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(6);
}

void NotesList::setNotes(const QList<NoteItem> &notes)
{
    m_notes = notes;
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const int size = fontMetrics().height();
    for (qsizetype i = 0; i < notes.size(); ++i) {
        const NoteItem &note = notes.at(i);
        auto *row = new QWidget(this);
        row->setObjectName(u"note_%1"_s.arg(i));
        auto *layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        auto *iconLabel = new QLabel(row);
        iconLabel->setPixmap(icon(note.severity).pixmap(size, size));
        layout->addWidget(iconLabel, 0, Qt::AlignTop);
        auto *text = new QLabel(row);
        text->setTextFormat(Qt::RichText);
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        text->setText(u"<b style=\"color:%1\">%2</b> %3"_s.arg(color(note.severity).name(), word(note.severity),
                                                               note.text.toHtmlEscaped()));
        layout->addWidget(text, 1);
        m_layout->addWidget(row);
    }
}

const QList<NoteItem> &NotesList::notes() const
{
    return m_notes;
}

QString NotesList::plainText() const
{
    QStringList lines;
    for (const NoteItem &note : m_notes)
        lines << u'[' + word(note.severity) + u"] "_s + note.text;
    return lines.join(u'\n');
}

} // namespace vna::ui
