#include "jsonreader.h"

#include <cstdint>
#include <cstring>

#include <QCoreApplication>
#include <QStringDecoder>

namespace vna {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(QByteArray &out, char32_t code)
{
    if (code < 0x80) {
        out.append(static_cast<char>(code));
    } else if (code < 0x800) {
        out.append(static_cast<char>(0xC0 | (code >> 6)));
        out.append(static_cast<char>(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
        out.append(static_cast<char>(0xE0 | (code >> 12)));
        out.append(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
        out.append(static_cast<char>(0x80 | (code & 0x3F)));
    } else {
        out.append(static_cast<char>(0xF0 | (code >> 18)));
        out.append(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
        out.append(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
        out.append(static_cast<char>(0x80 | (code & 0x3F)));
    }
}

} // namespace

JsonReader::JsonReader(QByteArrayView text)
    : m_text{text}
{}

bool JsonReader::fail(const QString &message)
{
    if (m_error.isEmpty()) {
        m_error = message;
        m_errorOffset = m_pos;
    }
    return false;
}

void JsonReader::skipSpace()
{
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return;
        ++m_pos;
    }
}

bool JsonReader::expect(char c)
{
    skipSpace();
    if (m_pos < m_text.size() && m_text[m_pos] == c) {
        ++m_pos;
        return true;
    }
    if (m_pos >= m_text.size())
        return fail(QCoreApplication::translate("Json", "the text ends too early"));
    return fail(QCoreApplication::translate("Json", "expected \"%1\"").arg(QLatin1Char(c)));
}

JsonReader::Type JsonReader::peek()
{
    if (failed())
        return Type::Invalid;
    skipSpace();
    if (m_pos >= m_text.size())
        return Type::End;
    switch (m_text[m_pos]) {
    case '{':
        return Type::Object;
    case '[':
        return Type::Array;
    case '"':
        return Type::String;
    case 't':
    case 'f':
        return Type::Bool;
    case 'n':
        return Type::Null;
    default:
        return (m_text[m_pos] == '-' || isDigit(m_text[m_pos])) ? Type::Number : Type::Invalid;
    }
}

bool JsonReader::beginObject()
{
    if (failed() || !expect('{'))
        return false;
    if (m_first.size() >= kMaxDepth)
        return fail(QCoreApplication::translate("Json", "nested more than %1 levels deep").arg(kMaxDepth));
    m_first.append(true);
    return true;
}

bool JsonReader::beginArray()
{
    if (failed() || !expect('['))
        return false;
    if (m_first.size() >= kMaxDepth)
        return fail(QCoreApplication::translate("Json", "nested more than %1 levels deep").arg(kMaxDepth));
    m_first.append(true);
    return true;
}

bool JsonReader::enterNext(char close)
{
    if (failed() || m_first.isEmpty())
        return false;
    skipSpace();
    if (m_pos < m_text.size() && m_text[m_pos] == close) {
        ++m_pos;
        m_first.removeLast();
        return false;
    }
    if (!m_first.last() && !expect(','))
        return false;
    m_first.last() = false;
    return true;
}

bool JsonReader::nextMember(QByteArrayView &key)
{
    return enterNext('}') && readString(key) && expect(':');
}

bool JsonReader::nextMember(QString &key)
{
    return enterNext('}') && readString(key) && expect(':');
}

bool JsonReader::nextElement()
{
    return enterNext(']');
}

bool JsonReader::readRaw(QByteArrayView &out, bool &ascii)
{
    if (failed() || !expect('"'))
        return false;
    // Fast path: no escapes, the bytes are the string.
    const qsizetype start = m_pos;
    const char *data = m_text.data();
    const qsizetype size = m_text.size();
    unsigned char seen = 0; // OR of all bytes: the top bit says non-ASCII
    qsizetype pos = m_pos;
    while (pos < size) {
        const auto c = static_cast<unsigned char>(data[pos]);
        if (c == '"' || c == '\\' || c < 0x20)
            break;
        seen |= c;
        ++pos;
    }
    m_pos = pos;
    ascii = (seen & 0x80) == 0;
    if (m_pos < m_text.size() && m_text[m_pos] == '"') {
        out = m_text.sliced(start, m_pos - start);
        ++m_pos;
        return true;
    }
    m_unescaped = m_text.sliced(start, m_pos - start).toByteArray();
    while (true) {
        if (m_pos >= m_text.size())
            return fail(QCoreApplication::translate("Json", "a string is not closed"));
        const auto c = static_cast<unsigned char>(m_text[m_pos]);
        if (c == '"') {
            ++m_pos;
            break;
        }
        if (c < 0x20)
            return fail(QCoreApplication::translate("Json", "a control character inside a string"));
        if (c != '\\') {
            ascii = ascii && c < 0x80;
            m_unescaped.append(static_cast<char>(c));
            ++m_pos;
            continue;
        }
        if (m_pos + 1 >= m_text.size())
            return fail(QCoreApplication::translate("Json", "a string is not closed"));
        const char escape = m_text[m_pos + 1];
        m_pos += 2;
        switch (escape) {
        case '"':
        case '\\':
        case '/':
            m_unescaped.append(escape);
            break;
        case 'b':
            m_unescaped.append('\b');
            break;
        case 'f':
            m_unescaped.append('\f');
            break;
        case 'n':
            m_unescaped.append('\n');
            break;
        case 'r':
            m_unescaped.append('\r');
            break;
        case 't':
            m_unescaped.append('\t');
            break;
        case 'u': {
            const auto hex4 = [this](char32_t &value) {
                if (m_pos + 4 > m_text.size())
                    return false;
                value = 0;
                for (int i = 0; i < 4; ++i) {
                    const int h = hexValue(m_text[m_pos + i]);
                    if (h < 0)
                        return false;
                    value = value * 16 + static_cast<char32_t>(h);
                }
                m_pos += 4;
                return true;
            };
            char32_t code = 0;
            if (!hex4(code))
                return fail(QCoreApplication::translate("Json", "a bad \\u escape"));
            if (code >= 0xD800 && code <= 0xDBFF) {
                char32_t low = 0;
                if (m_pos + 2 > m_text.size() || m_text[m_pos] != '\\' || m_text[m_pos + 1] != 'u')
                    return fail(QCoreApplication::translate("Json", "a lone surrogate in a \\u escape"));
                m_pos += 2;
                if (!hex4(low) || low < 0xDC00 || low > 0xDFFF)
                    return fail(QCoreApplication::translate("Json", "a lone surrogate in a \\u escape"));
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            } else if (code >= 0xDC00 && code <= 0xDFFF) {
                return fail(QCoreApplication::translate("Json", "a lone surrogate in a \\u escape"));
            }
            ascii = ascii && code < 0x80;
            appendUtf8(m_unescaped, code);
            break;
        }
        default:
            return fail(QCoreApplication::translate("Json", "an unknown escape \\%1").arg(QLatin1Char(escape)));
        }
    }
    out = m_unescaped;
    return true;
}

bool JsonReader::readString(QByteArrayView &out)
{
    bool ascii = true;
    if (!readRaw(out, ascii))
        return false;
    if (!ascii) {
        // decode() is lazy: the text must be converted for errors to be found.
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder.decode(out);
        if (decoder.hasError())
            return fail(QCoreApplication::translate("Json", "a string is not valid UTF-8"));
    }
    return true;
}

bool JsonReader::readString(QString &out)
{
    bool ascii = true;
    QByteArrayView raw;
    if (!readRaw(raw, ascii))
        return false;
    if (ascii) {
        out = QString::fromLatin1(raw);
        return true;
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    out = decoder.decode(raw);
    if (decoder.hasError())
        return fail(QCoreApplication::translate("Json", "a string is not valid UTF-8"));
    return true;
}

bool JsonReader::scanNumber(qsizetype &end)
{
    qsizetype p = m_pos;
    if (p < m_text.size() && m_text[p] == '-')
        ++p;
    if (p >= m_text.size() || !isDigit(m_text[p]))
        return fail(QCoreApplication::translate("Json", "a malformed number"));
    if (m_text[p] == '0') {
        ++p;
    } else {
        while (p < m_text.size() && isDigit(m_text[p]))
            ++p;
    }
    if (p < m_text.size() && m_text[p] == '.') {
        ++p;
        if (p >= m_text.size() || !isDigit(m_text[p]))
            return fail(QCoreApplication::translate("Json", "a malformed number"));
        while (p < m_text.size() && isDigit(m_text[p]))
            ++p;
    }
    if (p < m_text.size() && (m_text[p] == 'e' || m_text[p] == 'E')) {
        ++p;
        if (p < m_text.size() && (m_text[p] == '+' || m_text[p] == '-'))
            ++p;
        if (p >= m_text.size() || !isDigit(m_text[p]))
            return fail(QCoreApplication::translate("Json", "a malformed number"));
        while (p < m_text.size() && isDigit(m_text[p]))
            ++p;
    }
    end = p;
    return true;
}

bool JsonReader::readUnsigned(quint64 &out)
{
    if (peek() != Type::Number)
        return fail(QCoreApplication::translate("Json", "expected a number"));
    qsizetype end = 0;
    if (!scanNumber(end))
        return false;
    quint64 value = 0;
    for (qsizetype p = m_pos; p < end; ++p) {
        const char c = m_text[p];
        if (!isDigit(c))
            return fail(QCoreApplication::translate("Json", "expected a non-negative whole number"));
        const auto digit = static_cast<quint64>(c - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return fail(QCoreApplication::translate("Json", "a number larger than 64 bits"));
        value = value * 10 + digit;
    }
    m_pos = end;
    out = value;
    return true;
}

bool JsonReader::skipBrackets()
{
    const Type type = peek();
    if (type != Type::Array && type != Type::Object)
        return skipValue();
    int depth = 0;
    const char *data = m_text.data();
    const qsizetype size = m_text.size();
    for (qsizetype p = m_pos; p < size; ++p) {
        const char c = data[p];
        if (c == '"') {
            // The closing quote is the next one not escaped: found with memchr, then the backslashes
            // before it counted (an even number escape each other).
            for (++p; p < size; ++p) {
                const void *quote = std::memchr(data + p, '"', static_cast<size_t>(size - p));
                if (!quote) {
                    p = size;
                    break;
                }
                p = static_cast<const char *>(quote) - data;
                qsizetype slashes = 0;
                while (p - 1 - slashes >= 0 && data[p - 1 - slashes] == '\\')
                    ++slashes;
                if (slashes % 2 == 0)
                    break;
            }
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if (c == ']' || c == '}') {
            if (--depth == 0) {
                m_pos = p + 1;
                return true;
            }
        }
    }
    m_pos = size;
    return fail(QCoreApplication::translate("Json", "the text ends too early"));
}

bool JsonReader::skipValue()
{
    switch (peek()) {
    case Type::Object: {
        if (!beginObject())
            return false;
        QByteArrayView key;
        while (nextMember(key)) {
            if (!skipValue())
                return false;
        }
        return !failed();
    }
    case Type::Array:
        if (!beginArray())
            return false;
        while (nextElement()) {
            if (!skipValue())
                return false;
        }
        return !failed();
    case Type::String: {
        QByteArrayView ignored;
        return readString(ignored);
    }
    case Type::Number: {
        qsizetype end = 0;
        if (!scanNumber(end))
            return false;
        m_pos = end;
        return true;
    }
    case Type::Bool:
    case Type::Null:
        for (const QByteArrayView word : {QByteArrayView("true"), QByteArrayView("false"), QByteArrayView("null")}) {
            if (m_text.sliced(m_pos).startsWith(word)) {
                m_pos += word.size();
                return true;
            }
        }
        return fail(QCoreApplication::translate("Json", "an unknown word"));
    case Type::End:
        return fail(QCoreApplication::translate("Json", "the text ends too early"));
    case Type::Invalid:
        break;
    }
    return fail(QCoreApplication::translate("Json", "an unexpected character"));
}

bool JsonReader::atEnd()
{
    skipSpace();
    return m_pos >= m_text.size();
}

} // namespace vna
