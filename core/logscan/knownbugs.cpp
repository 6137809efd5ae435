#include "knownbugs.h"

#include <algorithm>

#include <QCoreApplication>
#include <QJsonArray>

#include "common/pyversion.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(KnownBugs)
};

} // namespace

KnownBugVerdict knownBugVerdict(const Upstream &bug, const QList<InstalledVersion> &installed)
{
    KnownBugVerdict out;
    for (const InstalledVersion &one : installed) {
        if (one.component == bug.component && !one.version.isEmpty()) {
            out.installed = one;
            break;
        }
    }
    if (!bug.released()) {
        out.status = FixStatus::Unreleased;
        return out;
    }
    out.status = FixStatus::VersionUnknown;
    const auto you = PyVersion::parse(out.installed.version);
    if (!you || bug.fixedIn.isEmpty())
        return out;
    const auto same = [&](const QString &release) {
        const auto v = PyVersion::parse(release);
        return v && v->compare(*you) == 0;
    };
    if (std::any_of(bug.releasedIn.begin(), bug.releasedIn.end(), same)) {
        out.status = FixStatus::HasFix;
        return out;
    }
    // The first release after the user's that has the fix (a later line may have it while a backport
    // put it into an older one).
    for (const QString &release : bug.releasedIn) {
        const auto v = PyVersion::parse(release);
        if (v && v->compare(*you) > 0) {
            out.target = release;
            break;
        }
    }
    if (std::any_of(bug.repoReleases.begin(), bug.repoReleases.end(), same)) {
        out.status = FixStatus::BeforeFix; // a release of the repository whose tag does not contain the fix
        return out;
    }
    // Not a release the tags were read for: a newer one, or a build of main.
    const auto newest = bug.repoReleases.isEmpty() ? std::nullopt : PyVersion::parse(bug.repoReleases.constLast());
    if (newest && you->compare(*newest) > 0 && !bug.releasedIn.isEmpty()
        && bug.releasedIn.constLast() == bug.repoReleases.constLast())
        out.status = FixStatus::HasFix;
    else if (const auto first = PyVersion::parse(bug.fixedIn); first && you->compare(*first) < 0)
        out.status = FixStatus::BeforeFix;
    return out;
}

QString fixStatusId(FixStatus status)
{
    switch (status) {
    case FixStatus::VersionUnknown:
        return u"version-unknown"_s;
    case FixStatus::BeforeFix:
        return u"before-fix"_s;
    case FixStatus::HasFix:
        return u"has-fix"_s;
    case FixStatus::Unreleased:
        return u"unreleased"_s;
    }
    return QString();
}

QString knownBugAdvice(const Upstream &bug, const KnownBugVerdict &verdict, const QString &language)
{
    const QString &c = bug.component;
    const QString release = bug.fixedIn.isEmpty() ? bug.fixedInTag : bug.fixedIn;
    const QString workaround = bug.workaround.in(language);
    const InstalledVersion &you = verdict.installed;
    switch (verdict.status) {
    case FixStatus::BeforeFix:
        // No release after yours has it in version order (the fix came as a later tag on an older line,
        // as vllm-ascend v0.13.0rc3 after v0.13.0): name the tag.
        return (verdict.target.isEmpty()
                    ? Text::tr("Known bug of %1, fixed in %1 %2 (%3); you run %4 (%5), which does not have the fix. "
                               "Install the release tagged %6, or a later line that has it.")
                          .arg(c, release, bug.fixName(), you.version, you.source, bug.fixedInTag)
                    : Text::tr("Known bug of %1, fixed in %1 %2 (%3); you run %4 (%5), which does not have the fix. "
                               "Move %1 to %6 or later.")
                          .arg(c, release, bug.fixName(), you.version, you.source, verdict.target))
            + u"\n"_s + Text::tr("If you cannot upgrade: %1").arg(workaround);
    case FixStatus::HasFix:
        return Text::tr("This matches a known bug of %1 fixed in %2 (%3), but you run %4 (%5), which has the fix: "
                        "this is something else with the same message. Look at the lines before it, and search the "
                        "issues for what follows.")
            .arg(c, release, bug.fixName(), you.version, you.source);
    case FixStatus::Unreleased:
        return Text::tr("Known bug of %1, fixed on main by %2 but in no release yet (tags read at %3). The workaround "
                        "is: %4")
            .arg(c, bug.fixName(), bug.checked, workaround);
    case FixStatus::VersionUnknown:
        break;
    }
    const QString unknown = you.version.isEmpty()
        ? Text::tr("Which %1 you run is not known: if it is older than %2, move to %2 or later; if not, this is "
                   "something else with the same message.")
              .arg(c, release)
        : Text::tr("You run %1 %2 (%3), which cannot be compared with %4: check that it contains %5.")
              .arg(c, you.version, you.source, release, bug.fixName());
    return Text::tr("Known bug of %1, fixed in %2 (%3).").arg(c, release, bug.fixName()) + u' ' + unknown + u"\n"_s
        + Text::tr("If you cannot upgrade: %1").arg(workaround);
}

QJsonObject knownBugJson(const Upstream &bug, const KnownBugVerdict &verdict)
{
    const auto orNull = [](const QString &value) { return value.isEmpty() ? QJsonValue() : QJsonValue(value); };
    return {{u"component"_s, bug.component},
            {u"status"_s, fixStatusId(verdict.status)},
            {u"fixed_in"_s, orNull(bug.fixedIn)},
            {u"fixed_in_tag"_s, orNull(bug.fixedInTag)},
            {u"you_run"_s, orNull(verdict.installed.version)},
            {u"you_run_from"_s, orNull(verdict.installed.source)},
            {u"fix_url"_s, bug.fixUrl()},
            {u"commit"_s, bug.commit},
            {u"threads"_s, QJsonArray::fromStringList(bug.threads)}};
}

Result<InstalledVersion> parseInstalled(const QString &text)
{
    const qsizetype eq = text.indexOf(u'=');
    const QString component = text.left(eq).trimmed().toLower().replace(u'_', u'-');
    const QString version = eq < 0 ? QString() : text.mid(eq + 1).trimmed();
    // pip spells torch_npu with an underscore in reports and a hyphen in its index; accept both.
    const QString name = component == u"torch-npu" ? u"torch_npu"_s : component;
    if (eq < 0 || !upstreamComponents().contains(name))
        return Error::input(Text::tr("--installed %1: write COMPONENT=VERSION with a component from %2.")
                                .arg(text, upstreamComponents().join(u", "_s)),
                            u"--installed"_s);
    if (!PyVersion::parse(version))
        return Error::input(Text::tr("--installed %1: \"%2\" is not a version such as 0.11.0rc1.").arg(text, version),
                            u"--installed"_s);
    return InstalledVersion{name, version, u"--installed"_s};
}

} // namespace vna::logscan
