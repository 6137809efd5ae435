#include "runsettings.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

#include "profiler/lint.h"
#include "verl/configfacts.h"

using namespace Qt::StringLiterals;

namespace vna::memory {

namespace {

const QString kPpoTrainer = u"verl/trainer/config/ppo_trainer"_s;

// ${a.b} or ${oc.select:a.b,fallback}: the key it reads and its fallback text.
bool interpolationOf(const QString &text, QString &key, QString &fallback, bool &hasFallback)
{
    static const QRegularExpression pattern(uR"(^\$\{(?:oc\.select:)?([A-Za-z0-9_.]+)(?:,([^}]*))?\}$)"_s);
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return false;
    key = match.captured(1);
    hasFallback = match.capturedStart(2) >= 0;
    fallback = match.captured(2).trimmed();
    return true;
}

QJsonValue scalarOf(const QString &text)
{
    if (text == u"true" || text == u"True")
        return true;
    if (text == u"false" || text == u"False")
        return false;
    if (text == u"null" || text == u"None" || text.isEmpty())
        return QJsonValue::Null;
    bool ok = false;
    const double number = text.toDouble(&ok);
    if (ok)
        return number;
    return text;
}

void fillDefaults(RunSettings &settings,
                  QHash<QString, QJsonValue> &defaults,
                  QHash<QString, QString> &sources,
                  const QList<std::pair<QString, QString>> &choices)
{
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    const qsizetype release = facts.releaseFor(settings.version);
    if (release < 0) {
        settings.notes << QCoreApplication::translate("Memory",
                                                      "verl %1 is older than every release whose config was read; "
                                                      "the settings the command does not set are unknown.")
                              .arg(settings.version.toString());
        return;
    }
    settings.tag = facts.tag(release);
    auto composed = facts.compose(settings.configId, release, choices);
    if (!composed && settings.configId != kPpoTrainer) {
        settings.notes << QCoreApplication::translate("Memory",
                                                      "%1 could not be composed at %2 (%3); verl's PPO "
                                                      "trainer defaults stand in for it.")
                              .arg(settings.configId, settings.tag, composed.error().message);
        settings.configId = kPpoTrainer;
        composed = facts.compose(settings.configId, release, {});
    }
    if (!composed) {
        settings.notes << composed.error().message;
        return;
    }
    for (auto it = composed->nodes.cbegin(); it != composed->nodes.cend(); ++it) {
        const verl::ConfigNode &node = it.value();
        if (node.type == verl::ConfigNode::Type::Dict)
            continue;
        defaults.insert(
            it.key(), node.type == verl::ConfigNode::Type::Interpolation ? QJsonValue(node.interpolation) : node.value);
        sources.insert(it.key(), node.source);
    }
}

} // namespace

QJsonValue jsonOf(const hydra::Value &value)
{
    switch (value.type()) {
    case hydra::Value::Type::Bool:
        return value.toBool();
    case hydra::Value::Type::Int:
        return static_cast<double>(value.toInt());
    case hydra::Value::Type::Float:
        return value.toFloat();
    case hydra::Value::Type::String:
        return scalarOf(value.toString()).isString() ? QJsonValue(value.toString()) : scalarOf(value.toString());
    case hydra::Value::Type::Interpolation:
        return value.toInterpolation();
    case hydra::Value::Type::List: {
        // target_modules=[q_proj,v_proj]
        QJsonArray items;
        for (const hydra::Value &item : value.toList())
            items.append(jsonOf(item));
        return items;
    }
    default:
        return QJsonValue::Null;
    }
}

Setting RunSettings::get(const QString &key) const
{
    QString current = key;
    for (int depth = 0; depth < 8; ++depth) {
        if (const auto it = m_command.constFind(current); it != m_command.constEnd()) {
            QString target;
            QString fallback;
            bool hasFallback = false;
            if (!it->value.isString() || !interpolationOf(it->value.toString(), target, fallback, hasFallback))
                return *it;
            current = target;
            continue;
        }
        const auto it = m_defaults.constFind(current);
        if (it == m_defaults.constEnd())
            return {};
        QString target;
        QString fallback;
        bool hasFallback = false;
        if (!it->isString() || !interpolationOf(it->toString(), target, fallback, hasFallback))
            return Setting{*it, m_sources.value(current), false};
        if (!m_command.contains(target) && !m_defaults.contains(target) && hasFallback)
            return Setting{scalarOf(fallback), m_sources.value(current), false};
        current = target;
    }
    return {};
}

double RunSettings::number(const QString &key, double fallback) const
{
    const QJsonValue value = get(key).value;
    if (value.isDouble())
        return value.toDouble();
    if (value.isString()) {
        bool ok = false;
        const double number = value.toString().toDouble(&ok);
        if (ok)
            return number;
    }
    return fallback;
}

bool RunSettings::flag(const QString &key, bool fallback) const
{
    const QJsonValue value = get(key).value;
    if (value.isBool())
        return value.toBool();
    if (value.isString()) {
        const QJsonValue scalar = scalarOf(value.toString());
        if (scalar.isBool())
            return scalar.toBool();
    }
    return fallback;
}

QString RunSettings::text(const QString &key, const QString &fallback) const
{
    const QJsonValue value = get(key).value;
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    return fallback;
}

void RunSettings::set(const QString &key, const QJsonValue &value)
{
    m_command.insert(key, Setting{value, u"command"_s, true});
}

Result<RunSettings> readSettings(const QString &script, const verl::Version &version, const std::atomic_bool *cancel)
{
    const auto report = profiler::lint(script, version, cancel);
    if (!report)
        return report.error();
    RunSettings settings;
    settings.version = version;
    settings.configId = kPpoTrainer;
    QList<std::pair<QString, QString>> choices;
    for (const profiler::LaunchReport &launch : report->launches) {
        if (launch.program.isEmpty() && !settings.program.isEmpty())
            continue;
        settings.program = launch.program;
        if (!launch.configId.isEmpty())
            settings.configId = launch.configId;
        choices = launch.choices;
        settings.programWords = launch.corrected.mid(0, launch.programWords);
        if (settings.programWords.isEmpty() && !launch.program.isEmpty())
            settings.programWords = launch.program.split(u' ', Qt::SkipEmptyParts);
        if (!launch.program.isEmpty())
            break;
    }
    if (report->launches.isEmpty() && report->overrides == 0) {
        settings.notRead = QCoreApplication::translate(
            "Memory",
            "The command was not read: it has no verl launch and no overrides, so verl's defaults are "
            "estimated, not your run.");
    }
    for (const hydra::Override &override : report->corrected) {
        if (override.prefix == hydra::Override::Prefix::Delete || !override.value)
            continue;
        settings.overrides.append(override);
        settings.m_command.insert(override.key, Setting{jsonOf(*override.value), u"command"_s, true});
    }
    for (const profiler::NotChecked &skipped : report->notChecked) {
        if (!skipped.key.isEmpty()) {
            settings.notes << QCoreApplication::translate("Memory",
                                                          "line %1: %2 is not known before the run (%3); "
                                                          "verl's default is used for it.")
                                  .arg(skipped.line)
                                  .arg(skipped.key, skipped.reason);
        }
    }
    fillDefaults(settings, settings.m_defaults, settings.m_sources, choices);
    return settings;
}

RunSettings defaultSettings(const verl::Version &version)
{
    RunSettings settings;
    settings.version = version;
    settings.configId = kPpoTrainer;
    fillDefaults(settings, settings.m_defaults, settings.m_sources, {});
    return settings;
}

} // namespace vna::memory
