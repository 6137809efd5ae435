// The real executable: exit codes, help, version, the log file, and --screenshot of every tab.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "common/paths.h"
#include "common/settingskeys.h"
#include "shell/mainwindow.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;

class TestApp final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void commandLine_data();
    void commandLine();
    void commandLineAlone_data();
    void commandLineAlone();
    void commandLineAloneNeedsNoGui();
    void screenshot_data();
    void screenshot();
    void screenshotIsTranslated();
    void logFileIsWritten();
    void bucketCommand_data();
    void bucketCommand();
    void bucketJson();
    void profilerCommand_data();
    void profilerCommand();
    void profilerThroughBash_data();
    void profilerThroughBash();
    void lintCommand_data();
    void lintCommand();
    void lintJson();

private:
    struct Run
    {
        int code = -1;
        QString out;
        QString err;
    };
    Run run(const QStringList &args,
            const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
            const QByteArray &input = QByteArray(),
            const QString &program = QStringLiteral(VNA_APP_BINARY));
    QTemporaryDir m_dir;
};

TestApp::Run
TestApp::run(const QStringList &args, const QProcessEnvironment &env, const QByteArray &input, const QString &program)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(program, args);
    process.write(input);
    process.closeWriteChannel();
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

// The command-line-only build (the nodes' archive): the same subcommands with the same results, the
// help instead of a window, and no Qt GUI library.
void TestApp::commandLineAlone_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("outMentions");
    QTest::addColumn<bool>("sameAsTheApp");

    QVERIFY(QDir().mkpath(m_dir.filePath(u"alone"_s))); // a folder: the screenshot rows check m_dir's files
    QFile log(m_dir.filePath(u"alone/train.log"_s));
    QVERIFY(log.open(QIODevice::WriteOnly) && log.write("EL0001: The NPU is gone\n") > 0);
    log.close();
    QTest::addRow("no subcommand: the help, not a window")
        << QStringList() << u"This build is the command line alone: it has no window."_s << false;
    QTest::addRow("version") << QStringList{u"--version"_s} << u"verl-npu-assistant 0.1.0"_s << true;
    QTest::addRow("analyze") << QStringList{u"analyze"_s, m_dir.filePath(u"alone/train.log"_s)}
                             << u"[npu-device-lost]"_s << true;
    QTest::addRow("bucket, in Chinese") << QStringList{u"--lang"_s, u"zh_CN"_s,          u"bucket"_s, u"--preset"_s,
                                                       u"7B"_s,     u"--verl-version"_s, u"0.7.1"_s}
                                        << u"最大权重张量"_s << true;
    QTest::addRow("bad usage") << QStringList{u"frobnicate"_s} << QString() << true;
}

void TestApp::commandLineAlone()
{
    QFETCH(QStringList, args);
    QFETCH(QString, outMentions);
    QFETCH(bool, sameAsTheApp);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"DISPLAY"_s, u":99"_s); // a display, which it does not use
    const Run alone = run(args, env, {}, QStringLiteral(VNA_CLI_BINARY));
    QVERIFY2(alone.out.contains(outMentions), qPrintable(alone.out + alone.err));
    if (sameAsTheApp) {
        const Run app = run(args, env);
        QCOMPARE(alone.code, app.code);
        QCOMPARE(alone.out.section(u"time: "_s, 0, 0), app.out.section(u"time: "_s, 0, 0)); // analyze's timing
        QCOMPARE(alone.err, app.err);
    } else {
        QCOMPARE(alone.code, 0);
    }
}

void TestApp::commandLineAloneNeedsNoGui()
{
    QProcess readelf;
    readelf.start(u"readelf"_s, {u"-d"_s, QStringLiteral(VNA_CLI_BINARY)});
    QVERIFY(readelf.waitForFinished(30000));
    const QString dynamic = QString::fromUtf8(readelf.readAllStandardOutput());
    QVERIFY2(dynamic.contains(u"[libQt6Core.so.6]"_s), qPrintable(dynamic));
    for (const QString &gui : {u"libQt6Gui"_s, u"libQt6Widgets"_s, u"libQt6Charts"_s, u"libGL"_s, u"libEGL"_s})
        QVERIFY2(!dynamic.contains(gui), qPrintable(gui + u" in\n"_s + dynamic));
    QVERIFY2(dynamic.contains(u"Library rpath: [$ORIGIN/lib]"_s), qPrintable(dynamic));
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

    QFile::remove(vna::paths::settingsFile());
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

void TestApp::bucketCommand_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("lastLine"); // stdout's last line, or a fragment of stderr when code is 2

    const QString key = u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes="_s;
    QTest::addRow("FAQ 7B does not fit the default")
        << QStringList{u"bucket"_s, u"--preset"_s, u"7B"_s, u"--verl-version"_s, u"0.7.1"_s} << QByteArray() << 1
        << key + u"4096"_s;
    // 0.9.0 sends the oversized weight on its own over IPC: nothing fails, the override is optional.
    QTest::addRow("0.9.0 does not fail") << QStringList{u"bucket"_s, u"--preset"_s, u"7B"_s} << QByteArray() << 0
                                         << key + u"4096"_s;
    QTest::addRow("0.8.0 sends bf16: it fits")
        << QStringList{u"bucket"_s, u"--preset"_s, u"7B"_s, u"--verl-version"_s, u"0.8.0"_s} << QByteArray() << 0
        << u"No override needed: keep "_s + key + u"2048."_s;
    QTest::addRow("preset names ignore case")
        << QStringList{u"bucket"_s,   u"--preset"_s,       u"qwen2.5-72b"_s, u"--backend"_s,
                       u"megatron"_s, u"--verl-version"_s, u"0.7.1"_s}
        << QByteArray() << 1 << key + u"4096"_s;
    QTest::addRow("exactly the bucket fits")
        << QStringList{u"bucket"_s, u"--shape"_s, u"1048576x512"_s, u"--dtype"_s, u"fp32"_s, u"--margin"_s, u"1.0"_s}
        << QByteArray() << 0 << u"No override needed: keep "_s + key + u"2048."_s;
    QTest::addRow("old verl, old key") << QStringList{u"bucket"_s, u"--preset"_s, u"14B"_s, u"--verl-version"_s,
                                                      u"0.6.1"_s}
                                       << QByteArray() << 0 // no assertion before 0.7.1
                                       << u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096"_s;
    QTest::addRow("message on stdin")
        << QStringList{u"bucket"_s, u"--error-file"_s, u"-"_s}
        << QByteArray("(WorkerDict pid=1) AssertionError: Weight model.embed_tokens.weight(torch.Size([152064, 8192]), "
                      "torch.float32) is too large to fit in the bucket.Please increase "
                      "rollout.update_weights_bucket_megabytes(2048 MB).\n")
        << 1 << key + u"8192"_s;
    QTest::addRow("message as an argument")
        << QStringList{u"bucket"_s, u"--error"_s,
                       u"Weight w(torch.Size([10, 10]), torch.float32) is too large to fit in the bucket."_s,
                       u"--bucket"_s, u"1"_s}
        << QByteArray() << 0 << u"No override needed: keep "_s + key + u"1."_s;
    QTest::addRow("bad shape names the character")
        << QStringList{u"bucket"_s, u"--shape"_s, u"151936,abc"_s} << QByteArray() << 2 << u"character 8"_s;
    QTest::addRow("two inputs") << QStringList{u"bucket"_s, u"--preset"_s, u"7B"_s, u"--shape"_s, u"1,2"_s}
                                << QByteArray() << 2 << u"--preset, --shape"_s;
    QTest::addRow("no input") << QStringList{u"bucket"_s} << QByteArray() << 2 << u"--model"_s;
    QTest::addRow("bad margin") << QStringList{u"bucket"_s, u"--preset"_s, u"7B"_s, u"--margin"_s, u"3"_s}
                                << QByteArray() << 2 << u"\"3\""_s;
    QTest::addRow("bad version") << QStringList{u"bucket"_s, u"--preset"_s, u"7B"_s, u"--verl-version"_s, u"latest"_s}
                                 << QByteArray() << 2 << u"\"latest\""_s;
    QTest::addRow("unknown preset") << QStringList{u"bucket"_s, u"--preset"_s, u"GPT-5"_s} << QByteArray() << 2
                                    << u"Qwen2.5-7B"_s;
    QTest::addRow("no assertion on stdin")
        << QStringList{u"bucket"_s, u"--error-file"_s, u"-"_s} << QByteArray("all good\n") << 2 << u"No \"Weight"_s;
    QTest::addRow("missing model folder") << QStringList{u"bucket"_s, u"--model"_s, u"/nonexistent/model"_s}
                                          << QByteArray() << 2 << u"/nonexistent/model does not exist"_s;
}

void TestApp::bucketCommand()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, input);
    QFETCH(int, code);
    QFETCH(QString, lastLine);
    const Run result = run(args, QProcessEnvironment::systemEnvironment(), input);
    QCOMPARE(result.code, code);
    if (code == 2) {
        QVERIFY2(result.err.contains(lastLine), qPrintable(result.err));
        QCOMPARE(result.out, QString());
    } else {
        QCOMPARE(result.out.trimmed().split(u'\n').constLast(), lastLine);
        QVERIFY2(result.out.contains(u"Elements"_s), qPrintable(result.out));
    }
}

void TestApp::bucketJson()
{
    const Run result = run(
        {u"bucket"_s, u"--preset"_s, u"72B"_s, u"--json"_s, u"--hbm"_s, u"65536"_s, u"--verl-version"_s, u"0.7.1"_s});
    QCOMPARE(result.code, 1);
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(json.value(u"recommended_mib"_s).toInteger(), 8192);
    QCOMPARE(json.value(u"required_mib"_s).toInteger(), 4752);
    QCOMPARE(json.value(u"fits_current"_s).toBool(), false);
    QCOMPARE(json.value(u"assertion_fires"_s).toBool(), true);
    QCOMPARE(json.value(u"dtype_source"_s).toString(), u"v0.7.1:verl/workers/fsdp_workers.py:809"_s);
    QCOMPARE(json.value(u"largest"_s).toObject().value(u"shape"_s).toArray(), (QJsonArray{152064, 8192}));
    QCOMPARE(json.value(u"device_memory"_s).toObject().value(u"hbm_mib"_s).toInteger(), 65536);
}

void TestApp::profilerCommand_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("mentions"); // in stdout, or in stderr when code is 2

    const QString npu = u"actor_rollout_ref.actor.profiler.tool_config.npu."_s;
    QTest::addRow("defaults") << QStringList{u"profiler"_s} << 0 << u"'"_s + npu + u"contents=[npu,cpu]' \\\n"_s;
    QTest::addRow("level for 0.6") << QStringList{u"profiler"_s, u"--verl-version"_s, u"0.6.1"_s} << 0
                                   << npu + u"level=level1"_s;
    QTest::addRow("0.5 keys") << QStringList{u"profiler"_s, u"--verl-version"_s, u"0.5.0"_s, u"--steps"_s, u"2,4"_s}
                              << 0 << u"'trainer.profile_steps=[2,4]'"_s;
    QTest::addRow("yaml") << QStringList{u"profiler"_s, u"--format"_s, u"yaml"_s, u"--all-ranks"_s} << 0
                          << u"      all_ranks: true\n"_s;
    // verl does not stop on it (the steps are not merged): a warning, and the overrides are written.
    QTest::addRow("continuous with discrete is a warning")
        << QStringList{u"profiler"_s, u"--continuous-steps"_s, u"--discrete"_s} << 0 << npu + u"discrete=true"_s;
    QTest::addRow("0.4 has no NPU profiler")
        << QStringList{u"profiler"_s, u"--verl-version"_s, u"0.4.1"_s} << 2 << u"verl 0.5.0"_s;
    QTest::addRow("no reward profiler in 0.9")
        << QStringList{u"profiler"_s, u"--roles"_s, u"actor,reward"_s} << 2 << u"reward"_s;
    QTest::addRow("ranks written where verl needs them") << QStringList{u"profiler"_s, u"--verl-version"_s, u"0.7.0"_s}
                                                         << 0 << u"'actor_rollout_ref.actor.profiler.ranks=[0]'"_s;
    QTest::addRow("FAQ level 1 refused") << QStringList{u"profiler"_s, u"--level"_s, u"1"_s} << 2 << u"\"1\""_s;
    QTest::addRow("unknown contents refused")
        << QStringList{u"profiler"_s, u"--contents"_s, u"npu,gpu"_s} << 2 << u"\"gpu\""_s;
    QTest::addRow("ranks and all ranks") << QStringList{u"profiler"_s, u"--ranks"_s, u"0"_s, u"--all-ranks"_s} << 2
                                         << u"--all-ranks"_s;
    QTest::addRow("unknown role") << QStringList{u"profiler"_s, u"--roles"_s, u"actor,judge"_s} << 2 << u"\"judge\""_s;
    QTest::addRow("steps not numbers") << QStringList{u"profiler"_s, u"--steps"_s, u"1,two"_s} << 2 << u"\"two\""_s;
    QTest::addRow("unknown format") << QStringList{u"profiler"_s, u"--format"_s, u"toml"_s} << 2 << u"\"toml\""_s;
}

void TestApp::profilerCommand()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, mentions);
    const Run result = run(args);
    QCOMPARE(result.code, code);
    if (code == 2) {
        QVERIFY2(result.err.contains(mentions), qPrintable(result.err));
        QCOMPARE(result.out, QString());
    } else {
        QVERIFY2(result.out.contains(mentions), qPrintable(result.out));
    }
}

void TestApp::profilerThroughBash_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("defaults") << QStringList();
    QTest::addRow("everything") << QStringList{u"--roles"_s,      u"actor,ref,rollout,critic"_s,
                                               u"--steps"_s,      u"1,2,5"_s,
                                               u"--contents"_s,   u"npu,cpu,memory,shapes,module,stack"_s,
                                               u"--level"_s,      u"level2"_s,
                                               u"--ranks"_s,      u"0,8"_s,
                                               u"--save-path"_s,  u"/data/it's here/$HOME"_s,
                                               u"--no-analysis"_s};
    QTest::addRow("0.5") << QStringList{u"--verl-version"_s, u"0.5.0"_s, u"--save-path"_s, u"/tmp/a b"_s};
    QTest::addRow("0.7.0 with the reward model")
        << QStringList{u"--verl-version"_s, u"0.7.0"_s, u"--roles"_s, u"rollout,reward"_s};
}

void TestApp::profilerThroughBash()
{
    // The shell text, run through a real bash, must hand Hydra exactly the JSON's "hydra" strings.
    QFETCH(QStringList, args);
    const Run json = run(QStringList{u"profiler"_s, u"--format"_s, u"json"_s} + args);
    QCOMPARE(json.code, 0);
    QStringList expected;
    for (const QJsonValue &item : QJsonDocument::fromJson(json.out.toUtf8()).array())
        expected << item.toObject().value(u"hydra"_s).toString();
    QVERIFY(!expected.isEmpty());
    for (const char *format : {"shell", "line"}) {
        const Run text = run(QStringList{u"profiler"_s, u"--format"_s, QString::fromLatin1(format)} + args);
        QCOMPARE(text.code, 0);
        QProcess bash;
        bash.start(u"bash"_s, {u"--norc"_s, u"-c"_s, u"printf '%s\\n' "_s + text.out});
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        const QStringList words = QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(words, expected);
    }
}

void TestApp::lintCommand_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("code");
    QTest::addColumn<QStringList>("mentions"); // in stdout, or in stderr when code is 2

    const QByteArray faq = "actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \\\n"
                           "actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \\\n"
                           "actor_rollout_ref.actor.profiler.tool_config.npu.level=1 \\\n"
                           "actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true\n";
    QTest::addRow("FAQ on stdin: exactly two errors")
        << QStringList{u"lint"_s} << faq << 1
        << QStringList{u"<stdin>:2:1: error [ambiguous-sweep]"_s, u"<stdin>:3:1: error [profiler-level]"_s,
                       u"2 error(s), 3 warning(s) in 4 override(s)."_s,
                       u"Read as verl launches:\n  Line 1: overrides on their own, 4 override(s), checked against "
                       u"verl/trainer/config/ppo_trainer at v0.9.0\n"_s,
                       u"# Corrected for verl 0.9.0 (line 1):\n"
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \\\n"
                       u"    'actor_rollout_ref.actor.profiler.tool_config.npu.contents=[npu,cpu]' \\\n"
                       u"    actor_rollout_ref.actor.profiler.tool_config.npu.level=level1 \\\n"
                       u"    actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true \\\n"
                       u"    actor_rollout_ref.actor.profiler.enable=true \\\n"
                       u"    global_profiler.tool=npu \\\n"
                       u"    'global_profiler.steps=[1]'\n"_s};
    QTest::addRow("FAQ on 0.5.0 uses 0.5's keys")
        << QStringList{u"lint"_s, u"--verl-version"_s, u"0.5.0"_s} << faq << 1
        << QStringList{u"# Corrected for verl 0.5.0 (line 1):\nactor_rollout_ref.profiler.discrete=true \\\n"_s,
                       u"    trainer.npu_profile.options.level=level1 \\\n"_s,
                       u"    'actor_rollout_ref.profiler.ranks=[0]'\n"_s};
    QTest::addRow("clean") << QStringList{u"lint"_s, u"-"_s}
                           << QByteArray("python3 -m verl.trainer.main_ppo 'trainer.logger=[console]'\n") << 0
                           << QStringList{u"No problems found in 1 override(s)."_s,
                                          u"Line 1: python3 -m verl.trainer.main_ppo, 1 override(s), checked against "
                                          u"verl/trainer/config/ppo_trainer at v0.9.0"_s};
    QTest::addRow("a value from a variable is not checked")
        << QStringList{u"lint"_s, u"-"_s} << QByteArray("python3 -m verl.trainer.main_ppo data.train_batch_size=$BS\n")
        << 4
        << QStringList{u"1 not checked"_s,
                       u"Not checked:\n  line 1: data.train_batch_size=$BS: its value comes from a "
                       u"variable the script does not set"_s};
    QTest::addRow("moved from 0.6.1 to 0.9.0")
        << QStringList{u"lint"_s, u"--from-version"_s, u"0.6.1"_s, u"--verl-version"_s, u"0.9.0"_s}
        << QByteArray("python3 -m verl.trainer.main_ppo trainer.use_legacy_worker_impl=auto\n") << 1
        << QStringList{u"Moving from verl 0.6.1 to 0.9.0: 0 renamed, 1 removed"_s,
                       u"removed: trainer.use_legacy_worker_impl."_s};
    QTest::addRow("not a verl launch") << QStringList{u"lint"_s} << QByteArray("pip install torch==2.8.0\n") << 0
                                       << QStringList{u"No verl launch found"_s};
    QTest::addRow("a later release reads as the one before")
        << QStringList{u"lint"_s, u"--verl-version"_s, u"0.8.3"_s} << QByteArray("true\n") << 0 << QStringList{};
    QTest::addRow("old key on a new version")
        << QStringList{u"lint"_s, u"--verl-version"_s, u"0.8.0"_s}
        << QByteArray(
               "python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096\n")
        << 1
        << QStringList{u"[key-moved]"_s,
                       u"fix: actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=4096"_s};
    QTest::addRow("HCCL_DEBUG is a warning") << QStringList{u"lint"_s} << QByteArray("export HCCL_DEBUG=INFO\n") << 0
                                             << QStringList{u"<stdin>:1:8: warning [hccl-debug]"_s};
    QTest::addRow("unclosed quote") << QStringList{u"lint"_s} << QByteArray("python3 'x\n") << 2
                                    << QStringList{u"<stdin>: Line 1, column 9"_s};
    QTest::addRow("missing file") << QStringList{u"lint"_s, u"/nonexistent/train.sh"_s} << QByteArray() << 2
                                  << QStringList{u"/nonexistent/train.sh"_s};
    QTest::addRow("two files") << QStringList{u"lint"_s, u"a.sh"_s, u"b.sh"_s} << QByteArray() << 2
                               << QStringList{u"a.sh, b.sh"_s};
    QTest::addRow("bad version") << QStringList{u"lint"_s, u"--verl-version"_s, u"new"_s} << QByteArray() << 2
                                 << QStringList{u"\"new\""_s};
}

void TestApp::lintCommand()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, input);
    QFETCH(int, code);
    QFETCH(QStringList, mentions);
    const Run result = run(args, QProcessEnvironment::systemEnvironment(), input);
    QCOMPARE(result.code, code);
    const QString &text = code == 2 ? result.err : result.out;
    for (const QString &part : mentions)
        QVERIFY2(text.contains(part), qPrintable(part + u"\nnot in:\n"_s + text));
}

void TestApp::lintJson()
{
    const QString script = m_dir.filePath(u"train.sh"_s);
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#!/bin/bash\n"
               "python3 -m verl.trainer.main_ppo \\\n"
               "    actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \\\n"
               "    trainer.logger=[console,wandb]\n");
    file.close();
    const Run result = run({u"lint"_s, script, u"--json"_s});
    QCOMPARE(result.code, 1);
    QJsonParseError error;
    const QJsonObject document = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
    const QJsonArray findings = document.value(u"findings"_s).toArray();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(document.value(u"verl_version"_s).toString(), vna::verl::latestKnown().toString());
    // The sweep, then what the settings lack to collect anything: enable, tool, steps.
    QCOMPARE(findings.size(), 4);
    const QJsonObject first = findings.at(0).toObject();
    QCOMPARE(first.keys(),
             (QStringList{u"column"_s, u"fix"_s, u"key"_s, u"line"_s, u"message"_s, u"rule"_s, u"severity"_s}));
    QCOMPARE(first.value(u"key"_s).toString(), u"actor_rollout_ref.actor.profiler.tool_config.npu.contents"_s);
    QCOMPARE(first.value(u"line"_s).toInt(), 3);
    QCOMPARE(first.value(u"column"_s).toInt(), 5);
    QCOMPARE(first.value(u"severity"_s).toString(), u"error"_s);
    QCOMPARE(first.value(u"rule"_s).toString(), u"ambiguous-sweep"_s);
    for (qsizetype i = 1; i < findings.size(); ++i)
        QCOMPARE(findings.at(i).toObject().value(u"rule"_s).toString(), u"profiler-not-collected"_s);
    const QJsonArray launches = document.value(u"launches"_s).toArray();
    QCOMPARE(launches.size(), 1);
    const QJsonObject launch = launches.first().toObject();
    QCOMPARE(launch.value(u"program"_s).toString(), u"python3 -m verl.trainer.main_ppo"_s);
    QCOMPARE(launch.value(u"line"_s).toInt(), 2);
    QCOMPARE(launch.value(u"config"_s).toString(), u"ppo_trainer"_s);
    QCOMPARE(launch.value(u"overrides"_s).toInt(), 2);
    const QJsonArray corrected = launch.value(u"corrected"_s).toArray();
    QCOMPARE(corrected.at(3).toString(), u"'actor_rollout_ref.actor.profiler.tool_config.npu.contents=[npu,cpu]'"_s);
    QCOMPARE(corrected.at(4).toString(), u"'trainer.logger=[console,wandb]'"_s);
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
