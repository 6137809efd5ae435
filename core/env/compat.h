// Which torch_npu goes with which torch, CANN and Python, and the stacks vllm-ascend released: the
// upstream tables (Ascend/pytorch COMPATIBILITY.md, vllm-ascend's versioning policy) kept as a data file
// that scripts/refresh-compat.py writes, each row with the line it came from.
#pragma once

#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

namespace vna::env {

struct CompatSource
{
    QString repo;
    QString path;
    QString commit;
    QString date;
    // "Ascend/pytorch@bcfb2c8:COMPATIBILITY.md:22"
    QString cite(int line) const;
};

struct TorchNpuRow
{
    QString torchNpu;
    QString torch;
    QString cann;
    QString branch;
    int line = 0;
    bool historical = false; // in the collapsed "history (EOL included)" part
};

struct PythonRow
{
    QString torch;
    QStringList python; // "3.10", "3.11", …
    int line = 0;
};

struct VllmAscendRow
{
    QString vllmAscend;
    QStringList vllm; // one row may name two vLLM releases
    QString python;   // ">= 3.10, < 3.13"
    QString cann;
    QString torch;
    QString torchNpu;
    QString tritonAscend; // empty: none
    int line = 0;
};

struct CompatData
{
    CompatSource ascend;
    CompatSource vllmAscend;
    QList<TorchNpuRow> torchNpu;
    QList<PythonRow> python;
    QList<VllmAscendRow> vllmAscendRows;
};

// Loaded once from :/data/torch-npu-compat.json; empty (and logged) if the resource is damaged.
const CompatData &compatData();

// "8.3.RC2" -> "8.3", "CANN 9.0.0" -> "9.0": releases of one line share a torch_npu build.
QString cannLine(const QString &cannVersion);
// "2.7.1.post2+git123" -> "2.7.1.post2"
QString stripLocalVersion(const QString &version);
// The release a build belongs to: "2.10.0.post4+git1" -> "2.10.0", "2.7.1.dev20250724" -> "2.7.1",
// "0.23.0rc1" -> "0.23.0", "v0.23.0" -> "0.23.0".
QString baseVersion(const QString &version);
// "3.11.7" -> "3.11"
QString majorMinor(const QString &version);
// Whether "3.12.4" is within ">= 3.10, < 3.13" (comparisons joined by commas); nullopt when the range
// cannot be read.
std::optional<bool> versionInRange(const QString &version, const QString &range);

// How an installed torch_npu relates to the tables for a CANN release.
struct TorchNpuMatch
{
    enum class Kind {
        Exact,     // a row names this build for this CANN line
        SameBase,  // a row names another build (.postN) of the same release for this CANN line
        OtherCann, // the release is in the tables, for other CANN lines only
        Unknown,   // the release is in neither table
    };
    Kind kind = Kind::Unknown;
    QString rowTorchNpu; // Exact/SameBase: the row's build
    QString rowCann;
    QString cite;           // "Ascend/pytorch@…:COMPATIBILITY.md:22" or "vllm-project/vllm-ascend@…:…:27"
    QString rowLabel;       // "" for Ascend's table, "vllm-ascend v0.23.0rc1" for vllm-ascend's
    QStringList otherCanns; // OtherCann: the CANN releases the tables pair it with, with their sources
};
TorchNpuMatch matchTorchNpu(const QString &torchNpu, const QString &cann);

// The row of Ascend's torch/Python table for a torch release, or null.
const PythonRow *pythonRowFor(const QString &torch);
// The row of vllm-ascend's matrix for an installed vllm-ascend, or null.
const VllmAscendRow *vllmAscendRowFor(const QString &vllmAscend);

} // namespace vna::env
