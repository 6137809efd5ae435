#include "devices.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace vna::memory {

namespace {

constexpr quint64 kMiB = quint64(1) << 20;

QList<Npu> load()
{
    QFile file(u":/presets/npus.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Npu> npus;
    const QJsonArray rows = QJsonDocument::fromJson(file.readAll()).object().value(u"npus").toArray();
    for (const QJsonValue &row : rows) {
        const QJsonObject o = row.toObject();
        npus.append(Npu{o.value(u"id").toString(), o.value(u"title").toString(),
                        static_cast<quint64>(o.value(u"hbm_mib").toDouble()) * kMiB, o.value(u"source").toString()});
    }
    return npus;
}

} // namespace

const QList<Npu> &builtinNpus()
{
    static const QList<Npu> npus = load();
    return npus;
}

const Npu *findNpu(const QString &name)
{
    QString wanted = name.trimmed();
    if (wanted.startsWith(u"Ascend"_s, Qt::CaseInsensitive))
        wanted = wanted.mid(6).trimmed();
    if (wanted.startsWith(u"910_93"_s))
        wanted = u"A3"_s;
    for (const Npu &npu : builtinNpus()) {
        if (npu.id.compare(wanted, Qt::CaseInsensitive) == 0)
            return &npu;
    }
    return nullptr;
}

Result<Npu> customNpu(const QString &mib, const QString &where)
{
    bool ok = false;
    const double value = mib.trimmed().toDouble(&ok);
    if (!ok || !(value >= 1024) || value > 1024.0 * 1024.0) {
        return Error::input(QCoreApplication::translate("Memory",
                                                        "Invalid %1 \"%2\": expected the device memory in MiB as "
                                                        "npu-smi prints it (HBM total, e.g. 65536), from 1024 to "
                                                        "1048576.")
                                .arg(where, mib),
                            where);
    }
    return Npu{u"custom"_s, QCoreApplication::translate("Memory", "%1 MiB per device").arg(value, 0, 'f', 0),
               static_cast<quint64>(value * kMiB), where};
}

} // namespace vna::memory
