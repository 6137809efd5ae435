// The sync's bandwidth limit (RateLimiter, every node's stream together), on a clock of the test's own:
// how long senders are made to wait, to the microsecond, for pieces sent at once, after a slow start,
// around a pause, and with no limit; and that a cancel ends the wait.
#include <atomic>

#include <QTest>

#include "ckptsync/sourcestream.h"

using vna::ckptsync::detail::RateLimiter;

class TestRateLimit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void waits_data();
    void waits();
    void cancelEndsTheWait();
};

void TestRateLimit::waits_data()
{
    // 1 MiB/s, pieces of 128 KiB (125 ms at the limit): "piece" sends one, "idle MS" lets time pass.
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<qint64>("waitedMicros");
    const QStringList eight(8, QStringLiteral("piece"));
    QTest::newRow("at once") << qint64(1 << 20) << eight << qint64(1'000'000);
    // Five seconds unused before the first byte (a slow ssh start): an eighth of a second is saved, not
    // five seconds' worth (the old average since the start let the whole MiB go at once: 0 waited).
    QTest::newRow("slow start") << qint64(1 << 20) << (QStringList{QStringLiteral("idle 5000")} + eight)
                                << qint64(875'000);
    QTest::newRow("pause midway") << qint64(1 << 20)
                                  << (eight.mid(0, 4) + QStringList{QStringLiteral("idle 3000")} + eight.mid(4))
                                  << qint64(500'000 + 375'000);
    // Less idle than saved: the pieces wait for what is left.
    QTest::newRow("short pause") << qint64(1 << 20)
                                 << (eight.mid(0, 4) + QStringList{QStringLiteral("idle 50")} + eight.mid(4))
                                 << qint64(500'000 + 500'000 - 50'000);
    QTest::newRow("no limit") << qint64(0) << (QStringList{QStringLiteral("idle 5000")} + eight) << qint64(0);
}

void TestRateLimit::waits()
{
    QFETCH(qint64, rate);
    QFETCH(QStringList, steps);
    QFETCH(qint64, waitedMicros);
    qint64 now = 0;
    qint64 waited = 0;
    RateLimiter limiter(
        rate, [&now] { return now; },
        [&](qint64 micros) {
            now += micros;
            waited += micros;
        });
    for (const QString &step : std::as_const(steps)) {
        if (step == QLatin1String("piece"))
            QVERIFY(limiter.take(128 * 1024, nullptr));
        else
            now += step.section(QLatin1Char(' '), 1).toLongLong() * 1000;
    }
    QCOMPARE(waited, waitedMicros);
}

void TestRateLimit::cancelEndsTheWait()
{
    qint64 now = 0;
    int waits = 0;
    std::atomic_bool cancel{false};
    RateLimiter limiter(
        1 << 20, [&now] { return now; },
        [&](qint64 micros) {
            now += micros;
            if (++waits == 2)
                cancel = true;
        });
    QCOMPARE(limiter.take(1 << 20, &cancel), false); // a second's wait, canceled at its second step
    QCOMPARE(waits, 2);
}

QTEST_GUILESS_MAIN(TestRateLimit)
#include "tst_ratelimit.moc"
