#include "compat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "common/logging.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

struct Table
{
    QList<CompatRow> rows;
    QString source;
};

const Table &table()
{
    static const Table loaded = [] {
        Table t;
        QFile file(u":/data/torch-npu-compat.json"_s);
        if (!file.open(QIODevice::ReadOnly)) {
            log::core()->error("compatibility table missing: {}", file.errorString().toStdString());
            return t;
        }
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        t.source = root.value(u"source").toString();
        const QJsonArray rows = root.value(u"rows").toArray();
        for (const QJsonValue &row : rows) {
            const QJsonObject o = row.toObject();
            t.rows.append(
                {o.value(u"torch_npu").toString(), o.value(u"torch").toString(), o.value(u"cann").toString()});
        }
        return t;
    }();
    return loaded;
}

} // namespace

const QList<CompatRow> &compatTable()
{
    return table().rows;
}

QString compatSource()
{
    return table().source;
}

QString cannLine(const QString &cannVersion)
{
    QString v = cannVersion.trimmed();
    if (v.startsWith(u"CANN"_s, Qt::CaseInsensitive))
        v = v.mid(4).trimmed();
    const QStringList parts = v.split(u'.');
    return parts.size() >= 2 ? parts.at(0) + u'.' + parts.at(1) : v;
}

QString stripLocalVersion(const QString &version)
{
    const qsizetype plus = version.indexOf(u'+');
    return (plus >= 0 ? version.left(plus) : version).trimmed();
}

QString majorMinor(const QString &version)
{
    const QStringList parts = stripLocalVersion(version).split(u'.');
    return parts.size() >= 2 ? parts.at(0) + u'.' + parts.at(1) : parts.value(0);
}

} // namespace vna::env
