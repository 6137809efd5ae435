// What the whole window shares: the verl version (and backend) every tool works for, the hand-offs
// between tools, and the status bar. Tabs get it injected and never talk to each other directly.
#pragma once

#include <QObject>
#include <QString>

#include "logscan/report.h"
#include "verl/version.h"

namespace vna::ui {

class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    // A session that keeps its version and backend in the settings (persistent), or only in memory.
    explicit Session(bool persistent = false, QObject *parent = nullptr);
    ~Session() override;
    // When false (screenshots), changes stay in memory.
    void setPersistent(bool persistent) { m_persistent = persistent; }

    const verl::Version &verlVersion() const { return m_version; }
    // Sets the version every tool uses; `why` (may be empty) goes to the status bar when it changes.
    void setVerlVersion(const verl::Version &version, const QString &why = QString());
    // The actor strategy: empty for verl's default, or fsdp, fsdp2, megatron.
    const QString &backend() const { return m_backend; }
    void setBackend(const QString &backend);
    static QStringList backends(); // "", fsdp, fsdp2, megatron: the order of the pickers

    // Asks the window to switch to link.tool and hand the link over. A link that proves a newer verl
    // than the session's (link.verlSince) moves the session's version first and says so.
    void openLink(const logscan::ToolLink &link);

    // A message for the status bar: timeoutMs 0 keeps it until clearStatus(message) or another one.
    void showStatus(const QString &message, int timeoutMs = kStatusTimeoutMs);
    // Removes `message` when the status bar still shows it (a finished job's "Scanning …").
    void clearStatus(const QString &message);
    const QString &status() const { return m_status; }

    static constexpr int kStatusTimeoutMs = 4000;

Q_SIGNALS:
    void verlVersionChanged();
    void backendChanged();
    void linkRequested(const vna::logscan::ToolLink &link);
    // The status bar's new text ("" clears it) and how long it stays (0: until replaced).
    void statusChanged(const QString &message, int timeoutMs);

private:
    void save() const;

    verl::Version m_version;
    QString m_backend;
    QString m_status;
    bool m_persistent = false;
};

} // namespace vna::ui
