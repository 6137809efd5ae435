// The rules by which a verl release's requirements and its Ascend guide's stack are read together, shared
// by the environment check (verl.requirements) and the stack audit.
#pragma once

#include <optional>

#include <QList>
#include <QStringList>

#include "common/pyversion.h"
#include "verl/facts.h"

namespace vna::env {

// The packages the release's requirements ask a version of, in the order its files name them.
QStringList requiredPackages(const verl::VersionFacts &facts);

// What the release's files ask of one package, and what of it an installed version breaks.
struct PackageRequirements
{
    QList<const verl::Requirement *> all;        // those whose specifier could be read
    QList<const verl::Requirement *> violated;   // of them, those `installed` breaks (none when it is unknown)
    QList<const verl::Requirement *> unreadable; // those whose specifier could not be read

    // One of verl's files accepts what another refuses (verl 0.9.0: numpy<2.0.0 in requirements-npu.txt,
    // numpy>=2.0.0 in setup.py): nothing is judged.
    bool filesDisagree() const { return !violated.isEmpty() && violated.size() < all.size(); }
};
PackageRequirements
requirementsOn(const verl::VersionFacts &facts, const QString &package, const std::optional<PyVersion> &installed);

// The guide stack for the rollout installed: "vllm" with vllm-ascend, "sglang" with SGLang; null for neither.
const verl::GuideStack *guideStackFor(const verl::VersionFacts &facts, bool vllmAscend, bool sglang);

// Whether `stack` pins exactly the installed release of req.package, newer than `req` allows: a guide
// that installs past the requirements file on purpose (verl 0.6's SGLang guide: transformers 4.56.1 over
// requirements-npu.txt's 4.52.4). A pin older than the requirement is the guide lagging the code
// (verl#5468), and the requirement wins.
bool guideIsAhead(const verl::GuideStack *stack, const verl::Requirement &req, const PyVersion &installed);

} // namespace vna::env
