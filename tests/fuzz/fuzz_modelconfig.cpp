// A model folder's config.json, and the tensor list the calculator derives from it when a folder
// has no safetensors files.
#include "bucket/modelinspector.h"
#include "fuzzcheck.h"

using namespace Qt::StringLiterals;
using namespace vna::bucket;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto config = parseModelConfig(vna::fuzz::bytes(data, size), u"config.json"_s);
    if (!config)
        return 0;
    for (const DType &dtype : allDTypes()) {
        for (const Tensor &tensor : tensorsFromConfig(*config, dtype)) {
            const auto bytes = byteCount(tensor.shape, tensor.dtype);
            VNA_FUZZ_CHECK(bytes && *bytes == tensor.bytes, "a derived tensor's size follows from its shape");
        }
    }
    return 0;
}
