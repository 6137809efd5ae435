#include "discovery.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptDiscovery)
};

const QRegularExpression &stepPattern()
{
    static const QRegularExpression re(uR"(^global_step_(\d{1,9})\z)"_s);
    return re;
}

const QRegularExpression &shardPattern()
{
    static const QRegularExpression re(uR"(__(\d{1,7})_(\d{1,7})\.distcp)"_s);
    return re;
}

QString kindWord(char type)
{
    switch (type) {
    case 'p':
        return u"fifo"_s;
    case 'c':
        return u"character device"_s;
    case 'b':
        return u"block device"_s;
    case 's':
        return u"socket"_s;
    case 'd':
        return u"folder"_s;
    case 'N':
        return u"missing"_s;
    case 'L':
        return u"link loop"_s;
    default:
        return u"special file"_s;
    }
}

qint64 parseTime(const QString &text)
{
    // find's %T@: seconds with a fraction.
    const qsizetype dot = text.indexOf(u'.');
    const qint64 seconds = text.left(dot < 0 ? text.size() : dot).toLongLong();
    const QString fraction = dot < 0 ? QString() : QString(text.mid(dot + 1) + u"000"_s).left(3);
    return seconds * 1000 + fraction.toLongLong();
}

} // namespace

const Step *Discovery::step(int number) const
{
    for (const Step &s : steps)
        if (s.number == number)
            return &s;
    return nullptr;
}

const Step *Discovery::latest() const
{
    if (tracker)
        if (const Step *s = step(*tracker))
            return s;
    return steps.isEmpty() ? nullptr : &steps.last();
}

const Entry *Discovery::entry(const QString &path) const
{
    for (const Entry &e : entries)
        if (e.path == path)
            return &e;
    return nullptr;
}

std::pair<QString, std::optional<int>> splitRoot(const QString &path)
{
    QString clean = QDir::cleanPath(path);
    const QString name = clean.section(u'/', -1);
    const auto match = stepPattern().match(name);
    if (match.hasMatch() && clean.contains(u'/'))
        return {clean.section(u'/', 0, -2).isEmpty() ? u"/"_s : clean.section(u'/', 0, -2), match.captured(1).toInt()};
    return {clean, std::nullopt};
}

Discovery discover(const QString &root, const QStringList &files, const QString &trackerText)
{
    QList<Entry> entries;
    for (const QString &file : files) {
        Entry entry;
        entry.path = file;
        entries.append(entry);
    }
    return discover(root, entries, trackerText);
}

Discovery discover(const QString &root, const QList<Entry> &entries, const QString &trackerText)
{
    Discovery d;
    d.root = root;
    QMap<int, Step> steps;
    QMap<QString, DistCkptDir> dists; // by path
    for (const Entry &entry : entries) {
        if (entry.kind == Entry::Kind::Folder)
            continue;
        d.entries.append(entry);
        const QStringList parts = entry.path.split(u'/', Qt::SkipEmptyParts);
        if (parts.size() == 1 && parts.first() == QLatin1String(kTrackerFile)) {
            d.trackerPresent = true;
            continue;
        }
        if (parts.size() < 2)
            continue;
        const auto match = stepPattern().match(parts.first());
        if (!match.hasMatch())
            continue;
        const int number = match.captured(1).toInt();
        Step &step = steps[number];
        step.number = number;
        step.dir = parts.first();
        if (entry.kind == Entry::Kind::Regular || entry.viaLink)
            step.bytes += entry.size;
        if (parts.size() == 2 && parts.at(1) == u"data.pt"_s)
            step.dataPt = true;
        // global_step_N/<role>/dist_ckpt/<file> (v1) or global_step_N/<role>/<part>/dist_ckpt/<file> (v2)
        const qsizetype dist = parts.indexOf(u"dist_ckpt"_s);
        if (dist < 2 || dist != parts.size() - 2 || dist > 3)
            continue;
        const QString dirPath = parts.mid(0, dist + 1).join(u'/');
        DistCkptDir &dir = dists[dirPath];
        dir.path = dirPath;
        dir.role = parts.at(1);
        const QString &name = parts.last();
        if (kMetadataFiles.contains(name) && !dir.present.contains(name))
            dir.present.append(name);
        if (const auto m = shardPattern().match(name); m.hasMatch() && m.capturedStart() == 0)
            dir.worldSize = std::max(dir.worldSize, m.captured(1).toInt() + 1);
    }
    for (const DistCkptDir &entry : std::as_const(dists)) {
        Step &step = steps[entry.path.section(u'/', 0, 0).mid(12).toInt()];
        const int depth = static_cast<int>(entry.path.count(u'/'));
        const Layout layout = depth == 2 ? Layout::V1 : Layout::V2;
        step.layout = step.layout == Layout::Unknown || step.layout == layout ? layout : Layout::Unknown;
        DistCkptDir sorted = entry;
        std::sort(sorted.present.begin(), sorted.present.end(), [](const QString &a, const QString &b) {
            return kMetadataFiles.indexOf(a) < kMetadataFiles.indexOf(b);
        });
        step.dists.append(sorted);
    }
    for (Step &step : steps) {
        std::sort(step.dists.begin(), step.dists.end(),
                  [](const DistCkptDir &a, const DistCkptDir &b) { return a.path < b.path; });
        d.steps.append(step);
    }
    std::sort(d.entries.begin(), d.entries.end(), [](const Entry &a, const Entry &b) { return a.path < b.path; });
    bool ok = false;
    const int tracker = trackerText.trimmed().toInt(&ok);
    if (ok)
        d.tracker = tracker;
    return d;
}

Result<QList<Entry>> listLocal(const QString &root, int maxDepth)
{
    const QFileInfo info(root);
    if (!info.exists())
        return Error::input(Text::tr("%1 does not exist.").arg(root), root);
    if (!info.isDir())
        return Error::input(Text::tr("%1 is not a folder.").arg(root), root);
    if (!info.isReadable())
        return Error::input(Text::tr("%1 cannot be read.").arg(root), root);
    QList<Entry> entries;
    const QDir base(root);
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        Entry entry;
        entry.path = base.relativeFilePath(path);
        if (entry.path.count(u'/') >= maxDepth)
            continue;
        struct stat st
        {};
        const QByteArray native = QFile::encodeName(path);
        if (::lstat(native.constData(), &st) != 0)
            continue;
        const auto describe = [&](const struct stat &s) {
            entry.size = s.st_size;
            entry.mtimeMs = static_cast<qint64>(s.st_mtim.tv_sec) * 1000 + s.st_mtim.tv_nsec / 1000000;
            entry.mode = static_cast<int>(s.st_mode & 07777);
        };
        describe(st);
        if (S_ISREG(st.st_mode)) {
            entry.kind = Entry::Kind::Regular;
        } else if (S_ISDIR(st.st_mode)) {
            entry.kind = Entry::Kind::Folder;
        } else if (S_ISLNK(st.st_mode)) {
            entry.kind = Entry::Kind::Link;
            struct stat target
            {};
            if (::stat(native.constData(), &target) != 0)
                entry.what = kindWord('N');
            else if (S_ISREG(target.st_mode)) {
                entry.viaLink = true;
                entry.what = u"file"_s;
                describe(target);
            } else
                entry.what = kindWord(S_ISDIR(target.st_mode) ? 'd' : S_ISFIFO(target.st_mode) ? 'p' : 'c');
        } else {
            entry.kind = Entry::Kind::Special;
            entry.what = kindWord(S_ISFIFO(st.st_mode)      ? 'p'
                                      : S_ISCHR(st.st_mode) ? 'c'
                                      : S_ISBLK(st.st_mode) ? 'b'
                                                            : 's');
        }
        entries.append(entry);
        if (entries.size() > 1000000)
            return Error::input(Text::tr("%1 holds more than a million files; point to default_local_dir or one "
                                         "global_step_N folder.")
                                    .arg(root),
                                root);
    }
    return entries;
}

QString listingScript(const QStringList &dirs, bool followLinks)
{
    QString starts;
    for (const QString &dir : dirs)
        starts += u" '"_s + QString(dir).replace(u"'"_s, u"'\\''"_s) + u'\'';
    if (starts.isEmpty())
        starts = u" ."_s;
    QString script = u"find"_s + starts
        + u" -mindepth 1 -maxdepth 8 -printf 'E\\t%y\\t%Y\\t%s\\t%T@\\t%m\\t%p\\0' 2>/dev/null\n"_s;
    if (followLinks) // a link's target as the source reads it
        script += u"find -L"_s + starts
            + u" -mindepth 1 -maxdepth 8 -xtype l -type f -printf 'T\\t-\\t-\\t%s\\t%T@\\t%m\\t%p\\0' 2>/dev/null\n"_s;
    return script;
}

QList<Entry> parseListing(const QByteArray &records)
{
    QList<Entry> entries;
    QMap<QString, qsizetype> byPath;
    for (const QByteArray &record : records.split('\0')) {
        const QList<QByteArray> f = record.split('\t');
        if (f.size() < 7 || (f.at(0) != "E" && f.at(0) != "T"))
            continue;
        // The path is everything after the sixth tab: names may hold tabs.
        qsizetype at = -1;
        for (int i = 0; i < 6; ++i)
            at = record.indexOf('\t', at + 1);
        QString path = QString::fromUtf8(record.mid(at + 1));
        if (path.startsWith(u"./"_s))
            path = path.mid(2);
        if (f.at(0) == "T") {
            if (const qsizetype i = byPath.value(path, -1); i >= 0) {
                Entry &e = entries[i];
                e.viaLink = true;
                e.what = u"file"_s;
                e.size = f.at(3).toLongLong();
                e.mtimeMs = parseTime(QString::fromLatin1(f.at(4)));
                e.mode = f.at(5).toInt(nullptr, 8);
            }
            continue;
        }
        Entry e;
        e.path = path;
        const char type = f.at(1).isEmpty() ? '?' : f.at(1).at(0);
        e.kind = type == 'f' ? Entry::Kind::Regular
            : type == 'l'    ? Entry::Kind::Link
            : type == 'd'    ? Entry::Kind::Folder
                             : Entry::Kind::Special;
        if (e.kind == Entry::Kind::Special)
            e.what = kindWord(type);
        if (e.kind == Entry::Kind::Link)
            e.what = f.at(2) == "f" ? u"file"_s : kindWord(f.at(2).isEmpty() ? '?' : f.at(2).at(0));
        e.size = f.at(3).toLongLong();
        e.mtimeMs = parseTime(QString::fromLatin1(f.at(4)));
        e.mode = f.at(5).toInt(nullptr, 8);
        byPath.insert(path, entries.size());
        entries.append(e);
    }
    return entries;
}

Result<Selection> parseStepSelection(const QString &text)
{
    Selection selection;
    const QString word = text.trimmed().toLower();
    if (word.isEmpty() || word == u"latest"_s)
        return selection;
    if (word == u"all"_s) {
        selection.steps = Selection::Steps::All;
        return selection;
    }
    bool ok = false;
    const int number = word.toInt(&ok);
    if (!ok || number < 0)
        return Error::input(Text::tr("\"%1\" is not a step: use a number, latest or all.").arg(text), u"--step"_s);
    selection.steps = Selection::Steps::One;
    selection.step = number;
    return selection;
}

Result<QList<const Step *>> selectedSteps(const Discovery &discovery, const Selection &selection)
{
    if (discovery.steps.isEmpty())
        return Error::input(Text::tr("No global_step_N folder was found in %1.").arg(discovery.root), discovery.root);
    QList<const Step *> steps;
    switch (selection.steps) {
    case Selection::Steps::Latest:
        steps.append(discovery.latest());
        break;
    case Selection::Steps::All:
        for (const Step &step : discovery.steps)
            steps.append(&step);
        break;
    case Selection::Steps::One:
        if (const Step *step = discovery.step(selection.step))
            steps.append(step);
        else
            return Error::input(Text::tr("There is no global_step_%1 in %2.").arg(selection.step).arg(discovery.root),
                                u"--step"_s);
        break;
    }
    return steps;
}

Need needOf(const QString &relativePath)
{
    const QString name = relativePath.section(u'/', -1);
    const QStringList parts = relativePath.split(u'/');
    // Each rank's own files (verl-facts.json, "checkpoint"): Megatron dist-checkpoint shards, FSDP
    // model/optimizer/extra shards, and the LoRA adapter each tensor/pipeline position writes.
    static const QRegularExpression perRank(
        uR"(^(__\d+_\d+\.distcp|(model|optim|extra_state)_world_size_\d+_rank_\d+\.pt|mp_rank_\d+(_\d+)*_adapter\.pt)\z)"_s);
    if (perRank.match(name).hasMatch() || parts.contains(u"adapter_checkpoint"_s))
        return Need::PerRank;
    if (kMetadataFiles.contains(name) && parts.value(parts.size() - 2) == u"dist_ckpt"_s)
        return Need::DistMetadata;
    if (name == QLatin1String(kTrackerFile) || (parts.size() == 2 && name == u"data.pt"_s))
        return Need::Driver;
    if (parts.contains(u"huggingface"_s)) {
        if (name.endsWith(u".safetensors"_s) || name.endsWith(u".bin"_s))
            return Need::Weights;
        return Need::HfConfig;
    }
    return Need::RankZeroOther;
}

bool readOnResume(Need need)
{
    return need == Need::DistMetadata || need == Need::Weights || need == Need::HfConfig || need == Need::Driver;
}

QString needText(Need need)
{
    switch (need) {
    case Need::DistMetadata:
        return Text::tr("loaded by every rank: dist-checkpoint metadata (rank 0 writes it)");
    case Need::Weights:
        return Text::tr("loaded by every rank: the model's weights in Hugging Face format (rank 0 writes them; "
                        "verl ≥ 0.7 default with mbridge)");
    case Need::HfConfig:
        return Text::tr("read with the Hugging Face weights: config, index or tokenizer (rank 0 writes it)");
    case Need::Driver:
        return Text::tr("read by the trainer process when it resumes, on whichever node it starts");
    case Need::RankZeroOther:
        return Text::tr("written by rank 0 only; copied so every node holds the whole step");
    case Need::PerRank:
        return Text::tr("each rank writes and reads its own: stays on its node");
    }
    return QString();
}

QString needId(Need need)
{
    switch (need) {
    case Need::DistMetadata:
        return u"dist-metadata"_s;
    case Need::Weights:
        return u"weights"_s;
    case Need::HfConfig:
        return u"hf-config"_s;
    case Need::Driver:
        return u"trainer"_s;
    case Need::RankZeroOther:
        return u"rank0-other"_s;
    case Need::PerRank:
        return u"per-rank"_s;
    }
    return QString();
}

int worldSizeFromNames(const QByteArray &text)
{
    int world = 0;
    auto it = shardPattern().globalMatch(QString::fromLatin1(text));
    while (it.hasNext())
        world = std::max(world, it.next().captured(1).toInt() + 1);
    return world;
}

Result<SourceSet> filesToSync(const Discovery &discovery, const Selection &selection)
{
    const auto steps = selectedSteps(discovery, selection);
    if (!steps)
        return steps.error();
    SourceSet set;
    QStringList prefixes;
    for (const Step *step : *steps) {
        prefixes.append(step->dir + u'/');
        for (const DistCkptDir &dist : step->dists)
            set.worldSize = std::max(set.worldSize, dist.worldSize);
    }
    const auto add = [&](const Entry &entry) {
        const Need need = needOf(entry.path);
        if (need == Need::PerRank) {
            set.perRank.append(entry.path);
            return;
        }
        const bool special = entry.kind == Entry::Kind::Special;
        if (special || (entry.kind == Entry::Kind::Link && !entry.viaLink)) {
            if (readOnResume(need))
                set.unreadable.append({entry.path, need,
                                       special ? Text::tr("a %1, not a file").arg(entry.what)
                                               : Text::tr("a link to a %1").arg(entry.what)});
            else
                set.refused.append(special ? Text::tr("%1 is a %2, not a file: not copied.").arg(entry.path, entry.what)
                                           : Text::tr("%1 is a link to a %2: not copied.").arg(entry.path, entry.what));
            return;
        }
        set.files.append(SyncFile{entry.path, need, entry.size, entry.mtimeMs, entry.mode & 07777, entry.viaLink});
    };
    for (const Entry &entry : discovery.entries) {
        if (entry.kind == Entry::Kind::Folder)
            continue;
        const bool inStep = std::any_of(prefixes.cbegin(), prefixes.cend(),
                                        [&](const QString &p) { return entry.path.startsWith(p); });
        if (inStep || (selection.includeTracker && entry.path == QLatin1String(kTrackerFile)))
            add(entry);
    }
    if (set.files.isEmpty() && set.unreadable.isEmpty())
        return Error::input(Text::tr("The selected steps hold no file that other nodes need (only per-rank files, "
                                     "or nothing at all)."),
                            discovery.root);
    return set;
}

QString stepSignature(const Discovery &discovery, int step)
{
    const Step *s = discovery.step(step);
    if (!s)
        return QString();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const QString prefix = s->dir + u'/';
    for (const Entry &e : discovery.entries)
        if (e.path.startsWith(prefix))
            hash.addData(u"%1\t%2\t%3\t%4\n"_s.arg(e.path).arg(int(e.kind)).arg(e.size).arg(e.mtimeMs).toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

QList<int> completeSteps(const Discovery &before, const Discovery &now)
{
    QList<int> ready;
    for (const Step &step : now.steps) {
        if (!before.step(step.number))
            continue;
        // A tracker that exists names the last completed save: a later step is still being written.
        if (now.trackerPresent && (!now.tracker || *now.tracker < step.number))
            continue;
        // Every dist_ckpt folder has its .metadata (rank 0 writes it when every shard is in).
        const bool metadata = std::all_of(step.dists.cbegin(), step.dists.cend(),
                                          [](const DistCkptDir &d) { return d.present.contains(u".metadata"_s); });
        if (metadata && stepSignature(before, step.number) == stepSignature(now, step.number))
            ready.append(step.number);
    }
    return ready;
}

QList<Watcher::Round> Watcher::poll(const Discovery &now)
{
    QList<Round> rounds;
    if (!m_previous) {
        for (const Step &step : now.steps) // existing steps are not synced again
            m_synced.insert(step.number, stepSignature(now, step.number));
    } else {
        for (const int step : completeSteps(*m_previous, now)) {
            Round round;
            round.step = step;
            round.signature = stepSignature(now, step);
            round.changed = m_synced.contains(step) && m_synced.value(step) != round.signature;
            if (m_synced.contains(step) && !round.changed) {
                round.nodes = m_failed.value(step);
                if (round.nodes.isEmpty())
                    continue;
            }
            rounds.append(round);
        }
    }
    m_previous = now;
    return rounds;
}

void Watcher::done(const Round &round, const QStringList &failed)
{
    m_synced.insert(round.step, round.signature);
    m_failed.insert(round.step, failed);
}

} // namespace vna::ckptsync
