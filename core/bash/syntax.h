// The syntax of a bash script as bash itself reads it: words made of quoted and unquoted parts and
// expansions, simple commands with assignments and redirections, and the compound commands (if, for,
// while, case, functions, groups, subshells, here-documents). Nothing is run or expanded here; see
// interpreter.h for that.
#pragma once

#include <vector>

#include <QString>

#include "common/result.h"

namespace vna::shell {

struct Place
{
    qsizetype offset = 0; // in the script text
    qsizetype line = 1;   // 1-based
    qsizetype column = 1; // 1-based, in UTF-16 code units
};

struct Part;
using Parts = std::vector<Part>;

// One piece of a word.
struct Part
{
    enum class Kind : quint8 {
        Literal,      // unquoted characters: subject to brace, pathname expansion and word splitting
        Quoted,       // '…', $'…' (decoded) or a backslash-escaped character: taken as is
        DoubleQuoted, // "…": `children` are its literal text and expansions
        Parameter,    // $NAME, $1, $@, ${…}
        Command,      // $(…), `…` or <(…): its output is not known here; `text` is the source
        Arithmetic,   // $((…)), $[…]: `children` is the expression
        Tilde,        // ~ or ~user at the start of a word; `text` is the user
    };
    enum class Op : quint8 {
        None,
        Default,       // :-  (colon: empty counts as unset)
        Assign,        // :=
        Alternative,   // :+
        Error,         // :?
        RemovePrefix,  // #   (`longest`: ##)
        RemoveSuffix,  // %   (`longest`: %%)
        Replace,       // /   (`longest`: //)
        ReplacePrefix, // /#
        ReplaceSuffix, // /%
        Upper,         // ^   (`longest`: ^^)
        Lower,         // ,   (`longest`: ,,)
        Substring,     // :offset[:length]
        Length,        // ${#NAME}
        Transform,     // ${NAME@Q} and friends
        Bad,           // something bash only rejects when it runs ("bad substitution")
    };

    Kind kind = Kind::Literal;
    QString text;   // Literal, Quoted: the characters; Command: the source; Tilde: the user name
    Parts children; // DoubleQuoted: the content; Arithmetic: the expression; Parameter: the operand
    Parts second;   // Parameter: the replacement (Replace…) or the length (Substring)
    Parts index;    // Parameter: the subscript of NAME[…]
    QString name;   // Parameter: NAME, a digit string or one of @ * # ? $ ! - 0
    Op op = Op::None;
    bool colon = false;    // Default/Assign/Alternative/Error written with ':'
    bool longest = false;  // ##, %%, //, ^^, ,,
    bool hasIndex = false; // NAME[…]
    bool indirect = false; // ${!NAME}
    bool hasSecond = false;
    Place at;
};

struct Word
{
    Parts parts;
    Place at;
    qsizetype end = 0; // offset just past the word
};

struct Assignment
{
    struct Element
    {
        Parts index; // [i]=value
        bool hasIndex = false;
        Word value;
    };

    QString name;
    Parts index; // NAME[i]=value
    bool hasIndex = false;
    bool append = false; // +=
    bool array = false;  // NAME=( … )
    Word value;          // a scalar assignment
    std::vector<Element> elements;
    Place at;
    qsizetype end = 0;
};

struct Node;

struct CaseArm
{
    std::vector<Word> patterns;
    std::vector<Node> body;
    bool fallsThrough = false; // ended by ;& or ;;& rather than ;;
};

struct Node
{
    // How a command is joined to the one before it: a new command, or run only after the previous
    // one succeeded (&&) or failed (||), or fed its output (|).
    enum class Link : quint8 { Sequence, And, Or, Pipe };

    enum class Kind : quint8 {
        Simple,    // assignments, words (redirections are read and dropped)
        If,        // blocks: condition, body, [condition, body]…, [else body]
        For,       // name, words (the list, when hasList), blocks: body
        ArithFor,  // arith: init, condition, step; blocks: body
        While,     // blocks: condition, body
        Until,     // blocks: condition, body
        Case,      // words: the subject; arms
        Group,     // { …; }  blocks: body
        Subshell,  // ( … )   blocks: body
        Function,  // name; blocks: body
        Arith,     // (( … )); arith: the expression
        Condition, // [[ … ]]; words: its words and operators (&&, ||, !, ( and ) as literal words)
    };

    Kind kind = Kind::Simple;
    Link link = Link::Sequence;
    bool negated = false; // ! command
    Place at;
    std::vector<Assignment> assignments; // Simple: NAME=value before the command
    std::vector<Word> words;
    std::vector<Assignment> declared; // Simple: NAME=value arguments of export, declare, local …
    QString name;
    bool hasList = false;
    bool hasElse = false;
    std::vector<Parts> arith;
    std::vector<std::vector<Node>> blocks;
    std::vector<CaseArm> arms;
};

using Program = std::vector<Node>;

// Reads a whole script. It accepts what `bash -n` accepts; where bash itself would stop with a syntax
// error (a missing `fi`, a stray `)`), it reads on instead of failing. It fails only for text bash
// cannot read to its end: an unclosed quote, ${, $( or backquote, with the line and column of its start.
Result<Program> parse(const QString &text);

// The characters of literal and quoted parts, for words that have no expansion (here-document
// delimiters, reserved words). `quoted` tells whether any part was quoted.
QString literalText(const Parts &parts, bool *quoted = nullptr);

} // namespace vna::shell
