// The bash layer: quoting only where the shell would change a word, command layout, and reading
// scripts back into words with their positions, variables and what bash would expand.
#include <QTest>

#include "hydra/shell.h"

using namespace Qt::StringLiterals;

class TestShell final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quote_data();
    void quote();
    void layout();
    void words_data();
    void words();
    void positionsAndCommands();
    void variables();
    void expansionFlags_data();
    void expansionFlags();
    void unclosedQuotes_data();
    void unclosedQuotes();
};

void TestShell::quote_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("quoted");
    QTest::addRow("plain override") << u"global_profiler.tool=npu"_s << u"global_profiler.tool=npu"_s;
    QTest::addRow("commas are safe") << u"a=1,2"_s << u"a=1,2"_s;
    QTest::addRow("list") << u"a=[1,2]"_s << u"'a=[1,2]'"_s;
    QTest::addRow("dict") << u"a={x:1}"_s << u"'a={x:1}'"_s;
    QTest::addRow("interpolation") << u"a=${b}"_s << u"'a=${b}'"_s;
    QTest::addRow("space") << u"a=\"x y\""_s << u"'a=\"x y\"'"_s;
    QTest::addRow("glob star") << u"a=*.log"_s << u"'a=*.log'"_s;
    QTest::addRow("question mark") << u"a=b?"_s << u"'a=b?'"_s;
    QTest::addRow("single quote") << u"a='x'"_s << u"'a='\\''x'\\'''"_s;
    QTest::addRow("tilde first") << u"~a.b"_s << u"'~a.b'"_s;
    QTest::addRow("empty") << QString() << u"''"_s;
    // Found by fuzz_shell: a trailing newline passed the "safe" check and ended the command.
    QTest::addRow("trailing newline") << u"a=1\n"_s << u"'a=1\n'"_s;
}

void TestShell::quote()
{
    QFETCH(QString, word);
    QFETCH(QString, quoted);
    QCOMPARE(vna::shell::quote(word), quoted);
    // bash reads it back as the same word.
    const auto script = vna::shell::parseScript(u"cmd "_s + quoted);
    QVERIFY(script.ok());
    QCOMPARE(script->commands.first().words.last().text, word);
}

void TestShell::layout()
{
    const QStringList words{u"a=1"_s, u"b=[1,2]"_s};
    QCOMPARE(vna::shell::formatCommand(words, vna::shell::Layout::OneLine), u"a=1 'b=[1,2]'"_s);
    QCOMPARE(vna::shell::formatCommand(words, vna::shell::Layout::Multiline), u"a=1 \\\n'b=[1,2]'"_s);
}

void TestShell::words_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("words");

    QTest::addRow("spaces and tabs") << u"python3\t-m  verl.trainer.main_ppo"_s
                                     << QStringList{u"python3"_s, u"-m"_s, u"verl.trainer.main_ppo"_s};
    QTest::addRow("single quotes") << u"cmd 'a=[1, 2]'"_s << QStringList{u"cmd"_s, u"a=[1, 2]"_s};
    QTest::addRow("double quotes") << u"cmd a=\"['npu','cpu']\""_s << QStringList{u"cmd"_s, u"a=['npu','cpu']"_s};
    QTest::addRow("escapes in double quotes")
        << u"cmd \"a\\\"b\\$c\\\\d\\x\""_s << QStringList{u"cmd"_s, u"a\"b$c\\d\\x"_s};
    QTest::addRow("backslash outside quotes") << u"cmd a\\ b \\[x\\]"_s << QStringList{u"cmd"_s, u"a b"_s, u"[x]"_s};
    QTest::addRow("line continuation") << u"cmd \\\n  a=1 \\\n  b=2"_s << QStringList{u"cmd"_s, u"a=1"_s, u"b=2"_s};
    QTest::addRow("CRLF continuation") << u"cmd \\\r\n  a=1"_s << QStringList{u"cmd"_s, u"a=1"_s};
    QTest::addRow("comment") << u"cmd a=1 # b=2"_s << QStringList{u"cmd"_s, u"a=1"_s};
    QTest::addRow("hash inside a word") << u"cmd a#b"_s << QStringList{u"cmd"_s, u"a#b"_s};
    QTest::addRow("adjacent quotes join") << u"cmd a='x'\"y\"z"_s << QStringList{u"cmd"_s, u"a=xyz"_s};
}

void TestShell::words()
{
    QFETCH(QString, script);
    QFETCH(QStringList, words);
    const auto parsed = vna::shell::parseScript(script);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->commands.size(), 1);
    QStringList texts;
    for (const auto &word : parsed->commands.first().words)
        texts << word.text;
    QCOMPARE(texts, words);
}

void TestShell::positionsAndCommands()
{
    const QString script
        = u"#!/bin/bash\nexport HCCL_DEBUG=INFO\nset -x; cd /w && \\\n  python3 -m m \\\n    a.b=1 'c=[2]'\n"_s;
    const auto parsed = vna::shell::parseScript(script);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->commands.size(), 4); // export, set -x, cd /w, python3 …
    QCOMPARE(parsed->commands.at(0).exported, true);
    QCOMPARE(parsed->commands.at(0).assignments.first().text, u"HCCL_DEBUG=INFO"_s);
    QCOMPARE(parsed->commands.at(0).assignments.first().line, qsizetype(2));
    QCOMPARE(parsed->commands.at(0).assignments.first().column, qsizetype(8));
    const auto &python = parsed->commands.at(3).words;
    QCOMPARE(python.size(), 5);
    QCOMPARE(python.at(3).text, u"a.b=1"_s);
    QCOMPARE(python.at(3).line, qsizetype(5));
    QCOMPARE(python.at(3).column, qsizetype(5));
    QCOMPARE(python.at(4).text, u"c=[2]"_s);
    QCOMPARE(python.at(4).column, qsizetype(11));
}

void TestShell::variables()
{
    const QString script = u"STEPS=\"[1,2]\"\nexport SAVE=/data/prof\nROLE=actor python3 run.py "
                           u"a.steps=$STEPS a.path=${SAVE}/x a.r=${RANKS:-[0]} a.q=$UNKNOWN a.s=$(date) a.p=$1"_s;
    const auto parsed = vna::shell::parseScript(script);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->variables.value(u"STEPS"_s), u"[1,2]"_s);
    QCOMPARE(parsed->variables.value(u"SAVE"_s), u"/data/prof"_s);
    QVERIFY(!parsed->variables.contains(u"ROLE"_s)); // a prefix assignment lives for one command only
    const auto &command = parsed->commands.last();
    QCOMPARE(command.assignments.first().text, u"ROLE=actor"_s);
    const auto &w = command.words;
    QCOMPARE(w.at(2).text, u"a.steps=[1,2]"_s);
    QCOMPARE(w.at(2).unresolved, QStringList());
    QCOMPARE(w.at(3).text, u"a.path=/data/prof/x"_s);
    QCOMPARE(w.at(4).text, u"a.r=[0]"_s);
    QCOMPARE(w.at(5).unresolved, QStringList{u"UNKNOWN"_s});
    QCOMPARE(w.at(5).text, u"a.q=$UNKNOWN"_s);
    QCOMPARE(w.at(6).substitution, true);
    QCOMPARE(w.at(7).unresolved, QStringList{u"1"_s});
}

void TestShell::expansionFlags_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<bool>("brackets");
    QTest::addColumn<bool>("braceList");
    QTest::addRow("unquoted list") << u"a=[1,2]"_s << true << false;
    QTest::addRow("quoted list") << u"'a=[1,2]'"_s << false << false;
    QTest::addRow("double-quoted list") << u"a=\"[1,2]\""_s << false << false;
    QTest::addRow("unquoted dict with comma") << u"a={x:1,y:2}"_s << false << true;
    QTest::addRow("unquoted dict without comma") << u"a={x:1}"_s << false << false;
    QTest::addRow("quoted dict") << u"'a={x:1,y:2}'"_s << false << false;
    QTest::addRow("plain") << u"a=1"_s << false << false;
}

void TestShell::expansionFlags()
{
    QFETCH(QString, word);
    QFETCH(bool, brackets);
    QFETCH(bool, braceList);
    const auto parsed = vna::shell::parseScript(u"cmd "_s + word);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->commands.first().words.last().unquotedBrackets, brackets);
    QCOMPARE(parsed->commands.first().words.last().unquotedBraceList, braceList);
}

void TestShell::unclosedQuotes_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("single") << u"cmd a=1\ncmd 'b=2"_s << u"Line 2, column 5: a single quote"_s;
    QTest::addRow("double") << u"cmd \"x"_s << u"Line 1, column 5: a double quote"_s;
}

void TestShell::unclosedQuotes()
{
    QFETCH(QString, script);
    QFETCH(QString, mentions);
    const auto parsed = vna::shell::parseScript(script);
    QVERIFY(!parsed.ok());
    QVERIFY2(parsed.error().message.contains(mentions), qPrintable(parsed.error().message));
}

QTEST_GUILESS_MAIN(TestShell)
#include "tst_shell.moc"
