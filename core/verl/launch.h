// Which commands of a script start a verl (Hydra) program, and which of their words are Hydra
// overrides: python[3] -m verl.… / recipe.…, python …/main_*.py, torchrun … -m …, ray job submit … --
// python3 -m …, the same behind nohup, env, timeout, srun …, and a program named by a variable such
// as "${PYTHON}". Everything else a script runs (pip, sed, echo, git, ray start) is not a launch.
#pragma once

#include <QList>
#include <QString>

#include "bash/interpreter.h"
#include "verl/version.h"

namespace vna::verl {

struct Launch
{
    qsizetype command = -1;        // index into shell::Run::commands
    QString program;               // how it was started, e.g. "python3 -m verl.trainer.main_ppo"
    QString entry;                 // the module (verl.trainer.main_ppo) or script path
    QString configName;            // --config-name, else the entry point's own; empty when unknown
    QString configPath;            // --config-path as given, empty when not given
    bool module = false;           // `entry` is a module (-m), not a script path
    bool knownEntry = false;       // the entry point is one verl declares with @hydra.main
    bool fragment = false;         // no program: a pasted list of overrides
    bool multirun = false;         // --multirun / -m: sweeps are allowed
    bool passesArguments = false;  // "$@" or similar: more overrides come from the caller
    bool profilerConfig = true;    // its config has verl's PPO profiler settings (not SFT or evaluation)
    QList<qsizetype> hydraOptions; // indices of Hydra's own options and their values
    QList<qsizetype> overrides;    // indices of the override words, in order
    QList<qsizetype> badOptions;   // indices of options Hydra's argument parser rejects
    qsizetype line = 0;
    qsizetype column = 0;
};

QList<Launch> findLaunches(const shell::Run &run);

} // namespace vna::verl
