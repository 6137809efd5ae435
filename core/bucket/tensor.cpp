#include "tensor.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace vna::bucket {

namespace {

bool isSeparator(QChar c)
{
    return c == u',' || c == u'x' || c == u'X' || c == u'\u00d7' || c == u'*';
}

} // namespace

Result<Shape> parseShape(const QString &text, const QString &where)
{
    // Work on positions of the original text so messages point at the right character.
    qsizetype begin = 0;
    qsizetype end = text.size();
    const auto skipSpace = [&text](qsizetype &i, qsizetype limit) {
        while (i < limit && text.at(i).isSpace())
            ++i;
    };
    const auto trimEnd = [&text, &begin](qsizetype &limit) {
        while (limit > begin && text.at(limit - 1).isSpace())
            --limit;
    };
    const auto error
        = [&where](const QString &message, qsizetype position) { return Error::input(message, where, position); };

    skipSpace(begin, end);
    trimEnd(end);
    if (begin == end)
        return error(
            QCoreApplication::translate("Bucket", "%1 is empty: enter a shape such as 151936,4096.").arg(where), -1);

    const QString sizePrefix = u"torch.Size("_s;
    if (text.mid(begin, sizePrefix.size()) == sizePrefix) {
        if (text.at(end - 1) != u')')
            return error(QCoreApplication::translate("Bucket", "\"torch.Size(\" is not closed with \")\"."), end);
        begin += sizePrefix.size();
        --end;
        skipSpace(begin, end);
        trimEnd(end);
    }
    bool bracketed = false;
    if (begin < end && (text.at(begin) == u'[' || text.at(begin) == u'(')) {
        const QChar close = text.at(begin) == u'[' ? u']' : u')';
        if (text.at(end - 1) != close)
            return error(QCoreApplication::translate("Bucket", "\"%1\" at character %2 is not closed with \"%3\".")
                             .arg(text.at(begin))
                             .arg(begin + 1)
                             .arg(close),
                         begin + 1);
        ++begin;
        --end;
        bracketed = true;
        skipSpace(begin, end);
        trimEnd(end);
    }
    Shape shape;
    if (begin == end) {
        if (bracketed)
            return shape; // a scalar: one element
        return error(QCoreApplication::translate("Bucket", "No dimensions found."), begin + 1);
    }

    qsizetype i = begin;
    while (i < end) {
        skipSpace(i, end);
        const qsizetype start = i;
        quint64 dim = 0;
        while (i < end && text.at(i).isDigit() && text.at(i).unicode() < 128) {
            const quint64 digit = text.at(i).unicode() - u'0';
            if (dim > (quint64(INT64_MAX) - digit) / 10)
                return error(
                    QCoreApplication::translate("Bucket", "The dimension at character %1 is too large.").arg(start + 1),
                    start + 1);
            dim = dim * 10 + digit;
            ++i;
        }
        if (i == start) {
            return error(QCoreApplication::translate("Bucket", "Expected a whole number at character %1, found \"%2\".")
                             .arg(start + 1)
                             .arg(text.at(start)),
                         start + 1);
        }
        shape.append(dim);
        skipSpace(i, end);
        if (i == end)
            break;
        if (!isSeparator(text.at(i))) {
            return error(QCoreApplication::translate(
                             "Bucket", "Expected \",\" or \"x\" between dimensions at character %1, found \"%2\".")
                             .arg(i + 1)
                             .arg(text.at(i)),
                         i + 1);
        }
        ++i;
        skipSpace(i, end);
        if (i == end)
            return error(QCoreApplication::translate("Bucket", "A dimension is missing after character %1.").arg(i), i);
    }
    return shape;
}

QString formatShape(const Shape &shape)
{
    QStringList dims;
    for (const quint64 dim : shape)
        dims << QString::number(dim);
    return u'[' + dims.join(u", "_s) + u']';
}

QStringList shortTensorNames(const QStringList &names)
{
    constexpr qsizetype kMaxChars = 24;
    QStringList out;
    for (const QString &name : names) {
        QString shortName = name;
        for (const QString &prefix : {u"model.language_model."_s, u"model."_s, u"language_model.model."_s}) {
            if (shortName.startsWith(prefix) && shortName.size() > prefix.size()) {
                shortName.remove(0, prefix.size());
                break;
            }
        }
        if (shortName.endsWith(u".weight"_s) && shortName.size() > 7)
            shortName.chop(7);
        if (shortName.size() > kMaxChars) {
            // The last dotted parts that fit: the end names the tensor, the start only where it sits.
            const QStringList parts = shortName.split(u'.');
            QString tail = parts.last().right(kMaxChars - 1);
            for (qsizetype i = parts.size() - 2; i >= 0 && tail.size() + parts.at(i).size() + 1 < kMaxChars; --i)
                tail = parts.at(i) + u'.' + tail;
            shortName = u'…' + tail;
        }
        // The axis needs distinct categories: a second "…proj" becomes "…proj (2)".
        QString unique = shortName;
        for (int n = 2; out.contains(unique); ++n)
            unique = u"%1 (%2)"_s.arg(shortName).arg(n);
        out << unique;
    }
    return out;
}

Result<quint64> elementCount(const Shape &shape)
{
    quint64 count = 1;
    for (const quint64 dim : shape) {
        if (__builtin_mul_overflow(count, dim, &count)) {
            return Error::input(QCoreApplication::translate(
                                    "Bucket", "The shape %1 has more elements than fit in 64 bits; check the numbers.")
                                    .arg(formatShape(shape)));
        }
    }
    return count;
}

Result<quint64> byteCount(const Shape &shape, const DType &dtype)
{
    const auto elements = elementCount(shape);
    if (!elements)
        return elements.error();
    quint64 bits = 0;
    if (__builtin_mul_overflow(*elements, quint64(dtype.bits), &bits)) {
        return Error::input(
            QCoreApplication::translate(
                "Bucket", "The size of a %1 tensor of shape %2 does not fit in 64 bits; check the numbers.")
                .arg(dtype.displayName(), formatShape(shape)));
    }
    if (bits % 8 != 0) {
        return Error::input(
            QCoreApplication::translate("Bucket", "%1 elements of %2 (%3 bits each) do not fill whole bytes.")
                .arg(*elements)
                .arg(dtype.displayName())
                .arg(dtype.bits));
    }
    return bits / 8;
}

void sortBySizeDescending(QList<Tensor> &tensors)
{
    std::vector<qsizetype> order(static_cast<size_t>(tensors.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&tensors](qsizetype a, qsizetype b) { return tensors.at(a).bytes > tensors.at(b).bytes; });
    QList<Tensor> sorted;
    sorted.reserve(tensors.size());
    for (const qsizetype index : order)
        sorted.append(std::move(tensors[index]));
    tensors = std::move(sorted);
}

Result<Tensor> makeTensor(QString name, Shape shape, const DType &dtype, QString file)
{
    const auto bytes = byteCount(shape, dtype);
    if (!bytes)
        return bytes.error();
    return Tensor{std::move(name), std::move(shape), dtype, *bytes, std::move(file)};
}

} // namespace vna::bucket
