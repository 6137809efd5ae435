// The profiler override generator: the keys for each verl version, that every string parses in Hydra
// to the intended value, the four output formats, and the findings it attaches.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "bash/interpreter.h"
#include "hydra/parser.h"
#include "hydra/shell.h"
#include "profiler/lint.h"
#include "profiler/plan.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using namespace vna::profiler;
using vna::hydra::Value;

namespace {

Request request(const QString &version)
{
    Request r;
    r.version = *vna::verl::Version::parse(version, u"x"_s);
    return r;
}

QStringList lines(const Plan &plan)
{
    return render(plan, Format::Line).split(u' ');
}

QMap<QString, Value> byKey(const Plan &plan)
{
    QMap<QString, Value> map;
    for (const auto &o : plan.overrides)
        map.insert(o.key, *o.value);
    return map;
}

bool hasRule(const Plan &plan, const QString &rule)
{
    return std::any_of(plan.findings.begin(), plan.findings.end(), [&](const Finding &f) { return f.rule == rule; });
}

} // namespace

class TestProfilerPlan final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presetsByVersion_data();
    void presetsByVersion();
    void everyStringParsesToItsValue_data();
    void everyStringParsesToItsValue();
    void formats();
    void rolesAndRanks();
    void findings();
    void refused_data();
    void refused();
    void importRoundTrip_data();
    void importRoundTrip();
    void importFaq();
    void importNotes_data();
    void importNotes();
};

void TestProfilerPlan::presetsByVersion_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("expected");

    QTest::addRow("0.9.0 (level0 default)")
        << u"0.9.0"_s
        << QStringList{u"global_profiler.tool=npu"_s,
                       u"'global_profiler.steps=[1]'"_s,
                       u"actor_rollout_ref.actor.profiler.enable=true"_s,
                       u"'actor_rollout_ref.actor.profiler.tool_config.npu.contents=[npu,cpu]'"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level0"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=false"_s};
    // 0.5.0–0.7.0 profile no rank without ranks or all_ranks: the form's "rank 0 only" is ranks=[0].
    QTest::addRow("0.7.0 (level0 default)")
        << u"0.7.0"_s
        << QStringList{u"global_profiler.tool=npu"_s,
                       u"'global_profiler.steps=[1]'"_s,
                       u"actor_rollout_ref.actor.profiler.enable=true"_s,
                       u"'actor_rollout_ref.actor.profiler.ranks=[0]'"_s,
                       u"'actor_rollout_ref.actor.profiler.tool_config.npu.contents=[npu,cpu]'"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level0"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=false"_s};
    QTest::addRow("0.6.1 (level1 default)")
        << u"0.6.1"_s
        << QStringList{u"global_profiler.tool=npu"_s,
                       u"'global_profiler.steps=[1]'"_s,
                       u"actor_rollout_ref.actor.profiler.enable=true"_s,
                       u"'actor_rollout_ref.actor.profiler.ranks=[0]'"_s,
                       u"'actor_rollout_ref.actor.profiler.tool_config.npu.contents=[npu,cpu]'"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level1"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true"_s,
                       u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=false"_s};
    QTest::addRow("0.5.0 (trainer.npu_profile)") << u"0.5.0"_s
                                                 << QStringList{u"'trainer.profile_steps=[1]'"_s,
                                                                u"trainer.npu_profile.options.level=level1"_s,
                                                                u"trainer.npu_profile.options.analysis=true"_s,
                                                                u"trainer.npu_profile.options.with_npu=true"_s,
                                                                u"trainer.npu_profile.options.with_cpu=true"_s,
                                                                u"trainer.npu_profile.options.with_memory=false"_s,
                                                                u"trainer.npu_profile.options.record_shapes=false"_s,
                                                                u"trainer.npu_profile.options.with_module=false"_s,
                                                                u"trainer.npu_profile.options.with_stack=false"_s,
                                                                u"'actor_rollout_ref.profiler.ranks=[0]'"_s,
                                                                u"actor_rollout_ref.profiler.discrete=false"_s};
}

void TestProfilerPlan::presetsByVersion()
{
    QFETCH(QString, version);
    QFETCH(QStringList, expected);
    const auto plan = buildPlan(request(version));
    QVERIFY(plan.ok());
    QCOMPARE(lines(*plan), expected);
}

void TestProfilerPlan::everyStringParsesToItsValue_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("savePath");
    for (const char *v : {"0.5.0", "0.6.0", "0.7.1", "0.8.0", "0.9.0"}) {
        QTest::addRow("%s plain path", v) << QString::fromLatin1(v) << u"./outputs/profile"_s;
        QTest::addRow("%s awkward path", v) << QString::fromLatin1(v) << u"/data/my runs/prof,2026 $HOME 'x'"_s;
    }
}

void TestProfilerPlan::everyStringParsesToItsValue()
{
    QFETCH(QString, version);
    QFETCH(QString, savePath);
    Request r = request(version);
    r.roles.clear();
    for (const auto role : vna::verl::allRoles()) {
        if (vna::verl::hasRole(r.version, role))
            r.roles << role;
    }
    r.steps = {1, 2, 5};
    r.ranks = {0, 3};
    r.contents = {u"npu"_s, u"cpu"_s, u"memory"_s, u"shapes"_s, u"module"_s, u"stack"_s};
    r.level = u"level2"_s;
    r.savePath = savePath;
    const auto plan = buildPlan(r);
    QVERIFY(plan.ok());
    // Through bash (shell format) and Hydra back to the very values we meant, with their types.
    const auto script = vna::shell::interpret(render(*plan, Format::Shell));
    QVERIFY(script.ok());
    QCOMPARE(script->commands.size(), 1);
    const auto &words = script->commands.first().words;
    QCOMPARE(words.size(), plan->overrides.size());
    for (qsizetype i = 0; i < plan->overrides.size(); ++i) {
        const QString text = words.at(i).text;
        const auto parsed = vna::hydra::parseOverride(text);
        QVERIFY2(parsed.ok(), qPrintable(text));
        QCOMPARE(parsed->override.key, plan->overrides.at(i).key);
        QVERIFY2(*parsed->override.value == *plan->overrides.at(i).value, qPrintable(text));
    }
    const auto values = byKey(*plan);
    if (version != u"0.5.0") {
        QCOMPARE(values.value(u"global_profiler.steps"_s).type(), Value::Type::List);
        QCOMPARE(values.value(u"global_profiler.steps"_s).toList().at(2), Value::integer(5));
        QCOMPARE(values.value(u"global_profiler.save_path"_s), Value::string(savePath));
        QCOMPARE(values.value(u"actor_rollout_ref.actor.profiler.tool_config.npu.level"_s), Value::string(u"level2"_s));
        QCOMPARE(values.value(u"actor_rollout_ref.actor.profiler.enable"_s), Value::boolean(true));
    }
}

void TestProfilerPlan::formats()
{
    Request r = request(u"0.9.0"_s);
    r.steps = {1, 2};
    r.savePath = u"out dir"_s;
    const auto plan = buildPlan(r);
    QVERIFY(plan.ok());

    const QString shell = render(*plan, Format::Shell);
    QVERIFY(shell.contains(u" \\\n"_s));
    QVERIFY(shell.contains(u"'global_profiler.save_path=\"out dir\"'"_s));
    QCOMPARE(render(*plan, Format::Line).contains(u'\n'), false);

    const QString yaml = render(*plan, Format::Yaml);
    QVERIFY2(yaml.startsWith(u"global_profiler:\n  tool: npu\n  steps: [1, 2]\n  save_path: \"out dir\"\n"_s),
             qPrintable(yaml));
    QVERIFY(yaml.contains(u"actor_rollout_ref:\n  actor:\n    profiler:\n      enable: true\n"_s));
    QVERIFY(yaml.contains(u"        npu:\n          contents: [npu, cpu]\n"_s));

    const QJsonArray json = QJsonDocument::fromJson(render(*plan, Format::Json).toUtf8()).array();
    QCOMPARE(json.size(), plan->overrides.size());
    QCOMPARE(json.at(1).toObject().value(u"key"_s).toString(), u"global_profiler.steps"_s);
    QCOMPARE(json.at(1).toObject().value(u"value"_s).toArray(), (QJsonArray{1, 2}));
    QCOMPARE(json.at(1).toObject().value(u"hydra"_s).toString(), u"global_profiler.steps=[1,2]"_s);
    QCOMPARE(json.at(2).toObject().value(u"hydra"_s).toString(), u"global_profiler.save_path=\"out dir\""_s);
}

void TestProfilerPlan::rolesAndRanks()
{
    Request r = request(u"0.7.0"_s);
    r.roles = {vna::verl::Role::Reward, vna::verl::Role::Critic};
    r.allRanks = true;
    const auto plan = buildPlan(r);
    QVERIFY(plan.ok());
    const auto values = byKey(*plan);
    QVERIFY(values.contains(u"critic.profiler.all_ranks"_s));
    QVERIFY(values.contains(u"critic.profiler.tool_config.npu.level"_s));
    QVERIFY(values.contains(u"reward_model.profiler.enable"_s));
    // In 0.6–0.7.0 the reward model's tool_config is an interpolation of the actor's: its fields are set
    // on the actor, or Hydra would stop ("Could not override").
    QVERIFY(!values.contains(u"reward_model.profiler.tool_config.npu.level"_s));
    QVERIFY(values.contains(u"actor_rollout_ref.actor.profiler.tool_config.npu.level"_s));
    QVERIFY2(plan->notes.join(u' ').contains(u"reward profiler's tool_config is an interpolation of the actor's"_s),
             qPrintable(plan->notes.join(u'\n')));
    // Critic comes before the reward model whatever the request's order.
    QVERIFY(plan->overrides.at(2).key.startsWith(u"critic."_s));

    // The same request for a release without a reward-model profiler is refused, not written wrongly.
    r.version = *vna::verl::Version::parse(u"0.7.1"_s, u"x"_s);
    const auto refused = buildPlan(r);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().where, u"--roles"_s);

    r = request(u"0.6.0"_s);
    r.roles = {vna::verl::Role::Rollout};
    const auto rollout = byKey(*buildPlan(r));
    QVERIFY(rollout.contains(u"actor_rollout_ref.rollout.profiler.enable"_s));
    QVERIFY(rollout.contains(u"actor_rollout_ref.actor.profiler.tool_config.npu.contents"_s));
    QVERIFY(!rollout.contains(u"actor_rollout_ref.rollout.profiler.tool_config.npu.contents"_s));

    r = request(u"0.5.0"_s);
    r.roles = {vna::verl::Role::Actor, vna::verl::Role::Ref, vna::verl::Role::Rollout};
    r.ranks = {0, 1};
    const auto shared = buildPlan(r);
    const auto sharedValues = byKey(*shared);
    QCOMPARE(sharedValues.value(u"actor_rollout_ref.profiler.ranks"_s),
             Value::list({Value::integer(0), Value::integer(1)}));
    QCOMPARE(std::count_if(shared->overrides.begin(), shared->overrides.end(),
                           [](const auto &o) { return o.key == u"actor_rollout_ref.profiler.discrete"; }),
             1);

    r = request(u"0.9.0"_s);
    r.roles = {vna::verl::Role::Rollout};
    r.tokenStart = 0;
    r.tokenEnd = 64;
    QCOMPARE(byKey(*buildPlan(r)).value(u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_end"_s),
             Value::integer(64));
}

void TestProfilerPlan::findings()
{
    // The generator's defaults collect something in every release: nothing to warn about.
    for (const auto &release : vna::verl::knownReleases()) {
        const auto plan = buildPlan(request(release.toString()));
        QVERIFY(plan.ok());
        const QString first = plan->findings.isEmpty() ? QString() : plan->findings.first().message;
        QVERIFY2(plan->findings.isEmpty(), qPrintable(release.toString() + u": "_s + first));
    }

    Request r = request(u"0.9.0"_s);
    r.continuousSteps = true;
    r.discrete = true;
    const auto contradictory = buildPlan(r);
    // verl does not stop on it; the steps are just not merged.
    QVERIFY(hasRule(*contradictory, u"profiler-continuous-discrete"_s));
    QCOMPARE(countErrors(contradictory->findings), 0);

    // Up to 0.9.0 an empty contents list is torch_npu's default, CPU and NPU: nothing to warn about.
    r = request(u"0.9.0"_s);
    r.allRanks = true;
    r.contents.clear();
    QVERIFY(!hasRule(*buildPlan(r), u"profiler-empty-contents"_s));

    r.contents = {u"npu"_s, u"stack"_s};
    r.level = u"level2"_s;
    QVERIFY(hasRule(*buildPlan(r), u"profiler-level2-size"_s));
}

void TestProfilerPlan::refused_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("no role") << u"roles"_s << u"role"_s;
    QTest::addRow("no steps") << u"steps"_s << u"step"_s;
    QTest::addRow("step 0") << u"step0"_s << u"start at 1"_s;
    QTest::addRow("unknown contents") << u"contents"_s << u"\"gpu\""_s;
    QTest::addRow("level 1") << u"level"_s << u"\"1\""_s;
    QTest::addRow("token range before 0.9") << u"tokens"_s << u"0.9.0"_s;
    QTest::addRow("negative rank") << u"rank"_s << u"-1"_s;
    QTest::addRow("no NPU profiler in 0.4") << u"0.4"_s << u"verl 0.5.0"_s;
    QTest::addRow("no reward profiler in 0.8") << u"reward"_s << u"reward"_s;
}

void TestProfilerPlan::refused()
{
    QFETCH(QString, what);
    QFETCH(QString, mentions);
    Request r = request(u"0.8.0"_s);
    if (what == u"roles")
        r.roles.clear();
    else if (what == u"steps")
        r.steps.clear();
    else if (what == u"step0")
        r.steps = {0};
    else if (what == u"contents")
        r.contents = {u"gpu"_s};
    else if (what == u"level")
        r.level = u"1"_s;
    else if (what == u"tokens") {
        r.roles = {vna::verl::Role::Rollout};
        r.tokenStart = 1;
    } else if (what == u"rank") {
        r.ranks = {-1};
    } else if (what == u"0.4") {
        r.version = *vna::verl::Version::parse(u"0.4.1"_s, u"x"_s);
    } else if (what == u"reward") {
        r.roles = {vna::verl::Role::Reward};
    }
    const auto plan = buildPlan(r);
    QVERIFY(!plan.ok());
    QVERIFY2(plan.error().message.contains(mentions), qPrintable(plan.error().message));
}

void TestProfilerPlan::importRoundTrip_data()
{
    using vna::verl::Role;
    QTest::addColumn<Request>("wanted");
    Request r = request(u"0.9.0"_s);
    r.steps = {1, 2, 5};
    r.contents = {u"npu"_s, u"cpu"_s, u"memory"_s};
    r.level = u"level1"_s;
    r.analysis = false;
    r.discrete = true;
    r.ranks = {0, 1};
    QTest::addRow("0.9 actor, ranks") << r;

    r = request(u"0.9.0"_s);
    r.roles = {Role::Rollout};
    r.level = u"level0"_s;
    r.allRanks = true;
    r.discrete = true;
    r.tokenStart = 10;
    r.tokenEnd = 200;
    QTest::addRow("0.9 rollout, token range") << r;

    r = request(u"0.8.0"_s);
    r.roles = {Role::Actor, Role::Ref, Role::Critic};
    r.savePath = u"/data/prof dir"_s;
    r.continuousSteps = true;
    r.level = u"level2"_s;
    r.contents = {};
    QTest::addRow("0.8 three roles, save path with a space") << r;

    r = request(u"0.7.0"_s);
    r.roles = {Role::Actor, Role::Reward};
    r.level = u"level_none"_s;
    r.allRanks = true;
    QTest::addRow("0.7.0 reward follows the actor") << r;

    r = request(u"0.5.0"_s);
    r.steps = {3};
    r.contents = {u"npu"_s, u"stack"_s};
    r.level = u"level2"_s;
    r.discrete = true;
    QTest::addRow("0.5 options") << r;

    r = request(u"0.5.0"_s);
    r.roles = {Role::Actor, Role::Critic};
    r.level = u"level1"_s;
    r.ranks = {2};
    QTest::addRow("0.5 actor and critic") << r;

    r = request(u"0.6.1"_s);
    r.roles = {Role::Actor, Role::Ref};
    r.ranks = {0};
    r.level = u"level1"_s;
    QTest::addRow("0.6.1 rank 0 written out") << r;
}

void TestProfilerPlan::importRoundTrip()
{
    // Generate, paste back, import: the form must come back exactly as it was.
    QFETCH(Request, wanted);
    const auto plan = buildPlan(wanted);
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().message));
    const auto report = lint(render(*plan, Format::Shell), wanted.version);
    QVERIFY(report.ok());
    QCOMPARE(countErrors(report->findings), 0);

    Request defaults = request(wanted.version.toString());
    defaults.steps = {7};
    defaults.contents = {u"module"_s};
    defaults.level = u"level0"_s;
    defaults.analysis = !wanted.analysis;
    const Imported imported = importRequest(report->corrected, defaults);
    QCOMPARE(imported.notes, QStringList());
    QCOMPARE(imported.used, plan->overrides.size());
    // Where verl profiles no rank without a list, "rank 0 only" was written as ranks=[0] and comes back so.
    if (wanted.ranks.isEmpty() && !wanted.allRanks
        && vna::verl::factsFor(wanted.version).behaviourOf(u"ranks_default"_s) == u"nothing")
        wanted.ranks = {0};
    QCOMPARE(imported.request.roles, wanted.roles);
    QCOMPARE(imported.request.steps, wanted.steps);
    QCOMPARE(imported.request.contents, wanted.contents);
    QCOMPARE(imported.request.level, wanted.level);
    QCOMPARE(imported.request.ranks, wanted.ranks);
    QVERIFY(imported.request == wanted);
}

void TestProfilerPlan::importFaq()
{
    // The FAQ's lines set the options but not enable, tool or steps: the corrected command adds them, and
    // its values fill the form for the actor.
    const QString faq = u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \\\n"
                        u"actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \\\n"
                        u"actor_rollout_ref.actor.profiler.tool_config.npu.level=1 \\\n"
                        u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true\n"_s;
    const Request defaults = request(u"0.9.0"_s);
    const auto report = lint(faq, defaults.version);
    QVERIFY(report.ok());
    Request base = defaults;
    base.contents = {u"memory"_s};
    base.steps = {7}; // the command's corrected steps replace the form's
    const Imported imported = importRequest(report->corrected, base);
    QCOMPARE(imported.used, 7);
    QCOMPARE(imported.request.contents, (QStringList{u"npu"_s, u"cpu"_s}));
    QCOMPARE(imported.request.level, u"level1"_s);
    QCOMPARE(imported.request.discrete, true);
    QCOMPARE(imported.request.steps, QList<qint64>{1});
    QCOMPARE(imported.request.roles, QList<vna::verl::Role>{vna::verl::Role::Actor});
    QCOMPARE(imported.notes, QStringList());
}

void TestProfilerPlan::importNotes_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("mentions"); // empty: no note
    QTest::addColumn<qsizetype>("used");
    const QString on = u"actor_rollout_ref.actor.profiler.enable=True 'global_profiler.steps=[2]' "_s;
    QTest::addRow("other keys are skipped")
        << u"python3 -m verl.trainer.main_ppo data.train_batch_size=8 "_s + on << QString() << qsizetype(3);
    QTest::addRow("another tool is corrected to npu")
        << on + u"global_profiler.tool=nsys"_s << QString() << qsizetype(3);
    QTest::addRow("roles that differ") << on
            + u"actor_rollout_ref.ref.profiler.enable=True actor_rollout_ref.ref.profiler.all_ranks=True"_s
                                       << u"The ref profiler settings differ from the actor ones"_s << qsizetype(5);
    // steps=null profiles nothing: the corrected command lists step 1, and so does the form.
    QTest::addRow("steps null") << u"actor_rollout_ref.actor.profiler.enable=True global_profiler.steps=null"_s
                                << QString() << qsizetype(3);
    QTest::addRow("level from a variable is not taken")
        << on + u"actor_rollout_ref.actor.profiler.tool_config.npu.level=$LEVEL"_s << QString() << qsizetype(3);
    QTest::addRow("ranks of strings") << on + u"'actor_rollout_ref.actor.profiler.ranks=[a]'"_s
                                      << u"actor_rollout_ref.actor.profiler.ranks"_s << qsizetype(4);
}

void TestProfilerPlan::importNotes()
{
    QFETCH(QString, command);
    QFETCH(QString, mentions);
    QFETCH(qsizetype, used);
    Request defaults = request(u"0.9.0"_s);
    const auto report = lint(command, defaults.version);
    QVERIFY(report.ok());
    const Imported imported = importRequest(report->corrected, defaults);
    QCOMPARE(imported.used, used);
    if (mentions.isEmpty()) {
        QCOMPARE(imported.notes, QStringList());
    } else {
        QCOMPARE(imported.notes.size(), 1);
        QVERIFY2(imported.notes.constFirst().contains(mentions), qPrintable(imported.notes.constFirst()));
    }
    QCOMPARE(imported.request.level, defaults.level);
}

QTEST_GUILESS_MAIN(TestProfilerPlan)
#include "tst_profilerplan.moc"
