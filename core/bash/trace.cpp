#include "trace.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace vna::shell {

namespace {

// How many characters of the line are PS4 ("+", "++", … then one blank), 0 when it is not a trace line.
qsizetype traceMarker(QStringView line)
{
    qsizetype plus = 0;
    while (plus < line.size() && line[plus] == u'+')
        ++plus;
    if (plus == 0 || plus >= line.size() - 1 || line[plus] != u' ' || line[plus + 1].isSpace())
        return 0;
    return plus + 1;
}

// Whether a line of the trace leaves a single quote open: bash quotes a word holding a newline as
// '…' over several lines, and writes a quote inside one as '\''.
bool opensQuote(QStringView line, bool open)
{
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (open) {
            open = line[i] != u'\'';
            continue;
        }
        if (line[i] == u'\\')
            ++i;
        else if (line[i] == u'\'')
            open = true;
    }
    return open;
}

} // namespace

Untraced untrace(const QString &text)
{
    const QStringList lines = text.split(u'\n');
    qsizetype traced = 0;
    for (const QString &line : lines)
        traced += traceMarker(line) > 0 ? 1 : 0;
    if (traced == 0)
        return {text, 0};

    QStringList kept;
    kept.reserve(lines.size());
    bool inQuote = false;
    for (const QString &line : lines) {
        if (inQuote) {
            kept << line;
            inQuote = opensQuote(line, true);
            continue;
        }
        const qsizetype marker = traceMarker(line);
        if (marker == 0) {
            kept << QString(); // what a program printed between the commands
            continue;
        }
        kept << QString(marker, u' ') + line.mid(marker);
        inQuote = opensQuote(QStringView(line).mid(marker), false);
    }
    return {kept.join(u'\n'), traced};
}

} // namespace vna::shell
