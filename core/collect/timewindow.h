// The run's time window: times as users type them, and the collected lines kept between two of them.
#pragma once

#include <QString>

#include "collect/collect.h"
#include "common/result.h"

namespace vna::collect {

// A moment on this machine's clock as a log line here would write it (local time, the zone folded in).
qint64 asWritten(qint64 epochMs);
// The --since cut for the nodes' find: files last written before it (an hour of slack for clocks and zones)
// hold nothing after `sinceAsWritten`. Seconds since 1970.
qint64 filesWrittenSince(qint64 sinceAsWritten);

// A time as typed: "2026-12-07 10:42[:07]", "2026-12-07T10:42:07", or how long ago ("90s", "30m", "2h",
// "1d"). Times of day are read as the logs write them (no zone); `nowAsWritten` is now, read that way.
// Returns milliseconds as written; errors say what was expected.
Result<qint64> parseWhen(const QString &text, qint64 nowAsWritten);
// Keeps only the lines written between the two times (as the logs write them, on the timeline; -1: open);
// a line without a time goes with the line before it.
void keepBetween(Collection &collection, qint64 fromMs, qint64 toMs);

} // namespace vna::collect
