// Stage 4b of a sync: the commit's leftovers. A run switches its files into place through a journal
// (nodescript.cpp); these finish what a run cut short left, and clear the temporary files of runs
// that died.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "ckptsync/options.h"
#include "ckptsync/preflight.h"

namespace vna::ckptsync {

// Completes, under each node's lock, the switches a sync cut short left in its journal; returns the
// nodes where that was done. Preflight those nodes again afterwards: their files changed.
QStringList completeInterrupted(const Options &options, const QList<NodeState> &nodes);

// Removes the temporary files of dead runs that the preflight found, on nodes no run holds; returns
// how many went, per node.
QMap<QString, int> removeStaleTemps(const Options &options, const QList<NodeState> &nodes);

} // namespace vna::ckptsync
