// Model folders read header-only: single and sharded safetensors, config.json variants, tied heads,
// and every way a folder can be unusable.
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "bucket/modelinspector.h"
#include "support/modelfiles.h"

using namespace Qt::StringLiterals;
using vna::bucket::Tied;

Q_DECLARE_METATYPE(vna::bucket::Tied)

class TestModelInspector final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void config_data();
    void config();
    void singleFile();
    void shardedWithIndex_data();
    void shardedWithIndex();
    void staleIndexIsNoted();
    void tiedByHeadersOnly();
    void configOnlyWithPickles();
    void pathForms_data();
    void pathForms();
    void unusable_data();
    void unusable();
    void cancel();
    void seventyTwoBHeaderOnly();

private:
    QString dir(const QString &name) const;
    std::unique_ptr<QTemporaryDir> m_tmp;
};

void TestModelInspector::init()
{
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
}

QString TestModelInspector::dir(const QString &name) const
{
    QString path = m_tmp->filePath(name);
    QDir().mkpath(path);
    return path;
}

void TestModelInspector::config_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<qulonglong>("vocab");
    QTest::addColumn<qulonglong>("hidden");
    QTest::addColumn<int>("tied"); // -1 unknown
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("sizesFrom");

    QTest::addRow("Qwen2.5-7B") << QByteArray(R"({"model_type":"qwen2","vocab_size":152064,"hidden_size":3584,
        "intermediate_size":18944,"tie_word_embeddings":false,"torch_dtype":"bfloat16"})")
                                << 152064ULL << 3584ULL << 0 << u"bfloat16"_s << QString();
    QTest::addRow("tied small model") << QByteArray(
        R"({"vocab_size":151936,"hidden_size":896,"tie_word_embeddings":true})")
                                      << 151936ULL << 896ULL << 1 << QString() << QString();
    QTest::addRow("newer transformers dtype key")
        << QByteArray(R"({"vocab_size":10,"hidden_size":20,"dtype":"float16"})") << 10ULL << 20ULL << -1 << u"float16"_s
        << QString();
    QTest::addRow("VL model text_config") << QByteArray(R"({"model_type":"qwen3_vl","text_config":{"vocab_size":151936,
        "hidden_size":4096,"tie_word_embeddings":false,"dtype":"bfloat16"},"vision_config":{"hidden_size":1152}})")
                                          << 151936ULL << 4096ULL << 0 << u"bfloat16"_s << u"text_config"_s;
    QTest::addRow("InternVL llm_config") << QByteArray(R"({"llm_config":{"vocab_size":92553,"hidden_size":2048}})")
                                         << 92553ULL << 2048ULL << -1 << QString() << u"llm_config"_s;
    QTest::addRow("sizes missing") << QByteArray(R"({"model_type":"mystery"})") << 0ULL << 0ULL << -1 << QString()
                                   << QString();
    QTest::addRow("sizes of the wrong type")
        << QByteArray(R"({"vocab_size":"152064","hidden_size":-1})") << 0ULL << 0ULL << -1 << QString() << QString();
}

void TestModelInspector::config()
{
    QFETCH(QByteArray, json);
    QFETCH(qulonglong, vocab);
    QFETCH(qulonglong, hidden);
    QFETCH(int, tied);
    QFETCH(QString, dtype);
    QFETCH(QString, sizesFrom);
    const auto config = vna::bucket::parseModelConfig(json, u"config.json"_s);
    QVERIFY(config.ok());
    QCOMPARE(config->vocabSize.value_or(0), vocab);
    QCOMPARE(config->hiddenSize.value_or(0), hidden);
    QCOMPARE(config->tieWordEmbeddings ? int(*config->tieWordEmbeddings) : -1, tied);
    QCOMPARE(config->torchDtype, dtype);
    QCOMPARE(config->sizesFrom, sizesFrom);
}

void TestModelInspector::singleFile()
{
    const QString model = dir(u"small"_s);
    QVERIFY(vna::test::writeSafetensors(model + u"/model.safetensors"_s,
                                        {{u"model.embed_tokens.weight"_s, u"BF16"_s, {151936, 896}},
                                         {u"model.layers.0.mlp.up_proj.weight"_s, u"BF16"_s, {4864, 896}},
                                         {u"model.norm.weight"_s, u"BF16"_s, {896}}}));
    QVERIFY(
        vna::test::writeJson(model + u"/config.json"_s,
                             {{u"vocab_size"_s, 151936}, {u"hidden_size"_s, 896}, {u"tie_word_embeddings"_s, true}}));
    const auto inspection = vna::bucket::inspectModel(model);
    QVERIFY2(inspection.ok(), qPrintable(inspection.ok() ? QString() : inspection.error().message));
    QCOMPARE(inspection->files, 1);
    QCOMPARE(inspection->tensors.size(), 3);
    QCOMPARE(inspection->tensors.first().name, u"model.embed_tokens.weight"_s);
    QCOMPARE(inspection->tensors.last().name, u"model.norm.weight"_s);
    QCOMPARE(inspection->lmHeadTied, Tied::Yes);
    QCOMPARE(inspection->fromConfigOnly, false);
}

void TestModelInspector::shardedWithIndex_data()
{
    QTest::addColumn<bool>("tied");
    QTest::addColumn<Tied>("expected");
    QTest::addColumn<QString>("largestTwo");
    QTest::addRow("untied lm_head") << false << Tied::No << u"lm_head.weight"_s;
    QTest::addRow("tied lm_head") << true << Tied::Yes << u"model.layers.0.mlp.gate_proj.weight"_s;
}

void TestModelInspector::shardedWithIndex()
{
    QFETCH(bool, tied);
    QFETCH(Tied, expected);
    QFETCH(QString, largestTwo);
    const QString model = dir(u"sharded"_s);
    const quint64 headerBytes = vna::test::writeShardedModel(model, 4, 3, 152064, 3584, 18944, tied);
    QVERIFY(headerBytes > 0);
    const auto inspection = vna::bucket::inspectModel(model);
    QVERIFY2(inspection.ok(), qPrintable(inspection.ok() ? QString() : inspection.error().message));
    QCOMPARE(inspection->files, 4);
    QCOMPARE(inspection->tensors.size(), 1 + 12 * 3 + 1 + (tied ? 0 : 1));
    QCOMPARE(inspection->lmHeadTied, expected);
    QCOMPARE(inspection->tensors.at(0).name, u"model.embed_tokens.weight"_s);
    QCOMPARE(inspection->tensors.at(1).name, largestTwo);
    const quint64 jsonBytes = static_cast<quint64>(QFileInfo(model + u"/config.json"_s).size()
                                                   + QFileInfo(model + u"/model.safetensors.index.json"_s).size());
    QCOMPARE(inspection->bytesRead, headerBytes + jsonBytes);
}

void TestModelInspector::staleIndexIsNoted()
{
    const QString model = dir(u"stale"_s);
    QVERIFY(vna::test::writeSafetensors(model + u"/model-00001-of-00001.safetensors"_s,
                                        {{u"a"_s, u"F32"_s, {4}}, {u"b"_s, u"F32"_s, {4}}}));
    QVERIFY(vna::test::writeJson(model + u"/model.safetensors.index.json"_s,
                                 {{u"weight_map"_s, QJsonObject{{u"a"_s, u"model-00001-of-00001.safetensors"_s}}}}));
    const auto inspection = vna::bucket::inspectModel(model);
    QVERIFY(inspection.ok());
    QCOMPARE(inspection->tensors.size(), 2);
    QVERIFY2(inspection->notes.join(u' ').contains(u"lists 1 tensors but the shards hold 2"_s),
             qPrintable(inspection->notes.join(u' ')));
}

void TestModelInspector::tiedByHeadersOnly()
{
    // No config.json: a model without an lm_head tensor has it tied.
    const QString model = dir(u"noconfig"_s);
    QVERIFY(vna::test::writeSafetensors(model + u"/model.safetensors"_s,
                                        {{u"model.embed_tokens.weight"_s, u"BF16"_s, {1000, 64}}}));
    const auto inspection = vna::bucket::inspectModel(model);
    QVERIFY(inspection.ok());
    QCOMPARE(inspection->lmHeadTied, Tied::Yes);
    QVERIFY(!inspection->config);
}

void TestModelInspector::configOnlyWithPickles()
{
    const QString model = dir(u"pickles"_s);
    QVERIFY(vna::test::writeFile(model + u"/pytorch_model.bin"_s, QByteArray("\x80\x02}q\x00.", 6)));
    QVERIFY(vna::test::writeJson(model + u"/config.json"_s,
                                 {{u"vocab_size"_s, 152064},
                                  {u"hidden_size"_s, 3584},
                                  {u"intermediate_size"_s, 18944},
                                  {u"tie_word_embeddings"_s, false},
                                  {u"torch_dtype"_s, u"bfloat16"_s}}));
    const auto inspection = vna::bucket::inspectModel(model);
    QVERIFY(inspection.ok());
    QCOMPARE(inspection->fromConfigOnly, true);
    QCOMPARE(inspection->files, 0);
    QCOMPARE(inspection->lmHeadTied, Tied::No);
    QCOMPARE(inspection->tensors.size(), 5); // embedding, lm_head, gate, up, down
    QCOMPARE(inspection->tensors.first().shape, (vna::bucket::Shape{152064, 3584}));
    QCOMPARE(inspection->tensors.first().dtype.safetensors, u"BF16"_s);
    QVERIFY(inspection->notes.join(u' ').contains(u"pytorch_model.bin"_s));
}

void TestModelInspector::pathForms_data()
{
    QTest::addColumn<QString>("relative");
    QTest::addColumn<int>("files");
    QTest::addRow("folder") << u"m"_s << 2;
    QTest::addRow("one shard") << u"m/b.safetensors"_s << 1;
    QTest::addRow("config.json") << u"m/config.json"_s << 2;
}

void TestModelInspector::pathForms()
{
    QFETCH(QString, relative);
    QFETCH(int, files);
    const QString model = dir(u"m"_s);
    QVERIFY(vna::test::writeSafetensors(model + u"/a.safetensors"_s, {{u"x"_s, u"F32"_s, {4}}}));
    QVERIFY(vna::test::writeSafetensors(model + u"/b.safetensors"_s, {{u"y"_s, u"F32"_s, {8}}}));
    QVERIFY(vna::test::writeJson(model + u"/config.json"_s, {{u"vocab_size"_s, 8}, {u"hidden_size"_s, 4}}));
    const auto inspection = vna::bucket::inspectModel(m_tmp->filePath(relative));
    QVERIFY(inspection.ok());
    QCOMPARE(inspection->files, files);
}

void TestModelInspector::unusable_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("mentions");

    QTest::addRow("does not exist") << u"missing"_s << u"does not exist"_s;
    QTest::addRow("other file") << u"readme"_s << u"neither a model folder"_s;
    QTest::addRow("empty folder") << u"empty"_s << u"nothing to size"_s;
    QTest::addRow("pickles without config") << u"pickle-only"_s << u"pytorch_model.bin"_s;
    QTest::addRow("lfs pointer shard") << u"lfs"_s << u"Git LFS"_s;
    QTest::addRow("truncated shard") << u"truncated"_s << u"model.safetensors is truncated"_s;
    QTest::addRow("missing shard") << u"missing-shard"_s << u"model-00002-of-00002.safetensors is listed"_s;
    QTest::addRow("damaged index") << u"bad-index"_s << u"weight_map"_s;
    QTest::addRow("index escapes the folder") << u"escaping-index"_s << u"../x.safetensors"_s;
    QTest::addRow("damaged config") << u"bad-config"_s << u"config.json is not valid JSON"_s;
}

void TestModelInspector::unusable()
{
    QFETCH(QString, setup);
    QFETCH(QString, mentions);
    QString path = m_tmp->filePath(setup);
    if (setup == u"readme") {
        QVERIFY(vna::test::writeFile(path, "hello"));
    } else if (setup != u"missing") {
        QDir().mkpath(path);
    }
    const QByteArray one = R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
    if (setup == u"pickle-only") {
        QVERIFY(vna::test::writeFile(path + u"/pytorch_model.bin"_s, QByteArray("\x80\x02}q\x00.", 6)));
    } else if (setup == u"lfs") {
        QVERIFY(vna::test::writeFile(path + u"/model.safetensors"_s,
                                     "version https://git-lfs.github.com/spec/v1\noid sha256:ab\nsize 9\n"));
    } else if (setup == u"truncated") {
        QVERIFY(
            vna::test::writeRawSafetensors(path + u"/model.safetensors"_s, one, 3, static_cast<quint64>(one.size())));
    } else if (setup == u"missing-shard" || setup == u"bad-index" || setup == u"escaping-index") {
        QVERIFY(vna::test::writeSafetensors(path + u"/model-00001-of-00002.safetensors"_s, {{u"w"_s, u"F32"_s, {2}}}));
        QJsonObject map{{u"w"_s, u"model-00001-of-00002.safetensors"_s},
                        {u"v"_s, u"model-00002-of-00002.safetensors"_s}};
        if (setup == u"escaping-index")
            map.insert(u"v"_s, u"../x.safetensors"_s);
        QVERIFY(vna::test::writeJson(path + u"/model.safetensors.index.json"_s,
                                     setup == u"bad-index" ? QJsonObject{{u"metadata"_s, 1}}
                                                           : QJsonObject{{u"weight_map"_s, map}}));
    } else if (setup == u"bad-config") {
        QVERIFY(vna::test::writeFile(path + u"/config.json"_s, "{\"vocab_size\": 5,"));
    }
    const auto inspection = vna::bucket::inspectModel(path);
    QVERIFY(!inspection.ok());
    QVERIFY2(inspection.error().message.contains(mentions), qPrintable(inspection.error().message));
}

void TestModelInspector::cancel()
{
    const QString model = dir(u"c"_s);
    QVERIFY(vna::test::writeSafetensors(model + u"/a.safetensors"_s, {{u"x"_s, u"F32"_s, {4}}}));
    const std::atomic_bool cancelled{true};
    const auto inspection = vna::bucket::inspectModel(model, &cancelled);
    QVERIFY(!inspection.ok());
    QCOMPARE(inspection.error().kind, vna::Error::Kind::Runtime);
}

void TestModelInspector::seventyTwoBHeaderOnly()
{
    // Qwen2.5-72B's layout: 37 shards, 80 layers, ~145 GB of (sparse) data. Only headers are read.
    const QString model = dir(u"72b"_s);
    const quint64 headerBytes = vna::test::writeShardedModel(model, 37, 80);
    QVERIFY(headerBytes > 0);
    const auto inspection = vna::bucket::inspectModel(model);
    QVERIFY2(inspection.ok(), qPrintable(inspection.ok() ? QString() : inspection.error().message));
    QCOMPARE(inspection->files, 37);
    QCOMPARE(inspection->tensors.size(), 1 + 12 * 80 + 2);
    const quint64 jsonBytes = static_cast<quint64>(QFileInfo(model + u"/config.json"_s).size()
                                                   + QFileInfo(model + u"/model.safetensors.index.json"_s).size());
    QCOMPARE(inspection->bytesRead, headerBytes + jsonBytes);
    QCOMPARE(inspection->tensors.first().bytes, 152064ULL * 8192 * 2);
}

QTEST_GUILESS_MAIN(TestModelInspector)
#include "tst_modelinspector.moc"
