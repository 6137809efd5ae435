#include "scanner.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <unordered_map>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFuture>
#include <QHash>
#include <QSet>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

// Hits of one entry this close (in lines, same file) are one error told several ways.
constexpr qint64 kSameErrorLines = 30;

class Text
{
    Q_DECLARE_TR_FUNCTIONS(LogScanner)
};

constexpr size_t kShownLineBytes = 2000; // longer lines are shown around the match
constexpr size_t kWindowBytes = 300;
constexpr qsizetype kMaxCaptureChars = 500;
constexpr int kTimeLookBack = 32; // lines searched backwards for a time stamp
constexpr qsizetype kMaxDistinct = 64;
constexpr qsizetype kMaxSeenAt = 20;
constexpr qsizetype kMaxErrorGroups = 5000; // distinct error and warning lines kept; more are counted

size_t countNewlines(const char *data, size_t size)
{
    size_t count = 0;
    const char *end = data + size;
    while (data < end) {
        const void *found = std::memchr(data, '\n', static_cast<size_t>(end - data));
        if (!found)
            break;
        ++count;
        data = static_cast<const char *>(found) + 1;
    }
    return count;
}

// The lines of one block, found on demand (only blocks with a match need them).
class Lines
{
public:
    explicit Lines(std::string_view block)
        : m_block(block)
    {
        for (size_t pos = 0; pos < block.size();) {
            const void *found = std::memchr(block.data() + pos, '\n', block.size() - pos);
            if (!found)
                break;
            const auto at = static_cast<size_t>(static_cast<const char *>(found) - block.data());
            m_newlines.push_back(at);
            pos = at + 1;
        }
    }
    // Index of the line holding byte `pos`.
    qint64 indexOf(size_t pos) const
    {
        return static_cast<qint64>(std::lower_bound(m_newlines.begin(), m_newlines.end(), pos) - m_newlines.begin());
    }
    qint64 count() const
    {
        const bool partialLast = !m_block.empty() && m_block.back() != '\n';
        return static_cast<qint64>(m_newlines.size()) + (partialLast ? 1 : 0);
    }
    size_t start(qint64 index) const { return index == 0 ? 0 : m_newlines[static_cast<size_t>(index - 1)] + 1; }
    size_t end(qint64 index) const
    {
        return static_cast<size_t>(index) < m_newlines.size() ? m_newlines[static_cast<size_t>(index)] : m_block.size();
    }
    std::string_view line(qint64 index) const { return m_block.substr(start(index), end(index) - start(index)); }

private:
    std::string_view m_block;
    std::vector<size_t> m_newlines;
};

// What a worker found in one block; line numbers are relative to the block's first own line.
struct BlockHit
{
    int indication = 0;
    qint64 relLine = 0;
    Occurrence occurrence;
    int missingBefore = 0; // context lines that lie in the previous block
    int missingAfter = 0;  // and in the next
    QString fingerprint;
};

// An error or warning line of a block: its first occurrence there, and how many more of its shape.
struct BlockErrorLine
{
    ErrorLine line; // file and line still relative: line is the 0-based line of the block's own part
    qint64 count = 0;
};

struct BlockResult
{
    QByteArray buffer; // the block's text, handed back to be filled again
    qint64 newlines = 0;
    qint64 overlapLines = 0; // lines repeated from the previous block (for multi-line rules)
    std::vector<BlockHit> hits;
    QStringList head; // first context lines of the own part
    QStringList tail; // last context lines
    qint64 lastTime = -1;
    std::vector<BlockErrorLine> errorLines;
};

// The part of a line that is shown: all of it, or a window around [begin, end) for very long lines.
std::pair<size_t, size_t> shownPart(size_t lineStart, size_t lineEnd, size_t begin, size_t end)
{
    if (lineEnd - lineStart <= kShownLineBytes)
        return {lineStart, lineEnd};
    const size_t from = begin > lineStart + kWindowBytes ? begin - kWindowBytes : lineStart;
    const size_t to = std::min(lineEnd, std::max(end, begin) + kWindowBytes);
    return {from, std::min(to, from + kShownLineBytes)};
}

QString shownLine(std::string_view block, size_t lineStart, size_t lineEnd, size_t begin, size_t end)
{
    const auto [from, to] = shownPart(lineStart, lineEnd, begin, end);
    QString text = displayText(block.substr(from, to - from));
    if (from > lineStart)
        text.prepend(u'…');
    if (to < lineEnd)
        text.append(u'…');
    return text;
}

QString wholeLineShown(std::string_view line)
{
    return shownLine(line, 0, line.size(), 0, 0);
}

// Whether the line at `start` is the source line Python prints under a traceback frame (`raise
// ValueError(f"…")` holds the message's text, but it is code, not output).
bool isTracebackSource(std::string_view block, size_t start)
{
    if (start < 2)
        return false;
    const void *found = memrchr(block.data(), '\n', start - 1);
    const size_t from = found ? static_cast<size_t>(static_cast<const char *>(found) - block.data()) + 1 : 0;
    const std::string_view previous = block.substr(from, start - 1 - from);
    return previous.find("File \"") != std::string_view::npos && previous.find("\", line ") != std::string_view::npos;
}

// Groups the block's error and warning lines by shape: the first of each is described in full (its
// origin, its traceback), the rest counted.
void collectErrorLines(
    std::string_view block, size_t ownStart, const std::vector<size_t> &starts, bool unmarked, BlockResult &result)
{
    std::unordered_map<quint64, size_t> byShape;
    size_t counted = ownStart; // newlines are counted up to here
    qint64 line = 0;           // the line of `counted` in the block's own part
    for (const size_t start : starts) {
        const void *found = std::memchr(block.data() + start, '\n', block.size() - start);
        const size_t end = found ? static_cast<size_t>(static_cast<const char *>(found) - block.data()) : block.size();
        const std::string_view text = block.substr(start, end - start);
        const LineLevel level = lineLevel(text);
        if (level == LineLevel::None && (!unmarked || text.size() < 16 || isTracebackSource(block, start)))
            continue;
        const quint64 shape = lineShape(text);
        const auto [it, added] = byShape.emplace(shape, result.errorLines.size());
        if (!added) {
            ++result.errorLines[it->second].count;
            continue;
        }
        line += static_cast<qint64>(countNewlines(block.data() + counted, start - counted));
        counted = start;
        BlockErrorLine out;
        out.count = 1;
        out.line.level = level;
        out.line.line = line;
        out.line.shape = shape;
        out.line.text = wholeLineShown(text);
        out.line.info = describeLine(text);
        if (level == LineLevel::Error)
            out.line.frames = tracebackAbove(block, start, text);
        result.errorLines.push_back(std::move(out));
    }
}

enum class ErrorLines : std::uint8_t {
    None,
    Marked,    // the lines with a level word
    EveryLine, // and the others too, kept if a message of the upstream indexes is found in them
};

BlockResult
processBlock(const QByteArray &data, size_t ownStart, const Matcher &matcher, int context, ErrorLines errorLines)
{
    BlockResult result;
    const std::string_view block(data.constData(), static_cast<size_t>(data.size()));
    const std::string_view own = block.substr(ownStart);
    result.newlines = static_cast<qint64>(countNewlines(own.data(), own.size()));
    result.overlapLines = static_cast<qint64>(countNewlines(block.data(), ownStart));

    // Head, tail and the last time stamp, without indexing the whole block.
    {
        size_t pos = 0;
        for (int i = 0; i < context && pos < own.size(); ++i) {
            const void *found = std::memchr(own.data() + pos, '\n', own.size() - pos);
            const size_t end = found ? static_cast<size_t>(static_cast<const char *>(found) - own.data()) : own.size();
            result.head << wholeLineShown(own.substr(pos, end - pos));
            pos = end + 1;
        }
        size_t end = own.size();
        if (end > 0 && own[end - 1] == '\n')
            --end;
        for (int i = 0; i < kTimeLookBack && !own.empty(); ++i) {
            const void *found = memrchr(own.data(), '\n', end);
            const size_t start = found ? static_cast<size_t>(static_cast<const char *>(found) - own.data()) + 1 : 0;
            const std::string_view line = own.substr(start, end - start);
            if (i < context)
                result.tail.prepend(wholeLineShown(line));
            if (result.lastTime < 0)
                result.lastTime = parseTime(line);
            if (result.lastTime >= 0 && i + 1 >= context)
                break;
            if (start == 0)
                break;
            end = start - 1;
        }
    }

    std::vector<size_t> levelLines;
    std::vector<RawHit> raw = matcher.scan(block, ownStart, errorLines == ErrorLines::Marked ? &levelLines : nullptr);
    if (errorLines == ErrorLines::EveryLine) {
        for (size_t pos = ownStart; pos < block.size();) {
            levelLines.push_back(pos);
            const void *found = std::memchr(block.data() + pos, '\n', block.size() - pos);
            pos = found ? static_cast<size_t>(static_cast<const char *>(found) - block.data()) + 1 : block.size();
        }
    }
    if (!levelLines.empty())
        collectErrorLines(block, ownStart, levelLines, errorLines == ErrorLines::EveryLine, result);
    if (raw.empty())
        return result;
    const Lines lines(block);
    const qint64 firstOwn = lines.indexOf(ownStart);
    const qint64 lastLine = lines.count() - 1;
    // One error, one finding: a line an entry explains does not also give the generic code finding.
    QSet<qint64> explained;
    for (const RawHit &hit : raw) {
        if (!matcher.indications()[static_cast<size_t>(hit.indication)].generic)
            explained.insert(lines.indexOf(hit.begin));
    }
    QSet<QPair<qint64, int>> seen;    // (line, entry): one hit per line and entry
    QSet<QPair<int, QString>> groups; // (entry, fingerprint) kept whole in this block
    for (const RawHit &hit : raw) {
        const IndicationRef &ref = matcher.indications()[static_cast<size_t>(hit.indication)];
        const qint64 startLine = lines.indexOf(hit.begin);
        if (seen.contains({startLine, ref.entry}) || (ref.generic && explained.contains(startLine)))
            continue;
        if (!ref.quietIn.isEmpty()) {
            // Normal in these processes: verl's CPU-only actors are not given NPUs.
            const QString actor = describeLine(lines.line(startLine)).actor;
            if (!actor.isEmpty() && std::any_of(ref.quietIn.begin(), ref.quietIn.end(), [&](const QString &quiet) {
                    return actor.startsWith(quiet);
                }))
                continue;
        }
        seen.insert({startLine, ref.entry});
        const qint64 endLine
            = std::min(hit.end > hit.begin ? lines.indexOf(hit.end - 1) : startLine, startLine + ref.lines - 1);

        BlockHit out;
        out.indication = hit.indication;
        out.relLine = startLine - firstOwn;
        Occurrence &occurrence = out.occurrence;
        const std::string_view firstLine = lines.line(startLine);
        occurrence.info = describeLine(firstLine);
        out.fingerprint = fingerprint(firstLine);
        // Only the first hit of a group in this block is kept whole; echoes after it just count, so a
        // rule that matches every line costs no more memory than one that matches once.
        if (groups.contains({ref.entry, out.fingerprint})) {
            result.hits.push_back(std::move(out));
            continue;
        }
        groups.insert({ref.entry, out.fingerprint});
        std::vector<std::pair<size_t, size_t>> shown;
        for (qint64 k = startLine; k <= endLine; ++k) {
            const size_t ls = lines.start(k);
            const size_t le = lines.end(k);
            const size_t b = std::clamp(hit.begin, ls, le);
            const size_t e = std::clamp(hit.end, ls, le);
            occurrence.lines << shownLine(block, ls, le, b, e);
            shown.push_back(shownPart(ls, le, b, e));
        }
        for (const auto &[name, begin, end] : hit.captures) {
            Capture capture;
            capture.name = QString::fromStdString(name);
            capture.value = displayText(block.substr(begin, std::min<size_t>(end - begin, kMaxCaptureChars)));
            const qint64 k = std::clamp(lines.indexOf(begin), startLine, endLine);
            capture.line = static_cast<int>(k - startLine);
            const auto [from, to] = shown[static_cast<size_t>(capture.line)];
            if (begin >= from && end <= to) {
                capture.start = displayText(block.substr(from, begin - from)).size()
                    + (from > lines.start(k) ? 1 : 0); // the leading "…"
                capture.length = displayText(block.substr(begin, end - begin)).size();
            }
            occurrence.captures << capture;
        }
        for (qint64 k = std::max<qint64>(0, startLine - context); k < startLine; ++k)
            occurrence.before << wholeLineShown(lines.line(k));
        out.missingBefore = static_cast<int>(std::max<qint64>(0, context - startLine));
        for (qint64 k = endLine + 1; k <= std::min(lastLine, endLine + context); ++k)
            occurrence.after << wholeLineShown(lines.line(k));
        out.missingAfter = static_cast<int>(context - occurrence.after.size());
        for (qint64 k = startLine - 1; occurrence.info.time < 0 && k >= std::max<qint64>(0, startLine - kTimeLookBack);
             --k)
            occurrence.info.time = parseTime(lines.line(k));
        result.hits.push_back(std::move(out));
    }
    return result;
}

void addDistinct(QStringList &list, const QString &value)
{
    if (!value.isEmpty() && list.size() < kMaxDistinct && !list.contains(value))
        list << value;
}

// Groups the hits of every block, in file order, into findings.
class Collector
{
public:
    Collector(const Matcher &matcher, const ScanOptions &options, Analysis &analysis)
        : m_matcher(matcher)
        , m_options(options)
        , m_analysis(analysis)
    {}

    void startFile(int file, const LogInput &input)
    {
        m_file = file;
        m_input = &input;
        m_lineBase = 1;
        m_lastTime = -1;
        m_previousTail.clear();
        m_pendingAfter.clear();
        m_recent.clear();
    }

    void add(const BlockResult &block)
    {
        // Context that ran past the previous block comes from this one's first lines.
        for (const auto &[index, line] : std::as_const(m_pendingAfter)) {
            Occurrence &first = m_analysis.findings[index].first;
            if (first.file != m_file || first.line != line)
                continue;
            for (const QString &text : block.head) {
                if (first.after.size() >= m_options.context)
                    break;
                first.after << text;
            }
        }
        m_pendingAfter.clear();

        for (const BlockHit &hit : block.hits) {
            Occurrence occurrence = hit.occurrence;
            occurrence.file = m_file;
            occurrence.line = m_lineBase + hit.relLine;
            placeYearless(occurrence.info, occurrence.lines.value(0));
            if (occurrence.info.time < 0)
                occurrence.info.time = m_lastTime;
            placeOnInput(occurrence.info);
            if (hit.missingBefore > 0) {
                // The block's overlap already holds the previous block's last lines: take those before it.
                const QStringList previous
                    = m_previousTail.mid(0, std::max<qsizetype>(0, m_previousTail.size() - block.overlapLines));
                const QStringList earlier = previous.mid(std::max<qsizetype>(0, previous.size() - hit.missingBefore));
                occurrence.before = earlier + occurrence.before;
            }
            place(hit, std::move(occurrence));
        }
        for (const BlockErrorLine &hit : block.errorLines)
            placeErrorLine(hit);
        m_lineBase += block.newlines;
        if (block.lastTime >= 0)
            m_lastTime = block.lastTime;
        if (!block.tail.isEmpty())
            m_previousTail = block.tail;
    }

    qint64 lines() const { return m_lineBase - 1; }

    // A finding first seen in this file on a line with no time, and none above it, happened before the file
    // was last written (a process that failed stops writing): placed there, and said so, it can still be
    // ordered against the other nodes' lines.
    void finishFile()
    {
        if (m_input->lastWrittenMs < 0)
            return;
        const qint64 bound = m_lastTime >= 0 ? std::min(m_lastTime, m_input->lastWrittenMs) : m_input->lastWrittenMs;
        for (Finding &finding : m_analysis.findings)
            if (finding.first.file == m_file && finding.first.info.time < 0) {
                finding.first.info.time = bound - m_input->clockAheadMs;
                finding.first.info.timeIsBound = true;
            }
    }

private:
    // What the input says of where its lines come from fills what a line does not say, and its clock
    // offset puts the line's time on the timeline.
    // A line's own time without a year comes before a time found in the lines above it.
    void placeYearless(LineInfo &info, const QString &shown) const
    {
        if (m_input->lastWrittenMs < 0 || shown.isEmpty())
            return;
        const QByteArray text = shown.left(200).toUtf8();
        const std::string_view view(text.constData(), size_t(text.size()));
        if (parseTime(view) >= 0)
            return;
        if (const qint64 t = parseYearlessTime(view, m_input->lastWrittenMs); t >= 0)
            info.time = t;
    }

    void placeOnInput(LineInfo &info) const
    {
        if (info.node.isEmpty())
            info.node = m_input->node;
        if (info.pid.isEmpty())
            info.pid = m_input->pid;
        if (info.actor.isEmpty())
            info.actor = m_input->actor;
        if (info.rank.isEmpty())
            info.rank = m_input->rank;
        if (info.time >= 0)
            info.time -= m_input->clockAheadMs;
    }

    void placeErrorLine(const BlockErrorLine &hit)
    {
        const auto found = m_errorGroups.constFind(hit.line.shape);
        if (found == m_errorGroups.constEnd()) {
            if (m_analysis.errorLines.size() >= kMaxErrorGroups) {
                m_analysis.errorLinesNotKept += hit.count;
                return;
            }
            ErrorLine line = hit.line;
            line.file = m_file;
            line.line = m_lineBase + hit.line.line;
            placeYearless(line.info, line.text);
            if (line.info.time < 0)
                line.info.time = m_lastTime;
            placeOnInput(line.info);
            line.count = hit.count;
            addDistinct(line.ranks, line.info.rank);
            addDistinct(line.nodes, line.info.node);
            m_errorGroups.insert(line.shape, m_analysis.errorLines.size());
            m_analysis.errorLines << std::move(line);
            return;
        }
        ErrorLine &line = m_analysis.errorLines[*found];
        line.count += hit.count;
        LineInfo info = hit.line.info;
        placeOnInput(info);
        addDistinct(line.ranks, info.rank);
        addDistinct(line.nodes, info.node);
        if (line.frames.isEmpty() && !hit.line.frames.isEmpty())
            line.frames = hit.line.frames; // a traceback the first block cut off
    }

    void place(const BlockHit &hit, Occurrence occurrence)
    {
        const IndicationRef &ref = m_matcher.indications()[static_cast<size_t>(hit.indication)];
        const qint64 weight = std::max<qint64>(1, occurrence.info.repeated);
        const auto key = qMakePair(ref.entry, hit.fingerprint);
        qsizetype index = m_groups.value(key, -1);
        // One error, one finding: the lines around an error repeat it in other words (the exception,
        // the runtime's error code, the plog line), so a hit of the same entry a few lines after the
        // last one in the same file belongs to that finding whatever its text.
        const auto recent = m_recent.constFind(ref.entry);
        if (index < 0 && recent != m_recent.constEnd() && occurrence.line <= recent->first + kSameErrorLines)
            index = recent->second;
        if (index < 0 && m_groupsPerEntry.value(ref.entry) >= m_options.maxGroupsPerEntry)
            index = m_firstFinding.value(ref.entry); // too many distinct texts: count them in the first
        const qint64 lastLine = occurrence.lastLine();
        if (index < 0) {
            Finding finding;
            finding.entry = ref.entry;
            finding.indication = ref.indication;
            finding.fingerprint = hit.fingerprint;
            finding.count = weight;
            addDistinct(finding.ranks, occurrence.info.rank);
            addDistinct(finding.nodes, occurrence.info.node);
            finding.seenAt.append({m_file, occurrence.line});
            finding.first = std::move(occurrence);
            index = m_analysis.findings.size();
            m_analysis.findings << std::move(finding);
            m_groups.insert(key, index);
            m_recent.insert(ref.entry, {lastLine, index});
            if (m_groupsPerEntry[ref.entry]++ == 0)
                m_firstFinding.insert(ref.entry, index);
            if (hit.missingAfter > 0)
                m_pendingAfter.append({index, m_analysis.findings.at(index).first.line});
            return;
        }
        Finding &finding = m_analysis.findings[index];
        m_recent.insert(ref.entry, {lastLine, index});
        finding.count += weight;
        addDistinct(finding.ranks, occurrence.info.rank);
        addDistinct(finding.nodes, occurrence.info.node);
        if (finding.seenAt.size() < kMaxSeenAt)
            finding.seenAt.append({m_file, occurrence.line});
        // Another file may have seen it earlier in time.
        const qint64 time = occurrence.info.time;
        if (!occurrence.lines.isEmpty() && occurrence.file != finding.first.file && time >= 0
            && (finding.first.info.time < 0 || time < finding.first.info.time)) {
            finding.indication = ref.indication;
            finding.first = std::move(occurrence);
            if (hit.missingAfter > 0)
                m_pendingAfter.append({index, finding.first.line});
        }
    }

    const Matcher &m_matcher;
    const ScanOptions &m_options;
    Analysis &m_analysis;
    QHash<QPair<int, QString>, qsizetype> m_groups; // (entry, fingerprint) → finding
    QHash<quint64, qsizetype> m_errorGroups;        // shape → error line
    QHash<int, QPair<qint64, qsizetype>> m_recent;  // entry → (last line, finding) in this file
    QHash<int, int> m_groupsPerEntry;
    QHash<int, qsizetype> m_firstFinding; // entry → its first finding
    int m_file = 0;
    const LogInput *m_input = nullptr;
    qint64 m_lineBase = 1;
    qint64 m_lastTime = -1;
    QStringList m_previousTail;
    QList<QPair<qsizetype, qint64>> m_pendingAfter; // (finding, its first line) still missing context
};

// Fills `block` with the next run of whole lines after `overlap` (the previous block's last lines,
// for multi-line rules). False at the end of the input.
class Blocker
{
public:
    Blocker(Reader &reader, qint64 blockBytes, int overlapLines)
        : m_reader(reader)
        , m_blockBytes(blockBytes)
        , m_overlapLines(overlapLines)
    {}

    // `block` may hold an earlier block's buffer: its memory is reused, which spares the page faults
    // of a fresh allocation (a tenth of the scan's time).
    Result<bool> next(QByteArray &block, size_t &ownStart)
    {
        if (m_eof && m_carry.isEmpty())
            return false;
        block.resize(0); // keeps the capacity
        block += m_overlap;
        ownStart = static_cast<size_t>(block.size());
        block += m_carry;
        m_carry.clear();
        const qint64 want = static_cast<qint64>(ownStart) + m_blockBytes;
        while (!m_eof && block.size() < want) {
            const qsizetype had = block.size();
            block.resize(want);
            const auto n = m_reader.read(block.data() + had, want - had);
            if (!n)
                return n.error();
            block.resize(had + *n);
            m_eof = *n == 0;
        }
        if (block.size() == static_cast<qsizetype>(ownStart))
            return false;
        if (!m_eof) {
            const qsizetype lastNewline = block.lastIndexOf('\n');
            if (lastNewline >= static_cast<qsizetype>(ownStart)) {
                m_carry = block.mid(lastNewline + 1);
                block.truncate(lastNewline + 1);
            } // else one line longer than a block: it is cut here and goes on in the next block
        }
        m_overlap.clear();
        if (m_overlapLines > 0 && block.endsWith('\n')) {
            qsizetype start = block.size() - 1;
            for (int i = 0; i < m_overlapLines && start > static_cast<qsizetype>(ownStart); ++i)
                start = block.lastIndexOf('\n', start - 1);
            m_overlap = block.mid(std::max(start + 1, static_cast<qsizetype>(ownStart)));
            if (m_overlap.size() > m_blockBytes / 4)
                m_overlap.clear(); // absurdly long lines: multi-line rules give up across this boundary
        }
        return true;
    }

    // The input has been read to its end (the block last returned is the last one).
    bool atEnd() const { return m_eof && m_carry.isEmpty(); }

private:
    Reader &m_reader;
    qint64 m_blockBytes;
    int m_overlapLines;
    QByteArray m_carry;
    QByteArray m_overlap;
    bool m_eof = false;
};

} // namespace

QString Occurrence::capture(const QString &name) const
{
    for (const Capture &capture : captures) {
        if (capture.name == name)
            return capture.value;
    }
    return QString();
}

Result<Analysis> analyze(const QList<LogInput> &inputs,
                         const QList<Entry> &entries,
                         const Matcher &matcher,
                         const ScanOptions &options,
                         const Progress &progress,
                         const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    Analysis analysis;

    // Check everything first, so a missing file is reported before minutes of scanning; open each
    // file only when its turn comes (thousands of rank logs must not exhaust file descriptors).
    qint64 total = 0;
    for (const LogInput &input : inputs) {
        if (auto checked = checkInput(input, options.regularFilesOnly); !checked)
            return checked.error();
        const qint64 size = input.path.isEmpty() ? input.text.size()
            : input.isStdin()                    ? -1
                                                 : QFileInfo(input.path).size();
        total = size < 0 || total < 0 ? -1 : total + size;
        FileStats stats;
        stats.name = input.name();
        stats.pasted = input.path.isEmpty();
        analysis.files << stats;
    }

    const int threads = options.threads > 0 ? options.threads : std::max(1, QThread::idealThreadCount());
    QThreadPool pool;
    pool.setMaxThreadCount(threads);
    const auto window = static_cast<size_t>(threads) * 2;
    Collector collector(matcher, options, analysis);
    const int context = std::max(0, options.context);
    qint64 doneBefore = 0;

    for (qsizetype f = 0; f < inputs.size(); ++f) {
        auto opened = openInput(inputs.at(f), options.regularFilesOnly, options.maxInflateRatio);
        if (!opened)
            return opened.error();
        Reader &reader = **opened;
        analysis.files[f].compressed = reader.compressed();
        collector.startFile(static_cast<int>(f), inputs.at(f));
        Blocker blocker(reader, std::max<qint64>(options.blockBytes, 4096), matcher.maxLines() - 1);
        std::deque<QFuture<BlockResult>> inFlight;
        std::vector<QByteArray> spare; // buffers of blocks already matched
        qint64 textBytes = 0;
        bool endsWithNewline = true;
        const auto drainOne = [&] {
            BlockResult result = inFlight.front().takeResult();
            inFlight.pop_front();
            spare.push_back(std::move(result.buffer));
            collector.add(result);
        };
        for (;;) {
            if (cancel && cancel->load()) {
                for (auto &future : inFlight)
                    future.waitForFinished();
                return Error::runtime(Text::tr("Cancelled."));
            }
            QByteArray block;
            if (!spare.empty()) {
                block = std::move(spare.back());
                spare.pop_back();
            }
            size_t ownStart = 0;
            const auto more = blocker.next(block, ownStart);
            if (!more) {
                for (auto &future : inFlight)
                    future.waitForFinished();
                return more.error();
            }
            if (!*more)
                break;
            // An input that is all in its first block (a pasted excerpt, a short log) has each of its lines
            // located, with or without a level word; a long log, the lines with one.
            const bool everyLine = textBytes == 0 && blocker.atEnd();
            textBytes += block.size() - static_cast<qsizetype>(ownStart);
            endsWithNewline = block.endsWith('\n');
            const ErrorLines errorLines = !options.errorLines ? ErrorLines::None
                : everyLine                                   ? ErrorLines::EveryLine
                                                              : ErrorLines::Marked;
            inFlight.push_back(
                QtConcurrent::run(&pool, [block = std::move(block), ownStart, &matcher, context, errorLines]() mutable {
                    BlockResult result = processBlock(block, ownStart, matcher, context, errorLines);
                    result.buffer = std::move(block);
                    return result;
                }));
            while (inFlight.size() >= window || (!inFlight.empty() && inFlight.front().isFinished()))
                drainOne();
            if (progress)
                progress(doneBefore + reader.rawPosition(), total);
        }
        while (!inFlight.empty())
            drainOne();
        doneBefore += reader.rawPosition();
        FileStats &stats = analysis.files[f];
        stats.bytes = textBytes;
        stats.rawBytes = reader.rawPosition();
        stats.stoppedAtLimit = reader.stoppedAtLimit();
        stats.lines = collector.lines() + (textBytes > 0 && !endsWithNewline ? 1 : 0);
        collector.finishFile();
    }
    if (progress)
        progress(doneBefore, total);
    orderAndLink(analysis, entries);
    analysis.elapsedMs = timer.elapsed();
    return analysis;
}

void orderAndLink(Analysis &analysis, const QList<Entry> &entries)
{
    QList<Finding> &findings = analysis.findings;
    analysis.timeline = !findings.isEmpty()
        && std::all_of(findings.begin(), findings.end(), [](const Finding &f) { return f.first.info.time >= 0; });
    const bool byTime = analysis.timeline;
    std::stable_sort(findings.begin(), findings.end(), [byTime](const Finding &a, const Finding &b) {
        if (byTime && a.first.info.time != b.first.info.time)
            return a.first.info.time < b.first.info.time;
        if (a.first.file != b.first.file)
            return a.first.file < b.first.file;
        return a.first.line < b.first.line;
    });
    // A finding follows from an earlier one the knowledge base says it can follow from, only if it
    // provably came after it: by the times in both lines, or by position in the same file. Lines of
    // different files without times give no order. An informational finding is no one's cause.
    const auto after = [](const Finding &cause, const Finding &effect) {
        const qint64 t0 = cause.first.info.time;
        const qint64 t1 = effect.first.info.time;
        if (t0 >= 0 && t1 >= 0)
            return t0 <= t1;
        return cause.first.file == effect.first.file && cause.first.line < effect.first.line;
    };
    // One process: the same file, or the same pid on the same node (a worker's log and its plog).
    const auto sameProcess = [](const Finding &a, const Finding &b) {
        if (a.first.file == b.first.file)
            return true;
        const LineInfo &x = a.first.info;
        const LineInfo &y = b.first.info;
        return !x.node.isEmpty() && x.node == y.node && !x.pid.isEmpty() && x.pid == y.pid;
    };
    // And only where it can reach: a failure that shows on its own node or rank only is nobody's symptom
    // elsewhere. Where either side does not say, it may be.
    const auto reaches = [](const Finding &cause, const Finding &effect, Reach reach) {
        const auto overlap = [](const QStringList &a, const QStringList &b) {
            return a.isEmpty() || b.isEmpty()
                || std::any_of(a.begin(), a.end(), [&](const QString &x) { return b.contains(x); });
        };
        switch (reach) {
        case Reach::Job:
            return true;
        case Reach::Node:
            return overlap(cause.nodes, effect.nodes);
        case Reach::Rank:
            return overlap(cause.ranks, effect.ranks);
        }
        return true;
    };
    for (qsizetype i = 0; i < findings.size(); ++i) {
        findings[i].symptomOf.clear();
        const Entry &entry = entries.at(findings.at(i).entry);
        // A wrapper ("PTA call acl api failed") and an otherwise unexplained code are printed before
        // or after the fault they carry: they follow from it in either order.
        const bool anyOrder = entry.wrapper || entry.findsAnyCode();
        for (qsizetype j = 0; j < (anyOrder ? findings.size() : i); ++j) {
            const Entry &earlier = entries.at(findings.at(j).entry);
            // Two findings are never each other's symptom (a knowledge base may say both lead to each other).
            // Printed before the fault it carries only by the process that met the fault.
            const bool ordered = after(findings.at(j), findings.at(i));
            if (j != i && findings.at(j).symptomOf != entry.id && earlier.leadsTo.contains(entry.id)
                && (ordered || (anyOrder && sameProcess(findings.at(j), findings.at(i))))
                && reaches(findings.at(j), findings.at(i), entry.reach)
                && (earlier.severity != Severity::Info || entry.severity == Severity::Info)) {
                findings[i].symptomOf = earlier.id;
                break;
            }
        }
    }
}

} // namespace vna::logscan
