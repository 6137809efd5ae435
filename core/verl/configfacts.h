// Every key of every config verl's Hydra programs compose, per release, as Hydra composes it
// (resources/data/verl-config.json, written by scripts/verl-facts/compose.py): the keys with their type,
// default and source, the nodes verl reads into a dataclass and that dataclass's fields, the values verl
// accepts, the config groups a command line may switch, and the keys that moved between releases.
// Loaded on first use; every answer names the release it was read from.
#pragma once

#include <optional>

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "verl/version.h"

namespace vna::verl {

// One node of a composed config.
struct ConfigNode
{
    enum class Type { Bool, Int, Float, String, Null, List, Dict, Missing, Interpolation };

    QString key;
    Type type = Type::Null;
    QJsonValue value;      // the default of a leaf or list
    QString interpolation; // the default when it is ${…}
    QString source;        // tag:path:line of the YAML that sets it
    bool open = false;     // a dict with no fields: it takes new keys (with +)
    QString target;        // the dataclass its _target_ names
};

struct DataclassField
{
    QString name;
    QString type; // the annotation as written: int, Optional[str], Literal['a', 'b'], dict[str, Any] …
    QString source;
    QJsonArray literal; // the values of a Literal[...] annotation
    bool required = false;
    QString nestedClass; // the dataclass the annotation names (checkpoint: …CheckpointConfig), or empty
};

// A value check verl makes on a field or key: the values it accepts and where it says so.
struct AcceptedValues
{
    QJsonArray values;
    QJsonArray refused; // values a check stops on (rollout.mode=sync)
    QString source;
    QString how; // "literal": the annotation only; "check": __post_init__ refuses others; "code": see what
    QString what;
};

struct Dataclass
{
    QString name;
    QString source;
    QHash<QString, DataclassField> fields;
    QHash<QString, AcceptedValues> checks; // field → what __post_init__ accepts
};

struct ConfigGroup
{
    QString name; // model_engine, actor@actor_rollout_ref.actor
    QString chosen;
    QStringList options;
};

struct KeyMove
{
    QString config;
    QString from;
    QString to;
    Version release; // the first release with `to`
    QString source;
};

// A config as Hydra composes it for one release and the group choices of a command line.
class ComposedConfig
{
public:
    QString id; // verl/trainer/config/ppo_trainer
    qsizetype release = -1;
    Version version;
    QString tag;
    QHash<QString, ConfigNode> nodes;
    QList<ConfigGroup> groups;

    const ConfigNode *node(const QString &key) const;
    // Every node directly below `parent` ("" for the top).
    QStringList children(const QString &parent) const;
    // The deepest node that is `key` or one of its ancestors; empty when not even the first part exists.
    QString existingAncestor(const QString &key) const;
    // The nearest node at or above `key` that verl reads into a dataclass, or empty.
    QString dataclassNode(const QString &key) const;
    const ConfigGroup *group(const QString &name) const;

private:
    friend class ConfigFacts;
    QHash<QString, QStringList> m_children;
};

class ConfigFacts
{
public:
    // The facts the program was built with (loaded once, on first use).
    static const ConfigFacts &instance();
    // Facts from a document (tests); an invalid one gives no releases.
    static ConfigFacts fromJson(const QByteArray &json);

    bool isValid() const { return !m_releases.isEmpty(); }
    QString error() const { return m_error; }

    QList<Version> releases() const { return m_releases; }
    QString tag(qsizetype release) const;
    // The release whose facts stand for `version`: itself, else the newest before it; -1 when it is older
    // than every release read.
    qsizetype releaseFor(const Version &version) const;

    // The config a program composes by default in a release: verl.trainer.main_ppo → …/ppo_trainer.
    // A module is matched by its dotted name or its tail (python -m main_dapo from recipe/dapo), a
    // script by its path's tail. Empty when the release has no such program.
    QString programConfig(const QString &entry, bool module, qsizetype release) const;
    // The config folder of a program (for --config-name), or empty.
    QString programFolder(const QString &entry, bool module, qsizetype release) const;
    bool hasConfig(const QString &id, qsizetype release) const;
    // The programs that compose a config by default in a release (verl.trainer.sft_trainer …).
    QStringList programsOf(const QString &id, qsizetype release) const;
    // The configs a release composes, ids; with `failed`, also those Hydra could not compose there.
    QStringList configs(qsizetype release, bool failed = false) const;
    // Why a config of the program's folder could not be composed at this release, or empty.
    QString failure(const QString &id, qsizetype release) const;

    // The config with the command line's group choices (group → option) applied. A choice of an option
    // the group does not have is an error naming the options; a group the config lacks is not a choice
    // (the caller treats it as a key).
    Result<ComposedConfig>
    compose(const QString &id, qsizetype release, const QList<std::pair<QString, QString>> &choices = {}) const;
    // The config as composed for each release it exists in (cached), for comparing releases.
    const ComposedConfig *composed(const QString &id, qsizetype release) const;

    const Dataclass *dataclass(const QString &name, qsizetype release) const;
    // Where verl's code shows it reads `node` (a _target_ node) as plain config in a release instead
    // of building its dataclass (tag:path:line); empty when it builds it.
    QString unbuilt(const QString &node, qsizetype release) const;
    // Text verl's code compares a numeric setting of this name with (test_freq: after_each_epoch), so a
    // type check lets it through; empty when there is none.
    QStringList specialValues(const QString &field, qsizetype release) const;
    // Values verl's code accepts for a key beyond its dataclass (a registry), or nothing.
    std::optional<AcceptedValues> codeValues(const QString &key, qsizetype release) const;
    const QList<KeyMove> &moves() const { return m_moves; }
    // Hydra's own settings (hydra.run.dir …) and groups (hydra/job_logging …).
    bool isHydraKey(const QString &key) const;
    QStringList hydraGroupOptions(const QString &group) const;
    bool isHydraGroup(const QString &group) const;

private:
    ConfigFacts() = default;
    void read(const QJsonObject &root);
    // Reads the file's small members at once and only finds where each config and dataclass lies: a
    // check parses the few it composes, not the 3 MB of every release and program. False when the
    // text is not the shape expected (then it is read whole).
    bool readLazily(const QByteArray &json);
    // One config's or dataclass's facts, parsed on first use.
    QJsonObject configFacts(const QString &id) const;
    QJsonArray dataclassFacts(const QString &name) const;
    // The segment of a [[first, last, value] …] list that covers `release`, or Undefined.
    static QJsonValue at(const QJsonArray &segments, qsizetype release);
    static bool covers(const QJsonArray &ranges, qsizetype release);
    void applyKeys(ComposedConfig &config, const QJsonObject &keys, qsizetype release) const;
    bool applyVariant(ComposedConfig &config, const QString &id, const QString &override, qsizetype release) const;
    Result<ComposedConfig> composeDefault(const QString &id, qsizetype release, int depth) const;
    Result<ComposedConfig>
    composeUncached(const QString &id, qsizetype release, const QList<std::pair<QString, QString>> &choices) const;

    QString m_error;
    QList<Version> m_releases;
    QStringList m_tags;
    QJsonArray m_programs;
    QJsonObject m_configs;
    QJsonObject m_failed;
    QJsonObject m_dataclasses;
    // Read lazily: the file's text, and where each config's and dataclass's value lies in it.
    QByteArray m_text;
    QHash<QString, std::pair<qsizetype, qsizetype>> m_configAt;
    QHash<QString, std::pair<qsizetype, qsizetype>> m_dataclassAt;
    mutable QHash<QString, QJsonObject> m_configParsed;
    mutable QHash<QString, QJsonArray> m_dataclassParsed;
    QJsonObject m_values;
    QJsonObject m_unbuilt;
    QJsonObject m_specials;
    QJsonObject m_hydraKeys;
    QJsonObject m_hydraGroups;
    QList<KeyMove> m_moves;
    mutable QHash<QString, Dataclass> m_dataclassCache;
    mutable QHash<QString, ComposedConfig> m_composedCache;
    mutable QHash<QString, Result<ComposedConfig>> m_composeCache;
};

// "int", "a list" … for messages.
QString typeName(ConfigNode::Type type);

} // namespace vna::verl
