// Where the application keeps its settings, logs and user data on this machine.
#pragma once

#include <QString>

namespace vna::paths {

// <AppConfigLocation>, e.g. ~/.config/verl-npu-assistant
QString configDir();
// <AppConfigLocation>/settings.ini
QString settingsFile();
// <AppLocalDataLocation>/logs, e.g. ~/.local/share/verl-npu-assistant/logs
QString logDir();
// <logDir>/verl-npu-assistant.log
QString logFile();

// "~/x" -> "$HOME/x"; anything else unchanged (for paths typed into the window).
QString expandHome(const QString &path);

} // namespace vna::paths
