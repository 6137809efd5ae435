// The conditions a knowledge entry's failure needs beyond its line (Entry::onlyWith): a setting that
// breaks runs only from some release of a component on. Each is read from generated facts, never
// written here: "vllm-ascend-refuses-v0-engine" is the first vllm-ascend tag whose platform.py raises
// "vLLM Ascend does not support V0 engine." (resources/data/stack-pins.json).
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "logscan/knowledgebase.h"
#include "logscan/knownbugs.h"
#include "logscan/located.h"

namespace vna::logscan {

enum class ConditionState : std::uint8_t {
    Holds,       // the user's release is one the failure needs
    DoesNotHold, // it is not: the line is harmless there
    Unknown,     // the user's release is not known
};

struct ConditionVerdict
{
    ConditionState state = ConditionState::Unknown;
    QString sentence; // what holds and why, in the language asked for, with the source line
};

// Judged against what the user runs (--installed, the window), else the releases the log's lines fit.
ConditionVerdict conditionVerdict(const QString &condition,
                                  const QList<InstalledVersion> &installed,
                                  const QList<LogReleases> &logReleases,
                                  const QString &language);

// "holds", "does-not-hold", "unknown"
QString conditionStateId(ConditionState state);

} // namespace vna::logscan
