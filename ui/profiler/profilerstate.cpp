#include "profilerstate.h"

#include <QCoreApplication>

#include "verl/profilerschema.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// The words are the Profiler tab's: one translation context for the tool.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(vna::ui::ProfilerTab)
};

// "" -> nothing; "12" -> 12; anything else says what is wrong.
Result<std::optional<qint64>> optionalNumber(const QString &text, const QString &where)
{
    if (text.trimmed().isEmpty())
        return std::optional<qint64>();
    const auto numbers = profiler::parseNumberList(text, where);
    if (!numbers)
        return numbers.error();
    if (numbers->size() != 1 || numbers->constFirst() < 0)
        return Error::input(Text::tr("%1 takes one whole number ≥ 0.").arg(where), where);
    return std::optional<qint64>(numbers->constFirst());
}

} // namespace

ProfilerInputs ProfilerInputs::load()
{
    const Settings settings;
    ProfilerInputs in;
    in.roles = settings.value(keys::profilerRoles).split(u',', Qt::SkipEmptyParts);
    in.steps = settings.value(keys::profilerSteps);
    in.savePath = settings.value(keys::profilerSavePath);
    in.contents = settings.value(keys::profilerContents).split(u',', Qt::SkipEmptyParts);
    in.level = settings.value(keys::profilerLevel);
    in.analysis = settings.value(keys::profilerAnalysis);
    in.discrete = settings.value(keys::profilerDiscrete);
    in.ranks = settings.value(keys::profilerRanks);
    in.allRanks = settings.value(keys::profilerAllRanks);
    in.continuous = settings.value(keys::profilerContinuous);
    in.tokenStart = settings.value(keys::profilerTokenStart);
    in.tokenEnd = settings.value(keys::profilerTokenEnd);
    in.format = settings.value(keys::profilerFormat);
    in.page = settings.value(keys::profilerPage);
    return in;
}

void ProfilerInputs::save() const
{
    Settings settings;
    settings.setValue(keys::profilerRoles, roles.join(u','));
    settings.setValue(keys::profilerSteps, steps);
    settings.setValue(keys::profilerSavePath, savePath);
    settings.setValue(keys::profilerContents, contents.join(u','));
    settings.setValue(keys::profilerLevel, level);
    settings.setValue(keys::profilerAnalysis, analysis);
    settings.setValue(keys::profilerDiscrete, discrete);
    settings.setValue(keys::profilerRanks, ranks);
    settings.setValue(keys::profilerAllRanks, allRanks);
    settings.setValue(keys::profilerContinuous, continuous);
    settings.setValue(keys::profilerTokenStart, tokenStart);
    settings.setValue(keys::profilerTokenEnd, tokenEnd);
    settings.setValue(keys::profilerFormat, format);
    settings.setValue(keys::profilerPage, page);
}

bool ProfilerState::hasRole(const verl::Version &version, const QString &role)
{
    const auto parsed = verl::parseRole(role, QString());
    return parsed && verl::hasRole(version, *parsed);
}

bool ProfilerState::tokensApply(const verl::Version &version) const
{
    return verl::hasTokenRange(version) && inputs.roles.contains(verl::roleName(verl::Role::Rollout));
}

std::optional<profiler::Request> ProfilerState::request(const verl::Version &version, ProfilerFieldErrors &errors) const
{
    errors = {};
    profiler::Request request;
    request.version = version;
    bool valid = true;
    const auto check = [&valid](QString &error, const auto &result) {
        if (!result && error.isEmpty())
            error = result.error().message;
        valid = valid && result.ok();
    };
    request.roles.clear();
    for (const verl::Role role : verl::allRoles()) {
        if (inputs.roles.contains(verl::roleName(role)) && verl::hasRole(version, role))
            request.roles << role; // a role the release lacks is greyed out and left out
    }
    const auto steps = profiler::parseNumberList(inputs.steps, Text::tr("Steps"));
    check(errors.steps, steps);
    if (steps)
        request.steps = *steps;
    request.savePath = inputs.savePath.trimmed();
    request.contents = inputs.contents;
    request.level = inputs.level;
    request.analysis = inputs.analysis;
    request.discrete = inputs.discrete;
    request.allRanks = inputs.allRanks;
    if (!request.allRanks) {
        const auto ranks = profiler::parseNumberList(inputs.ranks, Text::tr("Ranks"));
        check(errors.ranks, ranks);
        if (ranks)
            request.ranks = *ranks;
    }
    request.continuousSteps = verl::hasContinuousSteps(version) && inputs.continuous;
    if (tokensApply(version)) {
        const auto start = optionalNumber(inputs.tokenStart, Text::tr("The first token"));
        const auto end = optionalNumber(inputs.tokenEnd, Text::tr("The last token"));
        check(errors.tokens, start);
        check(errors.tokens, end);
        if (start && end) {
            request.tokenStart = *start;
            request.tokenEnd = *end;
        }
    }
    return valid ? std::optional(request) : std::nullopt;
}

QString ProfilerState::scriptOrigin() const
{
    return linkOrigin.isEmpty() ? QString() : Text::tr("From the log analyzer: %1").arg(linkOrigin);
}

} // namespace vna::ui
