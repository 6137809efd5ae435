// A verl release number (0.7.1, v0.8.0, 0.9.0rc1 …) and how two compare.
#pragma once

#include <compare>
#include <tuple>

#include <QList>
#include <QString>

#include "common/result.h"

namespace vna::verl {

struct Version
{
    int major = 0;
    int minor = 0;
    int patch = 0;
    // "0.8.0.dev": what verl/version/version reads on the main branch before the release (and at the
    // v0.7.0 and v0.8.0 tags themselves): any commit since the previous release. Compares as the
    // release; the bucket facts treat it as either.
    bool dev = false;

    std::strong_ordering operator<=>(const Version &other) const
    {
        return std::tie(major, minor, patch) <=> std::tie(other.major, other.minor, other.patch);
    }
    bool operator==(const Version &other) const { return std::is_eq(*this <=> other); }
    QString toString() const; // "0.8.0", "0.8.0.dev"

    // "0.7.1", "v0.7.1", "0.7" (patch 0), "0.8.0rc1" (counts as the release), "0.8.0.dev0" (dev).
    static Result<Version> parse(const QString &text, const QString &where);
};

// The releases offered in version pickers, newest first.
QList<Version> knownReleases();
// The newest release whose facts this build knows; the default when the user does not say.
Version latestKnown();

} // namespace vna::verl
