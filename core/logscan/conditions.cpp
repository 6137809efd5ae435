#include "conditions.h"

#include <QCoreApplication>

#include "common/pyversion.h"
#include "env/stackpins.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Analyze)
};

// The knowledge base owns the names; this file judges them.
const QString &refusesV0()
{
    static const QString name = knownConditions().constFirst();
    return name;
}

// Whether `version` is at or after `first`; nullopt when they cannot be compared.
std::optional<bool> atOrAfter(const QString &version, const QString &first)
{
    const auto order = comparePyVersions(version, first);
    if (!order)
        return std::nullopt;
    return *order >= 0;
}

} // namespace

QString conditionStateId(ConditionState state)
{
    switch (state) {
    case ConditionState::Holds:
        return u"holds"_s;
    case ConditionState::DoesNotHold:
        return u"does-not-hold"_s;
    case ConditionState::Unknown:
        break;
    }
    return u"unknown"_s;
}

ConditionVerdict conditionVerdict(const QString &condition,
                                  const QList<InstalledVersion> &installed,
                                  const QList<LogReleases> &logReleases,
                                  const QString &language)
{
    Q_UNUSED(language) // the catalogue installed is the language
    if (condition != refusesV0())
        return {};
    const env::ReleasePins *first = env::firstRefusingV0Engine();
    if (!first)
        return {ConditionState::Unknown,
                Text::tr("The facts hold no vllm-ascend release that refuses vLLM's V0 engine, "
                         "so whether this setting breaks the run is not known.")};
    const QString from = first->version;
    const QString source = first->refusesV0Engine;
    // What the user runs: given, else every release the log's lines fit, when they agree.
    QString you;
    QString where;
    for (const InstalledVersion &one : installed) {
        if (one.component == u"vllm-ascend" || one.component == u"vllm_ascend") {
            you = one.version;
            where = one.source;
            break;
        }
    }
    std::optional<bool> after;
    if (!you.isEmpty()) {
        after = atOrAfter(you, from);
    } else {
        for (const LogReleases &fit : logReleases) {
            if (fit.component != u"vllm-ascend" || fit.versions.isEmpty())
                continue;
            const auto firstFit = atOrAfter(fit.versions.constFirst(), from);
            const auto lastFit = atOrAfter(fit.versions.constLast(), from);
            if (firstFit && lastFit && *firstFit == *lastFit) {
                after = firstFit;
                you = fit.versions.size() == 1 ? fit.versions.constFirst()
                                               : fit.versions.constFirst() + u'–' + fit.versions.constLast();
                where = Text::tr("the releases the log's lines fit");
            }
        }
    }
    if (!after)
        return {ConditionState::Unknown,
                Text::tr("It breaks a run only with vllm-ascend %1 or later, which refuses vLLM's V0 engine (%2); "
                         "with an earlier one it runs. Which vllm-ascend you run is not known (give it with "
                         "--installed vllm-ascend=…).")
                    .arg(from, source)};
    if (*after)
        return {ConditionState::Holds,
                Text::tr("You run vllm-ascend %1 (%2), which refuses vLLM's V0 engine (since "
                         "%3: %4).")
                    .arg(you, where, from, source)};
    return {ConditionState::DoesNotHold,
            Text::tr("You run vllm-ascend %1 (%2), which still runs vLLM's V0 engine (refused only from %3: %4): "
                     "here the setting is harmless and not the cause of a failure.")
                .arg(you, where, from, source)};
}

} // namespace vna::logscan
