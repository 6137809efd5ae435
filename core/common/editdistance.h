// How far apart two words are, for "did you mean": edits (insert, delete, replace, or swap two
// neighbouring characters) that turn one into the other.
#pragma once

#include <QString>

namespace vna {

// Optimal string alignment distance; stops counting at `limit` (returns limit + 1 when further).
int editDistance(const QString &a, const QString &b, int limit = 1 << 20);

} // namespace vna
