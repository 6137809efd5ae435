#include "parser.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::hydra {

namespace {

// Characters Hydra's lexer lets stand unquoted besides letters, digits and '_'.
bool isUnquotedChar(QChar c)
{
    return c == u'/' || c == u'-' || c == u'\\' || c == u'+' || c == u'.' || c == u'$' || c == u'%' || c == u'*'
        || c == u'@' || c == u'?' || c == u'|';
}

bool isIdChar(QChar c)
{
    return c.unicode() < 128 && (c.isLetterOrNumber() || c == u'_');
}

bool isEscapable(QChar c)
{
    static const QString chars = u"\\()[]{}:=, \t"_s;
    return chars.contains(c);
}

bool isSpace(QChar c)
{
    return c == u' ' || c == u'\t';
}

// The typed primitives of the lexer, matched against a whole token run with no spaces or escapes.
std::optional<Value> typedPrimitive(const QString &text)
{
    static const QRegularExpression intPattern(u"^[+-]?(?:0|[1-9](?:_?[0-9])*)\\z"_s);
    static const QRegularExpression floatPattern(
        u"^[+-]?(?:(?:(?:0|[1-9](?:_?[0-9])*)?\\.[0-9](?:_?[0-9])*|(?:0|[1-9](?:_?[0-9])*)\\.)"
        u"|(?:(?:0|[1-9](?:_?[0-9])*)|(?:0|[1-9](?:_?[0-9])*)?\\.[0-9](?:_?[0-9])*|(?:0|[1-9](?:_?[0-9])*)\\.)"
        u"[eE][+-]?[0-9](?:_?[0-9])*|[Ii][Nn][Ff]|[Nn][Aa][Nn])\\z"_s);
    const QString lower = text.toLower();
    if (lower == u"null")
        return Value::null();
    if (lower == u"true" || lower == u"false")
        return Value::boolean(lower == u"true");
    if (intPattern.match(text).hasMatch()) {
        bool ok = false;
        const qint64 value = QString(text).remove(u'_').toLongLong(&ok);
        if (ok)
            return Value::integer(value);
        return std::nullopt; // beyond 64 bits: Python would keep it; we report it as an error upstream
    }
    if (floatPattern.match(text).hasMatch()) {
        QString plain = lower;
        plain.remove(u'_');
        const bool negative = plain.startsWith(u'-');
        if (plain.endsWith(u"inf"))
            return Value::real(negative ? -std::numeric_limits<double>::infinity()
                                        : std::numeric_limits<double>::infinity());
        if (plain.endsWith(u"nan"))
            return Value::real(std::numeric_limits<double>::quiet_NaN());
        bool ok = false;
        const double value = plain.toDouble(&ok);
        if (ok)
            return Value::real(value);
    }
    return std::nullopt;
}

class Parser
{
    Q_DECLARE_TR_FUNCTIONS(HydraParser)

public:
    explicit Parser(const QString &text)
        : m_text{text}
    {}

    qsizetype pos() const { return m_pos; }
    bool atEnd() const { return m_pos >= m_text.size(); }
    QChar peek(qsizetype ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text.at(m_pos + ahead) : QChar(); }
    void skipSpace()
    {
        while (!atEnd() && isSpace(peek()))
            ++m_pos;
    }

    // A bare message and where it applies; the caller says "at character N" once.
    Error error(const QString &message, qsizetype at = -1) const
    {
        return Error::input(message, QString(), at < 0 ? m_pos : at);
    }

    // value: element | element (COMMA element)+
    Result<Value> value()
    {
        auto first = element();
        if (!first)
            return first;
        if (!commaAhead())
            return first;
        Value::List items{std::move(first).value()};
        while (commaAhead()) {
            consumeComma();
            auto next = element();
            if (!next)
                return next;
            items.push_back(std::move(next).value());
        }
        return Value::sweep(std::move(items));
    }

    // Lists, dicts and calls nest through here. A real override nests a few levels; a pasted
    // "[[[[…" thousands deep must be an error, not a stack overflow (found by fuzz_hydra).
    static constexpr int kMaxDepth = 64;

    Result<Value> element()
    {
        if (m_depth >= kMaxDepth)
            return error(tr("values are nested more than %1 levels deep").arg(kMaxDepth));
        ++m_depth;
        auto value = elementBody();
        --m_depth;
        return value;
    }

    Result<Value> elementBody()
    {
        const QChar c = peek();
        if (c == u'[')
            return list();
        if (c == u'{')
            return dict();
        if (c == u'\'' || c == u'"')
            return quoted();
        if (isIdStart(c)) {
            // An identifier followed by "(" (spaces allowed) is a function call.
            qsizetype p = m_pos;
            while (p < m_text.size() && (isIdChar(m_text.at(p)) || m_text.at(p) == u'-'))
                ++p;
            qsizetype q = p;
            while (q < m_text.size() && isSpace(m_text.at(q)))
                ++q;
            if (q < m_text.size() && m_text.at(q) == u'(')
                return call(m_text.mid(m_pos, p - m_pos), q);
        }
        return primitive(false);
    }

private:
    static bool isIdStart(QChar c) { return c.unicode() < 128 && (c.isLetter() || c == u'_'); }

    bool commaAhead() const
    {
        qsizetype p = m_pos;
        while (p < m_text.size() && isSpace(m_text.at(p)))
            ++p;
        return p < m_text.size() && m_text.at(p) == u',';
    }
    void consumeComma()
    {
        skipSpace();
        ++m_pos; // ','
        skipSpace();
    }

    Result<Value> list()
    {
        ++m_pos; // '['
        skipSpace();
        Value::List items;
        if (peek() == u']') {
            ++m_pos;
            return Value::list({});
        }
        while (true) {
            auto item = element();
            if (!item)
                return item;
            items.push_back(std::move(item).value());
            skipSpace();
            if (peek() == u',') {
                consumeComma();
                continue;
            }
            if (peek() == u']') {
                ++m_pos;
                return Value::list(std::move(items));
            }
            return error(atEnd() ? tr("a list is not closed with \"]\"") : tr("expected \",\" or \"]\" in a list"));
        }
    }

    Result<Value> dict()
    {
        ++m_pos; // '{'
        skipSpace();
        Value::Dict items;
        if (peek() == u'}') {
            ++m_pos;
            return Value::dict({});
        }
        while (true) {
            const qsizetype keyAt = m_pos;
            auto key = primitive(true);
            if (!key)
                return key.error();
            if (key->type() != Value::Type::String && key->type() != Value::Type::Int
                && key->type() != Value::Type::Bool && key->type() != Value::Type::Float
                && key->type() != Value::Type::Null)
                return error(tr("a dictionary key is missing"), keyAt);
            const QString keyText = m_text.mid(keyAt, m_pos - keyAt).trimmed();
            if (keyText.isEmpty())
                return error(tr("a dictionary key is missing"), keyAt);
            skipSpace();
            if (peek() != u':')
                return error(tr("expected \":\" after a dictionary key"));
            ++m_pos;
            skipSpace();
            auto item = element();
            if (!item)
                return item;
            items.emplace_back(key->type() == Value::Type::String ? key->toString() : keyText, std::move(item).value());
            skipSpace();
            if (peek() == u',') {
                consumeComma();
                continue;
            }
            if (peek() == u'}') {
                ++m_pos;
                return Value::dict(std::move(items));
            }
            return error(atEnd() ? tr("a dictionary is not closed with \"}\"")
                                 : tr("expected \",\" or \"}\" in a dictionary"));
        }
    }

    Result<Value> call(const QString &name, qsizetype open)
    {
        m_pos = open + 1; // past '('
        skipSpace();
        Value::Dict args;
        if (peek() == u')') {
            ++m_pos;
            return Value::call(name, {});
        }
        while (true) {
            // argName: ID "=" (spaces allowed around "=").
            QString argName;
            qsizetype p = m_pos;
            while (p < m_text.size() && isIdChar(m_text.at(p)))
                ++p;
            qsizetype q = p;
            while (q < m_text.size() && isSpace(m_text.at(q)))
                ++q;
            if (p > m_pos && isIdStart(peek()) && q < m_text.size() && m_text.at(q) == u'=') {
                argName = m_text.mid(m_pos, p - m_pos);
                m_pos = q + 1;
                skipSpace();
            }
            auto arg = element();
            if (!arg)
                return arg;
            args.emplace_back(argName, std::move(arg).value());
            skipSpace();
            if (peek() == u',') {
                consumeComma();
                continue;
            }
            if (peek() == u')') {
                ++m_pos;
                return Value::call(name, std::move(args));
            }
            return error(atEnd() ? tr("a function call is not closed with \")\"")
                                 : tr("expected \",\" or \")\" in a function call"));
        }
    }

    // A quoted string ends at the first quote preceded by an even run of backslashes; runs before a
    // quote are halved, other backslashes stay as they are.
    Result<Value> quoted()
    {
        const qsizetype start = m_pos;
        const QChar quote = peek();
        ++m_pos;
        QString out;
        while (true) {
            if (atEnd())
                return error(tr("a quoted value is not closed"), start);
            const QChar c = peek();
            if (c == u'\\') {
                qsizetype run = 0;
                while (peek(run) == u'\\')
                    ++run;
                if (peek(run) == quote) {
                    out += QString(run / 2, u'\\');
                    m_pos += run;
                    if (run % 2 == 1) {
                        out += quote; // escaped quote
                        ++m_pos;
                        continue;
                    }
                    ++m_pos; // closing quote
                    break;
                }
                out += QString(run, u'\\');
                m_pos += run;
                continue;
            }
            ++m_pos;
            if (c == quote)
                break;
            out += c;
        }
        return Value::string(out);
    }

    // primitive: a run of ID, INT, FLOAT, BOOL, NULL, UNQUOTED_CHAR, COLON, ESC, WS and INTERPOLATION
    // tokens. Leading and trailing spaces are dropped; a single typed token keeps its type.
    Result<Value> primitive(bool dictKey)
    {
        struct Piece
        {
            enum Kind { Space, Escape, Interpolation, Text } kind;
            QString text;
        };
        QList<Piece> pieces;
        const qsizetype start = m_pos;
        while (!atEnd()) {
            const QChar c = peek();
            if (isSpace(c)) {
                qsizetype run = 0;
                while (isSpace(peek(run)))
                    ++run;
                // Spaces before a delimiter belong to it (", ", " ]", …), not to the value.
                const QChar after = peek(run);
                if (after == u',' || after == u']' || after == u'}' || after == u')' || (dictKey && after == u':'))
                    break;
                pieces.append({Piece::Space, m_text.mid(m_pos, run)});
                m_pos += run;
                continue;
            }
            if (c == u'\\' && isEscapable(peek(1))) {
                QString escaped;
                while (peek() == u'\\' && isEscapable(peek(1))) {
                    escaped += peek(1);
                    m_pos += 2;
                }
                pieces.append({Piece::Escape, escaped});
                continue;
            }
            if (c == u'$' && peek(1) == u'{' && !dictKey) {
                const qsizetype close = m_text.indexOf(u'}', m_pos + 2);
                if (close < 0 || close == m_pos + 2)
                    return error(tr("an interpolation \"${…}\" is not closed"));
                pieces.append({Piece::Interpolation, m_text.mid(m_pos, close + 1 - m_pos)});
                m_pos = close + 1;
                continue;
            }
            if (isIdChar(c) || isUnquotedChar(c) || (c == u':' && !dictKey)) {
                QString run;
                while (!atEnd() && (isIdChar(peek()) || isUnquotedChar(peek()) || (peek() == u':' && !dictKey))
                       && !(peek() == u'\\' && isEscapable(peek(1)))
                       && !(peek() == u'$' && peek(1) == u'{' && !dictKey)) {
                    run += peek();
                    ++m_pos;
                }
                Q_ASSERT(!run.isEmpty()); // every branch consumes input, or the loop never ends
                if (!pieces.isEmpty() && pieces.last().kind == Piece::Text)
                    pieces.last().text += run;
                else
                    pieces.append({Piece::Text, run});
                continue;
            }
            if (c == u',' || c == u']' || c == u'}' || c == u')' || (dictKey && c == u':'))
                break;
            if (c == u'\'' || c == u'"')
                return error(tr("a quote inside an unquoted value; quote the whole value instead"));
            if (c == u'=' || c == u'(' || c == u'[' || c == u'{' || c == u':')
                return error(tr("\"%1\" must be escaped as \"\\%1\" or the value quoted").arg(c));
            return error(tr("\"%1\" is not allowed in an unquoted value; quote the value").arg(c));
        }
        while (!pieces.isEmpty() && pieces.first().kind == Piece::Space)
            pieces.removeFirst();
        while (!pieces.isEmpty() && pieces.last().kind == Piece::Space)
            pieces.removeLast();
        if (pieces.isEmpty())
            return error(tr("a value is missing"), start);
        if (pieces.size() == 1 && pieces.first().kind == Piece::Text) {
            if (auto typed = typedPrimitive(pieces.first().text))
                return *typed;
            static const QRegularExpression intLike(u"^[+-]?(?:0|[1-9](?:_?[0-9])*)\\z"_s);
            if (intLike.match(pieces.first().text).hasMatch())
                return error(tr("an integer larger than 64 bits"), start);
        }
        if (pieces.size() == 1 && pieces.first().kind == Piece::Interpolation)
            return Value::interpolation(pieces.first().text);
        QString text;
        for (const Piece &piece : pieces)
            text += piece.text;
        return Value::string(text);
    }

    const QString &m_text;
    qsizetype m_pos = 0;
    int m_depth = 0; // of element() calls in progress
};

} // namespace

namespace {

Error located(Error error, qsizetype offset)
{
    if (error.position >= 0) {
        error.position += offset;
        error.message = QCoreApplication::translate("HydraParser", "%1 (at character %2)")
                            .arg(error.message)
                            .arg(error.position + 1);
    }
    return error;
}

Result<Value> valueOf(const QString &text)
{
    Parser parser(text);
    parser.skipSpace();
    if (parser.atEnd())
        return Value::string(QString());
    auto value = parser.value();
    if (!value)
        return value;
    parser.skipSpace();
    if (!parser.atEnd())
        return parser.error(QCoreApplication::translate("HydraParser", "unexpected text after the value"));
    return value;
}

} // namespace

Result<Value> parseValue(const QString &text)
{
    auto value = valueOf(text);
    if (!value)
        return located(value.error(), 0);
    return value;
}

Result<ParsedOverride> parseOverride(const QString &text)
{
    ParsedOverride parsed;
    qsizetype pos = 0;
    if (text.startsWith(u"++")) {
        parsed.override.prefix = Override::Prefix::ForceAdd;
        pos = 2;
    } else if (text.startsWith(u'+')) {
        parsed.override.prefix = Override::Prefix::Add;
        pos = 1;
    } else if (text.startsWith(u'~')) {
        parsed.override.prefix = Override::Prefix::Delete;
        pos = 1;
    }
    const qsizetype equal = text.indexOf(u'=', pos);
    parsed.override.key = text.mid(pos, equal < 0 ? -1 : equal - pos);
    if (!isValidKey(parsed.override.key)) {
        return located(
            Error::input(
                QCoreApplication::translate("HydraParser", "\"%1\" is not a valid key").arg(parsed.override.key),
                QString(), 0),
            pos);
    }
    if (equal < 0) {
        if (parsed.override.prefix == Override::Prefix::Delete)
            return parsed;
        return located(Error::input(QCoreApplication::translate("HydraParser", "\"=\" is missing after the key \"%1\"")
                                        .arg(parsed.override.key),
                                    QString(), 0),
                       text.size());
    }
    parsed.valueStart = equal + 1;
    auto value = valueOf(text.mid(equal + 1));
    if (!value)
        return located(value.error(), equal + 1);
    parsed.override.value = std::move(value).value();
    return parsed;
}

} // namespace vna::hydra
