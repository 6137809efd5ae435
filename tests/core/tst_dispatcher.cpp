// Subcommand dispatch, help texts and exit codes, with two small subcommands defined here.
#include <QCommandLineParser>
#include <QTest>

#include "cli/dispatcher.h"

using namespace Qt::StringLiterals;
using vna::ExitCode;

Q_DECLARE_METATYPE(vna::ExitCode)

namespace {

// Prints its --word option; exits with the code given by --exit.
class EchoCommand final : public vna::cli::Subcommand
{
public:
    QString name() const override { return u"echo"_s; }
    QString summary() const override { return u"Print a word."_s; }
    void configure(QCommandLineParser &parser) const override
    {
        parser.setApplicationDescription(u"Prints the word it is given."_s);
        parser.addOption(QCommandLineOption(u"word"_s, u"The word to print."_s, u"word"_s));
        parser.addOption(QCommandLineOption(u"exit"_s, u"Exit code to return."_s, u"code"_s, u"0"_s));
    }
    ExitCode run(const QCommandLineParser &parser, vna::cli::Context &ctx) override
    {
        ctx.out << parser.value(u"word"_s) << u'\n';
        return static_cast<ExitCode>(parser.value(u"exit"_s).toInt());
    }
};

class CountCommand final : public vna::cli::Subcommand
{
public:
    QString name() const override { return u"count"_s; }
    QString summary() const override { return u"Count the arguments."_s; }
    void configure(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"items"_s, u"Things to count."_s, u"[ITEMS...]"_s);
    }
    ExitCode run(const QCommandLineParser &parser, vna::cli::Context &ctx) override
    {
        ctx.out << parser.positionalArguments().size() << u'\n';
        return ExitCode::Ok;
    }
};

struct Run
{
    ExitCode code;
    QString out;
    QString err;
};

Run run(const QString &line)
{
    std::vector<std::unique_ptr<vna::cli::Subcommand>> subcommands;
    subcommands.push_back(std::make_unique<EchoCommand>());
    subcommands.push_back(std::make_unique<CountCommand>());
    vna::cli::Dispatcher dispatcher(std::move(subcommands));

    const auto options
        = vna::cli::parseGlobalOptions(QStringList{u"verl-npu-assistant"_s} + line.split(u' ', Qt::SkipEmptyParts));
    Run result{ExitCode::Ok, {}, {}};
    QTextStream out(&result.out);
    QTextStream err(&result.err);
    vna::cli::Context ctx{out, err};
    result.code
        = options ? dispatcher.run(*options, ctx) : vna::cli::Dispatcher::reportUsageError(options.error(), ctx);
    out.flush();
    err.flush();
    return result;
}

} // namespace

class TestDispatcher final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dispatch_data();
    void dispatch();
    void topLevelHelp();
    void subcommandHelp_data();
    void subcommandHelp();
};

void TestDispatcher::dispatch_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<ExitCode>("code");
    QTest::addColumn<QString>("out");
    QTest::addColumn<QString>("errMentions");

    QTest::addRow("runs the subcommand") << u"echo --word hello"_s << ExitCode::Ok << u"hello\n"_s << QString();
    QTest::addRow("passes its exit code: problems")
        << u"echo --word x --exit 1"_s << ExitCode::Problems << u"x\n"_s << QString();
    QTest::addRow("passes its exit code: runtime") << u"echo --exit 3"_s << ExitCode::Runtime << u"\n"_s << QString();
    QTest::addRow("positional arguments") << u"count a b c"_s << ExitCode::Ok << u"3\n"_s << QString();
    QTest::addRow("global option after the subcommand")
        << u"count a --log-level debug b"_s << ExitCode::Ok << u"2\n"_s << QString();
    QTest::addRow("version") << u"--version"_s << ExitCode::Ok << u"verl-npu-assistant 0.1.0\n"_s << QString();
    QTest::addRow("unknown subcommand names it and the known ones")
        << u"ech"_s << ExitCode::Usage << QString() << u"\"ech\". Available subcommands: echo, count."_s;
    QTest::addRow("unknown subcommand option names it")
        << u"echo --wrod x"_s << ExitCode::Usage << QString() << u"wrod"_s;
    QTest::addRow("bad option points at the subcommand help")
        << u"echo --wrod x"_s << ExitCode::Usage << QString() << u"verl-npu-assistant echo --help"_s;
    QTest::addRow("missing option value") << u"echo --word"_s << ExitCode::Usage << QString() << u"word"_s;
    QTest::addRow("bad global option") << u"--log-level loud echo"_s << ExitCode::Usage << QString() << u"loud"_s;
    QTest::addRow("window option with a subcommand")
        << u"--size 800x600 echo"_s << ExitCode::Usage << QString() << u"--size"_s;
}

void TestDispatcher::dispatch()
{
    QFETCH(QString, line);
    QFETCH(ExitCode, code);
    QFETCH(QString, out);
    QFETCH(QString, errMentions);

    const Run result = run(line);
    QCOMPARE(result.code, code);
    QCOMPARE(result.out, out);
    if (errMentions.isEmpty())
        QCOMPARE(result.err, QString());
    else
        QVERIFY2(result.err.contains(errMentions), qPrintable(result.err));
}

void TestDispatcher::topLevelHelp()
{
    const Run result = run(u"--help"_s);
    QCOMPARE(result.code, ExitCode::Ok);
    QCOMPARE(result.err, QString());
    const QStringList lines = result.out.split(u'\n');
    QCOMPARE(lines.first(), u"Usage: verl-npu-assistant [options] [SUBCOMMAND [OPTIONS]]"_s);
    // Every subcommand with its summary, then the documented exit codes.
    QVERIFY(lines.contains(u"  echo   Print a word."_s));
    QVERIFY(lines.contains(u"  count  Count the arguments."_s));
    for (const QString &code : {u"  0  "_s, u"  1  "_s, u"  2  "_s, u"  3  "_s}) {
        QVERIFY2(std::any_of(lines.begin(), lines.end(), [&code](const QString &l) { return l.startsWith(code); }),
                 qPrintable(code));
    }
    QVERIFY(result.out.contains(u"--log-level <level>"_s));
    QVERIFY(result.out.contains(u"--screenshot <file>"_s));
    // Without a subcommand, the same text.
    QCOMPARE(run(u"help"_s).out, result.out);
}

void TestDispatcher::subcommandHelp_data()
{
    QTest::addColumn<QString>("line");
    QTest::addRow("SUB --help") << u"echo --help"_s;
    QTest::addRow("SUB -h") << u"echo -h"_s;
    QTest::addRow("help SUB") << u"help echo"_s;
    QTest::addRow("--help SUB") << u"--help echo"_s;
    QTest::addRow("help wins over other options") << u"echo --word x --help"_s;
}

void TestDispatcher::subcommandHelp()
{
    QFETCH(QString, line);
    const Run result = run(line);
    QCOMPARE(result.code, ExitCode::Ok);
    QCOMPARE(result.err, QString());
    QCOMPARE(result.out.section(u'\n', 0, 0), u"Usage: verl-npu-assistant echo [options]"_s);
    QVERIFY(result.out.contains(u"Prints the word it is given."_s));
    QVERIFY(result.out.contains(u"--word <word>"_s));
    QVERIFY(result.out.contains(u"--exit <code>"_s));
    QVERIFY(!result.out.contains(u"--screenshot"_s));
}

QTEST_GUILESS_MAIN(TestDispatcher)
#include "tst_dispatcher.moc"
