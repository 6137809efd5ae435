// What each verl release expects, as read from verl's own source at its release tag by
// scripts/verl-facts/extract.py into resources/data/verl-facts.json: the profiler and bucket keys of
// the composed trainer config with their defaults and interpolations, the values verl accepts, what its
// code does with them, and its Hydra entry points. Every fact keeps its source (tag:path:line).
// Nothing else in the program decides these by version.
#pragma once

#include <QHash>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include "verl/version.h"

namespace vna::verl {

struct KeyFact
{
    QString key;
    QString kind;          // bool, int, positive_int, float, string, path, level, contents, tool, steps, ranks,
                           // nullable_int, list, any
    QJsonValue value;      // the default as written in the config (an interpolation is a string)
    QString interpolation; // the key whose value it takes (${oc.select:KEY,fallback}), or empty
    QJsonValue fallback;   // the value when KEY does not exist
    bool hasFallback = false;
    QString source;
    QString checked; // where verl's dataclass checks the value's type; empty when it does not
};

struct SourcedValue
{
    QString value;
    QString source;
};

struct Choices
{
    QStringList values;
    QString source;
};

struct EntryPoint
{
    QString module; // verl.trainer.main_ppo
    QString file;   // verl/trainer/main_ppo.py
    QString config; // the config_name it composes
    QString source;
};

struct RoleNode
{
    QString role; // actor, ref, rollout, critic, reward
    QString node; // actor_rollout_ref.actor.profiler
    QString source;
};

// One thing a release requires of a package, as its files say it.
struct Requirement
{
    QString package; // pip's name, lower case with "-": "triton-ascend", "torch-npu", "vllm-ascend"
    QString spec;    // a PEP 440 specifier (">=4.51.0,<5", "==3.2.0"); empty: any version
    QString kind;    // "requirements-npu", "install_requires", or "guide" for a stack's pin
    QString source;  // "v0.7.1:requirements-npu.txt:21"
    QString text;    // the line as written
};

// The stack one of the release's Ascend install guides pins (the vLLM guide, the SGLang guide, the
// image guide, the A5 guide).
struct GuideStack
{
    QString name;  // "vllm", "sglang", "image", "vllm-a5"
    QString guide; // "v0.9.0:docs/ascend_tutorial/get_start/install_guidance.rst:156": where it starts
    QList<Requirement> pins;

    const Requirement *pin(const QString &package) const;
};

struct VersionFacts
{
    Version version;
    QString tag;
    QString commit;
    QString config;                   // the file the keys were read from
    bool npuProfiler = false;         // the release has NPU profiler settings at all
    QList<RoleNode> roles;            // the roles that have a profiler block
    QHash<QString, QString> settings; // the generator's and linter's names for keys → the key here
    QHash<QString, KeyFact> keys;
    QHash<QString, QString> nodes;             // every mapping node under the tracked ones → source
    QHash<QString, SourcedValue> interpolated; // node → the node it follows (value: its key)
    QHash<QString, Choices> choices;           // level, contents, tool
    QHash<QString, SourcedValue> messages;     // verl's own error texts (value: the text)
    QHash<QString, SourcedValue> behaviour;    // what verl's code does (see extract.py ANCHORS)
    SourcedValue versionFile;                  // verl/version/version at the tag ("0.8.0.dev" at v0.8.0)
    QList<EntryPoint> entryPoints;             // @hydra.main programs
    QList<EntryPoint> notHydra;                // argparse programs (module and source only)
    // What pip enforces on an NPU install of this release (requirements-npu.txt, setup.py's
    // install_requires), and the stacks its Ascend guides pin.
    QList<Requirement> requirements;
    QList<GuideStack> stacks;

    const KeyFact *key(const QString &name) const;
    // The key that holds a setting in this release ("actor.level", "steps", "bucket" …), or empty.
    QString setting(const QString &name) const;
    QString behaviourOf(const QString &name) const;
    QString sourceOf(const QString &behaviour) const;
    const RoleNode *role(const QString &name) const;
    // The tracked node (or interpolated node) a key lies under, the deepest one; empty when none.
    QString closedAncestor(const QString &key) const;
    // The interpolated node the key lies strictly below, or empty.
    QString interpolatedAncestor(const QString &key) const;
    // For a key below an interpolated node: the same field under the node it follows (the key Hydra
    // must be given instead), whether or not that key exists; empty when the key is below none.
    QString followedKey(const QString &key) const;
};

// Every release the facts file knows, oldest first. Loaded once from the program's resources.
const QList<VersionFacts> &allFacts();
// The Hydra programs of verl-recipe (mounted at recipe/ from 0.7.1), at the commit the file was read at.
const QList<EntryPoint> &recipeEntryPoints();

// The facts for `version`: the release itself, or the newest known release before it (a later patch,
// a pre-release or a release newer than the file reads as the last one known), or the oldest one.
const VersionFacts &factsFor(const Version &version);
// Whether `version` is a release the file was read from.
bool isKnownRelease(const Version &version);
// Older than the first release the facts were read from (0.3.x): factsFor() stands the first one in.
bool olderThanFacts(const Version &version);

// The oldest release with NPU profiler settings (0.5.0).
Version firstWithNpuProfiler();

} // namespace vna::verl
