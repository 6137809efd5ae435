// runProcess, the one way core runs a program: what a cancel does to a program that is fed on stdin.
// Killed at once, or (cancelGraceMs) given its end of input and time to finish by itself, as a node's
// shell behind ssh needs to keep what arrived and release its lock before the node is reported.
#include <algorithm>
#include <atomic>
#include <thread>

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include "common/process.h"

using namespace Qt::StringLiterals;

class TestProcess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cancel_data();
    void cancel();
};

void TestProcess::cancel_data()
{
    QTest::addColumn<int>("graceMs");
    QTest::addColumn<bool>("cancelByFlag"); // else the input stream aborts (-1) while feeding
    QTest::addColumn<bool>("endsByItself");
    QTest::newRow("killed, flag") << 0 << true << false;
    QTest::newRow("killed, stream") << 0 << false << false;
    QTest::newRow("grace, flag") << 5000 << true << true;
    QTest::newRow("grace, stream") << 5000 << false << true;
}

void TestProcess::cancel()
{
    QFETCH(int, graceMs);
    QFETCH(bool, cancelByFlag);
    QFETCH(bool, endsByItself);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString got = dir.filePath(u"got"_s);
    const QString ended = dir.filePath(u"ended"_s);
    // Reads its input to the end, then says so (after a pause, as a remote command's shell would).
    vna::ProcessRequest request;
    request.program = u"sh"_s;
    request.arguments = {u"-c"_s, u"cat > \"$1\"; sleep 0.3; echo ended > \"$2\"; echo bye"_s, u"sh"_s, got, ended};
    request.cancelGraceMs = graceMs;
    std::atomic_bool cancel{false};
    std::thread canceler;
    if (cancelByFlag) { // all its input given, canceled while it works
        request.input = QByteArray(3000, 'a');
        canceler = std::thread([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel = true;
        });
    } else { // fed piece by piece, and the stream aborts (as a sync's source stream does on cancel)
        int pieces = 0;
        request.inputStream = [pieces](char *buffer, qint64 max) mutable -> qint64 {
            if (pieces++ == 3)
                return -1;
            const qint64 n = std::min<qint64>(max, 1000);
            std::fill(buffer, buffer + n, 'a');
            return n;
        };
    }
    const vna::ProcessResult r = vna::runProcess(request, &cancel);
    if (canceler.joinable())
        canceler.join();
    QCOMPARE(r.canceled, true);
    QCOMPARE(r.succeeded(), false);
    QCOMPARE(QFile::exists(ended), endsByItself);
    if (endsByItself) {
        // Everything handed over before the cancel arrived, then the end of input; its output is kept.
        QCOMPARE(QFileInfo(got).size(), 3000);
        QCOMPARE(r.out, QByteArray("bye\n"));
    }
}

QTEST_GUILESS_MAIN(TestProcess)
#include "tst_process.moc"
