#include "report.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QSet>

#include "common/version.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(EnvReport)
};

template <typename T>
QJsonValue optional(const std::optional<T> &value)
{
    if (!value)
        return QJsonValue::Null;
    if constexpr (std::is_same_v<T, double>)
        return *value;
    else
        return static_cast<qint64>(*value);
}

QJsonValue text(const QString &value)
{
    return value.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(value);
}

QJsonObject checkJson(const Check &check)
{
    return QJsonObject{
        {u"id"_s, check.id},
        {u"category"_s, check.category},
        {u"title"_s, check.title},
        {u"verdict"_s, verdictId(check.verdict)},
        {u"evidence"_s, check.evidence},
        {u"next_step"_s, check.nextStep.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(check.nextStep)}};
}

QString cell(const QString &value)
{
    return value.isEmpty() ? u"—"_s : value;
}

QString escapeMarkdown(QString value)
{
    return value.replace(u'|', u"\\|"_s).replace(u'\n', u' ');
}

} // namespace

QJsonObject toJson(const QList<Diagnosis> &diagnoses, qint64 elapsedMs)
{
    QJsonArray targets;
    for (const Diagnosis &d : diagnoses) {
        QJsonArray checks;
        for (const Check &check : d.checks)
            checks.append(checkJson(check));
        QJsonArray devices;
        QJsonArray processes;
        if (d.smi) {
            for (const NpuDevice &device : d.smi->devices)
                devices.append(QJsonObject{{u"npu"_s, device.npu},
                                           {u"chip"_s, device.chip},
                                           {u"name"_s, device.name},
                                           {u"health"_s, device.health},
                                           {u"power_w"_s, optional(device.powerW)},
                                           {u"temp_c"_s, optional(device.tempC)},
                                           {u"aicore_pct"_s, optional(device.aicorePct)},
                                           {u"hbm_used_mb"_s, optional(device.hbmUsedMb)},
                                           {u"hbm_total_mb"_s, optional(device.hbmTotalMb)},
                                           {u"memory_used_mb"_s, optional(device.memoryUsedMb)},
                                           {u"memory_total_mb"_s, optional(device.memoryTotalMb)},
                                           {u"bus_id"_s, text(device.busId.isEmpty() ? QString() : device.busId)}});
            for (const NpuProcess &p : d.smi->processes)
                processes.append(QJsonObject{{u"npu"_s, p.npu},
                                             {u"chip"_s, p.chip},
                                             {u"pid"_s, p.pid},
                                             {u"name"_s, p.name},
                                             {u"memory_mb"_s, optional(p.memoryMb)}});
        }
        QJsonObject versions;
        for (const auto &[key, value] : d.versions())
            versions.insert(key, text(value.isEmpty() ? QString() : value));
        QJsonObject environment;
        for (auto it = d.snapshot.environment.cbegin(); it != d.snapshot.environment.cend(); ++it)
            environment.insert(it.key(), it.value());
        QJsonObject target{{u"host"_s, d.host()},
                           {u"reachable"_s, d.snapshot.failure.isEmpty()},
                           {u"family"_s, d.smi ? text(familyName(d.smi->family)) : QJsonValue(QJsonValue::Null)},
                           {u"checks"_s, checks},
                           {u"devices"_s, devices},
                           {u"processes"_s, processes},
                           {u"versions"_s, versions},
                           {u"environment"_s, environment},
                           {u"elapsed_ms"_s, d.snapshot.elapsedMs}};
        targets.append(target);
    }
    return QJsonObject{{u"tool"_s, u"verl-npu-assistant %1"_s.arg(QString::fromLatin1(vna::kAppVersion))},
                       {u"targets"_s, targets},
                       {u"elapsed_ms"_s, elapsedMs}};
}

QString installedVerl(const QList<Diagnosis> &diagnoses)
{
    QString found;
    for (const Diagnosis &d : diagnoses) {
        const QString version = d.python.packages.value(u"verl"_s);
        if (version.isEmpty())
            continue;
        if (!found.isEmpty() && found != version)
            return QString();
        found = version;
    }
    return found;
}

QString nodesSummary(const QList<Diagnosis> &diagnoses)
{
    QStringList unreachable;
    QStringList failing;
    QStringList warning;
    QStringList passed;
    for (const Diagnosis &d : diagnoses) {
        if (!d.snapshot.failure.isEmpty())
            unreachable << d.host();
        else if (const Verdict worst = d.worst(); worst == Verdict::Fail || worst == Verdict::Error)
            failing << d.host();
        else if (worst == Verdict::Warn)
            warning << d.host();
        else
            passed << d.host();
    }
    // Names while they fit on a line; a count says the rest.
    const auto named = [](const QStringList &hosts) {
        constexpr qsizetype kNamed = 4;
        QString names = hosts.mid(0, kNamed).join(u", "_s);
        if (hosts.size() > kNamed)
            names += u", …"_s;
        return names;
    };
    QStringList parts;
    if (!unreachable.isEmpty())
        parts << Text::tr("%1 unreachable (%2)").arg(unreachable.size()).arg(named(unreachable));
    if (!failing.isEmpty())
        parts << Text::tr("%1 with failures (%2)").arg(failing.size()).arg(named(failing));
    if (!warning.isEmpty())
        parts << Text::tr("%1 with warnings (%2)").arg(warning.size()).arg(named(warning));
    if (!passed.isEmpty())
        parts << Text::tr("%1 passed").arg(passed.size());
    return Text::tr("%n node(s): %1.", "", static_cast<int>(diagnoses.size())).arg(parts.join(u", "_s));
}

QString notAnNpuNode(const Diagnosis &diagnosis)
{
    const Section *smi = diagnosis.snapshot.section(u"npu-smi"_s);
    if (!diagnosis.snapshot.failure.isEmpty() || !smi || !smi->missing() || diagnosis.logicalDeviceCount() > 0)
        return {};
    return Text::tr("%1 has no Ascend NPU: npu-smi is not installed and no device was found, so this is not an NPU "
                    "node. Run the checks on the nodes that train (over SSH), or install the NPU driver if it should "
                    "be one.")
        .arg(diagnosis.host() == kLocalHost ? Text::tr("This machine") : diagnosis.host());
}

QString toText(const QList<Diagnosis> &diagnoses)
{
    QString out;
    if (diagnoses.size() > 1)
        out += nodesSummary(diagnoses) + u"\n\n"_s;
    const qsizetype width = [] {
        qsizetype w = 0;
        for (const QString &id : checkIds())
            w = std::max(w, id.size());
        return w;
    }();
    for (const Diagnosis &d : diagnoses) {
        out += u"== "_s + d.host();
        if (d.smi && d.smi->family != NpuFamily::Unknown)
            out += u" — "_s + familyName(d.smi->family);
        out += u" ==\n"_s;
        if (const QString none = notAnNpuNode(d); !none.isEmpty())
            out += none + u'\n';
        for (const Check &check : d.checks) {
            out += verdictId(check.verdict).leftJustified(6) + check.id.leftJustified(width + 2) + check.evidence
                + u'\n';
            if (!check.nextStep.isEmpty())
                out += QString(6 + width + 2, u' ') + Text::tr("Next step:") + u' ' + check.nextStep + u'\n';
        }
        out += u'\n';
    }
    if (diagnoses.size() > 1) {
        const NodeMatrix matrix = buildMatrix(diagnoses);
        QStringList lines;
        for (const MatrixRow &row : matrix.rows)
            if (row.differs) {
                QStringList cells;
                for (qsizetype i = 0; i < matrix.hosts.size(); ++i)
                    cells.append(matrix.hosts.at(i) + u'=' + row.cells.value(i));
                lines.append(u"  "_s + row.label + u": "_s + cells.join(u", "_s));
            }
        out += lines.isEmpty() ? QString(Text::tr("All nodes agree on every check, version and variable.") + u'\n')
                               : QString(Text::tr("Where the nodes differ:") + u'\n' + lines.join(u'\n') + u'\n');
    }
    return out;
}

QString toMarkdown(const QList<Diagnosis> &diagnoses)
{
    QString md;
    md += u"## "_s + Text::tr("Environment report") + u"\n\n"_s;
    md += Text::tr("Made by verl-npu-assistant %1 on %2.")
              .arg(QString::fromLatin1(vna::kAppVersion), QDateTime::currentDateTimeUtc().toString(Qt::ISODate))
        + u"\n\n"_s;
    if (diagnoses.size() > 1) {
        const NodeMatrix matrix = buildMatrix(diagnoses);
        md += u"### "_s + Text::tr("Nodes") + u"\n\n| |"_s;
        for (const QString &host : matrix.hosts)
            md += u' ' + escapeMarkdown(host) + u" |"_s;
        md += u"\n|---|"_s + QString(u"---|"_s).repeated(matrix.hosts.size()) + u'\n';
        for (const MatrixRow &row : matrix.rows) {
            if (row.kind == MatrixRow::Kind::Variable && !row.differs)
                continue;
            md += u"| "_s + (row.differs ? u"**"_s + escapeMarkdown(row.label) + u"**"_s : escapeMarkdown(row.label))
                + u" |"_s;
            for (const QString &value : row.cells)
                md += u' ' + escapeMarkdown(value) + u" |"_s;
            md += u'\n';
        }
        md += u"\n"_s + Text::tr("Rows in bold differ between nodes.") + u"\n\n"_s;
    }
    for (const Diagnosis &d : diagnoses) {
        md += u"### "_s + escapeMarkdown(d.host());
        if (d.smi && d.smi->family != NpuFamily::Unknown)
            md += u" — "_s + familyName(d.smi->family);
        md += u"\n\n| "_s + Text::tr("Verdict") + u" | "_s + Text::tr("Check") + u" | "_s + Text::tr("Evidence")
            + u" | "_s + Text::tr("Next step") + u" |\n|---|---|---|---|\n"_s;
        for (const Check &check : d.checks)
            md += u"| "_s + verdictId(check.verdict) + u" | `"_s + check.id + u"` | "_s + escapeMarkdown(check.evidence)
                + u" | "_s + escapeMarkdown(check.nextStep) + u" |\n"_s;
        md += u"\n**"_s + Text::tr("Versions") + u"**: "_s;
        QStringList versions;
        for (const auto &[key, value] : d.versions())
            if (!value.isEmpty())
                versions.append(u"%1 `%2`"_s.arg(key, value));
        md += (versions.isEmpty() ? Text::tr("none found") : versions.join(u", "_s)) + u"\n\n"_s;
        for (const Section &section : d.snapshot.sections) {
            const QString title = section.name == u"env"_s
                ? Text::tr("Environment variables (allowlisted, secrets masked)")
                : section.name;
            QString body = section.text;
            body.remove(u"@@VNA-PYTHON@@"_s);
            body.replace(u"```"_s, u"`\u200b``"_s);
            md += u"<details><summary>"_s + title.toHtmlEscaped() + u" ("_s
                + Text::tr("exit code %1").arg(section.exitCode) + u")</summary>\n\n```\n"_s + body.trimmed()
                + u"\n```\n</details>\n\n"_s;
        }
    }
    return md;
}

NodeMatrix buildMatrix(const QList<Diagnosis> &diagnoses)
{
    NodeMatrix matrix;
    for (const Diagnosis &d : diagnoses)
        matrix.hosts.append(d.host());
    const auto finish = [&](MatrixRow row) {
        const QSet<QString> values(row.cells.cbegin(), row.cells.cend());
        row.differs = values.size() > 1;
        matrix.rows.append(std::move(row));
    };
    for (const QString &id : checkIds()) {
        MatrixRow row;
        row.kind = MatrixRow::Kind::Check;
        bool present = false;
        for (const Diagnosis &d : diagnoses) {
            const Check *found = nullptr;
            for (const Check &check : d.checks)
                if (check.id == id)
                    found = &check;
            if (found) {
                present = true;
                row.label = found->title;
                row.cells.append(verdictId(found->verdict));
                row.verdicts.append(found->verdict);
            } else {
                row.cells.append(u"—"_s);
                row.verdicts.append(Verdict::Skip);
            }
        }
        if (present)
            finish(row);
    }
    MatrixRow devices;
    devices.kind = MatrixRow::Kind::Devices;
    devices.label = Text::tr("Logical devices");
    for (const Diagnosis &d : diagnoses)
        devices.cells.append(d.logicalDeviceCount() > 0 ? QString::number(d.logicalDeviceCount()) : u"—"_s);
    finish(devices);
    // Each node's version list once, not once per row and cell.
    QList<QList<std::pair<QString, QString>>> versions;
    for (const Diagnosis &d : diagnoses)
        versions.append(d.versions());
    if (!versions.isEmpty())
        for (qsizetype v = 0; v < versions.first().size(); ++v) {
            MatrixRow row;
            row.kind = MatrixRow::Kind::Version;
            row.label = versions.first().at(v).first;
            for (const auto &list : std::as_const(versions))
                row.cells.append(cell(list.at(v).second));
            finish(row);
        }
    QStringList names;
    for (const Diagnosis &d : diagnoses)
        for (auto it = d.snapshot.environment.cbegin(); it != d.snapshot.environment.cend(); ++it)
            if (!names.contains(it.key()))
                names.append(it.key());
    std::sort(names.begin(), names.end());
    for (const QString &name : std::as_const(names)) {
        MatrixRow row;
        row.kind = MatrixRow::Kind::Variable;
        row.label = name;
        for (const Diagnosis &d : diagnoses)
            row.cells.append(d.snapshot.failure.isEmpty() ? d.snapshot.environment.value(name, u"—"_s) : u"—"_s);
        finish(row);
    }
    return matrix;
}

} // namespace vna::env
