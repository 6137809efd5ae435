#include "env/stackpins.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "common/logging.h"
#include "common/pyversion.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

QList<StackPin> readPins(const QJsonValue &value)
{
    QList<StackPin> pins;
    for (const QJsonValue &v : value.toArray()) {
        const QJsonObject o = v.toObject();
        pins.append({o.value(u"package").toString(), o.value(u"spec").toString(), o.value(u"kind").toString(),
                     o.value(u"source").toString(), o.value(u"text").toString(), o.value(u"moving").toBool()});
    }
    return pins;
}

QList<ReleasePins> readReleases(const QJsonValue &value)
{
    QList<ReleasePins> releases;
    for (const QJsonValue &v : value.toObject().value(u"releases").toArray()) {
        const QJsonObject o = v.toObject();
        ReleasePins release{o.value(u"version").toString(),
                            o.value(u"tag").toString(),
                            o.value(u"commit").toString(),
                            readPins(o.value(u"pins")),
                            readPins(o.value(u"docs")),
                            {},
                            {}};
        release.refusesV0Engine = o.value(u"refuses_v0_engine").toString();
        for (const QJsonValue &i : o.value(u"images").toArray()) {
            const QJsonObject image = i.toObject();
            release.images.append({image.value(u"file").toString(), image.value(u"hardware").toString(),
                                   image.value(u"os").toString(), image.value(u"base").toString(),
                                   image.value(u"cann").toString(), image.value(u"python").toString(),
                                   image.value(u"engine").toString(), image.value(u"source").toString(),
                                   readPins(image.value(u"installs"))});
        }
        releases.append(release);
    }
    return releases;
}

StackPinsData load()
{
    StackPinsData data;
    QFile file(u":/data/stack-pins.json"_s);
    if (!file.open(QIODevice::ReadOnly)) {
        log::core()->error("stack pins missing: {}", file.errorString().toStdString());
        return data;
    }
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    if (root.value(u"schema").toInt() != 1) {
        log::core()->error("stack pins: schema {} is not 1", root.value(u"schema").toInt());
        return data;
    }
    data.vllmAscendCommit = root.value(u"vllm_ascend").toObject().value(u"commit").toString();
    data.verlCommit = root.value(u"verl").toObject().value(u"commit").toString();
    data.vllmAscend = readReleases(root.value(u"vllm_ascend"));
    data.verl = readReleases(root.value(u"verl"));
    return data;
}

const StackPin *find(const QList<StackPin> &pins, const QString &package)
{
    const StackPin *found = nullptr;
    for (const StackPin &pin : pins)
        if (pin.package == package && (!found || (pin.kind == u"requirement" && found->kind != u"requirement")))
            found = &pin;
    return found;
}

} // namespace

const StackPin *ReleasePins::pin(const QString &package) const
{
    return find(pins, package);
}

const StackPin *ReleasePins::docPin(const QString &package) const
{
    return find(docs, package);
}

const StackPinsData &stackPins()
{
    static const StackPinsData data = load();
    return data;
}

const ReleasePins *releasePins(const QList<ReleasePins> &releases, const QString &version)
{
    const auto wanted = PyVersion::parse(version);
    if (!wanted)
        return nullptr;
    for (const ReleasePins &release : releases)
        if (const auto v = PyVersion::parse(release.version); v && v->compare(*wanted) == 0)
            return &release;
    return nullptr;
}

const ReleasePins *firstRefusingV0Engine()
{
    for (const ReleasePins &release : stackPins().vllmAscend) {
        if (!release.refusesV0Engine.isEmpty())
            return &release;
    }
    return nullptr;
}

} // namespace vna::env
