// npu-smi output as users paste it: `npu-smi info`, `npu-smi info -m` and key/value listings.
#include "env/npusmi.h"
#include "fuzzcheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    if (const auto info = vna::env::parseNpuSmiInfo(text)) {
        VNA_FUZZ_CHECK(info->chipCount() == info->devices.size(), "chip count is the device count");
        for (const auto &device : info->devices) {
            VNA_FUZZ_CHECK(device.line >= 1, "every device row has a line number");
            (void)device.usedMb();
            (void)device.totalMb();
        }
        (void)info->npuIds();
        (void)vna::env::familyName(info->family);
    }
    (void)vna::env::parseChipMap(text);
    (void)vna::env::parseKeyValues(text);
    return 0;
}
