// Writing a file so that a half-written one never appears under its final name.
#pragma once

#include <QByteArray>
#include <QString>

#include "common/result.h"

namespace vna {

// Writes to a temporary file in the same directory and renames it over `path` once complete.
Status writeFileAtomically(const QString &path, const QByteArray &data);

} // namespace vna
