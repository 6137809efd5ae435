// A software stack read from what users have at hand: a pasted `pip list`, `pip freeze`, `conda list`,
// vllm-ascend's collect_env.py output, loose version lines ("verl 0.7.1", "CANN: 8.3.RC1"), an image tag
// (verl's, vllm-ascend's, CANN's base images) and `npu-smi info` for the hardware generation. What cannot
// be read is listed with its line, never guessed.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "env/npusmi.h"

namespace vna::env {

// One version the text states.
struct StackVersion
{
    QString version; // as written, without a leading "v" ("0.11.0rc1", "8.3.RC1")
    int line = 0;    // 1-based
    QString from;    // what stated it: "pip list", "pip freeze", "conda list", "image tag", "version line", …
};

struct Stack
{
    // Python packages by pip's canonical name ("torch-npu", "vllm-ascend"); also "python" and "cann".
    QMap<QString, StackVersion> versions;
    NpuFamily hardware = NpuFamily::Unknown;
    int hardwareLine = 0;
    QString hardwareFrom; // "npu-smi info", "image tag"
    QString driver;       // the NPU driver (npu-smi's header, "Driver Version")
    QStringList images;   // the image tags named
    QStringList formats;  // what the text held, in order first seen ("pip list", "npu-smi info", …)
    QStringList problems; // translated, "Line 4: …"

    QString version(const QString &name) const { return versions.value(name).version; }
    bool has(const QString &name) const { return versions.contains(name); }
};

// pip's canonical form of a distribution name: lower case, runs of "-", "_" and "." as one "-".
QString canonicalPackage(const QString &name);

// An error only when nothing in the text is a version of anything.
Result<Stack> parseStack(const QString &text);

// The hardware generation an image tag or a chip name says ("a3", "910b", "Ascend910_9391"), or Unknown.
NpuFamily familyFromText(const QString &text);

// "A2", "A3", "A5", "310P"… as verl's and vllm-ascend's image names write the generation; empty for Unknown.
QString generationLabel(NpuFamily family);

} // namespace vna::env
