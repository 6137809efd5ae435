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

// Bucket calculator tab.
inline const SettingKey<int> bucketMode{QStringLiteral("bucket/mode"), 0,
                                        [](const int mode) { return mode >= 0 && mode <= 3; }};
inline const SettingKey<QString> bucketPreset{QStringLiteral("bucket/preset"), QStringLiteral("7B")};
inline const SettingKey<QString> bucketShape{QStringLiteral("bucket/shape"), QStringLiteral("151936, 4096")};
inline const SettingKey<QString> bucketModelPath{QStringLiteral("bucket/modelPath")};
inline const SettingKey<QString> bucketDtype{QStringLiteral("bucket/dtype")};
inline const SettingKey<QString> bucketBackend{QStringLiteral("bucket/backend"), QStringLiteral("fsdp")};
inline const SettingKey<QString> bucketVersion{QStringLiteral("bucket/verlVersion")};
inline const SettingKey<QString> bucketEngine{QStringLiteral("bucket/engine"), QStringLiteral("naive")};
inline const SettingKey<bool> bucketNoIpc{QStringLiteral("bucket/noIpc"), false};
inline const SettingKey<int> bucketMarginPercent{QStringLiteral("bucket/marginPercent"), 120,
                                                 [](const int percent) { return percent >= 100 && percent <= 200; }};
inline const SettingKey<int> bucketCurrentMiB{QStringLiteral("bucket/currentMiB"), 0,
                                              [](const int mib) { return mib >= 0; }};
inline const SettingKey<QString> bucketHbmMiB{QStringLiteral("bucket/hbmMiB")};
inline const SettingKey<QByteArray> bucketSplitter{QStringLiteral("bucket/splitter")};

} // namespace vna::keys
