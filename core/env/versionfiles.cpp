#include "versionfiles.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::env {

QMap<QString, QString> parseAssignments(const QString &text)
{
    QMap<QString, QString> values;
    const QStringList lines = text.split(u'\n');
    for (QString line : lines) {
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const qsizetype eq = line.indexOf(u'=');
        if (eq <= 0)
            continue;
        values.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return values;
}

namespace {

bool isNumber(const QString &part)
{
    if (part.isEmpty())
        return false;
    for (const QChar c : part)
        if (!c.isDigit())
            return false;
    return true;
}

} // namespace

int compareVersions(const QString &a, const QString &b)
{
    const QStringList left = a.split(u'.');
    const QStringList right = b.split(u'.');
    const qsizetype n = std::max(left.size(), right.size());
    for (qsizetype i = 0; i < n; ++i) {
        const QString l = i < left.size() ? left.at(i) : u"0"_s;
        const QString r = i < right.size() ? right.at(i) : u"0"_s;
        const bool ln = isNumber(l);
        const bool rn = isNumber(r);
        if (ln && rn) {
            const qulonglong x = l.toULongLong();
            const qulonglong y = r.toULongLong();
            if (x != y)
                return x < y ? -1 : 1;
        } else if (ln != rn) {
            return ln ? 1 : -1; // "rc3" < "0"
        } else {
            const int c = l.compare(r, Qt::CaseInsensitive);
            if (c != 0)
                return c < 0 ? -1 : 1;
        }
    }
    return 0;
}

bool VersionRange::contains(const QString &version) const
{
    if (high.endsWith(u'.')) {
        const QString prefix = high.chopped(1);
        if (version == prefix || version.startsWith(high))
            return true;
    }
    const QString top = high.endsWith(u'.') ? high.chopped(1) : high;
    return compareVersions(low, version) <= 0 && compareVersions(version, top) <= 0;
}

QString VersionRange::text() const
{
    if (high.endsWith(u'.') && high.chopped(1) == low)
        return low + u'*';
    return low == high ? low : low + u" – "_s + high;
}

QList<VersionRange> parseRanges(const QString &text)
{
    QList<VersionRange> ranges;
    static const QRegularExpression re(uR"(\[([^\],]*),([^\]]*)\])"_s);
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto match = it.next();
        ranges.append({match.captured(1).trimmed(), match.captured(2).trimmed()});
    }
    return ranges;
}

QStringList parseCodeList(const QString &text)
{
    QStringList codes;
    static const QRegularExpression re(uR"([A-Za-z0-9]+)"_s);
    auto it = re.globalMatch(text);
    while (it.hasNext())
        codes.append(it.next().captured(0));
    return codes;
}

DriverInfo parseDriverInfo(const QString &text, const QString &path)
{
    const auto values = parseAssignments(text);
    DriverInfo info;
    info.path = path;
    info.version = values.value(u"Version"_s, values.value(u"package_version"_s));
    info.innerVersion = values.value(u"Innerversion"_s);
    info.compatibleCann = parseCodeList(values.value(u"compatible_version"_s));
    info.compatibleFirmware = parseRanges(values.value(u"compatible_version_fw"_s));
    return info;
}

FirmwareInfo parseFirmwareInfo(const QString &text, const QString &path)
{
    const auto values = parseAssignments(text);
    FirmwareInfo info;
    info.path = path;
    info.version = values.value(u"Version"_s);
    info.packageVersion = values.value(u"package_version"_s);
    info.compatibleDrivers = parseRanges(values.value(u"compatible_version_drv"_s));
    return info;
}

QString ToolkitInfo::innerCode() const
{
    static const QRegularExpression re(uR"(^(V\d+R\d+C\d+))"_s);
    const auto match = re.match(innerVersion);
    return match.hasMatch() ? match.captured(1) : QString();
}

ToolkitInfo parseToolkitInfo(const QString &text, const QString &path)
{
    const auto values = parseAssignments(text);
    ToolkitInfo info;
    info.path = path;
    info.version = values.value(u"version"_s);
    info.innerVersion = values.value(u"innerversion"_s);
    info.arch = values.value(u"arch"_s);
    info.installPath = values.value(u"path"_s);
    return info;
}

QString parseNnalVersion(const QString &text)
{
    QString fallback;
    for (const QString &line : text.split(u'\n')) {
        const qsizetype colon = line.indexOf(u':');
        if (colon < 0)
            continue;
        const QString key = line.left(colon).trimmed();
        QString value = line.mid(colon + 1).trimmed();
        if (key.compare(u"Ascend-cann-atb"_s, Qt::CaseInsensitive) == 0)
            return value;
        if (key.compare(u"version"_s, Qt::CaseInsensitive) == 0 && fallback.isEmpty())
            fallback = value;
    }
    return fallback;
}

QString VersionCfg::toolkitRelease() const
{
    return running.value(u"toolkit"_s, running.value(u"runtime"_s));
}

VersionCfg parseVersionCfg(const QString &text, const QString &path)
{
    VersionCfg cfg;
    cfg.path = path;
    static const QRegularExpression line(uR"(^(\w+?)_(running|installed)_version\z)"_s);
    static const QRegularExpression entry(uR"(\[([^:\]]*):([^\]]*)\])"_s);
    const auto values = parseAssignments(text);
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const auto key = line.match(it.key());
        if (!key.hasMatch())
            continue;
        QStringList releases;
        auto entries = entry.globalMatch(it.value());
        while (entries.hasNext()) {
            const auto match = entries.next();
            releases.append(match.captured(2).trimmed());
        }
        if (releases.isEmpty())
            continue;
        if (key.captured(2) == u"running"_s)
            cfg.running.insert(key.captured(1), releases.last());
        else
            cfg.installed.insert(key.captured(1), releases);
    }
    return cfg;
}

} // namespace vna::env
