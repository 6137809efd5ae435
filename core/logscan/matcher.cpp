#include "matcher.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <unordered_map>

#include <QCoreApplication>

#include <hs.h>
#include <re2/filtered_re2.h>
#include <re2/re2.h>
#include <re2/set.h>

#include "common/logging.h"
#include "logscan/errorlines.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Matcher)
};

// Enough for the DFA of a few hundred rules; the scan stays linear either way.
constexpr int64_t kSetMemory = 48 << 20;
constexpr int64_t kRegexMemory = 4 << 20;
// Shorter literals find too many lines to narrow anything down.
constexpr int kMinAtomBytes = 3;

re2::StringPiece piece(const QByteArray &bytes)
{
    return re2::StringPiece(bytes.constData(), static_cast<size_t>(bytes.size()));
}

RE2::Options options(bool singleLine, int64_t memory)
{
    RE2::Options out;
    out.set_log_errors(false);
    out.set_never_nl(singleLine);
    out.set_max_mem(memory);
    return out;
}

// Vectorscan's compiled literals and their per-thread scratch space (one scan at a time each).
class AtomScanner
{
public:
    AtomScanner() = default;
    ~AtomScanner()
    {
        for (hs_scratch_t *scratch : m_free)
            hs_free_scratch(scratch);
        hs_free_scratch(m_prototype);
        hs_free_database(m_database);
    }
    Q_DISABLE_COPY_MOVE(AtomScanner)

    // False when Vectorscan cannot run here or rejects the atoms (the caller falls back to RE2). The
    // first `caseless` atoms are lowercased and found in any case; the rest as written.
    bool compile(const std::vector<std::string> &atoms, size_t caseless)
    {
        if (atoms.empty() || hs_valid_platform() != HS_SUCCESS)
            return false;
        std::vector<const char *> texts;
        std::vector<size_t> lengths;
        std::vector<unsigned> flags(atoms.size(), 0);
        std::fill(flags.begin(), flags.begin() + static_cast<std::ptrdiff_t>(std::min(caseless, atoms.size())),
                  HS_FLAG_CASELESS);
        std::vector<unsigned> ids;
        for (size_t i = 0; i < atoms.size(); ++i) {
            texts.push_back(atoms[i].data());
            lengths.push_back(atoms[i].size());
            ids.push_back(static_cast<unsigned>(i));
        }
        hs_compile_error_t *error = nullptr;
        if (hs_compile_lit_multi(texts.data(), flags.data(), ids.data(), lengths.data(),
                                 static_cast<unsigned>(atoms.size()), HS_MODE_BLOCK, nullptr, &m_database, &error)
            != HS_SUCCESS) {
            log::core()->warn("Vectorscan rejects the knowledge base's literals ({}); matching with RE2 only",
                              error && error->message ? error->message : "unknown error");
            hs_free_compile_error(error);
            m_database = nullptr;
            return false;
        }
        return hs_alloc_scratch(m_database, &m_prototype) == HS_SUCCESS;
    }

    // Every (end offset, atom) in `text`, in no particular order.
    bool scan(std::string_view text, std::vector<std::pair<size_t, int>> &hits) const
    {
        if (text.size() > std::numeric_limits<unsigned>::max())
            return false;
        hs_scratch_t *scratch = acquire();
        if (!scratch)
            return false;
        const auto onMatch = [](unsigned id, unsigned long long, unsigned long long to, unsigned, void *context) {
            static_cast<std::vector<std::pair<size_t, int>> *>(context)->emplace_back(static_cast<size_t>(to),
                                                                                      static_cast<int>(id));
            return 0;
        };
        const hs_error_t status
            = hs_scan(m_database, text.data(), static_cast<unsigned>(text.size()), 0, scratch, onMatch, &hits);
        release(scratch);
        return status == HS_SUCCESS;
    }

private:
    hs_scratch_t *acquire() const
    {
        const std::lock_guard lock(m_mutex);
        if (!m_free.empty()) {
            hs_scratch_t *scratch = m_free.back();
            m_free.pop_back();
            return scratch;
        }
        hs_scratch_t *scratch = nullptr;
        return hs_clone_scratch(m_prototype, &scratch) == HS_SUCCESS ? scratch : nullptr;
    }
    void release(hs_scratch_t *scratch) const
    {
        const std::lock_guard lock(m_mutex);
        m_free.push_back(scratch);
    }

    hs_database_t *m_database = nullptr;
    hs_scratch_t *m_prototype = nullptr;
    mutable std::mutex m_mutex;
    mutable std::vector<hs_scratch_t *> m_free;
};

// RE2 folds the case of every cased letter in an atom; Vectorscan only ASCII's.
bool foldsBeyondAscii(const QString &pattern)
{
    return std::any_of(pattern.cbegin(), pattern.cend(),
                       [](QChar c) { return c.unicode() >= 0x80 && (c.toLower() != c || c.toUpper() != c); });
}

// How likely a literal is to be on an ordinary log line, lower for the rarer: words every training
// log prints many times an hour count for little, digits (codes) for much. Not tuned to any log: the
// words are those of the messages the stack prints on every run.
int rarity(const std::string &atom)
{
    static const char *const kCommon[]
        = {"error", "warn",    "info",   "debug", "fail",   "npu",  "exception", "time", "memory", "device",
           "rank",  "process", "worker", "torch", "python", "file", "line",      "call", "core",   "code",
           "the",   "not",     "and",    "for",   "with",   "from", "init",      "hccl", "ascend", "ray"};
    int score = 0;
    for (const char c : atom)
        score += c >= '0' && c <= '9' ? 4 : (c == ' ' ? 0 : 1);
    for (const char *word : kCommon) {
        const size_t length = std::strlen(word);
        for (size_t at = atom.find(word); at != std::string::npos; at = atom.find(word, at + length))
            score -= static_cast<int>(length);
    }
    return score;
}

std::vector<std::string> lowered(const QStringList &literals)
{
    std::vector<std::string> out;
    for (const QString &literal : literals)
        out.push_back(literal.toLower().toStdString());
    return out;
}

// The literals one of which every match of `source` holds, chosen rare: FilteredRE2 gives the
// literals and the condition over them (an AND/OR of literals); of those, the common are dropped one by
// one for as long as a line without any of the rest cannot match. Empty when there is no such set
// (the indication is then matched with RE2's set on every line).
std::vector<std::string> rareAtoms(const QByteArray &source, bool singleLine)
{
    re2::FilteredRE2 probe(kMinAtomBytes);
    int id = 0;
    if (probe.Add(piece(source), options(singleLine, kRegexMemory), &id) != RE2::NoError)
        return {};
    std::vector<std::string> atoms;
    probe.Compile(&atoms);
    std::vector<int> passed;
    probe.AllPotentials({}, &passed);
    if (!passed.empty() || atoms.empty())
        return {}; // some match holds none of them
    std::vector<int> order(atoms.size());
    for (size_t i = 0; i < atoms.size(); ++i)
        order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return rarity(atoms[static_cast<size_t>(a)]) < rarity(atoms[static_cast<size_t>(b)]);
    });
    std::vector<bool> kept(atoms.size(), true);
    std::vector<int> without;
    for (const int candidate : order) {
        kept[static_cast<size_t>(candidate)] = false;
        // Could a line holding every dropped literal, and none kept, match? Then keep it.
        without.clear();
        for (size_t i = 0; i < atoms.size(); ++i)
            if (!kept[i])
                without.push_back(static_cast<int>(i));
        probe.AllPotentials(without, &passed);
        if (!passed.empty())
            kept[static_cast<size_t>(candidate)] = true;
    }
    std::vector<std::string> out;
    for (size_t i = 0; i < atoms.size(); ++i)
        if (kept[i])
            out.push_back(atoms[i]);
    return out;
}

} // namespace

struct Matcher::Impl
{
    std::vector<IndicationRef> refs;
    std::vector<std::unique_ptr<RE2>> regexes;        // per indication
    std::vector<std::vector<std::string>> groupNames; // per indication: group number → name ("" unnamed)
    std::vector<int> filtered;                        // single-line indications found through their atoms
    std::vector<std::vector<int>> atomMap;            // atom → the indications it may be a match of
    std::unique_ptr<AtomScanner> atoms;               // the atoms, then the level markers
    std::vector<std::string> literals;                // the atoms, lowercased (found in any case)
    bool levels = false;                              // the level markers are in `atoms`
    std::unique_ptr<RE2::Set> singleSet;              // single-line indications without atoms
    std::unique_ptr<RE2::Set> multiSet;               // multi-line indications
    std::vector<int> singleMap;                       // set index → indication
    std::vector<int> multiMap;
    int maxLines = 1;
    mutable std::atomic_bool warnedMemory{false};

    // Matches of one indication in block[from, to), at most one per line.
    void collect(
        std::string_view block, size_t from, size_t to, size_t ownStart, int indication, std::vector<RawHit> &out) const
    {
        const RE2 &re = *regexes[static_cast<size_t>(indication)];
        const std::vector<std::string> &names = groupNames[static_cast<size_t>(indication)];
        std::vector<re2::StringPiece> groups(names.size());
        const re2::StringPiece text(block.data(), block.size());
        size_t pos = from;
        while (pos < to && re.Match(text, pos, to, RE2::UNANCHORED, groups.data(), static_cast<int>(groups.size()))) {
            const auto begin = static_cast<size_t>(groups[0].data() - block.data());
            const size_t end = begin + groups[0].size();
            // The line the match starts on is done with this indication.
            const void *newline = std::memchr(block.data() + begin, '\n', block.size() - begin);
            const size_t lineEnd
                = newline ? static_cast<size_t>(static_cast<const char *>(newline) - block.data()) : block.size();
            if (end > ownStart || begin >= ownStart) {
                RawHit hit;
                hit.indication = indication;
                hit.begin = begin;
                hit.end = end;
                for (size_t g = 1; g < groups.size(); ++g) {
                    if (!names[g].empty() && groups[g].data() != nullptr)
                        hit.captures.emplace_back(names[g], static_cast<size_t>(groups[g].data() - block.data()),
                                                  static_cast<size_t>(groups[g].data() - block.data())
                                                      + groups[g].size());
                }
                out.push_back(std::move(hit));
            }
            pos = lineEnd + 1;
        }
    }

    void runSet(const RE2::Set *set,
                const std::vector<int> &map,
                std::string_view block,
                size_t from,
                size_t ownStart,
                std::vector<RawHit> &out) const
    {
        if (!set || from >= block.size())
            return;
        std::vector<int> matched;
        RE2::Set::ErrorInfo error{};
        const re2::StringPiece text(block.data() + from, block.size() - from);
        if (!set->Match(text, &matched, &error)) {
            if (error.kind == RE2::Set::kNoError)
                return; // nothing in this block: the common case
            // The DFA ran out of memory: look for each rule on its own (slower, same answer).
            if (!warnedMemory.exchange(true))
                log::core()->warn("knowledge base too large for one DFA; matching rule by rule");
            matched.resize(map.size());
            for (size_t i = 0; i < map.size(); ++i)
                matched[i] = static_cast<int>(i);
        }
        for (int index : matched)
            collect(block, from, block.size(), ownStart, map[static_cast<size_t>(index)], out);
    }

    // The filtered indications: atoms first (over the whole block, so a multi-line match that starts in
    // the lines repeated from the previous block is found), then RE2 on the lines holding them, or for a
    // multi-line indication on the lines around them. The lines from `ownStart` on holding a level
    // marker go to `levelLines` (their starts, in order).
    void
    runFilter(std::string_view block, size_t ownStart, std::vector<RawHit> &out, std::vector<size_t> *levelLines) const
    {
        if (ownStart >= block.size())
            return;
        std::vector<std::pair<size_t, int>> hits; // (end offset, atom)
        if (!atoms || !atoms->scan(block, hits)) {
            // Vectorscan cannot run, ran out of scratch space, or a block beyond 4 GiB: every filtered
            // rule on its own, and the markers one by one.
            for (int indication : filtered)
                collect(block, refs[static_cast<size_t>(indication)].lines > 1 ? 0 : ownStart, block.size(), ownStart,
                        indication, out);
            if (levelLines)
                findLevelLines(block, ownStart, *levelLines);
            return;
        }
        if (levelLines && !levels)
            findLevelLines(block, ownStart, *levelLines);
        const int markerBase = static_cast<int>(atomMap.size());
        std::sort(hits.begin(), hits.end());
        std::vector<int> lineAtoms;
        std::vector<int> candidates;
        std::unordered_map<int, size_t> scannedTo; // multi-line indication → where its windows have been read to
        for (size_t i = 0; i < hits.size();) {
            const size_t at = hits[i].first - 1; // the atom's last byte
            const void *before = at > 0 ? memrchr(block.data(), '\n', at) : nullptr;
            const size_t lineStart
                = before ? static_cast<size_t>(static_cast<const char *>(before) - block.data()) + 1 : 0;
            const void *after = std::memchr(block.data() + at, '\n', block.size() - at);
            const size_t lineEnd
                = after ? static_cast<size_t>(static_cast<const char *>(after) - block.data()) : block.size();
            lineAtoms.clear();
            bool marked = false;
            // "<=": a multi-line indication's atom may end with the line's own newline
            for (; i < hits.size() && hits[i].first - 1 <= lineEnd; ++i) {
                if (hits[i].second >= markerBase)
                    marked = true;
                else
                    lineAtoms.push_back(hits[i].second);
            }
            const bool own = lineStart >= ownStart;
            if (marked && levelLines && own)
                levelLines->push_back(lineStart);
            std::sort(lineAtoms.begin(), lineAtoms.end());
            lineAtoms.erase(std::unique(lineAtoms.begin(), lineAtoms.end()), lineAtoms.end());
            candidates.clear();
            for (const int atom : lineAtoms) {
                const std::vector<int> &these = atomMap[static_cast<size_t>(atom)];
                candidates.insert(candidates.end(), these.begin(), these.end());
            }
            std::sort(candidates.begin(), candidates.end());
            candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
            for (const int candidate : candidates) {
                const int lines = refs[static_cast<size_t>(candidate)].lines;
                if (lines <= 1) {
                    if (own)
                        collect(block, lineStart, lineEnd, ownStart, candidate, out);
                    continue;
                }
                // The match lies within lines-1 lines before and after the atom's line.
                size_t from = lineStart;
                for (int k = 1; k < lines && from > 0; ++k) {
                    const void *found = from > 1 ? memrchr(block.data(), '\n', from - 1) : nullptr;
                    from = found ? static_cast<size_t>(static_cast<const char *>(found) - block.data()) + 1 : 0;
                }
                size_t to = lineEnd;
                for (int k = 1; k < lines && to < block.size(); ++k) {
                    const void *found = std::memchr(block.data() + to + 1, '\n', block.size() - to - 1);
                    to = found ? static_cast<size_t>(static_cast<const char *>(found) - block.data()) : block.size();
                }
                // Windows of one indication follow each other (atoms are in order): what an earlier window
                // read is not read again, so a common atom costs one pass over the block, not one per hit.
                size_t &readTo = scannedTo[candidate];
                from = std::max(from, readTo);
                to = std::min(block.size(), to + 1);
                if (from >= to)
                    continue;
                collect(block, from, to, ownStart, candidate, out);
                readTo = to;
            }
        }
    }

    // The starts of the lines from `ownStart` on that hold a level marker, without Vectorscan.
    static void findLevelLines(std::string_view block, size_t ownStart, std::vector<size_t> &out)
    {
        std::vector<size_t> starts;
        for (const std::string &marker : levelMarkers()) {
            for (size_t at = block.find(marker, ownStart); at != std::string_view::npos;
                 at = block.find(marker, at + 1)) {
                const void *before = memrchr(block.data() + ownStart, '\n', at - ownStart);
                starts.push_back(before ? static_cast<size_t>(static_cast<const char *>(before) - block.data()) + 1
                                        : ownStart);
            }
        }
        std::sort(starts.begin(), starts.end());
        starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
        out.insert(out.end(), starts.begin(), starts.end());
    }
};

Result<Matcher> Matcher::compile(const QList<Entry> &entries, Engine engine)
{
    auto impl = std::make_shared<Impl>();
    impl->singleSet = std::make_unique<RE2::Set>(options(true, kSetMemory), RE2::UNANCHORED);
    impl->multiSet = std::make_unique<RE2::Set>(options(false, kSetMemory), RE2::UNANCHORED);
    std::vector<QByteArray> sources; // per indication
    std::vector<int> filterCandidates;
    std::vector<std::vector<std::string>> candidateAtoms; // per filter candidate
    const auto rejected = [&](qsizetype entry, qsizetype indication, const std::string &why) {
        return Error::input(Text::tr("%1: entry \"%2\", field \"indications[%3]\": RE2 rejects the pattern: %4")
                                .arg(entries.at(entry).origin, entries.at(entry).id)
                                .arg(indication)
                                .arg(QString::fromStdString(why)),
                            entries.at(entry).origin);
    };
    for (qsizetype e = 0; e < entries.size(); ++e) {
        const Entry &entry = entries.at(e);
        for (qsizetype i = 0; i < entry.indications.size(); ++i) {
            const Indication &indication = entry.indications.at(i);
            // (?m): ^ and $ are the start and end of a line inside the block.
            const QByteArray source = "(?m)" + indication.pattern().toUtf8();
            const bool single = !indication.multiline();
            auto re = std::make_unique<RE2>(piece(source), options(single, kRegexMemory));
            if (!re->ok())
                return rejected(e, i, re->error());
            const int ref = static_cast<int>(impl->refs.size());
            // Multi-line indications are prefiltered too: a match holds one of their atoms, so it lies
            // within `lines` lines around an atom's line.
            if (auto rare = engine == Engine::Fastest && !foldsBeyondAscii(indication.pattern())
                    ? (indication.literals.isEmpty() ? rareAtoms(source, single) : lowered(indication.literals))
                    : std::vector<std::string>{};
                !rare.empty()) {
                filterCandidates.push_back(ref);
                candidateAtoms.push_back(std::move(rare));
            } else {
                (single ? impl->singleMap : impl->multiMap).push_back(ref);
            }
            std::vector<std::string> names(static_cast<size_t>(re->NumberOfCapturingGroups() + 1));
            for (const auto &[number, name] : re->CapturingGroupNames())
                names[static_cast<size_t>(number)] = name;
            impl->groupNames.push_back(std::move(names));
            impl->regexes.push_back(std::move(re));
            impl->refs.push_back(
                {static_cast<int>(e), static_cast<int>(i), indication.lines, indication.quietIn, entry.findsAnyCode()});
            impl->maxLines = std::max(impl->maxLines, indication.lines);
            sources.push_back(source);
        }
    }

    // The literal prefilter, for what has atoms, and the level markers of error lines; the rest joins
    // the RE2 set.
    {
        std::vector<std::string> atoms;
        std::map<std::string, int> atomIds;
        for (size_t c = 0; c < filterCandidates.size(); ++c) {
            for (const std::string &atom : candidateAtoms[c]) {
                const auto [it, added] = atomIds.emplace(atom, static_cast<int>(atoms.size()));
                if (added) {
                    atoms.push_back(atom);
                    impl->atomMap.emplace_back();
                }
                impl->atomMap[static_cast<size_t>(it->second)].push_back(filterCandidates[c]);
            }
        }
        const size_t caseless = atoms.size();
        impl->literals = atoms;
        if (engine == Engine::Fastest)
            atoms.insert(atoms.end(), levelMarkers().begin(), levelMarkers().end());
        auto scanner = std::make_unique<AtomScanner>();
        if (scanner->compile(atoms, caseless)) {
            impl->atoms = std::move(scanner);
            impl->filtered = std::move(filterCandidates);
            impl->levels = engine == Engine::Fastest;
        } else {
            impl->singleMap.insert(impl->singleMap.end(), filterCandidates.begin(), filterCandidates.end());
            impl->atomMap.clear();
        }
    }

    for (const auto &[set, map] :
         {std::pair{impl->singleSet.get(), &impl->singleMap}, std::pair{impl->multiSet.get(), &impl->multiMap}}) {
        for (int ref : *map) {
            std::string error;
            if (set->Add(piece(sources[static_cast<size_t>(ref)]), &error) < 0) {
                const IndicationRef &where = impl->refs[static_cast<size_t>(ref)];
                return rejected(where.entry, where.indication, error);
            }
        }
    }
    for (auto *set : {&impl->singleSet, &impl->multiSet}) {
        const bool empty = set == &impl->singleSet ? impl->singleMap.empty() : impl->multiMap.empty();
        if (empty) {
            set->reset();
        } else if (!(*set)->Compile()) {
            return Error::runtime(Text::tr("The knowledge base is too large to compile (RE2 ran out of memory)."));
        }
    }
    Matcher matcher;
    matcher.m_impl = std::move(impl);
    return matcher;
}

std::vector<RawHit> Matcher::scan(std::string_view block, size_t ownStart, std::vector<size_t> *levelLines) const
{
    std::vector<RawHit> out;
    m_impl->runFilter(block, ownStart, out, levelLines);
    m_impl->runSet(m_impl->singleSet.get(), m_impl->singleMap, block, ownStart, ownStart, out);
    m_impl->runSet(m_impl->multiSet.get(), m_impl->multiMap, block, 0, ownStart, out);
    std::sort(out.begin(), out.end(), [](const RawHit &a, const RawHit &b) {
        return a.begin != b.begin ? a.begin < b.begin : a.indication < b.indication;
    });
    return out;
}

const std::vector<IndicationRef> &Matcher::indications() const
{
    return m_impl->refs;
}

int Matcher::maxLines() const
{
    return m_impl->maxLines;
}

QStringList Matcher::literals() const
{
    QStringList out;
    out.reserve(static_cast<qsizetype>(m_impl->literals.size()));
    for (const std::string &literal : m_impl->literals)
        out << QString::fromStdString(literal);
    return out;
}

int Matcher::prefiltered() const
{
    return static_cast<int>(m_impl->filtered.size());
}

} // namespace vna::logscan
