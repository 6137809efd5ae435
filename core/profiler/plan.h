// The profiler override generator: what the user wants profiled -> the overrides that do it for
// their verl version, rendered for bash, one line, YAML or JSON.
#pragma once

#include <optional>

#include <QJsonArray>
#include <QList>
#include <QString>

#include "hydra/override.h"
#include "profiler/finding.h"
#include "verl/profilerschema.h"

namespace vna::profiler {

struct Request
{
    verl::Version version = verl::latestKnown();
    QList<verl::Role> roles{verl::Role::Actor};
    QList<qint64> steps{1};
    QString savePath; // empty: verl's default
    QStringList contents{QStringLiteral("npu"), QStringLiteral("cpu")};
    QString level; // empty: the version's default
    bool analysis = true;
    bool discrete = false;
    bool allRanks = false;
    QList<qint64> ranks;              // empty with allRanks off: rank 0 only
    bool continuousSteps = false;     // 0.6+
    std::optional<qint64> tokenStart; // rollout, 0.9+
    std::optional<qint64> tokenEnd;

    bool operator==(const Request &) const = default;
};

struct Plan
{
    QList<hydra::Override> overrides;
    QList<Finding> findings; // the checks of checks.h applied to these overrides
    QStringList notes;       // translated remarks about this version (what is inherited, defaults)
};

// "1,2,5" -> {1, 2, 5}: the steps and ranks fields of the CLI and the form. Empty text is an empty list.
Result<QList<qint64>> parseNumberList(const QString &text, const QString &where);

// Fails for requests that cannot be expressed (no role, a token range before 0.9, …).
Result<Plan> buildPlan(const Request &request);

// A request read back from overrides (the "Import command" of the GUI): what the overrides ask for,
// the form's defaults for what they leave out, and remarks about what could not be carried over.
struct Imported
{
    Request request;
    QStringList notes;  // translated
    qsizetype used = 0; // how many overrides went into the request
};

// `overrides` are read for `version` (the linter's corrected overrides); keys of other programs are
// skipped silently. `defaults` supplies everything the overrides do not set.
Imported importRequest(const QList<hydra::Override> &overrides, const Request &defaults);

enum class Format { Shell, Line, Yaml, Json };
Result<Format> parseFormat(const QString &text, const QString &where);
QString formatName(Format format); // what parseFormat reads: shell, line, yaml, json

// Shell: one override per line joined by " \", each quoted for bash only where needed.
// Line: the same on one line. Yaml: the equivalent YAML fragment. Json: [{key, value, hydra}], where
// hydra is the exact string Hydra receives after the shell removed its quotes.
QString render(const Plan &plan, Format format);
QJsonArray toJson(const Plan &plan);

} // namespace vna::profiler
