#include "arithmetic.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include <QStringList>

using namespace Qt::StringLiterals;

namespace vna::shell {

namespace {

constexpr int kMaxDepth = 100;

// Wrapping 64-bit arithmetic, as bash does it, without signed overflow.
qint64 wrap(quint64 v)
{
    return static_cast<qint64>(v);
}
qint64 add(qint64 a, qint64 b)
{
    return wrap(static_cast<quint64>(a) + static_cast<quint64>(b));
}
qint64 sub(qint64 a, qint64 b)
{
    return wrap(static_cast<quint64>(a) - static_cast<quint64>(b));
}
qint64 mul(qint64 a, qint64 b)
{
    return wrap(static_cast<quint64>(a) * static_cast<quint64>(b));
}

// A value that may be unknown; `name` is set when it is a plain variable (an lvalue).
struct Operand
{
    std::optional<qint64> value;
    QString name;
};

class Evaluator
{
public:
    Evaluator(const QString &text, const ArithmeticScope &scope)
        : m_text{text}
        , m_scope{scope}
    {}

    std::optional<qint64> run()
    {
        skip();
        if (m_pos >= m_text.size())
            return 0; // an empty expression is 0
        const Operand result = comma();
        skip();
        if (m_bad || m_pos < m_text.size())
            return std::nullopt;
        return result.value;
    }

private:
    void skip()
    {
        while (m_pos < m_text.size() && m_text.at(m_pos).isSpace())
            ++m_pos;
    }

    bool take(QStringView op)
    {
        skip();
        if (QStringView(m_text).mid(m_pos).startsWith(op)) {
            m_pos += op.size();
            return true;
        }
        return false;
    }

    // An operator that is not the start of a longer one (`&` but not `&&` or `&=`).
    bool takeExact(QStringView op, QStringView notFollowedBy)
    {
        skip();
        if (!QStringView(m_text).mid(m_pos).startsWith(op))
            return false;
        const qsizetype next = m_pos + op.size();
        if (next < m_text.size() && notFollowedBy.contains(m_text.at(next)))
            return false;
        m_pos = next;
        return true;
    }

    std::optional<qint64> valueOf(const Operand &o) const
    {
        if (o.value || o.name.isEmpty())
            return o.value;
        return m_scope.read ? m_scope.read(o.name) : std::nullopt;
    }

    Operand known(std::optional<qint64> v) { return Operand{v, QString()}; }

    void assign(const QString &name, std::optional<qint64> v)
    {
        if (name.isEmpty()) {
            m_bad = true; // assignment to a non-variable
            return;
        }
        if (m_scope.write)
            m_scope.write(name, v);
    }

    Operand comma()
    {
        Operand left = assignment();
        while (!m_bad && take(u",")) {
            (void)valueOf(left);
            left = assignment();
        }
        return known(valueOf(left));
    }

    Operand assignment()
    {
        if (++m_depth > kMaxDepth) {
            m_bad = true;
            return {};
        }
        Operand left = conditional();
        skip();
        static const QStringList ops{u"<<="_s, u">>="_s, u"*="_s, u"/="_s, u"%="_s, u"+="_s,
                                     u"-="_s,  u"&="_s,  u"^="_s, u"|="_s, u"="_s};
        for (const QString &op : ops) {
            if (op == u"=" && (QStringView(m_text).mid(m_pos).startsWith(u"==")))
                break;
            if (!take(op))
                continue;
            if (left.name.isEmpty()) {
                m_bad = true;
                --m_depth;
                return {};
            }
            const Operand right = assignment();
            std::optional<qint64> result = valueOf(right);
            if (op != u"=") {
                const auto current = valueOf(left);
                result = binary(op.left(op.size() - 1), current, result);
            }
            assign(left.name, result);
            --m_depth;
            return known(result);
        }
        --m_depth;
        return left;
    }

    std::optional<qint64> binary(const QString &op, std::optional<qint64> a, std::optional<qint64> b)
    {
        if (!a || !b)
            return std::nullopt;
        const qint64 x = *a;
        const qint64 y = *b;
        if (op == u"+")
            return add(x, y);
        if (op == u"-")
            return sub(x, y);
        if (op == u"*")
            return mul(x, y);
        if (op == u"/" || op == u"%") {
            if (y == 0) {
                m_bad = true; // "division by 0"
                return std::nullopt;
            }
            if (x == std::numeric_limits<qint64>::min() && y == -1)
                return op == u"/" ? x : 0;
            return op == u"/" ? x / y : x % y;
        }
        if (op == u"<<")
            return wrap(static_cast<quint64>(x) << (static_cast<quint64>(y) & 63));
        if (op == u">>")
            return x >> (static_cast<quint64>(y) & 63);
        if (op == u"&")
            return x & y;
        if (op == u"|")
            return x | y;
        if (op == u"^")
            return x ^ y;
        if (op == u"==" || op == u"!=" || op == u"<" || op == u"<=" || op == u">" || op == u">=") {
            const bool r = op == u"==" ? x == y
                : op == u"!="          ? x != y
                : op == u"<"           ? x < y
                : op == u"<="          ? x <= y
                : op == u">"           ? x > y
                                       : x >= y;
            return r ? 1 : 0;
        }
        if (op == u"**") {
            if (y < 0) {
                m_bad = true; // "exponent less than 0"
                return std::nullopt;
            }
            qint64 r = 1;
            qint64 base = x;
            for (auto e = static_cast<quint64>(y); e > 0; e >>= 1) {
                if (e & 1)
                    r = mul(r, base);
                base = mul(base, base);
            }
            return r;
        }
        m_bad = true;
        return std::nullopt;
    }

    Operand conditional()
    {
        Operand cond = logicalOr();
        if (!take(u"?"))
            return cond;
        const auto c = valueOf(cond);
        const Operand yes = assignment();
        if (!take(u":")) {
            m_bad = true;
            return {};
        }
        const Operand no = assignment();
        if (!c)
            return {};
        return known(*c != 0 ? valueOf(yes) : valueOf(no));
    }

    Operand logicalOr()
    {
        Operand left = logicalAnd();
        while (!m_bad && takeExact(u"||", u"=")) {
            const auto a = valueOf(left);
            const auto b = valueOf(logicalAnd());
            if (a && *a != 0)
                left = known(1);
            else if (a && b)
                left = known(*b != 0 ? 1 : 0);
            else
                left = {};
        }
        return left;
    }

    Operand logicalAnd()
    {
        Operand left = binaryLevel();
        while (!m_bad && takeExact(u"&&", u"=")) {
            const auto a = valueOf(left);
            const auto b = valueOf(binaryLevel());
            if (a && *a == 0)
                left = known(0);
            else if (a && b)
                left = known(*b != 0 ? 1 : 0);
            else
                left = {};
        }
        return left;
    }

    // The left-associative binary operators, loosest first (bash's precedence). An operator is not
    // taken where it begins a longer one: & of &&, < of << or <=, * of ** or *=.
    struct BinaryOp
    {
        QStringView op;
        QStringView notFollowedBy;
    };

    Operand binaryLevel(size_t level = 0)
    {
        static const std::array<std::vector<BinaryOp>, 8> levels{{
            {{u"|", u"|="}},
            {{u"^", u"="}},
            {{u"&", u"&="}},
            {{u"==", u""}, {u"!=", u""}},
            {{u"<=", u""}, {u">=", u""}, {u"<", u"<="}, {u">", u">="}},
            {{u"<<", u"="}, {u">>", u"="}},
            {{u"+", u"+="}, {u"-", u"-="}},
            {{u"*", u"*="}, {u"/", u"="}, {u"%", u"="}},
        }};
        if (level == levels.size())
            return power();
        Operand left = binaryLevel(level + 1);
        while (!m_bad) {
            const auto op = std::find_if(levels[level].begin(), levels[level].end(),
                                         [this](const BinaryOp &o) { return takeExact(o.op, o.notFollowedBy); });
            if (op == levels[level].end())
                break;
            const auto a = valueOf(left);
            left = known(binary(op->op.toString(), a, valueOf(binaryLevel(level + 1))));
        }
        return left;
    }

    Operand power()
    {
        Operand base = unary();
        if (takeExact(u"**", u"=")) {
            const Operand exponent = power(); // right-associative
            return known(binary(u"**"_s, valueOf(base), valueOf(exponent)));
        }
        return base;
    }

    Operand unary()
    {
        if (++m_depth > kMaxDepth) {
            m_bad = true;
            return {};
        }
        Operand result;
        if (take(u"++") || take(u"--")) {
            const bool increment = m_text.at(m_pos - 1) == u'+';
            const Operand target = unary();
            const auto v = valueOf(target);
            const std::optional<qint64> updated = v ? std::optional(add(*v, increment ? 1 : -1)) : std::nullopt;
            assign(target.name, updated);
            result = known(updated);
        } else if (takeExact(u"+", u"+=")) {
            result = known(valueOf(unary()));
        } else if (takeExact(u"-", u"-=")) {
            const auto v = valueOf(unary());
            result = known(v ? std::optional(sub(0, *v)) : std::nullopt);
        } else if (takeExact(u"!", u"=")) {
            const auto v = valueOf(unary());
            result = known(v ? std::optional<qint64>(*v == 0 ? 1 : 0) : std::nullopt);
        } else if (take(u"~")) {
            const auto v = valueOf(unary());
            result = known(v ? std::optional(~*v) : std::nullopt);
        } else {
            result = postfix();
        }
        --m_depth;
        return result;
    }

    Operand postfix()
    {
        Operand operand = primary();
        if (!operand.name.isEmpty() && (take(u"++") || take(u"--"))) {
            const bool increment = m_text.at(m_pos - 1) == u'+';
            const auto v = valueOf(operand);
            assign(operand.name, v ? std::optional(add(*v, increment ? 1 : -1)) : std::nullopt);
            return known(v);
        }
        return operand;
    }

    Operand primary()
    {
        skip();
        if (m_pos >= m_text.size()) {
            m_bad = true;
            return {};
        }
        const QChar c = m_text.at(m_pos);
        if (c == u'(') {
            ++m_pos;
            const Operand inner = comma();
            if (!take(u")"))
                m_bad = true;
            return known(valueOf(inner));
        }
        if (c.isDigit())
            return known(number());
        if (c.isLetter() || c == u'_') {
            const qsizetype start = m_pos;
            while (m_pos < m_text.size() && (m_text.at(m_pos).isLetterOrNumber() || m_text.at(m_pos) == u'_')
                   && m_text.at(m_pos).unicode() < 128)
                ++m_pos;
            QString name = m_text.mid(start, m_pos - start);
            skip();
            if (m_pos < m_text.size() && m_text.at(m_pos) == u'[') {
                // An array element: not modelled, its value is unknown.
                int depth = 0;
                for (; m_pos < m_text.size(); ++m_pos) {
                    if (m_text.at(m_pos) == u'[')
                        ++depth;
                    else if (m_text.at(m_pos) == u']' && --depth == 0)
                        break;
                }
                ++m_pos;
                return {};
            }
            return Operand{std::nullopt, name};
        }
        m_bad = true;
        return {};
    }

    std::optional<qint64> number()
    {
        const qsizetype start = m_pos;
        while (m_pos < m_text.size()
               && (m_text.at(m_pos).isLetterOrNumber() || m_text.at(m_pos) == u'#' || m_text.at(m_pos) == u'@'
                   || m_text.at(m_pos) == u'_'))
            ++m_pos;
        const QString token = m_text.mid(start, m_pos - start);
        int base = 10;
        QString digits = token;
        if (const qsizetype hash = token.indexOf(u'#'); hash > 0) {
            bool ok = false;
            base = token.left(hash).toInt(&ok);
            if (!ok || base < 2 || base > 64) {
                m_bad = true;
                return std::nullopt;
            }
            digits = token.mid(hash + 1);
        } else if (token.startsWith(u"0x"_s, Qt::CaseInsensitive)) {
            base = 16;
            digits = token.mid(2);
        } else if (token.size() > 1 && token.startsWith(u'0')) {
            base = 8;
            digits = token.mid(1);
        }
        if (digits.isEmpty()) {
            m_bad = true;
            return std::nullopt;
        }
        quint64 value = 0;
        for (const QChar d : digits) {
            int v = -1;
            const char16_t u = d.unicode();
            if (u >= '0' && u <= '9')
                v = u - '0';
            else if (u >= 'a' && u <= 'z')
                v = u - 'a' + 10;
            else if (u >= 'A' && u <= 'Z')
                v = base <= 36 ? u - 'A' + 10 : u - 'A' + 36;
            else if (u == '@')
                v = 62;
            else if (u == '_')
                v = 63;
            if (v < 0 || v >= base) {
                m_bad = true; // "value too great for base"
                return std::nullopt;
            }
            value = value * static_cast<quint64>(base) + static_cast<quint64>(v);
        }
        return wrap(value);
    }

    const QString &m_text;
    const ArithmeticScope &m_scope;
    qsizetype m_pos = 0;
    int m_depth = 0;
    bool m_bad = false;
};

} // namespace

std::optional<qint64> evaluateArithmetic(const QString &expression, const ArithmeticScope &scope)
{
    return Evaluator(expression, scope).run();
}

} // namespace vna::shell
