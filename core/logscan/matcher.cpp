#include "matcher.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include <QCoreApplication>

#include <re2/re2.h>
#include <re2/set.h>

#include "common/logging.h"

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

} // namespace

struct Matcher::Impl
{
    std::vector<IndicationRef> refs;
    std::vector<std::unique_ptr<RE2>> regexes;        // per indication
    std::vector<std::vector<std::string>> groupNames; // per indication: group number → name ("" unnamed)
    std::unique_ptr<RE2::Set> singleSet;              // single-line indications
    std::unique_ptr<RE2::Set> multiSet;               // multi-line indications
    std::vector<int> singleMap;                       // set index → indication
    std::vector<int> multiMap;
    int maxLines = 1;
    mutable std::atomic_bool warnedMemory{false};

    void collect(std::string_view block, size_t from, size_t ownStart, int indication, std::vector<RawHit> &out) const
    {
        const RE2 &re = *regexes[static_cast<size_t>(indication)];
        const std::vector<std::string> &names = groupNames[static_cast<size_t>(indication)];
        std::vector<re2::StringPiece> groups(names.size());
        const re2::StringPiece text(block.data(), block.size());
        size_t pos = from;
        while (pos < block.size()
               && re.Match(text, pos, block.size(), RE2::UNANCHORED, groups.data(), static_cast<int>(groups.size()))) {
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

    void run(const RE2::Set *set,
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
            collect(block, from, ownStart, map[static_cast<size_t>(index)], out);
    }
};

Result<Matcher> Matcher::compile(const QList<Entry> &entries)
{
    auto impl = std::make_shared<Impl>();
    impl->singleSet = std::make_unique<RE2::Set>(options(true, kSetMemory), RE2::UNANCHORED);
    impl->multiSet = std::make_unique<RE2::Set>(options(false, kSetMemory), RE2::UNANCHORED);
    for (qsizetype e = 0; e < entries.size(); ++e) {
        const Entry &entry = entries.at(e);
        for (qsizetype i = 0; i < entry.indications.size(); ++i) {
            const Indication &indication = entry.indications.at(i);
            // (?m): ^ and $ are the start and end of a line inside the block.
            const QByteArray source = "(?m)" + indication.pattern().toUtf8();
            const bool single = !indication.multiline();
            auto re = std::make_unique<RE2>(piece(source), options(single, kRegexMemory));
            std::string error;
            RE2::Set &set = single ? *impl->singleSet : *impl->multiSet;
            const int index = re->ok() ? set.Add(piece(source), &error) : -1;
            if (index < 0)
                return Error::input(Text::tr("%1: entry \"%2\", field \"indications[%3]\": RE2 rejects the pattern: %4")
                                        .arg(entry.origin, entry.id)
                                        .arg(i)
                                        .arg(QString::fromStdString(re->ok() ? error : re->error())),
                                    entry.origin);
            const int ref = static_cast<int>(impl->refs.size());
            (single ? impl->singleMap : impl->multiMap).push_back(ref);
            std::vector<std::string> names(static_cast<size_t>(re->NumberOfCapturingGroups() + 1));
            for (const auto &[number, name] : re->CapturingGroupNames())
                names[static_cast<size_t>(number)] = name;
            impl->groupNames.push_back(std::move(names));
            impl->regexes.push_back(std::move(re));
            impl->refs.push_back({static_cast<int>(e), static_cast<int>(i), indication.lines});
            impl->maxLines = std::max(impl->maxLines, indication.lines);
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

std::vector<RawHit> Matcher::scan(std::string_view block, size_t ownStart) const
{
    std::vector<RawHit> out;
    m_impl->run(m_impl->singleSet.get(), m_impl->singleMap, block, ownStart, ownStart, out);
    m_impl->run(m_impl->multiSet.get(), m_impl->multiMap, block, 0, ownStart, out);
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

} // namespace vna::logscan
