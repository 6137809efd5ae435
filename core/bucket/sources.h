// Turns each kind of input (preset, typed shape, pasted message, model folder) into a Source for
// analyze(). Shared by the CLI and the Bucket tab so both read inputs the same way.
#pragma once

#include "bucket/assertionparser.h"
#include "bucket/bucketcalc.h"
#include "bucket/modelinspector.h"

namespace vna::bucket {

Result<Source> sourceFromPreset(const QString &id);
// `dtype` may be empty: the backend then decides (see analyze()).
Result<Source> sourceFromShape(const QString &shape, const QString &dtype);
Source sourceFromMessages(const QList<AssertionMatch> &matches);
Source sourceFromModel(const ModelInspection &inspection);

} // namespace vna::bucket
