// The `export …` block verl on Ascend needs, generated from choices instead of copied from the FAQ:
// devices, Ray's visibility handling, log levels by name, HCCL timeouts, port ranges for several
// processes per card, and the interfaces of a multi-node cluster. Every line is commented.
#pragma once

#include <QList>
#include <QString>

#include "common/result.h"

namespace vna::env {

enum class LogLevel { Debug, Info, Warning, Error, Null };
// "debug" … "null" (the CLI words) <-> LogLevel; ASCEND_GLOBAL_LOG_LEVEL is the index.
Result<LogLevel> parseLogLevel(const QString &word);
QString logLevelWord(LogLevel level);

struct EnvScriptOptions
{
    QString devices = QStringLiteral("0-7"); // "0-7", "0,2,4-6"; empty: leave ASCEND_RT_VISIBLE_DEVICES unset
    // Where `devices` came from, said in the block: nobody (a guess: 8 devices, an A2 node), a diagnosis
    // of this host (all its logical devices), or the user (nothing said).
    enum class DevicesFrom { User, Guess, Diagnosis } devicesFrom = DevicesFrom::User;
    QString devicesHost; // with Diagnosis
    bool rayNoset = true;
    LogLevel logLevel = LogLevel::Error;
    bool logToStdout = false;
    QString verlLogLevel;           // empty: verl's default
    int connectTimeoutSec = 0;      // 0: HCCL's default
    int execTimeoutSec = -1;        // -1: HCCL's default; 0 never times out
    bool multiProcessPorts = false; // several processes per card
    bool multiNode = false;
    QString ifname;                                                                 // required with multiNode
    QString setEnv = QStringLiteral("/usr/local/Ascend/ascend-toolkit/set_env.sh"); // empty: no source line
};

// Ascending, unique logical ids from "0-7" / "0,2,4-6"; errors name the bad part.
Result<QList<int>> parseDeviceList(const QString &text);

Result<QString> generateEnvScript(const EnvScriptOptions &options);

} // namespace vna::env
