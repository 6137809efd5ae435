// The real executable: exit codes, help, version, the log file, and --screenshot of every tab.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "common/paths.h"
#include "common/settingskeys.h"
#include "shell/mainwindow.h"

using namespace Qt::StringLiterals;

class TestApp final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void commandLine_data();
    void commandLine();
    void screenshot_data();
    void screenshot();
    void screenshotIsTranslated();
    void logFileIsWritten();

private:
    struct Run
    {
        int code = -1;
        QString out;
        QString err;
    };
    Run run(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    QTemporaryDir m_dir;
};

TestApp::Run TestApp::run(const QStringList &args, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(VNA_APP_BINARY), args);
    Run result;
    if (!process.waitForFinished(60000)) {
        process.kill();
        result.err = u"timed out"_s;
        return result;
    }
    result.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

void TestApp::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestApp::commandLine_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("display");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("outMentions");
    QTest::addColumn<QString>("errMentions");

    QTest::addRow("version") << QStringList{u"--version"_s} << false << 0 << u"verl-npu-assistant 0.1.0"_s << QString();
    QTest::addRow("help lists exit codes") << QStringList{u"--help"_s} << false << 0 << u"Exit codes:"_s << QString();
    QTest::addRow("help in Chinese") << QStringList{u"--lang"_s, u"zh_CN"_s, u"--help"_s} << false << 0 << u"退出码"_s
                                     << QString();
    QTest::addRow("unknown subcommand") << QStringList{u"frobnicate"_s} << false << 2 << QString()
                                        << u"\"frobnicate\""_s;
    QTest::addRow("bad log level") << QStringList{u"--log-level"_s, u"loud"_s, u"--version"_s} << false << 2
                                   << QString() << u"\"loud\""_s;
    QTest::addRow("bad language") << QStringList{u"--lang"_s, u"klingon"_s} << false << 2 << QString()
                                  << u"\"klingon\""_s;
    QTest::addRow("unknown tab") << QStringList{u"--screenshot"_s, m_dir.filePath(u"t.png"_s), u"--tab"_s, u"nope"_s}
                                 << true << 2 << QString() << u"\"nope\""_s;
    QTest::addRow("bad size") << QStringList{u"--screenshot"_s, m_dir.filePath(u"s.png"_s), u"--size"_s, u"9x9"_s}
                              << true << 2 << QString() << u"\"9x9\""_s;
    QTest::addRow("no display for the window") << QStringList() << false << 3 << QString() << u"DISPLAY"_s;
    QTest::addRow("bad option without display is still bad usage")
        << QStringList{u"--tab"_s} << false << 2 << QString() << u"--tab"_s;
    QTest::addRow("unwritable screenshot") << QStringList{u"--screenshot"_s, m_dir.filePath(u"missing/dir/x.png"_s)}
                                           << true << 3 << QString() << u"missing/dir/x.png"_s;
}

void TestApp::commandLine()
{
    QFETCH(QStringList, args);
    QFETCH(bool, display);
    QFETCH(int, code);
    QFETCH(QString, outMentions);
    QFETCH(QString, errMentions);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    if (display)
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    else
        env.remove(u"QT_QPA_PLATFORM"_s);

    const Run result = run(args, env);
    QCOMPARE(result.code, code);
    if (!outMentions.isEmpty())
        QVERIFY2(result.out.contains(outMentions), qPrintable(result.out));
    if (!errMentions.isEmpty())
        QVERIFY2(result.err.contains(errMentions), qPrintable(result.err));
    if (code != 0)
        QVERIFY2(result.out.isEmpty(), qPrintable(result.out));
    // A failed screenshot leaves nothing behind, not even a partial file.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), QStringList());
}

void TestApp::screenshot_data()
{
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("size");
    QTest::addColumn<QSize>("expected");

    for (const QString &tab : vna::ui::MainWindow::tabIds()) {
        for (const QString &language : {u"en"_s, u"zh_CN"_s})
            QTest::addRow("%s %s", qPrintable(tab), qPrintable(language))
                << tab << language << QString() << QSize(1280, 800);
    }
    QTest::addRow("smallest supported width") << u"home"_s << u"en"_s << u"1024x768"_s << QSize(1024, 768);
}

void TestApp::screenshot()
{
    QFETCH(QString, tab);
    QFETCH(QString, language);
    QFETCH(QString, size);
    QFETCH(QSize, expected);

    const QString file = m_dir.filePath(u"shot-%1-%2.png"_s.arg(tab, language));
    QStringList args{u"--screenshot"_s, file, u"--tab"_s, tab, u"--lang"_s, language};
    if (!size.isEmpty())
        args << u"--size"_s << size;
    // No QT_QPA_PLATFORM: --screenshot must pick the offscreen platform by itself.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"QT_QPA_PLATFORM"_s);
    env.remove(u"DISPLAY"_s);
    const Run result = run(args, env);
    QVERIFY2(result.code == 0, qPrintable(result.err));

    const QImage image(file);
    QCOMPARE(image.isNull(), false);
    QCOMPARE(image.size(), expected);
    // Something was drawn: a blank window has a handful of colours at most.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 20, qPrintable(u"only %1 colours"_s.arg(colours.size())));
    QFile::remove(file);
    // Screenshots do not change what the next real start restores.
    QCOMPARE(QFile::exists(vna::paths::settingsFile()), false);
}

void TestApp::screenshotIsTranslated()
{
    QImage images[2];
    const QString languages[2] = {u"en"_s, u"zh_CN"_s};
    for (int i = 0; i < 2; ++i) {
        const QString file = m_dir.filePath(u"lang-%1.png"_s.arg(languages[i]));
        QCOMPARE(run({u"--screenshot"_s, file, u"--lang"_s, languages[i]}).code, 0);
        images[i] = QImage(file);
        QFile::remove(file);
    }
    QCOMPARE(images[0].size(), images[1].size());
    QVERIFY(images[0] != images[1]);
}

void TestApp::logFileIsWritten()
{
    QFile::remove(vna::paths::logFile());
    const Run result = run({u"--log-level"_s, u"debug"_s, u"--version"_s});
    QCOMPARE(result.code, 0);
    QFile log(vna::paths::logFile());
    QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(vna::paths::logFile()));
    const QString text = QString::fromUtf8(log.readAll());
    QVERIFY2(text.contains(u"[core] [debug] verl-npu-assistant 0.1.0 starting"_s), qPrintable(text));
    // --log-level also mirrors records to stderr.
    QVERIFY2(result.err.contains(u"starting"_s), qPrintable(result.err));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // The same name as the executable, so paths:: point where the executable writes.
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestApp test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_app.moc"
