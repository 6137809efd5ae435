// Checkpoint discovery on v1/v2 listings, the files a selection syncs, watch-mode completeness,
// the plan from preflight states, and the exported commands.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "ckptsync/discovery.h"
#include "ckptsync/sync.h"

using namespace Qt::StringLiterals;
using namespace vna::ckptsync;

Q_DECLARE_METATYPE(vna::ckptsync::Layout)
Q_DECLARE_METATYPE(vna::ckptsync::Entry)

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
    void needs_data();
    void needs();
    void worldSizeFromMetadata();
    void factsAgreeWithNeeds();
    void selectionErrors_data();
    void selectionErrors();
    void watchCompleteness_data();
    void watchCompleteness();
    void watcher();
    void plan();
    void scripts();
    void localListing();
    void progress_data();
    void progress();
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
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<int>("perRank");
    // Everything of the step but each rank's own shards: metadata, the bridge's weights, data.pt.
    QTest::addRow("latest") << u"latest"_s << false
                            << QStringList{u"global_step_7/actor/dist_ckpt/common.pt"_s,
                                           u"global_step_7/actor/huggingface/config.json"_s,
                                           u"global_step_7/actor/huggingface/model-00001-of-00002.safetensors"_s,
                                           u"global_step_7/data.pt"_s}
                            << 4;
    QTest::addRow("one step with tracker")
        << u"5"_s << true
        << QStringList{u"global_step_5/actor/dist_ckpt/.metadata"_s,
                       u"global_step_5/actor/dist_ckpt/common.pt"_s,
                       u"global_step_5/actor/dist_ckpt/metadata.json"_s,
                       u"global_step_5/actor/huggingface/config.json"_s,
                       u"global_step_5/actor/huggingface/model-00001-of-00002.safetensors"_s,
                       u"global_step_5/data.pt"_s,
                       u"latest_checkpointed_iteration.txt"_s}
        << 4;
    QTest::addRow("all") << u"all"_s << false
                         << QStringList{u"global_step_5/actor/dist_ckpt/.metadata"_s,
                                        u"global_step_5/actor/dist_ckpt/common.pt"_s,
                                        u"global_step_5/actor/dist_ckpt/metadata.json"_s,
                                        u"global_step_5/actor/huggingface/config.json"_s,
                                        u"global_step_5/actor/huggingface/model-00001-of-00002.safetensors"_s,
                                        u"global_step_5/data.pt"_s,
                                        u"global_step_7/actor/dist_ckpt/common.pt"_s,
                                        u"global_step_7/actor/huggingface/config.json"_s,
                                        u"global_step_7/actor/huggingface/model-00001-of-00002.safetensors"_s,
                                        u"global_step_7/data.pt"_s}
                         << 8;
}

void TestCkptDiscovery::selection()
{
    QFETCH(QString, step);
    QFETCH(bool, tracker);
    QFETCH(QStringList, files);
    QFETCH(int, perRank);
    QStringList listing
        = v1Step(5, 2) + v1Step(7, 2, {u"common.pt"_s}) + QStringList{QString::fromLatin1(kTrackerFile)};
    listing << u"global_step_5/actor/huggingface/model-00001-of-00002.safetensors"_s
            << u"global_step_7/actor/huggingface/model-00001-of-00002.safetensors"_s;
    const Discovery d = discover(u"/ckpt"_s, listing);
    auto selection = parseStepSelection(step);
    QVERIFY(selection.ok());
    selection->includeTracker = tracker;
    const auto result = filesToSync(d, *selection);
    QVERIFY(result.ok());
    QStringList actual;
    for (const SyncFile &f : result->files)
        actual << f.path;
    QCOMPARE(actual, files);
    QCOMPARE(result->perRank.size(), perRank);
    QCOMPARE(result->worldSize, 2);
}

void TestCkptDiscovery::needs_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("need");
    QTest::addRow("dcp shard") << u"global_step_5/actor/dist_ckpt/__12_1.distcp"_s << int(Need::PerRank);
    QTest::addRow("v2 shard") << u"global_step_5/actor/optimizer/dist_ckpt/__3_0.distcp"_s << int(Need::PerRank);
    QTest::addRow("fsdp model") << u"global_step_5/actor/model_world_size_16_rank_9.pt"_s << int(Need::PerRank);
    QTest::addRow("fsdp extra") << u"global_step_5/critic/extra_state_world_size_16_rank_0.pt"_s << int(Need::PerRank);
    QTest::addRow("lora 0.7") << u"global_step_5/actor/adapter_checkpoint/mp_rank_01_000_adapter.pt"_s
                              << int(Need::PerRank);
    QTest::addRow(".metadata") << u"global_step_5/actor/dist_ckpt/.metadata"_s << int(Need::DistMetadata);
    QTest::addRow("common.pt v2") << u"global_step_5/actor/extra/dist_ckpt/common.pt"_s << int(Need::DistMetadata);
    QTest::addRow("mbridge 0.7") << u"global_step_5/actor/huggingface/model-00001-of-00004.safetensors"_s
                                 << int(Need::Weights);
    QTest::addRow("bridge 0.9") << u"global_step_5/actor/model/huggingface/model.safetensors"_s << int(Need::Weights);
    QTest::addRow("index") << u"global_step_5/actor/huggingface/model.safetensors.index.json"_s << int(Need::HfConfig);
    QTest::addRow("data.pt") << u"global_step_5/data.pt"_s << int(Need::Driver);
    QTest::addRow("tracker") << u"latest_checkpointed_iteration.txt"_s << int(Need::Driver);
    QTest::addRow("manifest") << u"global_step_5/actor/ckpt_contents.json"_s << int(Need::RankZeroOther);
    QTest::addRow("fsdp config") << u"global_step_5/actor/fsdp_config.json"_s << int(Need::RankZeroOther);
}

void TestCkptDiscovery::needs()
{
    QFETCH(QString, path);
    QFETCH(int, need);
    QCOMPARE(int(needOf(path)), need);
}

void TestCkptDiscovery::factsAgreeWithNeeds()
{
    // verl-facts.json says, per release, which files each rank writes and reads for itself; the sync's
    // rule (needOf) must agree on every example path a fact describes, and every fact must describe one.
    QFile file(QStringLiteral(VNA_SOURCE_DIR) + u"/resources/data/verl-facts.json"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray versions = QJsonDocument::fromJson(file.readAll()).object().value(u"versions").toArray();
    const QStringList examples{
        u"global_step_5/actor/dist_ckpt/common.pt"_s,
        u"global_step_5/actor/dist_ckpt/.metadata"_s,
        u"global_step_5/actor/dist_ckpt/metadata.json"_s,
        u"global_step_5/actor/dist_ckpt/__3_1.distcp"_s,
        u"global_step_5/actor/optimizer/dist_ckpt/__12_0.distcp"_s,
        u"global_step_5/critic/extra/dist_ckpt/.metadata"_s,
        u"global_step_5/actor/huggingface/model-00001-of-00004.safetensors"_s,
        u"global_step_5/actor/huggingface/model.safetensors.index.json"_s,
        u"global_step_5/actor/huggingface/config.json"_s,
        u"global_step_5/actor/model/huggingface/model.safetensors"_s,
        u"global_step_5/actor/adapter_checkpoint/mp_rank_01_002_adapter.pt"_s,
        u"global_step_5/actor/ckpt_contents.json"_s,
        u"global_step_5/actor/model_world_size_16_rank_3.pt"_s,
        u"global_step_5/critic/optim_world_size_16_rank_0.pt"_s,
        u"global_step_5/actor/extra_state_world_size_8_rank_7.pt"_s,
        u"global_step_5/actor/fsdp_config.json"_s,
        u"global_step_5/data.pt"_s,
        u"latest_checkpointed_iteration.txt"_s,
    };
    int facts = 0;
    for (const QJsonValue &version : versions) {
        const QJsonObject checkpoint = version.toObject().value(u"checkpoint").toObject();
        for (auto it = checkpoint.constBegin(); it != checkpoint.constEnd(); ++it) {
            const QJsonObject fact = it.value().toObject();
            const QRegularExpression files(fact.value(u"files").toString());
            QVERIFY2(files.isValid(), qPrintable(it.key()));
            const bool perRank = fact.value(u"per_rank").toBool();
            int described = 0;
            for (const QString &path : examples)
                if (files.match(path).hasMatch()) {
                    ++described;
                    QVERIFY2((needOf(path) == Need::PerRank) == perRank,
                             qPrintable(version.toObject().value(u"tag").toString() + u' ' + it.key() + u' ' + path));
                }
            QVERIFY2(described > 0, qPrintable(it.key() + u": add an example path"_s));
            QVERIFY2(fact.value(u"written_at").toString().contains(u".py:"_s)
                         || fact.value(u"written_at").toString().contains(u".yaml:"_s),
                     qPrintable(it.key()));
            ++facts;
        }
    }
    QVERIFY(facts > 40); // every release from 0.5.0 has its entries
}

void TestCkptDiscovery::worldSizeFromMetadata()
{
    // torch pickles the storage metadata; each shard's file name is a plain string in it.
    const QByteArray pickle = QByteArray("\x80\x04\x95") + "junk\x8c\x0c__0_0.distcp\x94more\x8c\x0d__15_1.distcp\x94"
        + "\x8c\x0c__7_0.distcp";
    QCOMPARE(worldSizeFromNames(pickle), 16);
    QCOMPARE(worldSizeFromNames("no shards here"), 0);
}

void TestCkptDiscovery::selectionErrors_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("empty folder") << QStringList{} << u"latest"_s << u"No global_step_N"_s;
    QTest::addRow("missing step") << v1Step(5, 1) << u"9"_s << u"no global_step_9"_s;
    QTest::addRow("only per-rank files") << QStringList{u"global_step_5/actor/model_world_size_8_rank_3.pt"_s}
                                         << u"latest"_s << u"only per-rank files"_s;
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

namespace {

Entry file(const QString &path, qint64 size, qint64 mtime)
{
    Entry e;
    e.path = path;
    e.size = size;
    e.mtimeMs = mtime;
    return e;
}

SourceFile sourceFile(const QString &path, const QByteArray &content)
{
    SourceFile f;
    f.path = path;
    f.need = needOf(path);
    f.size = content.size();
    f.sha256 = QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
    return f;
}

} // namespace

void TestCkptDiscovery::watchCompleteness_data()
{
    QTest::addColumn<QList<Entry>>("before");
    QTest::addColumn<QList<Entry>>("now");
    QTest::addColumn<QString>("tracker");
    QTest::addColumn<QList<int>>("complete");
    const QString meta = u"global_step_5/actor/dist_ckpt/.metadata"_s;
    const QString json = u"global_step_5/actor/dist_ckpt/metadata.json"_s;
    const QList<Entry> done{file(meta, 300, 1000), file(json, 20, 1000)};
    QTest::addRow("stable") << done << done << QString() << QList<int>{5};
    QTest::addRow("metadata still growing")
        << QList<Entry>{file(meta, 100, 900), file(json, 20, 1000)} << done << QString() << QList<int>{};
    QTest::addRow("same size, newer time")
        << QList<Entry>{file(meta, 300, 999), file(json, 20, 1000)} << done << QString() << QList<int>{};
    QTest::addRow("no .metadata yet") << QList<Entry>{file(json, 20, 1000)} << QList<Entry>{file(json, 20, 1000)}
                                      << QString() << QList<int>{};
    QTest::addRow("tracker behind") << done << done << u"3"_s << QList<int>{};
    QTest::addRow("tracker there") << done << done << u"5"_s << QList<int>{5};
    QTest::addRow("new step") << QList<Entry>{} << done << QString() << QList<int>{};
}

void TestCkptDiscovery::watchCompleteness()
{
    QFETCH(QList<Entry>, before);
    QFETCH(QList<Entry>, now);
    QFETCH(QString, tracker);
    QFETCH(QList<int>, complete);
    QList<Entry> withTracker = now;
    if (!tracker.isEmpty())
        withTracker.append(file(QString::fromLatin1(kTrackerFile), 1, 1));
    QCOMPARE(completeSteps(discover(u"/c"_s, before, tracker), discover(u"/c"_s, withTracker, tracker)), complete);
}

void TestCkptDiscovery::watcher()
{
    const QString meta = u"global_step_5/actor/dist_ckpt/.metadata"_s;
    const QString meta7 = u"global_step_7/actor/dist_ckpt/.metadata"_s;
    Watcher watcher;
    QCOMPARE(watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000)})).size(), 0); // existing: left alone
    QVERIFY(watcher.synced(5));
    QCOMPARE(watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000), file(meta7, 10, 2000)})).size(), 0);
    auto rounds = watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000), file(meta7, 10, 2000)}));
    QCOMPARE(rounds.size(), 1); // 7 kept its size and time: complete
    QCOMPARE(rounds.first().step, 7);
    QCOMPARE(rounds.first().changed, false);
    QCOMPARE(rounds.first().nodes, QStringList());
    watcher.done(rounds.first(), {u"n2"_s});
    rounds = watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000), file(meta7, 10, 2000)}));
    QCOMPARE(rounds.size(), 1); // the node that failed, alone
    QCOMPARE(rounds.first().nodes, QStringList{u"n2"_s});
    watcher.done(rounds.first(), {});
    QCOMPARE(watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000), file(meta7, 10, 2000)})).size(), 0);
    // Saved again: once stable, synced again to every node.
    QCOMPARE(watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000), file(meta7, 12, 3000)})).size(), 0);
    rounds = watcher.poll(discover(u"/c"_s, QList<Entry>{file(meta, 300, 1000), file(meta7, 12, 3000)}));
    QCOMPARE(rounds.size(), 1);
    QCOMPARE(rounds.first().changed, true);
    QCOMPARE(rounds.first().nodes, QStringList());
}

void TestCkptDiscovery::plan()
{
    SourceData source;
    source.files = {sourceFile(u"a/common.pt"_s, "one"), sourceFile(u"a/.metadata"_s, "two"),
                    sourceFile(u"a/metadata.json"_s, "three")};
    NodeState fresh;
    fresh.node = u"n1"_s;
    fresh.reachable = true;
    fresh.volumes = {{u"/"_s, 1 << 30, {u"a"_s}}};
    NodeState stale = fresh;
    stale.node = u"n2"_s;
    stale.volumes = {{u"/mnt/small"_s, 2, {u"a"_s}}};
    stale.dirs = {{u"a"_s, DirState::ReadOnly}};
    stale.files[u"a/common.pt"_s] = {Entry::Kind::Regular, 3, source.files.at(0).sha256, {}, {}};
    stale.files[u"a/.metadata"_s] = {Entry::Kind::Regular, 3, u"old"_s, {}, {}};
    stale.files[u"a/metadata.json"_s] = {Entry::Kind::Special, 0, {}, u"fifo"_s, {}};
    stale.extra = {u"a/__9_0.txt"_s};
    stale.backups = 2;
    fresh.partials[u"a/.metadata"_s] = {2, u"abc"_s};
    NodeState linked = fresh;
    linked.partials.clear();
    linked.node = u"n5"_s;
    linked.files[u"a/.metadata"_s] = {Entry::Kind::Link, 0, {}, u"folder"_s, {}};
    NodeState shared = fresh;
    shared.node = u"n3"_s;
    shared.shared = true;
    NodeState down;
    down.node = u"n4"_s;
    down.error = u"refused"_s;
    const QList<NodeState> nodes{fresh, stale, shared, down, linked};
    const QList<PlanItem> items = buildPlan(source, nodes);
    QStringList actual;
    for (const PlanItem &item : items)
        actual << item.node + u' ' + item.file + u' ' + actionId(item.action);
    QCOMPARE(
        actual,
        (QStringList{u"n1 a/common.pt copy"_s, u"n1 a/.metadata copy"_s, u"n1 a/metadata.json copy"_s,
                     u"n2 a/common.pt skip-identical"_s, u"n2 a/.metadata replace"_s, u"n2 a/metadata.json blocked"_s,
                     u"n3 a/common.pt skip-shared-storage"_s, u"n3 a/.metadata skip-shared-storage"_s,
                     u"n3 a/metadata.json skip-shared-storage"_s, u"n4 a/common.pt unreachable"_s,
                     u"n4 a/.metadata unreachable"_s, u"n4 a/metadata.json unreachable"_s, u"n5 a/common.pt copy"_s,
                     u"n5 a/.metadata replace"_s, u"n5 a/metadata.json copy"_s}));
    QCOMPARE(bytesPerNode(items).value(u"n1"_s), 11);
    QCOMPARE(items.at(1).partialBytes, 2);
    QVERIFY2(items.at(1).reason.contains(u"0.0 MiB already on the node from a transfer cut short"_s),
             qPrintable(items.at(1).reason));
    QCOMPARE(bytesPerNode(items).value(u"n2"_s), 3);
    const auto problems = planProblems(source, nodes);
    QCOMPARE(problems.keys(), QStringList{u"n2"_s});
    const QString text = problems.value(u"n2"_s).join(u' ');
    QVERIFY2(text.contains(u"a is not writable"_s), qPrintable(text));
    QVERIFY2(text.contains(u"0 MiB free on /mnt/small, 1 MiB needed"_s), qPrintable(text));
    QVERIFY2(text.contains(u"a/metadata.json is a fifo on n2"_s), qPrintable(text));
    const QString notes = planNotes(nodes).value(u"n2"_s).join(u' ');
    QVERIFY2(notes.contains(u"a/__9_0.txt"_s), qPrintable(notes));
    QVERIFY2(notes.contains(u"2 backup(s) of files earlier syncs replaced"_s), qPrintable(notes));
}

void TestCkptDiscovery::scripts()
{
    Options options;
    options.source = {QString(), u"/data/my ckpt"_s};
    options.nodes = {u"node02"_s, u"node03"_s, u"node04"_s};
    options.ssh.configFile = u"/home/me/cluster ssh"_s;
    options.ssh.extraOptions = {u"Port=2222"_s};
    SourceData source;
    source.files = {sourceFile(u"global_step_5/actor/dist_ckpt/common.pt"_s, "x"),
                    sourceFile(u"global_step_5/actor/dist_ckpt/.metadata"_s, "y")};
    const QString bash = exportScript(ScriptKind::Bash, options, source);
    QVERIFY2(bash.startsWith(u"#!/usr/bin/env bash\n"_s), qPrintable(bash));
    QVERIFY2(bash.contains(u"SSH=(ssh -F '/home/me/cluster ssh' -o BatchMode=yes -o Port=2222)"_s), qPrintable(bash));
    QVERIFY2(bash.contains(u"for node in node02 node03 node04; do"_s), qPrintable(bash));
    QVERIFY2(bash.contains(u"< '/data/my ckpt/global_step_5/actor/dist_ckpt/common.pt'"_s), qPrintable(bash));
    const QString clush = exportScript(ScriptKind::Clush, options, source);
    QVERIFY2(clush.contains(u"clush -o '-F /home/me/cluster ssh -o BatchMode=yes -o Port=2222' -w 'node[02-04]' "
                            "--copy '/data/my ckpt/global_step_5/actor/dist_ckpt/common.pt' "
                            "'/data/my ckpt/global_step_5/actor/dist_ckpt/.metadata' --dest "
                            "'/data/my ckpt/global_step_5/actor/dist_ckpt'"_s),
             qPrintable(clush));
    QVERIFY(exportScript(ScriptKind::Pdcp, options, source).contains(u"pdcp -R ssh -w 'node[02-04]' "_s));
    const QString hook = exportScript(ScriptKind::Hook, options, source);
    QVERIFY2(hook.contains(u"verl-npu-assistant sync --checkpoint '/data/my ckpt' --nodes 'node[02-04]' --step "
                           "latest --include-tracker --ssh-config '/home/me/cluster ssh' -o Port=2222"_s),
             qPrintable(hook));
    options.source.host = u"node01"_s;
    QVERIFY(exportScript(ScriptKind::Bash, options, source).contains(u"\"${SSH[@]}\" node01 "_s));
    // A path that would end a comment line stays inside it.
    options.source = {QString(), u"/data/x\nrm -rf ~;"_s};
    const QString hostile = exportScript(ScriptKind::Bash, options, source);
    QCOMPARE(hostile.section(u'\n', 2, 2), u"set -euo pipefail"_s);
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
    QVERIFY(QFile::link(u"/dev/zero"_s, dir.filePath(u"global_step_3/zero"_s)));
    QVERIFY(QFile::link(dir.filePath(u"global_step_3/data.pt"_s), dir.filePath(u"global_step_3/linked.pt"_s)));
    QVERIFY(QFile::setPermissions(dir.filePath(u"global_step_3/data.pt"_s), QFileDevice::ReadOwner));
    const auto listed = listLocal(dir.path());
    QVERIFY(listed.ok());
    const Discovery d = discover(dir.path(), *listed);
    QVERIFY(d.entry(u"global_step_3/actor/dist_ckpt/.metadata"_s)); // hidden files too
    QCOMPARE(d.entries.size(), v1Step(3, 2).size() + 2);
    const Entry *zero = d.entry(u"global_step_3/zero"_s);
    QCOMPARE(zero->kind, Entry::Kind::Link);
    QCOMPARE(zero->viaLink, false);
    QCOMPARE(zero->what, u"character device"_s);
    const Entry *linked = d.entry(u"global_step_3/linked.pt"_s);
    QCOMPARE(linked->viaLink, true);
    QCOMPARE(linked->mode, 0400);
    const auto set = filesToSync(d, Selection{});
    QVERIFY(set.ok());
    QVERIFY2(set->refused.join(u' ').contains(u"global_step_3/zero is a link to a character device"_s),
             qPrintable(set->refused.join(u' ')));
    QVERIFY(!listLocal(dir.filePath(u"missing"_s)).ok());
    QVERIFY(listLocal(dir.filePath(u"missing"_s)).error().message.contains(u"does not exist"_s));
}

QTEST_GUILESS_MAIN(TestCkptDiscovery)
void TestCkptDiscovery::progress_data()
{
    QTest::addColumn<qint64>("sent");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<double>("rate");
    QTest::addColumn<QString>("text");
    constexpr qint64 mib = 1 << 20;
    QTest::addRow("nothing yet") << qint64(0) << 200 * mib << 0.0 << u"0.0 MiB of 200.0 MiB, no bytes yet"_s;
    // The first report counts the connection's setup: 1 MiB in 2 s would say hours.
    QTest::addRow("below one percent") << mib << 200 * mib << 0.5 * mib
                                       << u"1.0 MiB of 200.0 MiB, 0.5 MiB/s, time left not known yet"_s;
    QTest::addRow("seconds") << 100 * mib << 200 * mib << 20.0 * mib
                             << u"100.0 MiB of 200.0 MiB, 20.0 MiB/s, about 5 s left"_s;
    QTest::addRow("minutes") << 10LL * 1024 * mib << 145LL * 1024 * mib << 100.0 * mib
                             << u"10.0 GiB of 145.0 GiB, 100.0 MiB/s, about 23 min 2 s left"_s;
    QTest::addRow("hours") << 2LL * 1024 * mib << 145LL * 1024 * mib << 10.0 * mib
                           << u"2.0 GiB of 145.0 GiB, 10.0 MiB/s, about 4 h 4 min left"_s;
    QTest::addRow("done") << 200 * mib << 200 * mib << 18.3 * mib << u"200.0 MiB of 200.0 MiB, 18.3 MiB/s, done"_s;
    QTest::addRow("no rate") << 100 * mib << 200 * mib << 0.0
                             << u"100.0 MiB of 200.0 MiB, 0.0 MiB/s, time left not known yet"_s;
}

void TestCkptDiscovery::progress()
{
    QFETCH(qint64, sent);
    QFETCH(qint64, total);
    QFETCH(double, rate);
    QFETCH(QString, text);
    QCOMPARE(progressText(sent, total, rate), text);
}

#include "tst_ckptdiscovery.moc"
