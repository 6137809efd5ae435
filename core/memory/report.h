// The memory estimate as the CLI prints it, as JSON, and the names the window shows: one rendering for both.
#pragma once

#include <QJsonObject>
#include <QString>

#include "memory/estimate.h"

namespace vna::memory {

QString phaseName(Phase phase); // translated
QString phaseId(Phase phase);   // engine-start, rollout, log-prob, update, weight-sync
QString partName(Part part);    // translated
QString partId(Part part);
QString fitName(Fit fit); // translated
QString fitId(Fit fit);   // fits, tight, does-not-fit

// "frees 4.55 GiB", or "lets Engine start pass" for a fix that passes a check rather than frees memory.
QString fixEffect(const Fix &fix);

// "12.34 GiB"
QString gib(qint64 bytes);

QJsonObject toJson(const Estimate &estimate);
// The report the CLI prints and the window shows in its text view.
QString toText(const Estimate &estimate);
// The corrected command as bash text to paste (one word per line joined by " \").
QString correctedText(const Estimate &estimate);

} // namespace vna::memory
