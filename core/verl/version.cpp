#include "version.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::verl {

QString Version::toString() const
{
    return u"%1.%2.%3"_s.arg(major).arg(minor).arg(patch);
}

Result<Version> Version::parse(const QString &text, const QString &where)
{
    static const QRegularExpression pattern(
        u"^\\s*[vV]?(\\d{1,3})\\.(\\d{1,3})(?:\\.(\\d{1,3}))?(?:[.-]?(?:rc|dev|post|a|b)\\d*)?(?:\\+\\S*)?\\s*\\z"_s);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        return Error::input(
            QCoreApplication::translate("Verl", "\"%1\" in %2 is not a verl version: expected e.g. 0.7.1 or v0.8.0.")
                .arg(text, where),
            where);
    }
    return Version{match.captured(1).toInt(), match.captured(2).toInt(),
                   match.captured(3).isEmpty() ? 0 : match.captured(3).toInt()};
}

QList<Version> knownReleases()
{
    // The releases whose facts research/verl-internals.md records; newest first.
    return {{0, 9, 0}, {0, 8, 0}, {0, 7, 1}, {0, 7, 0}, {0, 6, 1}, {0, 6, 0}, {0, 5, 0}};
}

Version latestKnown()
{
    return knownReleases().constFirst();
}

} // namespace vna::verl
