// The bash layer around Hydra overrides: quoting a word so the shell passes it unchanged, laying
// out a command, and reading a pasted command or launch script back into words with positions.
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::shell {

// The word as bash must see it: unchanged when every character is safe, else in single quotes.
QString quote(const QString &word);

enum class Layout { OneLine, Multiline };
// Quotes each word; Multiline puts one word per line joined by " \".
QString formatCommand(const QStringList &words, Layout layout);

struct Word
{
    QString text;                   // after quote removal and the expansions we could do
    QString raw;                    // as written
    qsizetype line = 0;             // 1-based
    qsizetype column = 0;           // 1-based
    QStringList unresolved;         // variables we could not expand ($STEPS, $1, …)
    bool substitution = false;      // $(…) or `…`: the value is not known here
    bool unquotedBrackets = false;  // [ ] outside quotes: a glob pattern to bash, an error to zsh
    bool unquotedBraceList = false; // {…,…} outside quotes: bash brace expansion splits the word
};

struct Command
{
    QList<Word> assignments; // NAME=value before the program, or after export
    QList<Word> words;       // the program and its arguments
    bool exported = false;   // an `export …` line
};

struct Script
{
    QList<Command> commands;
    QHash<QString, QString> variables; // assigned in the script, in order
};

// Understands quotes, backslashes, line continuations, comments, ; && || | &, NAME=value
// assignments and export, $NAME / ${NAME} / ${NAME:-default} from earlier assignments. It does not
// run anything: $(…) and unknown variables are reported, not expanded.
Result<Script> parseScript(const QString &text);

} // namespace vna::shell
