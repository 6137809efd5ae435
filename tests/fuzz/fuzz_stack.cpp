// Stacks as users paste them: pip list, pip freeze, conda list, collect_env.py, version lines, image tags,
// npu-smi info, and whatever else lands in an issue.
#include "env/stack.h"
#include "fuzzcheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    const auto stack = vna::env::parseStack(text);
    if (!stack) {
        VNA_FUZZ_CHECK(!stack.error().message.isEmpty(), "a refusal says why");
        return 0;
    }
    const auto lines = text.count(QLatin1Char('\n')) + 1;
    for (auto it = stack->versions.cbegin(); it != stack->versions.cend(); ++it) {
        VNA_FUZZ_CHECK(!it->version.isEmpty(), "every version read is non-empty");
        VNA_FUZZ_CHECK(it->line >= 1 && it->line <= lines, "every version names a line of the text");
    }
    (void)vna::env::generationLabel(stack->hardware);
    return 0;
}
