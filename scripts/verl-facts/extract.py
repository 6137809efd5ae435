#!/usr/bin/env python3
"""Writes resources/data/verl-facts.json: what each verl release expects of the NPU profiler, the
weight-transfer bucket and its launch commands, read from verl's own source at each release tag.

    scripts/verl-facts/extract.py /path/to/verl [--recipe /path/to/verl-recipe]
                                  [--vllm-ascend /path/to/vllm-ascend] [--tags v0.5.0 v0.9.0] [--output FILE]

/path/to/verl is a git clone (bare or not) of https://github.com/verl-project/verl; nothing is checked
out, every file is read with `git show TAG:PATH`. --recipe adds the Hydra programs of
https://github.com/verl-project/verl-recipe (its newest commit), which verl mounts at recipe/ since 0.7.1. Without --tags it reads every release tag from v0.4.0
on. Needs python3 and python3-yaml (Debian: apt-get install python3-yaml).

Every fact carries its source as TAG:PATH:LINE. Facts come in two kinds:
  * read mechanically: the keys under the profiler and bucket nodes of the composed trainer config
    (verl/trainer/config/_generated_ppo_trainer.yaml, which verl generates by composing ppo_trainer.yaml),
    their defaults, and which of them are ${...} interpolations; the @hydra.main entry points.
  * anchored behaviour: what verl's code does with those keys (which ranks are profiled by default,
    what empty contents collect, ...). Each is a pattern in a named file; the script fails when a
    pattern that held for an older release matches nothing in a newer one, so a refresh for a new
    release cannot silently carry an old fact forward. Read the code at the new tag, then update
    ANCHORS below.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import yaml

import requirements

REPOSITORY = "https://github.com/verl-project/verl"
GENERATED = "verl/trainer/config/_generated_ppo_trainer.yaml"
PLAIN = "verl/trainer/config/ppo_trainer.yaml"

# Nodes of the composed config whose keys the tools check. Every key below them is recorded, so a key
# under one of them that is not in the file is a mistake (a typo or a key of another release).
TRACKED = [
    "global_profiler",
    "trainer.npu_profile",
    "trainer.profile_steps",
    "actor_rollout_ref.profiler",
    "actor_rollout_ref.actor.profiler",
    "actor_rollout_ref.ref.profiler",
    "actor_rollout_ref.rollout.profiler",
    "critic.profiler",
    "reward_model.profiler",
    "actor_rollout_ref.rollout.update_weights_bucket_megabytes",
    "actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes",
    # Not a profiler key, but it decides whether the agent-loop servers generate (and so are profiled).
    "actor_rollout_ref.rollout.mode",
    # Not profiler keys either: which actor backend and worker send the weights, and so their dtype.
    "actor_rollout_ref.actor.strategy",
    "trainer.use_legacy_worker_impl",
]

# The settings the generator writes and the linter reasons about, by a stable name, and the keys that
# hold them: the first that exists in a release is that release's key.
ROLE_NODES = {
    "actor": ["actor_rollout_ref.actor.profiler", "actor_rollout_ref.profiler"],
    "ref": ["actor_rollout_ref.ref.profiler", "actor_rollout_ref.profiler"],
    "rollout": ["actor_rollout_ref.rollout.profiler", "actor_rollout_ref.profiler"],
    "critic": ["critic.profiler"],
    "reward": ["reward_model.profiler"],
}
ROLE_FIELDS = {
    "enable": ["{node}.enable"],
    "ranks": ["{node}.ranks"],
    "all_ranks": ["{node}.all_ranks"],
    "discrete": ["{node}.tool_config.npu.discrete", "{node}.discrete"],
    "contents": ["{node}.tool_config.npu.contents"],
    "level": ["{node}.tool_config.npu.level"],
    "analysis": ["{node}.tool_config.npu.analysis"],
    "token_start": ["{node}.tool_config.npu.profile_token_start"],
    "token_end": ["{node}.tool_config.npu.profile_token_end"],
}
GLOBAL_SETTINGS = {
    "tool": ["global_profiler.tool"],
    "steps": ["global_profiler.steps", "trainer.profile_steps"],
    "save_path": ["global_profiler.save_path", "trainer.npu_profile.options.save_path"],
    "continuous": ["global_profiler.profile_continuous_steps"],
    # verl 0.5 sets these once for every role, under trainer.npu_profile.options.
    "level": ["trainer.npu_profile.options.level"],
    "analysis": ["trainer.npu_profile.options.analysis"],
    "contents.npu": ["trainer.npu_profile.options.with_npu"],
    "contents.cpu": ["trainer.npu_profile.options.with_cpu"],
    "contents.memory": ["trainer.npu_profile.options.with_memory"],
    "contents.shapes": ["trainer.npu_profile.options.record_shapes"],
    "contents.module": ["trainer.npu_profile.options.with_module"],
    "contents.stack": ["trainer.npu_profile.options.with_stack"],
    "rollout_mode": ["actor_rollout_ref.rollout.mode"],
    "bucket": [
        "actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes",
        "actor_rollout_ref.rollout.update_weights_bucket_megabytes",
    ],
}

# Behaviour read from code. Each anchor: the fact's value when the pattern is found in the file (a
# regular expression, searched line by line). Anchors of one fact are tried in order; the first that
# matches gives the value. `since` is the first release the fact is looked for in (and `until`, when
# given, the first it no longer applies to): in that range one of its anchors must match, or the script
# stops.
ANCHORS = {
    # Which ranks the NPU profiler collects when a role sets neither ranks nor all_ranks.
    "ranks_default": {
        "since": "0.5.0",
        "anchors": [
            # The NPU profiler keeps its own rank test, which nothing passes without ranks/all_ranks.
            ("nothing", "verl/utils/profiler/mstx_profile.py", r"self\.this_rank: bool = False"),
            # DistProfiler decides, and defaults to rank 0 when the role is enabled.
            ("rank0", "verl/utils/profiler/profile.py", r"self\._this_rank = \(rank == 0\) if self\._enable"),
        ],
    },
    # Which workers receive the NPU options at all. 0.5 hands trainer.npu_profile.options to the
    # actor/rollout/ref group only, and of its workers only the FSDP one reads them (the Megatron worker
    # drops the keyword); from 0.6 every role's profiler reads its own tool_config.
    "npu_options_reach": {
        "since": "0.5.0",
        "anchors": [
            ("fsdp-actor-rollout-ref", "verl/trainer/ppo/ray_trainer.py",
             r"profile_option=self\.config\.trainer\.npu_profile\.options"),
            ("every-role", "verl/utils/profiler/mstx_profile.py", r"tool_config: NPUToolConfig"),
        ],
    },
    # 0.5: the Megatron actor/rollout/ref worker builds its profiler without the NPU options it was given.
    "megatron_drops_options": {
        "since": "0.5.0",
        "until": "0.6.0",
        "anchors": [
            ("yes", "verl/workers/megatron_workers.py",
             r"DistProfilerExtension\.__init__\(self, DistProfiler\(rank=self\.rank, config=profiler_config\)\)"),
        ],
    },
    # What an empty contents list collects: verl passes no activity, torch_npu then takes its default
    # (CPU and NPU); later verl always adds CPU and NPU only when listed.
    "empty_contents": {
        "since": "0.6.0",
        "anchors": [
            ("cpu", "verl/utils/profiler/mstx_profile.py", r"activites = \[torch_npu\.profiler\.ProfilerActivity\.CPU\]"),
            ("cpu,npu", "verl/utils/profiler/mstx_profile.py", r"activites = \[\]"),
        ],
    },
    # Agent-loop (async) rollout servers: profiled only in discrete mode, or not at all.
    "async_rollout": {
        "since": "0.6.0",
        "anchors": [
            ("discrete", "verl/workers/rollout/vllm_rollout/vllm_async_server.py", r"is_discrete_mode\(\)"),
            # The server class exists but never starts a profiler.
            ("none", "verl/workers/rollout/vllm_rollout/vllm_async_server.py", r"^class \w+"),
        ],
    },
    # The NPU tool config of the actor is built (and its values checked) at start-up, whatever the tool.
    "validated_at_start": {
        "since": "0.6.0",
        "anchors": [
            ("yes", "verl/utils/config.py", r"omega_conf_to_dataclass\(config\.actor_rollout_ref\.actor\)"),
        ],
    },
    # profile_continuous_steps with discrete: the config only documents the rule; no code enforces it.
    "continuous_needs_not_discrete": {
        "since": "0.6.0",
        "anchors": [
            ("documented", PLAIN, r"If True, worker\.profiler\.discrete must be False"),
        ],
    },
    # Which worker runs the actor. Up to 0.6 always the legacy one (use_legacy_worker_impl switches only
    # the critic and reward model); 0.7 the new engine only with use_legacy_worker_impl=disable; from 0.8
    # the new engine alone (the legacy workers are gone).
    "actor_worker": {
        "since": "0.5.0",
        "anchors": [
            ("engine-if-disabled", "verl/trainer/main_ppo.py", r'^\s*if use_legacy_worker_impl == "disable":\s*$'),
            ("engine", "verl/trainer/main_ppo.py", r"^\s*from verl\.workers\.engine_workers import ActorRolloutRefWorker"),
            ("engine", "verl/trainer/main_ppo_v0.py", r"^\s*from verl\.workers\.engine_workers import ActorRolloutRefWorker"),
            ("legacy", "verl/trainer/main_ppo.py", r"from verl\.workers\.fsdp_workers import ActorRolloutRefWorker"),
        ],
    },
    # The dtype the legacy FSDP worker sends the rollout: each parameter's own (fp32 master weights).
    "fsdp_legacy_sends": {
        "since": "0.5.0",
        "until": "0.8.0",
        "anchors": [
            ("own", "verl/workers/fsdp_workers.py", r"full_tensor\(\) if isinstance\(param, DTensor\) else param"),
            ("own", "verl/workers/sharding_manager/fsdp_vllm.py",
             r"full_tensor\(\) if isinstance\(param, DTensor\) else param"),
        ],
    },
    # The new FSDP engine: its own dtype (0.7.0, 0.9.0), or bf16 for every DTensor (0.7.1, 0.8.0; FSDP2
    # always, FSDP1 on more than one device). The uncast line comes first: 0.9.0 casts only merged LoRA.
    "fsdp_engine_sends": {
        "since": "0.7.0",
        "anchors": [
            ("own", "verl/workers/engine/fsdp/transformer_impl.py",
             r"full_tensor\(\) if isinstance\(param, DTensor\) else param"),
            ("bf16", "verl/workers/engine/fsdp/transformer_impl.py", r"full_tensor\(\)\.to\(torch\.bfloat16"),
        ],
    },
    # Packed 3-D MoE expert tensors (…mlp.experts.gate_up_proj / down_proj) go one expert at a time.
    "moe_unfuse": {
        "since": "0.9.0",
        "anchors": [
            ("per-expert", "verl/workers/engine/fsdp/transformer_impl.py", r"unfuse_moe_params\(per_tensor_param"),
        ],
    },
    # Megatron sends its parameters' dtype, bf16 unless actor.megatron.dtype says float16; verl adds no cast.
    "megatron_dtype": {
        "since": "0.5.0",
        "anchors": [
            ("bf16", "verl/workers/megatron_workers.py", r"self\.param_dtype = torch\.bfloat16"),
            ("config", "verl/workers/megatron_workers.py", r"PrecisionType\.to_dtype\(self\.config\.actor\.megatron\.dtype\)"),
            ("config", "verl/workers/engine/megatron/transformer_impl.py",
             r"self\.param_dtype = PrecisionType\.to_dtype\(self\.engine_config\.dtype\)"),
        ],
    },
    # A weight larger than the bucket on the vLLM IPC path (checkpoint_engine naive): the assertion, or
    # (0.8.0 on) sent whole on its own unless the bucket is in shared memory.
    "naive_oversized": {
        "since": "0.7.1",
        "anchors": [
            ("direct-unless-shm", "verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py",
             r"assert not self\.use_shm"),
            ("asserts", "verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py",
             r"assert offset \+ weight\.nbytes <= self\.bucket_size"),
        ],
    },
    # The shared-memory fallback (no IPC on the device): one bucket-sized segment per sender.
    "shm_bucket": {
        "since": "0.7.1",
        "anchors": [
            ("bucket", "verl/workers/rollout/vllm_rollout/bucketed_weight_transfer.py",
             r"create_shared_memory\(self\.bucket_size"),
        ],
    },
    # When an NPU has IPC at all: driver (npu-smi "Software Version") >= 25.3.rc1 and CANN >= 8.3.rc1.
    "ipc_requires": {
        "since": "0.7.1",
        "anchors": [
            ("25.3.rc1/8.3.rc1", "verl/utils/device.py", r'version\.parse\(software_base\) >= version\.parse\("25\.3\.rc1"\)'),
        ],
    },
    # The HCCL and NCCL checkpoint engines: split an oversized weight into bucket-sized chunks, or assert.
    "hccl_oversized": {
        "since": "0.7.1",
        "anchors": [
            ("splits", "verl/checkpoint_engine/hccl_checkpoint_engine.py", r"split_weight_chunks\("),
            ("asserts", "verl/checkpoint_engine/hccl_checkpoint_engine.py", r"too large to fit in the bucket"),
        ],
    },
    "nccl_oversized": {
        "since": "0.7.1",
        "anchors": [
            ("splits", "verl/checkpoint_engine/nccl_checkpoint_engine.py", r"split_weight_chunks\("),
            ("asserts", "verl/checkpoint_engine/nccl_checkpoint_engine.py", r"too large to fit in the bucket"),
        ],
    },
    # The rollout token range feeds only the agent-loop servers' profilers.
    "token_range_consumer": {
        "since": "0.9.0",
        "anchors": [
            ("async-servers", "verl/utils/profiler/config.py", r"profile_token_start"),
        ],
    },
    # The MindSpeed verl's Ascend install guide checks out for the Megatron backend (a branch, or a
    # commit before 0.7.1). The branch names the megatron-core release it patches.
    "npu_mindspeed": {
        "since": "0.7.0",
        "anchors": [
            ("core_r0.16.0", "docs/ascend_tutorial/get_start/install_guidance.rst", r"^MindSpeed\s+``core_r0\.16\.0``"),
            ("2.3.0_core_r0.12.1", "docs/ascend_tutorial/ascend_quick_start.rst",
             r"git checkout 2\.3\.0_core_r0\.12\.1"),
            ("f2b0977e", "docs/ascend_tutorial/ascend_quick_start.rst", r"git checkout f2b0977e"),
        ],
    },
    # The SGLang backend on NPU must run with RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1 and
    # both HCCL port ranges set (the guide's "must add these variables").
    "npu_sglang_env": {
        "since": "0.8.0",
        "anchors": [
            ("noset-and-port-ranges", "docs/ascend_tutorial/get_start/install_guidance.rst",
             r"SGLang 后端必须添加以下环境变量"),
        ],
    },
    # The rollout may run with its own TASK_QUEUE_ENABLE, taken from VLLM_ASCEND_TASK_QUEUE_ENABLE (NPU
    # graph capture rejects 2, which training may want).
    "npu_rollout_task_queue": {
        "since": "0.9.0",
        "anchors": [
            ("VLLM_ASCEND_TASK_QUEUE_ENABLE", "verl/plugin/platform/platform_npu.py",
             r'os\.environ\.get\("VLLM_ASCEND_TASK_QUEUE_ENABLE"'),
        ],
    },
    # The open-file limit verl's multi-node NPU practice sets before ray start.
    "npu_ulimit_nofile": {
        "since": "0.7.1",
        "anchors": [
            ("32768", "docs/ascend_tutorial/model_support/examples/multi-machine_task_startup_practice.rst",
             r"ulimit -n 32768"),
            ("32768", "docs/ascend_tutorial/model_support/examples/ascend_sglang_best_practices.rst",
             r"ulimit -n 32768"),
            ("32768", "docs/ascend_tutorial/examples/ascend_sglang_best_practices.rst", r"ulimit -n 32768"),
        ],
    },

    # ---- What each phase keeps on the device (the memory estimator). ----
    # The dtype the FSDP actor keeps its parameters in when model_dtype is not set.
    "mem_actor_dtype": {
        "since": "0.5.0",
        "anchors": [
            ("fp32", "verl/workers/fsdp_workers.py", r"torch_dtype = torch\.float32 if self\._is_actor else torch\.bfloat16"),
            ("fp32", "verl/workers/config/engine.py", r'model_dtype: str = "fp32"'),
        ],
    },
    # The FSDP reference model lives in host memory: verl wraps every role but the actor in CPUOffload
    # (the engine worker: every forward-only engine).
    "mem_ref_offloaded": {
        "since": "0.5.0",
        "anchors": [
            ("cpu", "verl/workers/fsdp_workers.py", r'None if role == "actor" else CPUOffload\(offload_params=True\)'),
            ("cpu", "verl/workers/engine/fsdp/transformer_impl.py", r"if self\.engine_config\.forward_only:"),
        ],
    },
    # A reference model exists when the KL is in the reward or the loss.
    "mem_ref_when": {
        "since": "0.5.0",
        "anchors": [
            ("kl", "verl/trainer/ppo/utils.py",
             r"return config\.algorithm\.(use_kl_in_reward|get\(\"use_kl_in_reward\", False\)) or config\.actor_rollout_ref\.actor\.use_kl_loss"),
            ("kl", "verl/trainer/main_ppo.py", r"if config\.algorithm\.use_kl_in_reward or config\.actor_rollout_ref\.actor\.use_kl_loss"),
        ],
    },
    # The gradients are freed after the update (zero_grad sets them to None).
    "mem_grads_freed": {
        "since": "0.5.0",
        "anchors": [
            ("after-update", "verl/workers/actor/dp_actor.py", r"^        self\.actor_optimizer\.zero_grad\(\)$"),
            ("after-update", "verl/workers/engine/fsdp/transformer_impl.py", r"def optimizer_zero_grad\(self\):"),
        ],
    },
    # The optimizer states leave the device only with optimizer_offload.
    "mem_optimizer_resident": {
        "since": "0.5.0",
        "anchors": [
            ("unless-optimizer-offload", "verl/workers/fsdp_workers.py", r"if self\._is_offload_optimizer:"),
            ("unless-optimizer-offload", "verl/workers/engine/base.py", r"optimizer_offload|offload_optimizer"),
        ],
    },
    # The rollout engine sleeps between rollouts (free_cache_engine): its weights and KV cache leave the device.
    "mem_sleep": {
        "since": "0.5.0",
        "anchors": [
            ("level-1", "verl/workers/rollout/vllm_rollout/vllm_async_server.py", r"await self\.engine\.sleep\(level=1\)"),
            ("level-from-config", "verl/workers/rollout/vllm_rollout/vllm_async_server.py", r"engine\.sleep\(level"),
            ("level-1", "verl/workers/sharding_manager/fsdp_vllm.py", r"sleep\(level=1\)"),
        ],
    },
    # The engine's weights come back first, the weights are sent, then its KV cache.
    "mem_wake_order": {
        "since": "0.5.0",
        "anchors": [
            ("weights-then-kv", "verl/workers/engine_workers.py", r'resume\(tags=\["weights"\]\)'),
            ("weights-then-kv", "verl/workers/fsdp_workers.py", r'resume\(tags=\["weights"\]\)'),
            ("weights-then-kv", "verl/workers/sharding_manager/fsdp_vllm.py", r'wake_up\(tags=\["weights"\]\)'),
        ],
    },
    # The old log-prob pass computes the entropy too (vocabulary-wide temporaries).
    "mem_log_prob_entropy": {
        "since": "0.5.0",
        "anchors": [
            ("yes", "verl/workers/fsdp_workers.py", r"compute_log_prob\(data=data, calculate_entropy=True\)"),
            ("yes", "verl/trainer/ppo/ray_trainer.py", r"calculate_entropy=True"),
        ],
    },
    # vLLM's max_model_len when rollout.max_model_len is null: prompt + response, or from 0.7 the model's
    # max_position_embeddings (the KV cache must hold one such sequence or vLLM refuses to start).
    "mem_max_model_len": {
        "since": "0.5.0",
        "anchors": [
            ("max-position-embeddings", "verl/workers/rollout/vllm_rollout/vllm_async_server.py",
             r"self\.config\.max_model_len = (self\.model_config\.hf_config\.)?max_position_embeddings"),
            ("prompt-plus-response", "verl/workers/rollout/vllm_rollout/vllm_rollout_spmd.py",
             r"max_model_len = int\(config\.max_model_len or config\.prompt_length \+ config\.response_length\)"),
        ],
    },
    # The vllm-ascend release verl's Ascend guide installs (its KV-cache sizing is in VLLM_ASCEND_SIZING).
    "mem_vllm_ascend": {
        "since": "0.5.0",
        "anchors": [
            ("v0.23.0", "scripts/install_vllm_mcore_npu.sh", r"releases/v0\.23\.0"),
            ("v0.18.0", "scripts/install_vllm_mcore_npu.sh", r"releases/v0\.18\.0"),
            ("v0.13.0", "docs/ascend_tutorial/ascend_quick_start.rst", r"releases/v0\.13\.0"),
            ("v0.11.0rc1", "docs/ascend_tutorial/ascend_quick_start.rst", r"v0\.11\.0rc1"),
            ("v0.9.1", "docs/ascend_tutorial/ascend_quick_start.rst", r"-b v0\.9\.1 .*vllm-ascend"),
            ("v0.7.3.post1", "docs/ascend_tutorial/ascend_quick_start.rst", r"v0\.7\.3\.post1"),
        ],
    },
}

# How each vllm-ascend release sizes the KV cache (read from vllm-ascend at the tag with --vllm-ascend):
#   profile-only: (total × gpu_memory_utilization − the profile run's peak) / block; other processes on
#                 the device are not counted, and nothing checks the free memory at start.
#   device-wide:  the same less every non-torch allocation on the device, the co-located trainer's too.
#   start-check:  the engine refuses to start when the free memory is below total × gpu_memory_utilization;
#                 the KV cache is that requested memory less weights, activations and the engine's own
#                 non-torch growth.
VLLM_ASCEND = None  # the vllm-ascend clone (--vllm-ascend)
VLLM_ASCEND_SIZING = {
    "v0.7.3.post1": ("profile-only", "vllm_ascend/worker/worker.py",
                     r"\(total_npu_memory \* self\.cache_config\.gpu_memory_utilization -"),
    "v0.9.1": ("device-wide", "vllm_ascend/worker/worker_v1.py", r"peak_memory \+= non_torch_allocations"),
    "v0.11.0rc1": ("device-wide", "vllm_ascend/worker/worker_v1.py", r"peak_memory \+= non_torch_allocations"),
    "v0.13.0": ("device-wide", "vllm_ascend/worker/worker.py", r"peak_memory \+= non_torch_allocations"),
    "v0.18.0": ("start-check", "vllm_ascend/worker/worker.py",
                r"self\.available_kv_cache_memory_bytes = self\.requested_memory - profile_result\.non_kv_cache_memory"),
    "v0.23.0": ("start-check", "vllm_ascend/worker/worker.py",
                r"self\.available_kv_cache_memory_bytes = self\.requested_memory - profile_result\.non_kv_cache_memory"),
}

# Who writes and who reads each file of a checkpoint step, for the checkpoint sync. Each entry: the
# files (a regular expression on the path below global_step_N), whether each rank writes and reads
# its own (then it stays on its node), who writes and who reads it, and the lines of verl that do the
# writing and the reading ((file, pattern) each; the first match gives the source). Looked for from
# `since` (until `until`); an entry that no longer matches in its range stops the script.
MEGATRON = "verl/utils/checkpoint/megatron_checkpoint_manager.py"
FSDP = "verl/utils/checkpoint/fsdp_checkpoint_manager.py"
TRAINER = "verl/trainer/ppo/ray_trainer.py"
CHECKPOINT = {
    "dist_metadata": {
        "since": "0.5.0", "files": r"/dist_ckpt/(common\.pt|\.metadata|metadata\.json)$", "per_rank": False,
        "writer": "global rank 0 (Megatron-Core dist_checkpointing)", "reader": "every rank",
        "write": (MEGATRON, r"save_dist_checkpointing\("), "read": (MEGATRON, r"load_dist_checkpointing\("),
    },
    "dist_shards": {
        "since": "0.5.0", "files": r"/dist_ckpt/__\d+_\d+\.distcp$", "per_rank": True,
        "writer": "every rank, its own", "reader": "the ranks of the same parallel layout",
        "note": "Megatron's fully parallel load may read a replica from another rank's shard; with an unchanged "
                "layout the FAQ's practice (shards stay on their node) works",
        "write": (MEGATRON, r"save_dist_checkpointing\("), "read": (MEGATRON, r"load_dist_checkpointing\("),
    },
    "mbridge_weights": {
        "since": "0.5.0", "files": r"/huggingface/[^/]+\.(safetensors|json)$", "per_rank": False,
        "writer": "global rank 0 (mbridge save_weights)", "reader": "every rank (load_weights)",
        "write": (MEGATRON, r"self\.bridge\.save_weights\("),
        "read": (MEGATRON, r"self\.bridge\.load_weights\("),
    },
    "megatron_bridge_weights": {
        "since": "0.7.0", "files": r"/huggingface/[^/]+\.(safetensors|json)$", "per_rank": False,
        "writer": "global rank 0 (Megatron-Bridge save_hf_weights)", "reader": "every rank",
        "write": (MEGATRON, r"self\.bridge\.save_hf_weights\("), "read": (MEGATRON, r"self\.bridge\.load_hf_weights\("),
    },
    "mbridge_default": {
        "since": "0.7.0", "files": r"/huggingface/", "per_rank": False,
        "writer": "the Megatron default: use_mbridge true, use_dist_checkpointing false",
        "reader": "every rank loads the weights from huggingface/",
        "write": ("verl/trainer/config/_generated_ppo_megatron_trainer.yaml", r"^\s+use_mbridge: true"),
        "read": ("verl/trainer/config/_generated_ppo_megatron_trainer.yaml", r"^\s+use_dist_checkpointing: false"),
    },
    "lora_adapter": {
        "since": "0.7.0", "until": "0.8.0", "files": r"/adapter_checkpoint/mp_rank_[^/]+_adapter\.pt$",
        "per_rank": True, "writer": "every rank, for its tensor/pipeline/expert position",
        "reader": "each rank, its own position",
        "write": (MEGATRON, r"save_adapter_checkpoint\("), "read": (MEGATRON, r"load_adapter_checkpoint\("),
    },
    "megatron_fsdp": {
        "since": "0.8.0", "files": r"/dist_ckpt/\.metadata$", "per_rank": False,
        "writer": "global rank 0 (torch FileSystemWriter); each rank writes its own __R_0.distcp; no common.pt, "
                  "no metadata.json",
        "reader": "every rank",
        "write": (MEGATRON, r"save_fsdp_dtensor_checkpoint\("), "read": (MEGATRON, r"load_fsdp_dtensor_checkpoint\("),
    },
    "v2_manifest": {
        "since": "0.9.0", "files": r"/ckpt_contents\.json$", "per_rank": False,
        "writer": "global rank 0, last; holds world_size", "reader": "nobody on resume",
        "write": (MEGATRON, r"os\.replace\(tmp_path, manifest_path\)"), "read": (MEGATRON, r'"world_size": self\.world_size'),
    },
    "fsdp_shards": {
        "since": "0.5.0", "files": r"/(model|optim|extra_state)_world_size_\d+_rank_\d+\.pt$", "per_rank": True,
        "writer": "every rank, its own", "reader": "the same rank",
        "write": (FSDP, r"torch\.save\(model_state_dict, model_path\)"),
        "read": (FSDP, r"model_state_dict = torch\.load\(local_model_path"),
    },
    "fsdp_rank0": {
        "since": "0.5.0", "files": r"/(fsdp_config\.json|huggingface/.*)$", "per_rank": False,
        "writer": "global rank 0", "reader": "nobody on resume (the model merger)",
        "write": (FSDP, r"model_config\.save_pretrained\(hf_config_tokenizer_path\)"),
        "read": ("verl/model_merger/fsdp_model_merger.py", r"fsdp_config"),
    },
    "data_pt": {
        "since": "0.5.0", "files": r"^global_step_\d+/data\.pt$", "per_rank": False,
        "writer": "the trainer process, on its node", "reader": "the trainer process when it resumes",
        "write": (TRAINER, r"torch\.save\(dataloader_state_dict, dataloader_local_path\)"),
        "read": (TRAINER, r"torch\.load\(dataloader_local_path"),
    },
    "tracker": {
        "since": "0.5.0", "files": r"^latest_checkpointed_iteration\.txt$", "per_rank": False,
        "writer": "the trainer process, last", "reader": "the trainer process (resume_mode auto)",
        "write": (TRAINER, r"f\.write\(str\(self\.global_steps\)\)"),
        "read": ("verl/utils/checkpoint/checkpoint_manager.py", r"int\(f\.read\(\)\.decode\(\)\)"),
    },
}

# The values verl accepts: (kind, file, pattern). A pattern's group is a Python list literal, or, for
# Checks verl makes across keys at start-up, read like ANCHORS (the value names the form of the check) but
# for every release, NPU profiler or not. The linter states each with the source line found here.
CROSS_CHECKS = {
    # The rollout's device mesh: the actor/rollout/ref world (nnodes × n_gpus_per_node) must split into
    # whole rollout groups: tp alone up to 0.5, tp × dp × pp from 0.6.
    "cross_rollout_world": {
        "since": "0.4.0",
        "anchors": [
            ("tp_dp_pp", "verl/workers/fsdp_workers.py", r"is not divisible by infer_world_size"),
            ("tp_dp_pp", "verl/workers/engine_workers.py", r"is not divisible by infer_world_size"),
            ("tp", "verl/workers/fsdp_workers.py", r"is not divisible by infer_tp"),
        ],
    },
    # Multi-turn rollout needs a tool (0.4.0) or a tool or interaction config (0.4.1); removed by #2337.
    "cross_multi_turn_config": {
        "since": "0.4.0",
        "until": "0.5.0",
        "anchors": [
            ("tool_or_interaction", "verl/trainer/ppo/ray_trainer.py",
             r"tool_config_path or interaction_config_path must be set when enabling multi_turn"),
            ("tool", "verl/trainer/ppo/ray_trainer.py", r"tool_config_path must be set when enabling multi_turn"),
        ],
    },
    # Multi-turn rollout only with GRPO advantages; removed by #2337 with the one above.
    "cross_multi_turn_estimator": {
        "since": "0.4.0",
        "until": "0.5.0",
        "anchors": [
            ("grpo", "verl/trainer/ppo/ray_trainer.py", r"only GRPO is tested for multi-turn with tool"),
        ],
    },
    # Expert parallelism of the rollout spans its tensor and data parallel ranks.
    "cross_rollout_ep": {
        "since": "0.6.0",
        "anchors": [
            ("tp_dp", "verl/workers/config/rollout.py",
             r"expert_parallel_size must be equal to tensor_model_parallel_size \* data_parallel_size"),
        ],
    },
}

# What LoRA changes in a run's memory, for every release: the reference model is the actor with its
# adapter off (no copy of its own), and the rollout engine holds LoRA slots: max_loras of them, each of
# max_lora_rank, which verl passes as the rank itself or rounded up to a rank vLLM allows.
LORA_FACTS = {
    "lora_ref_in_actor": {
        "since": "0.4.0",
        "anchors": [("yes", "verl/trainer/ppo/ray_trainer.py", r"self\.ref_in_actor = ")],
    },
    "lora_max_loras": {
        "since": "0.4.0",
        "anchors": [
            ("1", "verl/workers/rollout/vllm_rollout/vllm_async_server.py", r'"max_loras": 1'),
            ("1", "verl/workers/rollout/vllm_rollout/vllm_rollout_spmd.py", r'"max_loras": 1'),
            ("1", "verl/workers/fsdp_workers.py", r'"max_loras": 1'),
        ],
    },
    "lora_vllm_rank": {
        "since": "0.4.0",
        "anchors": [
            # vLLM's own list (MaxLoRARanks), verl's copy of it when vLLM has none: 1 is allowed too.
            ("rounded-from-1", "verl/workers/rollout/vllm_rollout/utils.py",
             r"MaxLoRARanks = Literal\[1, 8, 16, 32, 64, 128, 256, 320, 512\]"),
            ("rounded", "verl/workers/rollout/vllm_rollout/utils.py",
             r"vllm_max_lora_ranks = \[8, 16, 32, 64, 128, 256, 320, 512\]"),
            ("raw", "verl/workers/rollout/vllm_rollout/vllm_rollout_spmd.py", r'"max_lora_rank": model_config\.lora_rank'),
            ("raw", "verl/workers/fsdp_workers.py", r'"max_lora_rank": self\._lora_rank'),
        ],
    },
}

# patterns marked "each", one accepted value per matching line (an if/elif chain).
CHOICES = [
    ("level", "verl/utils/profiler/config.py", r"assert self\.level in (\[[^\]]*\])", "list"),
    ("level", "verl/utils/profiler/mstx_profile.py", r'(?:option\.level|profile_level) == "([a-z0-9_]+)"', "each"),
    ("contents", "verl/utils/profiler/config.py", r"assert content in (\[[^\]]*\])", "list"),
    ("tool", "verl/utils/profiler/profile.py", r'self\._tool == "([a-z_]+)"', "each"),
]
# The error messages that go with them (shown to users next to verl's own words).
MESSAGES = [
    ("level_type", "verl/utils/profiler/config.py", r'f"(Profiler level must be of type str[^"]*)"'),
    ("level", "verl/utils/profiler/config.py", r'f"(Profiler level only supports[^"]*)"'),
    ("level", "verl/utils/profiler/mstx_profile.py", r'f"(level only supports[^"]*)"'),
    ("contents_type", "verl/utils/profiler/config.py", r'f"(Profiler contents must be of type list[^"]*)"'),
    ("contents", "verl/utils/profiler/config.py", r'f"(Profiler contents only supports npu[^"]*)"'),
    ("analysis_type", "verl/utils/profiler/config.py", r'f"(Profiler analysis must be of type bool[^"]*)"'),
    ("ranks_type", "verl/utils/profiler/config.py", r'f"(Profiler ranks must be of type list[^"]*)"'),
    ("token_order", "verl/utils/profiler/config.py", r'f"(profile_token_end must be > profile_token_start[^"]*)"'),
]

# verl's config dataclasses and the config nodes they are built from: a field the dataclass checks with
# isinstance fails the run when its value has another type; the others are read as Python reads them.
DATACLASSES = {"NPUToolConfig": ".tool_config.npu.", "ProfilerConfig": ".profiler."}

INTERPOLATION = re.compile(r"^\$\{(?:oc\.select:)?([A-Za-z0-9_.]+)(?:,(.*))?\}$")


class Repo:
    def __init__(self, path):
        self.path = path

    def git(self, *args, check=True):
        result = subprocess.run(["git", "-C", self.path, *args], capture_output=True, text=True)
        if check and result.returncode != 0:
            raise SystemExit(f"git {' '.join(args)}: {result.stderr.strip()}")
        return result

    def show(self, tag, path):
        result = self.git("show", f"{tag}:{path}", check=False)
        return result.stdout if result.returncode == 0 else None

    def commit(self, tag):
        return self.git("rev-list", "-n", "1", tag).stdout.strip()

    def grep(self, tag, pattern, *paths):
        result = self.git("grep", "-n", "-E", pattern, tag, "--", *paths, check=False)
        return [line for line in result.stdout.splitlines() if line]

    def tags(self):
        out = []
        for tag in self.git("tag").stdout.split():
            m = re.fullmatch(r"v(\d+)\.(\d+)\.(\d+)", tag)
            if m and tuple(map(int, m.groups())) >= (0, 4, 0):
                out.append(tag)
        return sorted(out, key=lambda t: tuple(map(int, t[1:].split("."))))


def version_file(repo, tag):
    """What `verl.__version__` says when installed from the tag: v0.7.0 and v0.8.0 read X.Y.Z.dev."""
    path = "verl/version/version"
    text = repo.show(tag, path)
    if text is None:
        return None
    return {"value": text.strip(), "source": source(tag, path, 1)}


def version_of(tag):
    return tuple(map(int, tag[1:].split(".")))


def walk(node, prefix, out):
    """Every key of a composed YAML (a yaml.Node tree) with its value node and line."""
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = f"{prefix}.{key_node.value}" if prefix else key_node.value
            out[key] = (value_node, key_node.start_mark.line + 1)
            walk(value_node, key, out)


def python_value(node):
    if isinstance(node, yaml.ScalarNode):
        return yaml.safe_load(yaml.serialize(node))
    if isinstance(node, yaml.SequenceNode):
        return [python_value(n) for n in node.value]
    return None


def is_tracked(key):
    return any(key == t or key.startswith(t + ".") for t in TRACKED)


def kind_of(key, value):
    leaf = key.rsplit(".", 1)[-1]
    if key.endswith("update_weights_bucket_megabytes"):
        return "positive_int"
    if leaf == "tool":
        return "tool"
    if leaf in ("steps", "profile_steps"):
        return "steps"
    if leaf == "ranks":
        return "ranks"
    if leaf == "level" and (".npu." in key or "npu_profile.options" in key):
        return "level"
    if leaf == "contents" and ".npu." in key:
        return "contents"
    if leaf in ("profile_token_start", "profile_token_end"):
        return "nullable_int"
    if leaf == "save_path":
        return "path"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    return "any"


def pylist(text):
    return [s.strip().strip("'\"") for s in text.strip("[]").split(",") if s.strip()]


def source(tag, path, line):
    return f"{tag}:{path}:{line}"


def lines_matching(repo, tag, path, pattern):
    """(line number, match) for every line of TAG:PATH that matches."""
    text = repo.show(tag, path)
    if text is None:
        return []
    hits = []
    for number, line in enumerate(text.splitlines(), 1):
        m = re.search(pattern, line)
        if m:
            hits.append((number, m))
    return hits


def anchored(repo, tag, fact):
    for value, path, pattern in fact["anchors"]:
        hits = lines_matching(repo, tag, path, pattern)
        if hits:
            return {"value": value, "source": source(tag, path, hits[0][0])}
    return None


def checked_fields(repo, tag):
    """{(node suffix, field): source} for the fields verl's profiler dataclasses type-check."""
    path = "verl/utils/profiler/config.py"
    text = repo.show(tag, path)
    checked = {}
    if text is None:
        return checked
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r"class (\w+)\(", line)
        if m:
            current = m.group(1)
        if current not in DATACLASSES:
            continue
        fields = re.findall(r"isinstance\(self\.(\w+),", line) + re.findall(r'\("(profile_token_\w+)", ', line)
        for field in fields:
            checked.setdefault((DATACLASSES[current], field), source(tag, path, number))
    return checked


def entry_points(repo, tag, paths=("verl", "recipe", "examples", "scripts"), prefix=""):
    points = []
    for hit in repo.grep(tag, r"@hydra\.main", *paths):
        _, path, line, text = hit.split(":", 3)
        if not path.endswith(".py"):
            continue
        decorator = repo.show(tag, path).splitlines()[int(line) - 1 : int(line) + 3]
        joined = " ".join(decorator)
        name = re.search(r"config_name=[\"']([^\"']+)", joined)
        module = prefix + path[:-3].replace("/", ".")
        points.append({"module": module, "file": prefix.replace(".", "/") + path,
                       "config": name.group(1) if name else "", "source": source(tag, path, line)})
    return points


def not_hydra(repo, tag):
    """Command-line modules of verl that read argparse options, not Hydra overrides."""
    modules = []
    for hit in repo.grep(tag, r"argparse\.ArgumentParser\(", "verl", "scripts"):
        _, path, line, _ = hit.split(":", 3)
        text = repo.show(tag, path)
        if "@hydra.main" in text:
            continue
        package = path.rsplit("/", 1)[0]
        main = repo.show(tag, package + "/__main__.py")
        if "__main__" not in text and main is None:
            continue
        module = (package if main is not None and package.startswith("verl/") else path[:-3]).replace("/", ".")
        if module not in [m["module"] for m in modules]:
            modules.append({"module": module, "source": source(tag, path, line)})
    return modules


def extract(repo, tag):
    text = repo.show(tag, GENERATED)
    config_path = GENERATED
    if text is None:
        text = repo.show(tag, PLAIN)
        config_path = PLAIN
    root = yaml.compose(text)
    nodes = {}
    walk(root, "", nodes)

    keys = {}
    mapping_nodes = {}
    interpolated = {}
    for key, (node, line) in nodes.items():
        if not is_tracked(key):
            continue
        where = source(tag, config_path, line)
        if isinstance(node, yaml.MappingNode):
            mapping_nodes[key] = where
            continue
        value = python_value(node)
        entry = {"kind": kind_of(key, value), "default": value, "source": where}
        if isinstance(value, str):
            m = INTERPOLATION.match(value)
            if m:
                entry["interpolation"] = m.group(1)
                if m.group(2) is not None:
                    entry["fallback"] = yaml.safe_load(m.group(2)) if m.group(2) != "" else ""
                # A node the config defines as an interpolation: its fields cannot be set one by one.
                target = nodes.get(m.group(1))
                if target is not None and isinstance(target[0], yaml.MappingNode):
                    interpolated[key] = {"target": m.group(1), "source": where}
        keys[key] = entry
    checked = checked_fields(repo, tag)
    for key, entry in keys.items():
        for (suffix, field), where in checked.items():
            if key.endswith(suffix + field) or key == suffix.strip(".") + "." + field:
                entry["checked"] = where
    # An interpolated leaf has the kind of what it points at.
    for key, entry in keys.items():
        target = entry.get("interpolation")
        if target in keys and entry["kind"] in ("string", "any"):
            entry["kind"] = keys[target]["kind"]

    npu = any(".tool_config.npu." in k or k.startswith("trainer.npu_profile.") for k in keys)
    settings = {}
    roles = []
    if npu:
        for name, candidates in GLOBAL_SETTINGS.items():
            for candidate in candidates:
                if candidate in keys:
                    settings[name] = candidate
                    break
        for role, node_candidates in ROLE_NODES.items():
            node = next((n for n in node_candidates if n in mapping_nodes), None)
            if node is None:
                continue
            roles.append({"role": role, "node": node, "source": mapping_nodes[node]})
            for field, patterns in ROLE_FIELDS.items():
                for pattern in patterns:
                    candidate = pattern.format(node=node)
                    if candidate in keys:
                        settings[f"{role}.{field}"] = candidate
                        break
    else:
        for candidate in GLOBAL_SETTINGS["bucket"]:
            if candidate in keys:
                settings["bucket"] = candidate

    choices = {}
    for kind, path, pattern, mode in CHOICES:
        if kind in choices:
            continue
        hits = lines_matching(repo, tag, path, pattern)
        if not hits:
            continue
        number, match = hits[0]
        values = pylist(match.group(1)) if mode == "list" else []
        if mode == "each":
            for _, m in hits:
                if m.group(1) not in values:
                    values.append(m.group(1))
        choices[kind] = {"values": values, "source": source(tag, path, number)}

    messages = {}
    for name, path, pattern in MESSAGES:
        hits = [] if name in messages else lines_matching(repo, tag, path, pattern)
        if hits:
            number, match = hits[0]
            messages[name] = {"text": match.group(1), "source": source(tag, path, number)}

    behaviour = {}
    version = version_of(tag)
    for name, fact in ANCHORS.items():
        since = tuple(map(int, fact["since"].split(".")))
        until = tuple(map(int, fact["until"].split("."))) if "until" in fact else None
        if version < since or (until and version >= until) or not npu:
            continue
        found = anchored(repo, tag, fact)
        if found is None:
            raise SystemExit(
                f"{tag}: no anchor of '{name}' matches any more; read verl's code at {tag} and update ANCHORS"
            )
        behaviour[name] = found

    for name, fact in {**CROSS_CHECKS, **LORA_FACTS}.items():
        since = tuple(map(int, fact["since"].split(".")))
        until = tuple(map(int, fact["until"].split("."))) if "until" in fact else None
        if version < since or (until and version >= until):
            continue
        found = anchored(repo, tag, fact)
        if found is None:
            raise SystemExit(
                f"{tag}: no anchor of '{name}' matches any more; read verl's code at {tag} and update CROSS_CHECKS"
            )
        behaviour[name] = found

    # The KV-cache sizing of the vllm-ascend release the guide pins, read from vllm-ascend at that tag.
    pinned = behaviour.get("mem_vllm_ascend")
    if pinned and VLLM_ASCEND is not None:
        family, path, pattern = VLLM_ASCEND_SIZING[pinned["value"]]
        hits = lines_matching(VLLM_ASCEND, pinned["value"], path, pattern)
        if not hits:
            raise SystemExit(f"vllm-ascend {pinned['value']}: the KV-cache sizing pattern matches nothing in {path}; "
                             "read vllm-ascend's worker at that tag and update VLLM_ASCEND_SIZING")
        behaviour["mem_kv_sizing"] = {"value": family,
                                      "source": "vllm-ascend " + source(pinned["value"], path, hits[0][0])}

    checkpoint = {}
    for name, fact in CHECKPOINT.items():
        since = tuple(map(int, fact["since"].split(".")))
        until = tuple(map(int, fact["until"].split("."))) if "until" in fact else None
        if version < since or (until and version >= until):
            continue
        found = {}
        for role in ("write", "read"):
            path, pattern = fact[role]
            hits = lines_matching(repo, tag, path, pattern)
            if not hits:
                raise SystemExit(f"{tag}: checkpoint fact '{name}' ({role}) matches nothing in {path}; "
                                 "read verl's code at this tag and update CHECKPOINT")
            found[role] = source(tag, path, hits[0][0])
        checkpoint[name] = {key: fact[key] for key in ("files", "per_rank", "writer", "reader", "note") if key in fact}
        checkpoint[name].update({"written_at": found["write"], "read_at": found["read"]})

    return {
        "version": ".".join(map(str, version)),
        "tag": tag,
        "commit": repo.commit(tag),
        "config": config_path,
        "npu_profiler": npu,
        "roles": roles,
        "settings": settings,
        "keys": keys,
        "nodes": mapping_nodes,
        "interpolated_nodes": interpolated,
        "choices": choices,
        "messages": messages,
        "behaviour": behaviour,
        "version_file": version_file(repo, tag),
        "entry_points": entry_points(repo, tag),
        "not_hydra": not_hydra(repo, tag),
        "checkpoint": checkpoint,
        "requires": requirements.requirements(repo, tag, source),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("verl", help="a git clone of verl (bare is fine)")
    parser.add_argument("--recipe", help="a git clone of verl-recipe, for the Hydra programs under recipe/")
    parser.add_argument("--vllm-ascend", help="a git clone of vllm-ascend, for the KV-cache sizing of the release "
                        "verl's Ascend guide pins")
    parser.add_argument("--tags", nargs="*", help="release tags to read (default: every vX.Y.Z from v0.4.0)")
    parser.add_argument("--output", help="where to write the JSON (default: standard output)")
    args = parser.parse_args()
    repo = Repo(args.verl)
    global VLLM_ASCEND
    VLLM_ASCEND = Repo(args.vllm_ascend) if args.vllm_ascend else None
    tags = args.tags or repo.tags()
    versions = []
    for tag in tags:
        facts = extract(repo, tag)
        versions.append(facts)
        print(f"{tag}: {len(facts['keys'])} keys, {len(facts['settings'])} settings, "
              f"{len(facts['entry_points'])} entry points", file=sys.stderr)
    recipe = None
    if args.recipe:
        recipes = Repo(args.recipe)
        commit = recipes.commit("HEAD")
        # Sources name the commit: verl-recipe has no release tags.
        recipe = {"repository": "https://github.com/verl-project/verl-recipe", "commit": commit,
                  "entry_points": entry_points(recipes, commit, paths=(".",), prefix="recipe.")}
        print(f"verl-recipe {commit[:10]}: {len(recipe['entry_points'])} entry points", file=sys.stderr)
    document = {
        "schema": 1,
        "about": "What each verl release expects of the NPU profiler, the weight-transfer bucket, its launch "
        "commands, and who writes and reads each checkpoint file. Written by scripts/verl-facts/extract.py from verl's source; do not edit by hand.",
        "repository": REPOSITORY,
        "versions": versions,
        "recipe": recipe,
    }
    text = json.dumps(document, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    if args.output:
        # Written beside the target and renamed, so a failed run never leaves half a file.
        with open(args.output + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(args.output + ".tmp", args.output)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
