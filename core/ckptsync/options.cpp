#include "options.h"

#include <cmath>

#include <QCoreApplication>

#include "ckptsync/nodeshell.h"

using namespace Qt::StringLiterals;

namespace vna::ckptsync {

using namespace detail;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CkptSync)
};

} // namespace

Result<qint64> parseRate(const QString &text)
{
    static const QRegularExpression re(uR"(^\s*(\d+(?:\.\d+)?)\s*([kKmMgG]?)(?:i?[bB])?(?:/s)?\s*$)"_s);
    const auto m = re.match(text);
    if (!m.hasMatch())
        return Error::input(Text::tr("\"%1\" is not a rate: use bytes per second, e.g. 100M or 1.5G.").arg(text),
                            u"--bandwidth-limit"_s);
    const QString unit = m.captured(2).toUpper();
    const double factor = unit == u"K"_s ? 1024.0
        : unit == u"M"_s                 ? 1024.0 * 1024
        : unit == u"G"_s                 ? 1024.0 * 1024 * 1024
                                         : 1.0;
    return static_cast<qint64>(m.captured(1).toDouble() * factor);
}

QString sizeText(qint64 bytes)
{
    return bytes >= 1024LL * 1024 * 1024 ? Text::tr("%1 GiB").arg(static_cast<double>(bytes) / (1 << 30), 0, 'f', 1)
                                         : Text::tr("%1 MiB").arg(static_cast<double>(bytes) / (1 << 20), 0, 'f', 1);
}

QString progressText(qint64 sent, qint64 total, double bytesPerSecond)
{
    if (sent <= 0)
        return Text::tr("%1 of %2, no bytes yet").arg(sizeText(0), sizeText(total));
    const QString rate = sizeText(static_cast<qint64>(bytesPerSecond));
    if (sent >= total)
        return Text::tr("%1 of %2, %3/s, done").arg(sizeText(sent), sizeText(total), rate);
    if (bytesPerSecond <= 0 || sent * 100 < total)
        return Text::tr("%1 of %2, %3/s, time left not known yet").arg(sizeText(sent), sizeText(total), rate);
    const qint64 left = std::llround(static_cast<double>(total - sent) / bytesPerSecond);
    const QString time = left < 60 ? Text::tr("%1 s").arg(left)
        : left < 3600              ? Text::tr("%1 min %2 s").arg(left / 60).arg(left % 60)
                                   : Text::tr("%1 h %2 min").arg(left / 3600).arg(left % 3600 / 60);
    return Text::tr("%1 of %2, %3/s, about %4 left").arg(sizeText(sent), sizeText(total), rate, time);
}

QString Source::display() const
{
    return isLocal() ? root : host + u':' + root;
}

QString defaultRunBy()
{
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME", u"?"_s));
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return u"%1@%2, pid %3"_s.arg(user, QString::fromLocal8Bit(host)).arg(QCoreApplication::applicationPid());
}

Result<Topology> parseTopology(const QString &word)
{
    for (Topology t : {Topology::Auto, Topology::Chain, Topology::Star})
        if (word == topologyId(t))
            return t;
    return Error::input(Text::tr("\"%1\" is not a topology: use auto, chain or star.").arg(word), u"--topology"_s);
}

QString topologyId(Topology topology)
{
    switch (topology) {
    case Topology::Chain:
        return u"chain"_s;
    case Topology::Star:
        return u"star"_s;
    case Topology::Auto:
        break;
    }
    return u"auto"_s;
}

} // namespace vna::ckptsync
