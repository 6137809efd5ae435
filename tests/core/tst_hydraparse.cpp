// Hydra's override grammar: what each text parses to (type and value), that everything the formatter
// writes parses back to the same value, and where malformed text is reported.
#include <cmath>

#include <QTest>

#include "bash/interpreter.h"
#include "hydra/parser.h"
#include "hydra/shell.h"

using namespace Qt::StringLiterals;
using vna::hydra::Override;
using vna::hydra::Value;

Q_DECLARE_METATYPE(vna::hydra::Value)

namespace {

Value str(const QString &s)
{
    return Value::string(s);
}
Value i(qint64 n)
{
    return Value::integer(n);
}
Value list(std::initializer_list<Value> items)
{
    return Value::list(Value::List(items));
}

// NaN never equals itself: compare by rendering instead.
bool same(const Value &a, const Value &b)
{
    if (a.type() == Value::Type::Float && b.type() == Value::Type::Float && std::isnan(a.toFloat()))
        return std::isnan(b.toFloat());
    return a == b;
}

} // namespace

class TestHydraParse final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void grammar_data();
    void grammar();
    void roundTrip_data();
    void roundTrip();
    void throughTheShell_data();
    void throughTheShell();
    void overrideForms_data();
    void overrideForms();
    void malformed_data();
    void malformed();
};

void TestHydraParse::grammar_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Value>("value");

    const double inf = std::numeric_limits<double>::infinity();
    // Primitives.
    QTest::addRow("identifier") << u"level1"_s << str(u"level1"_s);
    QTest::addRow("null") << u"null"_s << Value::null();
    QTest::addRow("NULL any case") << u"NuLL"_s << Value::null();
    QTest::addRow("true") << u"true"_s << Value::boolean(true);
    QTest::addRow("True as verl docs write it") << u"True"_s << Value::boolean(true);
    QTest::addRow("FALSE") << u"FALSE"_s << Value::boolean(false);
    QTest::addRow("true_ is an identifier") << u"true_"_s << str(u"true_"_s);
    QTest::addRow("int") << u"4096"_s << i(4096);
    QTest::addRow("negative int") << u"-20"_s << i(-20);
    QTest::addRow("plus int") << u"+7"_s << i(7);
    QTest::addRow("zero") << u"0"_s << i(0);
    QTest::addRow("underscores") << u"1_000_000"_s << i(1000000);
    QTest::addRow("leading zero is a string") << u"007"_s << str(u"007"_s);
    QTest::addRow("trailing underscore is a string") << u"1_"_s << str(u"1_"_s);
    QTest::addRow("hex is a string") << u"0x10"_s << str(u"0x10"_s);
    QTest::addRow("float") << u"3.14"_s << Value::real(3.14);
    QTest::addRow("float trailing dot") << u"5."_s << Value::real(5.0);
    QTest::addRow("float leading dot") << u".5"_s << Value::real(0.5);
    QTest::addRow("exponent") << u"1e-3"_s << Value::real(1e-3);
    QTest::addRow("exponent capital") << u"-2.5E+2"_s << Value::real(-250.0);
    QTest::addRow("float underscores") << u"1_0.5"_s << Value::real(10.5);
    QTest::addRow("inf") << u"inf"_s << Value::real(inf);
    QTest::addRow("-Inf") << u"-Inf"_s << Value::real(-inf);
    QTest::addRow("nan") << u"NaN"_s << Value::real(std::numeric_limits<double>::quiet_NaN());
    QTest::addRow("infinity is a string") << u"infinity"_s << str(u"infinity"_s);
    QTest::addRow("version-like is a string") << u"1.2.3"_s << str(u"1.2.3"_s);
    QTest::addRow("path") << u"/data/prof_out-1"_s << str(u"/data/prof_out-1"_s);
    QTest::addRow("relative path") << u"./outputs/profile"_s << str(u"./outputs/profile"_s);
    QTest::addRow("unquoted chars") << u"a+b.c$d%e*f@g"_s << str(u"a+b.c$d%e*f@g"_s);
    QTest::addRow("question mark and pipe") << u"a?b|c"_s << str(u"a?b|c"_s);
    QTest::addRow("colon") << u"host:8080"_s << str(u"host:8080"_s);
    QTest::addRow("inner space kept") << u"hello world"_s << str(u"hello world"_s);
    QTest::addRow("outer spaces dropped") << u"  padded  "_s << str(u"padded"_s);
    QTest::addRow("spaces around an int") << u" 10 "_s << i(10);
    QTest::addRow("empty") << QString() << str(QString());
    QTest::addRow("lone backslash") << u"a\\b"_s << str(u"a\\b"_s);
    // Escapes.
    QTest::addRow("escaped comma") << u"a\\,b"_s << str(u"a,b"_s);
    QTest::addRow("escaped space") << u"\\ x"_s << str(u" x"_s);
    QTest::addRow("escaped brackets") << u"A\\[B\\]"_s << str(u"A[B]"_s);
    QTest::addRow("escaped braces and equals") << u"job\\{a\\=1\\,b\\=2\\}"_s << str(u"job{a=1,b=2}"_s);
    QTest::addRow("escaped colon and parens") << u"f\\(x\\)\\:y"_s << str(u"f(x):y"_s);
    QTest::addRow("escaped backslash") << u"c\\\\d"_s << str(u"c\\d"_s);
    QTest::addRow("escape keeps an int a string") << u"\\ 10"_s << str(u" 10"_s);
    // Quoted values.
    QTest::addRow("single quotes") << u"'hello world'"_s << str(u"hello world"_s);
    QTest::addRow("double quotes") << u"\"a,b\""_s << str(u"a,b"_s);
    QTest::addRow("quoted number stays a string") << u"'10'"_s << str(u"10"_s);
    QTest::addRow("quoted true stays a string") << u"\"true\""_s << str(u"true"_s);
    QTest::addRow("quoted list stays a string") << u"'[1,2]'"_s << str(u"[1,2]"_s);
    QTest::addRow("escaped quote") << u"'it\\'s'"_s << str(u"it's"_s);
    QTest::addRow("other quote inside") << u"\"it's\""_s << str(u"it's"_s);
    QTest::addRow("backslash run before a quote halves") << u"'a\\\\\\'b'"_s << str(u"a\\'b"_s);
    QTest::addRow("trailing backslash doubled") << u"'C:\\dir\\\\'"_s << str(u"C:\\dir\\"_s);
    QTest::addRow("mid-string backslashes kept") << u"'a\\\\b'"_s << str(u"a\\\\b"_s);
    QTest::addRow("unicode quoted") << u"'模型'"_s << str(u"模型"_s);
    QTest::addRow("empty quotes") << u"''"_s << str(QString());
    // Interpolations.
    QTest::addRow("interpolation") << u"${oc.env:HOME}"_s << Value::interpolation(u"${oc.env:HOME}"_s);
    QTest::addRow("interpolation with default")
        << u"${oc.env:USER,me}"_s << Value::interpolation(u"${oc.env:USER,me}"_s);
    QTest::addRow("interpolation in a string") << u"${a.b}/x"_s << str(u"${a.b}/x"_s);
    QTest::addRow("interpolation quoted") << u"'${a}'"_s << str(u"${a}"_s);
    // Lists and dicts.
    QTest::addRow("list of ints") << u"[1,2,5]"_s << list({i(1), i(2), i(5)});
    QTest::addRow("list with spaces") << u"[ 1 , 2 ]"_s << list({i(1), i(2)});
    QTest::addRow("empty list") << u"[]"_s << Value::list({});
    QTest::addRow("list of strings") << u"[npu,cpu]"_s << list({str(u"npu"_s), str(u"cpu"_s)});
    QTest::addRow("list of quoted strings") << u"['npu','cpu']"_s << list({str(u"npu"_s), str(u"cpu"_s)});
    QTest::addRow("nested list") << u"[a,[1,null],[]]"_s
                                 << list({str(u"a"_s), list({i(1), Value::null()}), Value::list({})});
    QTest::addRow("list of mixed") << u"[true,1.5,'x y']"_s
                                   << list({Value::boolean(true), Value::real(1.5), str(u"x y"_s)});
    QTest::addRow("dict") << u"{a:10,b:x}"_s << Value::dict({{u"a"_s, i(10)}, {u"b"_s, str(u"x"_s)}});
    QTest::addRow("dict with spaces") << u"{ a : 1 , b : [2] }"_s
                                      << Value::dict({{u"a"_s, i(1)}, {u"b"_s, list({i(2)})}});
    QTest::addRow("nested dict") << u"{a:{b:true}}"_s
                                 << Value::dict({{u"a"_s, Value::dict({{u"b"_s, Value::boolean(true)}})}});
    QTest::addRow("empty dict") << u"{}"_s << Value::dict({});
    // Sweeps and functions.
    QTest::addRow("choice sweep") << u"npu,cpu"_s << Value::sweep({str(u"npu"_s), str(u"cpu"_s)});
    QTest::addRow("int sweep with spaces") << u"1, 2 ,5"_s << Value::sweep({i(1), i(2), i(5)});
    QTest::addRow("sweep of lists") << u"[1],[2]"_s << Value::sweep({list({i(1)}), list({i(2)})});
    QTest::addRow("choice()") << u"choice(a,b)"_s
                              << Value::call(u"choice"_s, {{QString(), str(u"a"_s)}, {QString(), str(u"b"_s)}});
    QTest::addRow("range() with names") << u"range(start=1, stop=5)"_s
                                        << Value::call(u"range"_s, {{u"start"_s, i(1)}, {u"stop"_s, i(5)}});
    QTest::addRow("cast with space before paren") << u"int (3)"_s << Value::call(u"int"_s, {{QString(), i(3)}});
    QTest::addRow("empty call") << u"shuffle()"_s << Value::call(u"shuffle"_s, {});
}

void TestHydraParse::grammar()
{
    QFETCH(QString, text);
    QFETCH(Value, value);
    const auto parsed = vna::hydra::parseValue(text);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QVERIFY2(same(*parsed, value), qPrintable(vna::hydra::describe(*parsed) + u" != "_s + vna::hydra::describe(value)));
    // And the formatter writes it so that it reads back the same.
    const auto formatted = vna::hydra::formatValue(value);
    QVERIFY(formatted.ok());
    const auto again = vna::hydra::parseValue(*formatted);
    QVERIFY2(again.ok(), qPrintable(*formatted));
    QVERIFY2(same(*again, value), qPrintable(*formatted));
}

void TestHydraParse::roundTrip_data()
{
    QTest::addColumn<Value>("value");
    const QStringList awkward{
        u"plain"_s,       u"with space"_s, u" lead"_s, u"trail "_s, u"a,b"_s,        u"[x]"_s,
        u"{k:v}"_s,       u"k=v"_s,        u"f(x)"_s,  u"it's"_s,   u"say \"hi\""_s, u"both ' and \""_s,
        u"back\\slash"_s, u"end\\"_s,      u"\\"_s,    u"10"_s,     u"-1.5"_s,       u"1e5"_s,
        u"null"_s,        u"False"_s,      u"nan"_s,   u"${x}"_s,   u"$HOME"_s,      u"a#b"_s,
        u"a;b"_s,         u"a!b"_s,        u"a&b"_s,   u"~user"_s,  u"tab\there"_s,  u"模型路径"_s,
        u"emoji 😀"_s,     u":"_s,          u"a:b"_s,   u"''"_s,     u"\"\""_s,       QString()};
    for (const QString &text : awkward)
        QTest::addRow("string %s", qPrintable(text)) << Value::string(text);
    for (const QString &text : awkward)
        QTest::addRow("in a list: %s", qPrintable(text)) << Value::list({Value::string(text), Value::integer(1)});
    QTest::addRow("bool") << Value::boolean(false);
    QTest::addRow("big int") << Value::integer(INT64_MAX);
    QTest::addRow("small int") << Value::integer(INT64_MIN + 1);
    QTest::addRow("float") << Value::real(0.1);
    QTest::addRow("tiny float") << Value::real(5e-324);
    QTest::addRow("-inf") << Value::real(-std::numeric_limits<double>::infinity());
    QTest::addRow("dict of lists") << Value::dict(
        {{u"a"_s, Value::list({Value::null()})}, {u"b_c"_s, Value::dict({})}});
}

void TestHydraParse::roundTrip()
{
    QFETCH(Value, value);
    const auto formatted = vna::hydra::formatValue(value);
    QVERIFY(formatted.ok());
    const auto parsed = vna::hydra::parseValue(*formatted);
    QVERIFY2(parsed.ok(), qPrintable(*formatted + u": "_s + (parsed.ok() ? QString() : parsed.error().message)));
    QVERIFY2(same(*parsed, value), qPrintable(*formatted + u" -> "_s + vna::hydra::describe(*parsed)));
}

void TestHydraParse::throughTheShell_data()
{
    roundTrip_data();
}

void TestHydraParse::throughTheShell()
{
    // What a user pastes into bash: the shell removes its quotes, Hydra reads the rest.
    QFETCH(Value, value);
    const auto hydraText = vna::hydra::format(Override::set(u"a.b"_s, value));
    QVERIFY(hydraText.ok());
    const QString command = u"python3 -m verl.trainer.main_ppo "_s + vna::shell::quote(*hydraText);
    const auto script = vna::shell::interpret(command);
    QVERIFY(script.ok());
    QCOMPARE(script->commands.size(), 1);
    QCOMPARE(script->commands.first().words.last().text, *hydraText);
    const auto parsed = vna::hydra::parseOverride(script->commands.first().words.last().text);
    QVERIFY(parsed.ok());
    QVERIFY(same(*parsed->override.value, value));
}

void TestHydraParse::overrideForms_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("prefix");
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("hasValue");
    QTest::addColumn<QString>("canonical"); // how the formatter writes it back

    const auto row = [](const char *name, const QString &text, Override::Prefix prefix, const QString &key,
                        bool hasValue, const QString &canonical) {
        QTest::addRow("%s", name) << text << int(prefix) << key << hasValue << canonical;
    };
    row("set", u"a.b=1"_s, Override::Prefix::None, u"a.b"_s, true, u"a.b=1"_s);
    row("empty value", u"a.b="_s, Override::Prefix::None, u"a.b"_s, true, u"a.b=\"\""_s);
    row("add", u"+a.b=1"_s, Override::Prefix::Add, u"a.b"_s, true, u"+a.b=1"_s);
    row("force add", u"++a.b=1"_s, Override::Prefix::ForceAdd, u"a.b"_s, true, u"++a.b=1"_s);
    row("delete", u"~a.b"_s, Override::Prefix::Delete, u"a.b"_s, false, u"~a.b"_s);
    row("delete with value", u"~a.b=1"_s, Override::Prefix::Delete, u"a.b"_s, true, u"~a.b=1"_s);
    row("group", u"hydra/launcher=basic"_s, Override::Prefix::None, u"hydra/launcher"_s, true,
        u"hydra/launcher=basic"_s);
    row("package", u"db@backup=mysql"_s, Override::Prefix::None, u"db@backup"_s, true, u"db@backup=mysql"_s);
    row("escaped = in the value", u"a=x\\=y"_s, Override::Prefix::None, u"a"_s, true, u"a=\"x=y\""_s);
}

void TestHydraParse::overrideForms()
{
    QFETCH(QString, text);
    QFETCH(int, prefix);
    QFETCH(QString, key);
    QFETCH(bool, hasValue);
    QFETCH(QString, canonical);
    const auto parsed = vna::hydra::parseOverride(text);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(int(parsed->override.prefix), prefix);
    QCOMPARE(parsed->override.key, key);
    QCOMPARE(parsed->override.value.has_value(), hasValue);
    QCOMPARE(*vna::hydra::format(parsed->override), canonical);
}

void TestHydraParse::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qsizetype>("position");
    QTest::addColumn<QString>("mentions");

    QTest::addRow("no equals") << u"a.b"_s << qsizetype(3) << u"\"=\""_s;
    QTest::addRow("bad key") << u"a b=1"_s << qsizetype(0) << u"not a valid key"_s;
    QTest::addRow("empty key") << u"=1"_s << qsizetype(0) << u"not a valid key"_s;
    QTest::addRow("unclosed list") << u"a=[1,2"_s << qsizetype(6) << u"\"]\""_s;
    QTest::addRow("unclosed dict") << u"a={x:1"_s << qsizetype(6) << u"\"}\""_s;
    QTest::addRow("dict without colon") << u"a={x}"_s << qsizetype(4) << u"\":\""_s;
    QTest::addRow("unclosed quote") << u"a='abc"_s << qsizetype(2) << u"not closed"_s;
    QTest::addRow("quote inside a value") << u"a=ab'c'"_s << qsizetype(4) << u"quote"_s;
    QTest::addRow("hash") << u"a=x#y"_s << qsizetype(3) << u"\"#\""_s;
    QTest::addRow("semicolon") << u"a=x;y"_s << qsizetype(3) << u"\";\""_s;
    QTest::addRow("unescaped equals") << u"a=x=y"_s << qsizetype(3) << u"\"=\""_s;
    QTest::addRow("unescaped bracket") << u"a=x[y"_s << qsizetype(3) << u"\"[\""_s;
    QTest::addRow("non-ascii unquoted") << u"a=模型"_s << qsizetype(2) << u"quote the value"_s;
    QTest::addRow("empty list item") << u"a=[1,,2]"_s << qsizetype(5) << u"missing"_s;
    QTest::addRow("unclosed interpolation") << u"a=${x"_s << qsizetype(2) << u"${"_s;
    QTest::addRow("unclosed call") << u"a=f(1"_s << qsizetype(5) << u"\")\""_s;
    QTest::addRow("text after a list") << u"a=[1]x"_s << qsizetype(5) << u"after"_s;
    QTest::addRow("int beyond 64 bits") << u"a=99999999999999999999"_s << qsizetype(2) << u"64 bits"_s;
    // Found by fuzz_hydra: the parser looped forever on an interpolation where a dict key goes.
    QTest::addRow("interpolation as a dict key") << u"k={${a}: 1}"_s << qsizetype(4) << u"\"{\""_s;
    // Found by fuzz_hydra: thousands of "[" overflowed the stack.
    QTest::addRow("nested too deep") << u"a="_s + QString(100, u'[') << qsizetype(66) << u"nested"_s;
    QTest::addRow("key with a trailing newline") << u"a\n=1"_s << qsizetype(0) << u"not a valid key"_s;
}

void TestHydraParse::malformed()
{
    QFETCH(QString, text);
    QFETCH(qsizetype, position);
    QFETCH(QString, mentions);
    const auto parsed = vna::hydra::parseOverride(text);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().position, position);
    QVERIFY2(parsed.error().message.contains(mentions), qPrintable(parsed.error().message));
    QVERIFY2(parsed.error().message.contains(u"character %1"_s.arg(position + 1)), qPrintable(parsed.error().message));
}

QTEST_GUILESS_MAIN(TestHydraParse)
#include "tst_hydraparse.moc"
