// The "Weight … is too large to fit in the bucket" assertion as users paste it: any log excerpt.
#include "bucket/assertionparser.h"
#include "fuzzcheck.h"

using namespace vna::bucket;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    const auto matches = parseAssertions(text);
    if (!matches)
        return 0;
    VNA_FUZZ_CHECK(!matches->isEmpty(), "success means at least one assertion");
    const qsizetype lines = text.count(u'\n') + 1;
    for (const AssertionMatch &match : *matches) {
        VNA_FUZZ_CHECK(match.line >= 1 && match.line <= lines, "the line is inside the text");
        VNA_FUZZ_CHECK(match.occurrences >= 1, "an assertion was seen at least once");
        const auto bytes = byteCount(match.tensor.shape, match.tensor.dtype);
        VNA_FUZZ_CHECK(bytes && *bytes == match.tensor.bytes, "the tensor's size follows from its shape");
    }
    return 0;
}
