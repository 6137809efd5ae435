#include "atomicfile.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace vna {

Status writeFileAtomically(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return Error::runtime(
            QCoreApplication::translate("AtomicFile", "Cannot write %1: %2").arg(path, file.errorString()), path);
    return Done{};
}

} // namespace vna
