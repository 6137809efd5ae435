// The launch checker against verl's whole config (resources/data/verl-config.json): every rule with a
// row where it fires and one where it does not, what is and is not counted as checked, and moving a
// script between releases. The keys are verl's own at each release; where a row depends on a fact of
// verl's source, the comment names it.
#include <QTest>

#include "profiler/lint.h"
#include "profiler/migrate.h"
#include "verl/configfacts.h"

using namespace Qt::StringLiterals;
using namespace vna::profiler;

namespace {

const QString kPpo = u"python3 -m verl.trainer.main_ppo "_s;

vna::verl::Version version(const QString &text)
{
    return *vna::verl::Version::parse(text, u"test"_s);
}

LintReport run(const QString &script, const QString &release)
{
    const auto report = lint(script, version(release));
    return report.ok() ? *report : LintReport{};
}

QStringList ruleIds(const LintReport &report)
{
    QStringList list;
    for (const Finding &f : report.findings)
        list << f.rule + u'@' + f.key;
    return list;
}

} // namespace

class TestConfigRules final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void factsLoad();
    void rules_data();
    void rules();
    void coverage_data();
    void coverage();
    void migration_data();
    void migration();
    void issueExample();
};

void TestConfigRules::factsLoad()
{
    const auto &facts = vna::verl::ConfigFacts::instance();
    QVERIFY2(facts.isValid(), qPrintable(facts.error()));
    // Every release from 0.4.0 that the profiler facts know is read.
    QCOMPARE(facts.releases().constFirst().toString(), u"0.4.0"_s);
    QVERIFY(facts.releases().contains(version(u"0.9.0"_s)));
    const qsizetype release = facts.releaseFor(version(u"0.9.0"_s));
    QCOMPARE(facts.programConfig(u"verl.trainer.main_ppo"_s, true, release), u"verl/trainer/config/ppo_trainer"_s);
    QCOMPARE(facts.programConfig(u"verl/trainer/sft_trainer.py"_s, false, release),
             u"verl/trainer/config/sft_trainer_engine"_s);
    const auto config = facts.compose(u"verl/trainer/config/ppo_trainer"_s, release);
    QVERIFY(config.ok());
    // _generated_ppo_trainer.yaml at v0.9.0 lists 824 leaves; the composition has them and their nodes.
    QVERIFY2(config->nodes.size() > 900, qPrintable(QString::number(config->nodes.size())));
    const auto *batch = config->node(u"data.train_batch_size"_s);
    QVERIFY(batch);
    QCOMPARE(batch->type, vna::verl::ConfigNode::Type::Int);
    QCOMPARE(batch->source, u"v0.9.0:verl/trainer/config/data/legacy_data.yaml:42"_s);
    QCOMPARE(config->node(u"actor_rollout_ref.actor"_s)->target, u"verl.workers.config.FSDPActorConfig"_s);
    // A group option's composition: the Megatron actor.
    const auto megatron
        = facts.compose(u"verl/trainer/config/ppo_trainer"_s, release, {{u"model_engine"_s, u"megatron"_s}});
    QVERIFY(megatron.ok());
    QCOMPARE(megatron->node(u"actor_rollout_ref.actor"_s)->target, u"verl.workers.config.McoreActorConfig"_s);
    QVERIFY(megatron->node(u"actor_rollout_ref.actor.megatron.tensor_model_parallel_size"_s));
    QVERIFY(!config->node(u"actor_rollout_ref.actor.megatron.tensor_model_parallel_size"_s));
}

void TestConfigRules::rules_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("release");
    QTest::addColumn<QString>("rule"); // rule@key
    QTest::addColumn<bool>("fires");
    QTest::addColumn<QString>("fix");
    const auto row = [](const char *name, const QString &script, const char *release, const QString &rule, bool fires,
                        const QString &fix = QString()) {
        QTest::addRow("%s", name) << script << QString::fromLatin1(release) << rule << fires << fix;
    };

    // A key the config does not have.
    row("typo of a real key", kPpo + u"actor_rollout_ref.actor.ppo_mini_batch_sizee=8"_s, "0.9.0",
        u"unknown-key@actor_rollout_ref.actor.ppo_mini_batch_sizee"_s, true,
        u"actor_rollout_ref.actor.ppo_mini_batch_size=8"_s);
    row("swapped letters", kPpo + u"actor_rollout_ref.rollout.gpu_memory_utilizaiton=0.6"_s, "0.9.0",
        u"unknown-key@actor_rollout_ref.rollout.gpu_memory_utilizaiton"_s, true,
        u"actor_rollout_ref.rollout.gpu_memory_utilization=0.6"_s);
    // top_ is one edit from top_p and from top_k: 0.7 is a float, as top_p's default is.
    row("a typo two keys are as near to", kPpo + u"actor_rollout_ref.rollout.val_kwargs.top_=0.7"_s, "0.9.0",
        u"unknown-key@actor_rollout_ref.rollout.val_kwargs.top_"_s, true,
        u"actor_rollout_ref.rollout.val_kwargs.top_p=0.7"_s);
    row("a typo whose value comes from a variable", kPpo + u"data.tarin_files=$DATA"_s, "0.9.0",
        u"unknown-key@data.tarin_files"_s, true, u"data.train_files=$DATA"_s);
    row("the real key", kPpo + u"actor_rollout_ref.actor.ppo_mini_batch_size=8"_s, "0.9.0",
        u"unknown-key@actor_rollout_ref.actor.ppo_mini_batch_size"_s, false);
    row("no near key to suggest", kPpo + u"trainer.fooo=1"_s, "0.9.0", u"unknown-key@trainer.fooo"_s, true);
    row("a key of the SFT trainer on PPO", kPpo + u"trainer.max_ckpt_to_keep=2"_s, "0.9.0",
        u"key-of-other-config@trainer.max_ckpt_to_keep"_s, true);
    row("the same key on the SFT trainer", u"python3 -m verl.trainer.sft_trainer trainer.max_ckpt_to_keep=2"_s, "0.9.0",
        u"key-of-other-config@trainer.max_ckpt_to_keep"_s, false);
    row("a Megatron key without model_engine",
        kPpo + u"actor_rollout_ref.actor.megatron.tensor_model_parallel_size=2"_s, "0.9.0",
        u"key-of-other-config@actor_rollout_ref.actor.megatron.tensor_model_parallel_size"_s, true);
    row("a Megatron key with model_engine=megatron",
        kPpo + u"model_engine=megatron actor_rollout_ref.actor.megatron.tensor_model_parallel_size=2"_s, "0.9.0",
        u"key-of-other-config@actor_rollout_ref.actor.megatron.tensor_model_parallel_size"_s, false);
    row("a Megatron key with --config-name",
        kPpo + u"--config-name=ppo_megatron_trainer actor_rollout_ref.actor.megatron.tensor_model_parallel_size=2"_s,
        "0.7.1", u"key-of-other-config@actor_rollout_ref.actor.megatron.tensor_model_parallel_size"_s, false);
    // v0.7.1:verl/trainer/config/ppo_trainer.yaml has trainer.use_legacy_worker_impl; v0.8.0's has not.
    row("a key removed in 0.8.0", kPpo + u"trainer.use_legacy_worker_impl=disable"_s, "0.9.0",
        u"key-not-in-version@trainer.use_legacy_worker_impl"_s, true);
    row("the same key in 0.7.1", kPpo + u"trainer.use_legacy_worker_impl=disable"_s, "0.7.1",
        u"key-not-in-version@trainer.use_legacy_worker_impl"_s, false);
    // critic.model.fsdp_config.* became critic.fsdp.* in 0.8.0 (found by comparing the two releases).
    row("a key moved in 0.8.0", kPpo + u"critic.model.fsdp_config.param_offload=True"_s, "0.9.0",
        u"key-moved@critic.model.fsdp_config.param_offload"_s, true, u"critic.fsdp.param_offload=true"_s);
    row("the moved key before", kPpo + u"critic.model.fsdp_config.param_offload=True"_s, "0.7.1",
        u"key-moved@critic.model.fsdp_config.param_offload"_s, false);
    row("a new key on an old release", kPpo + u"critic.fsdp.param_offload=True"_s, "0.7.1",
        u"key-moved@critic.fsdp.param_offload"_s, true, u"critic.model.fsdp_config.param_offload=true"_s);
    row("an old key added with +", kPpo + u"+actor_rollout_ref.rollout.update_weights_bucket_megabytes=4096"_s, "0.7.1",
        u"key-moved@actor_rollout_ref.rollout.update_weights_bucket_megabytes"_s, true,
        u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=4096"_s);
    row("algorithm.rollout_is moved in 0.6.1", kPpo + u"algorithm.rollout_is=True"_s, "0.9.0",
        u"key-moved@algorithm.rollout_is"_s, true, u"algorithm.rollout_correction.rollout_is=true"_s);
    // v0.9.0:verl/workers/config/rollout.py: RolloutConfig has limit_images; rollout.yaml does not.
    row("a dataclass field the file leaves out", kPpo + u"actor_rollout_ref.rollout.limit_images=4"_s, "0.9.0",
        u"key-needs-plus@actor_rollout_ref.rollout.limit_images"_s, true,
        u"+actor_rollout_ref.rollout.limit_images=4"_s);
    row("the field added with +", kPpo + u"+actor_rollout_ref.rollout.limit_images=4"_s, "0.9.0",
        u"plus-on-dataclass@actor_rollout_ref.rollout.limit_images"_s, false);

    // + on what exists, and where verl refuses a new key.
    row("+ on an existing key", kPpo + u"+trainer.val_before_train=False"_s, "0.9.0",
        u"plus-on-existing-key@trainer.val_before_train"_s, true, u"trainer.val_before_train=false"_s);
    row("++ on an existing key", kPpo + u"++trainer.val_before_train=False"_s, "0.9.0",
        u"plus-on-existing-key@trainer.val_before_train"_s, false);
    // hydra 1.3.2 config_loader_impl.py:370: + is taken over null and ???, and a list or dict merges.
    row("+ over a null value",
        kPpo
            + u"+actor_rollout_ref.actor.megatron.override_transformer_config."
              u"recompute_method=uniform model_engine=megatron"_s,
        "0.9.0",
        u"plus-on-existing-key@actor_rollout_ref.actor.megatron.override_transformer_config.recompute_method"_s, false);
    row("+ over ???", kPpo + u"+actor_rollout_ref.rollout.name=vllm"_s, "0.9.0",
        u"plus-on-existing-key@actor_rollout_ref.rollout.name"_s, false);
    row("+ of a list", kPpo + u"'+trainer.logger=[console]'"_s, "0.9.0", u"plus-on-existing-key@trainer.logger"_s,
        false);
    row("+ under a dataclass node", kPpo + u"+actor_rollout_ref.actor.foo=1"_s, "0.9.0",
        u"plus-on-dataclass@actor_rollout_ref.actor.foo"_s, true);
    row("+ under a nested dataclass", kPpo + u"+actor_rollout_ref.actor.fsdp_config.zzz=1"_s, "0.9.0",
        u"plus-on-dataclass@actor_rollout_ref.actor.fsdp_config.zzz"_s, true);
    row("+ misspelling a field", kPpo + u"+actor_rollout_ref.actor.use_kl_los=True"_s, "0.9.0",
        u"plus-on-dataclass@actor_rollout_ref.actor.use_kl_los"_s, true, u"actor_rollout_ref.actor.use_kl_loss=true"_s);
    // v0.9.0:verl/trainer/ppo/core_algos.py asserts algorithm is not an AlgoConfig: never built.
    row("+ under a node verl does not build", kPpo + u"+algorithm.foo=1"_s, "0.9.0",
        u"plus-on-dataclass@algorithm.foo"_s, false);
    row("+ into an open dict", kPpo + u"+actor_rollout_ref.model.override_config.attention_dropout=0.1"_s, "0.9.0",
        u"plus-on-dataclass@actor_rollout_ref.model.override_config.attention_dropout"_s, false);
    // 0.5 builds only the profiler nodes.
    row("+ under actor on 0.5", kPpo + u"+actor_rollout_ref.actor.foo=1"_s, "0.5.0",
        u"plus-on-dataclass@actor_rollout_ref.actor.foo"_s, false);
    row("+ near an existing key", kPpo + u"+trainer.total_epoch=1"_s, "0.9.0", u"plus-new-key@trainer.total_epoch"_s,
        true, u"trainer.total_epochs=1"_s);
    row("+ of a new key", kPpo + u"+trainer.my_flag=1"_s, "0.9.0", u"plus-new-key@trainer.my_flag"_s, false);
    // Quoted: bash would read an unquoted ~name as a user's home folder.
    row("~ of a missing key", kPpo + u"'~trainer.fooo'"_s, "0.9.0", u"delete-missing@trainer.fooo"_s, true);
    row("~ of a key", kPpo + u"'~trainer.val_before_train'"_s, "0.9.0", u"delete-missing@trainer.val_before_train"_s,
        false);

    // Config groups.
    row("an option the group lacks", kPpo + u"model_engine=megatrom"_s, "0.9.0", u"group-option@model_engine"_s, true,
        u"model_engine=megatron"_s);
    row("an option it has", kPpo + u"model_engine=megatron"_s, "0.9.0", u"group-option@model_engine"_s, false);
    row("the last choice of a group wins",
        kPpo + u"model_engine=megatron model_engine=dp actor_rollout_ref.actor.ppo_mini_batch_size=8"_s, "0.9.0",
        u"group-option@model_engine"_s, false);
    // v0.7.1:verl/trainer/config/model_engine/ has dp, torchtitan and veomni only.
    row("an option of a later release", kPpo + u"model_engine=megatron"_s, "0.7.1", u"group-option@model_engine"_s,
        true);
    row("Hydra's own group", kPpo + u"hydra/job_logging=disabled"_s, "0.9.0", u"group-option@hydra/job_logging"_s,
        false);
    row("Hydra's own group, a wrong option", kPpo + u"hydra/job_logging=nope"_s, "0.9.0",
        u"group-option@hydra/job_logging"_s, true);
    row("Hydra's own key", kPpo + u"hydra.run.dir=/tmp/run"_s, "0.9.0", u"unknown-key@hydra.run.dir"_s, false);
    row("Hydra's own key, a typo", kPpo + u"hydra.fooo=1"_s, "0.9.0", u"unknown-key@hydra.fooo"_s, true);

    // Values.
    row("text for an int", kPpo + u"data.train_batch_size=abc"_s, "0.9.0", u"wrong-type@data.train_batch_size"_s, true);
    row("an int for an int", kPpo + u"data.train_batch_size=512"_s, "0.9.0", u"wrong-type@data.train_batch_size"_s,
        false);
    // v0.5.0:verl/trainer/config/actor/actor.yaml: entropy_coeff: 0, a literal no dataclass types (v0.6.0's
    // verl/workers/config/actor.py:108 types it float): OmegaConf keeps the float it is given.
    row("a float where the YAML default is 0", kPpo + u"actor_rollout_ref.actor.entropy_coeff=0.001"_s, "0.5.0",
        u"wrong-type@actor_rollout_ref.actor.entropy_coeff"_s, false);
    // v0.9.0:verl/workers/config/actor.py: ppo_mini_batch_size: int.
    row("a float where a dataclass says int", kPpo + u"actor_rollout_ref.actor.ppo_mini_batch_size=1.5"_s, "0.9.0",
        u"wrong-type@actor_rollout_ref.actor.ppo_mini_batch_size"_s, true);
    // v0.9.0:verl/trainer/sft_trainer.py:195 compares test_freq with "after_each_epoch".
    row("text verl's code looks for", u"python3 -m verl.trainer.sft_trainer trainer.test_freq=after_each_epoch"_s,
        "0.9.0", u"wrong-type@trainer.test_freq"_s, false);
    row("other text for the same key", u"python3 -m verl.trainer.sft_trainer trainer.test_freq=each_epoch"_s, "0.9.0",
        u"wrong-type@trainer.test_freq"_s, true);
    // v0.9.0:verl/trainer/config/algorithm.py:179: rollout_is_threshold: str | float.
    row("a field annotated with several kinds", kPpo + u"algorithm.rollout_correction.rollout_is_threshold=0.5_4.0"_s,
        "0.9.0", u"wrong-type@algorithm.rollout_correction.rollout_is_threshold"_s, false);
    row("a dict for a list", kPpo + u"'trainer.logger={a:1}'"_s, "0.9.0", u"wrong-type@trainer.logger"_s, true);
    row("a list for a list", kPpo + u"'trainer.logger=[console]'"_s, "0.9.0", u"wrong-type@trainer.logger"_s, false);
    row("new keys merged into a node", kPpo + u"'actor_rollout_ref.model.override_config={attention_dropout:0.1}'"_s,
        "0.9.0", u"dict-new-key@actor_rollout_ref.model.override_config"_s, true);
    // recipe/atropos writes it quoted with its +: the + keeps it, and Hydra's add merges new keys in.
    row("new keys added into a node",
        kPpo + u"'+actor_rollout_ref.model.override_config={attn_implementation: sdpa}'"_s, "0.9.0",
        u"dict-new-key@actor_rollout_ref.model.override_config"_s, false);
    row("its keys merged into a node", kPpo + u"'trainer={nnodes:2}'"_s, "0.9.0", u"dict-new-key@trainer"_s, false);
    // v0.9.0:verl/workers/rollout/base.py: _ROLLOUT_REGISTRY knows vllm, sglang and trtllm.
    row("a rollout engine verl lacks", kPpo + u"actor_rollout_ref.rollout.name=vlm"_s, "0.9.0",
        u"value-refused@actor_rollout_ref.rollout.name"_s, true, u"actor_rollout_ref.rollout.name=vllm"_s);
    row("a rollout engine it has", kPpo + u"actor_rollout_ref.rollout.name=sglang"_s, "0.9.0",
        u"value-refused@actor_rollout_ref.rollout.name"_s, false);
    // v0.7.0:verl/workers/config/rollout.py refuses mode=sync in __post_init__.
    row("sync rollout from 0.7.0", kPpo + u"actor_rollout_ref.rollout.mode=sync"_s, "0.9.0",
        u"value-refused@actor_rollout_ref.rollout.mode"_s, true);
    row("sync rollout on 0.6.1", kPpo + u"actor_rollout_ref.rollout.mode=sync"_s, "0.6.1",
        u"value-refused@actor_rollout_ref.rollout.mode"_s, false);
    // token-sum arrived in v0.9.0:verl/workers/config/actor.py's list.
    row("token-sum on 0.8.0", kPpo + u"actor_rollout_ref.actor.loss_agg_mode=token-sum"_s, "0.8.0",
        u"value-refused@actor_rollout_ref.actor.loss_agg_mode"_s, true);
    row("token-sum on 0.9.0", kPpo + u"actor_rollout_ref.actor.loss_agg_mode=token-sum"_s, "0.9.0",
        u"value-refused@actor_rollout_ref.actor.loss_agg_mode"_s, false);
    row("an advantage estimator verl lacks", kPpo + u"algorithm.adv_estimator=grpoo"_s, "0.9.0",
        u"value-refused@algorithm.adv_estimator"_s, true, u"algorithm.adv_estimator=grpo"_s);
    row("a scheduler verl refuses", kPpo + u"actor_rollout_ref.actor.optim.lr_scheduler_type=linear"_s, "0.9.0",
        u"value-refused@actor_rollout_ref.actor.optim.lr_scheduler_type"_s, true);
}

void TestConfigRules::rules()
{
    QFETCH(QString, script);
    QFETCH(QString, release);
    QFETCH(QString, rule);
    QFETCH(bool, fires);
    QFETCH(QString, fix);
    const LintReport report = run(script, release);
    const QStringList ids = ruleIds(report);
    QCOMPARE(ids.contains(rule), fires);
    if (fires && !fix.isEmpty()) {
        const auto found = std::find_if(report.findings.begin(), report.findings.end(),
                                        [&](const Finding &f) { return f.rule + u'@' + f.key == rule; });
        QCOMPARE(found->fix, fix);
        // The corrected command carries an error's fix (a warning's is a suggestion only).
        if (found->severity == Finding::Severity::Error)
            QVERIFY2(correctedText(report, version(release)).contains(fix),
                     qPrintable(correctedText(report, version(release))));
    }
}

void TestConfigRules::coverage_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("checked");
    QTest::addColumn<int>("notChecked");
    QTest::addColumn<QString>("reason"); // a part of the first not-checked reason

    QTest::addRow("all known") << kPpo + u"trainer.total_epochs=1 data.train_batch_size=8"_s << u"0.9.0"_s << 2 << 0
                               << QString();
    QTest::addRow("an int from outside") << kPpo + u"data.train_batch_size=$BS"_s << u"0.9.0"_s << 0 << 1
                                         << u"variable"_s;
    QTest::addRow("a path from outside") << kPpo + u"data.train_files=$DATA/train.parquet"_s << u"0.9.0"_s << 1 << 0
                                         << QString();
    QTest::addRow("a key from outside") << kPpo + u"$KEY=1"_s << u"0.9.0"_s << 0 << 1 << u"its key"_s;
    QTest::addRow("the script's arguments")
        << kPpo + u"trainer.total_epochs=1 \"$@\""_s << u"0.9.0"_s << 1 << 1 << u"arguments"_s;
    QTest::addRow("a recipe the facts lack") << u"python3 -m recipe.nothing.main_nothing trainer.total_epochs=1"_s
                                             << u"0.9.0"_s << 0 << 1 << u"not a Hydra program"_s;
    QTest::addRow("a release older than the facts")
        << kPpo + u"trainer.total_epochs=1"_s << u"0.3.0"_s << 0 << 1 << u"older"_s;
    QTest::addRow("a config folder the facts lack") << kPpo + u"--config-path=/home/me/configs trainer.total_epochs=1"_s
                                                    << u"0.9.0"_s << 0 << 1 << u"--config-path"_s;
    QTest::addRow("the last group choice wins")
        << kPpo + u"model_engine=megatron model_engine=dp actor_rollout_ref.actor.fsdp_config.param_offload=True"_s
        << u"0.9.0"_s << 3 << 0 << QString();
    QTest::addRow("a recipe's own config folder")
        << u"python3 -m recipe.dapo.main_dapo --config-path=config --config-name=dapo_trainer "
           u"trainer.total_epochs=1"_s
        << u"0.9.0"_s << 1 << 0 << QString();
}

void TestConfigRules::coverage()
{
    QFETCH(QString, script);
    QFETCH(QString, release);
    QFETCH(int, checked);
    QFETCH(int, notChecked);
    QFETCH(QString, reason);
    const LintReport report = run(script, release);
    QCOMPARE(report.checked, checked);
    QCOMPARE(report.notChecked.size(), notChecked);
    QCOMPARE(complete(report), notChecked == 0);
    if (!reason.isEmpty())
        QVERIFY2(report.notChecked.constFirst().reason.contains(reason),
                 qPrintable(report.notChecked.constFirst().reason));
    // "No problems found" only when everything was checked.
    if (report.findings.isEmpty())
        QCOMPARE(summary(report).startsWith(u"No problems found in "_s + QString::number(report.overrides)),
                 notChecked == 0);
}

void TestConfigRules::migration_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("items"); // kind:key[→to] for each move item, defaults left out
    QTest::addColumn<QStringList>("corrected");

    const QString script = kPpo
        + u"actor_rollout_ref.rollout.update_weights_bucket_megabytes=512 "
          u"trainer.use_legacy_worker_impl=auto actor_rollout_ref.rollout.mode=sync trainer.total_epochs=2"_s;
    QTest::addRow("0.6.1 to 0.9.0")
        << script << u"0.6.1"_s << u"0.9.0"_s
        << QStringList{u"renamed:actor_rollout_ref.rollout.update_weights_bucket_megabytes→actor_rollout_ref.rollout."
                       u"checkpoint_engine.update_weights_bucket_megabytes"_s,
                       u"removed:trainer.use_legacy_worker_impl"_s, u"refused:actor_rollout_ref.rollout.mode"_s}
        << QStringList{u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes=512"_s,
                       u"trainer.total_epochs=2"_s};
    QTest::addRow("0.6.1 to 0.7.0") << script << u"0.6.1"_s << u"0.7.0"_s
                                    << QStringList{u"refused:actor_rollout_ref.rollout.mode"_s} << QStringList{};
    QTest::addRow("a typo is not the move's")
        << kPpo + u"trainer.total_epoch=2"_s << u"0.6.1"_s << u"0.9.0"_s
        << QStringList{u"already-wrong:trainer.total_epoch"_s} << QStringList{u"trainer.total_epochs=2"_s};
}

void TestConfigRules::migration()
{
    QFETCH(QString, script);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, items);
    QFETCH(QStringList, corrected);
    const auto moved = migrate(script, version(from), version(to));
    QVERIFY(moved.ok());
    QStringList found;
    bool defaults = false;
    for (const MigrationItem &item : moved->items) {
        switch (item.kind) {
        case MigrationItem::Kind::Renamed:
            found << u"renamed:"_s + item.key + u'→' + item.to;
            break;
        case MigrationItem::Kind::Removed:
            found << u"removed:"_s + item.key;
            break;
        case MigrationItem::Kind::Refused:
            found << u"refused:"_s + item.key;
            break;
        case MigrationItem::Kind::AlreadyWrong:
            found << u"already-wrong:"_s + item.key;
            break;
        case MigrationItem::Kind::DefaultChanged:
            defaults = true;
            QVERIFY(!item.from.isEmpty() && item.from != item.to);
            break;
        }
    }
    QCOMPARE(found, items);
    // Between 0.6.1 and 0.9.0 the rollout's max_num_seqs default went from 1024 to 256, among others.
    QVERIFY(defaults);
    const QString text = correctedText(moved->report, version(to));
    for (const QString &word : corrected)
        QVERIFY2(text.contains(word), qPrintable(text));
}

void TestConfigRules::issueExample()
{
    // Issue 29's example: every override is wrong, and each is said so with the key it meant.
    const LintReport report = run(kPpo
                                      + u"trainer.fooo=1 actor_rollout_ref.actor.ppo_mini_batch_sizee=8 "
                                        u"data.train_batch_size=abc actor_rollout_ref.rollout.name=vlm"_s,
                                  u"0.9.0"_s);
    QCOMPARE(ruleIds(report),
             (QStringList{u"unknown-key@trainer.fooo"_s, u"unknown-key@actor_rollout_ref.actor.ppo_mini_batch_sizee"_s,
                          u"wrong-type@data.train_batch_size"_s, u"value-refused@actor_rollout_ref.rollout.name"_s}));
    QCOMPARE(countErrors(report.findings), 4);
    QCOMPARE(report.checked, 4);
    QVERIFY(!summary(report).startsWith(u"No problems"_s));
}

QTEST_GUILESS_MAIN(TestConfigRules)
#include "tst_configrules.moc"
