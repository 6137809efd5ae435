// Reads Hydra override strings the way Hydra's OverrideParser does: key forms with + ++ ~, quoted
// strings with their backslash rules, typed primitives (null, bools, ints with _, floats with inf/nan),
// escapes, interpolations, lists, dicts, function calls and choice sweeps (a,b).
#pragma once

#include "hydra/override.h"

namespace vna::hydra {

struct ParsedOverride
{
    Override override;         // a missing value after "=" reads as the empty string
    qsizetype valueStart = -1; // offset of the value in the text, -1 without "="
};

// Errors give the 0-based offset of the problem in `text`.
Result<ParsedOverride> parseOverride(const QString &text);
// Just a value, as it would appear after "key=".
Result<Value> parseValue(const QString &text);

} // namespace vna::hydra
