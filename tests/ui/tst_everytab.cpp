// Every tab as a person meets it, in English and Chinese:
// - at the smallest supported window, 1024×700, after a real result: no button, field or combo
//   narrower than it needs, none outside what can be seen or scrolled to;
// - after a language switch (en → zh_CN → en): what a fresh window in that language says, no English
//   left in the Chinese window and no Chinese left after switching back;
// - every editable field typed into key by key where a click puts the focus.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QTreeWidget>
#include <QWizard>

#include "common/i18n.h"
#include "common/paths.h"
#include "common/tooltab.h"
#include "shell/mainwindow.h"
#include "support/widgetdriver.h"
#include "support/windowtour.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::ui::MainWindow;

namespace {

const QSize kSmallest(1024, 700);

// The nearest scroll area that scrolls `widget` (a panel), or null.
QScrollArea *scrollingArea(QWidget *widget)
{
    for (QWidget *w = widget->parentWidget(); w; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w))
            return area;
    }
    return nullptr;
}

bool insideItemView(QWidget *widget)
{
    for (QWidget *w = widget->parentWidget(); w; w = w->parentWidget()) {
        if (w->inherits("QAbstractItemView") || qobject_cast<QTabBar *>(w))
            return true;
    }
    return false;
}

QString describe(QWidget *widget)
{
    QString text;
    if (auto *button = qobject_cast<QAbstractButton *>(widget))
        text = button->text();
    else if (auto *combo = qobject_cast<QComboBox *>(widget))
        text = combo->currentText();
    return u"%1 \"%2\" (%3)"_s.arg(widget->objectName(), text, QString::fromLatin1(widget->metaObject()->className()));
}

// What a person reads on the window, one line per widget ("logsSummary: …"), with numbers masked
// (times and sizes differ between two runs).
QStringList visibleTexts(QWidget *window)
{
    static const QRegularExpression digits(u"\\d+"_s);
    QStringList out;
    const auto add = [&](QWidget *w, const QString &what, const QString &text) {
        if (!text.trimmed().isEmpty())
            out << w->objectName() + u'.' + what + u": "_s + QString(text).replace(digits, u"#"_s);
    };
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(window) || w->objectName().isEmpty())
            continue;
        if (auto *label = qobject_cast<QLabel *>(w))
            add(w, u"text"_s, label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            add(w, u"text"_s, button->text());
        else if (auto *box = qobject_cast<QGroupBox *>(w))
            add(w, u"title"_s, box->title());
        if (auto *combo = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < combo->count(); ++i)
                add(w, u"item"_s, combo->itemText(i));
        }
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            add(w, u"placeholder"_s, edit->placeholderText());
        if (auto *text = qobject_cast<QPlainTextEdit *>(w))
            add(w, u"placeholder"_s, text->placeholderText());
        if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
            for (int i = 0; i < tabs->count(); ++i)
                add(w, u"tab"_s, tabs->tabText(i));
        }
        if (auto *tree = qobject_cast<QTreeWidget *>(w)) {
            for (int c = 0; c < tree->columnCount(); ++c)
                add(w, u"header"_s, tree->headerItem()->text(c));
            for (int i = 0; i < tree->topLevelItemCount(); ++i)
                for (int c = 0; c < tree->columnCount(); ++c)
                    add(w, u"row"_s, tree->topLevelItem(i)->text(c));
        }
    }
    out.sort();
    return out;
}

QString difference(const QStringList &got, const QStringList &want)
{
    QStringList lines;
    for (const QString &line : got)
        if (!want.contains(line))
            lines << u"  switched: "_s + line;
    for (const QString &line : want)
        if (!got.contains(line))
            lines << u"  fresh:    "_s + line;
    return lines.join(u'\n');
}

// What does not fit on the window as it is now (see everyTabFits).
QStringList layoutProblems(QWidget *window)
{
    QStringList problems;
    const QRect visible = window->rect();
    for (QWidget *widget : window->findChildren<QWidget *>()) {
        const bool field = qobject_cast<QLineEdit *>(widget) || qobject_cast<QAbstractSpinBox *>(widget);
        const bool button = qobject_cast<QAbstractButton *>(widget) || qobject_cast<QComboBox *>(widget);
        if ((!field && !button) || !widget->isVisible() || insideItemView(widget))
            continue;
        if (qobject_cast<QLineEdit *>(widget) && qobject_cast<QComboBox *>(widget->parentWidget()))
            continue; // the combo box is checked
        if (qobject_cast<QLineEdit *>(widget) && qobject_cast<QAbstractSpinBox *>(widget->parentWidget()))
            continue;
        if (qobject_cast<QLineEdit *>(widget->parentWidget()))
            continue; // a line edit's own clear button
        // Wide enough: a button or combo shows its whole text; a field at least its minimum.
        const auto *combo = qobject_cast<QComboBox *>(widget);
        const bool needsAll = button && !(combo && combo->isEditable());
        const int need = needsAll ? widget->sizeHint().width() : widget->minimumSizeHint().width();
        if (widget->width() < need)
            problems << u"%1 is %2 px wide, needs %3"_s.arg(describe(widget)).arg(widget->width()).arg(need);
        // A combo's size hint can be stale (computed before it was filled or translated): measure
        // the choice it shows against the room it has.
        if (combo && !combo->isEditable()) {
            QStyleOptionComboBox option;
            option.initFrom(combo);
            option.currentText = combo->currentText();
            const QRect room
                = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
            const int text = combo->fontMetrics().horizontalAdvance(combo->currentText())
                + (combo->itemIcon(combo->currentIndex()).isNull() ? 0 : combo->iconSize().width() + 4);
            if (text > room.width())
                problems
                    << u"%1 shows its choice in %2 px, needs %3"_s.arg(describe(widget)).arg(room.width()).arg(text);
        }
        // Visible, or in a panel that scrolls only vertically.
        if (QScrollArea *area = scrollingArea(widget)) {
            const int right = widget->mapTo(area->viewport(), QPoint(widget->width(), 0)).x();
            if (area->horizontalScrollBar()->isVisible() || right > area->viewport()->width())
                problems << u"%1 is cut at the side of its panel (%2 px of %3)"_s.arg(describe(widget))
                                .arg(area->viewport()->width())
                                .arg(area->widget()->minimumSizeHint().width());
        } else {
            const QRect rect(widget->mapTo(window, QPoint(0, 0)), widget->size());
            if (!visible.contains(rect))
                problems << u"%1 lies outside the window at %2,%3"_s.arg(describe(widget)).arg(rect.x()).arg(rect.y());
        }
    }
    return problems;
}

} // namespace

class TestEveryTab final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void everyTabFits_data();
    void everyTabFits();
    void everyTabSpeaksOneLanguage_data();
    void everyTabSpeaksOneLanguage();
    void everyFieldTakesTyping_data();
    void everyFieldTakesTyping();

private:
    static void settle(MainWindow &window, const QString &tab);
    // A window on `tab` in `language`, with its result shown.
    std::unique_ptr<MainWindow> openOn(const QString &tab, const QString &language);
    vna::test::WindowTour m_tour;
};

void TestEveryTab::initTestCase()
{
    QVERIFY(m_tour.valid());
}

void TestEveryTab::cleanup()
{
    vna::i18n::install(u"en"_s);
}

void TestEveryTab::everyTabFits_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QSize>("size");
    for (const QSize size : {kSmallest, QSize(1920, 1080)}) {
        for (const QString &language : {u"en"_s, u"zh_CN"_s}) {
            for (const QString &tab : MainWindow::tabIds())
                QTest::addRow("%s %s %dx%d", qPrintable(language), qPrintable(tab), size.width(), size.height())
                    << language << tab << size;
        }
    }
}

// After a language switch: Qt posts LanguageChange to the windows; deliver it now, then wait for
// the jobs the tab started or ran again because of it, so the texts read next are the final ones.
void TestEveryTab::settle(MainWindow &window, const QString &tab)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    if (auto *toolTab = qobject_cast<vna::ui::ToolTab *>(window.tabContent(tab)))
        QTRY_VERIFY_WITH_TIMEOUT(!toolTab->isBusy(), 60000);
    QCoreApplication::processEvents();
}

void TestEveryTab::everyTabFits()
{
    QFETCH(QString, language);
    QFETCH(QString, tab);
    QFETCH(QSize, size);
    QFile::remove(vna::paths::settingsFile());
    QVERIFY(vna::i18n::install(language));
    MainWindow window;
    window.setPersistent(false);
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QApplication::setActiveWindow(&window);
    QVERIFY(window.selectTab(tab));
    QTRY_VERIFY(window.tabContent(tab)->isVisible());
    QVERIFY(m_tour.showResult(window, tab));
    QTest::qWait(300); // layouts settle after the result (word-wrapped labels take a second pass)
    QCOMPARE(window.size(), size);
    // VNA_SCREENSHOTS=dir keeps what the test saw, for people to look at.
    if (const QString dir = qEnvironmentVariable("VNA_SCREENSHOTS"); !dir.isEmpty())
        QVERIFY(
            window.grab().save(u"%1/%2-%3-%4x%5.png"_s.arg(dir, tab, language).arg(size.width()).arg(size.height())));

    // Every page of the tab (result pages, knowledge base, script generator …) in turn.
    QStringList problems = layoutProblems(&window);
    QWidget *content = window.tabContent(tab);
    for (auto *pages : content->findChildren<QTabWidget *>()) {
        const int shown = pages->currentIndex();
        for (int i = 0; i < pages->count(); ++i) {
            pages->setCurrentIndex(i);
            QTest::qWait(50);
            problems << layoutProblems(&window);
            if (const QString dir = qEnvironmentVariable("VNA_SCREENSHOTS"); !dir.isEmpty() && i != shown)
                QVERIFY(window.grab().save(u"%1/%2-%3-%4x%5-page%6.png"_s.arg(dir, tab, language)
                                               .arg(size.width())
                                               .arg(size.height())
                                               .arg(i)));
        }
        pages->setCurrentIndex(shown);
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"\n"_s)));
}

std::unique_ptr<MainWindow> TestEveryTab::openOn(const QString &tab, const QString &language)
{
    vna::i18n::install(language);
    auto window = std::make_unique<MainWindow>();
    window->setPersistent(false);
    window->resize(1280, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !window->selectTab(tab))
        return nullptr;
    QApplication::setActiveWindow(window.get());
    if (!QTest::qWaitFor([&] { return window->tabContent(tab)->isVisible(); }))
        return nullptr;
    if (!m_tour.showResult(*window, tab))
        return nullptr;
    return window;
}

void TestEveryTab::everyTabSpeaksOneLanguage_data()
{
    QTest::addColumn<QString>("tab");
    for (const QString &tab : MainWindow::tabIds())
        QTest::addRow("%s", qPrintable(tab)) << tab;
}

void TestEveryTab::everyTabSpeaksOneLanguage()
{
    QFETCH(QString, tab);
    QFile::remove(vna::paths::settingsFile());
    auto switched = openOn(tab, u"en"_s);
    QVERIFY(switched);
    for (const QString &language : {u"zh_CN"_s, u"en"_s}) {
        // As a person switches: the Language menu.
        auto *action = switched->findChild<QAction *>(u"languageAction_"_s + language);
        QVERIFY(action);
        action->trigger();
        settle(*switched, tab);
        const QStringList got = visibleTexts(switched.get());
        auto fresh = openOn(tab, language);
        QVERIFY(fresh);
        const QStringList want = visibleTexts(fresh.get());
        fresh.reset();
        vna::i18n::install(language); // the switched window's language again
        settle(*switched, tab);
        QVERIFY2(got == want,
                 qPrintable(language + u" after a switch differs from a fresh window:\n"_s + difference(got, want)));
    }
}

// Every editable field on every page of every tab, typed into key by key where the focus lands
// after a click, as a person types: the field holds exactly what was typed.
void TestEveryTab::everyFieldTakesTyping_data()
{
    QTest::addColumn<QString>("tab");
    for (const QString &tab : MainWindow::tabIds())
        QTest::addRow("%s", qPrintable(tab)) << tab;
}

void TestEveryTab::everyFieldTakesTyping()
{
    QFETCH(QString, tab);
    QFile::remove(vna::paths::settingsFile());
    auto window = openOn(tab, u"en"_s);
    QVERIFY(window);
    QWidget *content = window->tabContent(tab);
    // Fields that wait for a choice: the nodes and the multi-node script for Environment, the token
    // range for the Profiler's rollout.
    if (tab == u"environment") {
        QTest::mouseClick(child<QAbstractButton>(content, "envRemote"), Qt::LeftButton, {}, QPoint(5, 5));
        child<QAbstractButton>(content, "envScriptMultiNode")->setChecked(true);
    } else if (tab == u"profiler") {
        child<QAbstractButton>(content, "profilerRole_rollout")->setChecked(true);
    }
    // Every page of the tab (its tab widgets' and stacks' pages) in turn. The sync wizard's later
    // pages need a scanned checkpoint and valid nodes first: tst_synctyping types into those.
    QList<std::function<void()>> pages{[] {}};
    for (auto *tabs : content->findChildren<QTabWidget *>()) {
        for (int i = 0; i < tabs->count(); ++i)
            pages << [tabs, i] { tabs->setCurrentIndex(i); };
    }
    for (auto *stack : content->findChildren<QStackedWidget *>()) {
        if (qobject_cast<QTabWidget *>(stack->parentWidget()) || stack->inherits("QWizard")
            || qobject_cast<QWizard *>(stack->parentWidget()))
            continue;
        for (int i = 0; i < stack->count(); ++i)
            pages << [stack, i] { stack->setCurrentIndex(i); };
    }
    QStringList typedInto;
    QStringList problems;
    for (const auto &open : pages) {
        open();
        QTest::qWait(20);
        for (QWidget *w : content->findChildren<QWidget *>()) {
            if (!w->isVisible() || !w->isEnabled() || insideItemView(w) || w->objectName().isEmpty()
                || typedInto.contains(w->objectName()))
                continue;
            auto *line = qobject_cast<QLineEdit *>(w);
            auto *text = qobject_cast<QPlainTextEdit *>(w);
            auto *combo = qobject_cast<QComboBox *>(w);
            auto *spin = qobject_cast<QAbstractSpinBox *>(w);
            if (line
                && (line->isReadOnly() || qobject_cast<QComboBox *>(w->parentWidget())
                    || qobject_cast<QAbstractSpinBox *>(w->parentWidget())))
                continue;
            if (text && text->isReadOnly())
                continue;
            if (combo && !combo->isEditable())
                continue;
            if (!line && !text && !combo && !spin)
                continue;
            const QString typed = spin ? u"42"_s : combo ? u"0.7x"_s : u"ab/c d-1,2"_s;
            QTest::mouseClick(w, Qt::LeftButton, {}, QPoint(std::min(10, w->width() / 2), w->height() / 2));
            QWidget *focus = QApplication::focusWidget();
            if (!focus || (focus != w && !w->isAncestorOf(focus))) {
                problems << u"%1: a click leaves the focus on %2"_s.arg(w->objectName(),
                                                                        focus ? focus->objectName() : u"nothing"_s);
                continue;
            }
            QTest::keyClick(focus, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClick(focus, Qt::Key_Delete);
            for (const QChar c : typed)
                QTest::keyClick(QApplication::focusWidget(), c.toLatin1());
            const auto *integer = qobject_cast<QSpinBox *>(w);
            const QString held = line ? line->text()
                : text                ? text->toPlainText()
                : combo               ? combo->currentText()
                : integer             ? integer->cleanText()
                                      : spin->text();
            if (held != typed)
                problems << u"%1 holds \"%2\" after typing \"%3\""_s.arg(w->objectName(), held, typed);
            typedInto << w->objectName();
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    QVERIFY2(tab == u"home" || !typedInto.isEmpty(), qPrintable(tab));
    qInfo("%s: typed into %s", qPrintable(tab), qPrintable(typedInto.join(u", "_s)));
}

QTEST_MAIN(TestEveryTab)
#include "tst_everytab.moc"
