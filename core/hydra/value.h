// Hydra override values (null, bool, int, float, string, list, dict) and their rendering per
// Hydra's override grammar. Every override string in the program is produced here.
#pragma once

#include <utility>
#include <variant>
#include <vector>

#include <QString>

#include "common/result.h"

namespace vna::hydra {

class Value
{
public:
    using List = std::vector<Value>;
    using Dict = std::vector<std::pair<QString, Value>>; // insertion order is kept

    Value() = default; // null
    static Value null() { return Value(); }
    static Value boolean(bool value) { return make<bool>(value); }
    static Value integer(qint64 value) { return make<qint64>(value); }
    static Value real(double value) { return make<double>(value); }
    static Value string(QString value) { return make<QString>(std::move(value)); }
    static Value list(List items) { return make<List>(std::move(items)); }
    static Value dict(Dict items) { return make<Dict>(std::move(items)); }

    enum class Type { Null, Bool, Int, Float, String, List, Dict };
    Type type() const { return static_cast<Type>(m_data.index()); }

    bool toBool() const { return std::get<bool>(m_data); }
    qint64 toInt() const { return std::get<qint64>(m_data); }
    double toFloat() const { return std::get<double>(m_data); }
    const QString &toString() const { return std::get<QString>(m_data); }
    const List &toList() const { return std::get<List>(m_data); }
    const Dict &toDict() const { return std::get<Dict>(m_data); }

    bool operator==(const Value &other) const = default;

private:
    using Data = std::variant<std::monostate, bool, qint64, double, QString, List, Dict>;
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

// Renders a value as Hydra reads it back: strings are quoted only when they must be (characters
// outside the unquoted set, surrounding spaces, or text that would parse as null, a bool, a number
// or an interpolation). Fails for a dict key that is not an identifier.
Result<QString> formatValue(const Value &value);

// A dot-path key such as actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes.
bool isValidKey(const QString &key);

} // namespace vna::hydra
