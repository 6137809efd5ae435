// Typing into the Checkpoint sync wizard as a person does: click a field, then type key by key into
// whatever has focus. Every editable field of every page must keep focus and receive every key.
#include <QApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QWizard>

#include "ckptsync/synctab.h"
#include "common/paths.h"
#include "shell/mainwindow.h"
#include "support/modelfiles.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::ui::SyncTab;

class TestSyncTyping final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void typesIntoEveryField_data();
    void typesIntoEveryField();
    void statusClearedAfterScan();

private:
    QTemporaryDir m_dir;
    SyncTab *tab() const { return static_cast<SyncTab *>(m_window->tabContent(u"sync"_s)); }
    std::unique_ptr<vna::ui::MainWindow> m_window;
};

void TestSyncTyping::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"ckpt/global_step_3/actor/dist_ckpt/common.pt"_s), "c"));
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"ckpt/global_step_3/actor/dist_ckpt/.metadata"_s), "m"));
}

void TestSyncTyping::init()
{
    QFile::remove(vna::paths::settingsFile());
    m_window = std::make_unique<vna::ui::MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(m_window->selectTab(u"sync"_s));
}

void TestSyncTyping::cleanup()
{
    m_window.reset();
}

void TestSyncTyping::typesIntoEveryField_data()
{
    QTest::addColumn<int>("page");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::newRow("folder") << int(SyncTab::SourcePage) << u"syncFolder"_s << u"/tmp/ckpt run/x"_s;
    QTest::newRow("source host") << int(SyncTab::SourcePage) << u"syncSourceHost"_s << u"node01"_s;
    QTest::newRow("nodes") << int(SyncTab::NodesPage) << u"syncNodes"_s << u"node[02-04],gpu7"_s;
    QTest::newRow("ssh config") << int(SyncTab::NodesPage) << u"syncSshConfig"_s << u"/tmp/ssh_config"_s;
    QTest::newRow("bandwidth") << int(SyncTab::NodesPage) << u"syncBandwidth"_s << u"250 MiB/s"_s;
}

void TestSyncTyping::typesIntoEveryField()
{
    QFETCH(int, page);
    QFETCH(QString, field);
    QFETCH(QString, text);
    if (page == SyncTab::NodesPage || field == u"syncFolder"_s) {
        // A scanned checkpoint first: the page is then complete, and typing makes it incomplete again.
        auto *folder = child<QLineEdit>(tab(), "syncFolder");
        QTest::mouseClick(folder, Qt::LeftButton, {}, QPoint(10, folder->height() / 2));
        QTest::keyClicks(QApplication::focusWidget(), m_dir.filePath(u"ckpt"_s));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTRY_VERIFY(tab()->wizard()->button(QWizard::NextButton)->isEnabled());
        if (page == SyncTab::NodesPage) {
            QTest::mouseClick(tab()->wizard()->button(QWizard::NextButton), Qt::LeftButton);
            // Arriving at the page, the node list has the focus: typing goes there.
            QTRY_COMPARE(QApplication::focusWidget(), child<QLineEdit>(tab(), "syncNodes"));
        } else
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
        QCOMPARE(tab()->wizard()->currentId(), page);
    }
    if (field == u"syncSourceHost"_s)
        QTest::mouseClick(child<QRadioButton>(tab(), "syncSourceRemote"), Qt::LeftButton, {}, QPoint(5, 5));
    auto *target = tab()->findChild<QWidget *>(field);
    QVERIFY(target);
    auto *spin = qobject_cast<QSpinBox *>(target);
    if (field != u"syncFolder"_s) // the folder already has the focus, its text selected
        QTest::mouseClick(target, Qt::LeftButton, {}, QPoint(10, target->height() / 2));
    if (spin) // a spin box: replace what it shows
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus == target || target->isAncestorOf(focus));
    for (const QChar c : text) {
        QTest::keyClicks(QApplication::focusWidget(), QString(c));
        QTest::qWait(20); // the wizard reacts after each key: let it, as it does between a person's keys
    }
    if (spin)
        QCOMPARE(spin->text(), text);
    else
        QCOMPARE(qobject_cast<QLineEdit *>(target)->text(), text);
    QCOMPARE(QApplication::focusWidget(), focus);
}

// The status bar says "Scanning …" while the folder is read, and nothing of it once the scan is over.
void TestSyncTyping::statusClearedAfterScan()
{
    auto *folder = child<QLineEdit>(tab(), "syncFolder");
    QTest::mouseClick(folder, Qt::LeftButton, {}, QPoint(10, folder->height() / 2));
    QTest::keyClicks(QApplication::focusWidget(), m_dir.filePath(u"ckpt"_s));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QVERIFY2(m_window->statusBar()->currentMessage().startsWith(u"Scanning"_s),
             qPrintable(m_window->statusBar()->currentMessage()));
    QTRY_VERIFY(tab()->wizard()->button(QWizard::NextButton)->isEnabled());
    QVERIFY2(!m_window->statusBar()->currentMessage().startsWith(u"Scanning"_s),
             qPrintable(m_window->statusBar()->currentMessage()));
}

QTEST_MAIN(TestSyncTyping)
#include "tst_synctyping.moc"
