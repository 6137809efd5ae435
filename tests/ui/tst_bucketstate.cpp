// The Bucket tool's state without a window: how the inputs become tensors and options, which
// fields are wrong and why, what is remembered, and the words of a result.
#include <QFile>
#include <QTest>

#include "bucket/bucketstate.h"
#include "common/paths.h"

using namespace Qt::StringLiterals;
using vna::ui::BucketFieldErrors;
using vna::ui::BucketInputs;
using vna::ui::BucketState;
using Mode = BucketInputs::Mode;

class TestBucketState final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void planSource_data();
    void planSource();
    void options_data();
    void options();
    void messageSource_data();
    void messageSource();
    void inputsAreRemembered();
    void summaryOfAReport();
};

void TestBucketState::planSource_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("text"); // the preset, shape, message or folder
    QTest::addColumn<QString>("plan"); // now, error, read, waiting
    QTest::addColumn<QString>("mentions");
    QTest::addRow("FAQ preset") << int(Mode::Preset) << u"7B"_s << u"now"_s << QString();
    QTest::addRow("unknown preset") << int(Mode::Preset) << u"9000B"_s << u"error"_s << u"9000B"_s;
    QTest::addRow("shape") << int(Mode::Shape) << u"151936, 4096"_s << u"now"_s << QString();
    QTest::addRow("no shape") << int(Mode::Shape) << QString() << u"waiting"_s << u"shape"_s;
    QTest::addRow("bad shape") << int(Mode::Shape) << u"151936 x"_s << u"waiting"_s << u"shape"_s;
    QTest::addRow("pasted message") << int(Mode::Message) << u"AssertionError: Weight"_s << u"read"_s
                                    << u"Reading the message"_s;
    QTest::addRow("nothing pasted") << int(Mode::Message) << u"  "_s << u"waiting"_s << u"AssertionError"_s;
    QTest::addRow("model folder") << int(Mode::Model) << u"/models/qwen"_s << u"read"_s << u"safetensors"_s;
    QTest::addRow("no folder") << int(Mode::Model) << QString() << u"waiting"_s << u"model folder"_s;
}

void TestBucketState::planSource()
{
    QFETCH(int, mode);
    QFETCH(QString, text);
    QFETCH(QString, plan);
    QFETCH(QString, mentions);
    BucketState state;
    state.inputs.mode = static_cast<Mode>(mode);
    state.inputs.preset = state.inputs.shape = state.inputs.message = state.inputs.modelPath = text;
    BucketFieldErrors errors;
    const auto got = state.planSource(errors);
    const QString kind = got.read ? u"read"_s : !got.now ? u"waiting"_s : *got.now ? u"now"_s : u"error"_s;
    QCOMPARE(kind, plan);
    const QString said = got.read ? got.readStatus
        : !got.now                ? got.waiting
        : *got.now                ? QString()
                                  : got.now->error().message;
    QVERIFY2(said.contains(mentions, Qt::CaseInsensitive), qPrintable(said));
    // A typed shape that is wrong is said at the shape field; nothing else is ever marked.
    QCOMPARE(!errors.shape.isEmpty(), mode == int(Mode::Shape) && plan != u"now");
    QCOMPARE(errors.dtype + errors.shmMiB + errors.hbmMiB, QString());
}

void TestBucketState::options_data()
{
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("shm");
    QTest::addColumn<QString>("hbm");
    QTest::addColumn<QString>("wrong"); // the field with an error, or empty
    QTest::addRow("all empty") << QString() << QString() << QString() << QString();
    QTest::addRow("bf16, sizes") << u"bf16"_s << u"8192"_s << u"65536"_s << QString();
    QTest::addRow("unknown dtype") << u"float7"_s << QString() << QString() << u"dtype"_s;
    QTest::addRow("shm with a unit") << QString() << u"64M"_s << QString() << u"shm"_s;
    QTest::addRow("negative hbm") << QString() << QString() << u"-1"_s << u"hbm"_s;
}

void TestBucketState::options()
{
    QFETCH(QString, dtype);
    QFETCH(QString, shm);
    QFETCH(QString, hbm);
    QFETCH(QString, wrong);
    BucketState state;
    state.inputs.dtype = dtype;
    state.inputs.shmMiB = shm;
    state.inputs.hbmMiB = hbm;
    state.inputs.engine = u"hccl"_s;
    state.inputs.marginPercent = 150;
    BucketFieldErrors errors;
    const auto version = vna::verl::Version::parse(u"0.8.0"_s, QString());
    const auto options = state.options(*version, u"megatron"_s, errors);
    QCOMPARE(options.has_value(), wrong.isEmpty());
    QCOMPARE(!errors.dtype.isEmpty(), wrong == u"dtype");
    QCOMPARE(!errors.shmMiB.isEmpty(), wrong == u"shm");
    QCOMPARE(!errors.hbmMiB.isEmpty(), wrong == u"hbm");
    if (!options)
        return;
    QCOMPARE(options->version, *version);
    QCOMPARE(options->engine, vna::verl::Engine::Hccl);
    QCOMPARE(options->margin, 1.5);
    QCOMPARE(options->shmMiB.has_value(), !shm.isEmpty());
}

void TestBucketState::messageSource_data()
{
    QTest::addColumn<QString>("logFile");
    QTest::addColumn<QString>("linkOrigin");
    QTest::addColumn<QString>("said");
    QTest::addRow("typed") << QString() << QString() << QString();
    QTest::addRow("log file") << u"/x/train.log"_s << QString() << u"Reading /x/train.log"_s;
    QTest::addRow("hand-off") << QString() << u"train.log:12"_s << u"From the log analyzer: train.log:12"_s;
}

void TestBucketState::messageSource()
{
    QFETCH(QString, logFile);
    QFETCH(QString, linkOrigin);
    QFETCH(QString, said);
    BucketState state;
    state.inputs.logFile = logFile;
    state.inputs.linkOrigin = linkOrigin;
    QCOMPARE(state.messageSource(), said);
}

void TestBucketState::inputsAreRemembered()
{
    QFile::remove(vna::paths::settingsFile());
    BucketInputs in;
    in.mode = Mode::Shape;
    in.shape = u"152064, 8192"_s;
    in.dtype = u"bf16"_s;
    in.worker = u"engine"_s;
    in.engine = u"hccl"_s;
    in.noIpc = true;
    in.shmMiB = u"8192"_s;
    in.marginPercent = 135;
    in.currentMiB = 2048;
    in.hbmMiB = u"65536"_s;
    in.preset = u"14B"_s;
    in.modelPath = u"/models/q"_s;
    in.save();
    QCOMPARE(BucketInputs::load(), in);
    // A log file, a hand-off and pasted text belong to this run only.
    in.logFile = u"/x.log"_s;
    in.linkOrigin = u"x.log:1"_s;
    in.message = u"AssertionError"_s;
    in.save();
    QCOMPARE(BucketInputs::load().logFile, QString());
    QCOMPARE(BucketInputs::load().message, QString());
}

void TestBucketState::summaryOfAReport()
{
    BucketState state;
    BucketFieldErrors errors;
    const auto plan = state.planSource(errors); // the FAQ's 7B preset
    QVERIFY(plan.now && *plan.now);
    const auto options = state.options(vna::verl::latestKnown(), QString(), errors);
    QVERIFY(options);
    const auto report = vna::bucket::analyze(**plan.now, *options);
    QVERIFY(report);
    const QString summary = BucketState::summaryHtml(*report);
    QVERIFY2(summary.contains(u"model.embed_tokens.weight"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"Recommended: 4096 MiB"_s), qPrintable(summary));
    QVERIFY(BucketState::stepsHtml(*report).contains(u"<table"_s));
}

QTEST_GUILESS_MAIN(TestBucketState)
#include "tst_bucketstate.moc"
