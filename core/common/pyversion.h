// Python package versions as pip reads them (PEP 440: 0.11.0rc1 < 0.11.0 < 0.11.0.post1, a local
// "+git123" ignored in comparisons) and the requirement specifiers of requirements.txt and setup.py
// (">=4.51,<5", "==0.9.1", "~=2.5", "!=2.8.*").
#pragma once

#include <optional>

#include <QList>
#include <QString>

namespace vna {

struct PyVersion
{
    QList<int> release; // 0.11.0 -> {0, 11, 0}
    int preKind = 3;    // 0 a, 1 b, 2 rc, 3 none (a final release sorts after its pre-releases)
    int pre = 0;
    int post = -1; // -1: none
    int dev = -1;  // -1: none; a .devN sorts before everything else of its release
    QString local; // after "+", not compared

    // "v0.9.1", "0.11.0rc1", "2.5.1.post1+git1", "8.0.RC2" (RC read as rc); nullopt when it is not a version.
    static std::optional<PyVersion> parse(const QString &text);
    // < 0, 0, > 0 (trailing zeros of the release do not count: 2.5 == 2.5.0).
    int compare(const PyVersion &other) const;
    // The release numbers only: a pin "2.7.1" against torch_npu 2.7.1.post2 or vLLM 0.13.0rc1 is 0.
    int compareRelease(const PyVersion &other) const;
    QString toString() const; // without the local part
};

// One comparison of a specifier: op is ">=", "<=", ">", "<", "==", "!=", "~=" or "===";
// "==2.5.*" and "!=2.5.*" are prefix matches.
struct PyClause
{
    QString op;
    QString version; // as written, "2.5.*" for a prefix
    bool holds(const PyVersion &installed) const;
    QString text() const { return op + version; }
};

struct PySpecifier
{
    QList<PyClause> clauses; // all must hold; none: any version

    // ">=4.51.0,<5.0.0", "== 0.9.1"; nullopt when a clause cannot be read.
    static std::optional<PySpecifier> parse(const QString &text);
    bool holds(const PyVersion &installed) const;
    // The first clause that does not hold, or null.
    const PyClause *violated(const PyVersion &installed) const;
    QString text() const; // ">=4.51.0,<5.0.0"
};

// Convenience for text: nullopt when either side cannot be read.
std::optional<int> comparePyVersions(const QString &a, const QString &b);

} // namespace vna
