#include "paste.h"

#include <QRegularExpression>
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

// Markdown fences (```, ```bash) blanked; the backquotes of inline code around the whole command (the
// first character of the text, and a line holding only the closing one) blanked when they are the only
// ones in it.
bool dropMarkdown(QStringList &lines)
{
    static const QRegularExpression fence(u"^\\s*```[A-Za-z0-9_-]*\\s*$"_s);
    bool dropped = false;
    for (QString &line : lines) {
        if (fence.match(line).hasMatch()) {
            line.fill(u' ');
            dropped = true;
        }
    }
    qsizetype backquotes = 0;
    for (const QString &line : std::as_const(lines))
        backquotes += line.count(u'`');
    if (backquotes == 0 || backquotes > 2)
        return dropped;
    qsizetype first = 0;
    while (first < lines.size() && lines[first].trimmed().isEmpty())
        ++first;
    if (first == lines.size())
        return dropped;
    const qsizetype at = lines[first].indexOf(u'`');
    if (at < 0 || !lines[first].left(at).trimmed().isEmpty())
        return dropped; // not the start of the text: a real command substitution
    lines[first][at] = u' ';
    for (qsizetype i = lines.size() - 1; i >= first && backquotes == 2; --i) {
        if (lines[i].trimmed() == u"`") {
            lines[i].fill(u' ');
            break;
        }
        if (!lines[i].trimmed().isEmpty()) {
            // The closing backquote at the end of the last line: `python3 … | tee log`
            if (lines[i].trimmed().endsWith(u'`'))
                lines[i][lines[i].lastIndexOf(u'`')] = u' ';
            break;
        }
    }
    return true;
}

} // namespace

Pasted readPaste(const QString &text)
{
    QStringList lines = text.split(u'\n');
    Pasted pasted;
    pasted.markdown = dropMarkdown(lines);
    // A trace shows the commands that ran: one of them starts a program or sets a variable. Lines that
    // merely begin with "+ " (a diff inside a here-document) do not make a script a trace.
    static const QRegularExpression command(
        u"^(?:(?:python[0-9.]*|torchrun|ray|export|env|nohup|bash|sh)(?:\\s|$)|[A-Za-z_][A-Za-z0-9_]*=)"_s);
    qsizetype traced = 0;
    bool runs = false;
    for (const QString &line : std::as_const(lines)) {
        const qsizetype marker = traceMarker(line);
        traced += marker > 0 ? 1 : 0;
        runs = runs || (marker > 0 && command.match(QStringView(line).mid(marker)).hasMatch());
    }
    if (traced == 0 || !runs) {
        pasted.script = pasted.markdown ? lines.join(u'\n') : text;
        return pasted;
    }

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
    pasted.script = kept.join(u'\n');
    pasted.traceCommands = traced;
    return pasted;
}

} // namespace vna::shell
