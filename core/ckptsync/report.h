// Stage 5 of a sync: what is left of a run. The JSON of the plan and the results, the audit record,
// and the equivalent scripts (ssh loop, clush, pdcp, post-save hook) for users who run their own.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include "ckptsync/options.h"
#include "ckptsync/plan.h"
#include "ckptsync/source.h"
#include "ckptsync/transfer.h"
#include "common/result.h"

namespace vna::ckptsync {

// Bash: an ssh loop; Clush/Pdcp: their copy commands; Hook: a post-save script that runs `sync`.
enum class ScriptKind { Bash, Clush, Pdcp, Hook };
Result<ScriptKind> parseScriptKind(const QString &word);
QString exportScript(ScriptKind kind, const Options &options, const SourceData &source);

QJsonObject toJson(const QList<PlanItem> &plan, const QList<NodeResult> &results);
// Appends the run to <app data>/sync-audit.jsonl and, for a local source, <root>/.verl-npu-assistant-sync.jsonl.
Status writeAudit(const Options &options, const QList<PlanItem> &plan, const QList<NodeResult> &results);
QString auditFile();

} // namespace vna::ckptsync
