// Hydra override rendering: quoting only when needed, escapes, lists, dicts, prefixes and keys.
#include <QTest>

#include "hydra/override.h"

using namespace Qt::StringLiterals;
using vna::hydra::Override;
using vna::hydra::Value;

Q_DECLARE_METATYPE(vna::hydra::Value)

class TestHydraFormat final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void value_data();
    void value();
    void override_data();
    void override();
    void invalidDictKey();
};

void TestHydraFormat::value_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QString>("text");

    QTest::addRow("null") << Value::null() << u"null"_s;
    QTest::addRow("true") << Value::boolean(true) << u"true"_s;
    QTest::addRow("false") << Value::boolean(false) << u"false"_s;
    QTest::addRow("int") << Value::integer(4096) << u"4096"_s;
    QTest::addRow("negative int") << Value::integer(-20) << u"-20"_s;
    QTest::addRow("float") << Value::real(1.2) << u"1.2"_s;
    QTest::addRow("whole float stays float") << Value::real(2.0) << u"2.0"_s;
    QTest::addRow("small float") << Value::real(1e-7) << u"1e-07"_s;
    QTest::addRow("inf") << Value::real(std::numeric_limits<double>::infinity()) << u"inf"_s;
    QTest::addRow("nan") << Value::real(std::numeric_limits<double>::quiet_NaN()) << u"nan"_s;
    QTest::addRow("plain string") << Value::string(u"level1"_s) << u"level1"_s;
    QTest::addRow("path") << Value::string(u"/data/prof-out_1"_s) << u"/data/prof-out_1"_s;
    QTest::addRow("colon at top level") << Value::string(u"a:b"_s) << u"a:b"_s;
    QTest::addRow("empty string") << Value::string(QString()) << u"\"\""_s;
    QTest::addRow("string that reads as int") << Value::string(u"10"_s) << u"\"10\""_s;
    QTest::addRow("string that reads as float") << Value::string(u"1e3"_s) << u"\"1e3\""_s;
    QTest::addRow("string that reads as bool") << Value::string(u"True"_s) << u"\"True\""_s;
    QTest::addRow("string that reads as null") << Value::string(u"NULL"_s) << u"\"NULL\""_s;
    QTest::addRow("string that reads as inf") << Value::string(u"inf"_s) << u"\"inf\""_s;
    QTest::addRow("interpolation-looking") << Value::string(u"${oc.env:HOME}"_s) << u"\"${oc.env:HOME}\""_s;
    QTest::addRow("comma would be a sweep") << Value::string(u"npu,cpu"_s) << u"\"npu,cpu\""_s;
    QTest::addRow("space") << Value::string(u"hello world"_s) << u"\"hello world\""_s;
    QTest::addRow("leading space") << Value::string(u" x"_s) << u"\" x\""_s;
    QTest::addRow("brackets") << Value::string(u"A[B"_s) << u"\"A[B\""_s;
    QTest::addRow("equals") << Value::string(u"a=b"_s) << u"\"a=b\""_s;
    QTest::addRow("double quote uses single quotes") << Value::string(u"say \"hi\""_s) << u"'say \"hi\"'"_s;
    QTest::addRow("both quotes escape the double") << Value::string(u"it's \"x\""_s) << u"\"it's \\\"x\\\"\""_s;
    QTest::addRow("backslash before quote is doubled") << Value::string(u"a\\\"b'"_s) << u"\"a\\\\\\\"b'\""_s;
    QTest::addRow("backslash not before a quote is kept") << Value::string(u"dir\\ "_s) << u"\"dir\\ \""_s;
    QTest::addRow("trailing backslash is doubled") << Value::string(u"C:\\dir\\"_s) << u"\"C:\\dir\\\\\""_s;
    QTest::addRow("non-ascii") << Value::string(u"模型"_s) << u"\"模型\""_s;
    QTest::addRow("list of strings") << Value::list({Value::string(u"npu"_s), Value::string(u"cpu"_s)})
                                     << u"[npu,cpu]"_s;
    QTest::addRow("list of ints") << Value::list({Value::integer(1), Value::integer(2), Value::integer(5)})
                                  << u"[1,2,5]"_s;
    QTest::addRow("empty list") << Value::list({}) << u"[]"_s;
    QTest::addRow("nested list") << Value::list({Value::list({Value::integer(1)}), Value::null()}) << u"[[1],null]"_s;
    QTest::addRow("colon inside a list is quoted") << Value::list({Value::string(u"a:b"_s)}) << u"[\"a:b\"]"_s;
    QTest::addRow("dict") << Value::dict(
        {{u"a"_s, Value::integer(10)}, {u"b"_s, Value::dict({{u"c"_s, Value::boolean(true)}})}})
                          << u"{a:10,b:{c:true}}"_s;
}

void TestHydraFormat::value()
{
    QFETCH(Value, value);
    QFETCH(QString, text);
    const auto formatted = vna::hydra::formatValue(value);
    QVERIFY(formatted.ok());
    QCOMPARE(*formatted, text);
}

void TestHydraFormat::override_data()
{
    QTest::addColumn<int>("prefix");
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("hasValue");
    QTest::addColumn<QString>("text");

    QTest::addRow("set") << int(Override::Prefix::None)
                         << u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes"_s << true
                         << u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=4096"_s;
    QTest::addRow("add") << int(Override::Prefix::Add) << u"trainer.x"_s << true << u"+trainer.x=4096"_s;
    QTest::addRow("force add") << int(Override::Prefix::ForceAdd) << u"trainer.x"_s << true << u"++trainer.x=4096"_s;
    QTest::addRow("delete with value") << int(Override::Prefix::Delete) << u"trainer.x"_s << true
                                       << u"~trainer.x=4096"_s;
    QTest::addRow("delete") << int(Override::Prefix::Delete) << u"trainer.x"_s << false << u"~trainer.x"_s;
    QTest::addRow("dash in key") << int(Override::Prefix::None) << u"a.b-c"_s << true << u"a.b-c=4096"_s;
    QTest::addRow("index in path") << int(Override::Prefix::None) << u"a.0.b"_s << true << u"a.0.b=4096"_s;
    QTest::addRow("bad key: space") << int(Override::Prefix::None) << u"a b"_s << true << QString();
    QTest::addRow("bad key: empty") << int(Override::Prefix::None) << QString() << true << QString();
    QTest::addRow("bad key: equals") << int(Override::Prefix::None) << u"a=b"_s << true << QString();
    QTest::addRow("bad key: trailing dot") << int(Override::Prefix::None) << u"a."_s << true << QString();
}

void TestHydraFormat::override()
{
    QFETCH(int, prefix);
    QFETCH(QString, key);
    QFETCH(bool, hasValue);
    QFETCH(QString, text);
    Override o{static_cast<Override::Prefix>(prefix), key, std::nullopt};
    if (hasValue)
        o.value = Value::integer(4096);
    const auto formatted = vna::hydra::format(o);
    QCOMPARE(formatted.ok(), !text.isEmpty());
    if (formatted.ok())
        QCOMPARE(*formatted, text);
    else
        QVERIFY(formatted.error().message.contains(u"valid Hydra key"_s));
}

void TestHydraFormat::invalidDictKey()
{
    const auto formatted = vna::hydra::formatValue(Value::dict({{u"not a key"_s, Value::integer(1)}}));
    QVERIFY(!formatted.ok());
    QCOMPARE(formatted.error().where, u"not a key"_s);
}

QTEST_GUILESS_MAIN(TestHydraFormat)
#include "tst_hydraformat.moc"
