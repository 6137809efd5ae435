// The verl facts file: read from verl's source at every release tag, every fact with its source, and
// the facts the tools rely on as verl's code has them (checked against verl's own code and Hydra when
// the file was written; see scripts/verl-facts/extract.py).
#include <QRegularExpression>
#include <QTest>

#include "verl/bucketfacts.h"
#include "verl/facts.h"
#include "verl/profilerschema.h"

using namespace Qt::StringLiterals;
using namespace vna::verl;

namespace {

Version version(const QString &text)
{
    return *Version::parse(text, u"x"_s);
}

} // namespace

class TestVerlFacts final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void releases();
    void everyFactHasASource();
    void settingsNameExistingKeys();
    void byRelease_data();
    void byRelease();
    void bucketAgreesWithTheCalculator();
    void nearestRelease_data();
    void nearestRelease();
    void devVersions_data();
    void devVersions();
    void entryPoints();
};

void TestVerlFacts::releases()
{
    QStringList found;
    for (const VersionFacts &f : allFacts())
        found << f.version.toString();
    QCOMPARE(found,
             (QStringList{u"0.4.0"_s, u"0.4.1"_s, u"0.5.0"_s, u"0.6.0"_s, u"0.6.1"_s, u"0.7.0"_s, u"0.7.1"_s,
                          u"0.8.0"_s, u"0.9.0"_s}));
    // The pickers offer the releases that have the tools' subject, newest first.
    QStringList offered;
    for (const Version &v : knownReleases())
        offered << v.toString();
    QCOMPARE(offered,
             (QStringList{u"0.9.0"_s, u"0.8.0"_s, u"0.7.1"_s, u"0.7.0"_s, u"0.6.1"_s, u"0.6.0"_s, u"0.5.0"_s}));
    QCOMPARE(firstWithNpuProfiler(), version(u"0.5.0"_s));
    // The pickers' list is written by CMake from the facts file: it says what the file says.
    QStringList inTheFile;
    for (const VersionFacts &f : allFacts()) {
        if (f.npuProfiler)
            inTheFile.prepend(f.version.toString());
    }
    QCOMPARE(offered, inTheFile);
}

void TestVerlFacts::everyFactHasASource()
{
    static const QRegularExpression tagged(u"^v\\d+\\.\\d+\\.\\d+:[\\w./-]+:\\d+\\z"_s);
    static const QRegularExpression commit(u"^[0-9a-f]{40}:[\\w./-]+:\\d+\\z"_s);
    const auto check = [](const QString &source, const QString &what, const VersionFacts &f) {
        QVERIFY2(tagged.match(source).hasMatch(), qPrintable(what + u": \""_s + source + u'"'));
        QVERIFY2(source.startsWith(f.tag + u':'), qPrintable(what + u" of "_s + f.tag + u": "_s + source));
    };
    for (const VersionFacts &f : allFacts()) {
        QVERIFY(!f.commit.isEmpty());
        for (const KeyFact &k : f.keys)
            check(k.source, k.key, f);
        for (auto it = f.behaviour.cbegin(); it != f.behaviour.cend(); ++it) {
            // The KV-cache sizing is read from vllm-ascend at the release verl's guide pins.
            if (it.key() == u"mem_kv_sizing") {
                static const QRegularExpression vllmAscend(
                    u"^vllm-ascend v\\d+\\.\\d+\\.\\d+(rc\\d+|\\.post\\d+)?:[\\w./-]+:\\d+\\z"_s);
                const QString pinned = f.behaviour.value(u"mem_vllm_ascend"_s).value;
                QVERIFY2(vllmAscend.match(it->source).hasMatch(), qPrintable(it->source));
                QCOMPARE(it->source.section(u':', 0, 0), u"vllm-ascend "_s + pinned);
                continue;
            }
            check(it->source, it.key(), f);
        }
        for (auto it = f.choices.cbegin(); it != f.choices.cend(); ++it)
            check(it->source, it.key(), f);
        for (const EntryPoint &e : f.entryPoints)
            check(e.source, e.module, f);
    }
    QVERIFY(!recipeEntryPoints().isEmpty());
    for (const EntryPoint &e : recipeEntryPoints())
        QVERIFY2(commit.match(e.source).hasMatch(), qPrintable(e.source));
}

void TestVerlFacts::settingsNameExistingKeys()
{
    for (const VersionFacts &f : allFacts()) {
        for (auto it = f.settings.cbegin(); it != f.settings.cend(); ++it)
            QVERIFY2(f.key(it.value()), qPrintable(f.tag + u": "_s + it.key() + u" -> "_s + it.value()));
    }
}

void TestVerlFacts::byRelease_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<bool>("npu");
    QTest::addColumn<QStringList>("roles");
    QTest::addColumn<QString>("ranksDefault"); // what no ranks and no all_ranks profiles
    QTest::addColumn<bool>("rolloutToolConfigInterpolated");
    QTest::addColumn<QString>("level");
    QTest::addColumn<bool>("tokenRange");
    const QStringList all{u"actor"_s, u"ref"_s, u"rollout"_s, u"critic"_s, u"reward"_s};
    const QStringList noReward{u"actor"_s, u"ref"_s, u"rollout"_s, u"critic"_s};
    QTest::addRow("0.4.1") << u"0.4.1"_s << false << QStringList() << QString() << false << QString() << false;
    QTest::addRow("0.5.0") << u"0.5.0"_s << true << all << u"nothing"_s << false << u"level1"_s << false;
    QTest::addRow("0.6.0") << u"0.6.0"_s << true << all << u"nothing"_s << true << u"level1"_s << false;
    QTest::addRow("0.7.0") << u"0.7.0"_s << true << all << u"nothing"_s << true << u"level0"_s << false;
    QTest::addRow("0.7.1") << u"0.7.1"_s << true << noReward << u"rank0"_s << false << u"level0"_s << false;
    QTest::addRow("0.8.0") << u"0.8.0"_s << true << noReward << u"rank0"_s << false << u"level0"_s << false;
    QTest::addRow("0.9.0") << u"0.9.0"_s << true << noReward << u"rank0"_s << false << u"level0"_s << true;
}

void TestVerlFacts::byRelease()
{
    QFETCH(QString, release);
    QFETCH(bool, npu);
    QFETCH(QStringList, roles);
    QFETCH(QString, ranksDefault);
    QFETCH(bool, rolloutToolConfigInterpolated);
    QFETCH(QString, level);
    QFETCH(bool, tokenRange);
    const Version v = version(release);
    const VersionFacts &f = factsFor(v);
    QCOMPARE(f.version, v);
    QCOMPARE(f.npuProfiler, npu);
    QStringList found;
    for (const RoleNode &r : f.roles)
        found << r.role;
    QCOMPARE(found, roles);
    QCOMPARE(f.behaviourOf(u"ranks_default"_s), ranksDefault);
    QCOMPARE(f.interpolated.contains(u"actor_rollout_ref.rollout.profiler.tool_config"_s),
             rolloutToolConfigInterpolated);
    QCOMPARE(defaultLevel(v), level);
    QCOMPARE(hasTokenRange(v), tokenRange);
    if (npu) {
        QCOMPARE(allowedLevels(v), (QStringList{u"level_none"_s, u"level0"_s, u"level1"_s, u"level2"_s}));
        // 0.5 has one switch per item instead of a list; the items are the same.
        QCOMPARE(allowedContents(v),
                 (QStringList{u"npu"_s, u"cpu"_s, u"memory"_s, u"shapes"_s, u"module"_s, u"stack"_s}));
    }
}

void TestVerlFacts::bucketAgreesWithTheCalculator()
{
    for (const Version &v : knownReleases()) {
        const VersionFacts &f = factsFor(v);
        const KeyFact *bucket = f.key(f.setting(u"bucket"_s));
        QVERIFY2(bucket, qPrintable(v.toString()));
        QCOMPARE(bucket->key, bucketFacts(v).constLast().configKey);
        QCOMPARE(bucket->value.toInt(), bucketFacts(v).constLast().defaultMiB);
    }
}

void TestVerlFacts::nearestRelease_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("read");
    QTest::addColumn<bool>("known");
    QTest::addRow("a release") << u"0.7.1"_s << u"0.7.1"_s << true;
    QTest::addRow("a later patch") << u"0.8.3"_s << u"0.8.0"_s << false;
    QTest::addRow("newer than all") << u"1.2.0"_s << u"0.9.0"_s << false;
    QTest::addRow("older than all") << u"0.3.0"_s << u"0.4.0"_s << false;
    QTest::addRow("a release candidate") << u"0.8.0rc1"_s << u"0.8.0"_s << true;
    // What verl/version/version reads on main before 0.8.0, and at the v0.8.0 tag itself.
    QTest::addRow("a development version") << u"0.8.0.dev"_s << u"0.8.0"_s << true;
}

void TestVerlFacts::devVersions_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QStringList>("releases"); // whose bucket facts hold, oldest first
    QTest::addColumn<QString>("shown");
    QTest::addRow("release") << u"0.8.0"_s << QStringList{u"0.8.0"_s} << u"0.8.0"_s;
    QTest::addRow("dev: the release before, or this one")
        << u"0.8.0.dev0"_s << QStringList{u"0.7.1"_s, u"0.8.0"_s} << u"0.8.0.dev"_s;
    QTest::addRow("dev after 0.6.1") << u"v0.7.0.dev"_s << QStringList{u"0.6.1"_s, u"0.7.0"_s} << u"0.7.0.dev"_s;
    QTest::addRow("dev of an unknown release: the last known")
        << u"0.10.0.dev"_s << QStringList{u"0.9.0"_s} << u"0.10.0.dev"_s;
    QTest::addRow("rc counts as the release") << u"0.8.0rc1"_s << QStringList{u"0.8.0"_s} << u"0.8.0"_s;
}

void TestVerlFacts::devVersions()
{
    QFETCH(QString, asked);
    QFETCH(QStringList, releases);
    QFETCH(QString, shown);
    const Version v = version(asked);
    QCOMPARE(v.toString(), shown);
    QStringList found;
    for (const BucketFacts &f : bucketFacts(v))
        found << f.release.toString();
    QCOMPARE(found, releases);
    // The version file at the v0.8.0 tag reads 0.8.0.dev (and at v0.7.0, 0.7.0.dev).
    QCOMPARE(bucketFacts(version(u"0.8.0"_s)).constLast().versionFile.value, u"0.8.0.dev"_s);
    QCOMPARE(bucketFacts(version(u"0.8.0"_s)).constLast().versionFile.source, u"v0.8.0:verl/version/version:1"_s);
}

void TestVerlFacts::nearestRelease()
{
    QFETCH(QString, asked);
    QFETCH(QString, read);
    QFETCH(bool, known);
    QCOMPARE(factsFor(version(asked)).version, version(read));
    QCOMPARE(isKnownRelease(version(asked)), known);
}

void TestVerlFacts::entryPoints()
{
    const VersionFacts &f = factsFor(version(u"0.9.0"_s));
    const auto find = [&f](const QString &module) {
        return std::find_if(f.entryPoints.begin(), f.entryPoints.end(),
                            [&module](const EntryPoint &e) { return e.module == module; });
    };
    QVERIFY(find(u"verl.trainer.main_ppo"_s) != f.entryPoints.end());
    QCOMPARE(find(u"verl.trainer.main_ppo"_s)->config, u"ppo_trainer"_s);
    QVERIFY(std::any_of(f.notHydra.begin(), f.notHydra.end(),
                        [](const EntryPoint &e) { return e.module == u"verl.model_merger"; }));
    QVERIFY(std::any_of(recipeEntryPoints().begin(), recipeEntryPoints().end(),
                        [](const EntryPoint &e) { return e.module == u"recipe.dapo.main_dapo"; }));
}

QTEST_GUILESS_MAIN(TestVerlFacts)
#include "tst_verlfacts.moc"
