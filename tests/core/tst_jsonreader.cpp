// The pull JSON reader: every value kind, escapes and UTF-8, and the malformed text it must refuse.
#include <QTest>

#include "common/jsonreader.h"

using namespace Qt::StringLiterals;
using vna::JsonReader;

class TestJsonReader final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void walksADocument();
    void strings_data();
    void strings();
    void unsignedNumbers_data();
    void unsignedNumbers();
    void skipsAnything_data();
    void skipsAnything();
    void refuses_data();
    void refuses();
    void depthIsLimited();
    void skipsBrackets_data();
    void skipsBrackets();
};

void TestJsonReader::walksADocument()
{
    JsonReader reader(R"( {"w": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [0, 12]}, "x": null} )");
    QVERIFY(reader.beginObject());
    QString key;
    QVERIFY(reader.nextMember(key));
    QCOMPARE(key, u"w"_s);
    QCOMPARE(reader.peek(), JsonReader::Type::Object);
    QVERIFY(reader.beginObject());
    QByteArrayView field;
    QVERIFY(reader.nextMember(field));
    QCOMPARE(field, QByteArrayView("dtype"));
    QString dtype;
    QVERIFY(reader.readString(dtype));
    QCOMPARE(dtype, u"BF16"_s);
    QVERIFY(reader.nextMember(field));
    QVERIFY(reader.beginArray());
    QList<quint64> dims;
    quint64 value = 0;
    while (reader.nextElement()) {
        QVERIFY(reader.readUnsigned(value));
        dims << value;
    }
    QCOMPARE(dims, (QList<quint64>{2, 3}));
    QVERIFY(reader.nextMember(field));
    QVERIFY(reader.skipValue());
    QVERIFY(!reader.nextMember(field)); // end of "w"
    QVERIFY(reader.nextMember(key));
    QCOMPARE(key, u"x"_s);
    QCOMPARE(reader.peek(), JsonReader::Type::Null);
    QVERIFY(reader.skipValue());
    QVERIFY(!reader.nextMember(key));
    QVERIFY(!reader.failed());
    QVERIFY(reader.atEnd());
}

void TestJsonReader::strings_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("text");
    QTest::addRow("plain") << QByteArray(R"("model.embed_tokens.weight")") << u"model.embed_tokens.weight"_s;
    QTest::addRow("empty") << QByteArray(R"("")") << QString();
    QTest::addRow("escapes") << QByteArray(R"("a\"b\\c\/d\n\t")") << u"a\"b\\c/d\n\t"_s;
    QTest::addRow("unicode escape") << QByteArray(R"("\u6a21\u578b")") << u"模型"_s;
    QTest::addRow("surrogate pair") << QByteArray(R"("\ud83d\ude00")") << u"😀"_s;
    QTest::addRow("raw utf-8") << QByteArray("\"\xe6\xa8\xa1\xe5\x9e\x8b\"") << u"模型"_s;
}

void TestJsonReader::strings()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, text);
    JsonReader reader(json);
    QString out;
    QVERIFY2(reader.readString(out), qPrintable(reader.error()));
    QCOMPARE(out, text);
    JsonReader raw(json);
    QByteArrayView bytes;
    QVERIFY(raw.readString(bytes));
    QCOMPARE(QString::fromUtf8(bytes), text);
}

void TestJsonReader::unsignedNumbers_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qulonglong>("value");
    QTest::addRow("zero") << QByteArray("0") << true << 0ULL;
    QTest::addRow("large") << QByteArray("152064") << true << 152064ULL;
    QTest::addRow("beyond 2^53 exactly") << QByteArray("9007199254740993") << true << 9007199254740993ULL;
    QTest::addRow("max") << QByteArray("18446744073709551615") << true << 18446744073709551615ULL;
    QTest::addRow("overflow") << QByteArray("18446744073709551616") << false << 0ULL;
    QTest::addRow("negative") << QByteArray("-1") << false << 0ULL;
    QTest::addRow("fraction") << QByteArray("2.5") << false << 0ULL;
    QTest::addRow("exponent") << QByteArray("1e3") << false << 0ULL;
    QTest::addRow("leading zero") << QByteArray("012") << false << 0ULL;
    QTest::addRow("string") << QByteArray(R"("12")") << false << 0ULL;
}

void TestJsonReader::unsignedNumbers()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, ok);
    QFETCH(qulonglong, value);
    JsonReader reader(json);
    quint64 out = 0;
    const bool read = reader.readUnsigned(out) && reader.atEnd();
    QCOMPARE(read, ok);
    if (ok)
        QCOMPARE(out, value);
}

void TestJsonReader::skipsAnything_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addRow("nested") << QByteArray(R"({"a":[1,2,{"b":[true,false,null]}],"c":-1.5e-3,"d":"x"})");
    QTest::addRow("empty containers") << QByteArray(R"([{},[],""])");
    QTest::addRow("whitespace everywhere") << QByteArray(" { \"a\" :\n[ 1 ,\t2 ] } ");
}

void TestJsonReader::skipsAnything()
{
    QFETCH(QByteArray, json);
    JsonReader reader(json);
    QVERIFY2(reader.skipValue(), qPrintable(reader.error()));
    QVERIFY(reader.atEnd());
}

void TestJsonReader::refuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<qsizetype>("offset");
    QTest::addRow("empty") << QByteArray() << u"ends too early"_s << qsizetype(0);
    QTest::addRow("trailing comma") << QByteArray(R"({"a":1,})") << u"expected \""_s << qsizetype(7);
    QTest::addRow("missing colon") << QByteArray(R"({"a" 1})") << u"\":\""_s << qsizetype(5);
    QTest::addRow("unclosed string") << QByteArray(R"(["abc)") << u"not closed"_s << qsizetype(5);
    QTest::addRow("control character") << QByteArray("[\"a\x01\"]") << u"control character"_s << qsizetype(3);
    QTest::addRow("bad escape") << QByteArray(R"(["\q"])") << u"\\q"_s << qsizetype(4);
    QTest::addRow("bad unicode escape") << QByteArray(R"(["\u12g4"])") << u"\\u"_s << qsizetype(4);
    QTest::addRow("lone surrogate") << QByteArray(R"(["\udc00"])") << u"surrogate"_s << qsizetype(8);
    QTest::addRow("invalid utf-8") << QByteArray("[\"\xff\xfe\"]") << u"UTF-8"_s << qsizetype(5);
    QTest::addRow("unknown word") << QByteArray("[nul]") << u"unknown word"_s << qsizetype(1);
    QTest::addRow("bare minus") << QByteArray("[-]") << u"malformed number"_s << qsizetype(1);
    QTest::addRow("unexpected character") << QByteArray("[@]") << u"unexpected character"_s << qsizetype(1);
    QTest::addRow("truncated object") << QByteArray(R"({"a":)") << u"ends too early"_s << qsizetype(5);
}

void TestJsonReader::refuses()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    QFETCH(qsizetype, offset);
    JsonReader reader(json);
    QVERIFY(!reader.skipValue());
    QVERIFY(reader.failed());
    QVERIFY2(reader.error().contains(mentions), qPrintable(reader.error()));
    QCOMPARE(reader.errorOffset(), offset);
}

void TestJsonReader::depthIsLimited()
{
    const QByteArray deep = QByteArray(JsonReader::kMaxDepth + 1, '[') + QByteArray(JsonReader::kMaxDepth + 1, ']');
    JsonReader reader(deep);
    QVERIFY(!reader.skipValue());
    QVERIFY(reader.error().contains(u"nested"_s));
    const QByteArray fine = QByteArray(JsonReader::kMaxDepth, '[') + QByteArray(JsonReader::kMaxDepth, ']');
    JsonReader ok(fine);
    QVERIFY(ok.skipValue());
}

void TestJsonReader::skipsBrackets_data()
{
    // The text after the skipped value: quotes and brackets inside strings, and escapes of both.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("rest");
    QTest::addRow("plain") << QByteArray(R"({"a":[1,2]} X)") << QByteArray(" X");
    QTest::addRow("bracket in a string") << QByteArray(R"({"a":"}]"} X)") << QByteArray(" X");
    QTest::addRow("escaped quote") << QByteArray(R"({"a":"x\"}"} X)") << QByteArray(" X");
    QTest::addRow("escaped backslash before the quote") << QByteArray(R"({"a":"x\\"} X)") << QByteArray(" X");
    QTest::addRow("three backslashes") << QByteArray(R"({"a":"x\\\"}"} X)") << QByteArray(" X");
    QTest::addRow("nested") << QByteArray(R"([{"a":{"b":["]"]}}],1)") << QByteArray(",1");
}

void TestJsonReader::skipsBrackets()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, rest);
    vna::JsonReader reader(text);
    QCOMPARE(reader.skipBrackets(), true);
    QCOMPARE(text.mid(reader.offset()), rest.trimmed()); // offset() is past the blanks
}

QTEST_GUILESS_MAIN(TestJsonReader)
#include "tst_jsonreader.moc"
