#include "nodeset.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace vna::ssh {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Nodeset)
};

// One number of a range set with the width it was written with (0: no padding).
struct Number
{
    quint64 value = 0;
    int width = 0;
};

QString formatNumber(const Number &number)
{
    const QString digits = QString::number(number.value);
    return number.width > digits.size() ? digits.rightJustified(number.width, u'0') : digits;
}

bool isNameChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'-' || c == u'.' || c == u'_' || c == u':';
}

class ItemParser
{
public:
    ItemParser(const QString &spec, qsizetype begin, qsizetype end)
        : m_spec(spec)
        , m_begin(begin)
        , m_end(end)
    {}

    Result<QStringList> parse()
    {
        // Parts alternate: literal text, then a list of numbers from a bracket, then text, ...
        QList<QString> literals{QString()};
        QList<QList<Number>> sets;
        qsizetype count = 1;
        for (qsizetype i = m_begin; i < m_end; ++i) {
            const QChar c = m_spec.at(i);
            if (c == u'[') {
                const qsizetype close = m_spec.indexOf(u']', i);
                if (close < 0 || close >= m_end)
                    return Error::input(Text::tr("\"[\" at position %1 is never closed.").arg(i + 1), m_spec, i);
                auto numbers = parseRangeSet(i + 1, close);
                if (!numbers)
                    return numbers.error();
                count *= numbers->size();
                if (count > kMaxHosts)
                    return tooMany();
                sets.append(std::move(*numbers));
                literals.append(QString());
                i = close;
            } else if (c == u']') {
                return Error::input(Text::tr("\"]\" at position %1 has no matching \"[\".").arg(i + 1), m_spec, i);
            } else if (c == u'@') {
                return Error::input(Text::tr("Node groups (@name) are not supported at position %1: list the nodes, "
                                             "e.g. node[01-04].")
                                        .arg(i + 1),
                                    m_spec, i);
            } else if (!isNameChar(c)) {
                return Error::input(Text::tr("\"%1\" at position %2 cannot be part of a host name.").arg(c).arg(i + 1),
                                    m_spec, i);
            } else {
                literals.last().append(c);
            }
        }
        if (literals.first().isEmpty() && sets.isEmpty())
            return Error::input(Text::tr("An empty host name at position %1.").arg(m_begin + 1), m_spec, m_begin);
        if (m_spec.at(m_begin) == u'-')
            return Error::input(Text::tr("A host name cannot start with \"-\" (position %1).").arg(m_begin + 1), m_spec,
                                m_begin);

        QStringList names{literals.first()};
        for (qsizetype s = 0; s < sets.size(); ++s) {
            QStringList next;
            next.reserve(names.size() * sets.at(s).size());
            for (const QString &name : std::as_const(names))
                for (const Number &number : sets.at(s))
                    next.append(name + formatNumber(number) + literals.at(s + 1));
            names = std::move(next);
        }
        return names;
    }

private:
    Error tooMany() const
    {
        return Error::input(Text::tr("This expands to more than %1 hosts; check the ranges.").arg(kMaxHosts), m_spec);
    }

    Result<Number> parseNumber(qsizetype begin, qsizetype end) const
    {
        if (begin >= end)
            return Error::input(Text::tr("A number is missing in the range at position %1.").arg(begin + 1), m_spec,
                                begin);
        Number number;
        for (qsizetype i = begin; i < end; ++i) {
            const QChar c = m_spec.at(i);
            if (c < u'0' || c > u'9')
                return Error::input(Text::tr("\"%1\" at position %2 is not a digit.").arg(c).arg(i + 1), m_spec, i);
            if (number.value > (std::numeric_limits<quint64>::max() - 9) / 10)
                return Error::input(Text::tr("The number at position %1 is too large.").arg(begin + 1), m_spec, begin);
            number.value = number.value * 10 + static_cast<quint64>(c.unicode() - u'0');
        }
        const qsizetype digits = end - begin;
        if (digits > 1 && m_spec.at(begin) == u'0')
            number.width = static_cast<int>(digits);
        return number;
    }

    Result<QList<Number>> parseRangeSet(qsizetype begin, qsizetype end) const
    {
        QList<Number> numbers;
        QSet<QString> seen;
        qsizetype itemBegin = begin;
        while (itemBegin <= end) {
            qsizetype itemEnd = m_spec.indexOf(u',', itemBegin);
            if (itemEnd < 0 || itemEnd > end)
                itemEnd = end;
            const qsizetype slash = m_spec.indexOf(u'/', itemBegin);
            const qsizetype stepAt = slash >= 0 && slash < itemEnd ? slash : -1;
            const qsizetype rangeEnd = stepAt >= 0 ? stepAt : itemEnd;
            const qsizetype dash = m_spec.indexOf(u'-', itemBegin);
            const qsizetype dashAt = dash >= 0 && dash < rangeEnd ? dash : -1;

            auto low = parseNumber(itemBegin, dashAt >= 0 ? dashAt : rangeEnd);
            if (!low)
                return low.error();
            Number high = *low;
            if (dashAt >= 0) {
                auto parsed = parseNumber(dashAt + 1, rangeEnd);
                if (!parsed)
                    return parsed.error();
                high = *parsed;
                if (high.value < low->value)
                    return Error::input(Text::tr("The range at position %1 runs backwards (%2 > %3).")
                                            .arg(itemBegin + 1)
                                            .arg(low->value)
                                            .arg(high.value),
                                        m_spec, itemBegin);
            }
            quint64 step = 1;
            if (stepAt >= 0) {
                if (dashAt < 0)
                    return Error::input(Text::tr("A step (/N) needs a range a-b, at position %1.").arg(stepAt + 1),
                                        m_spec, stepAt);
                auto parsed = parseNumber(stepAt + 1, itemEnd);
                if (!parsed)
                    return parsed.error();
                if (parsed->value == 0)
                    return Error::input(Text::tr("The step at position %1 must be at least 1.").arg(stepAt + 2), m_spec,
                                        stepAt + 1);
                step = parsed->value;
            }
            if ((high.value - low->value) / step + 1 > static_cast<quint64>(kMaxHosts) - numbers.size())
                return tooMany();
            const int width = low->width;
            for (quint64 v = low->value; v <= high.value; v += step) {
                const Number number{v, width};
                if (!seen.contains(formatNumber(number))) {
                    seen.insert(formatNumber(number));
                    numbers.append(number);
                }
                if (high.value - v < step)
                    break;
            }
            itemBegin = itemEnd + 1;
        }
        return numbers;
    }

    const QString &m_spec;
    qsizetype m_begin;
    qsizetype m_end;
};

// An ordered set of names.
class OrderedSet
{
public:
    void add(const QStringList &names)
    {
        for (const QString &name : names)
            if (!m_members.contains(name)) {
                m_members.insert(name);
                m_order.append(name);
            }
    }
    void keepOnly(const QSet<QString> &names)
    {
        filter([&](const QString &n) { return names.contains(n); });
    }
    void remove(const QSet<QString> &names)
    {
        filter([&](const QString &n) { return !names.contains(n); });
    }
    void toggle(const QStringList &names)
    {
        const QSet<QString> other(names.cbegin(), names.cend());
        const QSet<QString> before = m_members;
        remove(other);
        for (const QString &name : names)
            if (!before.contains(name))
                add({name});
    }
    qsizetype size() const { return m_order.size(); }
    QStringList list() const { return m_order; }

private:
    template <typename Keep>
    void filter(Keep keep)
    {
        QStringList kept;
        for (const QString &name : std::as_const(m_order))
            if (keep(name))
                kept.append(name);
            else
                m_members.remove(name);
        m_order = std::move(kept);
    }

    QSet<QString> m_members;
    QStringList m_order;
};

} // namespace

Result<QStringList> expandNodeset(const QString &input)
{
    const QString spec = input.trimmed();
    if (spec.isEmpty())
        return Error::input(Text::tr("The host list is empty."));
    OrderedSet result;
    QChar op = u',';
    qsizetype itemBegin = 0;
    int depth = 0;
    for (qsizetype i = 0; i <= spec.size(); ++i) {
        const QChar c = i < spec.size() ? spec.at(i) : QChar(u',');
        if (c == u'[')
            ++depth;
        else if (c == u']')
            depth = std::max(0, depth - 1);
        const bool isOperator = c == u',' || c == u'!' || c == u'&' || c == u'^';
        if (i < spec.size() && (!isOperator || depth > 0))
            continue;
        // Spaces around operators are allowed ("a, b"); inside a name they are not.
        qsizetype begin = itemBegin;
        qsizetype end = i;
        while (begin < end && spec.at(begin).isSpace())
            ++begin;
        while (end > begin && spec.at(end - 1).isSpace())
            --end;
        if (begin == end)
            return Error::input(Text::tr("A host name is missing before position %1.").arg(i + 1), spec, i);
        auto names = ItemParser(spec, begin, end).parse();
        if (!names)
            return names.error();
        if (op == u',')
            result.add(*names);
        else if (op == u'!')
            result.remove(QSet<QString>(names->cbegin(), names->cend()));
        else if (op == u'&')
            result.keepOnly(QSet<QString>(names->cbegin(), names->cend()));
        else
            result.toggle(*names);
        if (result.size() > kMaxHosts)
            return Error::input(Text::tr("This expands to more than %1 hosts; check the ranges.").arg(kMaxHosts), spec);
        op = c;
        itemBegin = i + 1;
    }
    if (result.size() == 0)
        return Error::input(Text::tr("\"%1\" leaves no hosts.").arg(spec), spec);
    return result.list();
}

Result<QStringList> parseHostFile(const QString &text, const QString &where)
{
    OrderedSet result;
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        const qsizetype hash = line.indexOf(u'#');
        if (hash >= 0)
            line.truncate(hash);
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        auto names = expandNodeset(line);
        if (!names)
            return Error::input(Text::tr("Line %1: %2").arg(i + 1).arg(names.error().message), where, i + 1);
        result.add(*names);
        if (result.size() > kMaxHosts)
            return Error::input(Text::tr("This expands to more than %1 hosts; check the ranges.").arg(kMaxHosts), where,
                                i + 1);
    }
    if (result.size() == 0)
        return Error::input(Text::tr("The host file lists no hosts."), where);
    return result.list();
}

QString foldNodeset(const QStringList &hosts)
{
    struct Group
    {
        QString prefix;
        QString suffix;
        QList<std::pair<quint64, QString>> numbers; // value, digits as written
    };
    QList<Group> groups;
    QHash<QString, qsizetype> index; // prefix + '\n' + suffix -> group
    QStringList plain;
    QList<std::pair<bool, qsizetype>> order; // (is group, index) in order of first appearance
    for (const QString &host : hosts) {
        qsizetype end = host.size();
        while (end > 0 && !host.at(end - 1).isDigit())
            --end;
        qsizetype begin = end;
        while (begin > 0 && host.at(begin - 1).isDigit())
            --begin;
        if (begin == end || end - begin > 18) {
            order.append({false, plain.size()});
            plain.append(host);
            continue;
        }
        const QString key = host.left(begin) + u'\n' + host.mid(end);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.insert(key, groups.size());
            groups.append(Group{host.left(begin), host.mid(end), {}});
            order.append({true, *it});
        }
        const QString digits = host.mid(begin, end - begin);
        groups[*it].numbers.append({digits.toULongLong(), digits});
    }

    QStringList parts;
    for (const auto &[isGroup, at] : order) {
        if (!isGroup) {
            parts.append(plain.at(at));
            continue;
        }
        Group group = groups.at(at);
        if (group.numbers.size() == 1) {
            parts.append(group.prefix + group.numbers.first().second + group.suffix);
            continue;
        }
        std::sort(group.numbers.begin(), group.numbers.end());
        group.numbers.erase(std::unique(group.numbers.begin(), group.numbers.end()), group.numbers.end());
        const auto padded = [](const QString &digits) { return digits.size() > 1 && digits.startsWith(u'0'); };
        QStringList ranges;
        for (qsizetype i = 0; i < group.numbers.size();) {
            qsizetype j = i;
            while (j + 1 < group.numbers.size() && group.numbers.at(j + 1).first == group.numbers.at(j).first + 1
                   && (padded(group.numbers.at(j + 1).second) || padded(group.numbers.at(i).second)
                           ? group.numbers.at(j + 1).second.size() == group.numbers.at(i).second.size()
                           : true))
                ++j;
            ranges.append(i == j ? group.numbers.at(i).second
                                 : group.numbers.at(i).second + u'-' + group.numbers.at(j).second);
            i = j + 1;
        }
        parts.append(group.prefix + u'[' + ranges.join(u',') + u']' + group.suffix);
    }
    return parts.join(u',');
}

} // namespace vna::ssh
