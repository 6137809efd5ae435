// The zh_CN catalogue is complete: nothing unfinished, nothing empty, same placeholders and mnemonics.
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

class TestTranslations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void complete_data();
    void complete();
    void checkerFindsProblems();

private:
    static QStringList problems(const QByteArray &ts);
};

namespace {

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression pattern(u"%(\\d{1,2}|n)"_s);
    QSet<QString> found;
    for (const auto &match : pattern.globalMatch(text))
        found.insert(match.captured(0));
    return found;
}

bool hasMnemonic(const QString &text)
{
    static const QRegularExpression pattern(u"&[^&\\s;]"_s);
    // "&amp;" in the XML is already decoded; "&&" is a literal ampersand, "&nbsp;" an HTML entity.
    QString stripped = text;
    stripped.remove(u"&&"_s).remove(u"&nbsp;"_s);
    return stripped.contains(pattern);
}

} // namespace

QStringList TestTranslations::problems(const QByteArray &ts)
{
    QStringList found;
    QXmlStreamReader xml(ts);
    QString context;
    QString source;
    bool numerus = false;
    qsizetype messages = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"name") {
            context = xml.readElementText();
        } else if (xml.name() == u"message") {
            numerus = xml.attributes().value(u"numerus"_s) == u"yes";
            ++messages;
        } else if (xml.name() == u"source") {
            source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            const QString where = context + u" | "_s + source;
            const QStringView type = xml.attributes().value(u"type"_s);
            if (!type.isEmpty())
                found << u"%1: type=\"%2\""_s.arg(where, type.toString());
            QString translation;
            if (numerus) {
                while (xml.readNextStartElement())
                    translation += xml.readElementText();
            } else {
                translation = xml.readElementText();
            }
            if (translation.trimmed().isEmpty())
                found << where + u": empty translation"_s;
            else if (placeholders(source) != placeholders(translation))
                found << where + u": placeholders differ"_s;
            else if (hasMnemonic(source) != hasMnemonic(translation))
                found << where + u": keyboard mnemonic (&) missing or extra"_s;
        }
    }
    if (xml.hasError())
        found << u"XML error at line %1: %2"_s.arg(xml.lineNumber()).arg(xml.errorString());
    if (messages == 0)
        found << u"no messages at all"_s;
    return found;
}

void TestTranslations::complete_data()
{
    QTest::addColumn<QString>("path");
    QTest::addRow("committed catalogue") << qEnvironmentVariable("VNA_TS_FILE");
    QTest::addRow("catalogue refreshed from today's sources") << qEnvironmentVariable("VNA_TS_REFRESHED");
}

void TestTranslations::complete()
{
    QFETCH(QString, path);
    QVERIFY2(!path.isEmpty(), "run through CTest, which sets VNA_TS_FILE and VNA_TS_REFRESHED");
    QFile file(path);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
    QCOMPARE(problems(file.readAll()), QStringList());
}

void TestTranslations::checkerFindsProblems()
{
    const QByteArray ts = R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>C</name>
    <message><source>Done</source><translation type="unfinished"></translation></message>
    <message><source>Copy %1 to %2</source><translation>复制 %1</translation></message>
    <message><source>&amp;File</source><translation>文件</translation></message>
    <message numerus="yes"><source>%n file(s)</source><translation><numerusform>%n 个文件</numerusform></translation></message>
    <message><source>Fine</source><translation>好</translation></message>
</context>
</TS>
)";
    const QStringList expected{u"C | Done: type=\"unfinished\""_s, u"C | Done: empty translation"_s,
                               u"C | Copy %1 to %2: placeholders differ"_s,
                               u"C | &File: keyboard mnemonic (&) missing or extra"_s};
    QCOMPARE(problems(ts), expected);
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
