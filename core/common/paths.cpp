#include "paths.h"

#include <QDir>

#include <QStandardPaths>

namespace vna::paths {

QString configDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
}

QString settingsFile()
{
    return configDir() + u"/settings.ini";
}

QString logDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + u"/logs";
}

QString logFile()
{
    return logDir() + u"/verl-npu-assistant.log";
}

QString expandHome(const QString &path)
{
    return path.startsWith(QStringLiteral("~/")) ? QDir::homePath() + path.mid(1) : path;
}

} // namespace vna::paths
