// The typed settings facade: defaults, round trips, and stored values that must not be trusted.
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "common/paths.h"
#include "common/settingskeys.h"

using namespace Qt::StringLiterals;

class TestSettings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void defaultsWhenEmpty();
    void roundTrip();
    void storedText_data();
    void storedText();
    void applicationFileIsIsolated();

private:
    QString writeIni(const QString &content);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSettings::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestSettings::writeIni(const QString &content)
{
    QString path = m_dir->filePath(u"settings.ini"_s);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(content.toUtf8());
    return path;
}

void TestSettings::defaultsWhenEmpty()
{
    vna::Settings settings(m_dir->filePath(u"none.ini"_s));
    QCOMPARE(settings.value(vna::keys::language), QString());
    QCOMPARE(settings.value(vna::keys::lastTab), u"home"_s);
    QCOMPARE(settings.value(vna::keys::windowGeometry), QByteArray());
    QCOMPARE(settings.value(vna::keys::logPanelLevel), static_cast<int>(vna::log::Level::Info));
    QCOMPARE(settings.contains(vna::keys::lastTab), false);
}

void TestSettings::roundTrip()
{
    const QString path = m_dir->filePath(u"rt.ini"_s);
    const QByteArray blob("\x01\x00\xff geometry", 12);
    {
        vna::Settings settings(path);
        settings.setValue(vna::keys::language, u"zh_CN"_s);
        settings.setValue(vna::keys::lastTab, u"bucket"_s);
        settings.setValue(vna::keys::windowGeometry, blob);
        settings.setValue(vna::keys::logPanelLevel, static_cast<int>(vna::log::Level::Error));
        QCOMPARE(settings.sync(), true);
    }
    vna::Settings settings(path);
    QCOMPARE(settings.value(vna::keys::language), u"zh_CN"_s);
    QCOMPARE(settings.value(vna::keys::lastTab), u"bucket"_s);
    QCOMPARE(settings.value(vna::keys::windowGeometry), blob);
    QCOMPARE(settings.value(vna::keys::logPanelLevel), static_cast<int>(vna::log::Level::Error));
    settings.remove(vna::keys::lastTab);
    QCOMPARE(settings.value(vna::keys::lastTab), u"home"_s);
}

void TestSettings::storedText_data()
{
    QTest::addColumn<QString>("ini");
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("logLevel");

    const int info = static_cast<int>(vna::log::Level::Info);
    QTest::addRow("valid") << u"[app]\nlanguage=zh_CN\n[logPanel]\nlevel=3\n"_s << u"zh_CN"_s << 3;
    QTest::addRow("unsupported language") << u"[app]\nlanguage=fr\n"_s << QString() << info;
    QTest::addRow("level not a number") << u"[logPanel]\nlevel=loud\n"_s << QString() << info;
    QTest::addRow("level out of range") << u"[logPanel]\nlevel=42\n"_s << QString() << info;
    QTest::addRow("negative level") << u"[logPanel]\nlevel=-1\n"_s << QString() << info;
    QTest::addRow("garbage file") << u"\x01\x02 not an ini [[[\n= =\n"_s << QString() << info;
}

void TestSettings::storedText()
{
    QFETCH(QString, ini);
    QFETCH(QString, language);
    QFETCH(int, logLevel);

    vna::Settings settings(writeIni(ini));
    QCOMPARE(settings.value(vna::keys::language), language);
    QCOMPARE(settings.value(vna::keys::logPanelLevel), logLevel);
}

void TestSettings::applicationFileIsIsolated()
{
    // CTest points XDG_CONFIG_HOME into the build tree; the default store must follow it.
    const QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
    QVERIFY(!config.isEmpty());
    QVERIFY2(vna::Settings().fileName().startsWith(config), qPrintable(vna::Settings().fileName()));
    QCOMPARE(vna::Settings().fileName(), vna::paths::settingsFile());
    QVERIFY(vna::paths::settingsFile().endsWith(u"/verl-npu-assistant/settings.ini"_s));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestSettings test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_settings.moc"
