#include "collect/timewindow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QRegularExpression>

#include "logscan/lineinfo.h"

using namespace Qt::StringLiterals;

namespace vna::collect {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Collect)
};

} // namespace

qint64 asWritten(qint64 epochMs)
{
    return epochMs + qint64(QDateTime::fromMSecsSinceEpoch(epochMs).offsetFromUtc()) * 1000;
}

qint64 filesWrittenSince(qint64 sinceAsWritten)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    return (sinceAsWritten - (asWritten(now) - now)) / 1000 - 3600;
}

Result<qint64> parseWhen(const QString &text, qint64 nowAsWritten)
{
    const QString t = text.trimmed();
    static const QRegularExpression ago(uR"(^(\d+)\s*(s|m|h|d)$)"_s);
    if (const auto m = ago.match(t); m.hasMatch()) {
        const qint64 n = m.captured(1).toLongLong();
        const QChar unit = m.captured(2).at(0);
        const qint64 scale = unit == u's' ? 1000 : unit == u'm' ? 60000 : unit == u'h' ? 3600000 : 86400000;
        if (n > 3650LL * 86400000 / scale)
            return Error::input(Text::tr("\"%1\" is too long ago.").arg(t));
        return nowAsWritten - n * scale;
    }
    for (const QString &format : {u"yyyy-MM-dd HH:mm:ss"_s, u"yyyy-MM-ddTHH:mm:ss"_s, u"yyyy-MM-dd HH:mm"_s,
                                  u"yyyy-MM-ddTHH:mm"_s, u"yyyy-MM-dd"_s}) {
        const QDateTime when = QDateTime::fromString(t, format);
        if (when.isValid()) {
            const QDateTime utc(when.date(), when.time(), Qt::UTC);
            return utc.toMSecsSinceEpoch();
        }
    }
    return Error::input(Text::tr("\"%1\" is not a time: write 2026-12-07 10:42, 2026-12-07T10:42:07, or how long "
                                 "ago (90s, 30m, 2h, 1d).")
                            .arg(t));
}

void keepBetween(Collection &collection, qint64 fromMs, qint64 toMs)
{
    if (fromMs < 0 && toMs < 0)
        return;
    for (NodeLogs &node : collection.nodes) {
        const qint64 ahead = collection.aheadOfReference(node);
        for (NodeFile &file : node.answer.files) {
            if (file.text.isEmpty())
                continue;
            const QList<QByteArray> lines = file.text.split('\n');
            QByteArray text;
            QList<qint64> numbers;
            qint64 time = -1;
            bool gap = false;
            for (qsizetype i = 0; i < file.lineNumbers.size() && i < lines.size(); ++i) {
                const QByteArray &line = lines.at(i);
                if (const qint64 t = logscan::parseTime(std::string_view(line.constData(), size_t(line.size())));
                    t >= 0)
                    time = t - ahead;
                const bool keep = file.lineNumbers.at(i) > 0
                    && (time < 0 || ((fromMs < 0 || time >= fromMs) && (toMs < 0 || time <= toMs)));
                if (!keep) {
                    gap = !numbers.isEmpty();
                    continue;
                }
                if (gap || (!numbers.isEmpty() && file.lineNumbers.at(i) > numbers.constLast() + 1)) {
                    text += "\xe2\x80\xa6\n";
                    numbers << 0;
                }
                gap = false;
                text += line + '\n';
                numbers << file.lineNumbers.at(i);
            }
            file.text = text;
            file.lineNumbers = numbers;
        }
    }
}

} // namespace vna::collect
