// The error and warning lines of a log, whatever their words: a Python exception's last line, a logger
// line at WARNING or above, a warnings.warn line, a torch C++ warning. Found on the way through every
// block (the matcher's prefilter names the lines that hold a level word), grouped by their shape (the
// line without its numbers), so a warning printed a million times is one group with a count; the
// traceback above an exception is kept with it. Where each group was raised is told afterwards
// (logscan/located.h), from the upstream indexes.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <QList>
#include <QString>

#include "logscan/lineinfo.h"
#include "logscan/located.h"
#include "upstream/locate.h"

namespace vna::logscan {

enum class LineLevel : std::uint8_t { None, Warning, Error };

// The level a line says it has; None for everything else (INFO lines, metrics with "error=0" …).
LineLevel lineLevel(std::string_view line);

// The literals one of which every line lineLevel() does not call None holds (case-sensitive), for the
// matcher's prefilter.
const std::vector<std::string> &levelMarkers();

// The line's shape: a hash of it without Ray's prefix, digits and hexadecimal numbers.
quint64 lineShape(std::string_view line);

// The frames of the Python traceback that ends just above `end` (the exception's line) in `block`: read
// backwards to its "Traceback (most recent call last):" (at most kMaxTracebackLines lines), keeping the
// frames of lines with the same Ray prefix as the exception's. Outermost first, as Python prints them.
QList<upstream::Frame> tracebackAbove(std::string_view block, size_t end, std::string_view exceptionLine);
constexpr int kMaxTracebackLines = 400;

struct ErrorLine
{
    // None: a line without a level word, from an input short enough to look at every line; locate()
    // keeps it, with its message's level, only when it finds where it was raised.
    LineLevel level = LineLevel::None;
    int file = 0;
    qint64 line = 0; // 1-based, the first occurrence
    QString text;    // as shown
    LineInfo info;
    quint64 shape = 0;
    qint64 count = 0;
    QStringList ranks;
    QStringList nodes;
    QList<upstream::Frame> frames;
    Located located; // where it was raised, and suspect fixes (filled by locate())
};

} // namespace vna::logscan
