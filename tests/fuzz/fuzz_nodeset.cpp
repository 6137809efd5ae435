// ClusterShell nodesets and host files as typed into the target picker: "node[01-16]!node05".
// Properties: never more than kMaxHosts hosts (however the ranges multiply), no duplicates, and
// folding the hosts gives a nodeset that expands to the same hosts.
#include <QSet>

#include "fuzzcheck.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;
using namespace vna::ssh;

namespace {

void checkHosts(const QStringList &hosts)
{
    VNA_FUZZ_CHECK(hosts.size() <= kMaxHosts, "the size cap holds");
    const QSet<QString> unique(hosts.cbegin(), hosts.cend());
    VNA_FUZZ_CHECK(unique.size() == hosts.size(), "no host is listed twice");
    for (const QString &host : hosts)
        VNA_FUZZ_CHECK(!host.isEmpty() && !host.startsWith(u'-'), "a host is never empty or an ssh option");
    if (hosts.isEmpty() || hosts.size() > 5000)
        return; // folding is checked on inputs small enough to keep the fuzzer fast
    const auto again = expandNodeset(foldNodeset(hosts));
    VNA_FUZZ_CHECK(again.ok(), "a folded nodeset expands");
    const QSet<QString> expanded(again->cbegin(), again->cend());
    VNA_FUZZ_CHECK(expanded == unique, "fold then expand gives the same hosts");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    if (const auto hosts = expandNodeset(text))
        checkHosts(*hosts);
    if (const auto hosts = parseHostFile(text, u"hosts"_s))
        VNA_FUZZ_CHECK(hosts->size() <= kMaxHosts, "the size cap holds for host files");
    return 0;
}
