// Host lists in ClusterShell nodeset syntax (node[01-16], rack[1-2]n[01-04], "a,b!c&d^e"), hostfiles,
// and folding a list back into the short form for display. Shared by every tool that runs on nodes.
#pragma once

#include <QStringList>

#include "common/result.h"

namespace vna::ssh {

// More hosts than this is a typo (node[1-1000000]), not a cluster.
inline constexpr qsizetype kMaxHosts = 100000;

// Expands a nodeset: items separated by "," (union), "!" (difference), "&" (intersection) and
// "^" (symmetric difference), read left to right without precedence, as ClusterShell does. Each item
// is a name with bracketed range sets: [1-5], [01-16] (padding kept), [0-10/2], [1,3,7-9]. Several
// groups multiply (rack[1-2]n[1-2] -> rack1n1 rack1n2 rack2n1 rack2n2). Order of first appearance is
// kept and duplicates are dropped. Errors name the offending text and its offset.
Result<QStringList> expandNodeset(const QString &spec);

// One host or nodeset per line; blank lines and "#" comments are ignored. `where` names the file in
// errors; positions are line numbers.
Result<QStringList> parseHostFile(const QString &text, const QString &where);

// The short form: node01 node02 node03 node05 -> node[01-03,05]. Names are grouped by everything
// around their last number; groups keep the order of their first member.
QString foldNodeset(const QStringList &hosts);

} // namespace vna::ssh
