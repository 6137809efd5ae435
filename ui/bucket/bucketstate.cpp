#include "bucketstate.h"

#include <QCoreApplication>
#include <QLocale>

#include "bucket/sources.h"
#include "common/settingskeys.h"
#include "common/verdict.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// The words are the Bucket tab's: one translation context for the tool.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(vna::ui::BucketTab)
};

} // namespace

BucketInputs BucketInputs::load()
{
    const Settings settings;
    BucketInputs in;
    in.mode = static_cast<Mode>(settings.value(keys::bucketMode));
    in.preset = settings.value(keys::bucketPreset);
    in.shape = settings.value(keys::bucketShape);
    in.modelPath = settings.value(keys::bucketModelPath);
    in.dtype = settings.value(keys::bucketDtype);
    in.worker = settings.value(keys::bucketWorker);
    in.shmMiB = settings.value(keys::bucketShmMiB);
    in.engine = settings.value(keys::bucketEngine);
    in.noIpc = settings.value(keys::bucketNoIpc);
    in.marginPercent = settings.value(keys::bucketMarginPercent);
    in.currentMiB = settings.value(keys::bucketCurrentMiB);
    in.hbmMiB = settings.value(keys::bucketHbmMiB);
    return in;
}

void BucketInputs::save() const
{
    Settings settings;
    settings.setValue(keys::bucketMode, static_cast<int>(mode));
    settings.setValue(keys::bucketPreset, preset);
    settings.setValue(keys::bucketShape, shape);
    settings.setValue(keys::bucketModelPath, modelPath);
    settings.setValue(keys::bucketDtype, dtype);
    settings.setValue(keys::bucketWorker, worker);
    settings.setValue(keys::bucketShmMiB, shmMiB);
    settings.setValue(keys::bucketEngine, engine);
    settings.setValue(keys::bucketNoIpc, noIpc);
    settings.setValue(keys::bucketMarginPercent, marginPercent);
    settings.setValue(keys::bucketCurrentMiB, currentMiB);
    settings.setValue(keys::bucketHbmMiB, hbmMiB);
}

std::optional<bucket::Options>
BucketState::options(const verl::Version &version, const QString &backend, BucketFieldErrors &errors) const
{
    bucket::Options options;
    bool valid = true;
    // An optional field: empty gives no value; a bad one says why and makes the options invalid.
    const auto optional = [&valid](const QString &text, QString &error, const auto &parse, auto &target) {
        error.clear();
        if (text.trimmed().isEmpty())
            return;
        const auto value = parse(text.trimmed());
        if (value)
            target = *value;
        else
            error = value.error().message;
        valid = valid && value.ok();
    };
    optional(
        inputs.dtype, errors.dtype, [](const QString &text) { return bucket::parseDType(text, Text::tr("Data type")); },
        options.dtype);
    if (!backend.isEmpty())
        options.backend = *bucket::parseBackend(backend, QString());
    if (!inputs.worker.isEmpty())
        options.worker = *bucket::parseWorker(inputs.worker, QString());
    options.version = version;
    const QStringList engines{u"naive"_s, u"hccl"_s, u"nccl"_s};
    options.engine = static_cast<verl::Engine>(std::max<qsizetype>(0, engines.indexOf(inputs.engine)));
    options.sharedMemory = inputs.noIpc;
    options.margin = inputs.marginPercent / 100.0;
    if (inputs.currentMiB > 0)
        options.bucketMiB = static_cast<quint64>(inputs.currentMiB);
    optional(
        inputs.shmMiB, errors.shmMiB, [](const QString &text) { return bucket::parseMiB(text, Text::tr("/dev/shm")); },
        options.shmMiB);
    optional(
        inputs.hbmMiB, errors.hbmMiB,
        [](const QString &text) { return bucket::parseMiB(text, Text::tr("Device HBM")); }, options.hbmMiB);
    return valid ? std::optional(options) : std::nullopt;
}

BucketSourcePlan BucketState::planSource(BucketFieldErrors &errors) const
{
    BucketSourcePlan plan;
    errors.shape.clear();
    switch (inputs.mode) {
    case BucketInputs::Mode::Preset:
        plan.now = bucket::sourceFromPreset(inputs.preset);
        break;
    case BucketInputs::Mode::Shape: {
        const auto shape = bucket::parseShape(inputs.shape, Text::tr("Shape"));
        if (!shape) {
            errors.shape = shape.error().message;
            plan.waiting = Text::tr("Enter the shape of the largest tensor, e.g. 151936, 4096.");
            break;
        }
        plan.now = bucket::sourceFromShape(inputs.shape, inputs.dtype.trimmed());
        if (!*plan.now)
            errors.shape = plan.now->error().message;
        break;
    }
    case BucketInputs::Mode::Message: {
        const QString text = inputs.message;
        const QString file = inputs.logFile;
        if (file.isEmpty() && text.trimmed().isEmpty()) {
            plan.waiting = Text::tr("Paste the AssertionError from the training log, or open the log file.");
            break;
        }
        // A whole log can be large: read it off the GUI thread.
        plan.readStatus = Text::tr("Reading the message…");
        plan.read = [text, file](const std::atomic_bool &cancel) -> Result<bucket::Source> {
            const auto matches
                = file.isEmpty() ? bucket::parseAssertions(text) : bucket::scanAssertionFile(file, &cancel);
            if (!matches)
                return matches.error();
            return bucket::sourceFromMessages(*matches);
        };
        break;
    }
    case BucketInputs::Mode::Model: {
        const QString path = inputs.modelPath.trimmed();
        if (path.isEmpty()) {
            plan.waiting = Text::tr("Choose a model folder or drop one on this tab.");
            break;
        }
        plan.readStatus = Text::tr("Reading the safetensors headers…");
        plan.read = [path](const std::atomic_bool &cancel) -> Result<bucket::Source> {
            const auto inspection = bucket::inspectModel(path, &cancel);
            if (!inspection)
                return inspection.error();
            return bucket::sourceFromModel(*inspection);
        };
        break;
    }
    }
    return plan;
}

Verdict BucketState::verdict(const bucket::Report &report)
{
    return bucket::isProblem(report) ? Verdict::Fail : report.fitsCurrent ? Verdict::Pass : Verdict::Warn;
}

QString BucketState::summaryHtml(const bucket::Report &report)
{
    const Verdict verdict = BucketState::verdict(report);
    const QString mib = QLocale().toString(report.largestMiB, 'f', 2);
    const QString name = u"<code>"_s + report.largest.name.toHtmlEscaped() + u"</code>"_s;
    QString summary = u"<b style=\"color:%1\">%2</b> "_s.arg(color(verdict).name(), word(verdict));
    if (report.noBucketHolds) {
        summary += Text::tr("No bucket can hold %1 (%2 MiB): check the shape.").arg(name, mib);
    } else if (report.contradictory) {
        summary
            += Text::tr("The message contradicts itself: %1 (%2 MiB) fits the %3 MiB bucket it names. See the notes.")
                   .arg(name, mib)
                   .arg(report.currentBucketMiB);
    } else if (report.shmBuckets && *report.shmBuckets == 0) {
        summary += Text::tr("/dev/shm (%1 MiB) cannot hold one bucket of %2 MiB: raise /dev/shm. See the notes.")
                       .arg(*report.options.shmMiB)
                       .arg(report.recommendedMiB);
    } else if (report.override.isEmpty()) {
        summary += Text::tr("%1 (%2 MiB) fits the current bucket of %3 MiB: nothing to change.")
                       .arg(name, mib)
                       .arg(report.currentBucketMiB);
    } else {
        summary += Text::tr("%1 (%2 MiB) does not fit the current bucket of %3 MiB.")
                       .arg(name, mib)
                       .arg(report.currentBucketMiB);
        summary += u"<br>"_s
            + Text::tr("Recommended: %1 MiB; exact minimum: %2 MiB.")
                  .arg(report.recommendedMiB)
                  .arg(report.requiredMiB);
    }
    return summary;
}

QString BucketState::stepsHtml(const bucket::Report &report)
{
    QString steps = u"<table cellspacing=\"2\">"_s;
    for (const bucket::Step &step : report.steps) {
        steps += u"<tr><td style=\"padding-right:12px\"><b>%1</b></td><td>%2</td></tr>"_s.arg(
            step.label.toHtmlEscaped(), step.value.toHtmlEscaped());
    }
    return steps + u"</table>"_s;
}

QString BucketState::messageSource() const
{
    if (!inputs.logFile.isEmpty())
        return Text::tr("Reading %1").arg(inputs.logFile);
    if (!inputs.linkOrigin.isEmpty())
        return Text::tr("From the log analyzer: %1").arg(inputs.linkOrigin);
    return QString();
}

} // namespace vna::ui
