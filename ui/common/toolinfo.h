// What the window knows of one tool: its id, title, what it solves and how to build its tab. The
// list of every tool is the registry's (toolregistry.h, above the tabs); the Home tab is given it.
#pragma once

#include <functional>

#include <QString>

class QWidget;

namespace vna::ui {

class Session;

struct ToolInfo
{
    QString id;                    // stable: --tab, settings, links between tools ("bucket", "logs", ...)
    const char *title = nullptr;   // QT_TRANSLATE_NOOP("Tools", ...): the tab title
    const char *problem = nullptr; // QT_TRANSLATE_NOOP("Tools", ...): what it solves, for the Home tab
    QString icon;                  // resource path of an SVG icon
    std::function<QWidget *(Session &session, QWidget *parent)> create;

    QString translatedTitle() const;
    QString translatedProblem() const;
};

} // namespace vna::ui
