// The Logs tool's state without a window: which files are taken, which refused and why, the recent
// list, and what Analyze reads.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "common/paths.h"
#include "logscan/logsstate.h"
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

QTEST_GUILESS_MAIN(TestLogsState)
#include "tst_logsstate.moc"
