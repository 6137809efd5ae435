// bash's integer arithmetic ($((…)), ((…)), let, array subscripts): 64-bit wrapping integers, its
// operators and precedence, 0x/0 and base#digits constants, and assignments to variables.
#pragma once

#include <functional>
#include <optional>

#include <QString>

namespace vna::shell {

struct ArithmeticScope
{
    // The value of a variable named in the expression; nothing when it is not known here. bash reads
    // an unset variable as 0: the scope decides what "unset" means.
    std::function<std::optional<qint64>(const QString &name)> read;
    // An assignment (x=1, x+=2, i++); nothing known is written as std::nullopt.
    std::function<void(const QString &name, std::optional<qint64> value)> write;
};

// The value, or nothing when the expression uses something not known here or is not valid (bash
// then stops the command with an error, which we cannot tell apart from a value we do not know).
std::optional<qint64> evaluateArithmetic(const QString &expression, const ArithmeticScope &scope);

} // namespace vna::shell
