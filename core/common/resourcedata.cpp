#include "resourcedata.h"

#include <QResource>

namespace vna {

std::optional<QByteArray> resourceData(const QString &name)
{
    const QResource resource(name);
    if (!resource.isValid())
        return std::nullopt;
    if (resource.compressionAlgorithm() == QResource::NoCompression)
        return QByteArray::fromRawData(reinterpret_cast<const char *>(resource.data()), resource.size());
    return resource.uncompressedData();
}

} // namespace vna
