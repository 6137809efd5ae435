// Every indication of a knowledge base compiled so a block of log text is scanned once whatever the
// number of entries, in time linear in its length (no user rule can hang a scan).
//
// The fast path: RE2's FilteredRE2 names, for each single-line indication, literal strings ("atoms")
// and the condition over them that any match meets; of those, the rare ones that every match holds
// one of are kept (a code such as "507015" rather than "error"). Vectorscan finds them in a block
// (case-insensitively, at several GB/s), and RE2 then runs only the indications an atom points to,
// only on the lines that hold one, so an ordinary line never reaches RE2.
// What has no atoms, spans lines, or holds letters whose case RE2 and Vectorscan fold differently is
// matched with RE2 sets over the block; so is everything where Vectorscan cannot run (Engine::Re2).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "logscan/knowledgebase.h"

namespace vna::logscan {

// One match inside a block of text, in byte offsets of that block.
struct RawHit
{
    int indication = 0; // index into Matcher::indications()
    size_t begin = 0;   // the match
    size_t end = 0;
    // Named captures that took part: (name, begin, end).
    std::vector<std::tuple<std::string, size_t, size_t>> captures;
};

struct IndicationRef
{
    int entry = 0;        // index into the entries the matcher was built from
    int indication = 0;   // index into that entry's indications
    int lines = 1;        // how many lines a match may span
    QStringList quietIn;  // Ray actors whose lines it ignores (Indication::quietIn)
    bool generic = false; // of the generic code entry: yields to any other entry's hit on its line
};

class Matcher
{
public:
    enum class Engine : std::uint8_t {
        Fastest, // the literal prefilter where it applies
        Re2,     // RE2 sets only: the reference the fast path must agree with
    };

    // Errors name the entry and the indication RE2 rejected (normally caught earlier by the loader).
    static Result<Matcher> compile(const QList<Entry> &entries, Engine engine = Engine::Fastest);

    // Every match of every indication in `block`, a run of whole lines. Single-line indications
    // are looked for from `ownStart` on; multi-line ones also where they start in the lines before
    // `ownStart` (repeated from the previous block) but reach past it. At most one hit per line and
    // indication. Sorted by position. With `levelLines`, also the starts of the lines from `ownStart` on
    // that hold a level marker (errorlines.h), in order: the candidates for lineLevel().
    std::vector<RawHit> scan(std::string_view block, size_t ownStart, std::vector<size_t> *levelLines = nullptr) const;

    const std::vector<IndicationRef> &indications() const;
    // The most lines any indication spans (1 when none is multi-line).
    int maxLines() const;
    // The literals the prefilter looks for, lowercased (they are found in any case): a line without any of
    // them matches no prefiltered indication. What a node greps for before it sends a log.
    QStringList literals() const;
    // How many indications the literal prefilter finds (the rest are matched with RE2 sets).
    int prefiltered() const;

private:
    struct Impl;
    std::shared_ptr<const Impl> m_impl;
};

} // namespace vna::logscan
