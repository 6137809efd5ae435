// Where a log line was written: the upstream message whose literal text the line holds, in order, with
// the values between, and the releases whose code has that message — so a line that no knowledge-base
// entry explains still says "raised by verl/workers/engine/fsdp/utils.py:35 in apply_npu_fsdp_patches".
// And the frames of a Python traceback, which place the failure in the same files.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include "upstream/index.h"

namespace vna::upstream {

// One frame of a Python traceback: File "PATH", line N, in FUNCTION.
struct Frame
{
    QString path; // as the log shows it
    int line = 0;
    QString function;
    QString code; // the source line Python prints under it, when the log has it
};

// `File "…", line N, in f` (a Python frame line, with or without a Ray prefix); nullopt otherwise.
std::optional<Frame> parseFrame(QStringView line);

struct Location
{
    QString component;
    int message = -1;   // into ComponentIndex::messages
    int site = -1;      // into Message::sites
    QStringList values; // what the line holds where the message has a value
    int literalChars = 0;
    bool typeMatches = false; // the line names the message's exception type before it
    ReleaseSet releases;      // the releases that have this message at this site
};

class Locator
{
public:
    // Reads the messages of every component `upstream` has (loading them if they are not yet).
    explicit Locator(Upstream &upstream);

    // The messages the line holds, best first: the most literal text matched, then a matching exception
    // type; only the best are returned (several when they tie, e.g. a message raised at two places).
    // Empty when no message's text is there, or only a little of it (a generic "… is not supported").
    QList<Location> locate(QStringView line) const;

    Upstream &upstream() const { return *m_upstream; }
    const ComponentIndex *index(const QString &component) const;

private:
    struct Probe
    {
        const ComponentIndex *index = nullptr;
        int message = 0;
        // UTF-8, one line of the message (a message with "\n" gives a probe per line): views into the
        // message's pattern, or into `own` where the pattern's text had to be changed (escaped braces)
        std::vector<std::string_view> pieces;
        std::shared_ptr<std::vector<QByteArray>> own;
        int literalChars = 0;
    };
    Upstream *m_upstream;
    QList<const ComponentIndex *> m_indexes;
    std::vector<Probe> m_probes;
    QHash<QByteArray, std::vector<int>> m_byWord; // each probe under its longest word
};

// The words a locator keys messages by: letters, digits and "_", at least three characters.
QStringList messageWords(QStringView text);

} // namespace vna::upstream
