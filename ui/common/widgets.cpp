#include "widgets.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTableWidget>
#include <QUrl>

namespace vna::ui {

QLabel *heading(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

QString BreakableDelegate::displayText(const QVariant &value, const QLocale &locale) const
{
    QString text = QStyledItemDelegate::displayText(value, locale);
    static const QRegularExpression joints(QStringLiteral("([._/=])(?=\\S)"));
    return text.replace(joints, QStringLiteral("\\1\u200B")); // a zero-width space: a place to break, invisible
}

QLabel *resultLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLineEdit *monospaceField(QWidget *parent, const QString &objectName)
{
    auto *field = new QLineEdit(parent);
    field->setObjectName(objectName);
    field->setReadOnly(true);
    field->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return field;
}

namespace {

// Exactly as tall as its wrapped lines.
class WrappedField final : public QPlainTextEdit
{
public:
    explicit WrappedField(QWidget *parent)
        : QPlainTextEdit(parent)
    {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
                [this] { updateGeometry(); });
    }

    QSize sizeHint() const override
    {
        // QPlainTextEdit's document size counts lines, wrapped lines included.
        const qreal lines = std::max<qreal>(1, document()->documentLayout()->documentSize().height());
        const int height = static_cast<int>(lines) * fontMetrics().lineSpacing()
            + static_cast<int>(2 * document()->documentMargin()) + 2 * frameWidth();
        return {QPlainTextEdit::sizeHint().width(), height};
    }
    QSize minimumSizeHint() const override { return {fontMetrics().averageCharWidth() * 12, sizeHint().height()}; }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QPlainTextEdit::resizeEvent(event);
        updateGeometry(); // a new width wraps into a new number of lines
    }
};

} // namespace

QPlainTextEdit *monospaceWrapped(QWidget *parent, const QString &objectName)
{
    auto *text = new WrappedField(parent);
    text->setObjectName(objectName);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setReadOnly(true);
    text->setWordWrapMode(QTextOption::WrapAnywhere);
    return text;
}

QPlainTextEdit *monospaceText(QWidget *parent, const QString &objectName)
{
    auto *text = new QPlainTextEdit(parent);
    text->setObjectName(objectName);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    return text;
}

namespace {

// A panel scrolls up and down only: it is never narrower than its content needs, so a splitter or a
// small window cannot push buttons and fields out of sight to the side.
class PanelArea final : public QScrollArea
{
public:
    using QScrollArea::QScrollArea;

    QSize minimumSizeHint() const override
    {
        QSize size = QScrollArea::minimumSizeHint();
        if (widget())
            size.setWidth(widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width()
                          + 2 * frameWidth());
        return size;
    }
};

} // namespace

void fitToItems(QComboBox *combo)
{
    int text = 0;
    for (int i = 0; i < combo->count(); ++i) {
        const int icon = combo->itemIcon(i).isNull() ? 0 : combo->iconSize().width() + 4;
        text = std::max(text, combo->fontMetrics().horizontalAdvance(combo->itemText(i)) + icon);
    }
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    const QSize probe(100, combo->fontMetrics().height());
    // What the style adds around the text: the frame, the margins and the arrow.
    const QRect room
        = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
    const int decorations = combo->width() - room.width();
    const int byStyle
        = combo->style()->sizeFromContents(QStyle::CT_ComboBox, &option, probe, combo).width() - probe.width();
    combo->setMinimumWidth(text + 2 + std::max(decorations, byStyle));
}

QWidget *scrolling(QWidget *content, QWidget *parent)
{
    auto *area = new PanelArea(parent);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidgetResizable(true);
    area->setWidget(content);
    area->setFrameShape(QFrame::NoFrame);
    area->setFocusPolicy(Qt::NoFocus); // its fields are the stops, not the panel
    return area;
}

void addShortcut(QWidget *owner, const QKeySequence &keys, const std::function<void()> &action)
{
    auto *shortcut = new QShortcut(keys, owner);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(shortcut, &QShortcut::activated, owner, action);
}

void addPrimaryShortcut(QWidget *owner, const std::function<void()> &action)
{
    addShortcut(owner, QKeySequence(Qt::CTRL | Qt::Key_Return), action);
    addShortcut(owner, QKeySequence(Qt::CTRL | Qt::Key_Enter), action);
}

QTableWidget *resultTable(QWidget *parent, const QString &objectName, int columns)
{
    auto *table = new QTableWidget(parent);
    table->setObjectName(objectName);
    table->setColumnCount(columns);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return table;
}

QTableWidgetItem *resultCell(const QString &text, Qt::Alignment alignment)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(alignment);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(OpenPath)
};

} // namespace

void openLocalPath(QWidget *parent, const QString &path)
{
    const bool exists = QFileInfo::exists(path);
    if (exists && QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        return;
    auto *box = new QMessageBox(QMessageBox::Information, QCoreApplication::applicationName(),
                                exists ? Text::tr("No program could open %1.").arg(path)
                                       : Text::tr("%1 does not exist yet.").arg(path),
                                QMessageBox::Close, parent);
    box->setObjectName(QStringLiteral("openPathBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(exists ? Text::tr("Copy the path and open it with a program of your choice.")
                                   : Text::tr("It is written the first time there is something to put in it."));
    QPushButton *copy = box->addButton(Text::tr("Copy path"), QMessageBox::ActionRole);
    copy->setObjectName(QStringLiteral("openPathCopy"));
    QObject::connect(copy, &QPushButton::clicked, box, [path] { QApplication::clipboard()->setText(path); });
    box->open(); // not exec(): the window stays responsive
}

} // namespace vna::ui
