#include "settings.h"

#include "common/paths.h"

namespace vna {

Settings::Settings()
    : Settings(paths::settingsFile())
{}

Settings::Settings(const QString &iniFile)
    : m_settings{std::make_unique<QSettings>(iniFile, QSettings::IniFormat)}
{}

Settings::~Settings() = default;

QString Settings::fileName() const
{
    return m_settings->fileName();
}

bool Settings::sync()
{
    m_settings->sync();
    return m_settings->status() == QSettings::NoError;
}

} // namespace vna
