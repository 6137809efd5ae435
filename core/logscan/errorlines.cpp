#include "errorlines.h"

#include <cctype>
#include <cstring>

namespace vna::logscan {

namespace {

constexpr size_t kLevelWindow = 160; // a level word leads a line: look no further than this
constexpr size_t kPrefixWindow = 200;

bool isIdent(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The line after Ray's "(Actor pid=…, ip=…) " and "[rankN]:" decorations.
std::string_view undecorated(std::string_view line)
{
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    if (!line.empty() && line.front() == '(') {
        const size_t close = line.substr(0, kPrefixWindow).find(')');
        if (close != std::string_view::npos && line.substr(0, close).find("pid=") != std::string_view::npos) {
            line.remove_prefix(close + 1);
            while (!line.empty() && line.front() == ' ')
                line.remove_prefix(1);
        }
    }
    while (line.size() > 6 && line.substr(0, 5) == "[rank") {
        size_t i = 5;
        while (i < line.size() && isDigit(line[i]))
            ++i;
        if (i + 1 >= line.size() || line[i] != ']' || line[i + 1] != ':')
            break;
        line.remove_prefix(i + 2);
    }
    return line;
}

// `word` as a whole word (not inside a longer identifier) in `text`.
bool hasWord(std::string_view text, std::string_view word)
{
    for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const bool before = at == 0 || !isIdent(text[at - 1]);
        const bool after = at + word.size() >= text.size() || !isIdent(text[at + word.size()]);
        if (before && after)
            return true;
    }
    return false;
}

// "ValueError: x", "torch.OutOfMemoryError: x", "ray.exceptions.RayTaskError(ValueError): x",
// "UserWarning: x", a bare "AssertionError": which suffix it has, or none.
LineLevel exceptionLevel(std::string_view text)
{
    static constexpr std::pair<std::string_view, LineLevel> kSuffixes[]
        = {{"Error", LineLevel::Error}, {"Exception", LineLevel::Error}, {"Warning", LineLevel::Warning}};
    for (const auto &[suffix, level] : kSuffixes) {
        for (size_t at = text.find(suffix); at != std::string_view::npos; at = text.find(suffix, at + 1)) {
            size_t end = at + suffix.size();
            if (end < text.size() && isIdent(text[end]))
                continue; // "ErrorCode"
            // the name before the suffix: letters (or nothing: "Error: x", "Warning: x")
            if (end < text.size() && text[end] == '(') {
                const size_t close = text.find(')', end);
                if (close == std::string_view::npos)
                    continue;
                end = close + 1;
            }
            const bool colon = end < text.size() && text[end] == ':'
                && (end + 1 == text.size() || text[end + 1] == ' ' || text[end + 1] == '\r');
            if (colon)
                return level;
            // A bare exception name on its own line: "AssertionError".
            if (end >= text.size() || text[end] == '\r') {
                size_t start = at;
                while (start > 0 && (isIdent(text[start - 1]) || text[start - 1] == '.'))
                    --start;
                if (start == 0 && start < at)
                    return level;
            }
        }
    }
    return LineLevel::None;
}

} // namespace

LineLevel lineLevel(std::string_view line)
{
    const std::string_view text = undecorated(line);
    const std::string_view head = text.substr(0, kLevelWindow);
    if (hasWord(head, "ERROR") || hasWord(head, "CRITICAL") || hasWord(head, "FATAL"))
        return LineLevel::Error;
    if (hasWord(head, "WARNING") || hasWord(head, "WARN"))
        return LineLevel::Warning;
    // torch's C++ log: "[W compiler_depend.ts:103] Warning: …", "[E509 17:37:47.665 ProcessGroupNCCL.cpp:629] …"
    if (head.size() > 3 && head[0] == '[' && (head[1] == 'E' || head[1] == 'W') && (head[2] == ' ' || isDigit(head[2])))
        return head[1] == 'E' ? LineLevel::Error : LineLevel::Warning;
    return exceptionLevel(text);
}

const std::vector<std::string> &levelMarkers()
{
    static const std::vector<std::string> markers{"ERROR", "CRITICAL", "FATAL",     "WARN",   "[E",
                                                  "[W",    "Error",    "Exception", "Warning"};
    return markers;
}

quint64 lineShape(std::string_view line)
{
    const std::string_view text = undecorated(line);
    // The kept bytes are packed eight to a word and each word mixed in once: a byte costs a shift, not
    // a multiplication (a warning on every line of a 1 GiB log is hashed millions of times).
    quint64 hash = 1469598103934665603ULL;
    quint64 word = 0;
    int packed = 0;
    const auto mix = [&] {
        hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
        word = 0;
        packed = 0;
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // an address or a hexadecimal number: "0x7fbf6036c1b6" (not the "0x" of "10x")
        if (c == '0' && i + 2 < text.size() && text[i + 1] == 'x' && (i == 0 || !isIdent(text[i - 1]))
            && std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            for (i += 2; i < text.size() && std::isxdigit(static_cast<unsigned char>(text[i])); ++i) {}
            --i;
            continue;
        }
        if (isDigit(c) || c == '\r')
            continue;
        word = (word << 8) | static_cast<unsigned char>(c);
        if (++packed == 8)
            mix();
    }
    if (packed > 0)
        mix();
    return hash;
}

QList<upstream::Frame> tracebackAbove(std::string_view block, size_t end, std::string_view exceptionLine)
{
    QList<upstream::Frame> frames;
    // The Ray prefix the exception's line has (its process): frames of other processes interleave.
    const std::string_view decorated
        = exceptionLine.substr(0, exceptionLine.size() - undecorated(exceptionLine).size());
    size_t lineEnd = end;
    std::string_view below; // the line after the current one (a frame's source line)
    for (int n = 0; n < kMaxTracebackLines && lineEnd > 0; ++n) {
        const size_t stop = lineEnd - 1; // the '\n' before the current line
        const void *found = stop > 0 ? memrchr(block.data(), '\n', stop) : nullptr;
        const size_t start = found ? static_cast<size_t>(static_cast<const char *>(found) - block.data()) + 1 : 0;
        const std::string_view line = block.substr(start, stop - start);
        lineEnd = start;
        const std::string_view rest = undecorated(line);
        if (!decorated.empty() && line.substr(0, decorated.size()) != decorated && !rest.empty())
            continue; // another process's line
        if (rest.substr(0, 35) == "Traceback (most recent call last):")
            break;
        if (rest.substr(0, 6) == "File \"") {
            if (auto frame
                = upstream::parseFrame(QString::fromUtf8(rest.data(), static_cast<qsizetype>(rest.size())))) {
                const std::string_view code = undecorated(below);
                if (!code.empty() && code.substr(0, 6) != "File \""
                    && code.find_first_not_of("^~ ") != std::string_view::npos)
                    frame->code
                        = QString::fromUtf8(code.data(), static_cast<qsizetype>(std::min<size_t>(code.size(), 300)));
                frames.prepend(*frame);
            }
        }
        below = line;
        if (start == 0)
            break;
    }
    return frames;
}

} // namespace vna::logscan
