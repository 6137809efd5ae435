#include "value.h"

#include <charconv>
#include <cmath>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::hydra {

namespace {

// ID and the unquoted characters of Hydra's OverrideLexer; ':' only outside containers.
bool isUnquotedChar(QChar c, bool nested)
{
    if (c.unicode() >= 128)
        return false;
    if (c.isLetterOrNumber() || c == u'_' || c == u'-')
        return true;
    static const QString extra = u"/+.$%*@?|"_s;
    return extra.contains(c) || (!nested && c == u':');
}

bool readsAsOtherType(const QString &text)
{
    static const QRegularExpression number(
        u"^[+-]?(?:\\d[\\d_]*(?:\\.[\\d_]*)?(?:[eE][+-]?\\d+)?|\\.\\d[\\d_]*(?:[eE][+-]?\\d+)?|inf|nan)\\z"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QString lower = text.toLower();
    return lower == u"null" || lower == u"true" || lower == u"false" || number.match(text).hasMatch()
        || text.contains(u"${");
}

QString quote(const QString &text)
{
    // Prefer double quotes so the whole override can sit inside shell single quotes.
    const QChar q = (text.contains(u'"') && !text.contains(u'\'')) ? u'\'' : u'"';
    QString out(q);
    qsizetype backslashes = 0;
    for (const QChar c : text) {
        if (c == u'\\') {
            ++backslashes;
            out += c;
            continue;
        }
        if (c == q) {
            // Backslashes right before a quote are doubled, then the quote is escaped.
            out += QString(backslashes, u'\\') + u'\\' + c;
        } else {
            out += c;
        }
        backslashes = 0;
    }
    out += QString(backslashes, u'\\'); // a trailing run precedes the closing quote
    out += q;
    return out;
}

QString formatString(const QString &text, bool nested)
{
    bool plain = !text.isEmpty() && !readsAsOtherType(text);
    for (const QChar c : text) {
        if (!plain)
            break;
        plain = isUnquotedChar(c, nested);
    }
    return plain ? text : quote(text);
}

QString formatFloat(double value)
{
    if (std::isnan(value))
        return u"nan"_s;
    if (std::isinf(value))
        return value > 0 ? u"inf"_s : u"-inf"_s;
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    QString text = QString::fromLatin1(buffer, result.ptr - buffer);
    if (!text.contains(u'.') && !text.contains(u'e'))
        text += u".0"_s; // stays a float when read back
    return text;
}

bool isIdentifier(const QString &text)
{
    static const QRegularExpression id(u"^[A-Za-z_][A-Za-z0-9_-]*\\z"_s);
    return id.match(text).hasMatch();
}

Result<QString> format(const Value &value, bool nested)
{
    switch (value.type()) {
    case Value::Type::Null:
        return u"null"_s;
    case Value::Type::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case Value::Type::Int:
        return QString::number(value.toInt());
    case Value::Type::Float:
        return formatFloat(value.toFloat());
    case Value::Type::String:
        return formatString(value.toString(), nested);
    case Value::Type::List: {
        QStringList items;
        for (const Value &item : value.toList()) {
            auto text = format(item, true);
            if (!text)
                return text.error();
            items << *text;
        }
        return QString(u'[' + items.join(u',') + u']');
    }
    case Value::Type::Dict: {
        QStringList items;
        for (const auto &[key, item] : value.toDict()) {
            if (!isIdentifier(key)) {
                return Error::input(
                    QCoreApplication::translate("Hydra",
                                                "\"%1\" cannot be a key inside {…}: Hydra allows letters, digits, "
                                                "_ and - only, starting with a letter or _.")
                        .arg(key),
                    key);
            }
            auto text = format(item, true);
            if (!text)
                return text.error();
            items << key + u':' + *text;
        }
        return QString(u'{' + items.join(u',') + u'}');
    }
    case Value::Type::Interpolation:
        return value.toInterpolation();
    case Value::Type::Sweep: {
        QStringList items;
        for (const Value &item : value.toSweep()) {
            auto text = format(item, true);
            if (!text)
                return text.error();
            items << *text;
        }
        return items.join(u',');
    }
    case Value::Type::Call: {
        QStringList args;
        for (const auto &[name, arg] : value.toCall().args) {
            auto text = format(arg, true);
            if (!text)
                return text.error();
            args << (name.isEmpty() ? *text : name + u'=' + *text);
        }
        return QString(value.toCall().name + u'(' + args.join(u',') + u')');
    }
    }
    return u"null"_s;
}

} // namespace

QJsonValue toJson(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return QJsonValue(QJsonValue::Null);
    case Value::Type::Bool:
        return value.toBool();
    case Value::Type::Int:
        return value.toInt();
    case Value::Type::Float:
        return value.toFloat();
    case Value::Type::String:
        return value.toString();
    case Value::Type::List: {
        QJsonArray array;
        for (const Value &item : value.toList())
            array.append(toJson(item));
        return array;
    }
    case Value::Type::Dict: {
        QJsonObject object;
        for (const auto &[key, item] : value.toDict())
            object.insert(key, toJson(item));
        return object;
    }
    default: {
        const auto text = formatValue(value);
        return text ? QJsonValue(*text) : QJsonValue();
    }
    }
}

Result<QString> formatValue(const Value &value)
{
    return format(value, false);
}

QString typeName(Value::Type type)
{
    switch (type) {
    case Value::Type::Null:
        return u"null"_s;
    case Value::Type::Bool:
        return u"bool"_s;
    case Value::Type::Int:
        return u"int"_s;
    case Value::Type::Float:
        return u"float"_s;
    case Value::Type::String:
        return u"string"_s;
    case Value::Type::List:
        return u"list"_s;
    case Value::Type::Dict:
        return u"dict"_s;
    case Value::Type::Interpolation:
        return u"interpolation"_s;
    case Value::Type::Sweep:
        return u"sweep"_s;
    case Value::Type::Call:
        return u"function call"_s;
    }
    return QString();
}

QString describe(const Value &value)
{
    // Strings in quotes so "10" and 10 read differently; everything else as Hydra syntax.
    if (value.type() == Value::Type::String)
        return u'"' + value.toString() + u'"';
    const auto text = formatValue(value);
    return text ? *text : typeName(value.type());
}

bool isValidKey(const QString &key)
{
    static const QRegularExpression path(u"^[A-Za-z_$][A-Za-z0-9_$-]*(?:[./](?:[A-Za-z_$][A-Za-z0-9_$-]*|\\d+))*"
                                         u"(?:@[A-Za-z_$][A-Za-z0-9_.$-]*)?\\z"_s);
    return path.match(key).hasMatch();
}

} // namespace vna::hydra
