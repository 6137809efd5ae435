// Checkpoint discovery on v1/v2 listings, the files a selection syncs, watch-mode completeness,
// the plan from preflight states, and the exported commands.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "ckptsync/discovery.h"
#include "ckptsync/sync.h"

using namespace Qt::StringLiterals;
using namespace vna::ckptsync;

Q_DECLARE_METATYPE(vna::ckptsync::Layout)

namespace {

QStringList v1Step(int n, int ranks, const QStringList &metadata = kMetadataFiles)
{
    QStringList files;
    const QString dir = u"global_step_%1/actor/dist_ckpt/"_s.arg(n);
    for (const QString &m : metadata)
        files << dir + m;
    for (int r = 0; r < ranks; ++r)
        files << dir + u"__%1_0.distcp"_s.arg(r) << dir + u"__%1_1.distcp"_s.arg(r);
    files << u"global_step_%1/actor/huggingface/config.json"_s.arg(n) << u"global_step_%1/data.pt"_s.arg(n);
    return files;
}

QStringList v2Step(int n)
{
    QStringList files;
    for (const QString &part : {u"model"_s, u"optimizer"_s, u"extra"_s})
        for (const QString &m : kMetadataFiles + QStringList{u"__0_0.distcp"_s, u"__15_0.distcp"_s})
            files << u"global_step_%1/actor/%2/dist_ckpt/%3"_s.arg(n).arg(part, m);
    files << u"global_step_%1/actor/ckpt_contents.json"_s.arg(n);
    return files;
}

} // namespace

class TestCkptDiscovery final : public QObject
{
    Q_OBJECT

private slots:
    void splitRoot_data();
    void splitRoot();
    void layouts();
    void selection_data();
    void selection();
    void selectionErrors_data();
    void selectionErrors();
    void watchCompleteness();
    void plan();
    void scripts();
    void localListing();
};

void TestCkptDiscovery::splitRoot_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("root");
    QTest::addColumn<int>("step");
    QTest::addRow("root") << u"/data/ckpt/proj/exp"_s << u"/data/ckpt/proj/exp"_s << -1;
    QTest::addRow("step folder") << u"/data/ckpt/exp/global_step_40"_s << u"/data/ckpt/exp"_s << 40;
    QTest::addRow("trailing slash") << u"/data/ckpt/exp/global_step_40/"_s << u"/data/ckpt/exp"_s << 40;
    QTest::addRow("not a step") << u"/data/global_step_x"_s << u"/data/global_step_x"_s << -1;
}

void TestCkptDiscovery::splitRoot()
{
    QFETCH(QString, path);
    QFETCH(QString, root);
    QFETCH(int, step);
    const auto [r, s] = vna::ckptsync::splitRoot(path);
    QCOMPARE(r, root);
    QCOMPARE(s.value_or(-1), step);
}

void TestCkptDiscovery::layouts()
{
    QStringList files = v1Step(5, 8) + v2Step(10) + QStringList{QString::fromLatin1(kTrackerFile), u"README"_s};
    files += v1Step(7, 16, {u"common.pt"_s}); // a node that has only its shards and one metadata file
    const Discovery d = discover(u"/ckpt"_s, files, u"10\n"_s);
    QCOMPARE(d.steps.size(), 3);
    QCOMPARE(d.tracker, std::optional<int>(10));
    QVERIFY(d.trackerPresent);
    QCOMPARE(d.latest()->number, 10);
    const Step *five = d.step(5);
    QCOMPARE(five->layout, Layout::V1);
    QCOMPARE(five->dists.size(), 1);
    QCOMPARE(five->dists.first().path, u"global_step_5/actor/dist_ckpt"_s);
    QCOMPARE(five->dists.first().present, kMetadataFiles);
    QCOMPARE(five->dists.first().worldSize, 8);
    QVERIFY(five->dataPt);
    const Step *ten = d.step(10);
    QCOMPARE(ten->layout, Layout::V2);
    QCOMPARE(ten->dists.size(), 3);
    QCOMPARE(ten->dists.at(0).path, u"global_step_10/actor/extra/dist_ckpt"_s);
    QCOMPARE(ten->dists.at(1).worldSize, 16);
    QCOMPARE(d.step(7)->dists.first().present, QStringList{u"common.pt"_s});
    // Without a tracker the highest step is the latest.
    QCOMPARE(discover(u"/ckpt"_s, v1Step(5, 1) + v1Step(12, 1)).latest()->number, 12);
}

void TestCkptDiscovery::selection_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<bool>("tracker");
    QTest::addColumn<QStringList>("files"); // path, with '!' for missing at the source
    QTest::addRow("latest") << u"latest"_s << false
                            << QStringList{u"global_step_7/actor/dist_ckpt/common.pt"_s,
                                           u"!global_step_7/actor/dist_ckpt/.metadata"_s,
                                           u"!global_step_7/actor/dist_ckpt/metadata.json"_s};
    QTest::addRow("one step with tracker")
        << u"5"_s << true
        << QStringList{u"global_step_5/actor/dist_ckpt/common.pt"_s, u"global_step_5/actor/dist_ckpt/.metadata"_s,
                       u"global_step_5/actor/dist_ckpt/metadata.json"_s, u"global_step_5/data.pt"_s,
                       u"latest_checkpointed_iteration.txt"_s};
    QTest::addRow("all") << u"all"_s << false << QStringList{u"global_step_5/actor/dist_ckpt/common.pt"_s,
                                                             u"global_step_5/actor/dist_ckpt/.metadata"_s,
                                                             u"global_step_5/actor/dist_ckpt/metadata.json"_s,
                                                             u"global_step_7/actor/dist_ckpt/common.pt"_s,
                                                             u"!global_step_7/actor/dist_ckpt/.metadata"_s,
                                                             u"!global_step_7/actor/dist_ckpt/metadata.json"_s};
}

void TestCkptDiscovery::selection()
{
    QFETCH(QString, step);
    QFETCH(bool, tracker);
    QFETCH(QStringList, files);
    const Discovery d = discover(
        u"/ckpt"_s, v1Step(5, 2) + v1Step(7, 2, {u"common.pt"_s}) + QStringList{QString::fromLatin1(kTrackerFile)});
    auto selection = parseStepSelection(step);
    QVERIFY(selection.ok());
    selection->includeTracker = tracker;
    const auto result = filesToSync(d, *selection);
    QVERIFY(result.ok());
    QStringList actual;
    for (const SyncFile &f : *result)
        actual << (f.present ? QString() : u"!"_s) + f.path;
    QCOMPARE(actual, files);
}

void TestCkptDiscovery::selectionErrors_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("empty folder") << QStringList{} << u"latest"_s << u"No global_step_N"_s;
    QTest::addRow("missing step") << v1Step(5, 1) << u"9"_s << u"no global_step_9"_s;
    QTest::addRow("FSDP checkpoint") << QStringList{u"global_step_5/actor/model_world_size_8_rank_0.pt"_s}
                                     << u"latest"_s << u"not a Megatron checkpoint"_s;
    QTest::addRow("bad word") << v1Step(5, 1) << u"newest"_s << u"not a step"_s;
}

void TestCkptDiscovery::selectionErrors()
{
    QFETCH(QStringList, files);
    QFETCH(QString, step);
    QFETCH(QString, mentions);
    const auto selection = parseStepSelection(step);
    const QString message
        = selection ? filesToSync(discover(u"/ckpt"_s, files), *selection).error().message : selection.error().message;
    QVERIFY2(message.contains(mentions), qPrintable(message));
}

void TestCkptDiscovery::watchCompleteness()
{
    const Discovery first = discover(u"/c"_s, v1Step(5, 2) + v1Step(7, 2, {u"common.pt"_s}));
    const Discovery second = discover(u"/c"_s, v1Step(5, 2) + v1Step(7, 2) + v1Step(9, 2));
    const Discovery third = discover(u"/c"_s, v1Step(5, 2) + v1Step(7, 2) + v1Step(9, 2));
    QCOMPARE(completeSteps(first, second), QList<int>{5}); // 7 was still being written, 9 is new
    QCOMPARE(completeSteps(second, third), (QList<int>{5, 7, 9}));
}

void TestCkptDiscovery::plan()
{
    QList<SourceFile> files{{u"a/common.pt"_s, true, "one", u"s1"_s},
                            {u"a/.metadata"_s, true, "two", u"s2"_s},
                            {u"a/metadata.json"_s, false, {}, {}}};
    NodeState fresh{u"n1"_s, true, {}, {}, false, 1 << 30, {}, {}};
    NodeState stale{u"n2"_s,
                    true,
                    {},
                    {},
                    false,
                    2,
                    {{u"a"_s, DirState::ReadOnly}},
                    {{u"a/common.pt"_s, u"s1"_s}, {u"a/.metadata"_s, u"old"_s}}};
    NodeState shared{u"n3"_s, true, {}, {}, true, {}, {}, {}};
    NodeState down{u"n4"_s, false, u"refused"_s, vna::ssh::Failure::Unreachable, false, {}, {}, {}};
    const QList<PlanItem> items = buildPlan(files, {fresh, stale, shared, down});
    QStringList actual;
    for (const PlanItem &item : items)
        actual << item.node + u' ' + item.file + u' ' + actionId(item.action);
    QCOMPARE(actual,
             (QStringList{u"n1 a/common.pt copy"_s, u"n1 a/.metadata copy"_s, u"n1 a/metadata.json missing-at-source"_s,
                          u"n2 a/common.pt skip-identical"_s, u"n2 a/.metadata replace"_s,
                          u"n2 a/metadata.json missing-at-source"_s, u"n3 a/common.pt skip-shared-storage"_s,
                          u"n3 a/.metadata skip-shared-storage"_s, u"n3 a/metadata.json skip-shared-storage"_s,
                          u"n4 a/common.pt unreachable"_s, u"n4 a/.metadata unreachable"_s,
                          u"n4 a/metadata.json unreachable"_s}));
    const auto problems = planProblems(files, {fresh, stale, shared, down});
    QCOMPARE(problems.keys(), QStringList{u"n2"_s});
    QVERIFY(problems.value(u"n2"_s).join(u' ').contains(u"a is not writable"_s));
    QVERIFY(problems.value(u"n2"_s).join(u' ').contains(u"MiB needed"_s));
}

void TestCkptDiscovery::scripts()
{
    Options options;
    options.source = {QString(), u"/data/my ckpt"_s};
    options.nodes = {u"node02"_s, u"node03"_s, u"node04"_s};
    const QList<SourceFile> files{{u"global_step_5/actor/dist_ckpt/common.pt"_s, true, "x", u"s"_s},
                                  {u"global_step_5/actor/dist_ckpt/.metadata"_s, true, "y", u"t"_s},
                                  {u"global_step_5/actor/dist_ckpt/metadata.json"_s, false, {}, {}}};
    const QString bash = exportScript(ScriptKind::Bash, options, files);
    QVERIFY2(bash.contains(u"for node in node02 node03 node04; do"_s), qPrintable(bash));
    QVERIFY(bash.contains(
        u"  scp '/data/my ckpt/global_step_5/actor/dist_ckpt/common.pt' \"$node\":'/data/my ckpt/global_step_5/actor/dist_ckpt/common.pt'"_s));
    QVERIFY(bash.contains(u"  ssh \"$node\" mkdir -p ''\\''/data/my ckpt/global_step_5/actor/dist_ckpt'\\'''"_s));
    QVERIFY(!bash.contains(u"metadata.json"_s)); // not at the source
    const QString clush = exportScript(ScriptKind::Clush, options, files);
    QVERIFY2(
        clush.contains(
            u"clush -w 'node[02-04]' --copy '/data/my ckpt/global_step_5/actor/dist_ckpt/common.pt' "
            "'/data/my ckpt/global_step_5/actor/dist_ckpt/.metadata' --dest '/data/my ckpt/global_step_5/actor/dist_ckpt'"_s),
        qPrintable(clush));
    QVERIFY(exportScript(ScriptKind::Pdcp, options, files).contains(u"pdcp -w 'node[02-04]' "_s));
    const QString hook = exportScript(ScriptKind::Hook, options, files);
    QVERIFY(
        hook.contains(u"verl-npu-assistant sync --checkpoint '/data/my ckpt' --nodes 'node[02-04]' --step latest"_s));
    options.source.host = u"node01"_s;
    QVERIFY(exportScript(ScriptKind::Bash, options, files).contains(u"scp -3 'node01:/data/my ckpt/"_s));
    QVERIFY(!parseScriptKind(u"rsync"_s).ok());
}

void TestCkptDiscovery::localListing()
{
    QTemporaryDir dir;
    for (const QString &file : v1Step(3, 2)) {
        QDir().mkpath(dir.filePath(file.section(u'/', 0, -2)));
        QFile f(dir.filePath(file));
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    const auto listed = listLocal(dir.path());
    QVERIFY(listed.ok());
    QVERIFY(listed->contains(u"global_step_3/actor/dist_ckpt/.metadata"_s)); // hidden files too
    QCOMPARE(listed->size(), v1Step(3, 2).size());
    QVERIFY(!listLocal(dir.filePath(u"missing"_s)).ok());
    QVERIFY(listLocal(dir.filePath(u"missing"_s)).error().message.contains(u"does not exist"_s));
}

QTEST_GUILESS_MAIN(TestCkptDiscovery)
#include "tst_ckptdiscovery.moc"
