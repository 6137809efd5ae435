// The bash layer: quoting only where the shell would change a word, command layout, and reading
// scripts as bash runs them — words, variables through branches, loops and functions, arithmetic,
// what stays unknown and where it would come from — checked against bash itself.
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "bash/arithmetic.h"
#include "bash/interpreter.h"
#include "hydra/shell.h"

using namespace Qt::StringLiterals;
using vna::shell::Origin;

namespace {

// The words of the last command that has words.
QStringList lastWords(const QString &script)
{
    const auto run = vna::shell::interpret(script);
    if (!run)
        return {u"ERROR: "_s + run.error().message};
    QStringList words; // of the last command that has any
    for (const auto &command : run->commands) {
        if (command.words.isEmpty())
            continue;
        words.clear();
        for (const auto &w : command.words)
            words << w.text;
    }
    return words;
}

const vna::shell::Field *lastField(const vna::shell::Run &run)
{
    const vna::shell::Field *last = nullptr;
    for (const auto &command : run.commands) {
        if (!command.words.isEmpty())
            last = &command.words.last();
    }
    return last;
}

} // namespace

class TestShell final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quote_data();
    void quote();
    void layout();
    void words_data();
    void words();
    void unknowns_data();
    void unknowns();
    void positions();
    void arrayElementPlaces();
    void branches_data();
    void branches();
    void functionsNeverCalled();
    void braceExpansion();
    void arithmetic_data();
    void arithmetic();
    void refused_data();
    void refused();
    void runawayScripts_data();
    void runawayScripts();
    void agreesWithBash_data();
    void agreesWithBash();
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
    QCOMPARE(lastWords(u"cmd "_s + quoted), (QStringList{u"cmd"_s, word}));
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
    const auto row = [](const char *name, const QString &script, const QStringList &words) {
        QTest::addRow("%s", name) << script << words;
    };

    row("spaces and tabs", u"python3\t-m  verl.trainer.main_ppo"_s,
        {u"python3"_s, u"-m"_s, u"verl.trainer.main_ppo"_s});
    row("single quotes", u"cmd 'a=[1, 2]'"_s, {u"cmd"_s, u"a=[1, 2]"_s});
    row("double quotes", u"cmd a=\"['npu','cpu']\""_s, {u"cmd"_s, u"a=['npu','cpu']"_s});
    row("escapes in double quotes", u"cmd \"a\\\"b\\$c\\\\d\\x\""_s, {u"cmd"_s, u"a\"b$c\\d\\x"_s});
    row("backslash outside quotes", u"cmd a\\ b \\[x\\]"_s, {u"cmd"_s, u"a b"_s, u"[x]"_s});
    row("line continuation", u"cmd \\\n  a=1 \\\n  b=2"_s, {u"cmd"_s, u"a=1"_s, u"b=2"_s});
    row("CRLF continuation", u"cmd \\\r\n  a=1"_s, {u"cmd"_s, u"a=1"_s});
    row("comment", u"cmd a=1 # b=2"_s, {u"cmd"_s, u"a=1"_s});
    row("hash inside a word", u"cmd a#b"_s, {u"cmd"_s, u"a#b"_s});
    row("adjacent quotes join", u"cmd a='x'\"y\"z"_s, {u"cmd"_s, u"a=xyz"_s});
    row("ANSI-C quotes", u"cmd $'a\\tb\\x41\\'c'"_s, {u"cmd"_s, u"a\tbA'c"_s});
    row("redirections are not words", u"cmd a=1 >log 2>&1 </dev/null b=2 &>>all"_s, {u"cmd"_s, u"a=1"_s, u"b=2"_s});
    row("background and pipes", u"cmd a=1 | tee x &"_s, {u"tee"_s, u"x"_s});
    // Quotes nested inside ${…} open and close there.
    row("quotes inside a default", u"W=${W:-\"${PWD_X:-/w}\"}\ncmd $W"_s, {u"cmd"_s, u"/w"_s});
    row("quoted default in quotes", u"S=\"${S:-\"[2,4]\"}\"\ncmd s=$S"_s, {u"cmd"_s, u"s=[2,4]"_s});
    row("default with blanks", u"T=${T:-\"two words\"}\ncmd \"$T\""_s, {u"cmd"_s, u"two words"_s});
    row("nested defaults", u"M=${A:-${B:-c}}\ncmd $M"_s, {u"cmd"_s, u"c"_s});
    row("nested default set", u"B=b\nM=${A:-${B:-c}}\ncmd $M"_s, {u"cmd"_s, u"b"_s});
    row("braces inside a default", u"cmd ${X:-{a}}"_s, {u"cmd"_s, u"{a}"_s});
    row("alternative", u"E=\ncmd x${E:+set} ${E-unset}y"_s, {u"cmd"_s, u"x"_s, u"y"_s});
    row("assign default", u"cmd ${N:=7}\ncmd $N"_s, {u"cmd"_s, u"7"_s});
    row("remove prefix and suffix", u"P=/m/Qwen2.5-7B\ncmd ${P##*/} ${P%/*} ${P#/}"_s,
        {u"cmd"_s, u"Qwen2.5-7B"_s, u"/m"_s, u"m/Qwen2.5-7B"_s});
    row("replace", u"P=a.b.c\ncmd ${P//./-} ${P/./_} ${P/#a/x} ${P/%c/z}"_s,
        {u"cmd"_s, u"a-b-c"_s, u"a_b.c"_s, u"x.b.c"_s, u"a.b.z"_s});
    row("case and substring", u"P=Qwen\ncmd ${P^^} ${P,,} ${P:1:2} ${P: -2} ${#P}"_s,
        {u"cmd"_s, u"QWEN"_s, u"qwen"_s, u"we"_s, u"en"_s, u"4"_s});
    row("indirection", u"N=v\nv=42\ncmd ${!N}"_s, {u"cmd"_s, u"42"_s});
    row("arithmetic", u"N=2\ncmd $((N * 8)) $((1024 * 4)) $[3+4]"_s, {u"cmd"_s, u"16"_s, u"4096"_s, u"7"_s});
    row("arithmetic on variables holding expressions", u"A=\"2+3\"\ncmd $((A * 2))"_s, {u"cmd"_s, u"10"_s});
    row("let and ((…))", u"i=1\n((i += 4))\nlet 'j=i*2'\ncmd $i $j"_s, {u"cmd"_s, u"5"_s, u"10"_s});
    row("arrays", u"X=(a 'b c')\nX+=(d)\ncmd \"${X[@]}\" ${X[1]} ${#X[@]} ${X[-1]}"_s,
        {u"cmd"_s, u"a"_s, u"b c"_s, u"d"_s, u"b"_s, u"c"_s, u"3"_s, u"d"_s});
    row("array over lines with comments", u"X=(\n  a=1  # one\n  # none\n  b=2\n)\ncmd \"${X[@]}\""_s,
        {u"cmd"_s, u"a=1"_s, u"b=2"_s});
    row("indexed element", u"X[2]=c\nX[0]=a\ncmd \"${X[@]}\""_s, {u"cmd"_s, u"a"_s, u"c"_s});
    row("declare and local arrays", u"declare -a X=(a b)\nexport Y=1\ncmd \"${X[@]}\" $Y"_s,
        {u"cmd"_s, u"a"_s, u"b"_s, u"1"_s});
    row("word splitting", u"E=\"a=1   b=2\"\ncmd $E \"$E\""_s, {u"cmd"_s, u"a=1"_s, u"b=2"_s, u"a=1   b=2"_s});
    row("empty unquoted is no word", u"E=\ncmd $E \"$E\" x"_s, {u"cmd"_s, u""_s, u"x"_s});
    row("\"$@\" of a function", u"f() { cmd \"$@\" end; }\nf a 'b c'"_s, {u"cmd"_s, u"a"_s, u"b c"_s, u"end"_s});
    row("$1 and shift", u"f() { shift; cmd $1 $#; }\nf a b c"_s, {u"cmd"_s, u"b"_s, u"2"_s});
    row("set --", u"set -- x 'y z'\ncmd \"$@\" $#"_s, {u"cmd"_s, u"x"_s, u"y z"_s, u"2"_s});
    row("set -euo pipefail keeps arguments", u"set -- a\nset -euo pipefail\ncmd \"$@\""_s, {u"cmd"_s, u"a"_s});
    row("here-document", u"cat <<EOF\n\"unclosed 'quotes` $x\nEOF\ncmd a"_s, {u"cmd"_s, u"a"_s});
    row("here-document with tabs", u"cat <<-'E'\n\tbody \"\n\tE\ncmd b"_s, {u"cmd"_s, u"b"_s});
    row("two here-documents", u"cat <<A <<B\n'\nA\n\"\nB\ncmd c"_s, {u"cmd"_s, u"c"_s});
    row("here-string", u"read -r v <<< \"a 'b'\"\ncmd d"_s, {u"cmd"_s, u"d"_s});
    row("case with a known subject", u"M=b\ncase $M in a) V=1 ;; b|c) V=2 ;; *) V=3 ;; esac\ncmd $V"_s,
        {u"cmd"_s, u"2"_s});
    row("case with a glob", u"M=megatron\ncase \"$M\" in fsdp*) V=f ;; mega*) V=m ;; esac\ncmd $V"_s,
        {u"cmd"_s, u"m"_s});
    row("case inside $(…)", u"X=$(case a in a) echo \")\" ;; esac)\ncmd ok"_s, {u"cmd"_s, u"ok"_s});
    row("for over known words", u"for m in a b; do V=$m; W=${W:-first}; done\ncmd $V $W"_s,
        {u"cmd"_s, u"b"_s, u"first"_s});
    row("if true", u"if true; then V=1; else V=1; fi\ncmd $V"_s, {u"cmd"_s, u"1"_s});
    row("function keyword", u"function g { cmd \"$1\"; }\ng x"_s, {u"cmd"_s, u"x"_s});
    row("subshell does not leak", u"V=1\n(V=2)\ncmd $V"_s, {u"cmd"_s, u"1"_s});
    row("prefix assignment is for one command", u"V=1\nV=2 true\ncmd $V"_s, {u"cmd"_s, u"1"_s});
    row("[[ … ]] with parentheses", u"if [[ $x =~ ^(a|b)$ && -n \"$y\" ]]; then :; fi\ncmd e"_s, {u"cmd"_s, u"e"_s});
    row("eval of known text", u"eval 'cmd a=1 \"b c\"'"_s, {u"cmd"_s, u"a=1"_s, u"b c"_s});
    row("tilde in a default", u"HOME=/h\nD=${D:-~/x}\ncmd $D ~/y"_s, {u"cmd"_s, u"/h/x"_s, u"/h/y"_s});
    row("sequence with a step", u"cmd {1..10..3} {5..1..-2}"_s,
        {u"cmd"_s, u"1"_s, u"4"_s, u"7"_s, u"10"_s, u"5"_s, u"3"_s, u"1"_s});
    row("letters with a step", u"cmd {a..e..2} {a..z..4294967296}"_s, {u"cmd"_s, u"a"_s, u"c"_s, u"e"_s, u"a"_s});
}

void TestShell::words()
{
    QFETCH(QString, script);
    QFETCH(QStringList, words);
    QCOMPARE(lastWords(script), words);
}

void TestShell::unknowns_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("text");      // the last word
    QTest::addColumn<QStringList>("names"); // its unknown parts
    QTest::addColumn<int>("origin");        // of the first one
    const auto row = [](const char *name, const QString &script, const QString &text, const QStringList &names,
                        Origin origin) { QTest::addRow("%s", name) << script << text << names << int(origin); };

    row("from the environment", u"cmd a.q=$UNKNOWN"_s, u"a.q=$UNKNOWN"_s, {u"UNKNOWN"_s}, Origin::Outside);
    row("braced", u"cmd a.q=${UNKNOWN}x"_s, u"a.q=${UNKNOWN}x"_s, {u"UNKNOWN"_s}, Origin::Outside);
    row("bash's own", u"cmd $HOME/data"_s, u"$HOME/data"_s, {u"HOME"_s}, Origin::Shell);
    row("tilde", u"cmd ~/data"_s, u"~/data"_s, {u"HOME"_s}, Origin::Shell);
    row("argument", u"cmd a=$1"_s, u"a=$1"_s, {u"1"_s}, Origin::Argument);
    row("command substitution", u"cmd a=$(date +%s)"_s, u"a=$(date +%s)"_s, {u"$(date +%s)"_s}, Origin::Script);
    row("backquotes", u"cmd a=`date`"_s, u"a=`date`"_s, {u"`date`"_s}, Origin::Script);
    row("through a variable", u"D=$DATA_DIR/x\ncmd d=$D"_s, u"d=$DATA_DIR/x"_s, {u"DATA_DIR"_s}, Origin::Outside);
    row("arithmetic on an unknown", u"cmd n=$((NPUS * 2))"_s, u"n=$((NPUS * 2))"_s, {u"NPUS"_s}, Origin::Outside);
    row("after source", u"source ./env.sh\ncmd a=$FROM_FILE"_s, u"a=$FROM_FILE"_s, {u"FROM_FILE"_s}, Origin::Sourced);
    row("read", u"read -r V\ncmd a=$V"_s, u"a=$V"_s, {u"V"_s}, Origin::Script);
    row("loop variable", u"for x in $LIST; do cmd a=$x; done"_s, u"a=$x"_s, {u"x"_s}, Origin::Script);
    row("set differently in branches", u"if [ -n \"$Z\" ]; then V=1; else V=2; fi\ncmd a=$V"_s, u"a=$V"_s, {u"V"_s},
        Origin::Script);
    row("error operator", u"cmd a=${REQUIRED:?set it}"_s, u"a=${REQUIRED}"_s, {u"REQUIRED"_s}, Origin::Outside);
}

void TestShell::unknowns()
{
    QFETCH(QString, script);
    QFETCH(QString, text);
    QFETCH(QStringList, names);
    QFETCH(int, origin);
    const auto run = vna::shell::interpret(script);
    QVERIFY(run.ok());
    const vna::shell::Field *field = lastField(*run);
    QVERIFY(field);
    QCOMPARE(field->text, text);
    QStringList found;
    for (const auto &u : field->unknowns) {
        found << u.name;
        QCOMPARE(field->text.mid(u.offset, u.length).isEmpty(), false);
    }
    QCOMPARE(found, names);
    QCOMPARE(int(field->unknowns.first().origin), origin);
}

void TestShell::positions()
{
    const QString script
        = u"#!/bin/bash\nexport HCCL_DEBUG=INFO\nset -x; cd /w && \\\n  python3 -m m \\\n    a.b=1 'c=[2]'\n"_s;
    const auto run = vna::shell::interpret(script);
    QVERIFY(run.ok());
    QCOMPARE(run->commands.size(), 4); // export, set -x, cd /w, python3 …
    QCOMPARE(run->commands.at(0).assignments.first().name, u"HCCL_DEBUG"_s);
    QCOMPARE(run->commands.at(0).assignments.first().exported, true);
    QCOMPARE(run->commands.at(0).assignments.first().value.line, qsizetype(2));
    QCOMPARE(run->commands.at(0).assignments.first().value.column, qsizetype(19));
    const auto &python = run->commands.at(3).words;
    QCOMPARE(python.size(), 5);
    QCOMPARE(python.at(3).text, u"a.b=1"_s);
    QCOMPARE(python.at(3).line, qsizetype(5));
    QCOMPARE(python.at(3).column, qsizetype(5));
    QCOMPARE(python.at(4).text, u"c=[2]"_s);
    QCOMPARE(python.at(4).column, qsizetype(11));
    QCOMPARE(python.at(4).source, u"'c=[2]'"_s);
}

void TestShell::arrayElementPlaces()
{
    // A finding about "${ARGS[@]}" points at the element inside the array, where the user edits it.
    const QString script
        = u"ARGS=(\n    a.b=1\n    'c.d=[2]'\n)\nrun() { python3 -m m \"$@\"; }\nrun \"${ARGS[@]}\"\n"_s;
    const auto run = vna::shell::interpret(script);
    QVERIFY(run.ok());
    const auto &words = run->commands.last().words;
    QCOMPARE(words.size(), 5);
    QCOMPARE(words.at(3).text, u"a.b=1"_s);
    QCOMPARE(words.at(3).line, qsizetype(2));
    QCOMPARE(words.at(3).column, qsizetype(5));
    QCOMPARE(words.at(4).line, qsizetype(3));
    QCOMPARE(words.at(4).source, u"'c.d=[2]'"_s);
    QCOMPARE(run->commands.last().function, u"run"_s);
}

void TestShell::branches_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<bool>("known");
    QTest::addColumn<QString>("text");
    QTest::addRow("same in both branches") << u"if [ -f x ]; then V=1; else V=1; fi\ncmd $V"_s << true << u"1"_s;
    QTest::addRow("set in one branch only") << u"if [ -f x ]; then V=1; fi\ncmd $V"_s << false << u"$V"_s;
    QTest::addRow("a branch that exits does not count")
        << u"if [ -z \"$X\" ]; then echo usage; exit 1; fi\nV=2\ncmd $V"_s << true << u"2"_s;
    QTest::addRow("exit in one branch, value in the other")
        << u"if [ -f x ]; then V=1; else exit 1; fi\ncmd $V"_s << true << u"1"_s;
    QTest::addRow("case with an unknown subject") << u"case $1 in a) V=1;; b) V=2;; esac\ncmd $V"_s << false << u"$V"_s;
    QTest::addRow("loop may not run") << u"V=0\nwhile [ -f x ]; do V=1; done\ncmd $V"_s << false << u"$V"_s;
    QTest::addRow("loop that never runs") << u"V=0\nwhile false; do V=1; done\ncmd $V"_s << true << u"0"_s;
    // A variable from outside is not assumed empty in a test: guards like this must not end the reading.
    QTest::addRow("test on a variable from outside") << u"[ -z \"$V\" ] && V=5\ncmd $V"_s << false << u"$V"_s;
    QTest::addRow("and-or on a known test") << u"PP=2\n[ \"$PP\" -gt 1 ] && X=2 || X=null\ncmd $X"_s << true << u"2"_s;
    QTest::addRow("and-or on a failing test")
        << u"PP=1\n[ \"$PP\" -gt 1 ] && X=2 || X=null\ncmd $X"_s << true << u"null"_s;
    QTest::addRow("if on known strings") << u"M=${M:-fsdp}\nif [ \"$M\" = fsdp ]; then C=a; elif [ \"$M\" = x ]; "
                                            u"then C=b; else C=c; fi\ncmd $C"_s
                                         << true << u"a"_s;
    QTest::addRow("[[ with a pattern ]]") << u"M=megatron\nif [[ $M == mega* && -n $M ]]; then C=m; else C=o; fi\n"
                                             u"cmd $C"_s
                                          << true << u"m"_s;
    QTest::addRow("negated test") << u"if ! [ -n \"\" ]; then C=empty; fi\ncmd $C"_s << true << u"empty"_s;
    QTest::addRow("guard that exits on a known value") << u"N=0\n[ $N -eq 0 ] || exit 1\ncmd ok"_s << true << u"ok"_s;
    QTest::addRow("arrays extended in one branch keep the rest")
        << u"A=(x=1 y=2)\nif [ -f f ]; then A+=(z=3); fi\ncmd \"${A[@]}\""_s << false << u"${A[@]}"_s;
}

void TestShell::branches()
{
    QFETCH(QString, script);
    QFETCH(bool, known);
    QFETCH(QString, text);
    const auto run = vna::shell::interpret(script);
    QVERIFY(run.ok());
    const vna::shell::Field *field = lastField(*run);
    QVERIFY(field);
    QCOMPARE(field->known(), known);
    QCOMPARE(field->text, text);
    if (!known)
        QCOMPARE(field->unknowns.first().origin, Origin::Script);
}

void TestShell::functionsNeverCalled()
{
    // A launch in a function nobody calls is still read, with its arguments unknown.
    const auto run = vna::shell::interpret(u"train() {\n  python3 -m verl.trainer.main_ppo a.b=1 \"$@\"\n}\n"_s);
    QVERIFY(run.ok());
    QCOMPARE(run->commands.size(), 1);
    const auto &words = run->commands.first().words;
    QCOMPARE(words.size(), 5);
    QCOMPARE(words.at(3).text, u"a.b=1"_s);
    QCOMPARE(words.at(4).spread, true);
    QCOMPARE(run->commands.first().function, u"train"_s);
}

void TestShell::braceExpansion()
{
    const auto run = vna::shell::interpret(u"cmd a.b={x:1,y:2} 'c={x:1,y:2}' d={1..3} {a,b}{c,d}"_s);
    QVERIFY(run.ok());
    QStringList texts;
    QList<bool> expanded;
    for (const auto &w : run->commands.first().words) {
        texts << w.text;
        expanded << w.braceExpanded;
    }
    QCOMPARE(texts,
             (QStringList{u"cmd"_s, u"a.b=x:1"_s, u"a.b=y:2"_s, u"c={x:1,y:2}"_s, u"d=1"_s, u"d=2"_s, u"d=3"_s, u"ac"_s,
                          u"ad"_s, u"bc"_s, u"bd"_s}));
    QCOMPARE(expanded, (QList<bool>{false, true, true, false, true, true, true, true, true, true, true}));
    QCOMPARE(run->commands.first().words.at(1).unexpanded, u"a.b={x:1,y:2}"_s);
}

void TestShell::arithmetic_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<bool>("known");
    QTest::addColumn<qint64>("value");
    QTest::addRow("precedence") << u"2 + 3 * 4"_s << true << qint64(14);
    QTest::addRow("parentheses") << u"(2 + 3) * 4"_s << true << qint64(20);
    QTest::addRow("power is right-associative") << u"2 ** 3 ** 2"_s << true << qint64(512);
    QTest::addRow("division truncates") << u"-7 / 2"_s << true << qint64(-3);
    QTest::addRow("modulo") << u"-7 % 3"_s << true << qint64(-1);
    QTest::addRow("hex, octal, base") << u"0x10 + 010 + 2#101 + 36#z"_s << true << qint64(16 + 8 + 5 + 35);
    QTest::addRow("shifts and bits") << u"1 << 10 | 3 & 1 ^ 2"_s << true << qint64(1024 | (3 & (1 ^ 2)));
    QTest::addRow("comparison") << u"3 > 2 && 2 >= 2 || 0"_s << true << qint64(1);
    QTest::addRow("ternary") << u"0 ? 1 : 2"_s << true << qint64(2);
    QTest::addRow("unary") << u"-(-5) + !0 + ~0"_s << true << qint64(5);
    QTest::addRow("comma") << u"1, 2, 3"_s << true << qint64(3);
    QTest::addRow("wraps at 64 bits") << u"9223372036854775807 + 1"_s << true << std::numeric_limits<qint64>::min();
    QTest::addRow("known variable") << u"n * 2"_s << true << qint64(14);
    QTest::addRow("unknown variable") << u"m * 2"_s << false << qint64(0);
    QTest::addRow("division by zero") << u"1 / 0"_s << false << qint64(0);
    QTest::addRow("empty is zero") << u"  "_s << true << qint64(0);
    QTest::addRow("garbage") << u"1 +"_s << false << qint64(0);
    QTest::addRow("digit too big for the base") << u"08"_s << false << qint64(0);
    QTest::addRow("nested too deep") << QString(500, u'(') + u'1' + QString(500, u')') << false << qint64(0);
}

void TestShell::arithmetic()
{
    QFETCH(QString, expression);
    QFETCH(bool, known);
    QFETCH(qint64, value);
    vna::shell::ArithmeticScope scope;
    scope.read = [](const QString &name) -> std::optional<qint64> {
        if (name == u"n")
            return 7;
        return std::nullopt;
    };
    const auto result = vna::shell::evaluateArithmetic(expression, scope);
    QCOMPARE(result.has_value(), known);
    if (known)
        QCOMPARE(*result, value);
}

void TestShell::refused_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("single") << u"cmd a=1\ncmd 'b=2"_s << u"Line 2, column 5: a single quote"_s;
    QTest::addRow("double") << u"cmd \"x"_s << u"Line 1, column 5: a double quote"_s;
    QTest::addRow("double inside ${…}") << u"X=${X:-\"y}\n"_s << u"Line 1, column 8: a double quote"_s;
    QTest::addRow("${ not closed") << u"cmd ${X:-y"_s << u"Line 1, column 5: a ${"_s;
    QTest::addRow("$( not closed") << u"cmd $(date"_s << u"Line 1, column 5: a $("_s;
    QTest::addRow("backquote not closed") << u"cmd `date"_s << u"Line 1, column 5: a backquote"_s;
}

void TestShell::refused()
{
    QFETCH(QString, script);
    QFETCH(QString, mentions);
    const auto run = vna::shell::interpret(script);
    QVERIFY(!run.ok());
    QVERIFY2(run.error().message.contains(mentions), qPrintable(run.error().message));
}

void TestShell::runawayScripts_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<bool>("cutShort"); // Run::truncated: the report says what was not read
    QTest::addRow("deep nesting") << QString(5000, u'(') + u"cmd"_s + QString(5000, u')') << false;
    QTest::addRow("recursion") << u"f() { f; f; }\nf"_s << true;
    QTest::addRow("mutual recursion") << u"a() { b x; b y; }\nb() { a; a; }\na"_s << true;
    QTest::addRow("brace bomb") << u"cmd {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}"_s
                                << true;
    QTest::addRow("long sequence") << u"cmd {1..100000000}"_s << true;
    QTest::addRow("sequence across 64 bits")
        << u"cmd {-9223372036854775808..9223372036854775807..9223372036854775807} {9..-9223372036854775808..-9223372036854775808}"_s
        << false;
    QTest::addRow("eval loop") << u"E='eval \"$E\"'\neval \"$E\""_s << true;
    QTest::addRow("a loop of ordinary size") << u"for i in {1..100}; do cmd $i; done"_s << false;
}

void TestShell::runawayScripts()
{
    // Hostile scripts end quickly with an answer (or a clear error), never a hang or a crash.
    QFETCH(QString, script);
    QFETCH(bool, cutShort);
    const auto run = vna::shell::interpret(script);
    if (run.ok()) {
        QVERIFY(run->commands.size() <= vna::shell::kMaxCommands);
        QCOMPARE(run->truncated, cutShort);
    } else {
        QVERIFY(run.error().message.contains(u"Line"_s));
    }
}

void TestShell::agreesWithBash_data()
{
    QTest::addColumn<QString>("script");
    const QDir dir(QStringLiteral(VNA_FIXTURES_DIR) + u"/shell"_s);
    const QStringList scripts = dir.entryList({u"*.sh"_s}, QDir::Files, QDir::Name);
    QVERIFY(scripts.size() >= 14);
    for (const QString &name : scripts) {
        if (name != u"env.sh")
            QTest::addRow("%s", qPrintable(name)) << dir.filePath(name);
    }
}

void TestShell::agreesWithBash()
{
    // Each fixture runs in bash with python3, torchrun and ray replaced by functions that record their
    // arguments; the reader must produce the same launches, word for word. Parts it cannot know (the
    // environment, $(…)) match whatever bash made of them.
    QFETCH(QString, script);
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString trace = temp.filePath(u"trace"_s);
    const QString stub = uR"SH(
__vna() { { printf '%s\0' "$@"; printf '\n\0'; } >> "$VNA_TRACE"; }
python() { __vna python "$@"; }; python3() { __vna python3 "$@"; }
torchrun() { __vna torchrun "$@"; }; ray() { __vna ray "$@"; }
nohup() { "$@"; }; timeout() { shift; "$@"; }
env() { while [[ "$1" == *=* ]]; do shift; done; "$@"; }
pip() { :; }; git() { :; }; sed() { :; }; date() { echo 20261201; }
cd "$(dirname "$0")"
source "$0"
)SH"_s;
    QProcess bash;
    QProcessEnvironment environment;
    environment.insert(u"HOME"_s, temp.path());
    environment.insert(u"PATH"_s, u"/usr/bin:/bin"_s);
    environment.insert(u"VNA_TRACE"_s, trace);
    bash.setProcessEnvironment(environment);
    bash.start(u"bash"_s, {u"--norc"_s, u"--noprofile"_s, u"-c"_s, stub, script});
    QVERIFY(bash.waitForFinished(20000));
    QFile file(trace);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QList<QStringList> expected;
    QStringList current;
    for (const QByteArray &part : file.readAll().split('\0')) {
        if (part == "\n") {
            expected << current;
            current.clear();
        } else if (!part.isEmpty() || !current.isEmpty()) {
            current << QString::fromUtf8(part);
        }
    }

    QFile source(script);
    QVERIFY(source.open(QIODevice::ReadOnly));
    const auto run = vna::shell::interpret(QString::fromUtf8(source.readAll()));
    QVERIFY(run.ok());
    static const QStringList programs{u"python"_s, u"python3"_s, u"torchrun"_s, u"ray"_s};
    QList<QList<vna::shell::Field>> ours;
    for (const auto &command : run->commands) {
        QList<vna::shell::Field> words;
        for (const auto &w : command.words) {
            if (!w.spread)
                words << w;
        }
        // What the stubs above do with their wrappers.
        while (
            !words.isEmpty()
            && (words.first().text == u"nohup" || words.first().text == u"timeout" || words.first().text == u"env")) {
            const QString wrapper = words.takeFirst().text;
            if (wrapper == u"timeout")
                words.removeFirst();
            while (wrapper == u"env" && !words.isEmpty() && words.first().text.contains(u'='))
                words.removeFirst();
        }
        if (words.isEmpty())
            continue;
        const bool python = !words.first().known() && words.first().unknowns.first().name.contains(u"PYTHON"_s);
        if (programs.contains(words.first().text) || python)
            ours << words;
    }
    const auto matches = [](const QList<vna::shell::Field> &mine, const QStringList &theirs) {
        if (mine.size() != theirs.size())
            return false;
        for (qsizetype i = 0; i < mine.size(); ++i) {
            const auto &w = mine[i];
            QString pattern = u"\\A"_s;
            qsizetype at = 0;
            for (const auto &u : w.unknowns) {
                pattern += QRegularExpression::escape(w.text.mid(at, u.offset - at)) + u".*"_s;
                at = u.offset + u.length;
            }
            pattern += QRegularExpression::escape(w.text.mid(at)) + u"\\z"_s;
            if (i == 0 && !w.known())
                continue; // "${PYTHON}": the stub records the name it stands for
            if (!QRegularExpression(pattern, QRegularExpression::DotMatchesEverythingOption)
                     .match(theirs[i])
                     .hasMatch())
                return false;
        }
        return true;
    };
    // bash runs "… &" in the background: compare as sets.
    QCOMPARE(ours.size(), expected.size());
    for (const auto &mine : std::as_const(ours)) {
        QStringList shown;
        for (const auto &w : mine)
            shown << w.text;
        const bool found = std::any_of(expected.begin(), expected.end(),
                                       [&](const QStringList &theirs) { return matches(mine, theirs); });
        QVERIFY2(found, qPrintable(u"not run by bash: "_s + shown.join(u" | "_s)));
    }
}

QTEST_GUILESS_MAIN(TestShell)
#include "tst_shell.moc"
