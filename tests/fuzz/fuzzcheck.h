// Shared by the fuzz targets: a property check that stops the run with a message, and helpers to
// turn fuzzer bytes into the text our parsers take.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

// A broken property is a crash to libFuzzer (it keeps the input) and a failed test to the replay
// runner.
#define VNA_FUZZ_CHECK(condition, what)                                                                                \
    do {                                                                                                               \
        if (!(condition)) {                                                                                            \
            std::fprintf(stderr, "fuzz property broken at %s:%d: %s\n", __FILE__, __LINE__, what);                     \
            std::abort();                                                                                              \
        }                                                                                                              \
    } while (false)

// The same for two values that must be equal, printing both.
#define VNA_FUZZ_CHECK_EQ(actual, expected, what)                                                                      \
    do {                                                                                                               \
        if (!((actual) == (expected))) {                                                                               \
            std::fprintf(stderr, "fuzz property broken at %s:%d: %s\n  actual:   %s\n  expected: %s\n", __FILE__,      \
                         __LINE__, what, vna::fuzz::show(actual).constData(), vna::fuzz::show(expected).constData());  \
            std::abort();                                                                                              \
        }                                                                                                              \
    } while (false)

namespace vna::fuzz {

// Printable form of a value in a broken-property message: escapes, so control characters show.
inline QByteArray show(const QString &value)
{
    QByteArray out;
    for (const char32_t c : value.toUcs4()) {
        if (c >= 0x20 && c < 0x7f && c != u'\\')
            out += static_cast<char>(c);
        else
            out += "\\u{" + QByteArray::number(static_cast<quint32>(c), 16) + '}';
    }
    return '"' + out + '"';
}
inline QByteArray show(qsizetype value)
{
    return QByteArray::number(value);
}

// The bytes as UTF-8 text, the way a paste or a file read reaches the parsers.
inline QString text(const uint8_t *data, size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
}

inline QByteArrayView bytes(const uint8_t *data, size_t size)
{
    return {reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)};
}

} // namespace vna::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
