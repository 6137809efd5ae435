// Checks verl makes across keys when a run starts, each at the releases where verl's own code makes it
// (verl-facts.json, behaviour "cross_*", with the line that does): the rollout's parallel groups
// against the devices, expert parallelism against them, and multi-turn rollout's tool config and
// estimator in 0.4.x.
#pragma once

#include <functional>
#include <optional>

#include <QJsonValue>
#include <QList>
#include <QString>

#include "profiler/finding.h"
#include "verl/facts.h"

namespace vna::profiler {

// What a key holds for the launch: the command's value, else the config's default; nothing when only
// running the script would tell.
using KeyValue = std::function<std::optional<QJsonValue>(const QString &key)>;

// The findings, placed at the launch (the caller moves them to a key's word where it has one).
QList<Finding> crossKeyFindings(const verl::VersionFacts &facts, const QString &entry, const KeyValue &value);

} // namespace vna::profiler
