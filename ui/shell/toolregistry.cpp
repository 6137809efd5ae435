#include "toolregistry.h"

#include <QCoreApplication>

#include "bucket/buckettab.h"

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
    static const QList<ToolInfo> list{
        {QStringLiteral("bucket"), QT_TRANSLATE_NOOP("Tools", "Bucket calculator"),
         QT_TRANSLATE_NOOP("Tools",
                           "Fix \"Weight … is too large to fit in the bucket\": the bucket size and the "
                           "override for your verl version, from a preset, the error message or your model "
                           "folder."),
         QStringLiteral(":/icons/tool-bucket.svg"), [](QWidget *parent) { return new BucketTab(parent); }},
    };
    return list;
}

} // namespace vna::ui
