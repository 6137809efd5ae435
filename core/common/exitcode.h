// Process exit codes shared by every subcommand and documented in --help and the README.
#pragma once

namespace vna {

enum class ExitCode : int {
    Ok = 0,         // ran and found nothing wrong
    Problems = 1,   // ran and found problems
    Usage = 2,      // bad usage or bad input
    Runtime = 3,    // runtime failure
    Incomplete = 4, // ran and found no problem in what it checked, but could not check everything
};

constexpr int toInt(ExitCode code)
{
    return static_cast<int>(code);
}

} // namespace vna
