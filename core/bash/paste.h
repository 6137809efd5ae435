// Text pasted in place of a script, read as what bash ran:
//  - a `set -x` trace: bash prints every command it runs after expanding it, behind PS4 ("+ ", one more
//    "+" per level of nesting), between the lines the programs print. Read as a script, "+" would be
//    the command; read as a trace, the commands are there with their values.
//  - Markdown around a command copied from an issue: ``` fences, and the single backquotes of inline code
//    around the whole command (which bash would read as a command substitution).
#pragma once

#include <QString>

namespace vna::shell {

struct Pasted
{
    QString script;              // what bash runs, each command on its own line and column as pasted
    qsizetype traceCommands = 0; // trace lines read; 0 when the text is not a trace
    bool markdown = false;       // Markdown fences or backquotes around the command were left out
};

// The commands of a paste. Positions stay right: what is left out becomes blanks, and output between
// trace lines becomes empty lines. A text that is neither is returned as it is.
Pasted readPaste(const QString &text);

} // namespace vna::shell
