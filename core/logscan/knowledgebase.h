// The knowledge base of known failures: entries read from JSON data files (the built-in ones in
// resources/knowledge, the user's in <config dir>/knowledge), validated field by field at load.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "common/verdicts.h"

namespace vna::logscan {

// One text in the languages the product speaks.
struct LocalizedText
{
    QString en;
    QString zhCN;

    // The text for "en" or "zh_CN" (English when the language is unknown); in the pseudo-locale
    // the English marked, or nothing when there is no Chinese (as for zh_CN).
    QString in(const QString &language) const;
};

// One way an entry shows in a log. Either an ordered list of literal keywords that must all appear
// on one line, or an RE2 regex (with named captures) that may span up to `lines` lines.
struct Indication
{
    QStringList keywords;
    QString regex;
    int lines = 1;
    // Ray actors whose lines this indication ignores: a message that is normal there (verl's CPU-only
    // TaskRunner prints that the NPU platform is not available) and a failure anywhere else.
    QStringList quietIn;
    bool fromCodes = false; // made from the entry's "codes", not written in the file
    // Literals one of which every match holds (the codes of a pattern made from codes); empty: the
    // matcher finds them in the regex.
    QStringList literals;

    // The RE2 source this indication compiles to.
    QString pattern() const;
    bool multiline() const { return lines > 1; }
};

// What a tool needs to pick up a finding: the tool's id and parameters that may hold ${captures}.
struct ActionTemplate
{
    QString tool;                          // "environment", "bucket", "profiler" or "sync"
    QList<QPair<QString, QString>> params; // ordered as written
    // The first verl release whose source prints the entry's message ("0.6.0"), or empty. A job that
    // logged it runs that release or a later one, so the tool it opens must not assume an older one.
    QString verlSince;
};

// A bug in someone else's code (verl, vllm-ascend, torch_npu, MindSpeed, mbridge, triton-ascend …) that
// a commit fixed: where users met it, the fix, and the first release that contains the fix — computed
// from the repository by scripts/known-bugs/refresh.py, never typed by hand.
struct Upstream
{
    QString component;     // a package name as pip spells it in a report: "verl", "vllm-ascend", "torch_npu" …
    QStringList threads;   // the public threads where it was met
    QString repo;          // "verl-project/verl": where the fix is
    int pr = 0;            // 0: a commit without a pull request
    QString commit;        // 40 hex digits
    QStringList backports; // the same change on release branches
    QString fixedIn;       // the first release with the fix ("0.7.0"); empty when none has it or none maps to a version
    QString fixedInTag;    // the tag that release was read from ("v0.7.0"); empty: fixed on main, not released
    QStringList releasedIn;   // every release whose tag contains the fix or a backport, oldest first
    QStringList repoReleases; // every release of the repository when the tags were read
    QString checked;          // the clone the tags were read from: "verl-project/verl@1542807ba 2026-08-22"
    LocalizedText workaround; // for those who cannot move to the fixed release

    bool released() const { return !fixedInTag.isEmpty(); }
    QString fixUrl() const;  // the pull request, else the commit
    QString fixName() const; // "PR #5640" or "commit 1a2b3c4"
};

// A category's name in the current language for the categories the shipped knowledge base uses;
// any other id (a user's own category) as it is.
QString categoryName(const QString &id);

// Components a known bug may name (the package a user would move).
QStringList upstreamComponents();

// How far from its cause a failure can show: where a finding may be the symptom of an earlier one.
enum class Reach : std::uint8_t {
    Job,  // any rank of the job (a collective that times out on every rank when one stops)
    Node, // the same node
    Rank, // the same rank
};

struct Entry
{
    QString id; // stable, kebab-case
    QString category;
    Severity severity = Severity::Error;
    LocalizedText title;
    LocalizedText cause;
    LocalizedText fix;
    QList<Indication> indications;
    // Error codes (keys of the code catalogue) that identify this failure, found in every form the
    // stack prints them; "*" alone: every catalogued code no other entry lists (the generic finding).
    QStringList codes;
    // Only wraps another fault (torch_npu's "PTA call acl api failed"): the symptom of any other
    // error it is seen with, before or after it.
    bool wrapper = false;
    QString appliesToVerl;           // e.g. ">=0.7.0"; empty: every version
    QStringList appliesToComponents; // e.g. "vllm-ascend", "megatron"
    // A failure only from some release of a component on, named by one of knownConditions(), which
    // conditions.h judges from generated facts: the line alone is then no root cause where that is not known.
    QString onlyWith;
    QStringList references;   // URLs
    QStringList leadsTo;      // ids of entries this failure can cause on other ranks
    Reach reach = Reach::Job; // how far from its cause this failure can show
    std::optional<ActionTemplate> action;
    std::optional<Upstream> upstream; // set for a known upstream bug
    QString origin;                   // the file it was read from

    // The generic entry: its codes are "*".
    bool findsAnyCode() const;
    // The names of every named capture in the regex indications.
    QStringList captureNames() const;
    QJsonObject toJson() const; // for `analyze --list-kb --json`
};

// A problem with one knowledge-base file that did not stop the others from loading.
struct LoadProblem
{
    QString file;
    QString message; // translated, names the entry and field
};

struct KnowledgeBase
{
    QList<Entry> entries;
    QList<LoadProblem> problems; // user files skipped, duplicates dropped
    QStringList files;           // every file read, in order

    const Entry *find(const QString &id) const;
    QStringList categories() const; // sorted, unique
};

// Tools an action may open, with the parameters each understands.
QStringList actionTools();
QStringList actionParams(const QString &tool);

// Placeholders every explanation may use besides the entry's captures.
QStringList builtinPlaceholders();

// A one-indication entry for trying a regex against a log (analyze --test-pattern, the Logs tab):
// the same checks as a knowledge-base regex; `lines` from the number of \n in it.
Result<Entry> patternEntry(const QString &regex);

// Parses and validates one file. The error names the file, the entry and the field.
Result<QList<Entry>> parseKnowledgeFile(const QByteArray &json, const QString &file);

// The built-in entries (resources/knowledge), then the user's <config dir>/knowledge/*.json, then
// `extraFiles` (analyze --kb). Built-in files must be valid; a bad user or extra file is reported
// in `problems` and skipped, and an id that is already taken is reported and dropped.
// The conditions an entry may name in only_with ("vllm-ascend-refuses-v0-engine").
QStringList knownConditions();

KnowledgeBase loadKnowledgeBase(const QStringList &extraFiles = {});
// Where users put their own entries.
QString userKnowledgeDir();

// "${name}" → value for each pair; placeholders without a value become `missing`, or the words after
// "|" in "${name|words}"; "${name?words}" gives the words only when name has a value.
QString fillPlaceholders(const QString &text,
                         const QList<QPair<QString, QString>> &values,
                         const QString &missing = QStringLiteral("…"));

} // namespace vna::logscan
