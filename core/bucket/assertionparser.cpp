#include "assertionparser.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::bucket {

namespace {

// Lines scanned together, and how many of them are kept for the next window so a message wrapped
// over several lines is seen whole.
constexpr qsizetype kWindow = 2000;
constexpr qsizetype kOverlap = 40;

// Ray prefixes every line of a worker's output: "(WorkerDict pid=1234, ip=10.0.0.2) ".
const QRegularExpression &rayPrefix()
{
    static const QRegularExpression re(u"^\\s*\\((?:[\\w.:-]+\\s+)?pid=\\d+(?:,\\s*ip=[0-9a-fA-F.:]+)?\\)\\s?"_s);
    return re;
}

// Matched against the text with all whitespace removed, which undoes any wrapping and the
// missing space in "bucket.Please increase". A tensor name is a dotted identifier: the FAQ's own
// heading ("Weight ... is too large …") pasted above the message must not become part of it.
const QRegularExpression &assertionPattern()
{
    static const QRegularExpression re(
        u"Weight(?<name>[\\w.:/-]+?)\\((?:torch\\.Size\\()?\\[(?<dims>[\\d,]*)\\]\\)?,(?:torch\\.)?(?<dtype>\\w+)\\)"
        u"istoolargetofitinthebucket\\.?(?:Pleaseincrease(?<key>[\\w.]+)\\((?<mib>\\d+)MB\\))?"_s);
    return re;
}

const QString kMention = u"toolargetofitinthebucket"_s;

} // namespace

void AssertionScanner::addLine(const QString &line)
{
    m_lines.append(line);
    if (m_lines.size() >= kWindow)
        scan(false);
}

void AssertionScanner::scan(bool final)
{
    // Compact the window: no whitespace, with the line of every kept character.
    QString compact;
    QList<qsizetype> lineOf;
    for (qsizetype i = 0; i < m_lines.size(); ++i) {
        const QString &line = m_lines.at(i);
        const auto prefix = rayPrefix().match(line);
        for (qsizetype c = prefix.hasMatch() ? prefix.capturedLength() : 0; c < line.size(); ++c) {
            if (!line.at(c).isSpace()) {
                compact.append(line.at(c));
                lineOf.append(i);
            }
        }
    }
    // Matches starting in the overlap are left for the next window, which sees them whole.
    const qsizetype keepFrom = final ? m_lines.size() : m_lines.size() - kOverlap;

    auto it = assertionPattern().globalMatch(compact);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const qsizetype lineIndex = lineOf.at(match.capturedStart());
        if (lineIndex >= keepFrom)
            continue;
        const qsizetype lineNumber = m_firstLine + lineIndex;
        const auto shape = parseShape(u'[' + match.captured(u"dims") + u']', u"message"_s);
        const auto dtype = parseDType(match.captured(u"dtype"), u"message"_s);
        const auto tensor
            = (shape && dtype) ? makeTensor(match.captured(u"name"), *shape, *dtype) : Result<Tensor>(Error());
        if (!tensor) {
            if (m_unreadableLine == 0)
                m_unreadableLine = lineNumber;
            continue;
        }
        AssertionMatch found{*tensor, std::nullopt, match.captured(u"key"), lineNumber, 1};
        if (match.hasCaptured(u"mib") && !match.captured(u"mib").isEmpty())
            found.bucketMiB = match.captured(u"mib").toULongLong();
        const auto same = std::find_if(m_matches.begin(), m_matches.end(), [&found](const AssertionMatch &m) {
            return m.tensor.name == found.tensor.name && m.tensor.shape == found.tensor.shape
                && m.tensor.dtype == found.tensor.dtype && m.bucketMiB == found.bucketMiB;
        });
        if (same != m_matches.end())
            ++same->occurrences;
        else
            m_matches.append(found);
    }

    // Remember a mention we could not read, to say where it was.
    if (m_unreadableLine == 0) {
        for (qsizetype at = compact.indexOf(kMention); at >= 0; at = compact.indexOf(kMention, at + 1)) {
            const qsizetype lineIndex = lineOf.at(at);
            if (lineIndex >= keepFrom)
                break;
            const bool read = std::any_of(m_matches.begin(), m_matches.end(), [&](const AssertionMatch &m) {
                return m.line <= m_firstLine + lineIndex && m_firstLine + lineIndex <= m.line + kOverlap;
            });
            if (!read) {
                m_unreadableLine = m_firstLine + lineIndex;
                break;
            }
        }
    }

    if (!final) {
        const qsizetype drop = m_lines.size() - kOverlap;
        m_lines.remove(0, drop);
        m_firstLine += drop;
    }
}

Result<QList<AssertionMatch>> AssertionScanner::finish()
{
    scan(true);
    m_lines.clear();
    if (m_matches.isEmpty()) {
        if (m_unreadableLine > 0) {
            return Error::input(
                QCoreApplication::translate("Bucket",
                                            "Line %1 mentions \"too large to fit in the bucket\", but the tensor's "
                                            "shape and data type could not be read. Paste the whole message, "
                                            "starting at \"Weight\".")
                    .arg(m_unreadableLine),
                QString(), m_unreadableLine);
        }
        return Error::input(QCoreApplication::translate(
            "Bucket",
            "No \"Weight … is too large to fit in the bucket\" message found. Paste the AssertionError "
            "line from the training log."));
    }
    std::stable_sort(m_matches.begin(), m_matches.end(),
                     [](const AssertionMatch &a, const AssertionMatch &b) { return a.tensor.bytes > b.tensor.bytes; });
    return m_matches;
}

Result<QList<AssertionMatch>> parseAssertions(const QString &text)
{
    AssertionScanner scanner;
    qsizetype start = 0;
    while (start <= text.size()) {
        qsizetype end = text.indexOf(u'\n', start);
        if (end < 0)
            end = text.size();
        scanner.addLine(text.mid(start, end - start));
        start = end + 1;
    }
    return scanner.finish();
}

Result<QList<AssertionMatch>> scanAssertionFile(const QString &path, const std::atomic_bool *cancel)
{
    QFile file;
    if (path == u"-") {
        if (!file.open(stdin, QIODevice::ReadOnly))
            return Error::runtime(QCoreApplication::translate("Bucket", "Cannot read standard input."));
    } else {
        file.setFileName(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return Error::input(
                QCoreApplication::translate("Bucket", "Cannot read %1: %2").arg(path, file.errorString()), path);
        }
    }
    AssertionScanner scanner;
    qint64 lines = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        if (line.isEmpty() && file.error() != QFile::NoError) {
            return Error::runtime(
                QCoreApplication::translate("Bucket", "Cannot read %1: %2").arg(path, file.errorString()), path);
        }
        if (cancel && (++lines % 4096) == 0 && cancel->load())
            return Error::runtime(QCoreApplication::translate("Bucket", "Reading %1 was cancelled.").arg(path), path);
        scanner.addLine(QString::fromUtf8(line));
    }
    return scanner.finish();
}

} // namespace vna::bucket
