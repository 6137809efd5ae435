// Errors as values: every parser and operation in core returns Result<T> instead of throwing.
#pragma once

#include <type_traits>
#include <utility>
#include <variant>

#include <QString>

namespace vna {

struct Error
{
    enum class Kind {
        Input,   // the user gave something we cannot use (exit code 2)
        Runtime, // the environment failed us: I/O, a process, the network (exit code 3)
    };

    Kind kind = Kind::Input;
    QString message;         // translated, complete sentence naming the bad value
    QString where;           // file, field or option the error refers to; may be empty
    qsizetype position = -1; // offset, line or column inside `where`, -1 when not applicable

    static Error input(QString message, QString where = {}, qsizetype position = -1)
    {
        return Error{Kind::Input, std::move(message), std::move(where), position};
    }
    static Error runtime(QString message, QString where = {})
    {
        return Error{Kind::Runtime, std::move(message), std::move(where), -1};
    }
};

template <typename T>
class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data{std::in_place_index<0>, std::move(value)}
    {}
    // Anything that converts to T, e.g. a QStringBuilder expression for Result<QString>. The
    // requires-clause keeps Result itself out; clang-tidy 14 only understands enable_if.
    // NOLINTBEGIN(bugprone-forwarding-reference-overload)
    template <typename U>
    requires(
        std::is_constructible_v<
            T,
            U &&> && !std::is_same_v<std::remove_cvref_t<U>, T> && !std::is_same_v<std::remove_cvref_t<U>, Error> && !std::is_same_v<std::remove_cvref_t<U>, Result>)
        Result(U &&value)
        : m_data{std::in_place_index<0>, T(std::forward<U>(value))}
    {}
    // NOLINTEND(bugprone-forwarding-reference-overload)
    Result(Error error)
        : m_data{std::in_place_index<1>, std::move(error)}
    {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const Error &error() const { return std::get<1>(m_data); }
    // The value, or `fallback` when this is an error.
    T value_or(T fallback) const { return ok() ? value() : std::move(fallback); }

private:
    std::variant<T, Error> m_data;
};

// For operations that produce nothing but can fail.
struct Done
{};
using Status = Result<Done>;

} // namespace vna
