// The bytes of a file in the program's resources: in place when it is stored uncompressed (no copy, for
// as long as the program runs), else decompressed once.
#pragma once

#include <optional>

#include <QByteArray>
#include <QString>

namespace vna {

// nullopt when the program has no such resource.
std::optional<QByteArray> resourceData(const QString &name);

} // namespace vna
