// Global options and the window-or-command-line decision made before any Qt application exists.
#include <QTest>

#include "cli/globaloptions.h"

using namespace Qt::StringLiterals;
using vna::cli::Mode;
Q_DECLARE_METATYPE(vna::cli::Mode)

class TestGlobalOptions final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detectMode_data();
    void detectMode();
    void parse_data();
    void parse();
    void rejects_data();
    void rejects();
    void size_data();
    void size();
};

static QStringList argv(const QString &line)
{
    return QStringList{u"verl-npu-assistant"_s} + line.split(u' ', Qt::SkipEmptyParts);
}

void TestGlobalOptions::detectMode_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<Mode>("mode");

    QTest::addRow("nothing opens the window") << u""_s << Mode::Gui;
    QTest::addRow("screenshot") << u"--screenshot home.png"_s << Mode::Gui;
    QTest::addRow("screenshot with tab and size") << u"--screenshot a.png --tab home --size 800x600"_s << Mode::Gui;
    QTest::addRow("screenshot=file") << u"--screenshot=a.png"_s << Mode::Gui;
    QTest::addRow("lang value is not a subcommand") << u"--lang zh_CN"_s << Mode::Gui;
    QTest::addRow("log level value") << u"--log-level debug"_s << Mode::Gui;
    QTest::addRow("Qt -platform value") << u"-platform offscreen"_s << Mode::Gui;
    QTest::addRow("Qt --style value") << u"--style Fusion"_s << Mode::Gui;
    QTest::addRow("help") << u"--help"_s << Mode::Cli;
    QTest::addRow("short help") << u"-h"_s << Mode::Cli;
    QTest::addRow("version") << u"--version"_s << Mode::Cli;
    QTest::addRow("short version") << u"-v"_s << Mode::Cli;
    QTest::addRow("subcommand") << u"bucket --preset 7B"_s << Mode::Cli;
    QTest::addRow("subcommand after global option") << u"--lang zh_CN bucket"_s << Mode::Cli;
    QTest::addRow("unknown word is a (bad) subcommand") << u"bukcet"_s << Mode::Cli;
    QTest::addRow("help after screenshot") << u"--screenshot a.png --help"_s << Mode::Cli;
    QTest::addRow("positional after --") << u"-- bucket"_s << Mode::Cli;
    QTest::addRow("lone --") << u"--"_s << Mode::Gui;
}

void TestGlobalOptions::detectMode()
{
    QFETCH(QString, line);
    QFETCH(Mode, mode);
    QCOMPARE(vna::cli::detectMode(argv(line)), mode);
}

void TestGlobalOptions::parse_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("env");
    QTest::addColumn<QString>("subcommand");
    QTest::addColumn<QStringList>("subcommandArgs");
    QTest::addColumn<QString>("logLevel");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("screenshot");
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QSize>("size");

    const QSize none;
    QTest::addRow("empty") << u""_s << QString() << QString() << QStringList() << QString() << QString() << QString()
                           << QString() << none;
    QTest::addRow("subcommand and its args")
        << u"bucket --preset 7B"_s << QString() << u"bucket"_s << QStringList{u"--preset"_s, u"7B"_s} << QString()
        << QString() << QString() << QString() << none;
    QTest::addRow("global options after the subcommand")
        << u"bucket --lang zh_CN --preset 7B --log-level=debug"_s << QString() << u"bucket"_s
        << QStringList{u"--preset"_s, u"7B"_s} << u"debug"_s << u"zh_CN"_s << QString() << QString() << none;
    QTest::addRow("env level") << u""_s << u"warn"_s << QString() << QStringList() << u"warn"_s << QString()
                               << QString() << QString() << none;
    QTest::addRow("env level is case-insensitive") << u""_s << u"DEBUG"_s << QString() << QStringList() << u"debug"_s
                                                   << QString() << QString() << QString() << none;
    QTest::addRow("flag beats env") << u"--log-level error"_s << u"nonsense"_s << QString() << QStringList()
                                    << u"error"_s << QString() << QString() << QString() << none;
    QTest::addRow("screenshot with tab and size")
        << u"--screenshot out.png --tab Home --size 1024x768"_s << QString() << QString() << QStringList() << QString()
        << QString() << u"out.png"_s << u"Home"_s << QSize(1024, 768);
    QTest::addRow("-- and what follows go to the subcommand's parser")
        << u"lint -- --lang"_s << QString() << u"lint"_s << QStringList{u"--"_s, u"--lang"_s} << QString() << QString()
        << QString() << QString() << none;
}

void TestGlobalOptions::parse()
{
    QFETCH(QString, line);
    QFETCH(QString, env);
    QFETCH(QString, subcommand);
    QFETCH(QStringList, subcommandArgs);
    QFETCH(QString, logLevel);
    QFETCH(QString, language);
    QFETCH(QString, screenshot);
    QFETCH(QString, tab);
    QFETCH(QSize, size);

    const auto options = vna::cli::parseGlobalOptions(argv(line), env);
    QVERIFY2(options.ok(), qPrintable(options.ok() ? QString() : options.error().message));
    QCOMPARE(options->subcommand, subcommand);
    QCOMPARE(options->subcommandArgs, subcommandArgs);
    QCOMPARE(options->logLevel ? vna::log::levelName(*options->logLevel) : QString(), logLevel);
    QCOMPARE(options->language, language);
    QCOMPARE(options->screenshotFile, screenshot);
    QCOMPARE(options->tab, tab);
    QCOMPARE(options->windowSize.value_or(QSize()), size);
}

void TestGlobalOptions::rejects_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("env");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("mentions");

    QTest::addRow("bad level") << u"--log-level loud"_s << QString() << u"--log-level"_s << u"\"loud\""_s;
    QTest::addRow("bad env level") << u""_s << u"verbose"_s << u"VNA_LOG_LEVEL"_s << u"\"verbose\""_s;
    QTest::addRow("missing level") << u"--log-level"_s << QString() << u"--log-level"_s << u"--log-level"_s;
    QTest::addRow("bad language") << u"--lang fr"_s << QString() << u"--lang"_s << u"\"fr\""_s;
    QTest::addRow("bad size") << u"--size big"_s << QString() << u"--size"_s << u"\"big\""_s;
    QTest::addRow("tiny size") << u"--size 10x10"_s << QString() << u"--size"_s << u"\"10x10\""_s;
    QTest::addRow("unknown option") << u"--frobnicate"_s << QString() << QString() << u"frobnicate"_s;
    QTest::addRow("screenshot with subcommand")
        << u"--screenshot a.png bucket"_s << QString() << u"--screenshot"_s << u"\"bucket\""_s;
    QTest::addRow("empty screenshot name") << u"--screenshot="_s << QString() << u"--screenshot"_s << u"--screenshot"_s;
}

void TestGlobalOptions::rejects()
{
    QFETCH(QString, line);
    QFETCH(QString, env);
    QFETCH(QString, where);
    QFETCH(QString, mentions);

    const auto options = vna::cli::parseGlobalOptions(argv(line), env);
    QVERIFY(!options.ok());
    QCOMPARE(options.error().kind, vna::Error::Kind::Input);
    QCOMPARE(options.error().where, where);
    QVERIFY2(options.error().message.contains(mentions), qPrintable(options.error().message));
}

void TestGlobalOptions::size_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QSize>("size");

    QTest::addRow("x") << u"1280x800"_s << QSize(1280, 800);
    QTest::addRow("X and spaces") << u" 1024 X 768 "_s << QSize(1024, 768);
    QTest::addRow("multiplication sign") << u"800\u00d7600"_s << QSize(800, 600);
    QTest::addRow("smallest") << u"200x200"_s << QSize(200, 200);
    QTest::addRow("largest") << u"8192x8192"_s << QSize(8192, 8192);
    QTest::addRow("too wide") << u"8193x800"_s << QSize();
    QTest::addRow("too small") << u"199x800"_s << QSize();
    QTest::addRow("negative") << u"-1280x800"_s << QSize();
    QTest::addRow("one number") << u"1280"_s << QSize();
    QTest::addRow("huge digits") << u"99999999999x1"_s << QSize();
    QTest::addRow("empty") << QString() << QSize();
}

void TestGlobalOptions::size()
{
    QFETCH(QString, text);
    QFETCH(QSize, size);
    const auto parsed = vna::cli::parseSize(text, u"--size"_s);
    QCOMPARE(parsed.ok() ? *parsed : QSize(), size);
}

QTEST_GUILESS_MAIN(TestGlobalOptions)
#include "tst_globaloptions.moc"
