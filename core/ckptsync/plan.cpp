#include "plan.h"

#include <algorithm>

#include <QCoreApplication>
#include <QSet>

#include "ckptsync/nodeshell.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

} // namespace

QString actionId(Action action)
{
    switch (action) {
    case Action::Copy:
        return u"copy"_s;
    case Action::SkipIdentical:
        return u"skip-identical"_s;
    case Action::Replace:
        return u"replace"_s;
    case Action::SkipShared:
        return u"skip-shared-storage"_s;
    case Action::Unreachable:
        return u"unreachable"_s;
    case Action::Blocked:
        return u"blocked"_s;
    }
    return QString();
}

QString actionText(Action action)
{
    switch (action) {
    case Action::Copy:
        return Text::tr("copy");
    case Action::SkipIdentical:
        return Text::tr("skip: identical");
    case Action::Replace:
        return Text::tr("replace: differs (old kept as .bak)");
    case Action::SkipShared:
        return Text::tr("skip: shared storage, no copy needed");
    case Action::Unreachable:
        return Text::tr("skip: node unreachable");
    case Action::Blocked:
        return Text::tr("blocked: it cannot be copied");
    }
    return QString();
}

QList<PlanItem> buildPlan(const SourceData &source, const QList<NodeState> &nodes)
{
    QList<PlanItem> plan;
    for (const NodeState &node : nodes) {
        for (const SourceFile &file : source.files) {
            PlanItem item;
            item.node = node.node;
            item.file = file.path;
            item.bytes = file.size;
            item.need = file.need;
            item.before = node.before.value(file.path, u"absent"_s);
            if (const auto partial = node.partials.constFind(file.path); partial != node.partials.cend()) {
                item.partialBytes = partial->first;
                item.partialSha = partial->second;
            }
            const auto there = node.files.constFind(file.path);
            if (!node.reachable) {
                item.action = Action::Unreachable;
                item.reason = node.error;
            } else if (node.shared) {
                item.action = Action::SkipShared;
            } else if (there == node.files.cend()) {
                item.action = Action::Copy;
            } else if (there->kind == Entry::Kind::Special || there->kind == Entry::Kind::Folder) {
                item.action = Action::Blocked;
                item.reason = Text::tr("%1 is a %2 on %3; remove it, then sync again")
                                  .arg(file.path, there->what.isEmpty() ? u"folder"_s : there->what, node.node);
            } else if (there->kind == Entry::Kind::Regular && there->sha256 == file.sha256) {
                item.action = Action::SkipIdentical;
            } else {
                item.action = Action::Replace;
                if (there->kind == Entry::Kind::Link)
                    item.reason = Text::tr("a link on the node: replaced by the file, the link kept as the backup");
            }
            if (item.partialBytes > 0 && receives(item.action))
                item.reason = Text::tr("%1; %2 MiB already on the node from a transfer cut short: checked against "
                                       "the source, then only the rest is sent")
                                  .arg(item.reason.isEmpty() ? needText(item.need) : item.reason)
                                  .arg(static_cast<double>(item.partialBytes) / (1 << 20), 0, 'f', 1);
            plan.append(item);
        }
        // What cannot be read at the source fails every node that would receive it.
        for (const Unreadable &file : source.unreadable) {
            PlanItem item;
            item.node = node.node;
            item.file = file.path;
            item.need = file.need;
            item.atSource = true;
            if (!node.reachable) {
                item.action = Action::Unreachable;
                item.reason = node.error;
            } else if (node.shared) {
                item.action = Action::SkipShared;
            } else {
                item.action = Action::Blocked;
                item.reason = unreadableText(file);
            }
            plan.append(item);
        }
    }
    return plan;
}

QString unreadableText(const Unreadable &file)
{
    return Text::tr("%1 cannot be read at the source: it is %2. It is %3, so a node without it cannot resume. "
                    "Put the real file there, then sync again; the other files wait on the node under temporary "
                    "names.")
        .arg(file.path, file.why, needText(file.need));
}

QMap<QString, QStringList> planProblems(const SourceData &source, const QList<NodeState> &nodes)
{
    QMap<QString, qint64> sizeOf;
    for (const SourceFile &file : source.files)
        sizeOf.insert(file.path, file.size);
    QMap<QString, QStringList> problems;
    const QList<PlanItem> plan = buildPlan(source, nodes);
    for (const NodeState &node : nodes) {
        if (!node.reachable || node.shared)
            continue;
        for (auto it = node.dirs.cbegin(); it != node.dirs.cend(); ++it) {
            if (it.value() == DirState::ReadOnly)
                problems[node.node].append(Text::tr("%1 is not writable").arg(it.key()));
            else if (it.value() == DirState::Blocked)
                problems[node.node].append(Text::tr("%1 is missing and cannot be created").arg(it.key()));
        }
        // Each file needs its size where its own folder lives (a file system mounted on a folder counts).
        for (const Volume &volume : node.volumes) {
            qint64 needed = 0;
            for (const PlanItem &item : plan)
                if (item.node == node.node && receives(item.action) && volume.dirs.contains(parentOf(item.file)))
                    needed += sizeOf.value(item.file);
            if (volume.freeBytes < needed)
                problems[node.node].append(Text::tr("%1 MiB free on %2, %3 MiB needed")
                                               .arg(volume.freeBytes / (1024 * 1024))
                                               .arg(volume.mount)
                                               .arg(needed / (1024 * 1024) + 1));
        }
        for (const PlanItem &item : plan)
            if (item.node == node.node && item.action == Action::Blocked)
                problems[node.node].append(item.reason);
        if (!node.lockedBy.isEmpty())
            problems[node.node].append(Text::tr("another sync is running there (%1)").arg(node.lockedBy));
        const bool receivesAny = std::any_of(plan.cbegin(), plan.cend(), [&](const PlanItem &item) {
            return item.node == node.node && receives(item.action);
        });
        if (!node.python && receivesAny)
            problems[node.node].append(Text::tr("python3 is not installed there: the sync needs it (the Python that "
                                                "verl runs on) to receive files"));
    }
    return problems;
}

QMap<QString, QStringList> planNotes(const QList<NodeState> &nodes)
{
    QMap<QString, QStringList> notes;
    for (const NodeState &node : nodes) {
        if (node.journal)
            notes[node.node].append(
                Text::tr("an earlier sync was cut short while switching files; this run completes it first"));
        if (!node.partials.isEmpty())
            notes[node.node].append(Text::tr("%n file(s) partly sent by an earlier sync: resumed where they stopped",
                                             nullptr, static_cast<int>(node.partials.size())));
        if (!node.staleTemps.isEmpty())
            notes[node.node].append(
                Text::tr("%n temporary file(s) of an earlier sync that died; removed by the next sync", nullptr,
                         static_cast<int>(node.staleTemps.size())));
        if (node.backups > 0)
            notes[node.node].append(Text::tr("%n backup(s) of files earlier syncs replaced (NAME.bak-…); delete "
                                             "them when the resume works",
                                             nullptr, node.backups));
        if (!node.extra.isEmpty())
            notes[node.node].append(
                Text::tr("%n file(s) only this node has (kept, not deleted): %1", nullptr,
                         static_cast<int>(node.extra.size()))
                    .arg(node.extra.mid(0, 3).join(u", "_s) + (node.extra.size() > 3 ? u", …"_s : QString())));
    }
    return notes;
}

QMap<QString, qint64> bytesPerNode(const QList<PlanItem> &plan)
{
    QMap<QString, qint64> bytes;
    for (const PlanItem &item : plan)
        bytes[item.node] += receives(item.action) ? item.bytes : 0;
    return bytes;
}

QStringList upstreamCandidates(const Options &options, const QString &node)
{
    QStringList hosts;
    const qsizetype at = options.nodes.indexOf(node);
    for (qsizetype j = at - 1; j >= 0 && j >= at - 3; --j)
        hosts.append(options.nodes.at(j));
    if (!options.source.isLocal() && options.source.host != node && !hosts.contains(options.source.host))
        hosts.append(options.source.host);
    return hosts;
}

QStringList planRoutes(const Options &options, const QList<NodeState> &nodes, QList<PlanItem> &plan)
{
    for (PlanItem &item : plan)
        item.from.clear();
    if (options.topology == Topology::Star)
        return {};
    QMap<QString, qint64> receiving;
    QSet<QString> cannotSend; // nothing of theirs is sure to be the source's bytes
    for (const PlanItem &item : plan) {
        if (receives(item.action))
            receiving[item.node] += item.bytes;
        else if (item.action != Action::SkipIdentical)
            cannotSend.insert(item.node);
    }
    const auto most = std::max_element(receiving.cbegin(), receiving.cend());
    if (options.topology == Topology::Auto && (receiving.size() < 2 || *most < kChainWorthwhile))
        return {};
    QMap<QString, const NodeState *> states;
    for (const NodeState &state : nodes)
        states.insert(state.node, &state);
    QStringList notes;
    QMap<QString, QStringList> from;
    for (const QString &node : options.nodes) {
        const NodeState *state = states.value(node);
        if (!receiving.contains(node) || !state)
            continue;
        QStringList reached;
        QStringList failed;
        for (const QString &host : upstreamCandidates(options, node)) {
            const bool isSource = !options.source.isLocal() && host == options.source.host;
            if (!isSource && (!states.contains(host) || cannotSend.contains(host)))
                continue;
            // Not checked (a farther node): tried if the nearer ones fail.
            const QString why = state->peers.value(host);
            if (why.isEmpty())
                reached.append(host);
            else
                failed.append(Text::tr("%1 (%2)").arg(host, why));
        }
        if (reached.isEmpty() && !failed.isEmpty())
            notes.append(
                Text::tr("%1 receives from this machine: it cannot reach %2 over ssh").arg(node, failed.join(u"; "_s)));
        else if (!failed.isEmpty())
            notes.append(Text::tr("%1 cannot reach %2 over ssh; it receives from %3")
                             .arg(node, failed.join(u"; "_s), reached.first()));
        from.insert(node, reached);
    }
    for (PlanItem &item : plan)
        if (receives(item.action))
            item.from = from.value(item.node);
    return notes;
}

QList<PlanItem>
routedPlan(const Options &options, const SourceData &source, const QList<NodeState> &nodes, QStringList *routeNotes)
{
    QList<PlanItem> plan = buildPlan(source, nodes);
    const QStringList notes = planRoutes(options, nodes, plan);
    if (routeNotes)
        *routeNotes = notes;
    return plan;
}

Topology topologyOf(const QList<PlanItem> &plan)
{
    return std::any_of(plan.cbegin(), plan.cend(), [](const PlanItem &item) { return !item.from.isEmpty(); })
        ? Topology::Chain
        : Topology::Star;
}

QString routeText(const Options &options, const QList<PlanItem> &plan)
{
    const QString here = options.source.isLocal() ? Text::tr("this machine")
                                                  : Text::tr("%1 through this machine").arg(options.source.host);
    QStringList links;
    QSet<QString> seen;
    for (const PlanItem &item : plan) {
        if (!receives(item.action) || seen.contains(item.node))
            continue;
        seen.insert(item.node);
        QString link = item.node + u" ← "_s + (item.from.isEmpty() ? here : item.from.first());
        if (item.from.size() > 1)
            link += u' ' + Text::tr("(then %1)").arg(item.from.mid(1).join(u", "_s));
        links.append(link);
    }
    if (links.isEmpty())
        return Text::tr("nothing to send");
    return topologyOf(plan) == Topology::Chain ? Text::tr("chain: %1").arg(links.join(u"; "_s))
                                               : Text::tr("star: %1").arg(links.join(u"; "_s));
}

} // namespace vna::ckptsync
