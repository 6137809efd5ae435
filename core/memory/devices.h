// NPU models and their device memory (resources/presets/npus.json), each with the npu-smi output it was
// read from.
#pragma once

#include <QList>
#include <QString>

#include "common/result.h"

namespace vna::memory {

struct Npu
{
    QString id;    // 910B3, A3 … what --npu takes
    QString title; // Atlas A2, Ascend 910B3
    quint64 hbmBytes = 0;
    QString source;
};

const QList<Npu> &builtinNpus();
// By id, case-insensitively, also as npu-smi names it ("Ascend910B3").
const Npu *findNpu(const QString &name);
// A device the user sized: `mib` from npu-smi's HBM total. Fails outside 1 GiB … 1 TiB.
Result<Npu> customNpu(const QString &mib, const QString &where);

} // namespace vna::memory
