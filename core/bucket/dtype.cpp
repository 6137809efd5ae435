#include "dtype.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace vna::bucket {

const QList<DType> &allDTypes()
{
    // Bit sizes from safetensors' Dtype::bitsize(); torch names from torch's dtype list.
    static const QList<DType> table{
        {u"F64"_s, u"torch.float64"_s, 64, true, {u"float64"_s, u"fp64"_s, u"double"_s, u"f64"_s}},
        {u"F32"_s, u"torch.float32"_s, 32, true, {u"float32"_s, u"fp32"_s, u"float"_s, u"f32"_s}},
        {u"F16"_s, u"torch.float16"_s, 16, true, {u"float16"_s, u"fp16"_s, u"half"_s, u"f16"_s}},
        {u"BF16"_s, u"torch.bfloat16"_s, 16, true, {u"bfloat16"_s, u"bf16"_s}},
        {u"F8_E4M3"_s, u"torch.float8_e4m3fn"_s, 8, true, {u"float8_e4m3fn"_s, u"f8_e4m3"_s, u"fp8_e4m3"_s, u"e4m3"_s}},
        {u"F8_E5M2"_s, u"torch.float8_e5m2"_s, 8, true, {u"float8_e5m2"_s, u"f8_e5m2"_s, u"fp8_e5m2"_s, u"e5m2"_s}},
        {u"F8_E4M3FNUZ"_s, u"torch.float8_e4m3fnuz"_s, 8, true, {u"float8_e4m3fnuz"_s, u"f8_e4m3fnuz"_s}},
        {u"F8_E5M2FNUZ"_s, u"torch.float8_e5m2fnuz"_s, 8, true, {u"float8_e5m2fnuz"_s, u"f8_e5m2fnuz"_s}},
        {u"F8_E8M0"_s, u"torch.float8_e8m0fnu"_s, 8, true, {u"float8_e8m0fnu"_s, u"f8_e8m0"_s}},
        {u"F6_E2M3"_s, QString(), 6, true, {u"f6_e2m3"_s, u"float6_e2m3"_s}},
        {u"F6_E3M2"_s, QString(), 6, true, {u"f6_e3m2"_s, u"float6_e3m2"_s}},
        {u"F4"_s, QString(), 4, true, {u"f4"_s, u"float4"_s, u"fp4"_s, u"float4_e2m1"_s}},
        {u"C64"_s, u"torch.complex64"_s, 64, true, {u"complex64"_s, u"c64"_s}},
        {u"I64"_s, u"torch.int64"_s, 64, false, {u"int64"_s, u"long"_s, u"i64"_s}},
        {u"I32"_s, u"torch.int32"_s, 32, false, {u"int32"_s, u"int"_s, u"i32"_s}},
        {u"I16"_s, u"torch.int16"_s, 16, false, {u"int16"_s, u"short"_s, u"i16"_s}},
        {u"I8"_s, u"torch.int8"_s, 8, false, {u"int8"_s, u"i8"_s}},
        {u"U64"_s, u"torch.uint64"_s, 64, false, {u"uint64"_s, u"u64"_s}},
        {u"U32"_s, u"torch.uint32"_s, 32, false, {u"uint32"_s, u"u32"_s}},
        {u"U16"_s, u"torch.uint16"_s, 16, false, {u"uint16"_s, u"u16"_s}},
        {u"U8"_s, u"torch.uint8"_s, 8, false, {u"uint8"_s, u"u8"_s, u"byte"_s}},
        {u"BOOL"_s, u"torch.bool"_s, 8, false, {u"bool"_s}},
    };
    return table;
}

Result<DType> parseDType(const QString &text, const QString &where)
{
    QString key = text.trimmed().toLower();
    if (key.startsWith(u"torch."))
        key.remove(0, 6);
    for (const DType &dtype : allDTypes()) {
        if (key == dtype.safetensors.toLower() || dtype.aliases.contains(key)
            || (!dtype.torch.isEmpty() && key == dtype.torch.mid(6)))
            return dtype;
    }
    return Error::input(QCoreApplication::translate("Bucket",
                                                    "Unknown data type \"%1\" in %2: use e.g. float32, "
                                                    "bfloat16, float16, float8_e4m3fn or int8.")
                            .arg(text.trimmed(), where),
                        where);
}

Result<DType> dtypeFromSafetensors(const QString &name)
{
    for (const DType &dtype : allDTypes()) {
        if (dtype.safetensors == name)
            return dtype;
    }
    return Error::input(QCoreApplication::translate("Bucket", "Unknown safetensors dtype \"%1\".").arg(name), name);
}

} // namespace vna::bucket
