#include "lineinfo.h"

#include <QDateTime>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

const QRegularExpression &rayPrefix()
{
    // (WorkerDict pid=1234, ip=10.0.0.2)  (TaskRunner pid=99)  (pid=77)  (raylet, ip=10.0.0.3)
    static const QRegularExpression re(
        u"^\\s*\\((?:([A-Za-z_][\\w.\\-]*)(?![\\w.\\-=])\\s*,?\\s*)?(?:pid=(\\w+))?\\s*,?\\s*(?:ip=([0-9A-Fa-f.:]+))?[^)]*\\)\\s*"_s);
    return re;
}

const QRegularExpression &repeatedMarker()
{
    static const QRegularExpression re(u"\\s*\\[repeated (\\d+)x across cluster\\]"_s);
    return re;
}

const QRegularExpression &rankMarker()
{
    static const QRegularExpression re(u"\\[rank(\\d+)\\]:\\s*|RankID:(\\d+)"_s);
    return re;
}

const QRegularExpression &timestamp()
{
    static const QRegularExpression re(
        u"(\\d{4})-(\\d{2})-(\\d{2})[-T ](\\d{2}):(\\d{2}):(\\d{2})(?:[.,](\\d{1,6}))?(?:[.:]\\d+)*"_s);
    return re;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
qint64 daysFromCivil(qint64 y, qint64 m, qint64 d)
{
    y -= m <= 2 ? 1 : 0;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

} // namespace

QString undecorated(QString text)
{
    if (const auto match = rayPrefix().match(text);
        match.hasMatch() && (match.capturedLength(2) > 0 || match.capturedLength(3) > 0))
        text.remove(0, match.capturedLength(0));
    text.remove(repeatedMarker());
    text.remove(rankMarker());
    return text;
}

namespace {} // namespace

QString displayText(std::string_view line)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    QString text = QString::fromUtf8(line.data(), static_cast<qsizetype>(line.size()));
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\x1b' && i + 1 < text.size() && text.at(i + 1) == u'[') {
            // A terminal colour: ESC [ digits/semicolons letter.
            qsizetype j = i + 2;
            while (j < text.size() && (text.at(j).isDigit() || text.at(j) == u';'))
                ++j;
            if (j < text.size() && text.at(j).isLetter()) {
                i = j;
                continue;
            }
        }
        if (c == u'\t')
            out += u' ';
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QChar(0x2400 + (c.unicode() == 0x7f ? 0x21 : c.unicode())); // ␀ ␁ … ␡
        else
            out += c;
    }
    return out;
}

qint64 parseTime(std::string_view line)
{
    // Only the first 200 bytes: a time stamp leads a line, and long lines stay cheap.
    const QString head = QString::fromLatin1(line.data(), static_cast<qsizetype>(std::min<size_t>(line.size(), 200)));
    const auto match = timestamp().match(head);
    if (!match.hasMatch())
        return -1;
    const auto n = [&](int group) { return match.capturedView(group).toLongLong(); };
    const qint64 month = n(2);
    const qint64 day = n(3);
    if (month < 1 || month > 12 || day < 1 || day > 31 || n(4) > 23 || n(5) > 59 || n(6) > 60)
        return -1;
    qint64 ms = 0;
    if (match.capturedLength(7) > 0) {
        QString fraction = match.captured(7).left(3);
        while (fraction.size() < 3)
            fraction += u'0';
        ms = fraction.toLongLong();
    }
    return ((daysFromCivil(n(1), month, day) * 24 + n(4)) * 60 + n(5)) * 60000 + n(6) * 1000 + ms;
}

qint64 parseYearlessTime(std::string_view line, qint64 writtenMs)
{
    if (writtenMs < 0)
        return -1;
    // glog and torch's c10 logging: "E1207 10:42:05.428029551" at the start or after "[" ("[rank0]:[E1207 …");
    // c10 does not pad the month ("[E324 13:00:25…" is March 24), the day always has two digits.
    static const QRegularExpression glog(uR"((?:^|\[)[IWEF](\d{1,2})(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?)"_s);
    const QString head = QString::fromLatin1(line.data(), static_cast<qsizetype>(std::min<size_t>(line.size(), 200)));
    const auto match = glog.match(head);
    if (!match.hasMatch())
        return -1;
    const auto n = [&](int group) { return match.capturedView(group).toLongLong(); };
    const qint64 month = n(1);
    const qint64 day = n(2);
    if (month < 1 || month > 12 || day < 1 || day > 31 || n(3) > 23 || n(4) > 59 || n(5) > 60)
        return -1;
    // The year of the file's last write, or the one before for a day after it (a line of December in a log
    // last written in January): nothing is written after the file's last write.
    const QDate written = QDateTime::fromMSecsSinceEpoch(writtenMs, Qt::UTC).date();
    const qint64 writtenDays = daysFromCivil(written.year(), written.month(), written.day());
    const qint64 year = written.year() - (daysFromCivil(written.year(), month, day) > writtenDays + 1 ? 1 : 0);
    const qint64 ms = match.capturedLength(6) > 0 ? QString(match.captured(6) + u"00"_s).left(3).toLongLong() : 0;
    return ((daysFromCivil(year, month, day) * 24 + n(3)) * 60 + n(4)) * 60000 + n(5) * 1000 + ms;
}

LineInfo describeLine(std::string_view line)
{
    LineInfo info;
    const QString text = displayText(line.substr(0, std::min<size_t>(line.size(), 4096)));
    if (const auto match = rayPrefix().match(text);
        match.hasMatch() && (match.capturedLength(2) > 0 || match.capturedLength(3) > 0)) {
        info.actor = match.captured(1);
        info.pid = match.captured(2);
        info.node = match.captured(3);
    }
    if (const auto match = repeatedMarker().match(text); match.hasMatch())
        info.repeated = match.captured(1).toLongLong();
    if (const auto match = rankMarker().match(text); match.hasMatch())
        info.rank = match.captured(1).isEmpty() ? match.captured(2) : match.captured(1);
    if (info.pid.isEmpty()) {
        static const QRegularExpression cannPid(u"\\(PID:\\s*(\\d+)|\\[PID:\\s*(\\d+)\\]"_s);
        if (const auto match = cannPid.match(text); match.hasMatch())
            info.pid = match.captured(1).isEmpty() ? match.captured(2) : match.captured(1);
    }
    info.time = parseTime(line);
    return info;
}

QString fingerprint(std::string_view line)
{
    static const QRegularExpression variable(u"0x[0-9A-Fa-f]+|(?:/[^\\s'\"`:,;()\\[\\]]+)+|\\d+"_s);
    QString text = undecorated(displayText(line.substr(0, std::min<size_t>(line.size(), 4096))));
    text.replace(timestamp(), u"#"_s);
    text.replace(variable, u"#"_s);
    return text.simplified();
}

QString searchText(std::string_view line)
{
    static const QRegularExpression noise(
        u"\\(PID:[^)]*\\)|\\[PID:[^\\]]*\\]|\\[[\\w./-]+\\.(?:cc|cpp|py|h):\\d+\\]|0x[0-9A-Fa-f]+|"
        u"(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}|\\d+(?:\\.\\d+){3}(?::\\d+)?|(?:/[^\\s'\"`:,;()\\[\\]]+)+|"
        u"\\b\\d+\\b|\\[\\d+\\]"_s);
    static const QRegularExpression leadingLevel(u"^\\s*\\[?(?:ERROR|WARNING|WARN|INFO|DEBUG)\\]?\\s*"_s);
    QString text = undecorated(displayText(line.substr(0, std::min<size_t>(line.size(), 4096))));
    text.remove(timestamp());
    text.remove(noise);
    text.remove(leadingLevel);
    text = text.simplified();
    static const QRegularExpression emptyBrackets(u"\\(\\s*[,\\s]*\\)|\\[\\s*[,\\s]*\\]|'\\s*'"_s);
    text.remove(emptyBrackets);
    text = text.simplified();
    if (text.size() > 200)
        text = text.left(200);
    return text;
}

} // namespace vna::logscan
