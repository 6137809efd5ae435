// Every persistent setting of the application, with its type and default. Tabs add theirs here.
#pragma once

#include <QByteArray>
#include <QString>

#include "common/i18n.h"
#include "common/logging.h"
#include "common/settings.h"

namespace vna::keys {

// Empty: follow the system locale.
inline const SettingKey<QString> language{QStringLiteral("app/language"), QString(), [](const QString &code) {
                                              return code.isEmpty() || i18n::isSupported(code);
                                          }};

inline const SettingKey<QByteArray> windowGeometry{QStringLiteral("window/geometry")};
inline const SettingKey<QByteArray> windowState{QStringLiteral("window/state")};
inline const SettingKey<QString> lastTab{QStringLiteral("window/lastTab"), QStringLiteral("home")};

inline const SettingKey<int> logPanelLevel{
    QStringLiteral("logPanel/level"), static_cast<int>(log::Level::Info), [](const int level) {
        return level >= static_cast<int>(log::Level::Trace) && level <= static_cast<int>(log::Level::Error);
    }};

} // namespace vna::keys
