// The tools the window offers, in tab order: the one place that knows every tool, above the tabs and
// the shell. A tool issue adds one entry in toolregistry.cpp.
#pragma once

#include <functional>

#include <QList>
#include <QString>

class QWidget;

namespace vna::ui {

class Session;

struct ToolInfo
{
    QString id;          // stable: --tab, settings, links between tools ("bucket", "logs", ...)
    const char *title;   // QT_TRANSLATE_NOOP("Tools", ...): the tab title
    const char *problem; // QT_TRANSLATE_NOOP("Tools", ...): what it solves, for the Home tab
    QString icon;        // resource path of an SVG icon
    std::function<QWidget *(Session &session, QWidget *parent)> create;

    QString translatedTitle() const;
    QString translatedProblem() const;
};

// The tool tabs after Home, in order (Ctrl+2 opens the first).
const QList<ToolInfo> &tools();

} // namespace vna::ui
