// The tools the window offers, in tab order: the one place that knows every tool, above the tabs and
// below the shell. A tool issue adds one entry in toolregistry.cpp.
#pragma once

#include <QList>

#include "common/toolinfo.h"

namespace vna::ui {

// The tool tabs after Home, in order (Ctrl+2 opens the first).
const QList<ToolInfo> &tools();

} // namespace vna::ui
