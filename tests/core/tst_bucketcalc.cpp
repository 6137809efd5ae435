// The bucket calculation: the FAQ table, the strict-greater boundary, keys and notes by verl version,
// which dtype the weights travel in, and the JSON the CLI prints.
#include <QJsonArray>
#include <QTest>

#include "bucket/presets.h"
#include "bucket/sources.h"

using namespace Qt::StringLiterals;
using namespace vna::bucket;

namespace {

const QString kNewKey = u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes"_s;
const QString kOldKey = u"actor_rollout_ref.rollout.update_weights_bucket_megabytes"_s;

Source shapeSource(const QString &shape, const QString &dtype = QString())
{
    return *sourceFromShape(shape, dtype);
}

Options version(const QString &text)
{
    Options options;
    options.version = *vna::verl::Version::parse(text, u"x"_s);
    return options;
}

bool hasNote(const Report &report, Note::Level level, const QString &fragment)
{
    return std::any_of(report.notes.begin(), report.notes.end(),
                       [&](const Note &note) { return note.level == level && note.text.contains(fragment); });
}

} // namespace

class TestBucketCalc final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void faqTable_data();
    void faqTable();
    void everyPresetIsUsable();
    void boundary_data();
    void boundary();
    void margin_data();
    void margin();
    void keyByVersion_data();
    void keyByVersion();
    void travellingDtype_data();
    void travellingDtype();
    void currentBucket();
    void notes();
    void json();
    void powerOfTwo_data();
    void powerOfTwo();
    void presetsFileIsValidated_data();
    void presetsFileIsValidated();
};

void TestBucketCalc::faqTable_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<qulonglong>("required");
    QTest::addColumn<qulonglong>("recommended");

    // verl's Ascend FAQ, Q3: recommended bucket per model size, fp32 embeddings, margin 1.2.
    QTest::addRow("7B") << u"7B"_s << 2374ULL << 4096ULL;
    QTest::addRow("14B") << u"14B"_s << 2970ULL << 4096ULL;
    QTest::addRow("72B") << u"72B"_s << 4752ULL << 8192ULL;
}

void TestBucketCalc::faqTable()
{
    QFETCH(QString, preset);
    QFETCH(qulonglong, required);
    QFETCH(qulonglong, recommended);
    const auto source = sourceFromPreset(preset);
    QVERIFY(source.ok());
    const auto report = analyze(*source, Options());
    QVERIFY(report.ok());
    QCOMPARE(report->largest.dtype.safetensors, u"F32"_s);
    QCOMPARE(report->requiredMiB, required);
    QCOMPARE(report->recommendedMiB, recommended);
    QCOMPARE(report->override, kNewKey + u'=' + QString::number(recommended));
    QCOMPARE(report->minimalOverride, kNewKey + u'=' + QString::number(required));
    QCOMPARE(report->fitsCurrent, false); // all three exceed verl's default 2048 MiB in fp32
}

void TestBucketCalc::everyPresetIsUsable()
{
    QVERIFY(builtinPresets().size() >= 12);
    for (const Preset &preset : builtinPresets()) {
        const auto source = sourceFromPreset(preset.id);
        QVERIFY2(source.ok(), qPrintable(preset.id));
        QVERIFY2(!preset.source.isEmpty(), qPrintable(preset.id));
        const auto report = analyze(*source, Options());
        QVERIFY2(report.ok(), qPrintable(preset.id));
        QVERIFY2(report->largest.name.endsWith(u"embed_tokens.weight"_s), qPrintable(preset.id));
    }
    // Real shapes from config.json: Qwen2.5-7B in fp32 just misses verl's default bucket.
    const auto report = analyze(*sourceFromPreset(u"qwen2.5-7b"_s), Options());
    QCOMPARE(report->largest.shape, (Shape{152064, 3584}));
    QCOMPARE(report->requiredMiB, 2079ULL);
    QCOMPARE(report->fitsCurrent, false);
    QCOMPARE(report->top.size(), 5); // embedding, lm_head (untied), three MLP projections
}

void TestBucketCalc::boundary_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<bool>("fits");
    QTest::addColumn<qulonglong>("required");
    // 1048576 × 512 × 4 B = exactly 2048 MiB: verl asserts nbytes <= bucket, so it fits.
    QTest::addRow("exactly the bucket") << u"1048576,512"_s << u"F32"_s << true << 2048ULL;
    QTest::addRow("one byte more") << u"2147483649"_s << u"I8"_s << false << 2049ULL;
    QTest::addRow("one element more") << u"1048577,512"_s << u"F32"_s << false << 2049ULL;
    QTest::addRow("one byte less") << u"2147483647"_s << u"U8"_s << true << 2048ULL;
    QTest::addRow("tiny") << u"1"_s << u"F32"_s << true << 1ULL;
    QTest::addRow("empty tensor") << u"0,4096"_s << u"F32"_s << true << 1ULL;
}

void TestBucketCalc::boundary()
{
    QFETCH(QString, shape);
    QFETCH(QString, dtype);
    QFETCH(bool, fits);
    QFETCH(qulonglong, required);
    const auto report = analyze(shapeSource(shape, dtype), version(u"0.8.0"_s));
    QVERIFY(report.ok());
    QCOMPARE(report->currentBucketMiB, 2048ULL);
    QCOMPARE(report->fitsCurrent, fits);
    QCOMPARE(report->requiredMiB, required);
    // The exact minimum always fits: required × MiB ≥ bytes.
    QVERIFY(report->largest.bytes <= report->requiredMiB * kMiB);
}

void TestBucketCalc::margin_data()
{
    QTest::addColumn<double>("margin");
    QTest::addColumn<qulonglong>("recommended");
    QTest::addRow("1.0 on exactly 2048") << 1.0 << 2048ULL;
    QTest::addRow("1.2") << 1.2 << 4096ULL;
    QTest::addRow("2.0 is exactly 4096") << 2.0 << 4096ULL;
}

void TestBucketCalc::margin()
{
    QFETCH(double, margin);
    QFETCH(qulonglong, recommended);
    Options options;
    options.margin = margin;
    const auto report = analyze(shapeSource(u"1048576,512"_s, u"F32"_s), options);
    QVERIFY(report.ok());
    QCOMPARE(report->recommendedMiB, recommended);

    options.margin = 2.5;
    QVERIFY(!analyze(shapeSource(u"8"_s), options).ok());
}

void TestBucketCalc::keyByVersion_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("key");
    QTest::addColumn<qulonglong>("defaultBucket");
    QTest::addColumn<bool>("asserts"); // naive engine, IPC available
    QTest::addRow("0.5.0") << u"0.5.0"_s << kOldKey << 512ULL << false;
    QTest::addRow("0.7.0") << u"v0.7.0"_s << kOldKey << 512ULL << false;
    QTest::addRow("0.7.1") << u"0.7.1"_s << kNewKey << 2048ULL << true;
    QTest::addRow("0.7.1 pre-release") << u"0.7.1rc1"_s << kNewKey << 2048ULL << true;
    QTest::addRow("0.8.0") << u"0.8.0"_s << kNewKey << 2048ULL << false;
    QTest::addRow("0.9.0") << u"0.9"_s << kNewKey << 2048ULL << false;
    QTest::addRow("future") << u"1.2.3"_s << kNewKey << 2048ULL << false;
}

void TestBucketCalc::keyByVersion()
{
    QFETCH(QString, version);
    QFETCH(QString, key);
    QFETCH(qulonglong, defaultBucket);
    QFETCH(bool, asserts);
    const auto report = analyze(*sourceFromPreset(u"7B"_s), ::version(version));
    QVERIFY(report.ok());
    QCOMPARE(report->configKey, key);
    QCOMPARE(report->currentBucketMiB, defaultBucket);
    QVERIFY(report->override.startsWith(key + u'='));
    QCOMPARE(report->assertionApplies, asserts);
}

void TestBucketCalc::travellingDtype_data()
{
    QTest::addColumn<QString>("input"); // preset | message | int8
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("expected");

    QTest::addRow("preset, FSDP sends fp32") << u"preset"_s << u"fsdp"_s << QString() << u"F32"_s;
    QTest::addRow("preset, Megatron sends bf16") << u"preset"_s << u"megatron"_s << QString() << u"BF16"_s;
    QTest::addRow("preset, explicit wins") << u"preset"_s << u"fsdp"_s << u"fp16"_s << u"F16"_s;
    QTest::addRow("message keeps its dtype") << u"message"_s << u"fsdp"_s << QString() << u"BF16"_s;
    QTest::addRow("message, explicit wins") << u"message"_s << u"megatron"_s << u"float32"_s << u"F32"_s;
    QTest::addRow("integers are not cast") << u"int8"_s << u"fsdp"_s << QString() << u"I8"_s;
}

void TestBucketCalc::travellingDtype()
{
    QFETCH(QString, input);
    QFETCH(QString, backend);
    QFETCH(QString, dtype);
    QFETCH(QString, expected);
    Source source;
    if (input == u"preset") {
        source = *sourceFromPreset(u"7B"_s);
    } else if (input == u"message") {
        source = sourceFromMessages(*parseAssertions(
            u"Weight w(torch.Size([248320, 5120]), torch.bfloat16) is too large to fit in the bucket."_s));
    } else {
        source = shapeSource(u"1000,1000"_s, u"int8"_s);
    }
    Options options;
    options.backend = *parseBackend(backend, u"x"_s);
    if (!dtype.isEmpty())
        options.dtype = *parseDType(dtype, u"x"_s);
    const auto report = analyze(source, options);
    QVERIFY(report.ok());
    QCOMPARE(report->largest.dtype.safetensors, expected);
}

void TestBucketCalc::currentBucket()
{
    const Source message = sourceFromMessages(*parseAssertions(
        u"Weight w(torch.Size([151936, 4096]), torch.float32) is too large to fit in the bucket.Please increase "
        u"rollout.update_weights_bucket_megabytes(1024 MB)."_s));
    auto report = analyze(message, Options());
    QCOMPARE(report->currentBucketMiB, 1024ULL);
    QCOMPARE(report->bucketFrom, Report::BucketFrom::Message);
    QCOMPARE(report->fitsCurrent, false);

    Options options;
    options.bucketMiB = 4096;
    report = analyze(message, options);
    QCOMPARE(report->currentBucketMiB, 4096ULL);
    QCOMPARE(report->bucketFrom, Report::BucketFrom::User);
    QCOMPARE(report->fitsCurrent, true);
    QVERIFY(hasNote(*report, Note::Level::Info, u"used a smaller bucket"_s));

    report = analyze(shapeSource(u"10"_s), Options());
    QCOMPARE(report->bucketFrom, Report::BucketFrom::Default);
}

void TestBucketCalc::notes()
{
    const Source message = sourceFromMessages(
        *parseAssertions(u"Weight w(torch.Size([151936, 4096]), torch.float32) is too large to fit in the bucket."_s));

    // 0.7.1: the assertion fires and the message names a key that no longer works.
    auto report = analyze(message, version(u"0.7.1"_s));
    QVERIFY(hasNote(*report, Note::Level::Error, u"too large to fit in the bucket"_s));
    QVERIFY(hasNote(*report, Note::Level::Info, u"since verl 0.7.1 that setting lives at " + kNewKey));

    // 0.8.0 naive: fine with IPC, still failing on the shared-memory fallback.
    report = analyze(message, version(u"0.8.0"_s));
    QVERIFY(!hasNote(*report, Note::Level::Error, u"too large to fit"_s));
    QVERIFY(hasNote(*report, Note::Level::Info, u"25.3.rc1"_s));
    Options shm = version(u"0.8.0"_s);
    shm.sharedMemory = true;
    report = analyze(message, shm);
    QVERIFY(hasNote(*report, Note::Level::Error, u"too large to fit"_s));
    QVERIFY(hasNote(*report, Note::Level::Warning, u"8.3.RC1"_s));

    // HCCL on 0.8 still asserts and holds two buffers; 0.9 splits.
    Options hccl = version(u"0.8.0"_s);
    hccl.engine = vna::verl::Engine::Hccl;
    hccl.hbmMiB = 32768;
    report = analyze(message, hccl);
    QVERIFY(report->assertionApplies);
    QCOMPARE(report->buffers, 2);
    QCOMPARE(report->deviceMiB, 8192ULL);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"25%"_s));
    hccl.version = *vna::verl::Version::parse(u"0.9.0"_s, u"x"_s);
    QCOMPARE(analyze(message, hccl)->assertionApplies, false);

    // Buffers larger than the device.
    hccl.hbmMiB = 4096;
    QVERIFY(hasNote(*analyze(message, hccl), Note::Level::Error, u"do not fit in 4096 MiB"_s));

    // Before 0.7.1 there is no assertion at all.
    QVERIFY(hasNote(*analyze(message, version(u"0.6.0"_s)), Note::Level::Warning, u"0.7.1 or newer"_s));

    // The FAQ's arithmetic slip is pointed out on its 7B row.
    QVERIFY(hasNote(*analyze(*sourceFromPreset(u"7B"_s), Options()), Note::Level::Info, u"2,489,319,424"_s));
}

void TestBucketCalc::json()
{
    const auto report = analyze(*sourceFromPreset(u"72B"_s), version(u"0.7.1"_s));
    const QJsonObject json = toJson(*report);
    QCOMPARE(json.value(u"largest"_s).toObject().value(u"name"_s).toString(), u"model.embed_tokens.weight"_s);
    QCOMPARE(json.value(u"largest"_s).toObject().value(u"shape"_s).toArray(), (QJsonArray{152064, 8192}));
    QCOMPARE(json.value(u"largest"_s).toObject().value(u"dtype"_s).toString(), u"torch.float32"_s);
    QCOMPARE(json.value(u"largest"_s).toObject().value(u"bytes"_s).toInteger(), 4982833152LL);
    QCOMPARE(json.value(u"largest_mib"_s).toDouble(), 4752.0);
    QCOMPARE(json.value(u"required_mib"_s).toInteger(), 4752);
    QCOMPARE(json.value(u"recommended_mib"_s).toInteger(), 8192);
    QCOMPARE(json.value(u"margin"_s).toDouble(), 1.2);
    QCOMPARE(json.value(u"current_bucket_mib"_s).toInteger(), 2048);
    QCOMPARE(json.value(u"fits_current"_s).toBool(), false);
    QCOMPARE(json.value(u"override"_s).toString(), kNewKey + u"=8192"_s);
    QCOMPARE(json.value(u"config_key"_s).toString(), kNewKey);
    QCOMPARE(json.value(u"top"_s).toArray().size(), 1);
    QVERIFY(!json.value(u"notes"_s).toArray().isEmpty());
    QVERIFY(json.value(u"notes"_s).toArray().first().toObject().contains(u"level"_s));
}

void TestBucketCalc::powerOfTwo_data()
{
    QTest::addColumn<double>("mib");
    QTest::addColumn<qulonglong>("power");
    QTest::addRow("zero") << 0.0 << 1ULL;
    QTest::addRow("one") << 1.0 << 1ULL;
    QTest::addRow("just above one") << 1.0001 << 2ULL;
    QTest::addRow("2848.8") << 2848.8 << 4096ULL;
    QTest::addRow("exactly 4096") << 4096.0 << 4096ULL;
    QTest::addRow("5702.4") << 5702.4 << 8192ULL;
}

void TestBucketCalc::powerOfTwo()
{
    QFETCH(double, mib);
    QFETCH(qulonglong, power);
    QCOMPARE(nextPowerOfTwo(mib), power);
}

void TestBucketCalc::presetsFileIsValidated_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("not json") << QByteArray("{") << u"not valid JSON"_s;
    QTest::addRow("wrong schema") << QByteArray(R"({"schema":2,"presets":[]})") << u"schema 1"_s;
    QTest::addRow("missing id") << QByteArray(R"({"schema":1,"presets":[{"group":"faq"}]})")
                                << u"\"#1\", field \"id\""_s;
    QTest::addRow("duplicate id") << QByteArray(R"({"schema":1,"presets":[
        {"id":"a","group":"faq","title":{"en":"A"},"source":"s","embedding_shape":[1,2]},
        {"id":"A","group":"faq","title":{"en":"A"},"source":"s","embedding_shape":[1,2]}]})")
                                  << u"used twice"_s;
    QTest::addRow("bad group") << QByteArray(R"({"schema":1,"presets":[{"id":"a","group":"x"}]})")
                               << u"field \"group\""_s;
    QTest::addRow("no source") << QByteArray(R"({"schema":1,"presets":[{"id":"a","group":"faq","title":{"en":"A"}}]})")
                               << u"field \"source\""_s;
    QTest::addRow("bad shape") << QByteArray(R"({"schema":1,"presets":[{"id":"a","group":"faq","title":{"en":"A"},
        "source":"s","embedding_shape":[1]}]})")
                               << u"embedding_shape"_s;
    QTest::addRow("config without sizes") << QByteArray(R"({"schema":1,"presets":[{"id":"a","group":"model",
        "title":{"en":"A"},"source":"s","config":{"vocab_size":5}}]})")
                                          << u"field \"config\""_s;
}

void TestBucketCalc::presetsFileIsValidated()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    const auto presets = parsePresets(json, u"presets.json"_s);
    QVERIFY(!presets.ok());
    QVERIFY2(presets.error().message.contains(mentions), qPrintable(presets.error().message));
    QVERIFY(presets.error().message.startsWith(u"presets.json"_s));
}

QTEST_GUILESS_MAIN(TestBucketCalc)
#include "tst_bucketcalc.moc"
