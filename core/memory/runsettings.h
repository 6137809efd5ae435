// The settings of a run that decide its memory, as verl will see them: every key from the launch command
// when it sets it (read with the linter, so the user's release decides what a key means), else the
// default of the config that command composes at that release, with the YAML line it comes from.
#pragma once

#include <atomic>
#include <optional>

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "hydra/override.h"
#include "verl/version.h"

namespace vna::memory {

struct Setting
{
    QJsonValue value; // null when neither the command nor the config sets it
    QString origin;   // "command" or the default's tag:path:line
    bool fromCommand = false;
};

class RunSettings
{
public:
    verl::Version version;
    QString tag;      // the release whose config was read
    QString configId; // verl/trainer/config/ppo_trainer
    QString program;  // the launch as written, empty when only overrides were given
    QStringList programWords;
    QList<hydra::Override> overrides; // the command's overrides, corrected by the linter
    QStringList notes;                // what could not be read and was assumed
    // A command was given and nothing in it was read (no verl launch, no overrides): verl's defaults
    // stand for every setting, which the estimate says first of all.
    QString notRead;

    Setting get(const QString &key) const;
    // The value as a number; `fallback` when unset, null or not a number.
    double number(const QString &key, double fallback) const;
    bool flag(const QString &key, bool fallback) const;
    QString text(const QString &key, const QString &fallback = {}) const;
    bool has(const QString &key) const { return !get(key).value.isNull() && !get(key).value.isUndefined(); }

    // Sets a key as the command would (used by the fixes). `key` must be a verl key.
    void set(const QString &key, const QJsonValue &value);

private:
    friend Result<RunSettings> readSettings(const QString &, const verl::Version &, const std::atomic_bool *);
    friend RunSettings defaultSettings(const verl::Version &);
    QHash<QString, Setting> m_command;
    QHash<QString, QJsonValue> m_defaults; // the composed config's leaves (interpolations as text)
    QHash<QString, QString> m_sources;
};

// Reads a launch command or script (bash, as the linter reads it). Without a verl launch in it, the
// overrides on their own are read against verl's PPO trainer config.
Result<RunSettings>
readSettings(const QString &script, const verl::Version &version, const std::atomic_bool *cancel = nullptr);
// verl's PPO trainer defaults at the release, with no command.
RunSettings defaultSettings(const verl::Version &version);

// A hydra value as JSON (null for what is not a plain value).
QJsonValue jsonOf(const hydra::Value &value);

} // namespace vna::memory
