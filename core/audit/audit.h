// An audit of a stack: whether the versions a user runs go together, by the pins each release sets in
// its own files (verl's requirements and Ascend guides, vllm-ascend's requirements and images,
// torch_npu's torch pin and Ascend's CANN table); the NPU fixes released since each installed
// component's version, those that match a symptom the user gives first; and the smallest upgrade that
// gets them, with what else it needs or the pin that rules it out. Plain values, for the CLI and the
// window alike.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/verdicts.h"
#include "env/checks.h"
#include "env/stack.h"

namespace vna::upstream {
class Upstream;
}

namespace vna::audit {

// One pin judged against the stack.
struct PinCheck
{
    QString owner;     // what sets it: "verl 0.7.1", "vllm-ascend 0.11.0rc1", "torch_npu 2.7.1"
    QString package;   // pip's canonical name, or "python", "cann"
    QString spec;      // "==3.2.0", ">=3.9", "CANN 8.3"
    QString kind;      // "requirement", "image", "guide", "table"
    QString source;    // "v0.8.0:requirements-npu.txt:21"
    QString installed; // as the stack says; empty: the stack does not say
    Verdict verdict = Verdict::Skip;
    QString note; // translated: a guide or document at the same tag that says otherwise, and which wins
};

struct LackedFix
{
    int pr = 0;
    QString sha;
    QString subject;
    QString release; // the first release after the installed one that has it
    QString url;
    bool symptom = false; // it matches the symptom the user gave
    QStringList reasons;  // symptom: what it has in common with it (translated)
};

// The NPU fixes one installed component lacks.
struct ComponentFixes
{
    QString component; // the index's name: "verl", "vllm-ascend", "torch_npu" …
    QString package;   // the stack's: "torch-npu"
    QString installed;
    QString comparedWith;   // the release of the index compared with (the installed one, or the newest before it)
    int lacking = 0;        // released fixes the installed release lacks
    QString next;           // the next release that has any of them
    int inNext = 0;         // of them, in that release
    QString newest;         // the newest release
    QList<LackedFix> shown; // symptom matches first, then the next release's
};

struct Upgrade
{
    QString package;
    QString from;
    QString to;
    QString why;       // translated
    QStringList needs; // translated: what else must change, each with the pin that says so
    QString blocker;   // translated: the pin that makes it impossible in this environment; empty when none
};

struct ImageAdvice
{
    QString release; // verl's
    QString hardware;
    QString file;
    QString base;
    QString cann;
    QString engine;
    QString source;
    QStringList moving; // translated: what it installs from a moving branch
};

struct Audit
{
    env::Stack stack;
    QList<PinCheck> pins;
    QList<ComponentFixes> fixes;
    QList<Upgrade> upgrades;
    QList<ImageAdvice> images;
    QStringList notChecked; // translated: what the stack does not say, so was not checked
    QString symptom;

    bool breaksPin() const;
    // The pins judged (held, differing or broken), not those on packages the stack does not name.
    int checkedPins() const;
};

// The audit of `stack`; `symptom` (words or a log excerpt, may be empty) orders the fixes.
Audit auditStack(const env::Stack &stack, const QString &symptom, upstream::Upstream &upstream);

QString auditText(const Audit &audit);
QJsonObject auditJson(const Audit &audit);

// The stack a node's environment check read: the Python probe's packages and interpreter, the CANN release
// torch_npu reports (else the active toolkit's), the chips npu-smi shows and the driver.
env::Stack stackOf(const env::Diagnosis &diagnosis);

// The nodes with one stack, and its audit.
struct NodeAudit
{
    QStringList hosts;
    Audit audit;
};
// The nodes just checked, audited once per distinct stack; a node whose Python probe gave no versions is
// left out and named in `skipped`.
QList<NodeAudit> auditNodes(const QList<env::Diagnosis> &diagnoses,
                            const QString &symptom,
                            upstream::Upstream &upstream,
                            QStringList *skipped = nullptr);

// For the environment report (a GitHub issue): each audit's text under a heading naming its nodes, or the
// pasted stack's.
QString auditMarkdown(const QList<NodeAudit> &audits);

} // namespace vna::audit
