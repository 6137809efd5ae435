python3 -m verl.trainer.main_ppo \
    actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \
    actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \
    actor_rollout_ref.actor.profiler.tool_config.npu.level=1 \
    actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true
