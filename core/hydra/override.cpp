#include "override.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace vna::hydra {

Result<QString> format(const Override &override)
{
    if (!isValidKey(override.key)) {
        return Error::input(QCoreApplication::translate("Hydra", "\"%1\" is not a valid Hydra key.").arg(override.key),
                            override.key);
    }
    QString prefix;
    switch (override.prefix) {
    case Override::Prefix::None:
        break;
    case Override::Prefix::Add:
        prefix = u"+"_s;
        break;
    case Override::Prefix::ForceAdd:
        prefix = u"++"_s;
        break;
    case Override::Prefix::Delete:
        prefix = u"~"_s;
        break;
    }
    if (!override.value)
        return prefix + override.key;
    const auto value = formatValue(*override.value);
    if (!value)
        return value.error();
    return prefix + override.key + u'=' + *value;
}

} // namespace vna::hydra
