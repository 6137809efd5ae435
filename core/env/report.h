// Diagnoses rendered for people and programs: JSON (the CLI's --json and the GUI's export), a
// Markdown report to paste into a GitHub issue (raw outputs collapsed), plain text for the terminal,
// and the node × row matrix that shows where nodes differ.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "env/checks.h"

namespace vna::env {

QJsonObject toJson(const QList<Diagnosis> &diagnoses, qint64 elapsedMs);
QString toMarkdown(const QList<Diagnosis> &diagnoses);
QString toText(const QList<Diagnosis> &diagnoses);
// One line over every node: "3 nodes: 1 unreachable (node9), 1 with failures (node2), 1 passed."
QString nodesSummary(const QList<Diagnosis> &diagnoses);
// When the machine has no Ascend NPU at all (no npu-smi, no device), the sentence that says so first,
// before a list of failures that only an NPU node could pass; empty otherwise.
QString notAnNpuNode(const Diagnosis &diagnosis);
// The verl version every node that has verl reports ("0.7.1"), or empty when none has it or the
// nodes differ (the node matrix shows how).
QString installedVerl(const QList<Diagnosis> &diagnoses);

struct MatrixRow
{
    enum class Kind { Check, Version, Variable, Devices };
    Kind kind = Kind::Check;
    QString label;           // check title, version key, variable name
    QStringList cells;       // one per host; "—" when not shown
    QList<Verdict> verdicts; // Kind::Check only
    bool differs = false;
};

struct NodeMatrix
{
    QStringList hosts;
    QList<MatrixRow> rows;
};

NodeMatrix buildMatrix(const QList<Diagnosis> &diagnoses);

} // namespace vna::env
