// Every persistent setting of the application, with its type and default. Tabs add theirs here.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "common/i18n.h"
#include "common/logging.h"
#include "common/settings.h"

namespace vna::keys {

// Empty: follow the system locale.
inline const SettingKey<QString> language{QStringLiteral("app/language"), QString(), [](const QString &code) {
                                              return code.isEmpty() || i18n::isSupported(code);
                                          }};

// The verl version and actor strategy every tool works for (the toolbar's pickers). Empty: the
// newest known release and verl's default strategy.
inline const SettingKey<QString> verlVersion{QStringLiteral("app/verlVersion")};
inline const SettingKey<QString> verlBackend{QStringLiteral("app/verlBackend"), QString(), [](const QString &b) {
                                                 return b.isEmpty() || b == QLatin1String("fsdp")
                                                     || b == QLatin1String("fsdp2") || b == QLatin1String("megatron");
                                             }};

inline const SettingKey<QByteArray> windowGeometry{QStringLiteral("window/geometry")};
inline const SettingKey<QByteArray> windowState{QStringLiteral("window/state")};
inline const SettingKey<QString> lastTab{QStringLiteral("window/lastTab"), QStringLiteral("home")};

inline const SettingKey<int> logPanelLevel{
    QStringLiteral("logPanel/level"), static_cast<int>(log::Level::Info), [](const int level) {
        return level >= static_cast<int>(log::Level::Trace) && level <= static_cast<int>(log::Level::Error);
    }};

// Environment tab.
inline const SettingKey<int> envTarget{QStringLiteral("env/target"), 0, [](const int t) { return t == 0 || t == 1; }};
inline const SettingKey<QString> envHosts{QStringLiteral("env/hosts")};
inline const SettingKey<QString> envSshConfig{QStringLiteral("env/sshConfig")};
inline const SettingKey<bool> envAcceptKeys{QStringLiteral("env/acceptNewHostKeys"), false};
inline const SettingKey<QString> envPython{QStringLiteral("env/python"), QStringLiteral("python3")};
inline const SettingKey<QString> envAscendRoot{QStringLiteral("env/ascendRoot")};
inline const SettingKey<int> envTimeout{QStringLiteral("env/timeoutSec"), 20,
                                        [](const int sec) { return sec >= 1 && sec <= 3600; }};
inline const SettingKey<QByteArray> envSplitter{QStringLiteral("env/splitter")};
inline const SettingKey<QString> envScriptDevices{QStringLiteral("env/script/devices"), QStringLiteral("0-7")};
inline const SettingKey<QString> envScriptLevel{QStringLiteral("env/script/cannLogLevel"), QStringLiteral("error")};
inline const SettingKey<bool> envScriptMultiNode{QStringLiteral("env/script/multiNode"), false};
inline const SettingKey<QString> envScriptIfname{QStringLiteral("env/script/ifname")};
inline const SettingKey<QString> envScriptSetEnv{QStringLiteral("env/script/setEnv"),
                                                 QStringLiteral("/usr/local/Ascend/ascend-toolkit/set_env.sh")};
// The Environment tab's audit page: the stack pasted and the symptom.
inline const SettingKey<QString> envAuditStack{QStringLiteral("env/audit/stack")};
inline const SettingKey<QString> envAuditSymptom{QStringLiteral("env/audit/symptom")};

// Checkpoint sync tab.
inline const SettingKey<QString> syncSourceHost{QStringLiteral("sync/sourceHost")};
inline const SettingKey<QString> syncFolder{QStringLiteral("sync/folder")};
inline const SettingKey<QString> syncNodes{QStringLiteral("sync/nodes")};
inline const SettingKey<QString> syncSshConfig{QStringLiteral("sync/sshConfig")};
inline const SettingKey<int> syncBandwidthMiB{QStringLiteral("sync/bandwidthMiB"), 0,
                                              [](const int mib) { return mib >= 0 && mib <= 1000000; }};
inline const SettingKey<QString> syncTopology{
    QStringLiteral("sync/topology"), QStringLiteral("auto"),
    [](const QString &word) { return word == u"auto" || word == u"chain" || word == u"star"; }};

// Logs tab.
inline const SettingKey<QStringList> logsRecent{QStringLiteral("logs/recent")}; // newest first
inline const SettingKey<QString> logsPattern{QStringLiteral("logs/pattern")};
inline const SettingKey<QByteArray> logsSplitter{QStringLiteral("logs/splitter")};
inline const SettingKey<QByteArray> logsDetailSplitter{QStringLiteral("logs/detailSplitter")};
// Logs tab, From the cluster.
inline const SettingKey<QString> collectNodes{QStringLiteral("collect/nodes")};
inline const SettingKey<QString> collectSshConfig{QStringLiteral("collect/sshConfig")};
inline const SettingKey<QString> collectRayDir{QStringLiteral("collect/rayDir"), QStringLiteral("/tmp/ray")};
inline const SettingKey<QString> collectSession{QStringLiteral("collect/session"), QStringLiteral("session_latest")};
inline const SettingKey<QString> collectPaths{QStringLiteral("collect/paths")};
inline const SettingKey<QString> collectSince{QStringLiteral("collect/since")};
inline const SettingKey<bool> collectVersions{QStringLiteral("collect/versions"), true};

// Bucket calculator tab.
// Memory tab.
inline const SettingKey<QString> memoryScript{QStringLiteral("memory/script")};
inline const SettingKey<QString> memoryModel{QStringLiteral("memory/model"), QStringLiteral("Qwen2.5-7B")};
inline const SettingKey<QString> memoryNpu{QStringLiteral("memory/npu"), QStringLiteral("910B3")};
inline const SettingKey<QString> memoryHbm{QStringLiteral("memory/hbmMiB")};
inline const SettingKey<int> memoryNodes{QStringLiteral("memory/nodes"), 0,
                                         [](const int n) { return n >= 0 && n <= 4096; }};
inline const SettingKey<int> memoryDevices{QStringLiteral("memory/devicesPerNode"), 0,
                                           [](const int n) { return n >= 0 && n <= 64; }};
inline const SettingKey<double> memoryMargin{QStringLiteral("memory/marginGiB"), 4.0,
                                             [](const double g) { return g >= 0 && g <= 64; }};
inline const SettingKey<QByteArray> memorySplitter{QStringLiteral("memory/splitter")};

inline const SettingKey<int> bucketMode{QStringLiteral("bucket/mode"), 0,
                                        [](const int mode) { return mode >= 0 && mode <= 3; }};
inline const SettingKey<QString> bucketPreset{QStringLiteral("bucket/preset"), QStringLiteral("7B")};
inline const SettingKey<QString> bucketShape{QStringLiteral("bucket/shape"), QStringLiteral("151936, 4096")};
inline const SettingKey<QString> bucketModelPath{QStringLiteral("bucket/modelPath")};
inline const SettingKey<QString> bucketDtype{QStringLiteral("bucket/dtype")};
inline const SettingKey<QString> bucketWorker{QStringLiteral("bucket/worker")}; // empty: verl's default
inline const SettingKey<QString> bucketEngine{QStringLiteral("bucket/engine"), QStringLiteral("naive")};
inline const SettingKey<bool> bucketNoIpc{QStringLiteral("bucket/noIpc"), false};
inline const SettingKey<int> bucketMarginPercent{QStringLiteral("bucket/marginPercent"), 120,
                                                 [](const int percent) { return percent >= 100 && percent <= 200; }};
inline const SettingKey<int> bucketCurrentMiB{QStringLiteral("bucket/currentMiB"), 0,
                                              [](const int mib) { return mib >= 0; }};
inline const SettingKey<QString> bucketHbmMiB{QStringLiteral("bucket/hbmMiB")};
inline const SettingKey<QString> bucketShmMiB{QStringLiteral("bucket/shmMiB")};
inline const SettingKey<QByteArray> bucketSplitter{QStringLiteral("bucket/splitter")};

// Profiler tab. Lists are kept as the comma-separated text the user typed or ticked.
inline const SettingKey<QString> profilerRoles{QStringLiteral("profiler/roles"), QStringLiteral("actor")};
inline const SettingKey<QString> profilerSteps{QStringLiteral("profiler/steps"), QStringLiteral("1")};
inline const SettingKey<QString> profilerSavePath{QStringLiteral("profiler/savePath")};
inline const SettingKey<QString> profilerContents{QStringLiteral("profiler/contents"), QStringLiteral("npu,cpu")};
inline const SettingKey<QString> profilerLevel{QStringLiteral("profiler/level")}; // empty: the version's default
inline const SettingKey<bool> profilerAnalysis{QStringLiteral("profiler/analysis"), true};
inline const SettingKey<bool> profilerDiscrete{QStringLiteral("profiler/discrete"), false};
inline const SettingKey<QString> profilerRanks{QStringLiteral("profiler/ranks")};
inline const SettingKey<bool> profilerAllRanks{QStringLiteral("profiler/allRanks"), false};
inline const SettingKey<bool> profilerContinuous{QStringLiteral("profiler/continuousSteps"), false};
inline const SettingKey<QString> profilerTokenStart{QStringLiteral("profiler/tokenStart")};
inline const SettingKey<QString> profilerTokenEnd{QStringLiteral("profiler/tokenEnd")};
inline const SettingKey<QString> profilerFormat{QStringLiteral("profiler/format"), QStringLiteral("shell")};
inline const SettingKey<int> profilerPage{QStringLiteral("profiler/page"), 0,
                                          [](const int page) { return page == 0 || page == 1; }};
inline const SettingKey<QByteArray> profilerSplitter{QStringLiteral("profiler/splitter")};
inline const SettingKey<QByteArray> profilerLintSplitter{QStringLiteral("profiler/lintSplitter")};

} // namespace vna::keys
