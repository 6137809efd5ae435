// A knowledge-base file from a colleague: validated, compiled into the matcher, listed as JSON.
#include "fuzzcheck.h"
#include "logscan/knowledgebase.h"
#include "logscan/matcher.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace vna::logscan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto entries = parseKnowledgeFile(vna::fuzz::bytes(data, size).toByteArray(), u"fuzz.json"_s);
    if (!entries)
        return 0;
    for (const Entry &entry : *entries) {
        // The generic entry (codes "*") gets its indications when the whole knowledge base is loaded.
        VNA_FUZZ_CHECK(!entry.id.isEmpty() && (!entry.indications.isEmpty() || entry.findsAnyCode()),
                       "a valid entry has an id and indications");
        (void)entry.toJson();
    }
    const auto matcher = Matcher::compile(*entries);
    if (matcher)
        (void)matcher->scan("x\n", 0);
    return 0;
}
