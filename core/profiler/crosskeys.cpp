#include "crosskeys.h"

#include <QCoreApplication>

#include "profiler/configsupport.h"

using namespace Qt::StringLiterals;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Lint)
};

std::optional<qint64> whole(const std::optional<QJsonValue> &v)
{
    if (!v)
        return std::nullopt;
    if (v->isDouble() && v->toDouble() == static_cast<double>(v->toInteger()))
        return v->toInteger();
    if (v->isString()) {
        bool ok = false;
        const qint64 n = v->toString().toLongLong(&ok);
        if (ok)
            return n;
    }
    return std::nullopt;
}

std::optional<bool> flag(const std::optional<QJsonValue> &v)
{
    if (!v)
        return std::nullopt;
    if (v->isBool())
        return v->toBool();
    if (v->isString()) {
        const QString s = v->toString().toLower();
        if (s == u"true" || s == u"false")
            return s == u"true";
    }
    return std::nullopt;
}

bool isNull(const std::optional<QJsonValue> &v)
{
    return v && (v->isNull() || (v->isString() && v->toString().toLower() == u"null"));
}

Finding finding(const QString &rule, const QString &key, const QString &message)
{
    return configsupport::makeFinding(Finding::Severity::Error, rule, message, key);
}

} // namespace

QList<Finding> crossKeyFindings(const verl::VersionFacts &facts, const QString &entry, const KeyValue &value)
{
    QList<Finding> out;
    // The programs whose rollout runs beside the actor on trainer.nnodes × n_gpus_per_node devices.
    const bool ppo
        = entry.isEmpty() || entry == u"verl.trainer.main_ppo" || entry.endsWith(u"verl/trainer/main_ppo.py");
    const bool generation = entry == u"verl.trainer.main_generation";
    const QString rollout = generation ? u"rollout."_s : u"actor_rollout_ref.rollout."_s;

    if (const QString form = facts.behaviourOf(u"cross_rollout_world"_s); !form.isEmpty() && (ppo || generation)) {
        const auto nodes = whole(value(u"trainer.nnodes"_s));
        const auto perNode = whole(value(u"trainer.n_gpus_per_node"_s));
        const auto tp = whole(value(rollout + u"tensor_model_parallel_size"_s));
        std::optional<qint64> group = tp;
        if (form == u"tp_dp_pp" && tp) {
            // Keys the release lacks count as 1.
            const qint64 dp = whole(value(rollout + u"data_parallel_size"_s)).value_or(1);
            const qint64 pp = whole(value(rollout + u"pipeline_model_parallel_size"_s)).value_or(1);
            group = *tp * dp * pp;
        }
        if (nodes && perNode && group && *group > 0 && (*nodes * *perNode) % *group != 0) {
            const qint64 world = *nodes * *perNode;
            out << finding(u"rollout-world"_s, rollout + u"tensor_model_parallel_size"_s,
                           (form == u"tp"
                                ? Text::tr("The rollout's %1 devices (trainer.nnodes × n_gpus_per_node = %2 × %3) do "
                                           "not split into groups of tensor_model_parallel_size %4, so verl stops at "
                                           "start-up (\"rollout world_size: %1 is not divisible by infer_tp: %4\", "
                                           "%5).")
                                : Text::tr("The rollout's %1 devices (trainer.nnodes × n_gpus_per_node = %2 × %3) do "
                                           "not split into groups of tensor × data × pipeline parallel = %4, so verl "
                                           "stops at start-up (\"rollout world_size: %1 is not divisible by "
                                           "infer_world_size: %4\", %5)."))
                               .arg(world)
                               .arg(*nodes)
                               .arg(*perNode)
                               .arg(*group)
                               .arg(facts.sourceOf(u"cross_rollout_world"_s)));
        }
    }

    if (!facts.behaviourOf(u"cross_rollout_ep"_s).isEmpty() && ppo) {
        const auto ep = whole(value(rollout + u"expert_parallel_size"_s));
        const auto tp = whole(value(rollout + u"tensor_model_parallel_size"_s));
        const qint64 dp = whole(value(rollout + u"data_parallel_size"_s)).value_or(1);
        const auto name = value(rollout + u"name"_s);
        const bool trtllm = name && name->toString() == u"trtllm";
        if (ep && tp && *ep > 1 && !trtllm && *ep != *tp * dp) {
            out << finding(u"rollout-ep"_s, rollout + u"expert_parallel_size"_s,
                           Text::tr("The rollout's expert_parallel_size %1 is not tensor × data parallel = %2 × %3, "
                                    "so verl stops at start-up (\"expert_parallel_size must be equal to "
                                    "tensor_model_parallel_size * data_parallel_size\", %4).")
                               .arg(*ep)
                               .arg(*tp)
                               .arg(dp)
                               .arg(facts.sourceOf(u"cross_rollout_ep"_s)));
        }
    }

    const auto multiTurn = flag(value(rollout + u"multi_turn.enable"_s));
    if (ppo && multiTurn && *multiTurn) {
        if (const QString form = facts.behaviourOf(u"cross_multi_turn_config"_s); !form.isEmpty()) {
            const bool tool = isNull(value(rollout + u"multi_turn.tool_config_path"_s));
            const bool interaction
                = form == u"tool" || isNull(value(rollout + u"multi_turn.interaction_config_path"_s));
            if (tool && interaction) {
                out << finding(u"multi-turn-config"_s, rollout + u"multi_turn.enable"_s,
                               (form == u"tool" ? Text::tr("Multi-turn rollout needs multi_turn.tool_config_path in "
                                                           "verl %1, which stops at start-up without it (%2).")
                                                : Text::tr("Multi-turn rollout needs multi_turn.tool_config_path or "
                                                           "interaction_config_path in verl %1, which stops at "
                                                           "start-up without one (%2)."))
                                   .arg(facts.version.toString(), facts.sourceOf(u"cross_multi_turn_config"_s)));
            }
        }
        if (!facts.behaviourOf(u"cross_multi_turn_estimator"_s).isEmpty()) {
            const auto estimator = value(u"algorithm.adv_estimator"_s);
            if (estimator && estimator->isString() && estimator->toString() != u"grpo") {
                out << finding(u"multi-turn-estimator"_s, u"algorithm.adv_estimator"_s,
                               Text::tr("verl %1 runs multi-turn rollout with GRPO advantages only and stops at "
                                        "start-up with algorithm.adv_estimator=%2 (\"only GRPO is tested for "
                                        "multi-turn with tool\", %3); later releases take it.")
                                   .arg(facts.version.toString(), estimator->toString(),
                                        facts.sourceOf(u"cross_multi_turn_estimator"_s)));
            }
        }
    }
    return out;
}

} // namespace vna::profiler
