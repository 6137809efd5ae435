// The bucket calculation: the largest tensor as the actor sends it, the exact minimum and the
// recommended update_weights_bucket_megabytes, the override that sets it, and what to watch for.
// The CLI and the Bucket tab both render a Report.
#pragma once

#include <optional>

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "bucket/modelinspector.h"
#include "bucket/tensor.h"
#include "common/result.h"
#include "verl/bucketfacts.h"

namespace vna::bucket {

using Backend = verl::Backend; // the actor's training backend (actor_rollout_ref.actor.strategy)
using Worker = verl::Worker;   // the worker that runs the actor

QString backendName(Backend backend); // "fsdp", "fsdp2", "megatron": verl's own words
Result<Backend> parseBackend(const QString &text, const QString &where);
QString workerName(Worker worker); // "legacy", "engine"
Result<Worker> parseWorker(const QString &text, const QString &where);
QString engineName(verl::Engine engine);
Result<verl::Engine> parseEngine(const QString &text, const QString &where);
// 1.0 … 2.0
Result<double> parseMargin(const QString &text, const QString &where);
// A positive whole number of MiB, e.g. for --bucket and --hbm.
Result<quint64> parseMiB(const QString &text, const QString &where);

inline constexpr double kDefaultMargin = 1.2;
inline constexpr double kMinMargin = 1.0;
inline constexpr double kMaxMargin = 2.0;
inline constexpr int kDefaultTop = 10;
// The most device memory one NPU has (npu-smi HBM total: Atlas A2 910B1–B3 and A3): no bucket can be
// larger, and verl gathers every weight whole on one device before it sends it.
inline constexpr quint64 kLargestHbmMiB = 65536;

// Where the tensors came from.
struct Source
{
    enum class Kind { Preset, TypedShape, Assertion, Model };
    Kind kind = Kind::TypedShape;
    QString label;                    // "7B", "line 12", a folder, … for messages
    QList<Tensor> tensors;            // stored dtype (model, preset) or the dtype sent (assertion)
    std::optional<quint64> bucketMiB; // the bucket the failed run used, from the message
    QString keyNamed;                 // the key the message names
    int occurrences = 0;              // how often the message appeared
    Tied lmHeadTied = Tied::Unknown;
    QString modelType; // config.json model_type, when known
    QStringList notes; // translated remarks from reading the source
};

struct Options
{
    std::optional<DType> dtype;     // explicit: always wins
    std::optional<Backend> backend; // empty: verl's default for the version
    std::optional<Worker> worker;   // empty: the worker verl runs the actor on by default
    double margin = kDefaultMargin;
    verl::Version version = verl::latestKnown();
    verl::Engine engine = verl::Engine::Naive;
    bool sharedMemory = false;        // NPU without IPC: verl falls back to shared memory
    std::optional<quint64> bucketMiB; // the bucket the user runs with now
    std::optional<quint64> hbmMiB;    // device memory per NPU
    std::optional<quint64> shmMiB;    // the size of /dev/shm on the node (shared-memory fallback)
    int top = kDefaultTop;
};

struct Note
{
    enum class Level { Info, Warning, Error };
    Level level = Level::Info;
    QString text;
};

struct Step
{
    QString label;
    QString value;
};

struct Report
{
    Source::Kind sourceKind = Source::Kind::TypedShape;
    Tensor largest;      // in the dtype it travels in
    QString dtypeReason; // why that dtype
    QString dtypeSource; // the line of verl that decides it (tag:path:line), when verl decides it
    Backend backend = Backend::Fsdp;
    Worker worker = Worker::Legacy;
    verl::Engine engine = verl::Engine::Naive; // the user's, or the one the message proves
    bool sharedMemory = false;                 // the bucket is in /dev/shm, not device memory
    double largestMiB = 0;
    quint64 requiredMiB = 0; // exact minimum: ceil(bytes / MiB)
    quint64 recommendedMiB = 0;
    double margin = kDefaultMargin;
    enum class BucketFrom { Message, User, Default };
    quint64 currentBucketMiB = 0;
    BucketFrom bucketFrom = BucketFrom::Default;
    bool fitsCurrent = false;
    bool assertionApplies = true;      // this verl/engine can raise the assertion for oversized weights
    bool assertionFires = false;       // … and does: the tensor does not fit (a pasted message: it did)
    bool noBucketHolds = false;        // the tensor is larger than the memory a bucket lives in
    bool contradictory = false;        // a pasted message names a tensor that fits its own bucket
    QString assertionSource;           // the line of verl that asserts (or not) on a weight larger than the bucket
    std::optional<quint64> shmBuckets; // buckets /dev/shm holds, when its size is known (shared memory)
    QString configKey;
    QString override;        // recommended; empty when the current bucket holds the tensor
    QString minimalOverride; // exact minimum; empty likewise
    QList<Tensor> top;       // largest first, in the travelling dtype
    QList<Note> notes;
    QList<Step> steps; // the calculation, for people
    int buffers = 1;
    quint64 deviceMiB = 0; // buffers × recommended
    std::optional<quint64> hbmMiB;
    Options options;
};

Result<Report> analyze(const Source &source, const Options &options);
// Whether the report is a problem (exit code 1): the assertion fires, no bucket can hold the tensor,
// or a pasted message contradicts itself.
bool isProblem(const Report &report);
QJsonObject toJson(const Report &report);

// The smallest power of two ≥ mib (at least 1).
quint64 nextPowerOfTwo(double mib);

} // namespace vna::bucket
