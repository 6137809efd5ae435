// The launch-command linter: the FAQ's own lines per verl release, every rule with a case that fires
// and one that does not, the launches it recognises, and the corrected command it writes.
#include <QDir>
#include <QTest>

#include "hydra/parser.h"
#include "profiler/lint.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using namespace vna::profiler;

namespace {

const QString kRun = u"python3 -m verl.trainer.main_ppo "_s;
const QString kNpu = u"actor_rollout_ref.actor.profiler.tool_config.npu."_s;

// verl docs/ascend_tutorial/faq/faq.rst, "调试和诊断 Q1", verbatim.
const QString kFaq = u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \\\n"
                     u"actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \\\n"
                     u"actor_rollout_ref.actor.profiler.tool_config.npu.level=1 \\\n"
                     u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true\n"_s;

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

// The overrides of a corrected command, as Hydra receives them (the shell quotes removed).
QStringList hydraWords(const QStringList &corrected)
{
    QStringList words;
    for (QString word : corrected) {
        if (word.startsWith(u'\'') && word.endsWith(u'\''))
            word = word.mid(1, word.size() - 2).replace(u"'\\''"_s, u"'"_s);
        words << word;
    }
    return words;
}

} // namespace

class TestLint final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void faqExample_data();
    void faqExample();
    void rules_data();
    void rules();
    void correctedKeysBelongToTheVersion_data();
    void correctedKeysBelongToTheVersion();
    void launches_data();
    void launches();
    void pastedForms_data();
    void pastedForms();
    void unresolvedOncePerVariable();
    void positionsAndFixes();
    void arrayElementsPointAtTheirLine();
    void shellFixturesAtEveryRelease_data();
    void shellFixturesAtEveryRelease();
    void versionNotes();
    void unreadableScript();
};

void TestLint::faqExample_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("errors");    // rule ids of the errors, in order
    QTest::addColumn<QStringList>("corrected"); // the corrected command, as Hydra receives it
    QTest::addRow("0.9.0") << u"0.9.0"_s << QStringList{u"ambiguous-sweep"_s, u"profiler-level"_s}
                           << QStringList{kNpu + u"discrete=true"_s,
                                          kNpu + u"contents=[npu,cpu]"_s,
                                          kNpu + u"level=level1"_s,
                                          kNpu + u"analysis=true"_s,
                                          u"actor_rollout_ref.actor.profiler.enable=true"_s,
                                          u"global_profiler.tool=npu"_s,
                                          u"global_profiler.steps=[1]"_s};
    // 0.6–0.7.0 profile no rank without ranks: the corrected command lists rank 0.
    QTest::addRow("0.6.1") << u"0.6.1"_s << QStringList{u"ambiguous-sweep"_s, u"profiler-level"_s}
                           << QStringList{kNpu + u"discrete=true"_s,
                                          kNpu + u"contents=[npu,cpu]"_s,
                                          kNpu + u"level=level1"_s,
                                          kNpu + u"analysis=true"_s,
                                          u"actor_rollout_ref.actor.profiler.enable=true"_s,
                                          u"actor_rollout_ref.actor.profiler.ranks=[0]"_s,
                                          u"global_profiler.tool=npu"_s,
                                          u"global_profiler.steps=[1]"_s};
    QTest::addRow("0.5.0") << u"0.5.0"_s
                           << QStringList{u"key-not-in-version"_s, u"key-not-in-version"_s, u"key-not-in-version"_s,
                                          u"profiler-level"_s, u"key-not-in-version"_s}
                           << QStringList{u"actor_rollout_ref.profiler.discrete=true"_s,
                                          u"trainer.npu_profile.options.with_npu=true"_s,
                                          u"trainer.npu_profile.options.with_cpu=true"_s,
                                          u"trainer.npu_profile.options.with_memory=false"_s,
                                          u"trainer.npu_profile.options.record_shapes=false"_s,
                                          u"trainer.npu_profile.options.with_module=false"_s,
                                          u"trainer.npu_profile.options.with_stack=false"_s,
                                          u"trainer.npu_profile.options.level=level1"_s,
                                          u"trainer.npu_profile.options.analysis=true"_s,
                                          u"trainer.profile_steps=[1]"_s,
                                          u"actor_rollout_ref.profiler.ranks=[0]"_s};
    QTest::addRow("0.4.1") << u"0.4.1"_s
                           << QStringList{u"key-not-in-version"_s, u"key-not-in-version"_s, u"key-not-in-version"_s,
                                          u"key-not-in-version"_s}
                           << QStringList{};
}

void TestLint::faqExample()
{
    QFETCH(QString, version);
    QFETCH(QStringList, errors);
    QFETCH(QStringList, corrected);
    const LintReport report = run(kFaq, version);
    QCOMPARE(report.overrides, 4);
    QStringList found;
    for (const Finding &f : report.findings) {
        if (f.severity == Finding::Severity::Error)
            found << f.rule;
    }
    QCOMPARE(found, errors);
    QCOMPARE(report.launches.size(), 1);
    QCOMPARE(hydraWords(report.launches.first().corrected), corrected);
    // Every word of the corrected command is an override Hydra reads.
    for (const QString &word : hydraWords(report.launches.first().corrected))
        QVERIFY2(vna::hydra::parseOverride(word).ok(), qPrintable(word));
    if (version == u"0.4.1")
        QCOMPARE(report.launches.first().dropped.size(), 4);
}

void TestLint::rules_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("fires");
    QTest::addColumn<QString>("fix");

    const QString on
        = u"global_profiler.tool=npu 'global_profiler.steps=[1]' actor_rollout_ref.actor.profiler.enable=True "_s;
    const auto row = [](const char *name, const QString &script, const char *version, const char *rule, bool fires,
                        const QString &fix = QString()) {
        QTest::addRow("%s", name) << script << QString::fromLatin1(version) << QString::fromLatin1(rule) << fires
                                  << fix;
    };

    // Hydra's grammar and command line
    row("sweep on an unknown key", kRun + u"trainer.logger=console,wandb"_s, "0.9.0", "ambiguous-sweep", true,
        u"'trainer.logger=[console,wandb]'"_s);
    row("list on an unknown key", kRun + u"'trainer.logger=[console,wandb]'"_s, "0.9.0", "ambiguous-sweep", false);
    row("sweep with --multirun", kRun + u"--multirun trainer.total_epochs=1,2"_s, "0.9.0", "ambiguous-sweep", false);
    row("sweep of steps", u"global_profiler.steps=1,2,5"_s, "0.9.0", "ambiguous-sweep", true,
        u"'global_profiler.steps=[1,2,5]'"_s);
    row("choice() needs multirun", kRun + u"a.lr='choice(0.1,0.2)'"_s, "0.9.0", "sweep-needs-multirun", true);
    row("cast is fine", kRun + u"'a.lr=float(1)'"_s, "0.9.0", "sweep-needs-multirun", false);
    row("bad Hydra syntax", kRun + u"a.b=x=y"_s, "0.9.0", "hydra-syntax", true);
    row("placeholder path", kRun + u"a.path=\\<path_to_model\\>"_s, "0.9.0", "hydra-syntax", true);
    row("a word that is no override", kRun + u"trainer.total_epochs=1 extra"_s, "0.9.0", "hydra-syntax", true);
    row("unknown Hydra option", kRun + u"--no-such-option a.b=1"_s, "0.9.0", "hydra-argument", true);
    row("Hydra's own options", kRun + u"--config-path=config --config-name ppo_trainer -cn x a.b=1"_s, "0.9.0",
        "hydra-argument", false);
    row("+ on an existing key", u"+actor_rollout_ref.actor.profiler.enable=True"_s, "0.9.0", "plus-on-existing-key",
        true, u"actor_rollout_ref.actor.profiler.enable=true"_s);
    // hydra 1.3.2 config_loader_impl.py:370: + over a null value is taken (global_profiler.tool: null).
    row("+ on a key whose value is null", u"+global_profiler.tool=npu"_s, "0.9.0", "plus-on-existing-key", false);
    row("+ of a list onto a list", u"'+global_profiler.steps=[1]'"_s, "0.9.0", "plus-on-existing-key", false);
    row("++ is fine", u"++actor_rollout_ref.actor.profiler.enable=True"_s, "0.9.0", "plus-on-existing-key", false);
    row("+ on a new key", kRun + u"+trainer.my_flag=1"_s, "0.9.0", "plus-on-existing-key", false);

    // Keys by release
    row("old bucket key on 0.7.1", u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096"_s, "0.7.1",
        "key-moved", true, u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=4096"_s);
    row("old bucket key on 0.7.0", u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096"_s, "0.7.0",
        "key-not-in-version", false);
    row("new bucket key on 0.6.0", u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=64"_s,
        "0.6.0", "key-moved", true, u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=64"_s);
    row("npu_profile on 0.6", u"trainer.npu_profile.options.level=level1"_s, "0.6.0", "key-not-in-version", true,
        kNpu + u"level=level1"_s);
    row("npu_profile on 0.5", u"trainer.npu_profile.options.level=level1"_s, "0.5.0", "key-not-in-version", false);
    row("global_profiler on 0.5", u"'global_profiler.steps=[1]'"_s, "0.5.0", "key-not-in-version", true,
        u"'trainer.profile_steps=[1]'"_s);
    row("token range before 0.9", u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_start=0"_s,
        "0.8.0", "key-not-in-version", true);
    row("reward profiler from 0.7.1", u"reward_model.profiler.enable=true"_s, "0.7.1", "key-not-in-version", true);
    row("reward profiler on 0.7.0", u"reward_model.profiler.enable=true"_s, "0.7.0", "key-not-in-version", false);
    row("no NPU profiler on 0.4.1", u"trainer.npu_profile.options.level=level1"_s, "0.4.1", "key-not-in-version", true);
    row("typo in a field", kNpu + u"contens=[npu]"_s, "0.9.0", "unknown-key", true,
        u"'"_s + kNpu + u"contents=[npu]'"_s);
    row("typo under global_profiler", u"'global_profiler.stepz=[1]'"_s, "0.9.0", "unknown-key", true,
        u"'global_profiler.steps=[1]'"_s);
    row("known field", u"'"_s + kNpu + u"contents=[npu]'"_s, "0.9.0", "unknown-key", false);
    row("rollout tool_config is an interpolation in 0.6",
        u"actor_rollout_ref.rollout.profiler.tool_config.npu.level=level1"_s, "0.6.0", "interpolated-node", true,
        kNpu + u"level=level1"_s);
    row("rollout tool_config is a node from 0.7.1",
        u"actor_rollout_ref.rollout.profiler.tool_config.npu.level=level1"_s, "0.7.1", "interpolated-node", false);
    row("reward tool_config is an interpolation in 0.7.0", u"reward_model.profiler.tool_config.npu.discrete=true"_s,
        "0.7.0", "interpolated-node", true, kNpu + u"discrete=true"_s);

    // Values
    row("contents item unknown", u"'"_s + kNpu + u"contents=[npu,gpu]'"_s, "0.9.0", "profiler-contents", true,
        u"'"_s + kNpu + u"contents=[npu]'"_s);
    row("contents not a list", kNpu + u"contents=npu"_s, "0.9.0", "profiler-contents", true,
        u"'"_s + kNpu + u"contents=[npu]'"_s);
    row("contents quoted items", u"\""_s + kNpu + u"contents=['npu','cpu']\""_s, "0.9.0", "profiler-contents", false);
    row("level as int", kNpu + u"level=2"_s, "0.9.0", "profiler-level", true, kNpu + u"level=level2"_s);
    row("level unknown", kNpu + u"level=level3"_s, "0.9.0", "profiler-level", true);
    row("level fine", kNpu + u"level=level_none"_s, "0.9.0", "profiler-level", false);
    row("checked bool as int", kNpu + u"analysis=0"_s, "0.9.0", "profiler-type", true, kNpu + u"analysis=false"_s);
    row("checked bool quoted", u"\""_s + kNpu + u"analysis='True'\""_s, "0.9.0", "profiler-type", true,
        kNpu + u"analysis=true"_s);
    row("unchecked bool as int works", kNpu + u"discrete=1"_s, "0.9.0", "profiler-type", false);
    row("unchecked bool 'False' is true", u"\"actor_rollout_ref.actor.profiler.enable='False'\""_s, "0.9.0",
        "profiler-type", true, u"actor_rollout_ref.actor.profiler.enable=false"_s);
    row("bool fine", kNpu + u"discrete=True"_s, "0.9.0", "profiler-type", false);
    row("steps not a list", u"global_profiler.steps=3"_s, "0.9.0", "profiler-type", true,
        u"'global_profiler.steps=[3]'"_s);
    row("steps null is fine", u"global_profiler.steps=null"_s, "0.9.0", "profiler-type", false);
    row("steps as quoted list", u"\"global_profiler.steps='[1,2]'\""_s, "0.9.0", "profiler-type", true,
        u"'global_profiler.steps=[1,2]'"_s);
    row("ranks not a list", u"actor_rollout_ref.actor.profiler.ranks=0"_s, "0.9.0", "profiler-type", true,
        u"'actor_rollout_ref.actor.profiler.ranks=[0]'"_s);
    row("tool for GPUs", u"global_profiler.tool=nsys"_s, "0.9.0", "profiler-tool", true, u"global_profiler.tool=npu"_s);
    row("tool unknown", u"global_profiler.tool=nvtx"_s, "0.9.0", "profiler-tool", true, u"global_profiler.tool=npu"_s);
    row("tool npu", u"global_profiler.tool=npu"_s, "0.9.0", "profiler-tool", false);
    row("precision debugger", u"global_profiler.tool=precision_debugger"_s, "0.9.0", "profiler-tool", false);
    row("bucket not a number", u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=big"_s,
        "0.9.0", "profiler-type", true);

    // The shell
    row("unquoted dict with comma", kRun + u"a.b={x:1,y:2}"_s, "0.9.0", "shell-brace-expansion", true,
        u"'a.b={x:1,y:2}'"_s);
    row("brace sequence", kRun + u"a.b={1..3}"_s, "0.9.0", "shell-brace-expansion", true);
    row("quoted dict", kRun + u"'a.b={x:1,y:2}'"_s, "0.9.0", "shell-brace-expansion", false);
    row("unquoted list in bash", kRun + u"global_profiler.steps=[1,2]"_s, "0.9.0", "shell-unquoted-list", false);
    row("unquoted list in zsh", u"#!/bin/zsh\n"_s + kRun + u"global_profiler.steps=[1,2]"_s, "0.9.0",
        "shell-unquoted-list", true, u"'global_profiler.steps=[1,2]'"_s);
    row("unquoted list with failglob", u"shopt -s failglob\n"_s + kRun + u"global_profiler.steps=[1,2]"_s, "0.9.0",
        "shell-unquoted-list", true, u"'global_profiler.steps=[1,2]'"_s);
    row("HCCL_DEBUG exported", u"export HCCL_DEBUG=INFO"_s, "0.9.0", "hccl-debug", true,
        u"export ASCEND_GLOBAL_LOG_LEVEL=1"_s);
    row("HCCL_DEBUG_CONFIG is real", u"export HCCL_DEBUG_CONFIG=ALG"_s, "0.9.0", "hccl-debug", false);
    row("HCCL_DEBUG as a prefix", u"HCCL_DEBUG=INFO python3 run.py"_s, "0.9.0", "hccl-debug", true,
        u"ASCEND_GLOBAL_LOG_LEVEL=1"_s);
    row("variable from outside", kRun + u"global_profiler.steps=$STEPS"_s, "0.9.0", "unresolved-variable", true);
    row("variable in a path is not worth a warning", kRun + u"data.train_files=$DATA/train.parquet"_s, "0.9.0",
        "unresolved-variable", false);
    row("variable from the script", u"STEPS=[1]\n"_s + kRun + u"'global_profiler.steps='$STEPS"_s, "0.9.0",
        "unresolved-variable", false);
    row("variable with a default", kRun + u"global_profiler.steps=${STEPS:-[1]}"_s, "0.9.0", "unresolved-variable",
        false);
    row("variable set in a branch",
        u"if [ -f x ]; then S=[1]; else S=[2]; fi\n"_s + kRun + u"'global_profiler.steps='$S"_s, "0.9.0",
        "unresolved-variable", false);
    row("script argument", kRun + u"global_profiler.steps=$1"_s, "0.9.0", "unresolved-variable", true);
    // A value only known when the script runs is not taken for "not set".
    row("unknown tool is not a missing tool",
        kRun
            + u"global_profiler.tool=$TOOL 'global_profiler.steps=[1]' "
              u"actor_rollout_ref.actor.profiler.enable=True"_s,
        "0.9.0", "profiler-not-collected", false);
    row("unknown enable is not a missing enable",
        kRun
            + u"global_profiler.tool=npu 'global_profiler.steps=[1]' "
              u"actor_rollout_ref.actor.profiler.enable=$ON"_s,
        "0.9.0", "profiler-not-collected", false);
    row("unknown all_ranks",
        kRun
            + u"global_profiler.tool=npu 'global_profiler.steps=[1]' "
              u"actor_rollout_ref.actor.profiler.enable=True "
              u"actor_rollout_ref.actor.profiler.all_ranks=$ALL"_s,
        "0.7.0", "profiler-no-ranks", false);
    row("not a launch", u"pip install torch==2.8.0\necho \"global_profiler.steps=1,2\"\nray start --port=6379"_s,
        "0.9.0", "ambiguous-sweep", false);

    // What the settings collect
    row("enable without tool", u"actor_rollout_ref.actor.profiler.enable=True 'global_profiler.steps=[1]'"_s, "0.9.0",
        "profiler-not-collected", true, u"global_profiler.tool=npu"_s);
    row("enable with tool and steps", on, "0.9.0", "profiler-not-collected", false);
    row("no role enabled", u"global_profiler.tool=npu 'global_profiler.steps=[1]'"_s, "0.9.0", "profiler-not-collected",
        true, u"actor_rollout_ref.actor.profiler.enable=true"_s);
    row("no ranks on 0.7.0 collects nothing", on, "0.7.0", "profiler-no-ranks", true,
        u"'actor_rollout_ref.actor.profiler.ranks=[0]'"_s);
    row("no ranks on 0.9 profiles rank 0", on, "0.9.0", "profiler-no-ranks", false);
    row("ranks given", on + u"'actor_rollout_ref.actor.profiler.ranks=[0,1]'"_s, "0.7.0", "profiler-no-ranks", false);
    row("no ranks on 0.5", u"'trainer.profile_steps=[1]' trainer.npu_profile.options.level=level1"_s, "0.5.0",
        "profiler-no-ranks", true, u"'actor_rollout_ref.profiler.ranks=[0]'"_s);
    row("critic options on 0.5", u"'trainer.profile_steps=[1]' 'critic.profiler.ranks=[0]'"_s, "0.5.0",
        "profiler-role-not-collected", true);
    row("Megatron on 0.5", kRun + u"--config-name=ppo_megatron_trainer 'trainer.profile_steps=[1]'"_s, "0.5.0",
        "profiler-role-not-collected", true);
    row("empty contents on 0.9.0", on + u"'"_s + kNpu + u"contents=[]'"_s, "0.9.0", "profiler-empty-contents", false);
    row("level2 with stack", on + u"'"_s + kNpu + u"contents=[npu,stack]' "_s + kNpu + u"level=level2"_s, "0.9.0",
        "profiler-level2-size", true);
    row("level1 with stack", on + u"'"_s + kNpu + u"contents=[npu,stack]' "_s + kNpu + u"level=level1"_s, "0.9.0",
        "profiler-level2-size", false);
    row("continuous with discrete",
        on + u"global_profiler.profile_continuous_steps=True "_s + kNpu + u"discrete=True"_s, "0.9.0",
        "profiler-continuous-discrete", true, kNpu + u"discrete=false"_s);
    row("continuous without discrete",
        on + u"global_profiler.profile_continuous_steps=True "_s + kNpu + u"discrete=False"_s, "0.9.0",
        "profiler-continuous-discrete", false);
    row("agent loop without discrete", on + u"actor_rollout_ref.rollout.profiler.enable=True"_s, "0.9.0",
        "agent-loop-discrete", true, u"actor_rollout_ref.rollout.profiler.tool_config.npu.discrete=true"_s);
    row("agent loop with discrete",
        on + u"actor_rollout_ref.rollout.profiler.enable=True "_s + kNpu + u"discrete=True"_s, "0.9.0",
        "agent-loop-discrete", false);
    row("sync rollout needs no discrete",
        on + u"actor_rollout_ref.rollout.profiler.enable=True actor_rollout_ref.rollout.mode=sync"_s, "0.9.0",
        "agent-loop-discrete", false);
    row("agent loop before 0.7.1", on + u"actor_rollout_ref.rollout.profiler.enable=True"_s, "0.7.0",
        "agent-loop-not-profiled", true);
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
    row("token range without discrete",
        on + u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_end=10"_s, "0.9.0",
        "profiler-token-range-unused", true);

    // What the reader cannot follow is said, not read silently wrong
    row("Windows line ends", kRun + u"\\\r\n    trainer.total_epochs=1\r\n"_s, "0.9.0", "shell-crlf", true);
    row("Unix line ends", kRun + u"\\\n    trainer.total_epochs=1\n"_s, "0.9.0", "shell-crlf", false);
    row("a command of 5,000 words", kRun + u"trainer.total_epochs={1..5000}"_s, "0.9.0", "not-checked", true);
    row("a command of 4,000 words", kRun + u"trainer.total_epochs={1..4000}"_s, "0.9.0", "not-checked", false);
    row("a function calling itself", u"f() { f; }\nf\n"_s, "0.9.0", "not-checked", true);
    row("functions calling each other", u"f() { g; }\ng() { echo; }\nf\nf\n"_s, "0.9.0", "not-checked", false);

    // Environment: vllm-ascend refuses the V0 engine XFORMERS selects from the release stack-pins.json
    // names (v0.10.0rc1:vllm_ascend/platform.py:120); verl#2837 ran with it, verl#3488 did not.
    row("XFORMERS exported", u"export VLLM_ATTENTION_BACKEND=XFORMERS\n"_s + kRun + u"trainer.nnodes=1"_s, "0.9.0",
        "vllm-xformers", true, u"unset VLLM_ATTENTION_BACKEND"_s);
    row("XFORMERS before the command", u"VLLM_ATTENTION_BACKEND=XFORMERS "_s + kRun + u"trainer.nnodes=1"_s, "0.5.0",
        "vllm-xformers", true);
    row("XFORMERS given through env", u"env -u HOME VLLM_ATTENTION_BACKEND=XFORMERS "_s + kRun + u"trainer.nnodes=1"_s,
        "0.9.0", "vllm-xformers", true);
    row("env of something else", u"env VLLM_USE_V1=1 "_s + kRun + u"trainer.nnodes=1"_s, "0.9.0", "vllm-xformers",
        false);
    row("another backend", u"export VLLM_ATTENTION_BACKEND=FLASH_ATTN\n"_s + kRun + u"trainer.nnodes=1"_s, "0.9.0",
        "vllm-xformers", false);

    // v0.9.0's Megatron-Lite examples add their own config package with hydra.searchpath.
    const QString mlite = kRun + u"actor@actor_rollout_ref.actor=mlite_actor actor_rollout_ref.actor.engine.tp=2 "_s;
    row("a group option from the script's search path", mlite + u"'hydra.searchpath=[pkg://verl_mlite.config]'"_s,
        "0.9.0", "group-option", false);
    row("a key from the script's search path", mlite + u"'hydra.searchpath=[pkg://verl_mlite.config]'"_s, "0.9.0",
        "unknown-key", false);
    row("the same option without it", mlite, "0.9.0", "group-option", true);
    row("keys elsewhere are still checked", mlite + u"'hydra.searchpath=[pkg://verl_mlite.config]' trainer.nnodez=1"_s,
        "0.9.0", "unknown-key", true);
    row("verl's own package adds nothing", mlite + u"'hydra.searchpath=[pkg://verl.trainer.config]'"_s, "0.9.0",
        "group-option", true);

    // Across keys, each where verl's own code checks it (verl-facts.json behaviour cross_*).
    const QString six = kRun + u"trainer.nnodes=1 trainer.n_gpus_per_node=6 "_s;
    row("rollout groups that do not fill the devices",
        six + u"actor_rollout_ref.rollout.tensor_model_parallel_size=4"_s, "0.9.0", "rollout-world", true);
    row("rollout groups that do", six + u"actor_rollout_ref.rollout.tensor_model_parallel_size=3"_s, "0.9.0",
        "rollout-world", false);
    row("the default tp of 2 on 6 devices", six, "0.9.0", "rollout-world", false);
    row("tp x dp from 0.6",
        six
            + u"actor_rollout_ref.rollout.tensor_model_parallel_size=2 "
              u"actor_rollout_ref.rollout.data_parallel_size=2"_s,
        "0.9.0", "rollout-world", true);
    row("tp alone in 0.5", six + u"actor_rollout_ref.rollout.tensor_model_parallel_size=4"_s, "0.5.0", "rollout-world",
        true);
    row("devices only the script knows",
        kRun + u"trainer.n_gpus_per_node=$N actor_rollout_ref.rollout.tensor_model_parallel_size=4"_s, "0.9.0",
        "rollout-world", false);
    row("main_generation's own keys",
        u"python3 -m verl.trainer.main_generation trainer.n_gpus_per_node=6 "
        u"rollout.tensor_model_parallel_size=4"_s,
        "0.6.0", "rollout-world", true);
    row("expert parallel that is not tp x dp", kRun + u"actor_rollout_ref.rollout.expert_parallel_size=4"_s, "0.9.0",
        "rollout-ep", true);
    row("expert parallel that is", kRun + u"actor_rollout_ref.rollout.expert_parallel_size=2"_s, "0.9.0", "rollout-ep",
        false);
    const QString multiTurn = kRun + u"actor_rollout_ref.rollout.multi_turn.enable=True "_s;
    row("multi-turn without tools in 0.4.0", multiTurn, "0.4.0", "multi-turn-config", true);
    row("multi-turn with tools in 0.4.0", multiTurn + u"actor_rollout_ref.rollout.multi_turn.tool_config_path=t.yaml"_s,
        "0.4.0", "multi-turn-config", false);
    row("multi-turn without tools in 0.5.0", multiTurn, "0.5.0", "multi-turn-config", false);
    row("multi-turn with GAE in 0.4.1", multiTurn + u"algorithm.adv_estimator=gae"_s, "0.4.1", "multi-turn-estimator",
        true);
    row("multi-turn with GRPO in 0.4.1", multiTurn + u"algorithm.adv_estimator=grpo"_s, "0.4.1", "multi-turn-estimator",
        false);
    row("multi-turn with GAE in 0.5.0", multiTurn + u"algorithm.adv_estimator=gae"_s, "0.5.0", "multi-turn-estimator",
        false);

    // Programs: verl.trainer.main_ppo_sync is in v0.8.0 only (removed by verl#6710), yet v0.9.0's
    // examples/remax_trainer/run_qwen2.5_math_7b_sync_fsdp.sh still runs it.
    row("a module the release lacks", u"python3 -m verl.trainer.main_ppo_sync trainer.nnodes=1"_s, "0.9.0", "no-module",
        true);
    row("the release that has it", u"python3 -m verl.trainer.main_ppo_sync trainer.nnodes=1"_s, "0.8.0", "no-module",
        false);
    row("a module of no release", u"python3 -m verl.trainer.main_mine trainer.nnodes=1"_s, "0.9.0", "no-module", false);
    row("recipe modules are not judged", u"python3 -m recipe.dapo.main_dapo trainer.nnodes=1"_s, "0.9.0", "no-module",
        false);
}

void TestLint::rules()
{
    QFETCH(QString, script);
    QFETCH(QString, version);
    QFETCH(QString, rule);
    QFETCH(bool, fires);
    QFETCH(QString, fix);
    const auto result = lint(script, *vna::verl::Version::parse(version, u"x"_s));
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
    const LintReport &report = *result;
    const auto found = std::find_if(report.findings.begin(), report.findings.end(),
                                    [&](const Finding &f) { return f.rule == rule; });
    QVERIFY2((found != report.findings.end()) == fires, qPrintable(ruleIds(report).join(u", "_s)));
    if (fires && !fix.isEmpty())
        QCOMPARE(found->fix, fix);
}

void TestLint::correctedKeysBelongToTheVersion_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("version");
    const QStringList scripts{
        kFaq,
        u"trainer.npu_profile.options.level=1 'trainer.profile_steps=[2]' actor_rollout_ref.profiler.discrete=True "
        u"trainer.npu_profile.options.with_memory=True"_s,
        u"global_profiler.tool=npu 'global_profiler.steps=[1]' actor_rollout_ref.rollout.profiler.enable=True "
        u"actor_rollout_ref.rollout.profiler.tool_config.npu.level=level1 reward_model.profiler.enable=True "
        u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=1024"_s};
    for (const vna::verl::VersionFacts &facts : vna::verl::allFacts()) {
        for (qsizetype i = 0; i < scripts.size(); ++i)
            QTest::addRow("%s script %d", qPrintable(facts.version.toString()), int(i))
                << scripts[i] << facts.version.toString();
    }
}

void TestLint::correctedKeysBelongToTheVersion()
{
    // "No key of another version": every override of a corrected command exists in the release.
    QFETCH(QString, script);
    QFETCH(QString, version);
    const LintReport report = run(script, version);
    const vna::verl::VersionFacts &facts = vna::verl::factsFor(*vna::verl::Version::parse(version, u"x"_s));
    for (const LaunchReport &launch : report.launches) {
        for (const QString &word : hydraWords(launch.corrected)) {
            const auto parsed = vna::hydra::parseOverride(word);
            QVERIFY2(parsed.ok(), qPrintable(word));
            QVERIFY2(facts.key(parsed->override.key), qPrintable(parsed->override.key + u" in verl "_s + version));
        }
    }
}

void TestLint::launches_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QStringList>("programs");
    QTest::addRow("entry points") << u"entry-points.sh"_s
                                  << QStringList{
                                         u"python3 -m verl.trainer.main_ppo"_s,
                                         u"python -u -m verl.trainer.main_ppo"_s,
                                         u"python3 verl/trainer/main_ppo.py"_s,
                                         u"torchrun --nnodes=1 --nproc_per_node 8 -m verl.trainer.sft_trainer"_s,
                                         u"ray job submit … -- python3 -m verl.trainer.main_ppo"_s,
                                         u"python3 -m verl.trainer.main_ppo"_s,
                                         u"python3 -m verl.trainer.main_ppo"_s,
                                         u"python3 -m verl.trainer.main_ppo"_s,
                                         u"python3 -m recipe.dapo.main_dapo"_s};
    QTest::addRow("not launches") << u"not-launches.sh"_s << QStringList{};
    QTest::addRow("functions") << u"functions.sh"_s << QStringList{u"python3 -m verl.trainer.main_ppo"_s};
    // verl#3566 pasted its launch as bash printed it under set -x, between the lines Ray printed.
    QTest::addRow("set -x trace") << u"trace.sh"_s << QStringList{u"python3 -m verl.trainer.main_ppo"_s};
}

void TestLint::launches()
{
    QFETCH(QString, fixture);
    QFETCH(QStringList, programs);
    // A trace is what bash printed, not a script bash runs: it lives beside the pasted launches.
    QFile file(QStringLiteral(VNA_FIXTURES_DIR) + (fixture == u"trace.sh" ? u"/launches/"_s : u"/shell/"_s) + fixture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const LintReport report = run(QString::fromUtf8(file.readAll()));
    QStringList found;
    for (const LaunchReport &launch : report.launches)
        found << launch.program;
    QCOMPARE(found, programs);
    QCOMPARE(report.tracedCommands, fixture == u"trace.sh" ? 5 : 0);
    if (fixture == u"trace.sh") {
        QCOMPARE(report.overrides, 21);
        QCOMPARE(report.checked, 21);
        QCOMPARE(report.launches.first().line, 5);
        QCOMPARE(report.launches.first().column, 3);
    }
    if (programs.isEmpty()) {
        QCOMPARE(report.overrides, 0);
        QVERIFY(report.findings.isEmpty());
        QVERIFY(launchLines(report).first().startsWith(u"No verl launch found"_s));
    }
}

void TestLint::pastedForms_data()
{
    // What users paste from issues: the launch is read as bash would run it once the paste is undone.
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("launches");
    QTest::addColumn<bool>("markdown");
    QTest::addColumn<int>("traced");
    const QString launch = kRun + u"trainer.nnodes=1"_s;
    QTest::addRow("a fenced block") << u"```bash\n"_s + launch + u"\n```\n"_s << 1 << true << 0;
    QTest::addRow("inline code over lines") << u"`"_s + kRun + u"\\\n  trainer.nnodes=1\n`\n"_s << 1 << true << 0;
    QTest::addRow("inline code on one line") << u"`"_s + launch + u"`"_s << 1 << true << 0;
    QTest::addRow("an opening backquote, the rest cut off") << u"`\nset -x\n"_s + launch << 1 << true << 0;
    QTest::addRow("a real command substitution") << u"T=`date +%s`\n"_s + launch << 1 << false << 0;
    QTest::addRow("a trace in a fence") << u"```\n+ "_s + launch + u"\n(TaskRunner pid=1) hello\n```"_s << 1 << true
                                        << 1;
    QTest::addRow("a trace's nested level") << u"++ hostname\n+ NODE=n1\n+ "_s + launch << 1 << false << 3;
    QTest::addRow("a trace that starts with an assignment") << u"+ MODEL=/m\n+ "_s + launch << 1 << false << 2;
    QTest::addRow("a diff in a here-document is no trace")
        << u"cat <<'EOF' > fix.patch\n+ added line\n- removed line\nEOF\n"_s + launch << 1 << false << 0;
    QTest::addRow("a quoted word over lines")
        << u"+ "_s + kRun + u"'trainer.experiment_name=a\nb' trainer.nnodes=1"_s << 1 << false << 1;
}

void TestLint::pastedForms()
{
    QFETCH(QString, text);
    QFETCH(int, launches);
    QFETCH(bool, markdown);
    QFETCH(int, traced);
    const auto report = lint(text, *vna::verl::Version::parse(u"0.9.0"_s, u"x"_s));
    QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().message));
    QCOMPARE(report->launches.size(), launches);
    QCOMPARE(report->markdown, markdown);
    QCOMPARE(report->tracedCommands, traced);
    QCOMPARE(report->checked, report->overrides);
}

void TestLint::unresolvedOncePerVariable()
{
    const LintReport report = run(kRun
                                  + u"global_profiler.steps=$STEPS actor_rollout_ref.actor.profiler.ranks=$STEPS \\\n"
                                    u"actor_rollout_ref.ref.profiler.ranks=$RANKS data.train_files=$HOME/x"_s);
    QStringList messages;
    for (const Finding &f : report.findings) {
        if (f.rule == u"unresolved-variable")
            messages << f.message;
    }
    QCOMPARE(messages.size(), 2);
    QVERIFY2(messages.first().contains(u"$STEPS"_s), qPrintable(messages.first()));
    QVERIFY2(messages.first().contains(u"global_profiler.steps, actor_rollout_ref.actor.profiler.ranks"_s),
             qPrintable(messages.first()));
    QVERIFY2(messages.last().contains(u"$RANKS"_s), qPrintable(messages.last()));
    QVERIFY2(messages.last().contains(u"actor_rollout_ref.ref.profiler.ranks"_s), qPrintable(messages.last()));
}

void TestLint::positionsAndFixes()
{
    const QString script = u"#!/bin/bash\nset -e\npython3 -m verl.trainer.main_ppo \\\n"
                           u"    data.train_batch_size=32 \\\n"
                           u"    actor_rollout_ref.actor.profiler.tool_config.npu.level=1\n"_s;
    const LintReport report = run(script);
    QCOMPARE(report.overrides, 2);
    // The error, then what the settings lack to collect anything (tied to the same override).
    QCOMPARE(ruleIds(report),
             (QStringList{u"profiler-level"_s, u"profiler-not-collected"_s, u"profiler-not-collected"_s,
                          u"profiler-not-collected"_s}));
    QCOMPARE(report.findings.first().line, qsizetype(5));
    QCOMPARE(report.findings.first().column, qsizetype(5));
    QCOMPARE(report.findings.first().severity, Finding::Severity::Error);
    const QJsonObject json = report.findings.first().toJson();
    QCOMPARE(json.value(u"line"_s).toInt(), 5);
    QCOMPARE(json.value(u"severity"_s).toString(), u"error"_s);
    QCOMPARE(json.value(u"rule"_s).toString(), u"profiler-level"_s);
    QCOMPARE(json.value(u"fix"_s).toString(), u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level1"_s);
    QCOMPARE(report.launches.first().corrected,
             (QStringList{u"python3"_s, u"-m"_s, u"verl.trainer.main_ppo"_s, u"data.train_batch_size=32"_s,
                          u"actor_rollout_ref.actor.profiler.tool_config.npu.level=level1"_s,
                          u"actor_rollout_ref.actor.profiler.enable=true"_s, u"global_profiler.tool=npu"_s,
                          u"'global_profiler.steps=[1]'"_s}));
}

void TestLint::arrayElementsPointAtTheirLine()
{
    const QString script
        = u"P=(\n  global_profiler.tool=npu\n  global_profiler.steps=3\n)\n"
          u"python3 -m verl.trainer.main_ppo \"${P[@]}\" actor_rollout_ref.actor.profiler.enable=True\n"_s;
    const LintReport report = run(script);
    QCOMPARE(ruleIds(report), (QStringList{u"profiler-type"_s}));
    QCOMPARE(report.findings.first().line, qsizetype(3));
    QCOMPARE(report.findings.first().column, qsizetype(3));
}

void TestLint::shellFixturesAtEveryRelease_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("errors");
    const QDir dir(QStringLiteral(VNA_FIXTURES_DIR) + u"/shell"_s);
    for (const QString &name : dir.entryList({u"*.sh"_s}, QDir::Files, QDir::Name)) {
        for (const char *version : {"0.5.0", "0.7.0", "0.9.0"}) {
            // The keys of 0.6 and later (global_profiler, role profilers, the checkpoint_engine bucket) are
            // errors in 0.5, and the checkpoint_engine bucket key before 0.7.1.
            const QLatin1StringView v(version);
            QStringList errors;
            const auto missing = [&errors](int n) {
                for (int i = 0; i < n; ++i)
                    errors << u"key-not-in-version"_s;
            };
            if (v == u"0.5.0" && name == u"arrays.sh")
                missing(4);
            if (v == u"0.5.0" && (name == u"nested-quotes.sh" || name == u"tilde-defaults.sh"))
                missing(name == u"nested-quotes.sh" ? 2 : 1);
            if (v == u"0.5.0" && name == u"functions.sh")
                missing(3);
            if (v == u"0.5.0" && name == u"entry-points.sh")
                errors << u"no-module"_s; // torchrun -m verl.trainer.sft_trainer: first in v0.6.0
            if (v != u"0.9.0" && name == u"arithmetic.sh")
                errors << u"key-moved"_s; // the checkpoint_engine bucket key arrived in 0.7.1
            QTest::addRow("%s at %s", qPrintable(name), version)
                << dir.filePath(name) << QString::fromLatin1(version) << errors;
        }
    }
}

void TestLint::shellFixturesAtEveryRelease()
{
    // Scripts bash runs without complaint lint without false errors: an error only where the release
    // really lacks the key or bash really splits the word.
    QFETCH(QString, fixture);
    QFETCH(QString, version);
    QFETCH(QStringList, errors);
    QFile file(fixture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const LintReport report = run(QString::fromUtf8(file.readAll()), version);
    QStringList found;
    for (const Finding &f : report.findings) {
        if (f.severity == Finding::Severity::Error)
            found << f.rule;
    }
    QCOMPARE(found, errors);
}

void TestLint::versionNotes()
{
    QCOMPARE(versionNote(*vna::verl::Version::parse(u"0.9.0"_s, u"x"_s)), QString());
    const QString note = versionNote(*vna::verl::Version::parse(u"0.8.3"_s, u"x"_s));
    QVERIFY2(note.contains(u"0.8.0"_s), qPrintable(note));
    // Older than the facts: said as such, never "the nearest earlier one" (0.4.0 is later), and the
    // report agrees that nothing was checked.
    const auto old = *vna::verl::Version::parse(u"0.3.1"_s, u"x"_s);
    QCOMPARE(versionNote(old).contains(u"older than every release"_s), true);
    QCOMPARE(versionNote(old).contains(u"nearest earlier"_s), false);
    const LintReport report = run(kRun + u"data.train_batch_size=8"_s, u"0.3.1"_s);
    QCOMPARE(report.overrides, 1);
    QCOMPARE(report.checked, 0);
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
