// The Profiler tool's state without a widget: the Generate form as entered (remembered in the
// settings), the request it stands for in a verl release, and what the Launch command page was handed. The
// tab renders it.
#pragma once

#include <optional>

#include <QString>
#include <QStringList>

#include "common/settingskeys.h"
#include "profiler/lint.h"
#include "profiler/migrate.h"
#include "profiler/plan.h"

namespace vna::ui {

struct ProfilerInputs
{
    QStringList roles = keys::profilerRoles.defaultValue.split(u',');
    QString steps = keys::profilerSteps.defaultValue;
    QString savePath;
    QStringList contents = keys::profilerContents.defaultValue.split(u',');
    QString level; // empty: the release's default
    bool analysis = keys::profilerAnalysis.defaultValue;
    bool discrete = false;
    QString ranks;
    bool allRanks = false;
    bool continuous = false;
    QString tokenStart;
    QString tokenEnd;
    QString format = keys::profilerFormat.defaultValue;
    int page = 0; // Generate, Lint

    static ProfilerInputs load();
    void save() const;
    bool operator==(const ProfilerInputs &) const = default;
};

struct ProfilerFieldErrors
{
    QString steps;
    QString ranks;
    QString tokens;
    bool operator==(const ProfilerFieldErrors &) const = default;
};

class ProfilerState
{
public:
    ProfilerInputs inputs;
    std::optional<profiler::Plan> plan;             // the Generate page's overrides
    std::optional<profiler::LintReport> lintReport; // the Launch command page's findings
    std::optional<verl::Version> moveFrom;          // the release the script is moved from, while it is
    std::optional<profiler::Migration> migration;   // what the move changes, when the page moves the script
    QString linkOrigin; // the log line the Launch command page's text came from, while it does

    // Which settings the release has: roles, continuous steps, the rollout's token range (which
    // also needs the rollout role ticked).
    static bool hasRole(const verl::Version &version, const QString &role);
    bool tokensApply(const verl::Version &version) const;

    // The form as a request for `version` (roles and settings the release lacks are left out), or
    // nothing with the reason at each wrong field.
    std::optional<profiler::Request> request(const verl::Version &version, ProfilerFieldErrors &errors) const;
    // "From the log analyzer: …" in the current language; empty when the text is the user's own.
    QString scriptOrigin() const;
};

} // namespace vna::ui
