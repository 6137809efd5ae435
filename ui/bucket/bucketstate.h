// The Bucket tool's state without a widget: what the user entered (remembered in the settings),
// the options and tensors it stands for, and the words of the result. BucketTab renders it.
#pragma once

#include <atomic>
#include <functional>
#include <optional>

#include <QString>

#include "bucket/bucketcalc.h"
#include "common/result.h"
#include "common/settingskeys.h"
#include "common/verdicts.h"

namespace vna::ui {

struct BucketInputs
{
    enum class Mode { Preset, Shape, Message, Model }; // the order of the Input choices

    Mode mode = Mode::Preset;
    QString preset = keys::bucketPreset.defaultValue;
    QString shape = keys::bucketShape.defaultValue;
    QString message;    // pasted text; ignored while logFile is set
    QString logFile;    // a log to scan for the assertion
    QString linkOrigin; // "train.log:12" when the log analyzer handed the message over
    QString modelPath;
    QString dtype; // empty: as the backend sends it
    QString worker;
    QString engine = keys::bucketEngine.defaultValue;
    bool noIpc = false;
    QString shmMiB;
    int marginPercent = keys::bucketMarginPercent.defaultValue;
    int currentMiB = 0; // 0: from the message or verl's default
    QString hbmMiB;

    // The remembered inputs (a log file, a hand-off or pasted text is not remembered); a state
    // without them starts from the same defaults.
    static BucketInputs load();
    void save() const;
    bool operator==(const BucketInputs &) const = default;
};

// Why a field is wrong, by field; empty when it is fine.
struct BucketFieldErrors
{
    QString shape;
    QString dtype;
    QString shmMiB;
    QString hbmMiB;
    bool operator==(const BucketFieldErrors &) const = default;
};

// How to get the tensors for the inputs: at once (preset, shape), by a background read (a message
// or log may be large, a model folder has many headers), or not yet (why, for the status line).
struct BucketSourcePlan
{
    std::optional<Result<bucket::Source>> now;
    std::function<Result<bucket::Source>(const std::atomic_bool &cancel)> read;
    QString readStatus; // "Reading the safetensors headers…"
    QString waiting;    // "Paste the AssertionError …": nothing to read yet
};

class BucketState
{
public:
    BucketInputs inputs;
    std::optional<bucket::Source> source; // the tensors; reset when an input that names them changes
    std::optional<bucket::Report> report; // the last calculation

    // The calculation's options for the session's verl version and backend, or nothing with the
    // reason at each wrong field.
    std::optional<bucket::Options>
    options(const verl::Version &version, const QString &backend, BucketFieldErrors &errors) const;
    BucketSourcePlan planSource(BucketFieldErrors &errors) const;

    // FAIL when the bucket cannot work, PASS when the tensor fits, WARN when the bucket must grow.
    static vna::Verdict verdict(const bucket::Report &report);
    // The result in words (rich text): the verdict line and the calculation's steps.
    static QString summaryHtml(const bucket::Report &report);
    static QString stepsHtml(const bucket::Report &report);
    // "the message came from …", in the current language; empty for typed text.
    QString messageSource() const;
};

} // namespace vna::ui
