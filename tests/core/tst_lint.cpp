// The launch-command linter: the FAQ's own lines, and every rule with a case that fires and one that
// does not.
#include <QTest>

#include "profiler/lint.h"

using namespace Qt::StringLiterals;
using namespace vna::profiler;

namespace {

LintReport run(const QString &script, const QString &version = u"0.9.0"_s)
{
    const auto report = lint(script, *vna::verl::Version::parse(version, u"x"_s));
    return report.ok() ? *report : LintReport{};
}

QStringList ruleIds(const LintReport &report)
{
    QStringList list;
    for (const Finding &f : report.findings)
        list << f.rule;
    return list;
}

} // namespace

class TestLint final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void faqExample();
    void rules_data();
    void rules();
    void positionsAndFixes();
    void unreadableScript();
};

void TestLint::faqExample()
{
    // verl docs/ascend_tutorial/faq/faq.rst, "调试和诊断 Q1", verbatim.
    const QString faq = u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \\\n"
                        u"actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \\\n"
                        u"actor_rollout_ref.actor.profiler.tool_config.npu.level=1 \\\n"
                        u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true\n"_s;
    const LintReport report = run(faq);
    QCOMPARE(report.overrides, 4);
    QCOMPARE(ruleIds(report), (QStringList{u"ambiguous-sweep"_s, u"profiler-level"_s}));
    QCOMPARE(countErrors(report.findings), 2);
    QCOMPARE(report.findings.at(0).line, qsizetype(2));
    QCOMPARE(report.findings.at(1).line, qsizetype(3));
    QCOMPARE(corrections(report),
             (QStringList{u"'actor_rollout_ref.actor.profiler.tool_config.npu.contents=[npu,cpu]'"_s,
                          u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level1"_s}));
}

void TestLint::rules_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("fires");
    QTest::addColumn<QString>("fix");

    const QString npu = u"actor_rollout_ref.actor.profiler.tool_config.npu."_s;
    const QString on
        = u"global_profiler.tool=npu 'global_profiler.steps=[1]' actor_rollout_ref.actor.profiler.enable=True "_s;
    const auto row = [](const char *name, const QString &script, const char *version, const char *rule, bool fires,
                        const QString &fix = QString()) {
        QTest::addRow("%s", name) << script << QString::fromLatin1(version) << QString::fromLatin1(rule) << fires
                                  << fix;
    };

    row("sweep on an unknown key", u"python3 -m m trainer.logger=console,wandb"_s, "0.9.0", "ambiguous-sweep", true,
        u"'trainer.logger=[console,wandb]'"_s);
    row("list on an unknown key", u"python3 -m m 'trainer.logger=[console,wandb]'"_s, "0.9.0", "ambiguous-sweep",
        false);
    row("sweep of steps", u"global_profiler.steps=1,2,5"_s, "0.9.0", "ambiguous-sweep", true,
        u"'global_profiler.steps=[1,2,5]'"_s);
    row("choice() needs multirun", u"a.lr=choice(0.1,0.2)"_s, "0.9.0", "sweep-needs-multirun", true);
    row("cast is fine", u"a.lr=float(1)"_s, "0.9.0", "sweep-needs-multirun", false);
    row("contents item unknown", u"'"_s + npu + u"contents=[npu,gpu]'"_s, "0.9.0", "profiler-contents", true,
        u"'"_s + npu + u"contents=[npu]'"_s);
    row("contents not a list", npu + u"contents=npu"_s, "0.9.0", "profiler-contents", true,
        u"'"_s + npu + u"contents=[npu]'"_s);
    row("contents fine", u"'"_s + npu + u"contents=[npu,memory]'"_s, "0.9.0", "profiler-contents", false);
    row("level as int", npu + u"level=2"_s, "0.9.0", "profiler-level", true, npu + u"level=level2"_s);
    row("level unknown", npu + u"level=level3"_s, "0.9.0", "profiler-level", true);
    row("level fine", npu + u"level=level_none"_s, "0.9.0", "profiler-level", false);
    row("bool as int", npu + u"analysis=0"_s, "0.9.0", "profiler-type", true, npu + u"analysis=false"_s);
    row("bool quoted", u"\""_s + npu + u"discrete='True'\""_s, "0.9.0", "profiler-type", true,
        npu + u"discrete=true"_s);
    row("bool fine", npu + u"discrete=True"_s, "0.9.0", "profiler-type", false);
    row("steps not a list", u"global_profiler.steps=3"_s, "0.9.0", "profiler-type", true,
        u"'global_profiler.steps=[3]'"_s);
    row("steps null is fine", u"global_profiler.steps=null"_s, "0.9.0", "profiler-type", false);
    row("ranks not a list", u"actor_rollout_ref.actor.profiler.ranks=0"_s, "0.9.0", "profiler-type", true,
        u"'actor_rollout_ref.actor.profiler.ranks=[0]'"_s);
    row("tool for GPUs", u"global_profiler.tool=nsys"_s, "0.9.0", "profiler-tool", true, u"global_profiler.tool=npu"_s);
    row("tool npu", u"global_profiler.tool=npu"_s, "0.9.0", "profiler-tool", false);
    row("old bucket key on 0.7.1", u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096"_s, "0.7.1",
        "key-not-in-version", true,
        u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=4096"_s);
    row("old bucket key on 0.7.0", u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096"_s, "0.7.0",
        "key-not-in-version", false);
    row("npu_profile on 0.6", u"trainer.npu_profile.options.level=level1"_s, "0.6.0", "key-not-in-version", true,
        npu + u"level=level1"_s);
    row("npu_profile on 0.5", u"trainer.npu_profile.options.level=level1"_s, "0.5.0", "key-not-in-version", false);
    row("global_profiler on 0.5", u"'global_profiler.steps=[1]'"_s, "0.5.0", "key-not-in-version", true,
        u"'trainer.profile_steps=[1]'"_s);
    row("token range before 0.9", u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_start=0"_s,
        "0.8.0", "key-not-in-version", true);
    row("typo in a field", npu + u"contens=[npu]"_s, "0.9.0", "unknown-key", true, u"'"_s + npu + u"contents=[npu]'"_s);
    row("known field", u"'"_s + npu + u"contents=[npu]'"_s, "0.9.0", "unknown-key", false);
    row("+ on an existing key", u"+global_profiler.tool=npu"_s, "0.9.0", "plus-on-existing-key", true,
        u"global_profiler.tool=npu"_s);
    row("++ is fine", u"++global_profiler.tool=npu"_s, "0.9.0", "plus-on-existing-key", false);
    row("+ on a new key", u"+trainer.my_flag=1"_s, "0.9.0", "plus-on-existing-key", false);
    row("unquoted dict with comma", u"cmd a.b={x:1,y:2}"_s, "0.9.0", "shell-brace-expansion", true,
        u"'a.b={x:1,y:2}'"_s);
    row("quoted dict", u"cmd 'a.b={x:1,y:2}'"_s, "0.9.0", "shell-brace-expansion", false);
    row("unquoted list", u"cmd global_profiler.steps=[1,2]"_s, "0.9.0", "shell-unquoted-list", true,
        u"'global_profiler.steps=[1,2]'"_s);
    row("double-quoted list", u"cmd global_profiler.steps=\"[1,2]\""_s, "0.9.0", "shell-unquoted-list", false);
    row("HCCL_DEBUG exported", u"export HCCL_DEBUG=INFO"_s, "0.9.0", "hccl-debug", true,
        u"export ASCEND_GLOBAL_LOG_LEVEL=1"_s);
    row("HCCL_DEBUG_CONFIG is real", u"export HCCL_DEBUG_CONFIG=ALG"_s, "0.9.0", "hccl-debug", false);
    row("HCCL_DEBUG as a prefix", u"HCCL_DEBUG=INFO python3 run.py"_s, "0.9.0", "hccl-debug", true,
        u"ASCEND_GLOBAL_LOG_LEVEL=1"_s);
    row("variable from outside", u"cmd global_profiler.steps=$STEPS"_s, "0.9.0", "unresolved-variable", true);
    row("variable from the script", u"STEPS=[1]\ncmd 'global_profiler.steps='$STEPS"_s, "0.9.0", "unresolved-variable",
        false);
    row("bad Hydra syntax", u"cmd a.b=x=y"_s, "0.9.0", "hydra-syntax", true);
    row("enable without tool", u"actor_rollout_ref.actor.profiler.enable=True 'global_profiler.steps=[1]'"_s, "0.9.0",
        "profiler-not-collected", true, u"global_profiler.tool=npu"_s);
    row("enable with tool and steps", on + u"actor_rollout_ref.actor.profiler.all_ranks=True"_s, "0.9.0",
        "profiler-not-collected", false);
    row("rank 0 only", on, "0.9.0", "profiler-rank0-only", true, u"actor_rollout_ref.actor.profiler.all_ranks=true"_s);
    row("ranks given", on + u"'actor_rollout_ref.actor.profiler.ranks=[0,1]'"_s, "0.9.0", "profiler-rank0-only", false);
    row("empty contents after 0.9.0", on + u"'"_s + npu + u"contents=[]'"_s, "0.9.1", "profiler-empty-contents", true,
        u"'"_s + npu + u"contents=[npu,cpu]'"_s);
    row("empty contents on 0.9.0", on + u"'"_s + npu + u"contents=[]'"_s, "0.9.0", "profiler-empty-contents", false);
    row("level2 with stack", on + u"'"_s + npu + u"contents=[npu,stack]' "_s + npu + u"level=level2"_s, "0.9.0",
        "profiler-level2-size", true);
    row("level1 with stack", on + u"'"_s + npu + u"contents=[npu,stack]' "_s + npu + u"level=level1"_s, "0.9.0",
        "profiler-level2-size", false);
    row("continuous with discrete", on + u"global_profiler.profile_continuous_steps=True "_s + npu + u"discrete=True"_s,
        "0.9.0", "profiler-continuous-discrete", true, npu + u"discrete=false"_s);
    row("continuous without discrete",
        on + u"global_profiler.profile_continuous_steps=True "_s + npu + u"discrete=False"_s, "0.9.0",
        "profiler-continuous-discrete", false);
    row("agent loop without discrete", on + u"actor_rollout_ref.rollout.mode=async"_s, "0.9.0", "agent-loop-discrete",
        true, u"actor_rollout_ref.rollout.profiler.tool_config.npu.discrete=true"_s);
    row("agent loop with discrete", on + u"actor_rollout_ref.rollout.mode=async "_s + npu + u"discrete=True"_s, "0.9.0",
        "agent-loop-discrete", false);
    row("token range backwards",
        on
            + u"actor_rollout_ref.rollout.profiler.enable=True "
              u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_start=10 "
              u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_end=5"_s,
        "0.9.0", "profiler-token-range", true);
    row("token range forwards",
        on
            + u"actor_rollout_ref.rollout.profiler.enable=True "
              u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_start=5 "
              u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_end=10"_s,
        "0.9.0", "profiler-token-range", false);
}

void TestLint::rules()
{
    QFETCH(QString, script);
    QFETCH(QString, version);
    QFETCH(QString, rule);
    QFETCH(bool, fires);
    QFETCH(QString, fix);
    const LintReport report = run(script, version);
    const auto found = std::find_if(report.findings.begin(), report.findings.end(),
                                    [&](const Finding &f) { return f.rule == rule; });
    QVERIFY2((found != report.findings.end()) == fires, qPrintable(ruleIds(report).join(u", "_s)));
    if (fires && !fix.isEmpty())
        QCOMPARE(found->fix, fix);
}

void TestLint::positionsAndFixes()
{
    const QString script = u"#!/bin/bash\nset -e\npython3 -m verl.trainer.main_ppo \\\n"
                           u"    data.train_batch_size=32 \\\n"
                           u"    actor_rollout_ref.actor.profiler.tool_config.npu.level=1\n"_s;
    const LintReport report = run(script);
    QCOMPARE(report.overrides, 2);
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings.first().line, qsizetype(5));
    QCOMPARE(report.findings.first().column, qsizetype(5));
    QCOMPARE(report.findings.first().severity, Finding::Severity::Error);
    const QJsonObject json = report.findings.first().toJson();
    QCOMPARE(json.value(u"line"_s).toInt(), 5);
    QCOMPARE(json.value(u"severity"_s).toString(), u"error"_s);
    QCOMPARE(json.value(u"rule"_s).toString(), u"profiler-level"_s);
    QCOMPARE(json.value(u"fix"_s).toString(), u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level1"_s);
}

void TestLint::unreadableScript()
{
    const auto report = lint(u"python3 run.py 'a=1"_s, vna::verl::latestKnown());
    QVERIFY(!report.ok());
    QVERIFY(report.error().message.contains(u"Line 1"_s));

    // Pasted text larger than any launch script is refused before it is read, in the GUI as in the CLI.
    const auto huge = lint(QString(kMaxScriptBytes + 1, u'a'), vna::verl::latestKnown());
    QVERIFY(!huge.ok());
    QVERIFY2(huge.error().message.contains(u"16 MiB"_s), qPrintable(huge.error().message));
}

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"
