#include "cluster.h"

#include <mutex>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "common/parallel.h"
#include "env/diagnose.h"
#include "hydra/shell.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(EnvCheck)
};

constexpr auto kMarker = "@@VNA-CLUSTER@@";

void setAll(QList<Diagnosis> &diagnoses, Verdict verdict, const QString &evidence, const QString &next)
{
    for (Diagnosis &d : diagnoses)
        d.checks.append(makeCheck("deep.cluster", verdict, evidence, next, QString()));
}

struct RankResult
{
    int rank = -1;
    bool ok = false;
    QString error;
};

} // namespace

QString clusterWorkerSource()
{
    return uR"PY(import datetime, json, os, sys, time
out = {"rank": int(os.environ["RANK"]), "ok": False, "error": None}
t0 = time.time()
try:
    import torch, torch_npu
    import torch.distributed as dist
    n = int(os.environ["WORLD_SIZE"])
    local = int(os.environ["LOCAL_RANK"])
    torch.npu.set_device(local)
    dist.init_process_group("hccl", rank=out["rank"], world_size=n,
                            timeout=datetime.timedelta(seconds=int(os.environ["VNA_TIMEOUT"])))
    t = torch.ones(16, device="npu:%d" % local)
    dist.all_reduce(t)
    torch.npu.synchronize()
    out["ok"] = bool((t == n).all().item())
    if not out["ok"]:
        out["error"] = "the sum is not %d" % n
    dist.destroy_process_group()
except BaseException as e:
    out["error"] = "%s: %s" % (type(e).__name__, e)
out["ms"] = int((time.time() - t0) * 1000)
print("@@VNA-CLUSTER@@" + json.dumps(out), flush=True)
)PY"_s;
}

void runClusterAllReduce(QList<Diagnosis> &diagnoses, const DiagnoseOptions &options, const std::atomic_bool *cancel)
{
    // Every node must be able to take part: reachable, torch_npu working, NPUs counted.
    QStringList unable;
    QList<int> counts;
    for (const Diagnosis &d : std::as_const(diagnoses)) {
        const int count = d.python.npuCount.value_or(0);
        counts.append(count);
        if (!d.snapshot.failure.isEmpty())
            unable.append(Text::tr("%1 (unreachable)").arg(d.host()));
        else if (!d.python.ran || !d.python.npuAvailable.value_or(false) || count <= 0)
            unable.append(Text::tr("%1 (torch_npu sees no NPU)").arg(d.host()));
    }
    if (diagnoses.size() < 2) {
        setAll(diagnoses, Verdict::Skip, Text::tr("Needs at least two nodes."), QString());
        return;
    }
    if (!unable.isEmpty()) {
        setAll(diagnoses, Verdict::Skip,
               Text::tr("Not run: every node must take part, and these cannot: %1.").arg(unable.join(u", "_s)),
               Text::tr("Fix the checks of those nodes first."));
        return;
    }
    int world = 0;
    for (const int count : std::as_const(counts))
        world += count;
    // The rendezvous: the address given, else the first node's HCCL_IF_IP, else its first address.
    QString master = options.masterAddr.trimmed();
    QString masterFrom = Text::tr("given");
    if (master.isEmpty()) {
        master = diagnoses.first().snapshot.environment.value(u"HCCL_IF_IP"_s).trimmed();
        masterFrom = u"HCCL_IF_IP"_s;
    }
    if (master.isEmpty()) {
        const ProcessResult r
            = runScriptOn(diagnoses.first().host(), "hostname -I 2>/dev/null\n", 15000, options, cancel);
        master = QString::fromLocal8Bit(r.out).simplified().section(u' ', 0, 0);
        masterFrom = u"hostname -I"_s;
    }
    static const QRegularExpression address(uR"(^[0-9A-Fa-f:.]+\z)"_s);
    if (!address.match(master).hasMatch()) {
        setAll(diagnoses, Verdict::Error,
               Text::tr("No address of %1 to meet at (HCCL_IF_IP is not set and hostname -I printed none).")
                   .arg(diagnoses.first().host()),
               Text::tr("Give the first node's address on the network between the nodes (--master-addr)."));
        return;
    }
    const int timeoutSec = std::max(60, options.probe.timeoutSec * 6);
    const QString source = clusterWorkerSource();
    QList<QList<RankResult>> results(diagnoses.size());
    QList<QString> failures(diagnoses.size());
    std::mutex mutex;
    forEachBounded(diagnoses.size(), static_cast<int>(diagnoses.size()), [&](qsizetype i) {
        int base = 0;
        for (qsizetype j = 0; j < i; ++j)
            base += counts.at(j);
        QString script = u"PY="_s + shell::quote(options.probe.python) + u'\n';
        script += uR"(case "$PY" in "~/"*) PY="$HOME/${PY#\~/}" ;; esac
)"_s;
        script += u"SRC="_s + shell::quote(source) + u'\n';
        script += u"export MASTER_ADDR=%1 MASTER_PORT=%2 WORLD_SIZE=%3 VNA_TIMEOUT=%4\n"_s.arg(shell::quote(master))
                      .arg(options.clusterPort)
                      .arg(world)
                      .arg(timeoutSec);
        script += u"BASE=%1 N=%2\n"_s.arg(base).arg(counts.at(i));
        script += uR"(i=0
while [ "$i" -lt "$N" ]; do
  RANK=$((BASE + i)) LOCAL_RANK=$i "$PY" -c "$SRC" 2>&1 &
  i=$((i + 1))
done
wait
)"_s;
        const ProcessResult r
            = runScriptOn(diagnoses.at(i).host(), script.toUtf8(), (timeoutSec + 30) * 1000, options, cancel);
        QList<RankResult> ranks;
        for (const QString &line : QString::fromUtf8(r.out).split(u'\n')) {
            const qsizetype at = line.indexOf(QLatin1String(kMarker));
            if (at < 0)
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line.mid(at + qstrlen(kMarker)).toUtf8()).object();
            ranks.append({o.value(u"rank").toInt(-1), o.value(u"ok").toBool(), o.value(u"error").toString()});
        }
        std::lock_guard lock(mutex);
        results[i] = ranks;
        if (r.timedOut)
            failures[i] = Text::tr("no answer within %1 s").arg(timeoutSec + 30);
        else if (ranks.size() < counts.at(i))
            failures[i] = Text::tr("%1 of %2 ranks reported: %3")
                              .arg(ranks.size())
                              .arg(counts.at(i))
                              .arg(QString::fromUtf8(r.out + r.err).trimmed().right(300));
    });
    const QString where = Text::tr("%n rank(s) on %1 node(s), meeting at %2:%3 (%4)", nullptr, world)
                              .arg(diagnoses.size())
                              .arg(master)
                              .arg(options.clusterPort)
                              .arg(masterFrom);
    if (cancel && cancel->load()) {
        setAll(diagnoses, Verdict::Error, where + u": "_s + Text::tr("Canceled."),
               Text::tr("Run the checks again to finish the all-reduce."));
        return;
    }
    for (qsizetype i = 0; i < diagnoses.size(); ++i) {
        QStringList bad;
        for (const RankResult &rank : std::as_const(results.at(i)))
            if (!rank.ok)
                bad.append(Text::tr("rank %1: %2").arg(rank.rank).arg(rank.error));
        if (!failures.at(i).isEmpty())
            bad.prepend(failures.at(i));
        diagnoses[i].checks.append(
            bad.isEmpty()
                ? makeCheck("deep.cluster", Verdict::Pass,
                            Text::tr("%1: this node's %n rank(s) got the right sum.", nullptr, counts.at(i)).arg(where),
                            QString(), QString())
                : makeCheck("deep.cluster", Verdict::Fail, where + u": "_s + bad.join(u"; "_s),
                            Text::tr("Ranks that time out while others pass point at the network between the nodes: "
                                     "check HCCL_SOCKET_IFNAME / HCCL_IF_IP, the NPU network check (hccn_tool) and "
                                     "that port %1 and the HCCL port ranges are open between the nodes.")
                                .arg(options.clusterPort),
                            QString()));
    }
}

} // namespace vna::env
