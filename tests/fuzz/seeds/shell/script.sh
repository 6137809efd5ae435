#!/bin/bash
set -x
export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3
STEPS="[1,2]"
MODEL=$HOME/models/qwen
python3 -m verl.trainer.main_ppo \
  global_profiler.tool=npu "global_profiler.steps=$STEPS" \
  actor_rollout_ref.model.path=${MODEL} trainer.n_gpus_per_node=`nproc` data.x=$(cat f) 'a=[1,2]' b={x,y} 2>&1 | tee log.txt && echo done; echo $1
