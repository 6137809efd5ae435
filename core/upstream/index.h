// What the upstream repositories say, per component (verl, vllm-ascend, torch_npu, mbridge, verl-recipe,
// MindSpeed, triton-ascend), read from resources/data/upstream/, which scripts/upstream/index.py
// generates from their git history: where every message is raised at each release, and every change
// since the oldest release read with the releases that contain it. Loaded on demand, never at start-up.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <optional>

#include <QByteArrayList>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::upstream {

// Releases of one component as bits over ComponentIndex::releases (an index file holds at most 128).
struct ReleaseSet
{
    std::array<quint64, 2> bits{};

    static constexpr int kMax = 128;
    // "0-3,5,7-9"; nullopt when a number is out of range or the text is not of that form.
    static std::optional<ReleaseSet> parse(QStringView text, int releases);
    bool contains(int release) const
    {
        return release >= 0 && release < kMax && (bits[static_cast<size_t>(release / 64)] >> (release % 64)) & 1U;
    }
    void add(int release) { bits[static_cast<size_t>(release / 64)] |= quint64(1) << (release % 64); }
    bool empty() const { return bits[0] == 0 && bits[1] == 0; }
    int first() const; // -1 when empty
    int last() const;
    ReleaseSet operator&(const ReleaseSet &other) const { return {{bits[0] & other.bits[0], bits[1] & other.bits[1]}}; }
    ReleaseSet operator|(const ReleaseSet &other) const { return {{bits[0] | other.bits[0], bits[1] | other.bits[1]}}; }
    bool operator==(const ReleaseSet &other) const = default;
};

struct Release
{
    QString version; // as pip reports it ("0.7.1", "2.5.1.post2"), or "main" for the branch's head
    QString tag;     // the git tag; empty for main and for releases named by another repository's pin
    QString commit;
    bool isMain() const { return version == u"main"; }
};

// One place a message is raised: file, function, guard, and its line in each set of releases.
struct Site
{
    int path = 0;     // into ComponentIndex::paths
    int function = 0; // into ComponentIndex::functions
    QString condition;
    QList<QPair<int, int>> lines; // (line, index into ComponentIndex::sets)
};

struct Message
{
    QByteArray pattern; // UTF-8: the literal text with "{}" where a value goes ("{{" and "}}" are braces)
    QString kind;       // raise, assert, log, warn, print; check, error (C++ macros)
    QString type;       // the exception, warning category or macro; empty for a log call
    QString level;      // warning, error, critical

    QString text() const { return QString::fromUtf8(pattern); }
    QStringList pieces() const; // the literal text between the values
};

// Where a function lies in a file, in a set of releases (a traceback frame names it by its own name).
struct Span
{
    int first = 0;
    int last = 0;
    int set = 0; // index into ComponentIndex::sets
};

// A commit of the component's main branch (or a release branch, where no main commit carries it).
struct Change
{
    struct File
    {
        int path = 0;
        QList<int> functions; // changed: "<module>" for lines outside any function
        int added = 0;
        int removed = 0;
    };
    struct SiteRef
    {
        int path = 0;
        int function = 0;
        int text = 0; // the message template, into ComponentIndex::names
    };
    QString sha;
    QString date;
    QString subject;
    int pr = 0;
    int in = 0; // index into ComponentIndex::sets: the releases whose tags contain it or a backport
    bool branch = false;
    QList<File> files;
    QList<SiteRef> added;   // message sites it adds
    QList<SiteRef> removed; // and removes (a changed message is both)
    QList<int> ids;         // rare identifiers of its changed lines, rarest first, into ComponentIndex::names
    QByteArrayList lines;   // UTF-8: the changed lines that hold the rarest ("+…" added, "-…" removed)
    QList<int> words;       // its subject's words (subjectWords), into ComponentIndex::names
    bool saysFix = false;   // its subject says it fixes something (fixWords)
};

class ComponentIndex
{
public:
    // Reads a component's messages file (and, when given, its changes file: it must be of the same
    // commit). Errors name the file and what is wrong.
    static Result<ComponentIndex> parse(const QByteArray &messagesJson, const QString &file);
    Status parseChanges(const QByteArray &changesJson, const QString &file);

    QString component;  // "verl"
    QString repository; // "verl-project/verl"
    QString url;        // "https://github.com/verl-project/verl"
    QString commit;     // the head the index was read at
    QString date;
    QString mount; // where a user's tree holds the repository's files ("recipe/" for verl-recipe)
    QList<Release> releases;
    QList<ReleaseSet> sets;
    QStringList paths;
    QStringList functions;
    qsizetype messagePaths = 0;     // the first paths, those of the messages file (the changes' follow)
    qsizetype messageFunctions = 0; // and the first functions
    QList<Message> messages;
    QList<Change> changes;
    bool changesLoaded = false;
    QByteArrayList names;             // UTF-8: the changes' identifiers, templates and words, each once
    QHash<QByteArray, int> nameIndex; // and their numbers
    QList<int> idFrequency;           // per name: how many changes name it as an identifier
    QList<int> subjectFrequency;      // per name: how many subjects hold it as a word

    // The number of a name of the changes (an identifier, a template, a subject's word), -1 for none.
    int nameOf(const QString &name) const { return nameIndex.value(name.toUtf8(), -1); }

    // The index of the release with this version (PEP 440 equality: 2.5 == 2.5.0), -1 when none.
    int releaseOf(const QString &version) const;
    // The path as a user's installed tree or traceback shows it, reduced to the repository's own
    // ("/usr/lib/python3.10/site-packages/verl/workers/x.py" → "verl/workers/x.py"), or empty when it is
    // not one of the index's paths.
    QString repoPath(const QString &shownPath) const;
    // The same among the messages file's paths: the same answer whether the changes were read or not.
    QString messagesRepoPath(const QString &shownPath) const;
    int pathIndex(const QString &path) const;
    int functionIndex(const QString &name) const;
    // A function's own name (the last part of "Class.method.inner"), as a number shared by every
    // function of that name: what a traceback frame names. -1 for a name no function has.
    int bareName(int function) const;
    int bareNameOf(const QString &name) const;

    // The places a message is raised, read the first time they are asked for (a log locates few messages).
    const QList<Site> &sites(int message) const;
    // (path, a function's own name as in `functions`) → where it lies, read the first time it is asked for.
    const QHash<QPair<int, int>, QList<Span>> &spans() const;

    QString lineUrl(int release, int path, int line) const;
    QString commitUrl(const QString &sha) const;
    QString prUrl(int pr) const;

private:
    // The look-up tables of paths and functions, made on first use (a log locates few messages).
    void indexNames() const;

    QString m_file;
    // The file's text, for what is read on first use: each message's sites, the spans (most logs have
    // no traceback).
    QByteArray m_text;
    QList<QPair<qsizetype, qsizetype>> m_siteRanges; // per message
    mutable QHash<int, QList<Site>> m_sites;
    qsizetype m_spansBegin = 0;
    qsizetype m_spansEnd = 0;
    mutable bool m_spansRead = false;
    mutable QHash<QPair<int, int>, QList<Span>> m_spans;
    std::shared_ptr<std::mutex> m_lazy = std::make_shared<std::mutex>();

    mutable bool m_named = false;
    mutable QHash<QString, int> m_pathIndex;
    mutable QHash<QString, int> m_functionIndex;
    mutable QHash<QString, int> m_bareIndex;
    mutable QList<int> m_bareOf;
};

// The lowercase words of four letters or more of a text, without those every fix's subject says ("fix",
// "error", "support" …): what a change's subject and a failure's text are compared by.
QStringList subjectWords(const QString &text);
// Whether a change's subject says it fixes something ("fix", "bug", "crash", "revert", "missing" …).
bool saysFix(const QString &subject);

// The built-in indexes, each read the first time it is asked for (thread-safe).
class Upstream
{
public:
    static Upstream &builtin();
    // An index read from a folder instead (tests): FOLDER/<component>.messages.json and .changes.json.
    explicit Upstream(QString folder);

    QStringList components() const;
    // Null when the component has no index, or its file is broken (error() says why).
    const ComponentIndex *messages(const QString &component);
    // The same, with its changes read too.
    const ComponentIndex *changes(const QString &component);
    QStringList errors() const;
    // Whether the component's changes name one of `names`, read from its file without keeping it (to
    // choose which changes to read in full).
    bool changesName(const QString &component, const QStringList &names);

private:
    struct Impl;
    std::shared_ptr<Impl> m_impl;
};

} // namespace vna::upstream
