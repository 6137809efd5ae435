// One command-line tool: its options, its help and what it does. The GUI tabs call the same core code.
#pragma once

#include <QString>
#include <QTextStream>

#include "common/exitcode.h"

class QCommandLineParser;

namespace vna::cli {

// Where a subcommand writes; tests pass string-backed streams.
struct Context
{
    QTextStream &out;
    QTextStream &err;
};

class Subcommand
{
public:
    virtual ~Subcommand() = default;

    // The word typed on the command line, e.g. "bucket". Never translated.
    virtual QString name() const = 0;
    // One translated line for the top-level --help.
    virtual QString summary() const = 0;
    // Adds the subcommand's options, description and positional arguments (not --help).
    virtual void configure(QCommandLineParser &parser) const = 0;
    // Runs with parsed options. Bad values are reported on ctx.err with ExitCode::Usage.
    virtual ExitCode run(const QCommandLineParser &parser, Context &ctx) = 0;
};

} // namespace vna::cli
