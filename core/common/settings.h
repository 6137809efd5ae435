// Typed facade over QSettings: every setting is a SettingKey with a type, a default and a validator.
#pragma once

#include <functional>
#include <memory>

#include <QSettings>
#include <QString>
#include <QVariant>

namespace vna {

template <typename T>
struct SettingKey
{
    QString name;
    T defaultValue{};
    // Stored values that fail this check read back as the default.
    std::function<bool(const T &)> isValid = {};
};

class Settings final
{
public:
    // The application's settings file (paths::settingsFile()).
    Settings();
    // A specific INI file; used by tests and by tools that keep their own store.
    explicit Settings(const QString &iniFile);
    ~Settings();
    Q_DISABLE_COPY_MOVE(Settings)

    template <typename T>
    T value(const SettingKey<T> &key) const
    {
        QVariant stored = m_settings->value(key.name);
        if (!stored.isValid() || !stored.convert(QMetaType::fromType<T>()))
            return key.defaultValue;
        T typed = stored.value<T>();
        if (key.isValid && !key.isValid(typed))
            return key.defaultValue;
        return typed;
    }

    template <typename T>
    void setValue(const SettingKey<T> &key, const T &value)
    {
        m_settings->setValue(key.name, QVariant::fromValue(value));
    }

    template <typename T>
    bool contains(const SettingKey<T> &key) const
    {
        return m_settings->contains(key.name);
    }

    template <typename T>
    void remove(const SettingKey<T> &key)
    {
        m_settings->remove(key.name);
    }

    QString fileName() const;
    // Writes pending changes; returns false when the file could not be written.
    bool sync();

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace vna
