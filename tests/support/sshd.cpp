#include "sshd.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>

#include <csignal>

#include <unistd.h>

namespace vna::test {

namespace {

bool run(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    return process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

QString clientHostBlock(
    const QString &name, const QString &address, int port, const QString &identityFile, const QString &knownHosts)
{
    return QStringLiteral("Host %1\n  HostName %2\n  Port %3\n  User %4\n  IdentityFile %5\n  IdentitiesOnly yes\n"
                          "  UserKnownHostsFile %6\n  GlobalKnownHostsFile /dev/null\n  LogLevel ERROR\n")
        .arg(name, address)
        .arg(port)
        .arg(qEnvironmentVariable("USER", QStringLiteral("root")), identityFile, knownHosts);
}

QString ensureUserKey(const QString &dir)
{
    QString key = dir + QStringLiteral("/id_ed25519");
    if (!QFile::exists(key))
        run(QStringLiteral("ssh-keygen"),
            {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
             QStringLiteral("-f"), key});
    return key;
}

QStringList privateKeyLines(const QString &keyPath)
{
    QStringList lines;
    for (const QByteArray &line : readFile(keyPath).split('\n')) {
        const QByteArray body = line.trimmed();
        if (!body.isEmpty() && !body.startsWith("-----"))
            lines << QString::fromLatin1(body);
    }
    return lines;
}

SshServer::SshServer(QString dir, QString address)
    : m_dir(std::move(dir))
    , m_address(std::move(address))
{}

SshServer::~SshServer()
{
    stop();
}

namespace {

// "mnt:[4026532…]": which mount namespace a process is in.
QByteArray mountNamespace(qint64 pid)
{
    char target[64] = {};
    const QByteArray link = QStringLiteral("/proc/%1/ns/mnt").arg(pid).toLatin1();
    const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
    return n > 0 ? QByteArray(target, static_cast<qsizetype>(n)) : QByteArray();
}

} // namespace

void SshServer::crash()
{
    if (!m_process)
        return;
    const QByteArray ns = mountNamespace(m_process->processId());
    if (!m_bindPath.isEmpty() && !ns.isEmpty() && ns != mountNamespace(::getpid())) {
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool number = false;
            const int id = pid.toInt(&number);
            if (number && mountNamespace(id) == ns)
                ::kill(id, SIGKILL);
        }
    }
    stop();
}

void SshServer::freeze(bool frozen)
{
    if (!m_process)
        return;
    const QByteArray ns = mountNamespace(m_process->processId());
    if (m_bindPath.isEmpty() || ns.isEmpty() || ns == mountNamespace(::getpid()))
        return;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool number = false;
        const int id = pid.toInt(&number);
        if (number && mountNamespace(id) == ns)
            ::kill(id, frozen ? SIGSTOP : SIGCONT);
    }
}

void SshServer::stop()
{
    if (m_process) {
        m_process->kill();
        m_process->waitForFinished(5000);
        m_process.reset();
    }
}

void SshServer::bindMount(const QString &from, const QString &path, bool readOnly)
{
    m_bindFrom = from;
    m_bindPath = path;
    m_bindReadOnly = readOnly;
}

QString SshServer::knownHostsLine() const
{
    const QList<QByteArray> parts = readFile(m_dir + QStringLiteral("/host_ed25519.pub")).trimmed().split(' ');
    return QStringLiteral("[%1]:%2 %3 %4")
        .arg(m_address)
        .arg(m_port)
        .arg(QString::fromLatin1(parts.value(0)), QString::fromLatin1(parts.value(1)));
}

bool SshServer::start(const QMap<QString, QString> &environment)
{
    QDir().mkpath(m_dir);
    const QString hostKey = m_dir + QStringLiteral("/host_ed25519");
    if (!QFile::exists(hostKey)
        && !run(QStringLiteral("ssh-keygen"),
                {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                 QStringLiteral("-f"), hostKey})) {
        m_error = QStringLiteral("ssh-keygen failed");
        return false;
    }
    const QString userKey = ensureUserKey(QDir(m_dir).absoluteFilePath(QStringLiteral("..")));
    QFile::remove(m_dir + QStringLiteral("/authorized_keys"));
    QFile::copy(userKey + QStringLiteral(".pub"), m_dir + QStringLiteral("/authorized_keys"));
    if (::geteuid() == 0)
        QDir().mkpath(QStringLiteral("/run/sshd")); // privilege separation directory sshd needs as root

    QString setEnv;
    for (auto it = environment.cbegin(); it != environment.cend(); ++it)
        setEnv += QStringLiteral(" \"%1=%2\"").arg(it.key(), it.value());
    if (!setEnv.isEmpty())
        setEnv = QStringLiteral("SetEnv") + setEnv + u'\n';
    for (int attempt = 0; attempt < 20; ++attempt) {
        m_port = 20000 + static_cast<int>(QRandomGenerator::global()->bounded(30000));
        QFile config(m_dir + QStringLiteral("/sshd_config"));
        if (!config.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        config.write(
            QStringLiteral(
                "ListenAddress %1:%2\nHostKey %3\nAuthorizedKeysFile %4/authorized_keys\n"
                "PidFile %4/sshd.pid\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
                "KbdInteractiveAuthentication no\nPermitRootLogin yes\nPrintMotd no\nSubsystem sftp internal-sftp\n"
                "%5")
                .arg(m_address)
                .arg(m_port)
                .arg(hostKey, m_dir, setEnv)
                .toUtf8());
        config.close();
        m_process = std::make_unique<QProcess>();
        m_process->setProcessChannelMode(QProcess::MergedChannels);
        if (m_bindPath.isEmpty()) {
            m_process->start(QStringLiteral("/usr/sbin/sshd"),
                             {QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), config.fileName()});
        } else {
            const auto quoted
                = [](QString path) -> QString { return u'\'' + path.replace(u'\'', QStringLiteral("'\\''")) + u'\''; };
            const QString remount = m_bindReadOnly
                ? QStringLiteral(" && mount -o remount,ro,bind %1").arg(quoted(m_bindPath))
                : QString();
            m_process->start(QStringLiteral("unshare"),
                             {QStringLiteral("--mount"), QStringLiteral("--propagation"), QStringLiteral("private"),
                              QStringLiteral("sh"), QStringLiteral("-c"),
                              QStringLiteral("mount --rbind %1 %2%3 && exec /usr/sbin/sshd -D -e -f %4")
                                  .arg(quoted(m_bindFrom), quoted(m_bindPath), remount, quoted(config.fileName()))});
        }
        if (!m_process->waitForStarted(5000)) {
            m_error = m_process->errorString();
            return false;
        }
        QByteArray log;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 10000 && m_process->state() == QProcess::Running) {
            m_process->waitForReadyRead(100);
            log += m_process->readAll();
            if (log.contains("Server listening on"))
                return true;
        }
        m_error = QString::fromLocal8Bit(log);
        m_process->kill();
        m_process->waitForFinished(5000);
        if (!log.contains("Address already in use"))
            return false;
    }
    return false;
}

} // namespace vna::test
