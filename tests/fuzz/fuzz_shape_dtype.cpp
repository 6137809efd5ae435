// Shapes and dtypes as typed into the calculator: "[152064, 3584]", "bf16", "torch.float8_e4m3fn".
// Property: a parsed shape formats to text that parses back to the same shape.
#include "bucket/dtype.h"
#include "bucket/tensor.h"
#include "fuzzcheck.h"

using namespace Qt::StringLiterals;
using namespace vna::bucket;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    const qsizetype split = text.indexOf(u'\n');
    const QString shapeText = split < 0 ? text : text.first(split);
    const QString dtypeText = split < 0 ? QString() : text.sliced(split + 1);

    const auto shape = parseShape(shapeText, u"shape"_s);
    if (shape) {
        const QString formatted = formatShape(*shape);
        const auto again = parseShape(formatted, u"shape"_s);
        VNA_FUZZ_CHECK(again && *again == *shape, "formatShape output parses back to the same shape");
        (void)elementCount(*shape);
    }
    const auto dtype = parseDType(dtypeText.isEmpty() ? shapeText : dtypeText, u"dtype"_s);
    if (dtype) {
        VNA_FUZZ_CHECK(dtype->bits > 0, "a known dtype has a size");
        const auto named = parseDType(dtype->safetensors, u"dtype"_s);
        VNA_FUZZ_CHECK(named && *named == *dtype, "a dtype's canonical name parses to itself");
        if (!dtype->torch.isEmpty()) {
            const auto torch = parseDType(dtype->torch, u"dtype"_s);
            VNA_FUZZ_CHECK(torch && *torch == *dtype, "a dtype's torch name parses to itself");
        }
        if (shape) {
            if (const auto bytes = byteCount(*shape, *dtype))
                (void)makeTensor(u"t"_s, *shape, *dtype);
        }
    }
    (void)dtypeFromSafetensors(shapeText);
    return 0;
}
