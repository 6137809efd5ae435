#include "session.h"

#include "common/logging.h"
#include "common/settingskeys.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

Session::Session(bool persistent, QObject *parent)
    : QObject{parent}
    , m_version{verl::latestKnown()}
    , m_persistent{persistent}
{
    if (!persistent)
        return;
    Settings settings;
    if (const auto version = verl::Version::parse(settings.value(keys::verlVersion), QString()))
        m_version = *version;
    m_backend = settings.value(keys::verlBackend);
}

Session::~Session() = default;

QStringList Session::backends()
{
    return {QString(), u"fsdp"_s, u"fsdp2"_s, u"megatron"_s};
}

void Session::setVerlVersion(const verl::Version &version, const QString &why)
{
    if (version == m_version && version.dev == m_version.dev)
        return;
    log::ui()->info("verl version {} -> {}", m_version.toString(), version.toString());
    m_version = version;
    save();
    Q_EMIT verlVersionChanged();
    if (!why.isEmpty())
        showStatus(why, 0);
}

void Session::setBackend(const QString &backend)
{
    if (backend == m_backend || !backends().contains(backend))
        return;
    m_backend = backend;
    save();
    Q_EMIT backendChanged();
}

void Session::openLink(const logscan::ToolLink &link)
{
    if (const auto since = verl::Version::parse(link.verlSince, QString()); since && m_version < *since) {
        setVerlVersion(*since,
                       tr("verl version set to %1: the error in %2 exists only since verl %1, not in %3. Set the "
                          "exact version in the toolbar.")
                           .arg(since->toString(), link.origin, m_version.toString()));
    }
    Q_EMIT linkRequested(link);
}

void Session::showStatus(const QString &message, int timeoutMs)
{
    m_status = message;
    Q_EMIT statusChanged(message, timeoutMs);
}

void Session::clearStatus(const QString &message)
{
    if (m_status != message || message.isEmpty())
        return;
    m_status.clear();
    Q_EMIT statusChanged(QString(), 0);
}

void Session::save() const
{
    if (!m_persistent)
        return;
    Settings settings;
    settings.setValue(keys::verlVersion, m_version.toString());
    settings.setValue(keys::verlBackend, m_backend);
}

} // namespace vna::ui
