#include "editdistance.h"

#include <algorithm>
#include <vector>

namespace vna {

int editDistance(const QString &a, const QString &b, int limit)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    if (std::abs(n - m) > limit)
        return limit + 1;
    // Three rows: the one before the previous is what a swap of two characters looks back to.
    std::vector<int> before(static_cast<size_t>(m + 1));
    std::vector<int> previous(static_cast<size_t>(m + 1));
    std::vector<int> current(static_cast<size_t>(m + 1));
    for (qsizetype j = 0; j <= m; ++j)
        previous[static_cast<size_t>(j)] = static_cast<int>(j);
    for (qsizetype i = 1; i <= n; ++i) {
        current[0] = static_cast<int>(i);
        int rowMin = current[0];
        for (qsizetype j = 1; j <= m; ++j) {
            const auto uj = static_cast<size_t>(j);
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            int d = std::min({previous[uj] + 1, current[uj - 1] + 1, previous[uj - 1] + cost});
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1))
                d = std::min(d, before[uj - 2] + 1);
            current[uj] = d;
            rowMin = std::min(rowMin, d);
        }
        if (rowMin > limit)
            return limit + 1;
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return std::min(previous[static_cast<size_t>(m)], limit + 1);
}

} // namespace vna
