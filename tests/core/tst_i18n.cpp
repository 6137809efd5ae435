// Which language is chosen, and that installing it really translates the application's strings.
#include <QTest>

#include "common/i18n.h"

using namespace Qt::StringLiterals;

class TestI18n final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolve_data();
    void resolve();
    void validate_data();
    void validate();
    void installTranslatesAndReverts();
    void pseudoLocaleMarksWhatTheCatalogueTranslates_data();
    void pseudoLocaleMarksWhatTheCatalogueTranslates();
    void cleanupTestCase();
};

void TestI18n::resolve_data()
{
    QTest::addColumn<QString>("explicitCode");
    QTest::addColumn<QString>("saved");
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("expected");

    QTest::addRow("English system") << QString() << QString() << u"en_US"_s << u"en"_s;
    QTest::addRow("Chinese system") << QString() << QString() << u"zh_CN"_s << u"zh_CN"_s;
    QTest::addRow("Taiwanese system reads Simplified") << QString() << QString() << u"zh_TW"_s << u"zh_CN"_s;
    QTest::addRow("German system") << QString() << QString() << u"de_DE"_s << u"en"_s;
    QTest::addRow("saved beats system") << QString() << u"en"_s << u"zh_CN"_s << u"en"_s;
    QTest::addRow("saved Chinese") << QString() << u"zh_CN"_s << u"en_US"_s << u"zh_CN"_s;
    QTest::addRow("--lang beats saved") << u"en"_s << u"zh_CN"_s << u"zh_CN"_s << u"en"_s;
    QTest::addRow("--lang Chinese") << u"zh_CN"_s << QString() << u"en_US"_s << u"zh_CN"_s;
    QTest::addRow("unsupported saved is ignored") << QString() << u"fr"_s << u"zh_CN"_s << u"zh_CN"_s;
}

void TestI18n::resolve()
{
    QFETCH(QString, explicitCode);
    QFETCH(QString, saved);
    QFETCH(QString, system);
    QFETCH(QString, expected);
    QCOMPARE(vna::i18n::resolve(explicitCode, saved, QLocale(system)), expected);
}

void TestI18n::validate_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("ok");
    QTest::addRow("en") << u"en"_s << true;
    QTest::addRow("zh_CN") << u"zh_CN"_s << true;
    QTest::addRow("zh-CN is not the code") << u"zh-CN"_s << false;
    QTest::addRow("zh") << u"zh"_s << false;
    QTest::addRow("empty") << QString() << false;
}

void TestI18n::validate()
{
    QFETCH(QString, code);
    QFETCH(bool, ok);
    const auto result = vna::i18n::validate(code, u"--lang"_s);
    QCOMPARE(result.ok(), ok);
    if (!ok) {
        QCOMPARE(result.error().where, u"--lang"_s);
        QVERIFY(result.error().message.contains(u"en, zh_CN"_s));
    }
}

void TestI18n::installTranslatesAndReverts()
{
    const auto home = [] { return QCoreApplication::translate("vna::ui::MainWindow", "Home"); };
    QCOMPARE(home(), u"Home"_s);

    QCOMPARE(vna::i18n::install(u"zh_CN"_s), true);
    QCOMPARE(vna::i18n::current(), u"zh_CN"_s);
    QCOMPARE(home(), u"首页"_s);
    QCOMPARE(QLocale().name(), u"zh_CN"_s);

    QCOMPARE(vna::i18n::install(u"en"_s), true);
    QCOMPARE(vna::i18n::current(), u"en"_s);
    QCOMPARE(home(), u"Home"_s);

    QCOMPARE(vna::i18n::install(u"xx"_s), false);
    QCOMPARE(vna::i18n::current(), u"en"_s);
}

void TestI18n::pseudoLocaleMarksWhatTheCatalogueTranslates_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("shown");
    QTest::addRow("in our catalogue") << u"vna::ui::MainWindow"_s << u"Home"_s << u"⟦Home⟧"_s;
    QTest::addRow("in Qt's catalogue") << u"QWizard"_s << u"&Next >"_s << u"⟦&Next >⟧"_s;
    QTest::addRow("in no catalogue: shown bare")
        << u"vna::ui::MainWindow"_s << u"never translated"_s << u"never translated"_s;
}

// The pseudo-locale the whole-window test reads: a text the Chinese catalogue translates is shown
// marked, anything else bare; texts written in both languages follow it.
void TestI18n::pseudoLocaleMarksWhatTheCatalogueTranslates()
{
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, shown);
    QCOMPARE(vna::i18n::validate(vna::i18n::pseudoCode(), u"--lang"_s).ok(), true);
    QCOMPARE(vna::i18n::install(vna::i18n::pseudoCode()), true);
    QCOMPARE(vna::i18n::current(), vna::i18n::pseudoCode());
    QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()), shown);
    QCOMPARE(vna::i18n::pick(u"Parameters"_s, u"参数"_s), u"⟦Parameters⟧"_s);
    QCOMPARE(vna::i18n::pick(u"English only"_s, QString()), u"English only"_s);
    QCOMPARE(QLocale().name(), u"en_US"_s); // numbers as in English
    QCOMPARE(vna::i18n::install(u"en"_s), true);
    QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()), source);
}

void TestI18n::cleanupTestCase()
{
    vna::i18n::install(u"en"_s);
}

QTEST_GUILESS_MAIN(TestI18n)
#include "tst_i18n.moc"
