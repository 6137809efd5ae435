#include "collect/rayhead.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include "env/probe.h"
#include "ssh/ssh.h"

using namespace Qt::StringLiterals;

namespace vna::collect {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Collect)
};

} // namespace

RayNodes parseGcsLog(const QString &text)
{
    RayNodes nodes;
    // Ray 2.40 (gcs_node_manager.cc): "Registering node info, address = 10.0.0.2, node name = …";
    // Ray 2.49: "Registering new node. node_id=… node_name=… node_address=10.0.0.2".
    static const QRegularExpression registering(
        uR"(Registering (?:new node|node info)\b.*?(?:node_address=|address = )([A-Za-z0-9_.:\-]+?)(?:,|\s|$))"_s);
    static const QRegularExpression removing(uR"(Removing node|has been marked dead|Node is dead because)"_s);
    for (const QString &line : text.split(u'\n')) {
        if (const auto m = registering.match(line); m.hasMatch()) {
            if (!nodes.addresses.contains(m.captured(1)))
                nodes.addresses << m.captured(1);
        } else if (removing.match(line).hasMatch()) {
            nodes.removals << line.trimmed().left(600);
        }
    }
    return nodes;
}

Result<RayNodes> rayNodes(const QString &head, const CollectOptions &options, const std::atomic_bool *cancel)
{
    QString script = shellPrelude(env::newNonce(), options.script.timeoutSec)
        + sessionFolder(options.script.rayDir, options.script.session);
    script += uR"(set -- "$S"/logs/gcs_server*.out
[ -e "$1" ] || { printf 'no GCS log: %s\n' "$S/logs/gcs_server.out" >&2; exit 3; }
grep -a -h -E 'Registering (new node|node info)|Removing node|has been marked dead|Node is dead because' "$@"
exit 0
)"_s;
    const ProcessResult r = ssh::run(options.ssh, head, {u"sh"_s, u"-s"_s}, script.toUtf8(),
                                     std::max(10, options.timeoutSec) * 1000, cancel);
    if (const ssh::Failure failure = ssh::classify(r); !r.started || failure != ssh::Failure::None)
        return Error::runtime(!r.started ? r.errorString
                                         : ssh::describe(failure, head, r, options.ssh.aliveIntervalSec));
    if (r.exitCode != 0)
        return Error::runtime(
            Text::tr("%1 is not the head of this Ray session: %2").arg(head, QString::fromLocal8Bit(r.err).trimmed()));
    RayNodes nodes = parseGcsLog(QString::fromUtf8(r.out));
    if (nodes.addresses.isEmpty())
        return Error::runtime(
            Text::tr("The GCS log on %1 names no node that registered with this Ray session.").arg(head));
    return nodes;
}

} // namespace vna::collect
