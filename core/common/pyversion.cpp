#include "pyversion.h"

#include <limits>

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace vna {

namespace {

int kindOf(const QString &word)
{
    const QString w = word.toLower();
    if (w == u"a" || w == u"alpha")
        return 0;
    if (w == u"b" || w == u"beta")
        return 1;
    return 2; // c, rc, pre, preview
}

int compareReleases(const QList<int> &a, const QList<int> &b)
{
    const qsizetype n = std::max(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        const int x = i < a.size() ? a.at(i) : 0;
        const int y = i < b.size() ? b.at(i) : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

} // namespace

std::optional<PyVersion> PyVersion::parse(const QString &text)
{
    // PEP 440's normal forms with its permitted separators ("0.11.0rc1", "0.11.0-rc.1", "2.1.0.post1").
    static const QRegularExpression re(
        uR"(^\s*v?(\d+(?:\.\d+)*)(?:[-_.]?(a|alpha|b|beta|c|rc|pre|preview)[-_.]?(\d*))?)"
        uR"((?:(?:[-_.]?(?:post|rev|r)[-_.]?(\d*))|-(\d+))?(?:[-_.]?dev[-_.]?(\d*))?(?:\+([a-z0-9._-]+))?\s*$)"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    PyVersion v;
    for (const QString &part : m.captured(1).split(u'.')) {
        bool ok = false;
        const int n = part.toInt(&ok);
        if (!ok)
            return std::nullopt; // too many digits
        v.release << n;
    }
    if (m.capturedLength(2) > 0) {
        v.preKind = kindOf(m.captured(2));
        v.pre = m.captured(3).toInt();
    }
    if (m.capturedStart(4) >= 0 || m.capturedLength(5) > 0)
        v.post = m.capturedLength(5) > 0 ? m.captured(5).toInt() : m.captured(4).toInt();
    if (m.capturedStart(6) >= 0)
        v.dev = m.captured(6).toInt();
    v.local = m.captured(7);
    return v;
}

int PyVersion::compare(const PyVersion &other) const
{
    if (const int c = compareReleases(release, other.release); c != 0)
        return c;
    // A bare .devN (no pre-release, no post) sorts before the release's pre-releases.
    const auto preKey = [](const PyVersion &v) {
        if (v.preKind == 3 && v.post < 0 && v.dev >= 0)
            return std::pair{-1, 0};
        return std::pair{v.preKind, v.pre};
    };
    if (const auto a = preKey(*this), b = preKey(other); a != b)
        return a < b ? -1 : 1;
    if (post != other.post)
        return post < other.post ? -1 : 1;
    // Within the same pre/post, .devN comes first; no dev sorts last.
    const int d1 = dev < 0 ? std::numeric_limits<int>::max() : dev;
    const int d2 = other.dev < 0 ? std::numeric_limits<int>::max() : other.dev;
    if (d1 != d2)
        return d1 < d2 ? -1 : 1;
    return 0;
}

int PyVersion::compareRelease(const PyVersion &other) const
{
    return compareReleases(release, other.release);
}

QString PyVersion::toString() const
{
    QStringList parts;
    for (int n : release)
        parts << QString::number(n);
    QString out = parts.join(u'.');
    static const char *const kinds[] = {"a", "b", "rc"};
    if (preKind < 3)
        out += QLatin1String(kinds[preKind]) + QString::number(pre);
    if (post >= 0)
        out += u".post"_s + QString::number(post);
    if (dev >= 0)
        out += u".dev"_s + QString::number(dev);
    return out;
}

bool PyClause::holds(const PyVersion &installed) const
{
    if (op == u"===")
        return installed.toString() == version;
    if (version.endsWith(u".*")) {
        const auto prefix = PyVersion::parse(version.chopped(2));
        if (!prefix)
            return false;
        bool same = true;
        for (qsizetype i = 0; i < prefix->release.size(); ++i)
            same = same && installed.release.value(i, 0) == prefix->release.at(i);
        return op == u"!=" ? !same : same;
    }
    const auto wanted = PyVersion::parse(version);
    if (!wanted)
        return false;
    const int c = installed.compare(*wanted);
    if (op == u">=")
        return c >= 0;
    if (op == u"<=")
        return c <= 0;
    if (op == u">")
        return c > 0;
    if (op == u"<")
        return c < 0;
    if (op == u"!=")
        return c != 0;
    if (op == u"~=") {
        // ~=2.5.1 means >=2.5.1 and ==2.5.*
        if (c < 0 || wanted->release.size() < 2)
            return false;
        for (qsizetype i = 0; i + 1 < wanted->release.size(); ++i) {
            if (installed.release.value(i, 0) != wanted->release.at(i))
                return false;
        }
        return true;
    }
    return c == 0; // "=="
}

std::optional<PySpecifier> PySpecifier::parse(const QString &text)
{
    static const QRegularExpression clause(uR"(^\s*(===|==|!=|>=|<=|~=|>|<)\s*([A-Za-z0-9.+_*-]+)\s*$)"_s);
    PySpecifier out;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch m = clause.match(part);
        if (!m.hasMatch())
            return std::nullopt;
        PyClause c{m.captured(1), m.captured(2)};
        const QString version = c.version.endsWith(u".*") ? c.version.chopped(2) : c.version;
        if (c.op != u"===" && !PyVersion::parse(version))
            return std::nullopt;
        out.clauses << c;
    }
    return out;
}

bool PySpecifier::holds(const PyVersion &installed) const
{
    return violated(installed) == nullptr;
}

const PyClause *PySpecifier::violated(const PyVersion &installed) const
{
    for (const PyClause &c : clauses) {
        if (!c.holds(installed))
            return &c;
    }
    return nullptr;
}

QString PySpecifier::text() const
{
    QStringList parts;
    for (const PyClause &c : clauses)
        parts << c.text();
    return parts.join(u',');
}

std::optional<int> comparePyVersions(const QString &a, const QString &b)
{
    const auto x = PyVersion::parse(a);
    const auto y = PyVersion::parse(b);
    if (!x || !y)
        return std::nullopt;
    return x->compare(*y);
}

} // namespace vna
