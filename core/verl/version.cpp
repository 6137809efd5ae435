#include "version.h"

#include <algorithm>

#include <QCoreApplication>
#include <QRegularExpression>

#include "verl/releases.h"

using namespace Qt::StringLiterals;

namespace vna::verl {

QString Version::toString() const
{
    return u"%1.%2.%3"_s.arg(major).arg(minor).arg(patch) + (dev ? u".dev"_s : QString());
}

Result<Version> Version::parse(const QString &text, const QString &where)
{
    static const QRegularExpression pattern(
        u"^\\s*[vV]?(\\d{1,3})\\.(\\d{1,3})(?:\\.(\\d{1,3}))?(?:[.-]?(rc|dev|post|a|b)\\d*)?(?:\\+\\S*)?\\s*\\z"_s);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        return Error::input(
            QCoreApplication::translate("Verl", "\"%1\" in %2 is not a verl version: expected e.g. 0.7.1 or v0.8.0.")
                .arg(text, where),
            where);
    }
    return Version{match.captured(1).toInt(), match.captured(2).toInt(),
                   match.captured(3).isEmpty() ? 0 : match.captured(3).toInt(), match.captured(4) == u"dev"};
}

QList<Version> knownReleases()
{
    // The releases the facts file was read from that have the tools' subject (the NPU profiler, the
    // bucket); older ones are known only to say what they lack. Newest first. From the list CMake
    // wrote from the facts file: the first window shows them before any tool reads the file.
    QList<Version> releases;
    for (const QString &text : detail::kProfilerReleases) {
        if (const auto release = Version::parse(text, QString()))
            releases.append(*release);
    }
    std::sort(releases.begin(), releases.end(), [](const Version &a, const Version &b) { return b < a; });
    return releases;
}

Version latestKnown()
{
    return knownReleases().constFirst();
}

} // namespace vna::verl
