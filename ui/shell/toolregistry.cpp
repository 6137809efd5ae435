#include "toolregistry.h"

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

const QList<ToolInfo> &tools()
{
    static const QList<ToolInfo> list{};
    return list;
}

} // namespace vna::ui
