// The rules both the generator and the linter apply: the type and range of each profiler value, and
// what a set of settings will (or will not) collect in a given verl release, from the facts file.
#pragma once

#include <QHash>
#include <QList>
#include <QSet>

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

// Checks one value for its key; nothing when it is fine. Sweeps (a,b) are reported as such, with
// the list they were probably meant to be as the fix.
std::optional<ValueProblem> checkValue(const verl::ConfigKey &key, const hydra::Value &value);

// The profiler-relevant overrides of one run, with where each was set; what is not set takes verl's
// default for the release, following its interpolations.
class Settings
{
public:
    struct Place
    {
        qsizetype line = 0;
        qsizetype column = 0;
    };

    void set(const QString &key, const hydra::Value &value, Place place = Place{0, 0});
    // The override sets the key to a value only known when the script runs ($VAR from outside).
    void setUnknown(const QString &key, Place place = Place{0, 0});
    bool has(const QString &key) const;
    std::optional<hydra::Value> value(const QString &key) const;
    Place place(const QString &key) const;
    QStringList keys() const; // in the order they were first set
    // The value the key has in the composed config: the override, or verl's default (an interpolation
    // resolved to what it points at). Nothing when the key does not exist or its value is not known.
    std::optional<hydra::Value> effective(const verl::Version &version, const QString &key) const;
    // Whether the key's value in the composed config comes from an unknown override.
    bool unknown(const verl::Version &version, const QString &key) const;

private:
    // The key whose value decides `key`: itself, or what its interpolation leads to.
    QString source(const verl::Version &version, const QString &key) const;

    QHash<QString, hydra::Value> m_values;
    QSet<QString> m_unknown;
    QHash<QString, Place> m_places;
    QStringList m_order;
};

// Where the settings come from, for rules that depend on it.
struct RunContext
{
    QString configName; // --config-name of the launch; empty when not given
};

// What the settings will collect in `version`, and what verl rejects or does differently than users
// expect: nothing collected (no tool, no steps, no role enabled, no ranks where verl then profiles
// none), roles whose options never reach a profiler, what empty contents means, level2 size, steps
// merged with discrete traces, the agent-loop servers, the token range.
QList<Finding> checkSettings(const Settings &settings, const verl::Version &version, const RunContext &context = {});

// A value from the facts file (a config default) as a Hydra value.
hydra::Value valueOf(const QJsonValue &json);

} // namespace vna::profiler
