// The whole window, every tab and page with its result on screen, checked as a new user meets it:
// - its minimum size still fits a 1024×700 screen after every page was opened (English, Chinese);
// - in a pseudo-locale made from the catalogue, every text a person reads carries the catalogue's
//   mark, after a switch from English: what lacks it was never translated, or not again after the
//   switch (data — paths, keys, numbers, log lines — excepted);
// - no two mnemonics reachable at once (menu bar and the visible page, or one menu) share a letter;
// - Tab walks the page in reading order, leaves every table at once, and the focused widget shows
//   that it has the focus.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QFontInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextEdit>

#include "common/i18n.h"
#include "common/paths.h"
#include "common/tooltab.h"
#include "shell/mainwindow.h"
#include "support/windowtour.h"

using namespace Qt::StringLiterals;
using vna::ui::MainWindow;

namespace {

const QChar kOpen(0x27E6);  // ⟦, as i18n::marked() writes it
const QChar kClose(0x27E7); // ⟧

// What is left of a text once every ⟦…⟧ (nested ones too) is taken out, and every quotation (a
// message quoted from upstream, a value the user gave).
QString unmarked(const QString &text)
{
    QString rest;
    int depth = 0;
    for (const QChar c : text) {
        if (c == kOpen)
            ++depth;
        else if (c == kClose)
            depth = std::max(0, depth - 1);
        else if (depth == 0)
            rest += c;
    }
    static const QRegularExpression quoted(u"“[^”]*”|\"[^\"]*\"|「[^」]*」"_s);
    return rest.remove(quoted);
}

// Words that are names, the same in every language: products, tools, units.
const QSet<QString> &names()
{
    static const QSet<QString> set{
        u"verl"_s,     u"vLLM"_s,    u"vllm"_s,    u"SGLang"_s,      u"sglang"_s,  u"Ray"_s,    u"Hydra"_s,
        u"Megatron"_s, u"FSDP"_s,    u"Ascend"_s,  u"CANN"_s,        u"torch"_s,   u"Qwen"_s,   u"Llama"_s,
        u"DeepSeek"_s, u"bash"_s,    u"scp"_s,     u"clush"_s,       u"pdcp"_s,    u"rsync"_s,  u"ssh"_s,
        u"MiB"_s,      u"GiB"_s,     u"KiB"_s,     u"TiB"_s,         u"MB"_s,      u"GB"_s,     u"ms"_s,
        u"npu"_s,      u"cpu"_s,     u"naive"_s,   u"hccl"_s,        u"nccl"_s,    u"fsdp"_s,   u"megatron"_s,
        u"actor"_s,    u"rollout"_s, u"ref"_s,     u"critic"_s,      u"reward"_s,  u"true"_s,   u"false"_s,
        u"auto"_s,     u"python"_s,  u"npu-smi"_s, u"vllm-ascend"_s, u"mbridge"_s, u"sysctl"_s, u"py-spy"_s,
    };
    return set;
}

// The first word a person reads as English prose in what is left of a text, or empty. Data is not
// prose: anything with a digit, a path, a dotted or snake_case key, CamelCase or an acronym, a name.
QString proseIn(const QString &rest)
{
    static const QRegularExpression word(u"[A-Za-z][A-Za-z'-]*[A-Za-z]"_s);
    static const QRegularExpression token(u"\\S+"_s);
    for (auto t = token.globalMatch(rest); t.hasNext();) {
        const QString whole = t.next().captured();
        static const QRegularExpression trim(u"^[\"'“‘(\\[«]+|[\"'”’)\\]»,;:.!?…]+$"_s);
        QString bare = QString(whole).remove(trim).remove(trim);
        const auto m = word.match(bare);
        if (!m.hasMatch() || m.capturedLength() != bare.size() || bare.count(u'-') >= 2)
            continue; // a path, a key, a number, a version, an id-like-this-one: data
        if (bare.toUpper() == bare || names().contains(bare))
            continue; // an acronym or a name
        bool innerCapital = false;
        for (qsizetype i = 1; i < bare.size(); ++i)
            innerCapital = innerCapital || bare.at(i).isUpper();
        if (!innerCapital)
            return bare;
    }
    return {};
}

// Widgets that show data only — what the user typed, read or runs — and why.
bool showsData(const QWidget *w)
{
    static const QRegularExpression data(u"^(logsExcerpt.*|.*Script|.*Export|.*Command.*|syncLog|logsText)$"_s);
    return data.match(w->objectName()).hasMatch();
}

// Monospace is how the window shows data: code, keys, commands, log lines.
bool monospace(const QFont &font)
{
    return QFontInfo(font).fixedPitch() || font.styleHint() == QFont::Monospace || font.styleHint() == QFont::TypeWriter
        || font.family().contains(u"mono"_s, Qt::CaseInsensitive)
        || font.family().contains(u"courier"_s, Qt::CaseInsensitive);
}

// A rich text's lines, without the parts set in monospace.
QStringList proseLines(const QTextDocument *document)
{
    QStringList lines;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        QString line;
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (!format.fontFixedPitch() && !monospace(format.font()))
                line += fragment.text();
        }
        lines << line;
    }
    return lines;
}

bool shownIn(const QWidget *w, const QWidget *window)
{
    return w->isVisibleTo(window) && w->window() == window;
}

// Every text the window shows now: "where: text" per text.
QStringList visibleTexts(QWidget *window, QStatusBar *status)
{
    QStringList out;
    const auto add = [&](const QObject *o, const QString &what, QString text) {
        if (Qt::mightBeRichText(text))
            text = QTextDocumentFragment::fromHtml(text).toPlainText();
        text = text.trimmed();
        if (!text.isEmpty())
            out << u"%1 (%2) %3: %4"_s.arg(o->objectName(), QString::fromLatin1(o->metaObject()->className()), what,
                                           text);
    };
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!shownIn(w, window) || showsData(w) || monospace(w->font()))
            continue;
        if (auto *label = qobject_cast<QLabel *>(w); label && Qt::mightBeRichText(label->text())) {
            QTextDocument document;
            document.setHtml(label->text());
            add(w, u"text"_s, proseLines(&document).join(u'\n'));
        } else if (label)
            add(w, u"text"_s, label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            add(w, u"text"_s, button->text());
        else if (auto *box = qobject_cast<QGroupBox *>(w))
            add(w, u"title"_s, box->title());
        else if (auto *bar = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < bar->count(); ++i)
                add(w, u"tab"_s, bar->tabText(i));
        } else if (auto *combo = qobject_cast<QComboBox *>(w); combo && !combo->isEditable()) {
            for (int i = 0; i < combo->count(); ++i)
                add(w, u"item"_s, combo->itemText(i));
        } else if (auto *line = qobject_cast<QLineEdit *>(w); line && line->text().isEmpty()) {
            add(w, u"placeholder"_s, line->placeholderText());
        } else if (auto *plain = qobject_cast<QPlainTextEdit *>(w)) {
            if (plain->toPlainText().isEmpty())
                add(w, u"placeholder"_s, plain->placeholderText());
        } else if (auto *rich = qobject_cast<QTextEdit *>(w)) {
            if (rich->toPlainText().isEmpty())
                add(w, u"placeholder"_s, rich->placeholderText());
            else if (rich->isReadOnly())
                for (const QString &row : proseLines(rich->document()))
                    add(w, u"line"_s, row);
        } else if (auto *view = qobject_cast<QAbstractItemView *>(w);
                   view && view->model() && !qobject_cast<QHeaderView *>(w)) {
            const QAbstractItemModel *model = view->model();
            for (int c = 0; c < model->columnCount(); ++c)
                add(w, u"header"_s, model->headerData(c, Qt::Horizontal).toString());
            const std::function<void(const QModelIndex &, int)> rows = [&](const QModelIndex &parent, int depth) {
                for (int r = 0; r < std::min(model->rowCount(parent), 40); ++r) {
                    for (int c = 0; c < model->columnCount(parent); ++c) {
                        const QModelIndex index = model->index(r, c, parent);
                        const QVariant font = index.data(Qt::FontRole);
                        if (!font.isValid() || !monospace(font.value<QFont>()))
                            add(w, u"cell %1,%2"_s.arg(r).arg(c), index.data().toString());
                        if (c == 0 && depth < 3)
                            rows(index, depth + 1);
                    }
                }
            };
            rows(QModelIndex(), 0);
        } else if (auto *chartView = qobject_cast<QChartView *>(w); chartView && chartView->chart()) {
            QChart *chart = chartView->chart();
            add(w, u"chart title"_s, chart->title());
            for (QAbstractAxis *axis : chart->axes()) {
                add(w, u"axis"_s, axis->titleText());
                if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
                    for (const QString &category : categories->categories())
                        add(w, u"category"_s, category);
            }
            for (QLegendMarker *marker :
                 chart->legend()->isVisible() ? chart->legend()->markers() : QList<QLegendMarker *>())
                add(w, u"legend"_s, marker->label());
        }
    }
    add(status, u"message"_s, status->currentMessage());
    add(window, u"title"_s, window->windowTitle());
    return out;
}

// The widgets on screen that ask for the most width or height of their own (not through what they
// hold): where to look when the window asks for more than `room`.
QStringList widestWidgets(QWidget *window, const QSize &room)
{
    QList<std::pair<int, QString>> found;
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible())
            continue;
        const QSize need = w->minimumSizeHint().expandedTo(w->minimumSize());
        int own = need.width() * room.height() > need.height() * room.width() ? need.width() * 1000 / room.width()
                                                                              : need.height() * 1000 / room.height();
        for (QWidget *inner : w->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
            const QSize innerNeed = inner->minimumSizeHint().expandedTo(inner->minimumSize());
            if (inner->isVisible()
                && (innerNeed.width() >= need.width() - 40 || innerNeed.height() >= need.height() - 40))
                own = 0; // one of its children asks for it
        }
        if (own > 400)
            found.append({own,
                          u"%1 (%2) %3x%4"_s.arg(w->objectName(), QString::fromLatin1(w->metaObject()->className()))
                              .arg(need.width())
                              .arg(need.height())});
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    QStringList out;
    for (qsizetype i = 0; i < std::min<qsizetype>(found.size(), 6); ++i)
        out << found.at(i).second;
    return out;
}

// The Alt+letter of a text ("&Scan" → "S"), or empty.
QString mnemonicOf(const QString &text)
{
    return QKeySequence::mnemonic(text).toString(QKeySequence::PortableText).section(u'+', -1).toUpper();
}

QString nameOf(const QObject *o)
{
    return u"%1 (%2)"_s.arg(o->objectName(), QString::fromLatin1(o->metaObject()->className()));
}

// Mnemonics a person can press at once: the menu bar's and the page's visible, enabled buttons,
// labels with a buddy, group boxes and tabs; then each menu's own items. "Alt+B: a, b" per clash.
QStringList mnemonicClashes(QMainWindow *window)
{
    QStringList clashes;
    const auto clashesIn = [&clashes](const QList<std::pair<QString, QString>> &owners, const QString &scope) {
        QMap<QString, QStringList> byKey;
        for (const auto &[key, owner] : owners)
            if (!key.isEmpty() && !byKey[key].contains(owner))
                byKey[key] << owner;
        for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
            if (it.value().size() > 1)
                clashes << u"%1 Alt+%2: %3"_s.arg(scope, it.key(), it.value().join(u", "_s));
    };
    QList<std::pair<QString, QString>> owners;
    for (QAction *action : window->menuBar()->actions()) {
        if (action->isVisible())
            owners.append({mnemonicOf(action->text()), u"menu \"%1\""_s.arg(action->text())});
        if (QMenu *menu = action->menu()) {
            QList<std::pair<QString, QString>> items;
            for (QAction *item : menu->actions())
                if (item->isVisible() && !item->isSeparator())
                    items.append({mnemonicOf(item->text()), u"\"%1\""_s.arg(item->text())});
            clashesIn(items, u"in the menu \"%1\","_s.arg(action->text()));
        }
    }
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible() || !w->isEnabled() || w->window() != window)
            continue;
        const QString who = nameOf(w);
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            owners.append({mnemonicOf(button->text()), u"%1 \"%2\""_s.arg(who, button->text())});
        else if (auto *label = qobject_cast<QLabel *>(w); label && label->buddy())
            owners.append({mnemonicOf(label->text()), u"%1 \"%2\""_s.arg(who, label->text())});
        else if (auto *box = qobject_cast<QGroupBox *>(w))
            owners.append({mnemonicOf(box->title()), u"%1 \"%2\""_s.arg(who, box->title())});
        else if (auto *bar = qobject_cast<QTabBar *>(w))
            for (int i = 0; i < bar->count(); ++i)
                if (bar->isTabEnabled(i))
                    owners.append({mnemonicOf(bar->tabText(i)), u"%1 \"%2\""_s.arg(who, bar->tabText(i))});
    }
    clashesIn(owners, u"on the page,"_s);
    if (qEnvironmentVariableIsSet("VNA_MNEMONICS")) { // every letter taken, to choose a free one
        QStringList taken;
        for (const auto &[key, owner] : owners)
            if (!key.isEmpty())
                taken << key + u' ' + owner;
        taken.sort();
        qInfo("%s", qPrintable(taken.join(u"\n"_s)));
    }
    return clashes;
}

// Where a widget sits on the page, as read: in the window's coordinates, but inside a scroll area
// where its content would lie unscrolled (the area scrolls as the focus moves).
QRect placeOf(QWidget *w, QWidget *window)
{
    QPoint offset;
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(p); area && area->widget() && area->widget()->isAncestorOf(w)) {
            offset = QPoint(area->horizontalScrollBar()->value(), area->verticalScrollBar()->value());
            break;
        }
    }
    return QRect(w->mapTo(window, QPoint(0, 0)) + offset, w->size());
}

// How many pixels of `w` change when it gains the focus by the keyboard.
int focusPixels(QWidget *w)
{
    const QImage focused = w->grab().toImage();
    w->clearFocus();
    QCoreApplication::processEvents();
    const QImage plain = w->grab().toImage();
    w->setFocus(Qt::TabFocusReason);
    QCoreApplication::processEvents();
    if (focused.size() != plain.size())
        return 0;
    int changed = 0;
    for (int y = 0; y < plain.height(); ++y) {
        for (int x = 0; x < plain.width(); ++x) {
            const QColor a = plain.pixelColor(x, y);
            const QColor b = focused.pixelColor(x, y);
            changed
                += std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) > 90;
        }
    }
    return changed;
}

} // namespace

class TestWholeWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void minimumSizeFitsAfterEveryPage_data();
    void minimumSizeFitsAfterEveryPage();
    void everyTextIsTranslated();
    void noMnemonicsClash_data();
    void noMnemonicsClash();
    void tabFollowsReadingOrder();

private:
    std::unique_ptr<MainWindow> openWindow(const QSize &size);
    vna::test::WindowTour m_tour;
};

void TestWholeWindow::initTestCase()
{
    QVERIFY(m_tour.valid());
}

void TestWholeWindow::init()
{
    QFile::remove(vna::paths::settingsFile());
}

void TestWholeWindow::cleanup()
{
    vna::i18n::install(u"en"_s);
}

std::unique_ptr<MainWindow> TestWholeWindow::openWindow(const QSize &size)
{
    auto window = std::make_unique<MainWindow>();
    window->setPersistent(false);
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    QApplication::setActiveWindow(window.get());
    return window;
}

void TestWholeWindow::minimumSizeFitsAfterEveryPage_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("zh_CN") << u"zh_CN"_s;
}

// The window can always be made as small as the smallest screen it supports, whichever pages were
// opened: a page that asks for more makes every tab's right side unreachable on that screen.
void TestWholeWindow::minimumSizeFitsAfterEveryPage()
{
    QFETCH(QString, language);
    QVERIFY(vna::i18n::install(language));
    const QSize smallest(1024, 700);
    auto window = openWindow(smallest);
    QVERIFY(window);
    QStringList problems;
    const auto check = [&](const QString &stop) {
        const QSize need = window->minimumSizeHint().expandedTo(window->minimumSize());
        if (need.width() > smallest.width() || need.height() > smallest.height())
            problems << u"after %1 the window needs %2x%3, because of %4"_s.arg(stop)
                            .arg(need.width())
                            .arg(need.height())
                            .arg(widestWidgets(window.get(), smallest).join(u", "_s));
    };
    QVERIFY(m_tour.visitEveryTab(*window, check));
    // Back to the first tab: what was opened still counts.
    QVERIFY(window->selectTab(u"home"_s));
    check(u"the tour, back home"_s);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

// Every text on every page in a pseudo-locale switched to from English, its results shown before
// the switch. Unmarked prose was never given to tr(), is missing from the catalogue, or was made
// once and not made again when the language changed.
void TestWholeWindow::everyTextIsTranslated()
{
    QVERIFY(vna::i18n::install(u"en"_s));
    auto window = openWindow(QSize(1280, 800));
    QVERIFY(window);
    // Results first, in English, on every tab; then the switch.
    QVERIFY(m_tour.visitEveryTab(*window, [](const QString &) {}));
    QVERIFY(vna::i18n::install(vna::i18n::pseudoCode()));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QStringList problems;
    const auto check = [&](const QString &stop) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        for (const QString &text : visibleTexts(window.get(), window->statusBar())) {
            const QString prose = proseIn(unmarked(text.section(u": "_s, 1)));
            if (!prose.isEmpty())
                problems << u"[%1] \"%2\" in %3"_s.arg(stop, prose, text);
        }
    };
    for (const QString &tab : MainWindow::tabIds()) {
        QVERIFY(window->selectTab(tab));
        // What a tab does again because of the switch (a read-only check whose answers were worded
        // on the nodes' side) is done first.
        if (auto *toolTab = qobject_cast<vna::ui::ToolTab *>(window->tabContent(tab)))
            QTRY_VERIFY_WITH_TIMEOUT(!toolTab->isBusy(), 60000);
        QTest::qWait(20);
        check(tab);
    }
    // And every page again, its results made anew in the pseudo-locale.
    QVERIFY(m_tour.visitEveryTab(*window, check));
    problems.removeDuplicates();
    for (const QString &problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem)); // QVERIFY2 cuts a long message short
    QVERIFY2(problems.isEmpty(),
             qPrintable(u"%1 texts lack the mark, the first: %2"_s.arg(problems.size()).arg(problems.value(0))));
}

void TestWholeWindow::noMnemonicsClash_data()
{
    minimumSizeFitsAfterEveryPage_data();
}

// Alt+letter does one thing wherever the user is: the menu bar and the page on screen share no
// letter (Alt+F opens File, never a field too), nor do two items of one menu.
void TestWholeWindow::noMnemonicsClash()
{
    QFETCH(QString, language);
    QVERIFY(vna::i18n::install(language));
    auto window = openWindow(QSize(1280, 800));
    QVERIFY(window);
    QStringList problems;
    QVERIFY(m_tour.visitEveryTab(*window, [&](const QString &stop) {
        for (const QString &clash : mnemonicClashes(window.get()))
            problems << u"[%1] %2"_s.arg(stop, clash);
    }));
    problems.removeDuplicates();
    for (const QString &problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(),
             qPrintable(u"%1 clashes, the first: %2"_s.arg(problems.size()).arg(problems.value(0))));
}

// From the tab bar, Tab goes down each column and then on to the next, leaves a table at once, and
// every stop shows that it has the focus.
void TestWholeWindow::tabFollowsReadingOrder()
{
    QVERIFY(vna::i18n::install(u"en"_s));
    auto window = openWindow(QSize(1280, 800));
    QVERIFY(window);
    auto *tabs = window->findChild<QTabWidget *>(u"tabs"_s);
    QStringList problems;
    QVERIFY(m_tour.visitEveryTab(*window, [&](const QString &stop) {
        tabs->tabBar()->setFocus(Qt::TabFocusReason);
        window->setAttribute(Qt::WA_KeyboardFocusChange); // as pressing Tab sets it: styles draw focus then
        QList<QWidget *> chain;
        for (int i = 0; i < 300; ++i) {
            QWidget *focus = QApplication::focusWidget();
            if (!focus || chain.contains(focus))
                break;
            chain << focus;
            // Where Tab took it, the user sees it: a panel scrolls it into view.
            if (focus->visibleRegion().isEmpty())
                problems << u"[%1] %2 has the focus out of sight"_s.arg(stop, nameOf(focus));
            QTest::keyClick(focus, Qt::Key_Tab);
            if (QApplication::focusWidget() == focus) {
                problems << u"[%1] Tab stays in %2"_s.arg(stop, nameOf(focus));
                break;
            }
        }
        // The walk is a ring: read it from its top left stop.
        const auto topLeft = std::min_element(chain.begin(), chain.end(), [&](QWidget *a, QWidget *b) {
            const QRect ra = placeOf(a, window.get());
            const QRect rb = placeOf(b, window.get());
            return std::pair(ra.top(), ra.left()) < std::pair(rb.top(), rb.left());
        });
        std::rotate(chain.begin(), topLeft, chain.end());
        if (qEnvironmentVariableIsSet("VNA_TABCHAIN")) {
            QStringList stops;
            for (QWidget *w : std::as_const(chain))
                stops
                    << u"%1 %2,%3"_s.arg(nameOf(w)).arg(placeOf(w, window.get()).x()).arg(placeOf(w, window.get()).y());
            qInfo("%s: %s", qPrintable(stop), qPrintable(stops.join(u" → "_s)));
        }
        for (qsizetype i = 0; i < chain.size(); ++i) {
            QWidget *w = chain.at(i);
            const QRect here = placeOf(w, window.get());
            if (i > 0) {
                const QRect before = placeOf(chain.at(i - 1), window.get());
                const bool sameColumn = here.left() < before.right() && before.left() < here.right();
                // To the left, not on a later row: it came first when read (an earlier column, or
                // the same row).
                const bool backLeft = here.right() < before.left() && here.top() < before.bottom();
                if ((sameColumn && here.bottom() < before.top()) || backLeft)
                    problems << u"[%1] Tab goes back from %2 at %3,%4 to %5 at %6,%7"_s
                                    .arg(stop, nameOf(chain.at(i - 1)))
                                    .arg(before.x())
                                    .arg(before.y())
                                    .arg(nameOf(w))
                                    .arg(here.x())
                                    .arg(here.y());
            }
            w->setFocus(Qt::TabFocusReason);
            const int pixels = focusPixels(w);
            const int needed = std::min(w->width(), w->height()); // a line along one side, at least
            if (pixels < needed)
                problems
                    << u"[%1] %2 shows its focus in %3 px (needs %4)"_s.arg(stop, nameOf(w)).arg(pixels).arg(needed);
        }
    }));
    problems.removeDuplicates();
    for (const QString &problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(),
             qPrintable(u"%1 problems, the first: %2"_s.arg(problems.size()).arg(problems.value(0))));
}

QTEST_MAIN(TestWholeWindow)
#include "tst_wholewindow.moc"
