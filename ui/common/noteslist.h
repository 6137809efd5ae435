// A column of notes, each with its severity icon, word and text (selectable, wrapped).
#pragma once

#include <QList>
#include <QWidget>

#include "common/verdict.h"

class QVBoxLayout;

namespace vna::ui {

struct NoteItem
{
    Severity severity = Severity::Info;
    QString text;
};

class NotesList final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NotesList)

public:
    explicit NotesList(QWidget *parent = nullptr);
    void setNotes(const QList<NoteItem> &notes);
    const QList<NoteItem> &notes() const;
    // The text as shown, one note per line ("[Warning] …"), for tests and copying.
    QString plainText() const;

private:
    QVBoxLayout *m_layout = nullptr;
    QList<NoteItem> m_notes;
};

} // namespace vna::ui
