// The rules both the generator and the linter apply: the type and range of each profiler value,
// and what a set of settings will (or will not) collect.
#pragma once

#include <QHash>
#include <QList>
#include <QMap>

#include "hydra/value.h"
#include "profiler/finding.h"
#include "verl/profilerschema.h"

namespace vna::profiler {

// A value that does not suit its key: why, and the value to use instead when there is an obvious one.
struct ValueProblem
{
    QString rule;
    QString message;
    std::optional<hydra::Value> fix;
    Finding::Severity severity = Finding::Severity::Error;
};

// Checks one value for its kind; nothing when it is fine. Sweeps (a,b) are reported as such, with
// the list they were probably meant to be as the fix.
std::optional<ValueProblem> checkValue(const verl::ConfigKey &key, const hydra::Value &value);

// The profiler-relevant settings of one run, gathered from overrides, with where each was set.
class Settings
{
public:
    struct Place
    {
        qsizetype line = 0;
        qsizetype column = 0;
    };

    void set(const QString &key, const hydra::Value &value, Place place = Place{0, 0});
    bool has(const QString &key) const;
    std::optional<hydra::Value> value(const QString &key) const;
    Place place(const QString &key) const;

private:
    QHash<QString, hydra::Value> m_values;
    QHash<QString, Place> m_places;
};

// What the settings will collect, and the combinations verl rejects or does differently than
// users expect: nothing collected without tool=npu and steps, rank 0 only, what empty contents
// means, level2 size, continuous steps with discrete, agent-loop rollout without discrete.
QList<Finding> checkSettings(const Settings &settings, const verl::Version &version);

} // namespace vna::profiler
