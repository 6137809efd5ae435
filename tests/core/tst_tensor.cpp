// The dtype table, shape parsing and checked size arithmetic.
#include <QTest>

#include "bucket/tensor.h"

using namespace Qt::StringLiterals;
using vna::bucket::Shape;

class TestTensor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dtypeNames_data();
    void dtypeNames();
    void everySafetensorsDtype_data();
    void everySafetensorsDtype();
    void shapes_data();
    void shapes();
    void badShapes_data();
    void badShapes();
    void bytes_data();
    void bytes();
};

void TestTensor::dtypeNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<int>("bits");

    const QList<std::tuple<const char *, const char *, int>> rows{
        {"float32", "F32", 32},
        {"fp32", "F32", 32},
        {"torch.float32", "F32", 32},
        {"F32", "F32", 32},
        {"float", "F32", 32},
        {"bfloat16", "BF16", 16},
        {"bf16", "BF16", 16},
        {"BF16", "BF16", 16},
        {"torch.bfloat16", "BF16", 16},
        {"float16", "F16", 16},
        {"fp16", "F16", 16},
        {"half", "F16", 16},
        {"torch.half", "F16", 16},
        {"float8_e4m3fn", "F8_E4M3", 8},
        {"F8_E4M3", "F8_E4M3", 8},
        {"torch.float8_e5m2", "F8_E5M2", 8},
        {"float8_e8m0fnu", "F8_E8M0", 8},
        {"int8", "I8", 8},
        {"torch.int8", "I8", 8},
        {"uint8", "U8", 8},
        {"bool", "BOOL", 8},
        {"int64", "I64", 64},
        {"long", "I64", 64},
        {"double", "F64", 64},
        {"complex64", "C64", 64},
        {"F4", "F4", 4},
        {"F6_E2M3", "F6_E2M3", 6},
        {"  Float32 ", "F32", 32},
    };
    for (const auto &[text, canonical, bits] : rows)
        QTest::addRow("%s", text) << QString::fromUtf8(text) << QString::fromUtf8(canonical) << bits;
    QTest::addRow("unknown") << u"float33"_s << QString() << 0;
    QTest::addRow("empty") << QString() << QString() << 0;
    QTest::addRow("torch. alone") << u"torch."_s << QString() << 0;
}

void TestTensor::dtypeNames()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    QFETCH(int, bits);
    const auto dtype = vna::bucket::parseDType(text, u"--dtype"_s);
    QCOMPARE(dtype.ok(), !canonical.isEmpty());
    if (dtype.ok()) {
        QCOMPARE(dtype->safetensors, canonical);
        QCOMPARE(dtype->bits, bits);
    } else {
        QCOMPARE(dtype.error().where, u"--dtype"_s);
    }
}

void TestTensor::everySafetensorsDtype_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("bits");
    // safetensors' Dtype enum with bitsize().
    const QList<std::pair<const char *, int>> rows{
        {"BOOL", 8},    {"U8", 8},      {"I8", 8},      {"F4", 4},          {"F6_E2M3", 6},     {"F6_E3M2", 6},
        {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"F8_E4M3FNUZ", 8}, {"F8_E5M2FNUZ", 8}, {"I16", 16},
        {"U16", 16},    {"F16", 16},    {"BF16", 16},   {"I32", 32},        {"U32", 32},        {"F32", 32},
        {"C64", 64},    {"F64", 64},    {"I64", 64},    {"U64", 64},
    };
    for (const auto &[name, bits] : rows)
        QTest::addRow("%s", name) << QString::fromUtf8(name) << bits;
}

void TestTensor::everySafetensorsDtype()
{
    QFETCH(QString, name);
    QFETCH(int, bits);
    const auto dtype = vna::bucket::dtypeFromSafetensors(name);
    QVERIFY(dtype.ok());
    QCOMPARE(dtype->bits, bits);
    // And its own name parses to itself.
    QCOMPARE(vna::bucket::parseDType(name, u"x"_s)->safetensors, name);
}

void TestTensor::shapes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Shape>("shape");

    const Shape faq{151936, 4096};
    QTest::addRow("comma") << u"151936,4096"_s << faq;
    QTest::addRow("comma and space") << u"151936, 4096"_s << faq;
    QTest::addRow("x") << u"151936x4096"_s << faq;
    QTest::addRow("X with spaces") << u"151936 X 4096"_s << faq;
    QTest::addRow("multiplication sign") << u"151936 × 4096"_s << faq;
    QTest::addRow("star") << u"151936*4096"_s << faq;
    QTest::addRow("brackets") << u"[151936, 4096]"_s << faq;
    QTest::addRow("parentheses") << u"(151936, 4096)"_s << faq;
    QTest::addRow("torch.Size") << u"torch.Size([151936, 4096])"_s << faq;
    QTest::addRow("torch.Size padded") << u"  torch.Size([ 151936 , 4096 ])  "_s << faq;
    QTest::addRow("one dimension") << u"4096"_s << Shape{4096};
    QTest::addRow("three dimensions") << u"256x7168x2048"_s << Shape{256, 7168, 2048};
    QTest::addRow("scalar") << u"[]"_s << Shape{};
    QTest::addRow("empty torch.Size") << u"torch.Size([])"_s << Shape{};
    QTest::addRow("zero dimension") << u"[0, 4096]"_s << Shape{0, 4096};
}

void TestTensor::shapes()
{
    QFETCH(QString, text);
    QFETCH(Shape, shape);
    const auto parsed = vna::bucket::parseShape(text, u"shape"_s);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(*parsed, shape);
}

void TestTensor::badShapes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qsizetype>("position");
    QTest::addColumn<QString>("mentions");

    QTest::addRow("empty") << QString() << qsizetype(-1) << u"empty"_s;
    QTest::addRow("letters") << u"151936,abc"_s << qsizetype(8) << u"character 8"_s;
    QTest::addRow("negative") << u"-1,4096"_s << qsizetype(1) << u"character 1"_s;
    QTest::addRow("decimal") << u"151936.5,4096"_s << qsizetype(7) << u"character 7"_s;
    QTest::addRow("trailing separator") << u"151936,"_s << qsizetype(7) << u"missing"_s;
    QTest::addRow("double separator") << u"151936,,4096"_s << qsizetype(8) << u"character 8"_s;
    QTest::addRow("unclosed bracket") << u"[151936, 4096"_s << qsizetype(1) << u"\"]\""_s;
    QTest::addRow("unclosed torch.Size") << u"torch.Size([151936, 4096]"_s << qsizetype(25) << u"torch.Size("_s;
    QTest::addRow("too large") << u"99999999999999999999"_s << qsizetype(1) << u"too large"_s;
    QTest::addRow("full-width digits") << u"１２"_s << qsizetype(1) << u"character 1"_s;
}

void TestTensor::badShapes()
{
    QFETCH(QString, text);
    QFETCH(qsizetype, position);
    QFETCH(QString, mentions);
    const auto parsed = vna::bucket::parseShape(text, u"--shape"_s);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().where, u"--shape"_s);
    QCOMPARE(parsed.error().position, position);
    QVERIFY2(parsed.error().message.contains(mentions), qPrintable(parsed.error().message));
}

void TestTensor::bytes_data()
{
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<qulonglong>("bytes"); // 0 = error
    QTest::addColumn<QString>("error");

    QTest::addRow("FAQ 7B fp32") << Shape{151936, 4096} << u"F32"_s << 2489319424ULL << QString();
    QTest::addRow("FAQ 72B fp32") << Shape{152064, 8192} << u"F32"_s << 4982833152ULL << QString();
    QTest::addRow("bf16") << Shape{248320, 5120} << u"BF16"_s << 2542796800ULL << QString();
    QTest::addRow("fp8") << Shape{129280, 7168} << u"F8_E4M3"_s << 926679040ULL << QString();
    QTest::addRow("fp4 even") << Shape{4, 4} << u"F4"_s << 8ULL << QString();
    QTest::addRow("fp6 packs") << Shape{4} << u"F6_E2M3"_s << 3ULL << QString();
    QTest::addRow("fp4 odd count") << Shape{3} << u"F4"_s << 0ULL << u"whole bytes"_s;
    QTest::addRow("scalar") << Shape{} << u"F32"_s << 4ULL << QString();
    QTest::addRow("empty tensor") << Shape{0, 4096} << u"F32"_s << 0ULL << QString();
    QTest::addRow("elements overflow") << Shape{4294967296ULL, 4294967296ULL} << u"I8"_s << 0ULL << u"64 bits"_s;
    QTest::addRow("bits overflow") << Shape{4611686018427387904ULL} << u"F32"_s << 0ULL << u"64 bits"_s;
}

void TestTensor::bytes()
{
    QFETCH(Shape, shape);
    QFETCH(QString, dtype);
    QFETCH(qulonglong, bytes);
    QFETCH(QString, error);
    const auto count = vna::bucket::byteCount(shape, *vna::bucket::dtypeFromSafetensors(dtype));
    QCOMPARE(count.ok(), error.isEmpty());
    if (count.ok())
        QCOMPARE(*count, bytes);
    else
        QVERIFY2(count.error().message.contains(error), qPrintable(count.error().message));
}

QTEST_GUILESS_MAIN(TestTensor)
#include "tst_tensor.moc"
