// One file to attach to an issue: how the evidence was collected, where the failure began (or where the run
// stopped), the analyzer's report, the windows of the logs the findings cite with their lines as numbered on
// the nodes, and each node's versions and npu-smi table. Secrets are masked as the environment report
// masks them (NAME=VALUE with a secret-like name, credentials in URLs, bearer tokens).
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include "collect/timeline.h"

namespace vna::collect {

// The line with every NAME=VALUE / NAME: VALUE whose name looks secret masked, and credentials in URLs.
QString maskSecrets(const QString &line);

QByteArray bundleText(const Collection &collection,
                      const ClusterAnalysis &result,
                      const QList<logscan::Entry> &entries,
                      const QString &language,
                      const QString &how);

} // namespace vna::collect
