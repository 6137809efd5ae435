// A pull reader for JSON text: walks objects and arrays without building a document, so large or
// hostile input costs no more than one pass. Used where speed matters (safetensors headers, shard
// indexes); everything else can use QJsonDocument. Errors carry the byte offset.
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

namespace vna {

class JsonReader final
{
public:
    enum class Type { Object, Array, String, Number, Bool, Null, End, Invalid };

    explicit JsonReader(QByteArrayView text);

    // The type of the next value, after whitespace. Does not consume it.
    Type peek();

    bool beginObject();
    // Reads the next member's key; false at the closing '}' (consumed) or on an error.
    bool nextMember(QString &key);
    // The same, giving the key's UTF-8 bytes without making a QString; valid until the next call.
    bool nextMember(QByteArrayView &key);
    bool beginArray();
    // True when another element follows; false at the closing ']' (consumed) or on an error.
    bool nextElement();

    bool readString(QString &out);
    // The string's UTF-8 bytes (escapes resolved); valid until the next call.
    bool readString(QByteArrayView &out);
    // A plain non-negative integer (no sign, fraction or exponent) that fits in 64 bits.
    bool readUnsigned(quint64 &out);
    // Any value, nested at most kMaxDepth deep.
    bool skipValue();
    // An array or object, found by its brackets alone (strings respected, nothing else checked): many
    // times faster than skipValue, for the program's own files, which a reader may parse later.
    bool skipBrackets();
    // Only whitespace is left.
    bool atEnd();
    // The byte offset of the next value (after whitespace): where a skipped value began or ended.
    qsizetype offset()
    {
        skipSpace();
        return m_pos;
    }

    bool failed() const { return !m_error.isEmpty(); }
    // Translated description of the first problem, and where it is.
    QString error() const { return m_error; }
    qsizetype errorOffset() const { return m_errorOffset; }
    // Reports a problem found by the caller at the current position.
    bool fail(const QString &message);

    static constexpr int kMaxDepth = 64;

private:
    void skipSpace();
    bool expect(char c);
    // Past the "," before the next member or element; false at `close` ("}" or "]", consumed) or on
    // an error.
    bool enterNext(char close);
    bool scanNumber(qsizetype &end);

    bool readRaw(QByteArrayView &out, bool &ascii);

    QByteArrayView m_text;
    QByteArray m_unescaped; // backing store for strings with escapes
    qsizetype m_pos = 0;
    QList<bool> m_first; // per open container: no member read yet
    QString m_error;
    qsizetype m_errorOffset = -1;
};

} // namespace vna
