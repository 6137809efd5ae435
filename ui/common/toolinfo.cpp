#include "toolinfo.h"

#include <QCoreApplication>

namespace vna::ui {

QString ToolInfo::translatedTitle() const
{
    return QCoreApplication::translate("Tools", title);
}

QString ToolInfo::translatedProblem() const
{
    return QCoreApplication::translate("Tools", problem);
}

} // namespace vna::ui
