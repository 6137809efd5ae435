#include "npusmi.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(NpuSmi)
};

const QSet<QString> &healthWords()
{
    static const QSet<QString> words{u"OK"_s, u"Warning"_s, u"Alarm"_s, u"Critical"_s, u"UNKNOWN"_s};
    return words;
}

// The text of a table row from its first "|" on: shell prompts and indentation are dropped.
// Returns the cells between the bars; empty when the line is not a row (borders, prose).
QStringList rowCells(const QString &line)
{
    const qsizetype bar = line.indexOf(u'|');
    if (bar < 0)
        return {};
    QStringList cells = line.mid(bar + 1).split(u'|');
    // A row normally ends with "|"; a truncated paste may not.
    if (!cells.isEmpty() && cells.last().trimmed().isEmpty())
        cells.removeLast();
    for (QString &cell : cells)
        cell = cell.trimmed();
    return cells;
}

std::optional<int> toInt(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    return ok ? std::optional<int>(value) : std::nullopt;
}

std::optional<qint64> toInt64(const QString &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

const QRegularExpression &pairPattern()
{
    static const QRegularExpression re(uR"((\d+)\s*/\s*(\d+))"_s);
    return re;
}

QList<std::pair<qint64, qint64>> pairs(const QString &text)
{
    QList<std::pair<qint64, qint64>> result;
    auto it = pairPattern().globalMatch(text);
    while (it.hasNext()) {
        const auto match = it.next();
        result.append({match.captured(1).toLongLong(), match.captured(2).toLongLong()});
    }
    return result;
}

bool isBusId(const QString &text)
{
    static const QRegularExpression re(uR"(^(NA|[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\z)"_s);
    return re.match(text).hasMatch();
}

NpuFamily familyOf(const QString &name, bool phyIdHeader)
{
    if (phyIdHeader || name == u"Ascend910"_s)
        return NpuFamily::AtlasA3;
    static const QRegularExpression a2(uR"(^910B[1-4])"_s);
    if (a2.match(name).hasMatch())
        return NpuFamily::AtlasA2;
    if (name.startsWith(u"310P"_s))
        return NpuFamily::Ascend310P;
    if (name.startsWith(u"310B"_s))
        return NpuFamily::Ascend310B;
    if (name.startsWith(u"910"_s))
        return NpuFamily::Ascend910;
    return NpuFamily::Unknown;
}

QString lineProblem(int line, const QString &what)
{
    return Text::tr("Line %1: %2").arg(line).arg(what);
}

} // namespace

QString familyName(NpuFamily family)
{
    switch (family) {
    case NpuFamily::Unknown:
        return QString();
    case NpuFamily::Ascend910:
        return u"Ascend 910 (first generation)"_s;
    case NpuFamily::AtlasA2:
        return u"Atlas A2 (910B)"_s;
    case NpuFamily::AtlasA3:
        return u"Atlas A3 (910_93)"_s;
    case NpuFamily::Ascend310P:
        return u"Atlas 300I (310P)"_s;
    case NpuFamily::Ascend310B:
        return u"Atlas 200I A2 (310B)"_s;
    case NpuFamily::AtlasA5:
        return u"Atlas A5 (950)"_s;
    }
    return QString();
}

QList<int> NpuSmiInfo::npuIds() const
{
    QList<int> ids;
    for (const NpuDevice &device : devices)
        if (!ids.contains(device.npu))
            ids.append(device.npu);
    return ids;
}

Result<NpuSmiInfo> parseNpuSmiInfo(const QString &text)
{
    NpuSmiInfo info;
    static const QRegularExpression header(uR"(npu-smi\s+(\S+)\s+Version:\s*(\S+))"_s);
    static const QRegularExpression idle(uR"(No running processes found in NPU\s+(\d+))"_s);
    static const QRegularExpression firstRow(uR"(^(\d+)\s+(\S.*)\z)"_s);
    static const QRegularExpression secondRow(uR"(^(\d+)(?:\s+(\d+))?\z)"_s);

    enum class Section { None, Devices, Processes } section = Section::None;
    bool phyIdHeader = false;
    bool deviceHeader = false;
    bool hbmColumn = false;
    bool sawTable = false;
    std::optional<NpuDevice> pending; // first row read, second not yet
    // Column positions of the process table, from its header.
    int pidColumn = 1, containerColumn = -1, nameColumn = 2, memoryColumn = 3;

    const auto flushPending = [&] {
        if (!pending)
            return;
        info.problems.append(lineProblem(pending->line,
                                         Text::tr("NPU %1 has no second row (chip, Bus-Id, memory); those "
                                                  "values are not shown.")
                                             .arg(pending->npu)));
        info.devices.append(*pending);
        pending.reset();
    };

    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        const int lineNo = i + 1;
        QString line = lines.at(i);
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (const auto match = header.match(line); match.hasMatch()) {
            info.toolVersion = match.captured(1);
            info.driverVersion = match.captured(2).remove(u'|');
            sawTable = true;
            continue;
        }
        if (const auto match = idle.match(line); match.hasMatch()) {
            info.idleNpus.append(match.captured(1).toInt());
            info.processTableSeen = true;
            continue;
        }
        const QStringList cells = rowCells(line);
        if (cells.isEmpty())
            continue;
        const QString joined = cells.join(u' ');
        if (joined.contains(u"Process id"_s) || joined.contains(u"Process name"_s)) {
            flushPending();
            section = Section::Processes;
            info.processTableSeen = true;
            sawTable = true;
            pidColumn = containerColumn = nameColumn = memoryColumn = -1;
            for (int c = 0; c < cells.size(); ++c) {
                const QString &cell = cells.at(c);
                if (cell.contains(u"in container"_s))
                    containerColumn = c;
                else if (cell.contains(u"Process id"_s))
                    pidColumn = c;
                else if (cell.contains(u"Process name"_s))
                    nameColumn = c;
                else if (cell.contains(u"Process memory"_s))
                    memoryColumn = c;
            }
            if (pidColumn < 0)
                pidColumn = 1;
            continue;
        }
        if (cells.first().startsWith(u"NPU"_s) && joined.contains(u"Name"_s)) {
            section = Section::Devices;
            sawTable = true;
            continue;
        }
        if (cells.first().startsWith(u"Chip"_s)) {
            phyIdHeader = cells.first().contains(u"Phy-ID"_s);
            deviceHeader = cells.first().contains(u"Device"_s);
            hbmColumn = joined.contains(u"HBM"_s);
            section = Section::Devices;
            sawTable = true;
            continue;
        }
        if (section == Section::Processes) {
            if (cells.size() < 2) {
                info.problems.append(lineProblem(lineNo, Text::tr("could not read this process row: %1").arg(joined)));
                continue;
            }
            const auto ids = secondRow.match(cells.first());
            const auto pid = pidColumn < cells.size() ? toInt64(cells.at(pidColumn)) : std::nullopt;
            if (!ids.hasMatch() || !pid) {
                info.problems.append(lineProblem(lineNo, Text::tr("could not read this process row: %1").arg(joined)));
                continue;
            }
            NpuProcess process;
            process.npu = ids.captured(1).toInt();
            process.chip = ids.captured(2).isEmpty() ? 0 : ids.captured(2).toInt();
            process.pid = *pid;
            if (containerColumn >= 0 && containerColumn < cells.size())
                process.containerPid = toInt64(cells.at(containerColumn));
            if (nameColumn >= 0 && nameColumn < cells.size())
                process.name = cells.at(nameColumn);
            if (memoryColumn >= 0 && memoryColumn < cells.size())
                process.memoryMb = toInt64(cells.at(memoryColumn));
            if (!process.memoryMb)
                info.problems.append(
                    lineProblem(lineNo, Text::tr("the memory of process %1 could not be read.").arg(process.pid)));
            info.processes.append(process);
            continue;
        }
        if (section != Section::Devices || cells.size() < 2)
            continue;

        const QString rest = cells.mid(2).join(u' ');
        const auto second = secondRow.match(cells.first());
        if (second.hasMatch() && isBusId(cells.at(1))) {
            if (!pending) {
                info.problems.append(
                    lineProblem(lineNo, Text::tr("a chip row without the NPU row before it: %1").arg(joined)));
                continue;
            }
            NpuDevice device = *pending;
            pending.reset();
            device.chip = second.captured(1).toInt();
            if (!second.captured(2).isEmpty()) {
                if (deviceHeader)
                    device.deviceId = second.captured(2).toInt();
                else
                    device.phyId = second.captured(2).toInt();
            }
            device.busId = cells.at(1);
            const QStringList tokens = rest.split(u' ', Qt::SkipEmptyParts);
            device.aicorePct = tokens.isEmpty() ? std::nullopt : toInt(tokens.first());
            const auto found = pairs(rest);
            if (!found.isEmpty()) {
                device.memoryUsedMb = found.at(0).first;
                device.memoryTotalMb = found.at(0).second;
            }
            if (found.size() >= 2) {
                device.hbmUsedMb = found.at(1).first;
                device.hbmTotalMb = found.at(1).second;
            } else if (hbmColumn) {
                info.problems.append(lineProblem(
                    lineNo,
                    Text::tr("the HBM usage of NPU %1 chip %2 could not be read.").arg(device.npu).arg(device.chip)));
            }
            if (found.isEmpty())
                info.problems.append(lineProblem(lineNo,
                                                 Text::tr("the memory usage of NPU %1 chip %2 could not be read.")
                                                     .arg(device.npu)
                                                     .arg(device.chip)));
            if (!device.aicorePct)
                info.problems.append(
                    lineProblem(lineNo, Text::tr("the AI core usage of NPU %1 could not be read.").arg(device.npu)));
            info.devices.append(device);
            continue;
        }
        const auto first = firstRow.match(cells.first());
        if (first.hasMatch()) {
            flushPending();
            NpuDevice device;
            device.line = lineNo;
            device.npu = first.captured(1).toInt();
            device.name = first.captured(2).trimmed();
            device.health = cells.at(1);
            if (!healthWords().contains(device.health))
                info.problems.append(lineProblem(lineNo,
                                                 Text::tr("health \"%1\" of NPU %2 is not one of OK, Warning, Alarm, "
                                                          "Critical, UNKNOWN; the paste may be damaged.")
                                                     .arg(device.health)
                                                     .arg(device.npu)));
            const QStringList tokens = rest.split(u' ', Qt::SkipEmptyParts);
            if (!tokens.isEmpty() && tokens.first() != u"NA"_s && tokens.first() != u"-"_s) {
                bool ok = false;
                const double power = tokens.first().toDouble(&ok);
                if (ok)
                    device.powerW = power;
                else
                    info.problems.append(
                        lineProblem(lineNo, Text::tr("the power of NPU %1 could not be read.").arg(device.npu)));
            }
            if (tokens.size() >= 2)
                device.tempC = toInt(tokens.at(1));
            if (!device.tempC)
                info.problems.append(
                    lineProblem(lineNo, Text::tr("the temperature of NPU %1 could not be read.").arg(device.npu)));
            pending = device;
            continue;
        }
        info.problems.append(lineProblem(lineNo, Text::tr("could not read this row: %1").arg(joined)));
    }
    flushPending();

    if (!sawTable)
        return Error::input(Text::tr("This is not npu-smi info output: no npu-smi table was found."));
    if (info.toolVersion.isEmpty())
        info.problems.prepend(Text::tr("The header line with the npu-smi and driver versions is missing."));
    if (!info.devices.isEmpty())
        info.family = familyOf(info.devices.first().name, phyIdHeader);
    return info;
}

Result<QList<ChipMapping>> parseChipMap(const QString &text)
{
    QList<ChipMapping> result;
    bool header = false;
    bool phyColumn = false;
    const QStringList lines = text.split(u'\n');
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.startsWith(u"NPU ID"_s) && line.contains(u"Chip Logic ID"_s)) {
            header = true;
            phyColumn = line.contains(u"Phy-ID"_s);
            continue;
        }
        if (!header || line.isEmpty())
            continue;
        QStringList tokens = line.split(u' ', Qt::SkipEmptyParts);
        const int fixed = phyColumn ? 4 : 3;
        if (tokens.size() < fixed)
            continue;
        const auto npu = toInt(tokens.at(0));
        const auto chip = toInt(tokens.at(1));
        if (!npu || !chip)
            continue;
        ChipMapping mapping;
        mapping.npu = *npu;
        mapping.chip = *chip;
        mapping.logicId = toInt(tokens.at(2));
        if (phyColumn)
            mapping.phyId = toInt(tokens.at(3));
        mapping.name = tokens.mid(fixed).join(u' ');
        result.append(mapping);
    }
    if (!header)
        return Error::input(
            Text::tr("This is not npu-smi info -m output: the \"NPU ID … Chip Logic ID\" header is missing."));
    return result;
}

QMap<QString, QString> parseKeyValues(const QString &text)
{
    QMap<QString, QString> values;
    static const QRegularExpression re(uR"(^\s*([^:]+?)\s*:\s*(.*?)\s*\z)"_s);
    const QStringList lines = text.split(u'\n');
    for (const QString &line : lines) {
        const auto match = re.match(line);
        if (match.hasMatch())
            values.insert(match.captured(1), match.captured(2));
    }
    return values;
}

} // namespace vna::env
