// A verl release number (0.7.1, v0.8.0, 0.9.0rc1 …) and how two compare.
#pragma once

#include <compare>

#include <QList>
#include <QString>

#include "common/result.h"

namespace vna::verl {

struct Version
{
    int major = 0;
    int minor = 0;
    int patch = 0;

    auto operator<=>(const Version &) const = default; // NOLINT(modernize-use-nullptr): tidy 14 misreads it
    QString toString() const;

    // "0.7.1", "v0.7.1", "0.7" (patch 0), "0.8.0rc1" / "0.8.0.dev0" (pre-releases count as the release).
    static Result<Version> parse(const QString &text, const QString &where);
};

// The releases offered in version pickers, newest first.
QList<Version> knownReleases();
// The newest release whose facts this build knows; the default when the user does not say.
Version latestKnown();

} // namespace vna::verl
