// Finds verl's "Weight … is too large to fit in the bucket" assertions in pasted text or a whole log,
// however the message was wrapped, prefixed by Ray or glued to the next sentence.
#pragma once

#include <atomic>
#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "bucket/tensor.h"
#include "common/result.h"

namespace vna::bucket {

struct AssertionMatch
{
    Tensor tensor;                    // as the message reports it (its dtype is what was sent)
    std::optional<quint64> bucketMiB; // "(2048 MB)" when the message has it
    QString keyNamed;                 // the key the message says to increase
    qsizetype line = 0;               // 1-based line where "Weight" starts
    int occurrences = 1;              // the same message from other ranks
};

// Feeds lines one at a time so a log of any size is scanned in bounded memory.
class AssertionScanner final
{
public:
    void addLine(const QString &line);
    // All distinct assertions, largest tensor first; an error when none could be read.
    Result<QList<AssertionMatch>> finish();

private:
    void scan(bool final);

    QStringList m_lines;       // the current window
    qsizetype m_firstLine = 1; // line number of m_lines.first()
    QList<AssertionMatch> m_matches;
    qsizetype m_unreadableLine = 0; // first line mentioning the bucket that could not be read
};

Result<QList<AssertionMatch>> parseAssertions(const QString &text);
// Streams a file (or standard input for "-") through the scanner, line by line.
Result<QList<AssertionMatch>> scanAssertionFile(const QString &path, const std::atomic_bool *cancel = nullptr);

} // namespace vna::bucket
