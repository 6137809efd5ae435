// Hydra override values (null, bool, int, float, string, list, dict) and their rendering per
// Hydra's override grammar. Every override string in the program is produced here.
#pragma once

#include <utility>
#include <variant>
#include <vector>

#include <QJsonValue>
#include <QString>

#include "common/result.h"

namespace vna::hydra {

class Value
{
public:
    using List = std::vector<Value>;
    using Dict = std::vector<std::pair<QString, Value>>; // insertion order is kept

    // ${foo.bar}: resolved by OmegaConf later, kept as written.
    struct Interpolation
    {
        QString text;
        bool operator==(const Interpolation &) const = default;
    };
    // key=a,b: a choice sweep, which a normal (non --multirun) run rejects.
    struct Sweep
    {
        List items;
        bool operator==(const Sweep &) const = default;
    };
    // choice(a,b), range(1,5), int(3.5)…: arguments keep their names ("" when positional).
    struct Call
    {
        QString name;
        Dict args;
        // Defined after Value: comparing `args` needs Value complete (clang checks it here).
        bool operator==(const Call &other) const;
    };

    Value() = default; // null
    static Value null() { return Value(); }
    static Value boolean(bool value) { return make<bool>(value); }
    static Value integer(qint64 value) { return make<qint64>(value); }
    static Value real(double value) { return make<double>(value); }
    static Value string(QString value) { return make<QString>(std::move(value)); }
    static Value list(List items) { return make<List>(std::move(items)); }
    static Value dict(Dict items) { return make<Dict>(std::move(items)); }
    static Value interpolation(QString text) { return make<Interpolation>(Interpolation{std::move(text)}); }
    static Value sweep(List items) { return make<Sweep>(Sweep{std::move(items)}); }
    static Value call(QString name, Dict args) { return make<Call>(Call{std::move(name), std::move(args)}); }

    enum class Type { Null, Bool, Int, Float, String, List, Dict, Interpolation, Sweep, Call };
    Type type() const { return static_cast<Type>(m_data.index()); }

    bool toBool() const { return std::get<bool>(m_data); }
    qint64 toInt() const { return std::get<qint64>(m_data); }
    double toFloat() const { return std::get<double>(m_data); }
    const QString &toString() const { return std::get<QString>(m_data); }
    const List &toList() const { return std::get<List>(m_data); }
    const Dict &toDict() const { return std::get<Dict>(m_data); }
    const QString &toInterpolation() const { return std::get<Interpolation>(m_data).text; }
    const List &toSweep() const { return std::get<Sweep>(m_data).items; }
    const Call &toCall() const { return std::get<Call>(m_data); }

    bool operator==(const Value &other) const = default;

private:
    using Data = std::variant<std::monostate, bool, qint64, double, QString, List, Dict, Interpolation, Sweep, Call>;
    // Built in place: a temporary variant moved in trips GCC 12's maybe-uninitialized analysis.
    template <typename T, typename U>
    static Value make(U &&value)
    {
        Value v;
        v.m_data.template emplace<T>(std::forward<U>(value));
        return v;
    }
    Data m_data;
};

inline bool Value::Call::operator==(const Call &other) const
{
    return name == other.name && args == other.args;
}

// Renders a value as Hydra reads it back: strings are quoted only when they must be (characters
// outside the unquoted set, surrounding spaces, or text that would parse as null, a bool, a number
// or an interpolation). Fails for a dict key that is not an identifier.
Result<QString> formatValue(const Value &value);

// The value as JSON: scalars, lists and dicts as they are; an interpolation, a sweep or a call as the
// text Hydra reads back.
QJsonValue toJson(const Value &value);

// "null", "bool", "int", "float", "string", "list", "dict", … for messages.
QString typeName(Value::Type type);
// A readable, single-line rendering for messages (not for Hydra): 1, "text", [a, b].
QString describe(const Value &value);

// A dot-path key such as actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes.
bool isValidKey(const QString &key);

} // namespace vna::hydra
