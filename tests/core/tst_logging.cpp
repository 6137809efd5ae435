// Log levels, named loggers, the Hub that feeds the Log panel, the file sink and Qt message routing.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "common/logging.h"

using namespace Qt::StringLiterals;
using vna::log::Level;

Q_DECLARE_METATYPE(vna::log::Level)

class TestLogging final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseLevel_data();
    void parseLevel();
    void namedLoggersReachTheHub_data();
    void namedLoggersReachTheHub();
    void levelFilters();
    void fileSink();
    void unwritableFileIsReportedNotFatal();
    void qtMessagesAreRouted();
    void hubKeepsOnlyRecentRecords();

private:
    static QList<vna::log::Record> since(qsizetype before);
};

QList<vna::log::Record> TestLogging::since(qsizetype before)
{
    return vna::log::Hub::instance().recent().mid(before);
}

void TestLogging::parseLevel_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<Level>("level");

    QTest::addRow("trace") << u"trace"_s << true << Level::Trace;
    QTest::addRow("debug") << u"debug"_s << true << Level::Debug;
    QTest::addRow("info") << u"info"_s << true << Level::Info;
    QTest::addRow("warn") << u"warn"_s << true << Level::Warn;
    QTest::addRow("error") << u"error"_s << true << Level::Error;
    QTest::addRow("upper case") << u"WARN"_s << true << Level::Warn;
    QTest::addRow("padded") << u" info "_s << true << Level::Info;
    QTest::addRow("warning is not a level") << u"warning"_s << false << Level::Info;
    QTest::addRow("number") << u"2"_s << false << Level::Info;
    QTest::addRow("empty") << QString() << false << Level::Info;
}

void TestLogging::parseLevel()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(Level, level);

    const auto parsed = vna::log::parseLevel(text, u"--log-level"_s);
    QCOMPARE(parsed.ok(), ok);
    if (ok) {
        QCOMPARE(*parsed, level);
        QCOMPARE(vna::log::parseLevel(vna::log::levelName(level), u"x"_s).value(), level);
    } else {
        QCOMPARE(parsed.error().where, u"--log-level"_s);
        QVERIFY(parsed.error().message.contains(u"trace, debug, info, warn, error"_s));
    }
}

void TestLogging::namedLoggersReachTheHub_data()
{
    QTest::addColumn<QString>("name");
    QTest::addRow("core") << u"core"_s;
    QTest::addRow("ssh") << u"ssh"_s;
    QTest::addRow("ui") << u"ui"_s;
    QTest::addRow("qt") << u"qt"_s;
}

void TestLogging::namedLoggersReachTheHub()
{
    QFETCH(QString, name);
    QVERIFY(vna::log::init({Level::Info, false, Level::Warn, QString(), false}).ok());
    const auto logger = name == u"core" ? vna::log::core()
        : name == u"ssh"                ? vna::log::ssh()
        : name == u"ui"                 ? vna::log::ui()
                                        : vna::log::qt();
    QSignalSpy spy(&vna::log::Hub::instance(), &vna::log::Hub::recordAdded);
    const qsizetype before = vna::log::Hub::instance().recent().size();
    logger->warn("node {} unreachable: {}", u"node03"_s, 42);

    const auto records = since(before);
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().logger, name);
    QCOMPARE(records.first().level, Level::Warn);
    QCOMPARE(records.first().message, u"node node03 unreachable: 42"_s);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().value<vna::log::Record>().message, records.first().message);
}

void TestLogging::levelFilters()
{
    QVERIFY(vna::log::init({Level::Warn, false, Level::Warn, QString(), false}).ok());
    qsizetype before = vna::log::Hub::instance().recent().size();
    vna::log::core()->info("hidden");
    vna::log::core()->error("shown");
    QCOMPARE(since(before).size(), 1);
    QCOMPARE(since(before).first().message, u"shown"_s);

    QVERIFY(vna::log::init({Level::Trace, false, Level::Warn, QString(), false}).ok());
    before = vna::log::Hub::instance().recent().size();
    vna::log::core()->trace("now visible");
    QCOMPARE(since(before).size(), 1);
}

void TestLogging::fileSink()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"nested/logs/app.log"_s);
    QVERIFY(vna::log::init({Level::Debug, false, Level::Warn, file, false}).ok());
    vna::log::ssh()->debug("connected to {}", u"127.0.0.2"_s);
    vna::log::core()->trace("below the level");
    vna::log::shutdown();

    QFile log(file);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(log.readAll());
    QVERIFY2(text.contains(u"[ssh] [debug] connected to 127.0.0.2"_s), qPrintable(text));
    QVERIFY(!text.contains(u"below the level"_s));
}

void TestLogging::unwritableFileIsReportedNotFatal()
{
    QTemporaryDir dir;
    QFile blocker(dir.filePath(u"blocker"_s));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    // A regular file where a directory is needed: the log cannot be created.
    const QString file = dir.filePath(u"blocker/app.log"_s);
    const vna::Status status = vna::log::init({Level::Info, false, Level::Warn, file, false});
    QVERIFY(!status.ok());
    QCOMPARE(status.error().kind, vna::Error::Kind::Runtime);
    QVERIFY2(status.error().message.contains(file), qPrintable(status.error().message));

    const qsizetype before = vna::log::Hub::instance().recent().size();
    vna::log::core()->info("still logging");
    QCOMPARE(since(before).size(), 1);
}

void TestLogging::qtMessagesAreRouted()
{
    // Keep QTest's own handler to give it back afterwards.
    const QtMessageHandler qtest = qInstallMessageHandler(nullptr);
    QVERIFY(vna::log::init({Level::Debug, false, Level::Warn, QString(), true}).ok());
    const qsizetype before = vna::log::Hub::instance().recent().size();
    qWarning("plugin %s failed", "xcb");
    qInstallMessageHandler(qtest);

    const auto records = since(before);
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().logger, u"qt"_s);
    QCOMPARE(records.first().level, Level::Warn);
    QCOMPARE(records.first().message, u"plugin xcb failed"_s);
}

void TestLogging::hubKeepsOnlyRecentRecords()
{
    QVERIFY(vna::log::init({Level::Info, false, Level::Warn, QString(), false}).ok());
    for (qsizetype i = 0; i < vna::log::Hub::kCapacity + 10; ++i)
        vna::log::core()->info("record {}", i);
    const auto records = vna::log::Hub::instance().recent();
    QCOMPARE(records.size(), vna::log::Hub::kCapacity);
    QCOMPARE(records.last().message, u"record %1"_s.arg(vna::log::Hub::kCapacity + 9));
    QCOMPARE(records.first().message, u"record 10"_s);
}

QTEST_GUILESS_MAIN(TestLogging)
#include "tst_logging.moc"
