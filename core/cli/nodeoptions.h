// Options every subcommand that works on nodes shares: the host list (nodesets and a host file),
// the ssh settings, and bounded numbers.
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "common/result.h"
#include "ssh/ssh.h"

class QCommandLineParser;

namespace vna::cli {

class NodeOptions
{
    Q_DECLARE_TR_FUNCTIONS(NodeOptions)

public:
    // --ssh-config, -o/--ssh-option, --accept-new-host-keys
    static QList<QCommandLineOption> sshOptions();
    static Result<ssh::Options> ssh(const QCommandLineParser &parser);

    // Every value of `nodesetOptions` expanded, then the host file, without duplicates.
    static Result<QStringList>
    hosts(const QCommandLineParser &parser, const QStringList &nodesetOptions, const QString &hostfileOption);

    static Result<int> integer(const QCommandLineParser &parser, const QString &option, int low, int high);
};

} // namespace vna::cli
