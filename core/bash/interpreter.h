// Reads a launch script the way bash runs it, without running anything: variables (scalars and
// arrays, ${…} operators, defaults, $((…)) arithmetic) are tracked through the whole script, if/case
// branches and loops, function calls with their arguments, and every command is expanded into the
// words its program receives. Values that only exist at run time ($(…), the environment, the
// script's arguments) stay unknown, and each says where it would come from.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"

namespace vna::shell {

// What the reader follows; beyond it, Run::truncated.
inline constexpr int kMaxFields = 4096;          // words one command may become (brace expansion, arrays)
inline constexpr int kMaxCallDepth = 16;         // function calls nested
inline constexpr qsizetype kMaxCommands = 20000; // commands recorded in all: a launch script runs far fewer
inline constexpr qint64 kMaxSteps = 200000;      // nodes run in all, including function bodies at each call

// Where a value the reader cannot know would come from.
enum class Origin : quint8 {
    Outside,  // the environment: the script uses it without setting it
    Argument, // the script's (or a function's) arguments: $1, $@
    Shell,    // set by bash itself for every script: HOME, PWD, RANDOM, $$ …
    Sourced,  // not set in the script, which sources another file that may set it
    Script,   // set by the script to what only running it tells: $(…), read, a loop, branches
};

struct Unknown
{
    QString name; // the variable (HOME, 1, @) or the substitution as written ($(date +%s))
    Origin origin = Origin::Outside;
    qsizetype offset = 0; // where it stands in Field::text
    qsizetype length = 0;

    bool operator==(const Unknown &) const = default;
};

// One word as the program receives it.
struct Field
{
    QString text;            // unknown parts appear as they were written: $NAME, ${NAME}, $(…)
    QList<Unknown> unknowns; // in order of appearance
    QString source;          // the word as written in the script
    qsizetype line = 0;      // where it was written: for "${ARGS[@]}", the array element's own place
    qsizetype column = 0;
    bool braceExpanded = false; // one of the words bash made of {a,b}
    QString unexpanded;         // for braceExpanded: the one word meant, as if the braces were quoted
    bool unquotedGlob = false;  // an unquoted *, ? or [ reaches pathname expansion
    bool spread = false;        // stands for any number of words: "$@" of the caller, an unknown array

    bool known() const { return unknowns.isEmpty(); }
};

struct Assigned
{
    QString name;
    Field value;
    bool exported = false;
    qsizetype line = 0; // where NAME= is written
    qsizetype column = 0;
};

// A simple command as it runs.
struct Executed
{
    QList<Field> words;          // the program and its arguments, expanded; empty for assignments alone
    QList<Assigned> assignments; // NAME=value before the command, alone, or given to export/declare/local
    QString function;            // the function it ran in, if any
    qsizetype line = 0;
    qsizetype column = 0;
};

struct Run
{
    QList<Executed> commands; // in the order they run; a function's commands at each call
    QStringList sourced;      // files the script sources (they are not read)
    // Pathname expansion of a pattern that matches nothing fails the command or drops the word
    // (zsh, or bash with failglob/nullglob).
    bool unmatchedGlobFails = false;
    // The script asked for more than the reader follows (the limits above). What lies beyond was not read.
    bool truncated = false;
    bool windowsLineEnds = false; // CRLF: bash keeps the \r in words and breaks "\" continuations
};

// Parses and reads the script. Fails only where parse() does.
Result<Run> interpret(const QString &script);

} // namespace vna::shell
