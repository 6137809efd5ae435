#include "locate.h"

#include <algorithm>
#include <string_view>

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::upstream {

namespace {

// A line of a message needs this much literal text (letters and digits) to be told from others, and
// a piece this long: "Error: {}" or "{} is not supported" would match lines of any library.
constexpr int kMinProbeChars = 14;
constexpr size_t kMinLongestPiece = 8;
// and this many words of three letters or more, unless it has kLongProbeChars: "{} has no attribute {}"
// is Python's own wording as much as any library's.
constexpr size_t kMinProbeWords = 3;
constexpr int kLongProbeChars = 24;
// Of the matched part of a line, at least this share must be the message's own text.
constexpr double kMinLiteralShare = 0.3;
constexpr int kMaxLocations = 4;

// Messages are matched as UTF-8 bytes: a word is a run of ASCII letters, digits, "_" and any byte of a
// multi-byte character.
bool isWordByte(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' || u >= 0x80;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view view(const QByteArray &bytes)
{
    return {bytes.constData(), static_cast<size_t>(bytes.size())};
}

// The words of three bytes or more.
template <typename Out>
void forEachWord(std::string_view text, Out &&out)
{
    size_t start = std::string_view::npos;
    for (size_t i = 0; i <= text.size(); ++i) {
        const bool word = i < text.size() && isWordByte(text[i]);
        if (word && start == std::string_view::npos)
            start = i;
        if (!word && start != std::string_view::npos) {
            if (i - start >= 3)
                out(text.substr(start, i - start));
            start = std::string_view::npos;
        }
    }
}

int literalChars(const std::vector<std::string_view> &pieces)
{
    int count = 0;
    for (const std::string_view piece : pieces) {
        for (const char c : piece)
            count += isWordByte(c) && c != '_' ? 1 : 0;
    }
    return count;
}

std::string_view trimmed(std::string_view text, bool front, bool back)
{
    while (front && !text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (back && !text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

// A message's pattern split at its values and line breaks: one probe per line of the message, each
// the literal pieces with a value between each two; blanks at a line's ends trimmed (a logger strips
// them). The pieces are views into the pattern, or into `own` where an escaped brace had to be undone.
std::vector<std::vector<std::string_view>> probesOf(const QByteArray &pattern, std::vector<QByteArray> &own)
{
    const std::string_view text(pattern.constData(), static_cast<size_t>(pattern.size()));
    if (text.find("{{") != std::string_view::npos || text.find("}}") != std::string_view::npos) {
        QByteArray plain = pattern;
        plain.replace("{{", "\x01").replace("}}", "\x02"); // braces that are not a value, kept apart
        std::vector<std::vector<std::string_view>> out;
        for (auto &probe : probesOf(plain, own)) {
            std::vector<std::string_view> pieces;
            for (const std::string_view piece : probe) {
                QByteArray restored(piece.data(), static_cast<qsizetype>(piece.size()));
                restored.replace('\x01', '{').replace('\x02', '}');
                own.push_back(restored);
                pieces.emplace_back(own.back().constData(), static_cast<size_t>(own.back().size()));
            }
            out.push_back(std::move(pieces));
        }
        return out;
    }
    std::vector<std::vector<std::string_view>> out(1);
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        const bool value = i + 1 < text.size() && text[i] == '{' && text[i + 1] == '}';
        const bool end = i == text.size() || text[i] == '\n';
        if (value || end)
            out.back().push_back(text.substr(start, i - start));
        if (value) {
            start = i + 2;
            ++i;
        } else if (end) {
            start = i + 1;
            if (i < text.size())
                out.emplace_back();
        }
    }
    for (std::vector<std::string_view> &probe : out) {
        probe.front() = trimmed(probe.front(), true, false);
        probe.back() = trimmed(probe.back(), false, true);
    }
    return out;
}

// CPython's own messages (3.8 to 3.13, a hand-written list), which libraries re-raise word for word
// from __getattr__ and the like: a line with one of them was as likely written by Python as by the
// library.
bool pythonsOwn(const std::vector<std::string_view> &pieces)
{
    static const char *const kShapes[] = {
        "object has no attribute",
        "has no attribute",
        "object is not subscriptable",
        "object is not callable",
        "object is not iterable",
        "got an unexpected keyword argument",
        "required positional argument",
        "positional arguments but",
        "No module named",
        "cannot import name",
        "referenced before assignment",
        "is not defined",
        "index out of range",
        "unsupported operand type",
    };
    std::string words;
    for (const std::string_view piece : pieces) {
        for (const char c : piece)
            words += isWordByte(c) ? c : ' ';
        words += ' ';
    }
    // collapse blanks
    std::string simple;
    for (const char c : words) {
        if (c != ' ' || (!simple.empty() && simple.back() != ' '))
            simple += c;
    }
    while (!simple.empty() && simple.back() == ' ')
        simple.pop_back();
    return std::any_of(std::begin(kShapes), std::end(kShapes), [&](const char *shape) {
        const std::string_view s(shape);
        return simple.find(s) != std::string::npos && simple.size() <= s.size() + 12; // little more than Python's words
    });
}

} // namespace

QStringList messageWords(QStringView text)
{
    const QByteArray bytes = text.toUtf8();
    QStringList out;
    forEachWord(view(bytes), [&](std::string_view word) {
        out << QString::fromUtf8(word.data(), static_cast<qsizetype>(word.size()));
    });
    return out;
}

std::optional<Frame> parseFrame(QStringView line)
{
    static const QRegularExpression re(u"(?:^|\\s|\\))File \"([^\"]+)\", line (\\d+), in (\\S+)"_s);
    const auto match = re.match(line);
    if (!match.hasMatch())
        return std::nullopt;
    return Frame{match.captured(1), match.capturedView(2).toInt(), match.captured(3), QString()};
}

Locator::Locator(Upstream &upstream)
    : m_upstream(&upstream)
{
    for (const QString &component : upstream.components()) {
        const ComponentIndex *index = upstream.messages(component);
        if (!index)
            continue;
        m_indexes << index;
        m_probes.reserve(m_probes.size() + static_cast<size_t>(index->messages.size()));
        for (qsizetype m = 0; m < index->messages.size(); ++m) {
            std::vector<QByteArray> changed; // the pieces that are not the pattern's own bytes (rare)
            auto probes = probesOf(index->messages.at(m).pattern, changed);
            const auto own = changed.empty() ? nullptr : std::make_shared<std::vector<QByteArray>>(std::move(changed));
            for (std::vector<std::string_view> &pieces : probes) {
                const int chars = literalChars(pieces);
                size_t longestPiece = 0;
                size_t words = 0;
                std::string_view key; // the longest word: long words are rare, and a line has few
                for (const std::string_view piece : pieces) {
                    longestPiece = std::max(longestPiece, piece.size());
                    forEachWord(piece, [&](std::string_view word) {
                        ++words;
                        if (word.size() > key.size())
                            key = word;
                    });
                }
                if (chars < kMinProbeChars || longestPiece < kMinLongestPiece
                    || (words < kMinProbeWords && chars < kLongProbeChars) || (chars <= 40 && pythonsOwn(pieces)))
                    continue;
                m_byWord[QByteArray(key.data(), static_cast<qsizetype>(key.size()))].push_back(
                    static_cast<int>(m_probes.size()));
                m_probes.push_back(Probe{index, static_cast<int>(m), std::move(pieces), own, chars});
            }
        }
    }
}

const ComponentIndex *Locator::index(const QString &component) const
{
    for (const ComponentIndex *index : m_indexes) {
        if (index->component == component)
            return index;
    }
    return nullptr;
}

QList<Location> Locator::locate(QStringView shownLine) const
{
    const QByteArray bytes = shownLine.toUtf8();
    const std::string_view line = view(bytes);
    std::vector<int> candidates;
    forEachWord(line, [&](std::string_view word) {
        const auto found
            = m_byWord.constFind(QByteArray::fromRawData(word.data(), static_cast<qsizetype>(word.size())));
        if (found != m_byWord.constEnd())
            candidates.insert(candidates.end(), found->begin(), found->end());
    });
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());

    QList<Location> out;
    int bestChars = 0;
    bool bestType = false;
    const auto text = [&](size_t from, size_t to) {
        return QString::fromUtf8(line.data() + from, static_cast<qsizetype>(to - from));
    };
    for (const int p : candidates) {
        const Probe &probe = m_probes[static_cast<size_t>(p)];
        // The pieces in order, each as early as it can be: a match exists exactly when this finds one.
        size_t pos = 0;
        size_t begin = std::string_view::npos;
        size_t literalEnd = 0; // the end of the last literal piece: a value after it is the rest of the line
        QStringList values;
        bool matched = true;
        for (size_t i = 0; i < probe.pieces.size(); ++i) {
            const std::string_view piece = probe.pieces[i];
            const size_t at = piece.empty() ? pos : line.find(piece, pos);
            if (at == std::string_view::npos) {
                matched = false;
                break;
            }
            if (i > 0)
                values << text(pos, at);
            if (begin == std::string_view::npos && !piece.empty())
                begin = at;
            pos = at + piece.size();
            if (!piece.empty())
                literalEnd = pos;
        }
        if (!matched || begin == std::string_view::npos)
            continue;
        if (probe.pieces.back().empty())
            values.last() = text(pos, line.size()).trimmed();
        const size_t span = literalEnd - begin;
        if (span == 0 || (probe.literalChars < 30 && double(probe.literalChars) / double(span) < kMinLiteralShare))
            continue;
        const Message &message = probe.index->messages.at(probe.message);
        const bool typeMatches = !message.type.isEmpty() && message.kind != u"log"
            && line.substr(0, begin).find(message.type.toStdString()) != std::string_view::npos;
        if (probe.literalChars < bestChars || (probe.literalChars == bestChars && !typeMatches && bestType))
            continue;
        if (probe.literalChars > bestChars || (typeMatches && !bestType)) {
            out.clear();
            bestChars = probe.literalChars;
            bestType = typeMatches;
        }
        for (qsizetype s = 0; s < probe.index->sites(probe.message).size() && out.size() < kMaxLocations; ++s) {
            Location location;
            location.component = probe.index->component;
            location.message = probe.message;
            location.site = static_cast<int>(s);
            location.values = values;
            location.literalChars = probe.literalChars;
            location.typeMatches = typeMatches;
            for (const auto &[lineNumber, set] : probe.index->sites(probe.message).at(s).lines)
                location.releases = location.releases | probe.index->sets.at(set);
            out << location;
        }
    }
    std::sort(out.begin(), out.end(), [](const Location &a, const Location &b) {
        return std::tie(a.component, a.message, a.site) < std::tie(b.component, b.message, b.site);
    });
    return out;
}

} // namespace vna::upstream
