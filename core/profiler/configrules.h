// The rules every override of a launch meets, against the whole config its program composes in the
// chosen release (verl/configfacts.h): the key exists (or is added with + where verl takes it), its value
// has the type and one of the values verl accepts, and a key of another release, another program or a
// typo is named with the key it meant. Says, for every override, whether it was checked, and why not.
#pragma once

#include <optional>

#include <QCoreApplication>
#include <QSet>

#include "hydra/override.h"
#include "profiler/finding.h"
#include "verl/configfacts.h"
#include "verl/launch.h"

namespace vna::profiler {

// What the config says about one override.
struct ConfigVerdict
{
    QList<Finding> findings; // line and column 0: the caller places them
    bool checked = true;     // false: the facts could not decide (see notChecked)
    QString notChecked;      // why it was not checked
    // What to write in its place (a moved key, + added or dropped, a value fixed); absent: keep it.
    std::optional<hydra::Override> instead;
    bool drop = false; // it has nothing to be written as: leave it out of the corrected command
};

// Releases joined where consecutive among those the config facts know: "0.5.0–0.7.0, 0.9.0".
QString versionRange(const QList<verl::Version> &versions);

class LaunchConfig
{
    Q_DECLARE_TR_FUNCTIONS(LaunchConfig)

public:
    // The config `launch` composes in `version`: its program's, or the one --config-name and
    // --config-path name.
    LaunchConfig(const verl::Launch &launch, const verl::Version &version);

    bool known() const { return m_config.has_value(); }
    QString unknownReason() const { return m_unknown; }
    // "verl/trainer/config/ppo_trainer at v0.9.0", for the report.
    QString describe() const;
    QString configId() const;
    // The release the facts were read from for this launch (v0.9.0), or empty.
    QString tag() const;
    // The group choices made so far (model_engine=megatron).
    QList<std::pair<QString, QString>> choices() const { return m_choices; }

    // Whether the override picks an option of a config group (model_engine=megatron,
    // actor@actor_rollout_ref.actor=megatron_actor, hydra/job_logging=disabled): Hydra reads it first.
    bool isGroupChoice(const hydra::Override &o) const;
    // Applies a group choice, in command-line order, before any key is checked.
    ConfigVerdict choose(const hydra::Override &o);
    // Checks one override, in command-line order (a key added with + exists for the ones after it).
    // `valueKnown`: false when the value is only known when the script runs.
    ConfigVerdict check(const hydra::Override &o, bool valueKnown);

    // Whether Hydra refuses +key on a key the config has (it takes it where the value is null or ???, and
    // a list or dict merges).
    bool plusRefused(const hydra::Override &o) const;

    // The default of a key in the config as composed so far, when it is a plain value (not ${…}, not a
    // node); nothing when the key is not known.
    std::optional<QJsonValue> defaultValue(const QString &key) const;

    // The script's hydra.searchpath adds config folders from outside verl (pkg://verl_mlite.config):
    // a group option or a key this release lacks may come from there, so it is not judged.
    void addSearchPath(const QString &outside);

    // The key `key` stands for in this config when it is a key of another release (a move found by
    // comparing releases), or empty.
    QString movedTo(const QString &key) const;

private:
    const verl::ConfigNode *nodeOf(const QString &key) const;
    bool exists(const QString &key) const;
    bool built(const QString &node) const;

    ConfigVerdict missing(const hydra::Override &o);
    // "in verl 0.7.1 it moved to … (source)" or "before verl 0.7.1 it was …".
    QString moveNote(const QString &key, const QString &moved) const;
    ConfigVerdict added(const hydra::Override &o);
    void checkValue(const hydra::Override &o, bool valueKnown, ConfigVerdict &verdict) const;
    // The dataclass that describes `node`'s fields; `instantiated`: verl builds it from this node itself.
    const verl::Dataclass *dataclassOf(const QString &node, bool &instantiated, int depth = 0) const;
    // The releases whose composition of this config has `key`, as "0.5.0–0.7.0".
    QString releasesWith(const QString &key) const;
    QStringList otherConfigsWith(const QString &key) const;
    QStringList similarKeys(const QString &key) const;
    QString closest(const QString &key, const QStringList &candidates) const;
    QStringList keysNear() const; // every key of the config as the command line has made it so far
    // The closest of keysNear() (kept); of two as close, the one whose default has the value's kind.
    QString nearKey(const QString &key, const std::optional<hydra::Value> &value) const;
    void invalidateKeys(); // the keys changed (+, ~, a group choice)

    verl::Version m_version;
    qsizetype m_release = -1;
    QString m_id;
    QString m_unknown;
    std::optional<verl::ComposedConfig> m_config;
    QList<std::pair<QString, QString>> m_choices;
    QSet<QString> m_added;       // keys added with +, and the nodes above them
    QSet<QString> m_deleted;     // keys removed with ~
    QStringList m_unknownGroups; // group choices the facts hold no composition for
    QString m_searchPath;        // what hydra.searchpath adds from outside verl, as written
    // The nodes an option from there fills (actor@actor_rollout_ref.actor=mlite_actor: that node); the
    // keys elsewhere are still checked. Empty with an unknown choice: nothing is checked.
    QStringList m_outsideNodes;
    // What was found about a missing key, by key: a script may name it many times.
    mutable QHash<QString, QString> m_releasesWith;
    mutable QHash<QString, QStringList> m_otherConfigsWith;
    mutable QStringList m_keysNear;
    mutable QHash<QString, QString> m_nearKey; // closest(key, keysNear()), by key
};

} // namespace vna::profiler
