// The Logs tool's state without a window: which files are taken, which refused and why, the recent
// list, and what Analyze reads.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "common/i18n.h"
#include "common/paths.h"
#include "logscan/logsstate.h"
#include "logscan/matcher.h"
#include "support/modelfiles.h"

using namespace Qt::StringLiterals;
using vna::ui::LogsState;

class TestLogsState final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void addFiles_data();
    void addFiles();
    void recentIsCapped();
    void inputsAndMemory();
    void pastedTextIsNamedInTheLanguageOfNow_data();
    void pastedTextIsNamedInTheLanguageOfNow();

private:
    QTemporaryDir m_dir;
};

void TestLogsState::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"a.log"_s), "x\n"));
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"b.log"_s), "y\n"));
}

void TestLogsState::addFiles_data()
{
    QTest::addColumn<QStringList>("names"); // relative to the folder; "." is the folder itself
    QTest::addColumn<QStringList>("added");
    QTest::addColumn<QString>("refusedBecause");
    QTest::addRow("two logs") << QStringList{u"a.log"_s, u"b.log"_s} << QStringList{u"a.log"_s, u"b.log"_s}
                              << QString();
    QTest::addRow("the same twice") << QStringList{u"a.log"_s, u"a.log"_s} << QStringList{u"a.log"_s} << QString();
    QTest::addRow("a folder") << QStringList{u"."_s} << QStringList{} << u"is a folder"_s;
    QTest::addRow("missing") << QStringList{u"gone.log"_s, u"b.log"_s} << QStringList{u"b.log"_s}
                             << u"does not exist"_s;
}

void TestLogsState::addFiles()
{
    QFETCH(QStringList, names);
    QFETCH(QStringList, added);
    QFETCH(QString, refusedBecause);
    LogsState state;
    QStringList paths;
    for (const QString &name : names)
        paths << QDir(m_dir.path()).absoluteFilePath(name);
    QStringList problems;
    const QStringList got = state.addFiles(paths, problems);
    QStringList want;
    for (const QString &name : added)
        want << m_dir.filePath(name);
    QCOMPARE(got, want);
    QCOMPARE(state.files, want);
    QCOMPARE(problems.isEmpty(), refusedBecause.isEmpty());
    if (!problems.isEmpty())
        QVERIFY2(problems.join(u' ').contains(refusedBecause), qPrintable(problems.join(u' ')));
    // Added again: nothing new.
    QCOMPARE(state.addFiles(paths, problems), QStringList());
}

void TestLogsState::recentIsCapped()
{
    LogsState state;
    QStringList problems;
    for (int i = 0; i < 12; ++i) {
        const QString path = m_dir.filePath(u"r%1.log"_s.arg(i));
        QVERIFY(vna::test::writeFile(path, "z\n"));
        state.addFiles({path}, problems);
    }
    QCOMPARE(state.recentFiles.size(), LogsState::kMaxRecent);
    QCOMPARE(state.recentFiles.first(), m_dir.filePath(u"r11.log"_s)); // newest first
    state.forgetRecent();
    QCOMPARE(state.recentFiles, QStringList());
}

void TestLogsState::inputsAndMemory()
{
    QFile::remove(vna::paths::settingsFile());
    LogsState state;
    QStringList problems;
    state.addFiles({m_dir.filePath(u"a.log"_s)}, problems);
    state.pasted = u"EI0006: Getting socket times out"_s;
    state.pattern = u"EI\\d{4}"_s;
    const auto inputs = state.inputs();
    QCOMPARE(inputs.size(), 2); // the file, then the pasted lines
    state.save();
    LogsState again;
    again.load();
    QCOMPARE(again.recentFiles, state.recentFiles);
    QCOMPARE(again.pattern, state.pattern);
    QCOMPARE(again.files, QStringList()); // the files of one analysis are not remembered
    state.clearInputs();
    QVERIFY(!state.hasInputs());
}

void TestLogsState::pastedTextIsNamedInTheLanguageOfNow_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("pastedName");
    QTest::addRow("en") << u"en"_s << u"pasted text"_s;
    QTest::addRow("zh_CN") << u"zh_CN"_s << u"粘贴的文本"_s;
}

// Analysed in English, shown (and copied as a report) after a switch: the pasted lines are named in
// the language of now, a file keeps its path.
void TestLogsState::pastedTextIsNamedInTheLanguageOfNow()
{
    QFETCH(QString, language);
    QFETCH(QString, pastedName);
    QVERIFY(vna::i18n::install(u"en"_s));
    LogsState state;
    QStringList problems;
    state.addFiles({m_dir.filePath(u"a.log"_s)}, problems);
    state.pasted = u"EI0006: Getting socket times out"_s;
    const auto matcher = vna::logscan::Matcher::compile({});
    QVERIFY(matcher);
    const auto result = vna::logscan::analyze(state.inputs(), {}, *matcher);
    QVERIFY(result);
    const vna::logscan::Analysis &analysis = *result;
    QCOMPARE(analysis.files.size(), 2);
    QVERIFY(vna::i18n::install(language));
    const vna::logscan::Analysis shown = vna::ui::asShown(analysis);
    QCOMPARE(shown.files.at(0).name, m_dir.filePath(u"a.log"_s));
    QCOMPARE(shown.files.at(1).name, pastedName);
    QCOMPARE(vna::ui::shownName(analysis.files.at(1), false), pastedName);
    vna::i18n::install(u"en"_s);
}

QTEST_GUILESS_MAIN(TestLogsState)
#include "tst_logsstate.moc"
