#include "compat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "common/logging.h"
#include "env/versionfiles.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

CompatSource readSource(const QJsonObject &o)
{
    return {o.value(u"repo").toString(), o.value(u"path").toString(), o.value(u"commit").toString(),
            o.value(u"date").toString()};
}

QStringList strings(const QJsonValue &value)
{
    QStringList result;
    for (const QJsonValue &v : value.toArray())
        result.append(v.toString());
    return result;
}

CompatData load()
{
    CompatData data;
    QFile file(u":/data/torch-npu-compat.json"_s);
    if (!file.open(QIODevice::ReadOnly)) {
        log::core()->error("compatibility table missing: {}", file.errorString().toStdString());
        return data;
    }
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    if (root.value(u"schema").toInt() != 2) {
        log::core()->error("compatibility table: schema {} is not 2", root.value(u"schema").toInt());
        return data;
    }
    const QJsonObject sources = root.value(u"sources").toObject();
    data.ascend = readSource(sources.value(u"ascend").toObject());
    data.vllmAscend = readSource(sources.value(u"vllm_ascend").toObject());
    for (const QJsonValue &v : root.value(u"torch_npu").toArray()) {
        const QJsonObject o = v.toObject();
        data.torchNpu.append({o.value(u"torch_npu").toString(), o.value(u"torch").toString(),
                              o.value(u"cann").toString(), o.value(u"branch").toString(), o.value(u"line").toInt(),
                              o.value(u"historical").toBool()});
    }
    for (const QJsonValue &v : root.value(u"python").toArray()) {
        const QJsonObject o = v.toObject();
        data.python.append({o.value(u"torch").toString(), strings(o.value(u"python")), o.value(u"line").toInt()});
    }
    for (const QJsonValue &v : root.value(u"vllm_ascend").toArray()) {
        const QJsonObject o = v.toObject();
        data.vllmAscendRows.append({o.value(u"vllm_ascend").toString(), strings(o.value(u"vllm")),
                                    o.value(u"python").toString(), o.value(u"cann").toString(),
                                    o.value(u"torch").toString(), o.value(u"torch_npu").toString(),
                                    o.value(u"triton_ascend").toString(), o.value(u"line").toInt()});
    }
    return data;
}

} // namespace

QString CompatSource::cite(int line) const
{
    return u"%1@%2:%3:%4"_s.arg(repo, commit.left(7), path).arg(line);
}

const CompatData &compatData()
{
    static const CompatData data = load();
    return data;
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

QString baseVersion(const QString &version)
{
    static const QRegularExpression release(uR"(^v?(\d+(?:\.\d+)*))"_s);
    const auto m = release.match(stripLocalVersion(version));
    return m.hasMatch() ? m.captured(1) : stripLocalVersion(version);
}

QString majorMinor(const QString &version)
{
    const QStringList parts = baseVersion(version).split(u'.');
    return parts.size() >= 2 ? parts.at(0) + u'.' + parts.at(1) : parts.value(0);
}

std::optional<bool> versionInRange(const QString &version, const QString &range)
{
    static const QRegularExpression comparison(uR"(^\s*(>=|<=|==|!=|>|<)\s*(\d+(?:\.\d+)*)\s*$)"_s);
    const QString v = baseVersion(version);
    bool inside = true;
    int read = 0;
    for (const QString &part : range.split(u',', Qt::SkipEmptyParts)) {
        const auto m = comparison.match(part);
        if (!m.hasMatch())
            return std::nullopt;
        const int c = compareVersions(v, m.captured(2));
        const QString op = m.captured(1);
        const bool holds = op == u">="_s ? c >= 0
            : op == u"<="_s              ? c <= 0
            : op == u">"_s               ? c > 0
            : op == u"<"_s               ? c < 0
            : op == u"=="_s              ? c == 0
                                         : c != 0;
        inside = inside && holds;
        ++read;
    }
    if (read == 0)
        return std::nullopt;
    return inside;
}

TorchNpuMatch matchTorchNpu(const QString &torchNpu, const QString &cann)
{
    const CompatData &data = compatData();
    const QString build = stripLocalVersion(torchNpu);
    const QString base = baseVersion(torchNpu);
    const QString line = cannLine(cann);
    TorchNpuMatch match;
    const auto consider
        = [&](const QString &rowBuild, const QString &rowCann, const QString &cite, const QString &label) {
              if (baseVersion(rowBuild) != base)
                  return;
              if (cannLine(rowCann) != line) {
                  const QString other = u"%1 (%2)"_s.arg(rowCann, cite);
                  if (!match.otherCanns.contains(other))
                      match.otherCanns.append(other);
                  return;
              }
              const bool exact = stripLocalVersion(rowBuild) == build;
              // The first exact row wins, then the first row of the same release; Ascend's table is read first.
              if (match.kind == TorchNpuMatch::Kind::Exact || (match.kind == TorchNpuMatch::Kind::SameBase && !exact))
                  return;
              match.kind = exact ? TorchNpuMatch::Kind::Exact : TorchNpuMatch::Kind::SameBase;
              match.rowTorchNpu = rowBuild;
              match.rowCann = rowCann;
              match.cite = cite;
              match.rowLabel = label;
          };
    for (const TorchNpuRow &row : data.torchNpu)
        consider(row.torchNpu, row.cann, data.ascend.cite(row.line), QString());
    for (const VllmAscendRow &row : data.vllmAscendRows)
        consider(row.torchNpu, row.cann, data.vllmAscend.cite(row.line), u"vllm-ascend v"_s + row.vllmAscend);
    if (match.kind == TorchNpuMatch::Kind::Unknown && !match.otherCanns.isEmpty())
        match.kind = TorchNpuMatch::Kind::OtherCann;
    return match;
}

const PythonRow *pythonRowFor(const QString &torch)
{
    const QString base = baseVersion(torch);
    for (const PythonRow &row : compatData().python)
        if (row.torch == base)
            return &row;
    return nullptr;
}

const VllmAscendRow *vllmAscendRowFor(const QString &vllmAscend)
{
    const QString build = stripLocalVersion(vllmAscend).remove(QRegularExpression(u"^v"_s));
    for (const VllmAscendRow &row : compatData().vllmAscendRows)
        if (row.vllmAscend == build)
            return &row;
    return nullptr;
}

} // namespace vna::env
