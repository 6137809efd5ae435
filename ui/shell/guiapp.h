// Runs the desktop window for parsed global options, or renders it to a PNG (--screenshot).
#pragma once

#include "cli/globaloptions.h"
#include "common/result.h"

class QWidget;

namespace vna::ui {

// Requires a QApplication. Returns the process exit code (see common/exitcode.h).
int runGui(const cli::GlobalOptions &options);

// Renders `widget` as it is now to a PNG file, atomically (never a half-written file).
Status saveScreenshot(QWidget &widget, const QString &file);

} // namespace vna::ui
