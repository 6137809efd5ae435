// A .safetensors file image: 8-byte little-endian header length, JSON header, tensor data. The
// reader only ever sees the header, so this is what a hostile model folder can make it parse.
#include <QtEndian>

#include "bucket/safetensors.h"
#include "fuzzcheck.h"

using namespace Qt::StringLiterals;
using namespace vna::bucket;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView file = vna::fuzz::bytes(data, size);
    (void)recogniseNonSafetensors(file.first(std::min<qsizetype>(file.size(), 64)));
    if (size < 8)
        return 0;
    const auto n = qFromLittleEndian<quint64>(data);
    if (n > kMaxSafetensorsHeader || n > size - 8)
        return 0;
    const auto header = parseSafetensorsHeader(file.sliced(8, static_cast<qsizetype>(n)), size, u"fuzz.safetensors"_s);
    if (!header)
        return 0;
    VNA_FUZZ_CHECK(header->headerSize == n && header->bytesRead == n + 8, "header size is what the file says");
    quint64 total = 0;
    for (const Tensor &tensor : header->tensors) {
        const auto bytes = byteCount(tensor.shape, tensor.dtype);
        VNA_FUZZ_CHECK(bytes && *bytes == tensor.bytes, "a tensor's size follows from its shape and dtype");
        VNA_FUZZ_CHECK(tensor.bytes <= size - 8 - n - total, "the tensors fit in the data part of the file");
        total += tensor.bytes;
    }
    return 0;
}
