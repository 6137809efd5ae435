// The memory estimator: model sizes against their published counts, the KV cache against vllm-ascend's
// own block arithmetic, what each phase holds by verl's rules, the fixes, and the CLI.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "../support/clirun.h"
#include "bucket/modelinspector.h"
#include "memory/estimate.h"
#include "memory/report.h"

using namespace Qt::StringLiterals;
using namespace vna;
using namespace vna::memory;

namespace {

constexpr quint64 kGiB = quint64(1) << 30;

Estimate run(const QString &model, const QString &script, const QString &version, const QString &npu = u"910B3"_s)
{
    Request r;
    r.model = model;
    r.script = script;
    r.npu = npu;
    r.version = *verl::Version::parse(version, {});
    auto e = estimate(r);
    if (!e)
        qFatal("estimate failed: %s", qPrintable(e.error().message));
    return *e;
}

const PhaseEstimate &phase(const Estimate &e, Phase p)
{
    for (const PhaseEstimate &x : e.phases) {
        if (x.phase == p)
            return x;
    }
    qFatal("no phase");
}

quint64 partBytes(const PhaseEstimate &p, Part part)
{
    quint64 sum = 0;
    for (const Amount &a : p.parts) {
        if (a.part == part)
            sum += a.bytes;
    }
    return sum;
}

const QString kLaunch = u"python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo trainer.nnodes=1 "
                        "trainer.n_gpus_per_node=8 data.max_prompt_length=1024 data.max_response_length=1024 "
                        "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=4 "
                        "actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu=4 "
                        "actor_rollout_ref.rollout.tensor_model_parallel_size=2 "
                        "actor_rollout_ref.rollout.gpu_memory_utilization=0.6 "
                        "actor_rollout_ref.rollout.max_model_len=2048 "_s;

} // namespace

class TstMemory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Parameter counts of the presets against the counts their makers publish.
    void parameters_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("expected");
        QTest::addRow("Llama-3.1-8B") << u"Llama-3.1-8B"_s << quint64(8030261248);
        QTest::addRow("Qwen2.5-7B") << u"Qwen2.5-7B"_s << quint64(7615616512);
        QTest::addRow("Qwen2.5-0.5B-Instruct") << u"Qwen2.5-0.5B-Instruct"_s << quint64(494032768);
        QTest::addRow("Qwen3-8B") << u"Qwen3-8B"_s << quint64(8190735360);
        QTest::addRow("Qwen2.5-72B") << u"Qwen2.5-72B"_s << quint64(72706203648);
        QTest::addRow("a Hugging Face name") << u"Qwen/Qwen2.5-7B-Instruct"_s << quint64(7615616512);
        QTest::addRow("a Hugging Face base name") << u"Qwen/Qwen3-8B-Base"_s << quint64(8190735360);
    }
    void parameters()
    {
        QFETCH(QString, preset);
        QFETCH(quint64, expected);
        const auto model = architectureOf(preset);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().message));
        QCOMPARE(model->params, expected);
    }

    // vllm-ascend's arithmetic: num_blocks = available // page // layers, page = 2 · 128 · max(1, Hkv / TP)
    // · head_dim · 2 bytes (vllm-ascend v0.9.1 model_runner_v1.py; patch_kv_cache_utils.py at v0.13.0).
    void kvCache_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("tp");
        QTest::addColumn<qint64>("available");
        QTest::addColumn<quint64>("tokens");
        // 20 GiB // 131072 // 28 = 5851 blocks.
        QTest::addRow("Qwen2.5-7B tp2 20GiB")
            << u"Qwen2.5-7B"_s << quint64(2) << qint64(20) * qint64(kGiB) << quint64(5851 * 128);
        // 4 KV heads over TP 8: one head per device, as vLLM replicates them.
        QTest::addRow("Qwen2.5-7B tp8 keeps one head")
            << u"Qwen2.5-7B"_s << quint64(8) << qint64(kGiB) << quint64(kGiB / (2 * 128 * 1 * 128 * 2) / 28 * 128);
        // Latent attention: (512 + 64) · 2 bytes per token and layer, not split by TP.
        QTest::addRow("DeepSeek-V3 MLA") << u"DeepSeek-V3"_s << quint64(16) << qint64(10) * qint64(kGiB)
                                         << quint64(10 * kGiB / (128 * 576 * 2) / 61 * 128);
        QTest::addRow("nothing available") << u"Qwen3-8B"_s << quint64(1) << qint64(-5) << quint64(0);
    }
    void kvCache()
    {
        QFETCH(QString, preset);
        QFETCH(quint64, tp);
        QFETCH(qint64, available);
        QFETCH(quint64, tokens);
        const auto model = architectureOf(preset);
        QVERIFY(model);
        QCOMPARE(kvCacheTokens(*model, tp, available), tokens);
    }

    // What each phase holds follows verl's rules for the release and the command's flags.
    void phases_data()
    {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("phase");
        QTest::addColumn<int>("part");
        QTest::addColumn<bool>("present");
        const int rollout = static_cast<int>(Phase::Rollout);
        const int update = static_cast<int>(Phase::Update);
        const int start = static_cast<int>(Phase::EngineStart);
        QTest::addRow("optimizer stays during the rollout")
            << QString() << u"0.9.0"_s << rollout << static_cast<int>(Part::Optimizer) << true;
        QTest::addRow("optimizer_offload takes it off")
            << u"actor_rollout_ref.actor.fsdp_config.optimizer_offload=True"_s << u"0.9.0"_s << rollout
            << static_cast<int>(Part::Optimizer) << false;
        QTest::addRow("no optimizer states before the first step")
            << QString() << u"0.9.0"_s << start << static_cast<int>(Part::Optimizer) << false;
        QTest::addRow("param_offload takes the actor off the rollout")
            << u"actor_rollout_ref.actor.fsdp_config.param_offload=True"_s << u"0.9.0"_s << rollout
            << static_cast<int>(Part::Params) << false;
        QTest::addRow("the sleeping engine leaves the update")
            << QString() << u"0.9.0"_s << update << static_cast<int>(Part::KvCache) << false;
        QTest::addRow("free_cache_engine=False keeps it")
            << u"actor_rollout_ref.rollout.free_cache_engine=False"_s << u"0.9.0"_s << update
            << static_cast<int>(Part::KvCache) << true;
        QTest::addRow("the FSDP reference lives on the host")
            << u"actor_rollout_ref.actor.use_kl_loss=True"_s << u"0.9.0"_s << rollout
            << static_cast<int>(Part::Reference) << false;
        QTest::addRow("the Megatron reference stays")
            << u"actor_rollout_ref.actor.use_kl_loss=True actor_rollout_ref.actor.strategy=megatron"_s << u"0.9.0"_s
            << rollout << static_cast<int>(Part::Reference) << true;
        QTest::addRow("GAE brings the critic")
            << u"algorithm.adv_estimator=gae"_s << u"0.9.0"_s << update << static_cast<int>(Part::Critic) << true;
        QTest::addRow("gradients only in the update")
            << QString() << u"0.9.0"_s << rollout << static_cast<int>(Part::Gradients) << false;
        QTest::addRow("no bucket buffer at 0.6 (vLLM in process)")
            << QString() << u"0.6.0"_s << static_cast<int>(Phase::WeightSync) << static_cast<int>(Part::Bucket)
            << false;
        QTest::addRow("the IPC bucket at 0.8")
            << QString() << u"0.8.0"_s << static_cast<int>(Phase::WeightSync) << static_cast<int>(Part::Bucket) << true;
    }
    void phases()
    {
        QFETCH(QString, extra);
        QFETCH(QString, version);
        QFETCH(int, phase);
        QFETCH(int, part);
        QFETCH(bool, present);
        const Estimate e = run(u"Qwen2.5-7B"_s, kLaunch + extra, version);
        QCOMPARE(partBytes(::phase(e, static_cast<Phase>(phase)), static_cast<Part>(part)) > 0, present);
    }

    // How the KV cache is sized depends on the vllm-ascend release the verl guide pins: 0.7's counts the
    // training side's memory against the engine, 0.9's does not.
    void sizingByRelease()
    {
        const Estimate old = run(u"Qwen2.5-7B"_s, kLaunch, u"0.7.0"_s);
        const Estimate now = run(u"Qwen2.5-7B"_s, kLaunch, u"0.9.0"_s);
        QCOMPARE(old.facts.kvSizing.value, u"device-wide"_s);
        QCOMPARE(now.facts.kvSizing.value, u"start-check"_s);
        // The same grant less the same weights; the workspaces differ (max_num_seqs moved to 256 in 0.9).
        const auto actor = static_cast<qint64>(partBytes(phase(now, Phase::EngineStart), Part::Params));
        const auto workspaceNow = static_cast<qint64>(partBytes(phase(now, Phase::EngineStart), Part::Engine));
        const auto workspaceOld = static_cast<qint64>(partBytes(phase(old, Phase::EngineStart), Part::Engine));
        QCOMPARE((now.kvBytes + workspaceNow) - (old.kvBytes + workspaceOld), actor);
    }

    // From 0.7 an unset max_model_len is the model's max_position_embeddings (verl PR #5015's failure).
    void maxModelLen()
    {
        QString launch = kLaunch;
        launch.replace(u"actor_rollout_ref.rollout.max_model_len=2048 "_s, QString());
        launch.replace(u"gpu_memory_utilization=0.6"_s, u"gpu_memory_utilization=0.7"_s);
        const Estimate atSix = run(u"Qwen2.5-32B"_s, launch + u"trainer.n_gpus_per_node=16"_s, u"0.6.0"_s);
        QCOMPARE(atSix.sequenceTokens, quint64(2048));
        const Estimate atNine = run(u"Qwen2.5-32B"_s, launch + u"trainer.n_gpus_per_node=16"_s, u"0.9.0"_s);
        QCOMPARE(atNine.sequenceTokens, quint64(131072));
        QCOMPARE(phase(atNine, Phase::EngineStart).fit, Fit::DoesNotFit);
        QVERIFY(atNine.kvTokens < atNine.sequenceTokens);
        // The cheapest fix is verl PR #5015's: max_model_len = prompt + response.
        QVERIFY(!atNine.fixes.isEmpty());
        QCOMPARE(atNine.fixes.first().key, u"actor_rollout_ref.rollout.max_model_len"_s);
        QCOMPARE(atNine.fixes.first().to.toDouble(), 2048.0);
        QCOMPARE(fixEffect(atNine.fixes.first()), u"lets Engine start pass"_s);
    }

    // A run that does not fit gets the cheapest fixes that make it fit, in the corrected command.
    void fixes()
    {
        QString launch = kLaunch;
        launch.replace(u"ppo_micro_batch_size_per_gpu=4"_s, u"ppo_micro_batch_size_per_gpu=32"_s);
        const Estimate e = run(u"Qwen2.5-7B"_s, launch, u"0.9.0"_s, u"910B4"_s);
        QCOMPARE(e.fit, Fit::DoesNotFit);
        QCOMPARE(e.phases.at(e.binding).phase, Phase::Update);
        QVERIFY(!e.fixes.isEmpty());
        QCOMPARE(e.fixes.first().key, u"actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu"_s);
        QVERIFY(e.fixes.first().to.toDouble() < 32);
        QVERIFY(e.fixesSuffice);
        QVERIFY(e.corrected.contains(u"actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu="_s
                                     + QString::number(e.fixes.first().to.toDouble())));
        // Applying the corrected command fits.
        const Estimate after = run(u"Qwen2.5-7B"_s, e.corrected.join(u' '), u"0.9.0"_s, u"910B4"_s);
        QVERIFY(after.fit != Fit::DoesNotFit);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("no model") << QStringList{u"memory"_s} << u"--model"_s;
        QTest::addRow("unknown npu") << QStringList{u"memory"_s, u"--model"_s, u"Qwen3-8B"_s, u"--npu"_s, u"910Z"_s}
                                     << u"Unknown NPU \"910Z\""_s;
        QTest::addRow("hbm too small") << QStringList{u"memory"_s, u"--model"_s, u"Qwen3-8B"_s, u"--hbm"_s, u"12"_s}
                                       << u"Invalid --hbm \"12\""_s;
        QTest::addRow("FAQ row has no shape") << QStringList{u"memory"_s, u"--model"_s, u"7B"_s} << u"no model shape"_s;
        QTest::addRow("no such folder") << QStringList{u"memory"_s, u"--model"_s, u"/nonexistent/model"_s}
                                        << u"neither a preset"_s;
        QTest::addRow("mistyped preset") << QStringList{u"memory"_s, u"--model"_s, u"Qwen2,5-7B"_s}
                                         << u"Did you mean Qwen2.5-7B?"_s;
        QTest::addRow("mistyped, far from any") << QStringList{u"memory"_s, u"--model"_s, u"Mixtral-8x22B"_s}
                                                << u"or config.json.\n"_s; // no guess when none is close
        QTest::addRow("nodes") << QStringList{u"memory"_s, u"--model"_s, u"Qwen3-8B"_s, u"--nodes"_s, u"0"_s}
                               << u"Invalid nodes \"0\""_s;
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto result = test::runCli(args);
        QCOMPARE(result.code, ExitCode::Usage);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
    }

    // Architectures read from config.json alone: vision towers and hybrid attention against the counts
    // their makers publish (Qwen2.5-VL-7B 8.29 B, Qwen3-VL-8B 8.77 B, Qwen3-Next-80B-A3B 79.7 B; fields as
    // in their config.json files), and a clear refusal naming a field that cannot be read.
    void configArchitectures_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<double>("billions"); // 0: refused
        QTest::addColumn<QString>("refusal");
        const QByteArray qwen25vl = R"({"model_type":"qwen2_5_vl","vocab_size":152064,"hidden_size":3584,
            "intermediate_size":18944,"num_hidden_layers":28,"num_attention_heads":28,"num_key_value_heads":4,
            "tie_word_embeddings":false,"vision_config":{"depth":32,"hidden_size":1280,"intermediate_size":3420,
            "num_heads":16,"patch_size":14,"spatial_merge_size":2,"temporal_patch_size":2,"out_hidden_size":3584}})";
        const QByteArray qwen3vl = R"({"model_type":"qwen3_vl","text_config":{"vocab_size":151936,"hidden_size":4096,
            "intermediate_size":12288,"num_hidden_layers":36,"num_attention_heads":32,"num_key_value_heads":8,
            "head_dim":128},"tie_word_embeddings":false,"vision_config":{"depth":27,"hidden_size":1152,
            "intermediate_size":4304,"patch_size":16,"spatial_merge_size":2,"temporal_patch_size":2,
            "out_hidden_size":4096,"num_position_embeddings":2304,"deepstack_visual_indexes":[8,16,24]}})";
        const QByteArray qwen3next = R"({"model_type":"qwen3_next","vocab_size":151936,"hidden_size":2048,
            "intermediate_size":5120,"num_hidden_layers":48,"num_attention_heads":16,"num_key_value_heads":2,
            "head_dim":256,"full_attention_interval":4,"linear_num_key_heads":16,"linear_num_value_heads":32,
            "linear_key_head_dim":128,"linear_value_head_dim":128,"linear_conv_kernel_dim":4,"num_experts":512,
            "num_experts_per_tok":10,"moe_intermediate_size":512,"shared_expert_intermediate_size":512,
            "tie_word_embeddings":false})";
        QTest::addRow("Qwen2.5-VL-7B") << qwen25vl << 8.29 << QString();
        QTest::addRow("Qwen3-VL-8B") << qwen3vl << 8.77 << QString();
        QTest::addRow("Qwen3-Next-80B-A3B") << qwen3next << 79.7 << QString();
        QByteArray noDepth = qwen25vl;
        noDepth.replace(R"("depth":32,)", "");
        QTest::addRow("a vision tower without depth") << noDepth << 0.0 << u"vision_config.depth"_s;
        QByteArray mamba = qwen3next;
        mamba.replace(R"("full_attention_interval":4,)", R"("layer_types":["mamba","full_attention"],)");
        QTest::addRow("a layer type it does not know") << mamba << 0.0 << u"layer_types: mamba"_s;
        QByteArray noHeads = qwen3next;
        noHeads.replace(R"("linear_num_value_heads":32,)", "");
        QTest::addRow("linear attention without its heads") << noHeads << 0.0 << u"linear_num_value_heads"_s;
    }
    void configArchitectures()
    {
        QFETCH(QByteArray, json);
        QFETCH(double, billions);
        QFETCH(QString, refusal);
        const auto config = bucket::parseModelConfig(json, u"config.json"_s);
        QVERIFY(config);
        const auto model = architectureFrom(*config, u"m"_s, u"config.json"_s);
        QCOMPARE(model.ok(), billions > 0);
        if (!model.ok()) {
            QVERIFY2(model.error().message.contains(refusal), qPrintable(model.error().message));
            return;
        }
        const double counted = static_cast<double>(model->params) / 1e9;
        QVERIFY2(std::abs(counted - billions) / billions < 0.01, qPrintable(QString::number(counted)));
    }

    // LoRA: the frozen base stays, only the adapter is trained (its gradients and AdamW moments), the
    // reference is the actor with its adapter off, and the engine holds LoRA slots.
    void lora()
    {
        const QString withKl = kLaunch + u"actor_rollout_ref.actor.use_kl_loss=True "_s;
        const Estimate full = run(u"Qwen2.5-7B"_s, withKl, u"0.9.0"_s);
        const Estimate lora = run(u"Qwen2.5-7B"_s, withKl + u"actor_rollout_ref.model.lora_rank=64"_s, u"0.9.0"_s);
        const PhaseEstimate &fullUpdate = phase(full, Phase::Update);
        const PhaseEstimate &loraUpdate = phase(lora, Phase::Update);
        // Rank 64 on all seven projections of 28 layers: 161,480,704 adapter parameters (PEFT's count).
        QCOMPARE(partBytes(loraUpdate, Part::Gradients), quint64(161480704) / 8 * 4);
        QCOMPARE(partBytes(loraUpdate, Part::Optimizer), quint64(161480704) / 8 * 8);
        QVERIFY(partBytes(fullUpdate, Part::Optimizer) > 40 * partBytes(loraUpdate, Part::Optimizer));
        // Named targets: q (3584→3584) and v (3584→512) only, rank 8, 28 layers: 2,523,136 parameters.
        const Estimate qv = run(u"Qwen2.5-7B"_s,
                                withKl
                                    + u"actor_rollout_ref.model.lora_rank=8 "
                                      u"'actor_rollout_ref.model.target_modules=[q_proj,v_proj]'"_s,
                                u"0.9.0"_s);
        QCOMPARE(partBytes(phase(qv, Phase::Update), Part::Gradients), quint64(2523136) / 8 * 4);
        // The engine's slots take from the KV cache.
        QVERIFY(partBytes(phase(lora, Phase::EngineStart), Part::Engine)
                > partBytes(phase(full, Phase::EngineStart), Part::Engine));
        QVERIFY(lora.kvBytes < full.kvBytes);
        // The Megatron reference stays on the device without LoRA and is not there with it.
        const QString withMegatron = u"actor_rollout_ref.actor.strategy=megatron "_s;
        QCOMPARE(
            partBytes(phase(run(u"Qwen2.5-7B"_s, withKl + withMegatron, u"0.9.0"_s), Phase::Rollout), Part::Reference)
                > 0,
            true);
        QCOMPARE(partBytes(phase(run(u"Qwen2.5-7B"_s, withKl + withMegatron + u"actor_rollout_ref.model.lora_rank=8"_s,
                                     u"0.9.0"_s),
                                 Phase::Rollout),
                           Part::Reference),
                 quint64(0));
    }

    // What the estimate does not cover is said, never estimated as something else.
    void notCovered_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<bool>("estimated");
        QTest::addColumn<bool>("read");
        QTest::addRow("fully async")
            << u"python3 -m verl.experimental.fully_async_policy.fully_async_main trainer.nnodes=1"_s << false << true;
        QTest::addRow("one step off") << u"python3 -m verl.experimental.one_step_off_policy.main_ppo trainer.nnodes=1"_s
                                      << false << true;
        QTest::addRow("rollout devices of its own")
            << u"python3 -m recipe.my.main rollout.nnodes=1 rollout.n_gpus_per_node=4"_s << false << true;
        QTest::addRow("no launch in it") << u"echo training\nsleep 1\n"_s << true << false;
        QTest::addRow("a set -x trace") << u"+ python3 -m verl.trainer.main_ppo trainer.nnodes=1\n"_s << true << true;
    }
    void notCovered()
    {
        QFETCH(QString, script);
        QFETCH(bool, estimated);
        QFETCH(bool, read);
        const Estimate e = run(u"Qwen2.5-7B"_s, script, u"0.9.0"_s);
        QCOMPARE(e.notEstimated.isEmpty(), estimated);
        QCOMPARE(e.phases.isEmpty(), !estimated);
        QCOMPARE(e.input.settings.notRead.isEmpty(), read);
        QCOMPARE(toText(e).contains(u"verl's defaults are estimated"_s), !read);
    }

    // Real LoRA, vision and non-colocated runs from public threads (tests/fixtures/memory/real), frozen with
    // their hardware and outcome before the estimate was run on them. Kept as floors: a fit the estimate
    // gets right, an out-of-memory it predicts; a run whose rollout has devices of its own is never called
    // "fits" (it is not estimated), and a command that could not be read is said to be.
    void realRuns()
    {
        QFile file(QStringLiteral(VNA_FIXTURES_DIR) + u"/memory/real/expected.json"_s);
        QVERIFY(file.open(QIODevice::ReadOnly));
        int right = 0;
        int wrongFits = 0;
        int notEstimated = 0;
        int run_ = 0;
        int notRead = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(file.readAll()).array()) {
            const QJsonObject c = v.toObject();
            const QJsonObject check = c.value(u"check"_s).toObject();
            if (check.isEmpty())
                continue;
            ++run_;
            QFile script(QStringLiteral(VNA_FIXTURES_DIR) + u"/memory/real/"_s + c.value(u"file"_s).toString());
            QVERIFY(script.open(QIODevice::ReadOnly));
            Request r;
            const QString model = check.value(u"model"_s).toString();
            r.model = model.startsWith(u"models/"_s) ? QStringLiteral(VNA_FIXTURES_DIR) + u"/memory/"_s + model : model;
            r.hbmMiB = QString::number(check.value(u"hbm_mib"_s).toInt());
            r.script = QString::fromUtf8(script.readAll());
            r.version = *verl::Version::parse(check.value(u"verl"_s).toString(), {});
            const auto e = estimate(r);
            QVERIFY2(e, qPrintable(c.value(u"file"_s).toString()));
            const bool ownDevices = c.value(u"kind"_s).toArray().contains(u"async"_s);
            if (!e->input.settings.notRead.isEmpty()) {
                ++notRead; // verl#3987 gives its variables, not its launch: said, and not counted either way
                QVERIFY(toText(*e).contains(e->input.settings.notRead));
                continue;
            }
            QCOMPARE(e->notEstimated.isEmpty(), !ownDevices);
            if (!e->notEstimated.isEmpty()) {
                ++notEstimated;
                continue;
            }
            const bool oom = c.value(u"outcome"_s).toString() == u"oom";
            right += (oom ? e->fit != Fit::Fits : e->fit == Fit::Fits) ? 1 : 0;
            wrongFits += ownDevices && e->fit == Fit::Fits ? 1 : 0;
        }
        qInfo("real runs: %d run, %d right, %d not estimated (rollout on its own devices), %d not read", run_, right,
              notEstimated, notRead);
        QCOMPARE(run_, 11);
        QCOMPARE(wrongFits, 0);
        QCOMPARE(notEstimated, 6);
        QCOMPARE(notRead, 1);
        QVERIFY(right >= 2); // 03 and 04 fit; 01 and 02 ran out of memory for reasons the threads do not show
    }

    void cliJson()
    {
        const auto result = test::runCli({u"memory"_s, u"--model"_s, u"Qwen2.5-7B"_s, u"--npu"_s, u"910B3"_s,
                                          u"--verl-version"_s, u"0.9.0"_s, u"--nodes"_s, u"2"_s, u"--json"_s});
        const QJsonObject o = QJsonDocument::fromJson(result.out.toUtf8()).object();
        QCOMPARE(o.value(u"devices"_s).toInt(), 16);
        QCOMPARE(o.value(u"phases"_s).toArray().size(), 5);
        QCOMPARE(o.value(u"config_release"_s).toString(), u"v0.9.0"_s);
        const QString fit = o.value(u"fit"_s).toString();
        QCOMPARE(result.code, fit == u"does-not-fit"_s ? ExitCode::Problems : ExitCode::Ok);
        for (const QJsonValue &p : o.value(u"phases"_s).toArray()) {
            for (const QJsonValue &part : p.toObject().value(u"parts"_s).toArray())
                QVERIFY2(!part.toObject().value(u"source"_s).toString().isEmpty(),
                         qPrintable(part.toObject().value(u"what"_s).toString()));
        }
    }
};

QTEST_GUILESS_MAIN(TstMemory)
#include "tst_memory.moc"
