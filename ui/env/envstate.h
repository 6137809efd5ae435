// The Environment tool's state without a widget: where and how to diagnose (remembered in the
// settings), the export block's choices, and the diagnoses. EnvTab renders it.
#pragma once

#include <QList>
#include <QString>

#include "common/result.h"
#include "common/settingskeys.h"
#include "env/diagnose.h"
#include "env/envscript.h"

namespace vna::ui {

struct EnvInputs
{
    bool remote = false; // nodes over ssh, else this machine
    QString hosts;
    QString sshConfig;
    bool acceptKeys = false;
    QString python = keys::envPython.defaultValue;
    QString ascendRoot;
    int timeoutSec = keys::envTimeout.defaultValue;
    bool deep = false;
    bool cluster = false; // the all-reduce across the nodes (chosen each time, like deep)
    QString masterAddr;

    // The export block.
    QString scriptDevices = keys::envScriptDevices.defaultValue;
    bool scriptNoset = true;
    int scriptLevel = static_cast<int>(env::LogLevel::Error);
    bool scriptStdout = false;
    QString scriptVerlLevel;
    int scriptConnectSec = 0; // 0: CANN's default
    int scriptExecSec = 0;
    bool scriptPorts = false;
    bool scriptMultiNode = false;
    QString scriptIfname;
    QString scriptSetEnv = keys::envScriptSetEnv.defaultValue;

    // The remembered inputs (deep checks and the script's switches are chosen each time).
    static EnvInputs load();
    void save() const;
    bool operator==(const EnvInputs &) const = default;
};

class EnvState
{
public:
    EnvInputs inputs;
    QList<env::Diagnosis> results;

    // What to diagnose, or an error whose `where` names the field: hosts, sshConfig, python,
    // ascendRoot.
    Result<env::DiagnoseOptions> options() const;
    // "3 node(s): node[01-03]" for the nodes typed, or empty.
    QString hostsSummary() const;
    env::EnvScriptOptions scriptOptions() const;
};

} // namespace vna::ui
