#include "discovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>

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
    Discovery d;
    d.root = root;
    QMap<int, Step> steps;
    QMap<QString, DistCkptDir> dists; // by path
    static const QRegularExpression shard(uR"(^__(\d+)_(\d+)\.distcp\z)"_s);
    for (const QString &file : files) {
        const QStringList parts = file.split(u'/', Qt::SkipEmptyParts);
        if (parts.size() == 1 && parts.first() == QLatin1String(kTrackerFile)) {
            d.trackerPresent = true;
            continue;
        }
        if (parts.isEmpty())
            continue;
        const auto match = stepPattern().match(parts.first());
        if (!match.hasMatch())
            continue;
        const int number = match.captured(1).toInt();
        Step &step = steps[number];
        step.number = number;
        step.dir = parts.first();
        if (parts.size() == 2 && parts.at(1) == u"data.pt"_s)
            step.dataPt = true;
        // global_step_N/<role>/dist_ckpt/<file> (v1) or global_step_N/<role>/<part>/dist_ckpt/<file> (v2)
        qsizetype dist = parts.indexOf(u"dist_ckpt"_s);
        if (dist < 2 || dist != parts.size() - 2 || dist > 3)
            continue;
        const QString dirPath = parts.mid(0, dist + 1).join(u'/');
        DistCkptDir &entry = dists[dirPath];
        entry.path = dirPath;
        entry.role = parts.at(1);
        const QString &name = parts.last();
        if (kMetadataFiles.contains(name) && !entry.present.contains(name))
            entry.present.append(name);
        if (const auto m = shard.match(name); m.hasMatch())
            entry.worldSize = std::max(entry.worldSize, m.captured(1).toInt() + 1);
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
    bool ok = false;
    const int tracker = trackerText.trimmed().toInt(&ok);
    if (ok)
        d.tracker = tracker;
    return d;
}

Result<QStringList> listLocal(const QString &root, int maxDepth)
{
    const QFileInfo info(root);
    if (!info.exists())
        return Error::input(Text::tr("%1 does not exist.").arg(root), root);
    if (!info.isDir())
        return Error::input(Text::tr("%1 is not a folder.").arg(root), root);
    if (!info.isReadable())
        return Error::input(Text::tr("%1 cannot be read.").arg(root), root);
    QStringList files;
    const QDir base(root);
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = base.relativeFilePath(it.next());
        if (relative.count(u'/') < maxDepth)
            files.append(relative);
        if (files.size() > 1000000)
            return Error::input(Text::tr("%1 holds more than a million files; point to default_local_dir or one "
                                         "global_step_N folder.")
                                    .arg(root),
                                root);
    }
    files.sort();
    return files;
}

QList<int> completeSteps(const Discovery &before, const Discovery &now)
{
    QList<int> ready;
    for (const Step &step : now.steps) {
        const Step *previous = before.step(step.number);
        if (!previous || step.dists.isEmpty() || previous->dists.size() != step.dists.size())
            continue;
        bool complete = true;
        for (qsizetype i = 0; i < step.dists.size(); ++i) {
            const DistCkptDir &a = step.dists.at(i);
            const DistCkptDir &b = previous->dists.at(i);
            complete = complete && a.present.size() == kMetadataFiles.size() && a.path == b.path
                && a.present == b.present && a.worldSize == b.worldSize;
        }
        if (complete)
            ready.append(step.number);
    }
    return ready;
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

Result<QList<SyncFile>> filesToSync(const Discovery &discovery, const Selection &selection)
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
    QList<SyncFile> files;
    for (const Step *step : steps) {
        for (const DistCkptDir &dist : step->dists)
            for (const QString &name : kMetadataFiles)
                files.append({dist.path + u'/' + name, dist.present.contains(name)});
        if (selection.includeTracker && step->dataPt)
            files.append({step->dir + u"/data.pt"_s, true});
    }
    if (selection.includeTracker && discovery.trackerPresent)
        files.append({QString::fromLatin1(kTrackerFile), true});
    if (files.isEmpty())
        return Error::input(Text::tr("The selected steps hold no dist_ckpt folder: this is not a Megatron "
                                     "checkpoint, or it was saved with a layout this tool does not know."),
                            discovery.root);
    return files;
}

} // namespace vna::ckptsync
