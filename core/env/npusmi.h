// `npu-smi info`, `npu-smi info -m` and `npu-smi info -t health` read into values. Tolerant of every
// family (first-generation 910, Atlas A2, Atlas A3 with two chips per NPU, 310P, 310B), of newer
// drivers' wider columns, of shell prompts and indentation around a paste, and of damaged pastes:
// what cannot be read is listed in `problems`, never guessed.
#pragma once

#include <optional>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::env {

enum class NpuFamily { Unknown, Ascend910, AtlasA2, AtlasA3, Ascend310P, Ascend310B, AtlasA5 };

// "Atlas A2 (910B)"; not translated (product names).
QString familyName(NpuFamily family);

struct NpuDevice
{
    int npu = -1;
    int chip = -1;
    std::optional<int> phyId;    // A3: "Chip Phy-ID"
    std::optional<int> deviceId; // 310P/310B: "Chip Device"
    QString name;
    QString health;               // as printed: OK, Warning, Alarm, Critical, UNKNOWN (or damaged text)
    std::optional<double> powerW; // "NA" and "-" (A3's second chip) are not shown values
    std::optional<int> tempC;
    std::optional<int> aicorePct;
    std::optional<qint64> memoryUsedMb;
    std::optional<qint64> memoryTotalMb;
    std::optional<qint64> hbmUsedMb;
    std::optional<qint64> hbmTotalMb;
    QString busId; // "NA" on 310B
    int line = 0;  // 1-based line of the first row

    bool healthOk() const { return health == QLatin1String("OK"); }
    // HBM where the family has it, else the device memory pair.
    std::optional<qint64> usedMb() const { return hbmTotalMb ? hbmUsedMb : memoryUsedMb; }
    std::optional<qint64> totalMb() const { return hbmTotalMb ? hbmTotalMb : memoryTotalMb; }
};

struct NpuProcess
{
    int npu = -1;
    int chip = -1;
    qint64 pid = -1;
    std::optional<qint64> containerPid; // 26.0+: "Process id in container"
    QString name;                       // may be empty (processes in containers)
    std::optional<qint64> memoryMb;
};

struct NpuSmiInfo
{
    QString toolVersion;   // first token of the header: npu-smi's own version
    QString driverVersion; // "Version:" of the header
    NpuFamily family = NpuFamily::Unknown;
    QList<NpuDevice> devices; // one per chip, in printed order
    QList<NpuProcess> processes;
    QList<int> idleNpus; // "No running processes found in NPU N"
    bool processTableSeen = false;
    QStringList problems; // translated: "Line 12: …"

    QList<int> npuIds() const;
    // The number of logical devices (chips) ASCEND_RT_VISIBLE_DEVICES indexes.
    int chipCount() const { return static_cast<int>(devices.size()); }
};

// An error only when the text holds no npu-smi table at all.
Result<NpuSmiInfo> parseNpuSmiInfo(const QString &text);

struct ChipMapping
{
    int npu = -1;
    int chip = -1;
    std::optional<int> logicId; // "-" for the board MCU
    std::optional<int> phyId;
    QString name;
};

// `npu-smi info -m`: NPU ID, Chip ID, Chip Logic ID, [Chip Phy-ID,] Chip Name.
Result<QList<ChipMapping>> parseChipMap(const QString &text);

// `Key : Value` lines (npu-smi info -t health/board/…), in order; repeated keys keep the last value.
QMap<QString, QString> parseKeyValues(const QString &text);

} // namespace vna::env
