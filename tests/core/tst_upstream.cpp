// The upstream indexes (core/upstream): reading an index and refusing a broken one, locating a log
// line in the messages, the releases a traceback fits, and which changes are suspects, on a small
// hand-written index in the layout scripts/upstream/index.py writes (tests/fixtures/upstream).
#include <QTest>

#include "upstream/index.h"
#include "upstream/locate.h"
#include "upstream/suspects.h"

using namespace Qt::StringLiterals;
using namespace vna::upstream;

namespace {

QString fixtures()
{
    return QStringLiteral(VNA_FIXTURES_DIR "/upstream");
}

Upstream &fixture()
{
    static Upstream upstream(fixtures());
    return upstream;
}

const ComponentIndex &index()
{
    return *fixture().changes(u"verl"_s);
}

QString place(const Location &location)
{
    const Site &site = index().sites(location.message).at(location.site);
    return index().paths.at(site.path) + u':' + index().functions.at(site.function);
}

QString releases(const ReleaseSet &set)
{
    QStringList out;
    for (int i = 0; i < index().releases.size(); ++i) {
        if (set.contains(i))
            out << index().releases.at(i).version;
    }
    return out.join(u',');
}

QByteArray messagesWith(const QByteArray &messages)
{
    return R"({"schema":1,"component":"verl","repository":"example/pkg","commit":"aaaa","date":"2026-01-01",)"
           R"("releases":[{"version":"0.1.0","tag":"v0.1.0","commit":"1111"}],"sets":["0"],"paths":["a.py"],)"
           R"("functions":["f"],"messages":)"
        + messages + "}";
}

} // namespace

class TestUpstream final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void releaseSet_data();
    void releaseSet();
    void brokenIndexIsRefused_data();
    void brokenIndexIsRefused();
    void readsTheFixture();
    void locate_data();
    void locate();
    void frame_data();
    void frame();
    void fittingReleases_data();
    void fittingReleases();
    void suspects_data();
    void suspects();
    void missingIndexIsSaid();
    void namesMessagesFunction_data();
    void namesMessagesFunction();
    void messagesRepoPath_data();
    void messagesRepoPath();
};

void TestUpstream::releaseSet_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("releases");
    QTest::addColumn<QString>("members"); // "!" when refused
    QTest::addRow("empty") << QString() << 4 << QString();
    QTest::addRow("one") << u"2"_s << 4 << u"2"_s;
    QTest::addRow("ranges") << u"0-1,3"_s << 4 << u"0,1,3"_s;
    QTest::addRow("past the releases") << u"0-4"_s << 4 << u"!"_s;
    QTest::addRow("backwards") << u"3-1"_s << 4 << u"!"_s;
    QTest::addRow("not a number") << u"0,x"_s << 4 << u"!"_s;
    QTest::addRow("second word") << u"64-65,127"_s << 128 << u"64,65,127"_s;
}

void TestUpstream::releaseSet()
{
    QFETCH(QString, text);
    QFETCH(int, releases);
    QFETCH(QString, members);
    const auto set = ReleaseSet::parse(text, releases);
    if (members == u"!") {
        QVERIFY(!set);
        return;
    }
    QVERIFY(set);
    QStringList found;
    for (int i = 0; i < releases; ++i) {
        if (set->contains(i))
            found << QString::number(i);
    }
    QCOMPARE(found.join(u','), members);
    QCOMPARE(set->first(), members.isEmpty() ? -1 : members.section(u',', 0, 0).toInt());
    QCOMPARE(set->last(), members.isEmpty() ? -1 : members.section(u',', -1).toInt());
}

void TestUpstream::brokenIndexIsRefused_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("said"); // a part of the message
    QTest::addRow("not JSON") << QByteArray("{\"schema\":1,") << u"at byte"_s;
    QTest::addRow("other schema") << QByteArray(R"({"schema":2})") << u"schema 2"_s;
    QTest::addRow("no commit") << QByteArray(R"({"schema":1,"component":"verl","repository":"x/y",)"
                                             R"("releases":[{"version":"1"}],"messages":[]})")
                               << u"\"commit\""_s;
    QTest::addRow("bad set") << QByteArray(R"({"schema":1,"component":"verl","repository":"x/y","commit":"a",)"
                                           R"("releases":[{"version":"1"}],"sets":["0-5"]})")
                             << u"0-5"_s;
    QTest::addRow("message of four fields") << messagesWith(R"([["a {}","raise","E","error"]])") << u"messages[0]"_s;
    QTest::addRow("text after the end") << messagesWith("[]") + "x" << u"after the end"_s;
}

void TestUpstream::brokenIndexIsRefused()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, said);
    const auto parsed = ComponentIndex::parse(json, u"broken.messages.json"_s);
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().message.contains(said), qPrintable(parsed.error().message));
    QVERIFY(parsed.error().message.startsWith(u"broken.messages.json: "_s));
}

void TestUpstream::readsTheFixture()
{
    const ComponentIndex &verl = index();
    QCOMPARE(verl.repository, u"example/pkg"_s);
    QCOMPARE(verl.releases.size(), 4);
    QVERIFY(verl.releases.constLast().isMain());
    QCOMPARE(verl.messages.size(), 7);
    QCOMPARE(verl.messages.at(4).text(), u"Key {{name}} missing in section {}"_s);
    QCOMPARE(verl.messages.at(4).pieces(), (QStringList{u"Key {name} missing in section "_s, QString()}));
    QCOMPARE(verl.sites(1).size(), 1);
    QCOMPARE(verl.sites(1).at(0).lines.size(), 2);
    QCOMPARE(verl.changes.size(), 5);
    QCOMPARE(verl.paths.constLast(), u"pkg/c.py"_s); // the changes file's paths extend the messages file's
    QCOMPARE(verl.releaseOf(u"0.2"_s), 1);
    QCOMPARE(verl.releaseOf(u"0.4.0"_s), -1);
    QCOMPARE(verl.repoPath(u"/usr/lib/python3.10/site-packages/pkg/b.py"_s), u"pkg/b.py"_s);
    QCOMPARE(verl.repoPath(u"/tmp/other/b.py"_s), QString());
    QCOMPARE(verl.lineUrl(1, 1, 120), u"https://github.com/example/pkg/blob/v0.2.0/pkg/b.py#L120"_s);
    QCOMPARE(verl.prUrl(11), u"https://github.com/example/pkg/pull/11"_s);
}

void TestUpstream::locate_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("places"); // path:function of each location, ";"-joined; empty: none
    QTest::addColumn<QString>("values");
    QTest::addRow("logger line with its value")
        << u"(WorkerDict pid=1) WARNING 05-01 Failed to apply NPU patches: module 'x' has no attribute 'Qwen2RMSNorm'"_s
        << u"pkg/a.py:apply_patches"_s << u"module 'x' has no attribute 'Qwen2RMSNorm'"_s;
    QTest::addRow("the raise's type wins over an assert of the same words")
        << u"ValueError: Total available GPUs 7 is less than total desired GPUs 8"_s << u"pkg/b.py:Worker.init"_s
        << u"7|8"_s;
    QTest::addRow("both places when nothing tells them apart")
        << u"Total available GPUs 7 is less than total desired GPUs 8"_s
        << u"pkg/a.py:apply_patches;pkg/b.py:Worker.init"_s << u"7|8"_s;
    QTest::addRow("Python's own words are not the library's")
        << u"AttributeError: 'NoneType' object has no attribute 'shape'"_s << QString() << QString();
    QTest::addRow("too little text to tell") << u"ValueError: Tiny thing"_s << QString() << QString();
    QTest::addRow("escaped braces") << u"KeyError: Key {name} missing in section rollout"_s << u"pkg/mod.py:load"_s
                                    << u"rollout"_s;
    QTest::addRow("second line of a message")
        << u"second line names data.json for the reader"_s << u"pkg/mod.py:load"_s << u"data.json"_s;
    QTest::addRow("words out of order") << u"GPUs desired total 8 less than available GPUs total 7"_s << QString()
                                        << QString();
    QTest::addRow("nothing of it") << u"step:1 - loss 0.12"_s << QString() << QString();
}

void TestUpstream::locate()
{
    QFETCH(QString, line);
    QFETCH(QString, places);
    QFETCH(QString, values);
    const Locator locator(fixture());
    const QList<Location> found = locator.locate(line);
    QStringList got;
    for (const Location &location : found)
        got << place(location);
    got.sort();
    QCOMPARE(got.join(u';'), places);
    if (!found.isEmpty())
        QCOMPARE(found.first().values.join(u'|'), values);
}

void TestUpstream::frame_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("frame"); // path|line|function, empty: not a frame
    QTest::addRow("plain") << u"  File \"/x/pkg/b.py\", line 135, in init"_s << u"/x/pkg/b.py|135|init"_s;
    QTest::addRow("ray prefix") << u"(WorkerDict pid=7) File \"/x/pkg/b.py\", line 9, in <module>"_s
                                << u"/x/pkg/b.py|9|<module>"_s;
    QTest::addRow("code line") << u"    raise ValueError(f\"x\")"_s << QString();
    QTest::addRow("no line number") << u"  File \"/x/pkg/b.py\", in init"_s << QString();
}

void TestUpstream::frame()
{
    QFETCH(QString, line);
    QFETCH(QString, frame);
    const auto parsed = parseFrame(line);
    QCOMPARE(parsed ? parsed->path + u'|' + QString::number(parsed->line) + u'|' + parsed->function : QString(), frame);
}

void TestUpstream::fittingReleases_data()
{
    QTest::addColumn<QString>("line");     // an error line to locate, may be empty
    QTest::addColumn<int>("frameLine");    // of a frame in pkg/b.py's init, 0: none
    QTest::addColumn<QString>("releases"); // empty: nothing narrows it
    QTest::addRow("nothing") << QString() << 0 << QString();
    QTest::addRow("a message of every release")
        << u"Failed to apply NPU patches: x"_s << 0 << u"0.1.0,0.2.0,0.3.0,main"_s;
    QTest::addRow("a frame in the old span only") << QString() << 110 << u"0.1.0,0.2.0"_s;
    QTest::addRow("a frame in both spans") << QString() << 140 << u"0.1.0,0.2.0,0.3.0,main"_s;
    QTest::addRow("a frame in the new span only") << QString() << 160 << u"0.3.0,main"_s;
    QTest::addRow("a frame outside the function says nothing") << QString() << 400 << QString();
    QTest::addRow("message and frame together")
        << u"ValueError: Total available GPUs 7 is less than total desired GPUs 8"_s << 160 << u"0.3.0,main"_s;
}

void TestUpstream::fittingReleases()
{
    QFETCH(QString, line);
    QFETCH(int, frameLine);
    QFETCH(QString, releases);
    Evidence evidence;
    if (!line.isEmpty())
        evidence.locations = Locator(fixture()).locate(line);
    if (frameLine > 0)
        evidence.frames << Frame{u"/site-packages/pkg/b.py"_s, frameLine, u"init"_s, QString()};
    QCOMPARE(::releases(vna::upstream::fittingReleases(index(), evidence)), releases);
}

void TestUpstream::suspects_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("frameLine"); // of a frame in pkg/b.py's init, 0: none
    QTest::addColumn<QString>("given"); // the user's release, empty: inferred from the lines
    QTest::addColumn<QString>("prs");   // the suspects' pull requests in order
    QTest::addColumn<QString>("first"); // the first suspect's first release ("-" for none)
    QTest::addColumn<bool>("warning");  // the line is a warning
    // The message is raised in Worker.init; #11 changes it, says it fixes something and names
    // total_required_gpus like the guard does; #12 only changes the function (one kind of evidence);
    // #4 is in every release; #33 and #5 touch other code.
    QTest::addRow("raised and changed, given 0.1.0")
        << u"ValueError: Total available GPUs 7 is less than total desired GPUs 8 (total_required_gpus)"_s << 0
        << u"0.1.0"_s << u"11"_s << u"0.2.0"_s << false;
    QTest::addRow("the user's release has the fix") << u"ValueError: Total available GPUs 7 is less than total "
                                                       u"desired GPUs 8 (total_required_gpus)"_s
                                                    << 0 << u"0.2.0"_s << QString() << u"-"_s << false;
    QTest::addRow("a name of the error in a change and its subject")
        << u"Failed to apply NPU patches: module 'm' has no attribute 'Qwen2RMSNorm'"_s << 0 << u"0.3.0"_s << u"33"_s
        << u"-"_s << false;
    QTest::addRow("no evidence, no suspect") << u"KeyError: 7"_s << 0 << u"0.1.0"_s << QString() << u"-"_s << false;
    // A frame in init, whose lines fit 0.1.0 and 0.2.0: few changes touch it, so each is a suspect, the
    // first fix of it (#11) before the refactor released where the lines stop fitting (#12, in 0.3.0);
    // #4, in every release, is not one.
    QTest::addRow("the traceback's function, lines of the first releases")
        << u"ZeroDivisionError: division by zero"_s << 110 << QString() << u"11,12"_s << u"0.2.0"_s << false;
    QTest::addRow("the traceback's function, lines after the fix")
        << u"ZeroDivisionError: division by zero"_s << 160 << QString() << QString() << u"-"_s << false;
    // #33 changes the module whose import the message reports, and its subject shares "attribute",
    // "patches" and "apply" with the line: enough for an error, not for a warning, unless the change names
    // what the warning names (Qwen2RMSNorm); it is on main only
    QTest::addRow("an error, the import's module and words")
        << u"Failed to apply NPU patches: module 'm' has no attribute 'LlamaRMSNorm'"_s << 0 << u"0.1.0"_s << u"33"_s
        << u"-"_s << false;
    QTest::addRow("a warning, the import's module and words")
        << u"Failed to apply NPU patches: module 'm' has no attribute 'LlamaRMSNorm'"_s << 0 << u"0.1.0"_s << QString()
        << u"-"_s << true;
    QTest::addRow("a warning, a name the change has")
        << u"Failed to apply NPU patches: module 'm' has no attribute 'Qwen2RMSNorm'"_s << 0 << u"0.1.0"_s << u"33"_s
        << u"-"_s << true;
}

void TestUpstream::suspects()
{
    QFETCH(QString, line);
    QFETCH(int, frameLine);
    QFETCH(QString, given);
    QFETCH(QString, prs);
    QFETCH(QString, first);
    QFETCH(bool, warning);
    Evidence evidence;
    evidence.locations = Locator(fixture()).locate(line);
    evidence.text = line;
    evidence.warning = warning;
    if (frameLine > 0)
        evidence.frames << Frame{u"/site-packages/pkg/b.py"_s, frameLine, u"init"_s, QString()};
    const RunningRelease running = runningRelease(index(), evidence, given, u"--installed"_s);
    const QList<Suspect> found = suspectFixes(index(), evidence, running);
    QStringList got;
    for (const Suspect &suspect : found)
        got << QString::number(suspect.change->pr);
    QCOMPARE(got.join(u','), prs);
    if (!found.isEmpty()) {
        QCOMPARE(found.first().firstRelease < 0 ? u"-"_s : index().releases.at(found.first().firstRelease).version,
                 first);
        QVERIFY(!found.first().reasons.isEmpty());
    }
}

void TestUpstream::missingIndexIsSaid()
{
    Upstream none(QStringLiteral(VNA_FIXTURES_DIR "/no-such-folder"));
    QVERIFY(none.components().isEmpty());
    QCOMPARE(none.messages(u"verl"_s), nullptr);
    QCOMPARE(none.errors().size(), 1);
    QVERIFY(none.errors().constFirst().contains(u"verl has no message index"_s));
}

void TestUpstream::namesMessagesFunction_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("names");
    QTest::addRow("a function that raises a message") << u"in apply_patches: no module"_s << true;
    QTest::addRow("a method, dotted") << u"Worker.init failed"_s << true;
    QTest::addRow("a function only the changes name") << u"load_helper returned None"_s << false;
    QTest::addRow("no function") << u"something went wrong"_s << false;
}

// Which component a line no message places is looked for in must not depend on what an earlier log
// made the program read: the answer is the same before the changes are read and after.
void TestUpstream::namesMessagesFunction()
{
    QFETCH(QString, text);
    QFETCH(bool, names);
    Upstream upstream(fixtures());
    const ComponentIndex *messagesOnly = upstream.messages(u"verl"_s);
    QVERIFY(messagesOnly);
    QCOMPARE(vna::upstream::namesMessagesFunction(*messagesOnly, text), names);
    const ComponentIndex *withChanges = upstream.changes(u"verl"_s);
    QVERIFY(withChanges);
    QCOMPARE(vna::upstream::namesMessagesFunction(*withChanges, text), names);
}

void TestUpstream::messagesRepoPath_data()
{
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QString>("messages"); // among the messages file's paths
    QTest::addColumn<QString>("all");      // once the changes are read
    QTest::addRow("a file with messages")
        << u"/usr/lib/python3.10/site-packages/pkg/b.py"_s << u"pkg/b.py"_s << u"pkg/b.py"_s;
    QTest::addRow("a file only the changes have") << u"/opt/pkg/c.py"_s << QString() << u"pkg/c.py"_s;
    QTest::addRow("not the component's") << u"/opt/other/d.py"_s << QString() << QString();
}

// The components a traceback's frames point to are the same whichever logs were read before.
void TestUpstream::messagesRepoPath()
{
    QFETCH(QString, shown);
    QFETCH(QString, messages);
    QFETCH(QString, all);
    Upstream upstream(fixtures());
    QCOMPARE(upstream.messages(u"verl"_s)->messagesRepoPath(shown), messages);
    const ComponentIndex *withChanges = upstream.changes(u"verl"_s);
    QCOMPARE(withChanges->messagesRepoPath(shown), messages);
    QCOMPARE(withChanges->repoPath(shown), all);
}

QTEST_GUILESS_MAIN(TestUpstream)
#include "tst_upstream.moc"
