// Hostile input in the whole window: a 50 MB paste into every text box and every line field, and
// folders, devices, FIFOs and unreadable files dropped on every drop target. Nothing may stall,
// crash or accept what it cannot use without saying so at the field.
#include <sys/stat.h>
#include <unistd.h>

#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>

#include "common/fieldcheck.h"
#include "common/paths.h"
#include "common/textbox.h"
#include "common/tooltab.h"
#include "shell/mainwindow.h"
#include "support/modelfiles.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using namespace vna;
using namespace vna::ui;
using vna::test::child;

namespace {

// 50 MB of log-like lines.
QString fiftyMegabytes()
{
    const QString line = u"(WorkerDict pid=1, ip=10.0.0.1) INFO step:1 - actor/pg_loss:0.01\n"_s;
    static const QString text = line.repeated(50 * 1000 * 1000 / line.size() + 1).left(50 * 1000 * 1000);
    return text;
}

// Shows every stacked page on the way from the tab to `widget`, as choosing that page would.
void reveal(QWidget *widget)
{
    for (QWidget *child = widget, *parent = widget->parentWidget(); parent;
         child = parent, parent = parent->parentWidget()) {
        if (auto *stack = qobject_cast<QStackedWidget *>(parent))
            stack->setCurrentWidget(child);
    }
}

void paste(QWidget *field)
{
    reveal(field);
    field->setFocus();
    QTest::keyClick(field, Qt::Key_V, Qt::ControlModifier);
}

} // namespace

class TestHostileInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QFile::remove(paths::settingsFile());
        m_window = std::make_unique<MainWindow>();
        m_window->setPersistent(false);
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void hugePasteIntoTextBox_data();
    void hugePasteIntoTextBox();
    void hugePasteIntoEveryLineField_data();
    void hugePasteIntoEveryLineField();
    void dropHostileFile_data();
    void dropHostileFile();

private:
    QWidget *tab(const QString &id)
    {
        if (!m_window->selectTab(id))
            return nullptr;
        QWidget *content = m_window->tabContent(id);
        // A tab built on first use is shown by the event loop.
        for (int i = 0; content && !content->isVisible() && i < 100; ++i)
            QTest::qWait(50);
        return content && content->isVisible() ? content : nullptr;
    }

    std::unique_ptr<MainWindow> m_window;
};

void TestHostileInput::hugePasteIntoTextBox_data()
{
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("box");
    QTest::addColumn<QString>("message");
    QTest::addRow("bucket assertion") << u"bucket"_s << u"bucketMessage"_s << u"bucketMessageMessage"_s;
    QTest::addRow("profiler import") << u"profiler"_s << u"profilerImportText"_s << u"profilerImportMessage"_s;
    QTest::addRow("profiler script") << u"profiler"_s << u"profilerScript"_s << u"profilerScriptMessage"_s;
    QTest::addRow("logs paste") << u"logs"_s << u"logsPaste"_s << u"logsPasteMessage"_s;
    QTest::addRow("logs pattern sample") << u"logs"_s << u"logsSample"_s << u"logsSampleMessage"_s;
}

void TestHostileInput::hugePasteIntoTextBox()
{
    QFETCH(QString, tab);
    QFETCH(QString, box);
    QFETCH(QString, message);
    QWidget *content = this->tab(tab);
    QVERIFY(content);
    auto *text = child<TextBox>(content, box.toLatin1().constData());
    auto *label = child<FieldMessage>(content, message.toLatin1().constData());

    QApplication::clipboard()->setText(fiftyMegabytes());
    paste(text);
    QCOMPARE(text->toPlainText(), QString());
    QVERIFY(label->isVisible());
    QVERIFY2(label->message().startsWith(u"Not pasted: the text is 50.0 MB"_s), qPrintable(label->message()));

    // What fits is pasted, and the refusal goes away.
    QApplication::clipboard()->setText(u"global_profiler.tool=npu"_s);
    paste(text);
    QCOMPARE(text->toPlainText(), u"global_profiler.tool=npu"_s);
    QVERIFY(!label->message().startsWith(u"Not pasted"_s));
}

void TestHostileInput::hugePasteIntoEveryLineField_data()
{
    QTest::addColumn<QString>("tab");
    for (const QString &id : MainWindow::tabIds())
        QTest::addRow("%s", qPrintable(id)) << id;
}

void TestHostileInput::hugePasteIntoEveryLineField()
{
    QFETCH(QString, tab);
    QWidget *content = this->tab(tab);
    QVERIFY(content);
    QApplication::clipboard()->setText(fiftyMegabytes());
    int fields = 0;
    for (QLineEdit *field : content->findChildren<QLineEdit *>()) {
        if (field->isReadOnly() || !field->isEnabled())
            continue;
        ++fields;
        paste(field);
        // A line field keeps at most its maximum length; validation then says what is wrong.
        QVERIFY2(field->text().size() <= field->maxLength(), qPrintable(field->objectName()));
        QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(field, Qt::Key_Delete);
    }
    QTest::qWait(50); // debounced validation and previews run on the pasted text
    if (tab != u"home")
        QVERIFY2(fields > 0, "every tool tab has line fields");
}

void TestHostileInput::dropHostileFile_data()
{
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("kind");
    for (const QString &tab : {u"bucket"_s, u"profiler"_s, u"logs"_s}) {
        for (const QString &kind : {u"folder"_s, u"device"_s, u"fifo"_s, u"unreadable"_s, u"missing"_s})
            QTest::addRow("%s %s", qPrintable(tab), qPrintable(kind)) << tab << kind;
    }
}

void TestHostileInput::dropHostileFile()
{
    QFETCH(QString, tab);
    QFETCH(QString, kind);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path;
    if (kind == u"folder") {
        path = dir.filePath(u"a folder"_s);
        QVERIFY(QDir().mkpath(path));
    } else if (kind == u"device") {
        path = u"/dev/zero"_s;
    } else if (kind == u"fifo") {
        path = dir.filePath(u"pipe"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (kind == u"unreadable") {
        if (::geteuid() == 0) {
            path = u"/proc/sys/vm/compact_memory"_s; // write-only: even root gets "Permission denied"
        } else {
            path = dir.filePath(u"secret.log"_s);
            test::writeFile(path, "x\n");
            QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));
        }
    } else {
        path = dir.filePath(u"gone.log"_s);
    }

    QWidget *content = this->tab(tab);
    QVERIFY(content);
    auto *toolTab = qobject_cast<ToolTab *>(content);
    QVERIFY(toolTab);
    QSignalSpy status(&toolTab->session(), &vna::ui::Session::statusChanged);

    QVERIFY(test::dropFiles(content, {path}));

    // Within a few seconds (background reads included) the tab says something about the file,
    // at a field or in the status bar.
    const QString name = QFileInfo(path).fileName();
    const auto said = [&] {
        for (const auto &args : std::as_const(status)) {
            if (args.constFirst().toString().contains(name))
                return true;
        }
        for (const FieldMessage *message : content->findChildren<FieldMessage *>()) {
            if (message->isVisible() && message->message().contains(name))
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(said(), 10000);
}

QTEST_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
