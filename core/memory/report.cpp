#include "report.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>

#include "hydra/shell.h"

using namespace Qt::StringLiterals;

namespace vna::memory {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Memory)
};

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

double gibValue(qint64 bytes)
{
    return std::round(static_cast<double>(bytes) / kGiB * 100.0) / 100.0;
}

QString valueText(const QJsonValue &value)
{
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isString())
        return value.toString();
    return u"null"_s;
}

} // namespace

QString gib(qint64 bytes)
{
    return Text::tr("%1 GiB").arg(static_cast<double>(bytes) / kGiB, 0, 'f', 2);
}

QString fixEffect(const Fix &fix)
{
    // A fix that frees nothing passes a check instead (the KV cache holds one sequence).
    if (fix.frees >= qint64(1) << 20)
        return Text::tr("frees %1").arg(gib(fix.frees));
    return Text::tr("lets %1 pass").arg(phaseName(fix.phase));
}

QString phaseName(Phase phase)
{
    switch (phase) {
    case Phase::EngineStart:
        return Text::tr("Engine start");
    case Phase::Rollout:
        return Text::tr("Rollout");
    case Phase::LogProb:
        return Text::tr("Log-probs");
    case Phase::Update:
        return Text::tr("Actor update");
    case Phase::WeightSync:
        return Text::tr("Weight sync");
    }
    return {};
}

QString phaseId(Phase phase)
{
    switch (phase) {
    case Phase::EngineStart:
        return u"engine-start"_s;
    case Phase::Rollout:
        return u"rollout"_s;
    case Phase::LogProb:
        return u"log-prob"_s;
    case Phase::Update:
        return u"update"_s;
    case Phase::WeightSync:
        return u"weight-sync"_s;
    }
    return {};
}

QString partName(Part part)
{
    switch (part) {
    case Part::Params:
        return Text::tr("Parameters");
    case Part::Gradients:
        return Text::tr("Gradients");
    case Part::Optimizer:
        return Text::tr("Optimizer states");
    case Part::Reference:
        return Text::tr("Reference model");
    case Part::Critic:
        return Text::tr("Critic");
    case Part::Gathered:
        return Text::tr("Gathered layers");
    case Part::Activations:
        return Text::tr("Activations");
    case Part::Logits:
        return Text::tr("Logits");
    case Part::Engine:
        return Text::tr("Engine workspace");
    case Part::EngineWeights:
        return Text::tr("Engine weights");
    case Part::KvCache:
        return Text::tr("KV cache");
    case Part::Bucket:
        return Text::tr("Bucket");
    }
    return {};
}

QString partId(Part part)
{
    switch (part) {
    case Part::Params:
        return u"params"_s;
    case Part::Gradients:
        return u"gradients"_s;
    case Part::Optimizer:
        return u"optimizer"_s;
    case Part::Reference:
        return u"reference"_s;
    case Part::Critic:
        return u"critic"_s;
    case Part::Gathered:
        return u"gathered"_s;
    case Part::Activations:
        return u"activations"_s;
    case Part::Logits:
        return u"logits"_s;
    case Part::Engine:
        return u"engine-workspace"_s;
    case Part::EngineWeights:
        return u"engine-weights"_s;
    case Part::KvCache:
        return u"kv-cache"_s;
    case Part::Bucket:
        return u"bucket"_s;
    }
    return {};
}

QString fitName(Fit fit)
{
    switch (fit) {
    case Fit::Fits:
        return Text::tr("fits");
    case Fit::Tight:
        return Text::tr("tight");
    case Fit::DoesNotFit:
        return Text::tr("does not fit");
    }
    return {};
}

QString fitId(Fit fit)
{
    switch (fit) {
    case Fit::Fits:
        return u"fits"_s;
    case Fit::Tight:
        return u"tight"_s;
    case Fit::DoesNotFit:
        return u"does-not-fit"_s;
    }
    return {};
}

QJsonObject toJson(const Estimate &e)
{
    const Architecture &m = e.input.model;
    if (!e.notEstimated.isEmpty()) {
        return QJsonObject{
            {u"verl_version"_s, e.input.settings.version.toString()},
            {u"config_release"_s, e.input.settings.tag},
            {u"model"_s, QJsonObject{{u"name"_s, m.name}, {u"parameters"_s, static_cast<double>(m.params)}}},
            {u"fit"_s, QJsonValue()},
            {u"not_estimated"_s, e.notEstimated}};
    }
    QJsonArray phases;
    for (const PhaseEstimate &p : e.phases) {
        QJsonArray parts;
        for (const Amount &a : p.parts) {
            parts.append(QJsonObject{{u"part"_s, partId(a.part)},
                                     {u"bytes"_s, static_cast<double>(a.bytes)},
                                     {u"gib"_s, gibValue(static_cast<qint64>(a.bytes))},
                                     {u"what"_s, a.what},
                                     {u"source"_s, a.source}});
        }
        phases.append(QJsonObject{{u"phase"_s, phaseId(p.phase)},
                                  {u"peak_bytes"_s, static_cast<double>(p.peak)},
                                  {u"peak_gib"_s, gibValue(static_cast<qint64>(p.peak))},
                                  {u"fit"_s, fitId(p.fit)},
                                  {u"fails_as"_s, p.fit == Fit::Fits ? QJsonValue() : QJsonValue(p.failure)},
                                  {u"parts"_s, parts}});
    }
    QJsonArray fixes;
    for (const Fix &f : e.fixes) {
        fixes.append(QJsonObject{{u"key"_s, f.key},
                                 {u"from"_s, f.from.isUndefined() ? QJsonValue() : f.from},
                                 {u"to"_s, f.to},
                                 {u"frees_bytes"_s, static_cast<double>(f.frees)},
                                 {u"frees_gib"_s, gibValue(f.frees)},
                                 {u"cost"_s, f.cost},
                                 {u"why"_s, f.why}});
    }
    return QJsonObject{
        {u"verl_version"_s, e.input.settings.version.toString()},
        {u"config_release"_s, e.input.settings.tag},
        {u"config"_s, e.input.settings.configId},
        {u"model"_s,
         QJsonObject{{u"name"_s, m.name},
                     {u"source"_s, m.source},
                     {u"parameters"_s, static_cast<double>(m.params)},
                     {u"parameters_counted"_s, m.paramsCounted},
                     {u"layers"_s, static_cast<double>(m.layers)},
                     {u"hidden"_s, static_cast<double>(m.hidden)},
                     {u"vocab"_s, static_cast<double>(m.vocab)},
                     {u"kv_heads"_s, static_cast<double>(m.kvHeads)}}},
        {u"npu"_s,
         QJsonObject{{u"id"_s, e.input.npu.id},
                     {u"hbm_bytes"_s, static_cast<double>(e.input.npu.hbmBytes)},
                     {u"hbm_gib"_s, gibValue(static_cast<qint64>(e.input.npu.hbmBytes))},
                     {u"source"_s, e.input.npu.source}}},
        {u"devices"_s, static_cast<double>(e.devices)},
        {u"backend"_s, e.backend},
        {u"rollout"_s, e.engine},
        {u"shards"_s, static_cast<double>(e.shards)},
        {u"margin_bytes"_s, static_cast<double>(e.input.marginBytes)},
        {u"tokens_per_update_micro_batch"_s, static_cast<double>(e.tokensUpdate)},
        {u"tokens_per_log_prob_micro_batch"_s, static_cast<double>(e.tokensLogProb)},
        {u"engine_grant_bytes"_s, static_cast<double>(e.engineBytes)},
        {u"kv_cache_bytes"_s, static_cast<double>(e.kvBytes)},
        {u"kv_cache_tokens"_s, static_cast<double>(e.kvTokens)},
        {u"sequence_tokens"_s, static_cast<double>(e.sequenceTokens)},
        {u"phases"_s, phases},
        {u"binding_phase"_s, e.binding >= 0 ? phaseId(e.phases.at(e.binding).phase) : QString()},
        {u"fit"_s, fitId(e.fit)},
        {u"fixes"_s, fixes},
        {u"fixes_suffice"_s, e.fixesSuffice},
        {u"corrected_command"_s, QJsonArray::fromStringList(e.corrected)},
        {u"assumptions"_s, QJsonArray::fromStringList(e.assumptions + e.input.settings.notes)},
        {u"command_read"_s, e.input.settings.notRead.isEmpty()},
        {u"not_estimated"_s, QJsonValue()},
        {u"vision_parameters"_s, static_cast<double>(m.visionParams)},
        {u"attention_layers"_s, static_cast<double>(m.attentionLayers)},
    };
}

QString correctedText(const Estimate &e)
{
    if (e.corrected.isEmpty())
        return {};
    // The program on the first line, then one override per line, as verl's own scripts are laid out.
    QStringList lines{shell::formatCommand(e.corrected.mid(0, e.correctedProgramWords), shell::Layout::OneLine)};
    for (const QString &word : e.corrected.mid(e.correctedProgramWords))
        lines << u"    "_s + shell::quote(word);
    return lines.join(u" \\\n"_s);
}

QString toText(const Estimate &e)
{
    QString out;
    const Architecture &m = e.input.model;
    const QLocale locale;
    out += Text::tr("Model: %1, %2 parameters (%3)").arg(m.name, locale.toString(m.params), m.source) + u'\n';
    if (!e.notEstimated.isEmpty())
        return out + e.notEstimated + u'\n';
    if (!e.input.settings.notRead.isEmpty())
        out += e.input.settings.notRead + u'\n';
    if (m.visionParams > 0 && !m.paramsCounted)
        out += Text::tr("Vision tower: %1 parameters, from config.json's vision_config")
                   .arg(locale.toString(m.visionParams))
            + u'\n';
    if (m.attentionLayers < m.layers)
        out += Text::tr("Hybrid attention: %1 of %2 layers keep a KV cache; the other %3 keep a fixed state of %4 per "
                        "sequence")
                   .arg(m.attentionLayers)
                   .arg(m.layers)
                   .arg(m.layers - m.attentionLayers)
                   .arg(gib(static_cast<qint64>(m.linearStateBytesPerSequence(1))))
            + u'\n';
    out += Text::tr("Devices: %1 × %2 (%3 per device; %4)")
               .arg(e.devices)
               .arg(e.input.npu.id, gib(static_cast<qint64>(e.input.npu.hbmBytes)), e.input.npu.source)
        + u'\n';
    out += Text::tr("verl %1 (config of %2): %3 actor over %4 shards, %5 rollout")
               .arg(e.input.settings.version.toString(), e.input.settings.tag, e.backend)
               .arg(e.shards)
               .arg(e.engine)
        + u'\n';
    out += Text::tr("Tokens per device: %1 per update micro-batch, %2 per log-prob micro-batch; one sequence %3")
               .arg(e.tokensUpdate)
               .arg(e.tokensLogProb)
               .arg(e.sequenceTokens)
        + u'\n';
    out += Text::tr("KV cache: %1 for %2 tokens (%3 sequences at once)")
               .arg(gib(std::max<qint64>(0, e.kvBytes)))
               .arg(e.kvTokens)
               .arg(e.sequenceTokens > 0 ? e.kvTokens / e.sequenceTokens : 0)
        + u"\n\n"_s;
    for (qsizetype i = 0; i < e.phases.size(); ++i) {
        const PhaseEstimate &p = e.phases.at(i);
        out += Text::tr("%1: peak %2 of %3 — %4%5")
                   .arg(phaseName(p.phase), gib(static_cast<qint64>(p.peak)),
                        gib(static_cast<qint64>(e.input.npu.hbmBytes)), fitName(p.fit),
                        i == e.binding ? Text::tr(" (binds)") : QString())
            + u'\n';
        for (const Amount &a : p.parts) {
            out += u"  "_s + gib(static_cast<qint64>(a.bytes)).rightJustified(10) + u"  "_s + partName(a.part) + u": "_s
                + a.what;
            if (!a.source.isEmpty())
                out += u"  ["_s + a.source + u']';
            out += u'\n';
        }
        if (p.fit != Fit::Fits)
            out += u"  → "_s + p.failure + u'\n';
    }
    out += u'\n';
    if (e.fit == Fit::DoesNotFit)
        out += Text::tr("Does not fit: %1 binds.").arg(phaseName(e.phases.at(e.binding).phase)) + u'\n';
    else if (e.fit == Fit::Tight)
        out += Text::tr("Fits only within the margin: %1 is tight.").arg(phaseName(e.phases.at(e.binding).phase))
            + u'\n';
    else
        out += Text::tr("Every phase fits with the margin.") + u'\n';
    if (!e.fixes.isEmpty()) {
        out += u'\n' + Text::tr("What makes it fit, cheapest first:") + u'\n';
        for (const Fix &f : e.fixes) {
            out += u"  "_s + f.key + u": "_s + valueText(f.from) + u" → "_s + valueText(f.to) + u"  ("_s + fixEffect(f)
                + u")  "_s + f.why + u'\n';
        }
        if (!e.fixesSuffice)
            out += Text::tr(
                       "These are not enough: no setting checked here makes it fit; more devices or a smaller model "
                       "are left.")
                + u'\n';
        out += u'\n' + Text::tr("Corrected command:") + u'\n' + correctedText(e) + u'\n';
    }
    const QStringList notes = e.assumptions + e.input.settings.notes;
    if (!notes.isEmpty()) {
        out += u'\n' + Text::tr("Assumptions:") + u'\n';
        for (const QString &note : notes)
            out += u"  - "_s + note + u'\n';
    }
    return out;
}

} // namespace vna::memory
