// runProcess, the one way core runs a program: what a cancel does to a program that is fed on stdin.
// Killed at once, or (cancelGraceMs) given its end of input and time to finish by itself, as a node's
// shell behind ssh needs to keep what arrived and release its lock before the node is reported. Held
// input (holdInput) ends only with the cancel.
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
    QTest::addColumn<QString>("input"); // given whole, streamed (aborts with -1), or held open with none
    QTest::addColumn<bool>("endsByItself");
    QTest::newRow("killed, given") << 0 << u"given"_s << false;
    QTest::newRow("killed, stream") << 0 << u"stream"_s << false;
    QTest::newRow("killed, held") << 0 << u"held"_s << false;
    QTest::newRow("grace, given") << 5000 << u"given"_s << true;
    QTest::newRow("grace, stream") << 5000 << u"stream"_s << true;
    QTest::newRow("grace, held") << 5000 << u"held"_s << true;
}

void TestProcess::cancel()
{
    QFETCH(int, graceMs);
    QFETCH(QString, input);
    QFETCH(bool, endsByItself);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString got = dir.filePath(u"got"_s);
    const QString ended = dir.filePath(u"ended"_s);
    const QString canceled = dir.filePath(u"canceled"_s); // made just before the cancel
    // Reads its input to the end, then says so (after a pause, as a remote command's shell would), and
    // whether that end came after the cancel.
    vna::ProcessRequest request;
    request.program = u"sh"_s;
    request.arguments = {u"-c"_s,
                         u"cat > \"$1\"; sleep 0.3; if [ -e \"$3\" ]; then w=after; else w=before; fi; "
                         "echo $w > \"$2\"; echo bye"_s,
                         u"sh"_s,
                         got,
                         ended,
                         canceled};
    request.cancelGraceMs = graceMs;
    std::atomic_bool cancel{false};
    std::thread canceler;
    if (input == u"stream") { // fed piece by piece, and the stream aborts (as a sync's source stream does on cancel)
        int pieces = 0;
        request.inputStream = [pieces](char *buffer, qint64 max) mutable -> qint64 {
            if (pieces++ == 3)
                return -1;
            const qint64 n = std::min<qint64>(max, 1000);
            std::fill(buffer, buffer + n, 'a');
            return n;
        };
    } else { // all its input given (or none, held open), canceled while it works
        if (input == u"given")
            request.input = QByteArray(3000, 'a');
        request.holdInput = input == u"held";
        canceler = std::thread([&cancel, canceled] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            QFile marker(canceled);
            if (!marker.open(QIODevice::WriteOnly)) // the "held" rows then fail on "before"
                qWarning("cannot create %s", qPrintable(canceled));
            cancel = true;
        });
    }
    const vna::ProcessResult r = vna::runProcess(request, &cancel);
    if (canceler.joinable())
        canceler.join();
    QCOMPARE(r.canceled, true);
    QCOMPARE(r.succeeded(), false);
    QCOMPARE(r.exitCode, endsByItself ? 0 : -1);
    QCOMPARE(QFile::exists(ended), endsByItself);
    if (endsByItself) {
        // Everything handed over before the cancel arrived, then the end of input; its output is kept.
        QCOMPARE(QFileInfo(got).size(), input == u"held" ? 0 : 3000);
        QCOMPARE(r.out, QByteArray("bye\n"));
        // Held input ends only with the cancel: the program's sign to stop.
        if (input == u"held") {
            QFile said(ended);
            QVERIFY(said.open(QIODevice::ReadOnly));
            QCOMPARE(said.readAll(), QByteArray("after\n"));
        }
    }
}

QTEST_GUILESS_MAIN(TestProcess)
#include "tst_process.moc"
