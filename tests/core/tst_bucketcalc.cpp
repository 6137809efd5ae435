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
    void shortNames_data();
    void shortNames();
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
    void verlSource_data();
    void verlSource();
    void neverShrinks_data();
    void neverShrinks();
    void pastedMessageIsAFact();
    void sharedMemory();
    void noBucketHoldsIt();
    void digitsShowWhy();
    void moeExpertsPerExpert();
    void json();
    void powerOfTwo_data();
    void powerOfTwo();
    void presetsFileIsValidated_data();
    void presetsFileIsValidated();
};

void TestBucketCalc::shortNames_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("prefix and suffix") << QStringList{u"model.embed_tokens.weight"_s, u"lm_head.weight"_s}
                                       << QStringList{u"embed_tokens"_s, u"lm_head"_s};
    QTest::newRow("VLM language model") << QStringList{u"model.language_model.embed_tokens.weight"_s}
                                        << QStringList{u"embed_tokens"_s};
    QTest::newRow("long: the end kept") << QStringList{u"model.layers.47.mlp.experts.down_proj.weight"_s}
                                        << QStringList{u"…mlp.experts.down_proj"_s};
    QTest::newRow("same end twice: numbered")
        << QStringList{u"model.layers.10.mlp.experts.gate_up_proj.weight"_s,
                       u"model.layers.11.mlp.experts.gate_up_proj.weight"_s}
        << QStringList{u"…experts.gate_up_proj"_s, u"…experts.gate_up_proj (2)"_s};
    QTest::newRow("only a suffix") << QStringList{u".weight"_s, u"weight"_s} << QStringList{u".weight"_s, u"weight"_s};
}

void TestBucketCalc::shortNames()
{
    QFETCH(QStringList, names);
    QFETCH(QStringList, expected);
    QCOMPARE(vna::bucket::shortTensorNames(names), expected);
}

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
    // The FAQ's setting: verl 0.7.1 (the first with the assertion), its default legacy FSDP worker.
    const auto report = analyze(*source, version(u"0.7.1"_s));
    QVERIFY(report.ok());
    QCOMPARE(report->largest.dtype.safetensors, u"F32"_s);
    QCOMPARE(report->assertionFires, true);
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
    Options options = version(u"0.8.0"_s);
    options.dtype = *parseDType(dtype, u"x"_s);
    const auto report = analyze(shapeSource(shape, dtype), options);
    QVERIFY(report.ok());
    QCOMPARE(report->currentBucketMiB, 2048ULL);
    // Nothing to change when it fits; never a bucket smaller than the one in force.
    QCOMPARE(report->override.isEmpty(), fits);
    QVERIFY(report->recommendedMiB >= report->currentBucketMiB);
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
    options.bucketMiB = 1024; // the 2048 MiB tensor does not fit
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
    QTest::addColumn<bool>("fits");    // the 7B embedding as verl's default worker sends it
    QTest::addRow("0.5.0") << u"0.5.0"_s << kOldKey << 512ULL << false << false;
    QTest::addRow("0.7.0") << u"v0.7.0"_s << kOldKey << 512ULL << false << false;
    QTest::addRow("0.7.1") << u"0.7.1"_s << kNewKey << 2048ULL << true << false;
    QTest::addRow("0.7.1 pre-release") << u"0.7.1rc1"_s << kNewKey << 2048ULL << true << false;
    QTest::addRow("0.8.0: bf16 fits") << u"0.8.0"_s << kNewKey << 2048ULL << false << true;
    QTest::addRow("0.9.0") << u"0.9"_s << kNewKey << 2048ULL << false << false;
    QTest::addRow("future") << u"1.2.3"_s << kNewKey << 2048ULL << false << false;
}

void TestBucketCalc::keyByVersion()
{
    QFETCH(QString, version);
    QFETCH(QString, key);
    QFETCH(qulonglong, defaultBucket);
    QFETCH(bool, asserts);
    QFETCH(bool, fits);
    const auto report = analyze(*sourceFromPreset(u"7B"_s), ::version(version));
    QVERIFY(report.ok());
    QCOMPARE(report->configKey, key);
    QCOMPARE(report->currentBucketMiB, defaultBucket);
    QCOMPARE(report->fitsCurrent, fits);
    QCOMPARE(report->override, fits ? QString() : key + u"=4096"_s);
    QCOMPARE(report->assertionApplies, asserts);
    QCOMPARE(isProblem(*report), asserts && !fits);
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
    const Source vllm = sourceFromMessages(*parseAssertions(
        u"Weight w(torch.Size([151936, 4096]), torch.float32) is too large to fit in the bucket.Please increase "
        u"rollout.update_weights_bucket_megabytes(2048 MB)."_s));
    const Source engine = sourceFromMessages(
        *parseAssertions(u"Weight w(torch.Size([151936, 4096]), torch.float32) is too large to fit in the bucket."_s));

    // 0.7.1: the assertion fires and the message names a key that no longer works.
    auto report = analyze(vllm, version(u"0.7.1"_s));
    QVERIFY(hasNote(*report, Note::Level::Error, u"too large to fit in the bucket"_s));
    QVERIFY(hasNote(*report, Note::Level::Info, u"since verl 0.7.1 that setting lives at " + kNewKey));
    QCOMPARE(report->notes.constFirst().level, Note::Level::Error); // the verdict first

    // 0.8.0 naive: fine with IPC, still failing on the shared-memory fallback; the vLLM message on 0.8.0
    // proves the fallback.
    const Source big = *sourceFromPreset(u"72B"_s);
    report = analyze(big, version(u"0.8.0"_s));
    QVERIFY(!report->assertionFires);
    QVERIFY(hasNote(*report, Note::Level::Info, u"25.3.rc1"_s));
    Options shm = version(u"0.8.0"_s);
    shm.sharedMemory = true;
    report = analyze(big, shm);
    QVERIFY(report->assertionFires);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"8.3.RC1"_s));
    report = analyze(vllm, version(u"0.8.0"_s));
    QCOMPARE(report->sharedMemory, true);
    QCOMPARE(report->engine, vna::verl::Engine::Naive);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"raises this only in its shared-memory fallback"_s));

    // The checkpoint engines' message has no "Please increase": on NPUs, HCCL, two buffers.
    Options hccl = version(u"0.8.0"_s);
    hccl.hbmMiB = 32768;
    report = analyze(engine, hccl);
    QCOMPARE(report->engine, vna::verl::Engine::Hccl);
    QVERIFY(report->assertionFires);
    QCOMPARE(report->buffers, 2);
    QCOMPARE(report->deviceMiB, 8192ULL);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"25%"_s));
    QVERIFY(!hasNote(*report, Note::Level::Info, u"that setting lives at"_s)); // it names no key
    // 0.9.0's HCCL engine splits: a pasted message came from another version or engine. No failure is
    // told for 0.9.0 (no "set the override" beside "never raises"), only where the message came from.
    hccl.version = *vna::verl::Version::parse(u"0.9.0"_s, u"x"_s);
    report = analyze(engine, hccl);
    QCOMPARE(report->assertionFires, false);
    QCOMPARE(vna::bucket::isProblem(*report), false);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"does not raise this message"_s));
    QVERIFY(!hasNote(*report, Note::Level::Error, u"Set the override below"_s));
    // The same before the assertion existed (0.6.x): the message proves a newer verl.
    report = analyze(vllm, version(u"0.6.0"_s));
    QCOMPARE(vna::bucket::isProblem(*report), false);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"proves your verl is 0.7.1 or newer"_s));
    hccl.engine = vna::verl::Engine::Hccl;
    QCOMPARE(analyze(big, hccl)->assertionApplies, false);

    // Buffers larger than the device.
    hccl.hbmMiB = 4096;
    hccl.version = *vna::verl::Version::parse(u"0.8.0"_s, u"x"_s);
    QVERIFY(hasNote(*analyze(engine, hccl), Note::Level::Error, u"do not fit in 4096 MiB"_s));

    // Before 0.7.1 there is no assertion at all: the message proves a newer verl.
    QVERIFY(hasNote(*analyze(vllm, version(u"0.6.0"_s)), Note::Level::Warning, u"0.7.1 or newer"_s));

    // The FAQ's arithmetic slip is pointed out on its 7B row.
    QVERIFY(hasNote(*analyze(*sourceFromPreset(u"7B"_s), Options()), Note::Level::Info, u"2,489,319,424"_s));
}

void TestBucketCalc::verlSource_data()
{
    // Every row from verl's source at the tag (resources/data/verl-facts.json, written by
    // scripts/verl-facts/extract.py); the 72B embedding exceeds every default bucket in fp32 and bf16.
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("backend"); // empty: verl's default (fsdp)
    QTest::addColumn<QString>("worker");  // empty: verl's default for the version
    QTest::addColumn<QString>("engine");
    QTest::addColumn<bool>("shm");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<bool>("fires");
    QTest::addColumn<QString>("key");
    QTest::addColumn<qulonglong>("defaultBucket");
    QTest::addColumn<QString>("dtypeSource");
    QTest::addColumn<QString>("assertionSource");
    QTest::addRow("0.5.0 fsdp") << u"0.5.0"_s << QString() << QString() << u"naive"_s << false << u"F32"_s << false
                                << kOldKey << 512ULL << u"v0.5.0:verl/workers/sharding_manager/fsdp_vllm.py:336"_s
                                << QString();
    QTest::addRow("0.5.0 fsdp2 asks engine: legacy")
        << u"0.5.0"_s << u"fsdp2"_s << u"engine"_s << u"naive"_s << false << u"F32"_s << false << kOldKey << 512ULL
        << u"v0.5.0:verl/workers/sharding_manager/fsdp_vllm.py:336"_s << QString();
    QTest::addRow("0.5.0 megatron") << u"0.5.0"_s << u"megatron"_s << QString() << u"naive"_s << false << u"BF16"_s
                                    << false << kOldKey << 512ULL << u"v0.5.0:verl/workers/megatron_workers.py:404"_s
                                    << QString();
    QTest::addRow("0.6.0 fsdp") << u"0.6.0"_s << u"fsdp"_s << QString() << u"naive"_s << false << u"F32"_s << false
                                << kOldKey << 512ULL << u"v0.6.0:verl/workers/fsdp_workers.py:690"_s << QString();
    QTest::addRow("0.6.1 fsdp") << u"0.6.1"_s << u"fsdp"_s << QString() << u"naive"_s << false << u"F32"_s << false
                                << kOldKey << 512ULL << u"v0.6.1:verl/workers/fsdp_workers.py:705"_s << QString();
    QTest::addRow("0.6.1 megatron") << u"0.6.1"_s << u"megatron"_s << QString() << u"naive"_s << false << u"BF16"_s
                                    << false << kOldKey << 512ULL << u"v0.6.1:verl/workers/megatron_workers.py:473"_s
                                    << QString();
    QTest::addRow("0.7.0 fsdp legacy") << u"0.7.0"_s << QString() << QString() << u"naive"_s << false << u"F32"_s
                                       << false << kOldKey << 512ULL << u"v0.7.0:verl/workers/fsdp_workers.py:730"_s
                                       << QString();
    QTest::addRow("0.7.0 fsdp engine") << u"0.7.0"_s << u"fsdp"_s << u"engine"_s << u"naive"_s << false << u"F32"_s
                                       << false << kOldKey << 512ULL
                                       << u"v0.7.0:verl/workers/engine/fsdp/transformer_impl.py:670"_s << QString();
    QTest::addRow("0.7.0 megatron") << u"0.7.0"_s << u"megatron"_s << QString() << u"naive"_s << false << u"BF16"_s
                                    << false << kOldKey << 512ULL << u"v0.7.0:verl/workers/megatron_workers.py:565"_s
                                    << QString();
    QTest::addRow("0.7.1 fsdp legacy naive")
        << u"0.7.1"_s << QString() << QString() << u"naive"_s << false << u"F32"_s << true << kNewKey << 2048ULL
        << u"v0.7.1:verl/workers/fsdp_workers.py:809"_s
        << u"v0.7.1:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:136"_s;
    QTest::addRow("0.7.1 fsdp2 engine naive")
        << u"0.7.1"_s << u"fsdp2"_s << u"engine"_s << u"naive"_s << false << u"BF16"_s << true << kNewKey << 2048ULL
        << u"v0.7.1:verl/workers/engine/fsdp/transformer_impl.py:770"_s
        << u"v0.7.1:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:136"_s;
    QTest::addRow("0.7.1 fsdp legacy hccl")
        << u"0.7.1"_s << u"fsdp"_s << u"legacy"_s << u"hccl"_s << false << u"F32"_s << true << kNewKey << 2048ULL
        << u"v0.7.1:verl/workers/fsdp_workers.py:809"_s
        << u"v0.7.1:verl/checkpoint_engine/hccl_checkpoint_engine.py:274"_s;
    QTest::addRow("0.7.1 fsdp nccl") << u"0.7.1"_s << u"fsdp"_s << QString() << u"nccl"_s << false << u"F32"_s << true
                                     << kNewKey << 2048ULL << u"v0.7.1:verl/workers/fsdp_workers.py:809"_s
                                     << u"v0.7.1:verl/checkpoint_engine/nccl_checkpoint_engine.py:268"_s;
    QTest::addRow("0.7.1 megatron naive")
        << u"0.7.1"_s << u"megatron"_s << QString() << u"naive"_s << false << u"BF16"_s << true << kNewKey << 2048ULL
        << u"v0.7.1:verl/workers/megatron_workers.py:579"_s
        << u"v0.7.1:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:136"_s;
    QTest::addRow("0.8.0 fsdp naive") << u"0.8.0"_s << QString() << QString() << u"naive"_s << false << u"BF16"_s
                                      << false << kNewKey << 2048ULL
                                      << u"v0.8.0:verl/workers/engine/fsdp/transformer_impl.py:841"_s
                                      << u"v0.8.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.8.0 fsdp asks legacy: engine")
        << u"0.8.0"_s << u"fsdp"_s << u"legacy"_s << u"naive"_s << false << u"BF16"_s << false << kNewKey << 2048ULL
        << u"v0.8.0:verl/workers/engine/fsdp/transformer_impl.py:841"_s
        << u"v0.8.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.8.0 fsdp2 naive shm")
        << u"0.8.0"_s << u"fsdp2"_s << QString() << u"naive"_s << true << u"BF16"_s << true << kNewKey << 2048ULL
        << u"v0.8.0:verl/workers/engine/fsdp/transformer_impl.py:841"_s
        << u"v0.8.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.8.0 fsdp hccl") << u"0.8.0"_s << u"fsdp"_s << QString() << u"hccl"_s << false << u"BF16"_s << true
                                     << kNewKey << 2048ULL
                                     << u"v0.8.0:verl/workers/engine/fsdp/transformer_impl.py:841"_s
                                     << u"v0.8.0:verl/checkpoint_engine/hccl_checkpoint_engine.py:278"_s;
    QTest::addRow("0.8.0 fsdp nccl") << u"0.8.0"_s << u"fsdp"_s << QString() << u"nccl"_s << false << u"BF16"_s << false
                                     << kNewKey << 2048ULL
                                     << u"v0.8.0:verl/workers/engine/fsdp/transformer_impl.py:841"_s
                                     << u"v0.8.0:verl/checkpoint_engine/nccl_checkpoint_engine.py:254"_s;
    QTest::addRow("0.8.0 megatron") << u"0.8.0"_s << u"megatron"_s << QString() << u"naive"_s << false << u"BF16"_s
                                    << false << kNewKey << 2048ULL
                                    << u"v0.8.0:verl/workers/engine/megatron/transformer_impl.py:172"_s
                                    << u"v0.8.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.9.0 fsdp naive") << u"0.9.0"_s << QString() << QString() << u"naive"_s << false << u"F32"_s
                                      << false << kNewKey << 2048ULL
                                      << u"v0.9.0:verl/workers/engine/fsdp/transformer_impl.py:1004"_s
                                      << u"v0.9.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.9.0 fsdp2 naive shm")
        << u"0.9.0"_s << u"fsdp2"_s << QString() << u"naive"_s << true << u"F32"_s << true << kNewKey << 2048ULL
        << u"v0.9.0:verl/workers/engine/fsdp/transformer_impl.py:1004"_s
        << u"v0.9.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.9.0 fsdp hccl") << u"0.9.0"_s << u"fsdp"_s << QString() << u"hccl"_s << false << u"F32"_s << false
                                     << kNewKey << 2048ULL
                                     << u"v0.9.0:verl/workers/engine/fsdp/transformer_impl.py:1004"_s
                                     << u"v0.9.0:verl/checkpoint_engine/hccl_checkpoint_engine.py:264"_s;
    QTest::addRow("0.9.0 fsdp nccl") << u"0.9.0"_s << u"fsdp"_s << QString() << u"nccl"_s << false << u"F32"_s << false
                                     << kNewKey << 2048ULL
                                     << u"v0.9.0:verl/workers/engine/fsdp/transformer_impl.py:1004"_s
                                     << u"v0.9.0:verl/checkpoint_engine/nccl_checkpoint_engine.py:256"_s;
    QTest::addRow("0.9.0 megatron") << u"0.9.0"_s << u"megatron"_s << QString() << u"naive"_s << false << u"BF16"_s
                                    << false << kNewKey << 2048ULL
                                    << u"v0.9.0:verl/workers/engine/megatron/transformer_impl.py:293"_s
                                    << u"v0.9.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.7.0.dev: 0.6.1 or 0.7.0")
        << u"0.7.0.dev"_s << QString() << QString() << u"naive"_s << false << u"F32"_s << false << kOldKey << 512ULL
        << u"v0.7.0:verl/workers/fsdp_workers.py:730"_s << QString();
    QTest::addRow("0.8.0.dev: 0.7.1 or 0.8.0")
        << u"0.8.0.dev"_s << QString() << QString() << u"naive"_s << false << u"F32"_s << true << kNewKey << 2048ULL
        << u"v0.7.1:verl/workers/fsdp_workers.py:809"_s
        << u"v0.7.1:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:136"_s;
    QTest::addRow("0.8.0.dev hccl") << u"0.8.0.dev"_s << u"fsdp2"_s << QString() << u"hccl"_s << false << u"F32"_s
                                    << true << kNewKey << 2048ULL << u"v0.7.1:verl/workers/fsdp_workers.py:809"_s
                                    << u"v0.7.1:verl/checkpoint_engine/hccl_checkpoint_engine.py:274"_s;
    QTest::addRow("0.9.0.dev: 0.8.0 or 0.9.0")
        << u"0.9.0.dev"_s << QString() << QString() << u"naive"_s << false << u"F32"_s << false << kNewKey << 2048ULL
        << u"v0.9.0:verl/workers/engine/fsdp/transformer_impl.py:1004"_s
        << u"v0.9.0:verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py:137"_s;
    QTest::addRow("0.9.0.dev hccl") << u"0.9.0.dev"_s << QString() << QString() << u"hccl"_s << false << u"F32"_s
                                    << true << kNewKey << 2048ULL
                                    << u"v0.9.0:verl/workers/engine/fsdp/transformer_impl.py:1004"_s
                                    << u"v0.8.0:verl/checkpoint_engine/hccl_checkpoint_engine.py:278"_s;
}

void TestBucketCalc::verlSource()
{
    QFETCH(QString, version);
    QFETCH(QString, backend);
    QFETCH(QString, worker);
    QFETCH(QString, engine);
    QFETCH(bool, shm);
    QFETCH(QString, dtype);
    QFETCH(bool, fires);
    QFETCH(QString, key);
    QFETCH(qulonglong, defaultBucket);
    QFETCH(QString, dtypeSource);
    QFETCH(QString, assertionSource);
    Options options = ::version(version);
    if (!backend.isEmpty())
        options.backend = *parseBackend(backend, u"x"_s);
    if (!worker.isEmpty())
        options.worker = *parseWorker(worker, u"x"_s);
    options.engine = *parseEngine(engine, u"x"_s);
    options.sharedMemory = shm;
    const auto report = analyze(*sourceFromPreset(u"72B"_s), options);
    QVERIFY(report.ok());
    QCOMPARE(report->largest.dtype.safetensors, dtype);
    QCOMPARE(report->dtypeSource, dtypeSource);
    QCOMPARE(report->assertionFires, fires);
    QCOMPARE(report->assertionSource, assertionSource);
    QCOMPARE(report->configKey, key);
    QCOMPARE(report->currentBucketMiB, defaultBucket);
    QCOMPARE(isProblem(*report), fires);
    QVERIFY(!report->override.isEmpty()); // too large everywhere: the fix is always offered
}

void TestBucketCalc::neverShrinks_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("version");
    QTest::addColumn<qulonglong>("bucket"); // 0: verl's default
    QTest::addColumn<qulonglong>("recommended");
    QTest::addColumn<bool>("problem");
    QTest::addRow("tiny, 0.8.0") << u"1000,1000"_s << u"0.8.0"_s << 0ULL << 2048ULL << false;
    QTest::addRow("empty tensor") << u"0,4096"_s << u"0.9.0"_s << 0ULL << 2048ULL << false;
    QTest::addRow("7B in bf16 fits 0.8.0") << u"151936,4096"_s << u"0.8.0"_s << 0ULL << 2048ULL << false;
    QTest::addRow("fits a large bucket") << u"151936,4096"_s << u"0.7.1"_s << 16384ULL << 16384ULL << false;
    QTest::addRow("grows from 512") << u"151936,4096"_s << u"0.6.1"_s << 0ULL << 4096ULL << false;
    QTest::addRow("grows, asserts") << u"151936,4096"_s << u"0.7.1"_s << 0ULL << 4096ULL << true;
}

void TestBucketCalc::neverShrinks()
{
    QFETCH(QString, shape);
    QFETCH(QString, version);
    QFETCH(qulonglong, bucket);
    QFETCH(qulonglong, recommended);
    QFETCH(bool, problem);
    Options options = ::version(version);
    if (bucket)
        options.bucketMiB = bucket;
    const auto report = analyze(shapeSource(shape), options);
    QVERIFY(report.ok());
    QCOMPARE(report->recommendedMiB, recommended);
    QVERIFY(report->recommendedMiB >= report->currentBucketMiB);
    QCOMPARE(report->override.isEmpty(), report->fitsCurrent);
    QCOMPARE(isProblem(*report), problem);
    if (report->fitsCurrent)
        QVERIFY(hasNote(*report, Note::Level::Info, u"no override is needed"_s));
}

void TestBucketCalc::pastedMessageIsAFact()
{
    // verl 0.8.0 sends large weights directly on the IPC path; a pasted vLLM message still fired.
    const Source vllm = sourceFromMessages(*parseAssertions(
        u"Weight model.embed_tokens.weight(torch.Size([151936, 4096]), torch.float32) is too large to fit in the "
        u"bucket.Please increase rollout.update_weights_bucket_megabytes(2048 MB)."_s));
    auto report = analyze(vllm, version(u"0.8.0"_s));
    QCOMPARE(report->assertionApplies, true);
    QCOMPARE(report->assertionFires, true);
    QVERIFY(!hasNote(*report, Note::Level::Info, u"instead of failing"_s));
    QVERIFY(!hasNote(*report, Note::Level::Info, u"it fits"_s));
    QCOMPARE(report->override, kNewKey + u"=4096"_s);

    // A 4 MiB tensor "too large" for a 2048 MB bucket: the message contradicts itself.
    const Source odd = sourceFromMessages(
        *parseAssertions(u"Weight lm_head.weight(torch.Size([1024, 1024]), torch.float32) is too large to fit in "
                         u"the bucket.Please increase rollout.update_weights_bucket_megabytes(2048 MB)."_s));
    report = analyze(odd, version(u"0.7.1"_s));
    QCOMPARE(report->contradictory, true);
    QCOMPARE(isProblem(*report), true);
    QVERIFY(report->override.isEmpty());
    QVERIFY(hasNote(*report, Note::Level::Warning, u"contradicts itself"_s));
}

void TestBucketCalc::sharedMemory()
{
    Options options = version(u"0.8.0"_s);
    options.sharedMemory = true;
    options.shmMiB = 64; // Docker's default
    auto report = analyze(*sourceFromPreset(u"7B"_s), options);
    QCOMPARE(report->sharedMemory, true);
    QCOMPARE(report->deviceMiB, 0ULL); // host memory, not HBM
    QVERIFY(hasNote(*report, Note::Level::Error, u"/dev/shm (64 MiB) holds 0 bucket(s) of 2048 MiB"_s));
    QVERIFY(std::any_of(report->steps.cbegin(), report->steps.cend(),
                        [](const Step &s) { return s.value.contains(u"/dev/shm"_s); }));
    options.shmMiB = 8192;
    report = analyze(*sourceFromPreset(u"7B"_s), options);
    QVERIFY(hasNote(*report, Note::Level::Warning, u"holds 4 bucket(s)"_s));
    QCOMPARE(isProblem(*report), false);
    options.shmMiB = 1024; // smaller than the tensor itself: raise /dev/shm, not a shape problem
    report = analyze(*sourceFromPreset(u"72B"_s), options);
    QCOMPARE(report->noBucketHolds, false);
    QCOMPARE(report->shmBuckets, std::optional<quint64>(0));
    QCOMPARE(isProblem(*report), true);
}

void TestBucketCalc::noBucketHoldsIt()
{
    const auto report = analyze(shapeSource(u"100000000,100000"_s), Options());
    QCOMPARE(report->noBucketHolds, true);
    QVERIFY(report->override.isEmpty());
    QCOMPARE(isProblem(*report), true);
    QVERIFY(hasNote(*report, Note::Level::Error, u"No bucket can hold tensor"_s));
    QVERIFY(std::none_of(report->steps.cbegin(), report->steps.cend(),
                         [](const Step &s) { return s.label == u"Power of two"_s; }));
    Options small;
    small.hbmMiB = 32768;
    QVERIFY(analyze(shapeSource(u"152064,65536"_s), small)->noBucketHolds); // 38016 MiB in fp32
    QVERIFY(!analyze(shapeSource(u"152064,8192"_s), small)->noBucketHolds);
}

void TestBucketCalc::digitsShowWhy()
{
    // 268,436,480 × 4 B is 1024.0039 MiB: "1024.00 MiB > 1024 MiB" would not show why.
    Options options;
    options.bucketMiB = 1024;
    options.dtype = *parseDType(u"F32"_s, u"x"_s);
    const auto report = analyze(shapeSource(u"268436480"_s), options);
    const auto current = std::find_if(report->steps.cbegin(), report->steps.cend(),
                                      [](const Step &s) { return s.label == u"Current bucket"_s; });
    QVERIFY(current != report->steps.cend());
    QVERIFY2(current->value.startsWith(u"1024.004 MiB > 1024 MiB"_s), qPrintable(current->value));
}

void TestBucketCalc::moeExpertsPerExpert()
{
    // transformers packs MoE experts into 3-D tensors; verl 0.9 sends them one expert at a time.
    auto packed = *makeTensor(u"model.layers.0.mlp.experts.gate_up_proj"_s, Shape{128, 3072, 4096},
                              *parseDType(u"BF16"_s, u"x"_s));
    Source source;
    source.kind = Source::Kind::Model;
    source.tensors = {packed};
    auto report = analyze(source, version(u"0.9.0"_s));
    QCOMPARE(report->largest.shape, (Shape{1536, 4096}));
    QVERIFY(hasNote(*report, Note::Level::Info, u"one expert at a time"_s));
    // 0.8.0 sends the packed tensor (bf16: 3 GiB).
    report = analyze(source, version(u"0.8.0"_s));
    QCOMPARE(report->largest.shape, (Shape{128, 3072, 4096}));
    // gpt_oss keeps its packed tensors.
    source.modelType = u"gpt_oss"_s;
    QCOMPARE(analyze(source, version(u"0.9.0"_s))->largest.shape, (Shape{128, 3072, 4096}));
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
