// The torch ↔ torch_npu ↔ CANN table (Ascend/pytorch COMPATIBILITY.md), kept as a data file.
#pragma once

#include <QList>
#include <QString>

namespace vna::env {

struct CompatRow
{
    QString torchNpu;
    QString torch;
    QString cann;
};

// Loaded once from :/data/torch-npu-compat.json; empty (and logged) if the resource is damaged.
const QList<CompatRow> &compatTable();
QString compatSource();

// "8.3.RC2" -> "8.3", "CANN 9.0.0" -> "9.0": releases of one line share a torch_npu build.
QString cannLine(const QString &cannVersion);
// "2.7.1.post2+git123" -> "2.7.1.post2"
QString stripLocalVersion(const QString &version);
// "2.7.1.post2" -> "2.7"
QString majorMinor(const QString &version);

} // namespace vna::env
