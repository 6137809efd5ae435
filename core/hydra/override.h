// One Hydra command-line override: [+|++|~]key[=value].
#pragma once

#include <optional>

#include "hydra/value.h"

namespace vna::hydra {

struct Override
{
    enum class Prefix { None, Add, ForceAdd, Delete }; // key=, +key=, ++key=, ~key

    Prefix prefix = Prefix::None;
    QString key;
    std::optional<Value> value; // absent only for a deletion without a value

    static Override set(QString key, Value value) { return Override{Prefix::None, std::move(key), std::move(value)}; }
};

// "key=value" per Hydra's grammar (no shell quoting). Fails for an invalid key or dict key.
Result<QString> format(const Override &override);

} // namespace vna::hydra
