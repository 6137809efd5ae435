#include "commit.h"

#include <mutex>

#include "ckptsync/nodeshell.h"
#include "common/parallel.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

using namespace detail;

QStringList completeInterrupted(const Options &options, const QList<NodeState> &nodes)
{
    QStringList done;
    std::mutex mutex;
    forEachBounded(nodes.size(), options.jobs, [&](qsizetype i) {
        const NodeState &node = nodes.at(i);
        if (!node.reachable || !node.journal || !node.lockedBy.isEmpty())
            return;
        const QString script = u"R="_s + q(options.source.root) + u"\nJ=\"$R/"_s + QLatin1String(kJournalFile)
            + u"\"\n"_s + lockFragment(options) + u"trap '' HUP INT TERM PIPE\n"_s + switchFunction()
            + u"[ -f \"$J\" ] && [ ! -L \"$J\" ] || exit 16\n. \"$J\" || exit 16\nrm -f -- \"$J\"\n"_s;
        if (remote(options.ssh, node.node, script, {}, options.timeoutSec * 1000, nullptr).exitCode == 0) {
            std::lock_guard guard(mutex);
            done.append(node.node);
        }
    });
    return done;
}

QMap<QString, int> removeStaleTemps(const Options &options, const QList<NodeState> &nodes)
{
    QMap<QString, int> removed;
    std::mutex mutex;
    forEachBounded(nodes.size(), options.jobs, [&](qsizetype i) {
        const NodeState &node = nodes.at(i);
        // A journal names temporary files still to be switched in: the next sync completes it first.
        if (!node.reachable || node.shared || node.staleTemps.isEmpty() || !node.lockedBy.isEmpty() || node.journal)
            return;
        // Under the node's lock: no live run is writing a temporary file then.
        QString script = u"R="_s + q(options.source.root) + u"\nL=\"$R/"_s + QLatin1String(kLockFile)
            + u"\"\n[ -L \"$L\" ] && exit 76\nexec 9>>\"$L\" || exit 77\n"
              "if command -v flock >/dev/null 2>&1; then flock -n 9 || exit 75; fi\nn=0\nfor t in"_s;
        for (const QString &temp : node.staleTemps)
            if (temp.section(u'/', -1).contains(QLatin1String(kTempInfix)))
                script += u' ' + q(options.source.root + u'/' + temp);
        script
            += u"; do if [ -f \"$t\" ] && [ ! -L \"$t\" ] && rm -f -- \"$t\"; then n=$((n+1)); fi; done\necho $n\n"_s;
        const ProcessResult r = remote(options.ssh, node.node, script, {}, options.timeoutSec * 1000, nullptr);
        const int count = QString::fromUtf8(r.out).trimmed().toInt();
        if (r.exitCode == 0 && count > 0) {
            std::lock_guard lock(mutex);
            removed.insert(node.node, count);
        }
    });
    return removed;
}

} // namespace vna::ckptsync
