#include "nodeoptions.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>

#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

QList<QCommandLineOption> NodeOptions::sshOptions()
{
    return {
        {u"ssh-config"_s, tr("Use this ssh configuration file instead of ~/.ssh/config."), tr("file")},
        {{u"o"_s, u"ssh-option"_s}, tr("Pass -o OPTION to ssh; repeat for more."), tr("option")},
        {u"accept-new-host-keys"_s,
         tr("Accept and remember host keys of nodes never seen before (changed keys are "
            "still refused).")},
    };
}

Result<ssh::Options> NodeOptions::ssh(const QCommandLineParser &parser)
{
    ssh::Options options;
    if (parser.isSet(u"ssh-config"_s)) {
        options.configFile = parser.value(u"ssh-config"_s);
        if (!QFileInfo(options.configFile).isReadable())
            return Error::input(tr("Cannot read the ssh configuration file %1.").arg(options.configFile),
                                u"--ssh-config"_s);
    }
    options.extraOptions = parser.values(u"ssh-option"_s);
    options.acceptNewHostKeys = parser.isSet(u"accept-new-host-keys"_s);
    return options;
}

Result<QStringList>
NodeOptions::hosts(const QCommandLineParser &parser, const QStringList &nodesetOptions, const QString &hostfileOption)
{
    QStringList hosts;
    for (const QString &option : nodesetOptions)
        for (const QString &value : parser.values(option)) {
            const auto expanded = ssh::expandNodeset(value);
            if (!expanded)
                return Error::input(tr("--%1: %2").arg(option, expanded.error().message), u"--"_s + option);
            hosts += *expanded;
        }
    if (parser.isSet(hostfileOption)) {
        const QString path = parser.value(hostfileOption);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error::input(tr("Cannot read the host file %1: %2").arg(path, file.errorString()), path);
        const auto expanded = ssh::parseHostFile(QString::fromUtf8(file.read(16 * 1024 * 1024)), path);
        if (!expanded)
            return Error::input(tr("%1: %2").arg(path, expanded.error().message), path);
        hosts += *expanded;
    }
    hosts.removeDuplicates();
    if (hosts.size() > ssh::kMaxHosts)
        return Error::input(tr("More than %1 hosts.").arg(ssh::kMaxHosts));
    return hosts;
}

Result<int> NodeOptions::integer(const QCommandLineParser &parser, const QString &option, int low, int high)
{
    bool ok = false;
    const int value = parser.value(option).toInt(&ok);
    if (!ok || value < low || value > high)
        return Error::input(tr("Invalid --%1 \"%2\": expected a number from %3 to %4.")
                                .arg(option, parser.value(option))
                                .arg(low)
                                .arg(high),
                            u"--"_s + option);
    return value;
}

} // namespace vna::cli
