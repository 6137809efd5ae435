// Small building blocks every tool tab uses, so the tabs look and behave alike (ui.md).
#pragma once

#include <functional>

#include <QKeySequence>
#include <QString>
#include <QStyledItemDelegate>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTableWidget;
class QTableWidgetItem;
class QWidget;

namespace vna::ui {

// Shows a cell's text so that a long key (actor_rollout_ref.rollout.tensor_model_parallel_size) wraps
// after its dots, underscores and slashes instead of being cut; the model's text is unchanged, so
// copying a cell copies the key as it is.
class BreakableDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QString displayText(const QVariant &value, const QLocale &locale) const override;
};

// A bold section heading.
QLabel *heading(QWidget *parent, const QString &objectName);
// A word-wrapped label whose text can be selected and copied: summaries, explanations, statuses.
QLabel *resultLabel(QWidget *parent, const QString &objectName);
// A read-only monospace field for results users copy (overrides, commands).
QLineEdit *monospaceField(QWidget *parent, const QString &objectName);
// A read-only monospace text box whose lines stay unwrapped like a terminal's. Editable boxes are
// TextBox (common/textbox.h), which refuses pastes too large for them.
QPlainTextEdit *monospaceText(QWidget *parent, const QString &objectName);
// A read-only monospace result that wraps anywhere and is as tall as its lines: an override longer
// than its pane shows both its key and its value.
QPlainTextEdit *monospaceWrapped(QWidget *parent, const QString &objectName);
// A read-only table of results: no row numbers, the last column stretched.
QTableWidget *resultTable(QWidget *parent, const QString &objectName, int columns);
// A cell for resultTable: selectable, not editable.
QTableWidgetItem *resultCell(const QString &text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter);

// Makes `combo` at least wide enough to show its longest choice in full. Call it again after the
// choices are filled in or translated: Qt's own size hint for a combo can be computed before that.
void fitToItems(QComboBox *combo);

// `content` in a frameless scroll area that resizes it: a tab's panel that may be taller than the window.
QWidget *scrolling(QWidget *content, QWidget *parent);
// A shortcut active while focus is anywhere inside `owner`.
void addShortcut(QWidget *owner, const QKeySequence &keys, const std::function<void()> &action);
// Ctrl+Return and Ctrl+Enter (keypad) both run the primary action.
void addPrimaryShortcut(QWidget *owner, const std::function<void()> &action);

// Opens a local file or folder with the desktop's program for it. When it does not exist, or no
// program opens it (no desktop session, no handler), a box says so and offers to copy the path.
void openLocalPath(QWidget *parent, const QString &path);

} // namespace vna::ui
