// The rules by which a verl release's requirements and its Ascend guide's stack are read together, shared
// by the environment check (verl.requirements) and the stack audit.
#pragma once

#include "common/pyversion.h"
#include "verl/facts.h"

namespace vna::env {

// The guide stack for the rollout installed: "vllm" with vllm-ascend, "sglang" with SGLang; null for neither.
const verl::GuideStack *guideStackFor(const verl::VersionFacts &facts, bool vllmAscend, bool sglang);

// Whether `stack` pins exactly the installed release of req.package, newer than `req` allows: a guide
// that installs past the requirements file on purpose (verl 0.6's SGLang guide: transformers 4.56.1 over
// requirements-npu.txt's 4.52.4). A pin older than the requirement is the guide lagging the code
// (verl#5468), and the requirement wins.
bool guideIsAhead(const verl::GuideStack *stack, const verl::Requirement &req, const PyVersion &installed);

} // namespace vna::env
