// The Checkpoint sync tool's state without a window: the options every wizard step uses, the wrong
// field named, and what is remembered.
#include <QDir>
#include <QFile>
#include <QTest>

#include "ckptsync/syncstate.h"
#include "common/paths.h"

using namespace Qt::StringLiterals;
using vna::ui::SyncInputs;
using vna::ui::SyncState;

class TestSyncState final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void options_data();
    void options();
    void inputsAreRemembered();
};

void TestSyncState::options_data()
{
    QTest::addColumn<QString>("sourceHost"); // empty: this machine
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("nodes");
    QTest::addColumn<QString>("wrong"); // Error::where, or empty
    QTest::addColumn<QString>("root");
    QTest::addColumn<int>("step"); // -1: the latest
    QTest::addColumn<QStringList>("targets");
    QTest::addRow("local root") << QString() << u"/ckpt/run"_s << u"node[02-03]"_s << QString() << u"/ckpt/run"_s << -1
                                << QStringList{u"node02"_s, u"node03"_s};
    QTest::addRow("one step") << QString() << u"/ckpt/run/global_step_40"_s << u"n2"_s << QString() << u"/ckpt/run"_s
                              << 40 << QStringList{u"n2"_s};
    QTest::addRow("relative here") << QString() << u"run"_s << u"n2"_s << QString()
                                   << QDir::current().absoluteFilePath(u"run"_s) << -1 << QStringList{u"n2"_s};
    QTest::addRow("source is not a target")
        << u"node01"_s << u"/ckpt"_s << u"node[01-02]"_s << QString() << u"/ckpt"_s << -1 << QStringList{u"node02"_s};
    QTest::addRow("relative on another node")
        << u"node01"_s << u"run"_s << u"n2"_s << u"folder"_s << QString() << -1 << QStringList{};
    QTest::addRow("two source hosts") << u"a,b"_s << u"/ckpt"_s << u"n2"_s << u"host"_s << QString() << -1
                                      << QStringList{};
    QTest::addRow("no folder") << QString() << u"  "_s << u"n2"_s << u"folder"_s << QString() << -1 << QStringList{};
}

void TestSyncState::options()
{
    QFETCH(QString, sourceHost);
    QFETCH(QString, folder);
    QFETCH(QString, nodes);
    QFETCH(QString, wrong);
    QFETCH(QString, root);
    QFETCH(int, step);
    QFETCH(QStringList, targets);
    SyncState state;
    state.inputs.sourceRemote = !sourceHost.isEmpty();
    state.inputs.sourceHost = sourceHost;
    state.inputs.folder = folder;
    state.inputs.nodes = nodes;
    state.inputs.bandwidthMiB = 100;
    const auto options = state.options(u"/tmp/control"_s);
    QCOMPARE(options.ok(), wrong.isEmpty());
    if (!options) {
        QCOMPARE(options.error().where, wrong);
        return;
    }
    QCOMPARE(options->source.root, root);
    QCOMPARE(options->nodes, targets);
    QCOMPARE(options->selection.steps == vna::ckptsync::Selection::Steps::One, step >= 0);
    if (step >= 0)
        QCOMPARE(options->selection.step, step);
    QCOMPARE(options->bandwidthLimit, qint64(100) << 20);
    QCOMPARE(options->ssh.controlDir, u"/tmp/control"_s);
}

void TestSyncState::inputsAreRemembered()
{
    QFile::remove(vna::paths::settingsFile());
    SyncInputs in;
    in.sourceRemote = true;
    in.sourceHost = u"node01"_s;
    in.folder = u"/ckpt/run"_s;
    in.nodes = u"node[02-16]"_s;
    in.sshConfig = u"~/.ssh/cluster"_s;
    in.bandwidthMiB = 500;
    in.topology = u"chain"_s;
    in.save();
    QCOMPARE(SyncInputs::load(), in);
}

QTEST_GUILESS_MAIN(TestSyncState)
#include "tst_syncstate.moc"
