// Real OpenSSH servers on 127.0.0.x for integration tests: each has its own host key, accepts one
// generated user key, and sets the environment its sessions see (PATH to a fake bin, variables).
#pragma once

#include <memory>

#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace vna::test {

class SshServer
{
public:
    // `dir` holds the keys and the config; `address` must be 127.0.0.x.
    SshServer(QString dir, QString address);
    ~SshServer();
    SshServer(const SshServer &) = delete;
    SshServer &operator=(const SshServer &) = delete;

    // Starts sshd with the given session environment; false (with errorString) when it cannot listen.
    bool start(const QMap<QString, QString> &environment);

    // Runs sshd in its own mount namespace where `path` shows the contents of `from` (read-only when
    // asked): the same path holds different files on each "node", like disks that are not shared.
    // Call before start(). Needs root (unshare --mount).
    void bindMount(const QString &from, const QString &path, bool readOnly = false);
    void stop();
    // As if the machine went down: every process in its mount namespace (its sessions and whatever they
    // started) is killed at once. Only for a server with bindMount(); start() brings it back.
    void crash();
    // As if its link went down: every process in its mount namespace stops (SIGSTOP) and answers
    // nothing, its connections stay open; false resumes them. Only for a server with bindMount().
    void freeze(bool frozen);
    QString errorString() const { return m_error; }
    QString address() const { return m_address; }
    int port() const { return m_port; }
    // The "[127.0.0.x]:port ssh-ed25519 AAAA…" line for known_hosts.
    QString knownHostsLine() const;

private:
    QString m_dir;
    QString m_address;
    int m_port = 0;
    QString m_error;
    QString m_bindFrom;
    QString m_bindPath;
    bool m_bindReadOnly = false;
    std::unique_ptr<QProcess> m_process;
};

// One "Host" block of a client ssh_config for a test node: strict host keys from `knownHosts`,
// only `identityFile`, quiet.
QString clientHostBlock(
    const QString &name, const QString &address, int port, const QString &identityFile, const QString &knownHosts);

// A user key pair in `dir` (id_ed25519, id_ed25519.pub), created once; returns the private key path.
QString ensureUserKey(const QString &dir);

// The body lines of a private key file (its secret, without the BEGIN/END armour): what must never
// appear in a report or a log.
QStringList privateKeyLines(const QString &keyPath);

} // namespace vna::test
