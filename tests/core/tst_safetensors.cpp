// Header-only safetensors reading and every malformed file the reference implementation rejects.
#include <QTemporaryDir>
#include <QTest>

#include "bucket/safetensors.h"
#include "support/modelfiles.h"

using namespace Qt::StringLiterals;
using vna::test::TensorSpec;

class TestSafetensors final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void validFile();
    void readsOnlyTheHeader();
    void emptyModel();
    void malformed_data();
    void malformed();

private:
    QTemporaryDir m_dir;
};

void TestSafetensors::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestSafetensors::validFile()
{
    const QString path = m_dir.filePath(u"ok.safetensors"_s);
    QVERIFY(vna::test::writeSafetensors(path,
                                        {{u"model.embed_tokens.weight"_s, u"BF16"_s, {151936, 4096}},
                                         {u"model.norm.weight"_s, u"F32"_s, {4096}},
                                         {u"scale"_s, u"F32"_s, {}},
                                         {u"packed"_s, u"F4"_s, {2, 3}}},
                                        true));
    const auto header = vna::bucket::readSafetensorsHeader(path);
    QVERIFY2(header.ok(), qPrintable(header.ok() ? QString() : header.error().message));
    QCOMPARE(header->tensors.size(), 4);
    QCOMPARE(header->tensors.at(0).name, u"model.embed_tokens.weight"_s);
    QCOMPARE(header->tensors.at(0).bytes, 151936ULL * 4096 * 2);
    QCOMPARE(header->tensors.at(0).file, path);
    QCOMPARE(header->tensors.at(2).bytes, 4ULL);
    QCOMPARE(header->tensors.at(3).bytes, 3ULL);
    QCOMPARE(header->metadata.value(u"format"_s), u"pt"_s);
    QCOMPARE(header->headerSize % 8, 0ULL);

    // Fields the format does not know are skipped, as the reference implementation does.
    const QString extra = m_dir.filePath(u"extra.safetensors"_s);
    QVERIFY(vna::test::writeRawSafetensors(
        extra, R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8],"note":{"x":[1,"y"]}}})", 8, 75));
    QVERIFY(vna::bucket::readSafetensorsHeader(extra).ok());
}

void TestSafetensors::readsOnlyTheHeader()
{
    // 12 GiB of declared data in a sparse file: only 8 + N bytes may be read.
    const QString path = m_dir.filePath(u"big.safetensors"_s);
    QVERIFY(vna::test::writeSafetensors(path, {{u"w"_s, u"F32"_s, {3ULL << 30}}}));
    const auto header = vna::bucket::readSafetensorsHeader(path);
    QVERIFY(header.ok());
    QCOMPARE(header->bytesRead, 8 + header->headerSize);
    QVERIFY(header->bytesRead < 200);
}

void TestSafetensors::emptyModel()
{
    const QString path = m_dir.filePath(u"empty.safetensors"_s);
    QVERIFY(vna::test::writeSafetensors(path, {}));
    const auto header = vna::bucket::readSafetensorsHeader(path);
    QVERIFY(header.ok());
    QCOMPARE(header->tensors.size(), 0);
}

void TestSafetensors::malformed_data()
{
    QTest::addColumn<QByteArray>("content"); // the whole file, or empty to use header/data/declared
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<qulonglong>("dataBytes");
    QTest::addColumn<qlonglong>("declared"); // -1: the header's real length
    QTest::addColumn<QString>("mentions");

    const QByteArray one = R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
    QTest::addRow("empty file") << QByteArray("") << QByteArray() << 0ULL << -1LL << u"truncated"_s;
    QTest::addRow("shorter than 8 bytes") << QByteArray("abc") << QByteArray() << 0ULL << -1LL << u"truncated"_s;
    QTest::addRow("git lfs pointer") << QByteArray("version https://git-lfs.github.com/spec/v1\noid sha256:"
                                                   "4d7a2146\nsize 3945678912\n")
                                     << QByteArray() << 0ULL << -1LL << u"Git LFS pointer"_s;
    QTest::addRow("pytorch pickle") << QByteArray("\x80\x02}q\x00(X\x05\x00\x00\x00"
                                                  "model",
                                                  16)
                                    << QByteArray() << 0ULL << -1LL << u"pickle"_s;
    QTest::addRow("pytorch zip") << QByteArray("PK\x03\x04\x14\x00\x08\x08\x00\x00"
                                               "archive/data.pkl",
                                               26)
                                 << QByteArray() << 0ULL << -1LL << u"zip"_s;
    QTest::addRow("header length above 100 MB") << QByteArray() << one << 8ULL << 100000001LL << u"100 MB"_s;
    QTest::addRow("header longer than file") << QByteArray() << one << 8ULL << 4096LL << u"truncated"_s;
    QTest::addRow("does not start with {") << QByteArray() << QByteArray(" ") + one << 8ULL << -1LL << u"\"{\""_s;
    QTest::addRow("not json") << QByteArray() << QByteArray("{not json at all}") << 0ULL << -1LL << u"damaged"_s;
    QTest::addRow("json array") << QByteArray() << QByteArray("{]") << 0ULL << -1LL << u"damaged"_s;
    QTest::addRow("unknown dtype") << QByteArray()
                                   << QByteArray(R"({"w":{"dtype":"F33","shape":[2],"data_offsets":[0,8]}})") << 8ULL
                                   << -1LL << u"unknown dtype"_s;
    QTest::addRow("shape not a list") << QByteArray()
                                      << QByteArray(R"({"w":{"dtype":"F32","shape":2,"data_offsets":[0,8]}})") << 8ULL
                                      << -1LL << u"not a list"_s;
    QTest::addRow("negative dimension") << QByteArray()
                                        << QByteArray(R"({"w":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})")
                                        << 8ULL << -1LL << u"non-negative"_s;
    QTest::addRow("fractional dimension")
        << QByteArray() << QByteArray(R"({"w":{"dtype":"F32","shape":[2.5],"data_offsets":[0,10]}})") << 10ULL << -1LL
        << u"non-negative"_s;
    QTest::addRow("huge dimension") << QByteArray()
                                    << QByteArray(R"({"w":{"dtype":"F32","shape":[1e300],"data_offsets":[0,8]}})")
                                    << 8ULL << -1LL << u"non-negative"_s;
    QTest::addRow("offsets missing") << QByteArray() << QByteArray(R"({"w":{"dtype":"F32","shape":[2]}})") << 8ULL
                                     << -1LL << u"data_offsets"_s;
    QTest::addRow("end before begin") << QByteArray()
                                      << QByteArray(R"({"w":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})") << 8ULL
                                      << -1LL << u"ends before"_s;
    QTest::addRow("size does not match shape")
        << QByteArray() << QByteArray(R"({"w":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})") << 8ULL << -1LL
        << u"needs 12 bytes"_s;
    QTest::addRow("element count overflows")
        << QByteArray() << QByteArray(R"({"w":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]}})")
        << 8ULL << -1LL << u"64 bits"_s;
    QTest::addRow("misaligned sub-byte") << QByteArray()
                                         << QByteArray(R"({"w":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}})")
                                         << 2ULL << -1LL << u"whole bytes"_s;
    QTest::addRow("hole between tensors")
        << QByteArray()
        << QByteArray(
               R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})")
        << 12ULL << -1LL << u"hole"_s;
    QTest::addRow("overlapping tensors")
        << QByteArray()
        << QByteArray(
               R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})")
        << 8ULL << -1LL << u"overlap"_s;
    QTest::addRow("does not start at 0") << QByteArray()
                                         << QByteArray(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})")
                                         << 8ULL << -1LL << u"expected 0"_s;
    QTest::addRow("data truncated") << QByteArray() << one << 4ULL << -1LL << u"truncated"_s;
    QTest::addRow("bytes after the last tensor") << QByteArray() << one << 16ULL << -1LL << u"not described"_s;
    QTest::addRow("duplicate tensor name")
        << QByteArray()
        << QByteArray(
               R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"w":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})")
        << 8ULL << -1LL << u"appears twice"_s;
    QTest::addRow("trailing text after the object")
        << QByteArray() << one + QByteArray("x") << 8ULL << -1LL << u"text after the end"_s;
    QTest::addRow("metadata not strings")
        << QByteArray()
        << QByteArray(R"({"__metadata__":{"format":1},"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})") << 8ULL
        << -1LL << u"__metadata__"_s;
}

void TestSafetensors::malformed()
{
    QFETCH(QByteArray, content);
    QFETCH(QByteArray, header);
    QFETCH(qulonglong, dataBytes);
    QFETCH(qlonglong, declared);
    QFETCH(QString, mentions);

    const QString path = m_dir.filePath(u"bad.safetensors"_s);
    if (header.isEmpty()) {
        QVERIFY(vna::test::writeFile(path, content));
    } else {
        const quint64 length = declared < 0 ? static_cast<quint64>(header.size()) : static_cast<quint64>(declared);
        QVERIFY(vna::test::writeRawSafetensors(path, header, dataBytes, length));
    }
    const auto result = vna::bucket::readSafetensorsHeader(path);
    QVERIFY(!result.ok());
    QCOMPARE(result.error().kind, vna::Error::Kind::Input);
    QCOMPARE(result.error().where, path);
    // Every message names the file.
    QVERIFY2(result.error().message.contains(u"bad.safetensors"_s), qPrintable(result.error().message));
    QVERIFY2(result.error().message.contains(mentions), qPrintable(result.error().message));
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
