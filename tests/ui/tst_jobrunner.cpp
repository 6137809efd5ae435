// The job runner every tab uses: the busy row after 200 ms, the status bar set on start and
// cleared or replaced on every end (done, cancelled, replaced), and results only from the job the
// user still waits for.
#include <QApplication>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QVBoxLayout>

#include "common/i18n.h"
#include "common/jobrunner.h"
#include "common/session.h"

using namespace Qt::StringLiterals;
using vna::ui::JobControl;
using vna::ui::JobRunner;
using vna::ui::Session;

class TestJobRunner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ends_data();
    void ends();
    void newerJobReplacesOlder();
    void progressFollowsTheJob();
    void destroyedWhileRunning();
    void languageSwitchDuringTheJob_data();
    void languageSwitchDuringTheJob();
};

void TestJobRunner::ends_data()
{
    QTest::addColumn<QString>("end"); // done, cancel, cancel-deliver
    QTest::addColumn<bool>("delivered");
    QTest::addColumn<QString>("status"); // the status bar afterwards
    QTest::addRow("done") << u"done"_s << true << QString();
    QTest::addRow("cancelled, result dropped") << u"cancel"_s << false << u"Cancelled."_s;
    QTest::addRow("cancelled, partial result shown") << u"cancel-deliver"_s << true << QString();
}

void TestJobRunner::ends()
{
    QFETCH(QString, end);
    QFETCH(bool, delivered);
    QFETCH(QString, status);
    Session session;
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    auto *progress = new QProgressBar(&window);
    auto *cancel = new QPushButton(u"Cancel"_s, &window);
    layout->addWidget(progress);
    layout->addWidget(cancel);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    JobRunner runner(session, &window);
    runner.setBusyRow(progress, cancel);
    QVERIFY(!progress->isVisible());

    auto release = std::make_shared<QSemaphore>();
    int results = 0;
    bool sawCancel = false;
    const auto onCancel = end == u"cancel-deliver" ? JobRunner::OnCancel::Deliver : JobRunner::OnCancel::Drop;
    runner.start<int>(
        u"Working…"_s,
        [release](JobControl &control) {
            while (!control.cancelled && !release->tryAcquire(1, 10)) {}
            return 42;
        },
        [&](int value) {
            QCOMPARE(value, 42);
            ++results;
            sawCancel = runner.wasCancelled();
        },
        onCancel);
    QVERIFY(runner.isRunning());
    QCOMPARE(session.status(), u"Working…"_s);
    QVERIFY(!progress->isVisible()); // not for a job that ends at once
    QTRY_VERIFY(progress->isVisible());
    QVERIFY(cancel->isVisible());

    if (end == u"done")
        release->release();
    else
        QTest::mouseClick(cancel, Qt::LeftButton);
    if (end == u"cancel-deliver") // the click is answered while the job winds down
        QCOMPARE(session.status(), u"Cancelling: what is under way ends first…"_s);
    QTRY_VERIFY(!runner.isRunning());
    QTest::qWait(50); // a dropped result that arrives late must still not be delivered
    QCOMPARE(results, delivered ? 1 : 0);
    QCOMPARE(sawCancel, end == u"cancel-deliver");
    QCOMPARE(session.status(), status);
    QVERIFY(!progress->isVisible());
    QVERIFY(!cancel->isVisible());
    QVERIFY(cancel->isEnabled());
}

void TestJobRunner::newerJobReplacesOlder()
{
    Session session;
    QObject owner;
    JobRunner runner(session, &owner);
    QSignalSpy running(&runner, &JobRunner::runningChanged);
    QList<int> delivered;
    auto gate = std::make_shared<QSemaphore>();
    runner.start<int>(
        u"first"_s,
        [gate](JobControl &control) {
            while (!control.cancelled && !gate->tryAcquire(1, 10)) {}
            return 1;
        },
        [&](int value) { delivered << value; });
    runner.start<int>(
        u"second"_s, [](JobControl &) { return 2; }, [&](int value) { delivered << value; });
    QCOMPARE(session.status(), u"second"_s);
    QTRY_VERIFY(!runner.isRunning());
    QTest::qWait(50);
    QCOMPARE(delivered, QList<int>{2});
    QCOMPARE(running.count(), 2); // one start, one end: the replacement is not a new busy period
    QCOMPARE(session.status(), QString());
}

void TestJobRunner::progressFollowsTheJob()
{
    Session session;
    QProgressBar progress;
    progress.show();
    JobRunner runner(session, &progress);
    runner.setBusyRow(&progress, nullptr);
    auto gate = std::make_shared<QSemaphore>();
    runner.start<int>(
        QString(),
        [gate](JobControl &control) {
            control.total = 200;
            control.done = 50;
            gate->acquire();
            return 0;
        },
        [](int) {});
    QTRY_COMPARE(progress.value(), 50);
    QCOMPARE(progress.maximum(), 200);
    gate->release();
    QTRY_VERIFY(!runner.isRunning());
}

void TestJobRunner::destroyedWhileRunning()
{
    Session session;
    bool delivered = false;
    {
        QObject owner;
        auto *runner = new JobRunner(session, &owner);
        runner->start<int>(
            u"Working…"_s,
            [](JobControl &control) {
                while (!control.cancelled)
                    QThread::msleep(5);
                return 0;
            },
            [&](int) { delivered = true; });
    } // waits for the worker, which stops at the cancel
    QTest::qWait(50);
    QVERIFY(!delivered);
    QCOMPARE(session.status(), QString());
}

// The user switches language while a job runs on a worker: a pure job is run again, so what it
// translated is in the new language; a job with effects is delivered once, and says so.
void TestJobRunner::languageSwitchDuringTheJob_data()
{
    QTest::addColumn<bool>("rerun");
    QTest::addColumn<int>("runs");
    QTest::addColumn<QString>("delivered");
    QTest::addColumn<bool>("anotherLanguage");
    QTest::addRow("pure: run again") << true << 2 << u"已取消。"_s << false;
    QTest::addRow("with effects: delivered as it is") << false << 1 << u"Cancelled."_s << true;
}

void TestJobRunner::languageSwitchDuringTheJob()
{
    QFETCH(bool, rerun);
    QFETCH(int, runs);
    QFETCH(QString, delivered);
    QFETCH(bool, anotherLanguage);
    QVERIFY(vna::i18n::install(u"en"_s));
    Session session;
    QObject owner;
    JobRunner runner(session, &owner,
                     rerun ? JobRunner::OnLanguageChange::Rerun : JobRunner::OnLanguageChange::Deliver);
    QSignalSpy running(&runner, &JobRunner::runningChanged);
    auto gate = std::make_shared<QSemaphore>();
    auto translated = std::make_shared<QSemaphore>();
    auto count = std::make_shared<std::atomic_int>(0);
    QStringList got;
    runner.start<QString>(
        QString(),
        [gate, translated, count](JobControl &) {
            ++*count;
            gate->acquire();
            QString text = QCoreApplication::translate("vna::ui::JobRunner", "Cancelled.");
            translated->release();
            return text;
        },
        [&](const QString &text) { got << text; });
    gate->release();
    QVERIFY(translated->tryAcquire(1, 10000)); // the first run has translated, in English...
    QVERIFY(vna::i18n::install(u"zh_CN"_s));   // ...and the user switches before its result is shown
    gate->release();                           // for the second run, if there is one
    QTRY_VERIFY(!runner.isRunning());
    QCOMPARE(count->load(), runs);
    QCOMPARE(got, QStringList{delivered});
    QCOMPARE(runner.ranInAnotherLanguage(), anotherLanguage);
    QCOMPARE(running.count(), 2); // one busy period, however many runs
    QVERIFY(vna::i18n::install(u"en"_s));
}

QTEST_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
