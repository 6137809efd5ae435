// One Hydra override as typed into the profiler linter: "actor_rollout_ref.actor.profiler.level=level1".
// Property: an override that parses formats to text that parses back to the same override, and
// formatting that again gives the same text (a fixed point, which also holds for nan).
#include "fuzzcheck.h"
#include "hydra/override.h"
#include "hydra/parser.h"

using namespace vna::hydra;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    (void)parseValue(text);
    const auto parsed = parseOverride(text);
    if (!parsed)
        return 0;
    const Override &first = parsed->override;
    VNA_FUZZ_CHECK(parsed->valueStart <= text.size(), "the value starts inside the text");
    if (first.value)
        (void)describe(*first.value);
    const auto formatted = format(first);
    if (!formatted)
        return 0; // values Hydra cannot write back (e.g. a string with both quote kinds) are refused
    const auto reparsed = parseOverride(*formatted);
    VNA_FUZZ_CHECK(reparsed.ok(), "formatted override parses");
    const Override &second = reparsed->override;
    VNA_FUZZ_CHECK(second.prefix == first.prefix && second.key == first.key, "prefix and key survive");
    VNA_FUZZ_CHECK(second.value.has_value() == first.value.has_value(), "a value survives");
    if (first.value)
        VNA_FUZZ_CHECK(second.value->type() == first.value->type(), "the value's type survives");
    const auto again = format(second);
    VNA_FUZZ_CHECK(again && *again == *formatted, "format(parse(format(x))) == format(x)");
    return 0;
}
