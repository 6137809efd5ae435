// The Python program that moves a checkpoint's bytes on a node (core/ckptsync/mover.py, compiled into
// the tool), run as the tool sends it: `python3 -I -S -c PROGRAM recv|send …`, against files in a
// temporary folder. The integration tests run it over ssh inside whole syncs; here each behaviour the
// node scripts rely on is pinned down on its own.
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include "ckptsync/mover.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

// The program with `args`, `input` on stdin.
Run mover(const QStringList &args, const QByteArray &input = {})
{
    QProcess p;
    p.start(u"python3"_s,
            QStringList{u"-I"_s, u"-S"_s, u"-c"_s, QString::fromUtf8(vna::ckptsync::detail::kMoverPy)} + args);
    if (!p.waitForStarted(10000))
        return {};
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(30000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QByteArray bytes(qsizetype n, quint32 seed)
{
    QByteArray b(n, Qt::Uninitialized);
    QRandomGenerator g(seed);
    for (char &c : b)
        c = static_cast<char>(g.generate() & 0xff);
    return b;
}

QByteArray sha(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

void write(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

} // namespace

class TestMover : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void receive_data();
    void receive();
    void receiveRefusesWhatIsNotAPartialCopy();
    void sendFromFinalName_data();
    void sendFromFinalName();
    void sendFollowsAGrowingFile();
    void sendStopsWhenTheWriterDies();
    void sendWithNothingToSend();
    void receiveStopsWhenItsSessionEnds_data();
    void receiveStopsWhenItsSessionEnds();

private:
    QTemporaryDir m_dir;
    QByteArray m_a = bytes(3'000'000, 1); // more than one 1 MiB piece
    QByteArray m_b = bytes(5, 2);
};

void TestMover::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (QProcess::execute(u"python3"_s, {u"-c"_s, u"pass"_s}) != 0)
        QSKIP("python3 is not installed");
}

void TestMover::receive_data()
{
    QTest::addColumn<int>("haveA");       // bytes of a already in its temporary file
    QTest::addColumn<int>("streamBytes"); // bytes on stdin (of what is missing), -1: all
    QTest::addColumn<QString>("label");
    QTest::addColumn<QStringList>("lines"); // what it prints, with A/B for the files' checksums
    QTest::addColumn<int>("tempA");         // bytes of a in its temporary file afterwards

    QTest::newRow("both whole, from nothing")
        << 0 << -1 << QString() << QStringList{u"sha 0 A"_s, u"sha 1 B"_s} << 3'000'000;
    QTest::newRow("resumed: the first part is hashed from the disk")
        << 1000 << -1 << QString() << QStringList{u"sha 0 A"_s, u"sha 1 B"_s} << 3'000'000;
    QTest::newRow("labelled: who sent each file")
        << 0 << -1 << u"node3"_s << QStringList{u"via 0 node3"_s, u"sha 0 A"_s, u"via 1 node3"_s, u"sha 1 B"_s}
        << 3'000'000;
    QTest::newRow("the stream ends inside the first file")
        << 0 << 100 << u"node3"_s << QStringList{u"via 0 node3"_s, u"short 0"_s} << 100;
    QTest::newRow("a whole first file is skipped, not hashed again")
        << 3'000'000 << -1 << QString() << QStringList{u"sha 1 B"_s} << 3'000'000;
}

void TestMover::receive()
{
    QFETCH(int, haveA);
    QFETCH(int, streamBytes);
    QFETCH(QString, label);
    QFETCH(QStringList, lines);
    QFETCH(int, tempA);
    const QString ta = m_dir.filePath(u"ta"_s), tb = m_dir.filePath(u"tb"_s), marker = m_dir.filePath(u"marker"_s);
    QFile::remove(ta);
    QFile::remove(tb);
    write(marker, "1\n");
    if (haveA > 0)
        write(ta, m_a.left(haveA));
    QByteArray input = m_a.mid(haveA) + m_b;
    if (streamBytes >= 0)
        input = input.left(streamBytes);
    const Run r = mover({u"recv"_s, marker, label, u"0"_s, ta, u"3000000"_s, u"1"_s, tb, u"5"_s}, input);
    QCOMPARE(r.err, QByteArray());
    QCOMPARE(r.code, 0);
    QString expected = lines.join(u'\n') + u'\n';
    expected.replace(u" A"_s, u' ' + QString::fromLatin1(sha(m_a)))
        .replace(u" B"_s, u' ' + QString::fromLatin1(sha(m_b)));
    QCOMPARE(QString::fromLatin1(r.out), expected);
    QCOMPARE(readAll(ta), m_a.left(tempA));
    // A relay on this node learns who writes each temporary file from the marker.
    if (haveA < 3'000'000)
        QVERIFY2(readAll(marker).contains(QByteArray(" " + ta.toUtf8() + "\n")), readAll(marker).constData());
}

void TestMover::receiveRefusesWhatIsNotAPartialCopy()
{
    const QString ta = m_dir.filePath(u"too-long"_s);
    write(ta, m_a); // longer than the file it should become
    const Run r = mover({u"recv"_s, QString(), QString(), u"0"_s, ta, u"10"_s}, "0123456789");
    QCOMPARE(r.code, 15);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(), u"file 0: %1 is not a partial copy of this file; remove it"_s.arg(ta));
    QCOMPARE(readAll(ta), m_a); // untouched
}

void TestMover::sendFromFinalName_data()
{
    QTest::addColumn<QString>("modes");
    QTest::addColumn<int>("first");
    QTest::addColumn<QStringList>("offsets");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("both, from the start") << u"ff"_s << 0 << QStringList{u"0"_s, u"0"_s} << m_a + m_b;
    QTest::newRow("from an offset in the second") << u"ff"_s << 1 << QStringList{u"0"_s, u"2"_s} << m_b.mid(2);
    QTest::newRow("a whole file is skipped") << u"ff"_s << 0 << QStringList{u"3000000"_s, u"0"_s} << m_b;
    QTest::newRow("mode t takes the final name once it is the source's file (size and time)")
        << u"tt"_s << 0 << QStringList{u"0"_s, u"0"_s} << m_a + m_b;
}

void TestMover::sendFromFinalName()
{
    QFETCH(QString, modes);
    QFETCH(int, first);
    QFETCH(QStringList, offsets);
    QFETCH(QByteArray, expected);
    const QString a = m_dir.filePath(u"a"_s), b = m_dir.filePath(u"b"_s);
    write(a, m_a);
    write(b, m_b);
    const auto mtime
        = [](const QString &path) { return QString::number(QFileInfo(path).lastModified().toSecsSinceEpoch()); };
    const Run r = mover(QStringList{u"send"_s, m_dir.filePath(u"no-marker"_s), u"10"_s, u"0"_s, modes,
                                    QString::number(first), u"2"_s, m_dir.filePath(u"no-ta"_s), a, u"3000000"_s,
                                    mtime(a), m_dir.filePath(u"no-tb"_s), b, u"5"_s, mtime(b)}
                        + offsets);
    QCOMPARE(r.err, QByteArray());
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.size(), expected.size());
    QVERIFY(r.out == expected);
}

void TestMover::sendFollowsAGrowingFile()
{
    // A receiver writes the temporary file in two parts a second apart; the relay started before the
    // second part sends all of it, as it arrives.
    const QString temp = m_dir.filePath(u"growing"_s), marker = m_dir.filePath(u"marker-grow"_s);
    QFile::remove(temp);
    write(marker, QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    QProcess writer;
    writer.start(u"sh"_s,
                 {u"-c"_s, u"python3 -I -S -c \"$1\" recv \"$2\" '' 0 \"$3\" 3000000"_s, u"sh"_s,
                  QString::fromUtf8(vna::ckptsync::detail::kMoverPy), marker, temp});
    QVERIFY(writer.waitForStarted());
    writer.write(m_a.left(1'000'000));
    QTRY_COMPARE(QFileInfo(temp).size(), 1'000'000);
    QProcess relay;
    relay.start(u"python3"_s,
                {u"-I"_s, u"-S"_s, u"-c"_s, QString::fromUtf8(vna::ckptsync::detail::kMoverPy), u"send"_s, marker,
                 u"50"_s, u"0"_s, u"t"_s, u"0"_s, u"1"_s, temp, m_dir.filePath(u"no-final"_s), u"3000000"_s, u"0"_s,
                 u"0"_s});
    QVERIFY(relay.waitForStarted());
    QTest::qWait(300);
    writer.write(m_a.mid(1'000'000));
    writer.closeWriteChannel();
    QVERIFY(writer.waitForFinished(30000));
    QVERIFY(relay.waitForFinished(30000));
    QCOMPARE(relay.exitCode(), 0);
    QVERIFY(relay.readAllStandardOutput() == m_a);
}

void TestMover::sendStopsWhenTheWriterDies()
{
    // The writer ended with a third of the file: the stream stops there with exit 6, never padded.
    const QString temp = m_dir.filePath(u"cut"_s), marker = m_dir.filePath(u"marker-cut"_s);
    QFile::remove(temp);
    write(marker, QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    const Run w = mover({u"recv"_s, marker, QString(), u"0"_s, temp, u"3000000"_s}, m_a.left(1'000'000));
    QCOMPARE(w.out, QByteArray("short 0\n"));
    const Run r = mover({u"send"_s, marker, u"50"_s, u"0"_s, u"t"_s, u"0"_s, u"1"_s, temp,
                         m_dir.filePath(u"no-final"_s), u"3000000"_s, u"0"_s, u"0"_s});
    QCOMPARE(r.code, 6);
    QCOMPARE(r.out.size(), 1'000'000);
    QVERIFY(r.err.contains("stopped at 1000000 of 3000000 bytes"));
}

void TestMover::sendWithNothingToSend()
{
    // Mode f: the host should hold the file and does not.
    const Run r = mover({u"send"_s, m_dir.filePath(u"no-marker"_s), u"10"_s, u"0"_s, u"f"_s, u"0"_s, u"1"_s,
                         m_dir.filePath(u"no-temp"_s), m_dir.filePath(u"no-final"_s), u"5"_s, u"0"_s, u"0"_s});
    QCOMPARE(r.code, 3);
    QCOMPARE(r.out, QByteArray());
    QVERIFY(r.err.contains(QByteArray("has no copy of " + m_dir.filePath(u"no-final"_s).toUtf8() + " to send")));
}

void TestMover::receiveStopsWhenItsSessionEnds_data()
{
    QTest::addColumn<bool>("watched"); // VNA_STOP_FD names the descriptor
    QTest::newRow("watched") << true;
    QTest::newRow("not watched") << false;
}

void TestMover::receiveStopsWhenItsSessionEnds()
{
    // A node that receives from another node is given its bytes on another descriptor than the ssh
    // session's stdin; the end of that stdin (a canceled sync) stops it with exit 25, keeping what arrived.
    // As the node's script runs it: the session's stdin as descriptor 5, the data from a FIFO.
    QFETCH(bool, watched);
    const QString name = watched ? u"stop-watched"_s : u"stop-not-watched"_s;
    const QString temp = m_dir.filePath(name), fifo = m_dir.filePath(name + u".fifo"_s);
    QFile::remove(temp);
    QFile::remove(fifo);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const int data
        = ::open(QFile::encodeName(fifo).constData(), O_RDWR | O_CLOEXEC); // a writer that never blocks to open
    QVERIFY(data >= 0);
    QProcess p;
    p.start(u"sh"_s,
            {u"-c"_s,
             u"exec env ${1:+VNA_STOP_FD=5} python3 -I -S -c \"$2\" recv '' peer 0 \"$3\" 3000000 "
             "5<&0 <\"$4\""_s,
             u"sh"_s, watched ? u"1"_s : QString(), QString::fromUtf8(vna::ckptsync::detail::kMoverPy), temp, fifo});
    QVERIFY(p.waitForStarted());
    const QByteArray part = m_a.left(60'000); // within the FIFO's buffer: the write cannot block
    QCOMPARE(::write(data, part.constData(), static_cast<size_t>(part.size())), part.size());
    QTRY_COMPARE(QFileInfo(temp).size(), part.size());
    p.closeWriteChannel(); // the session's end
    if (watched) {
        QVERIFY(p.waitForFinished(15000));
        QCOMPARE(p.exitCode(), 25);
        QVERIFY2(p.readAllStandardError().contains("canceled"), "the reason is given");
        QVERIFY(!p.readAllStandardOutput().contains("sha "));
    } else {
        QVERIFY(!p.waitForFinished(500)); // the end of the session's stdin means nothing to it
        ::close(data);
        QVERIFY(p.waitForFinished(15000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(p.readAllStandardOutput(), QByteArray("via 0 peer\nshort 0\n"));
    }
    if (watched)
        ::close(data);
    QCOMPARE(QFileInfo(temp).size(), part.size());
}

QTEST_GUILESS_MAIN(TestMover)
#include "tst_mover.moc"
