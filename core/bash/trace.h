// A `set -x` trace pasted in place of a script: bash prints every command it runs after expanding it,
// behind PS4 ("+ ", one more "+" per level of nesting), between the lines the programs print. Read as
// a script, "+" would be the command; read as a trace, the commands are there with their values.
#pragma once

#include <QString>

namespace vna::shell {

struct Untraced
{
    QString script;        // the traced commands in their places; every other line left blank
    qsizetype commands = 0; // trace lines read; 0 when the text is not a trace
};

// The commands of a `set -x` trace, each on its own line and column as pasted (the "+ " turned into
// blanks, so positions stay right), and the program output between them blanked out. A text without a
// line that begins with "+ " or "++ " is returned as it is, with commands = 0.
Untraced untrace(const QString &text);

} // namespace vna::shell
