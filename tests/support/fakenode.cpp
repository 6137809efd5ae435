#include "fakenode.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace vna::test {

namespace {

bool writeScript(const QString &path, const QByteArray &text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size())
        return false;
    file.close();
    return file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                               | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
}

QByteArray quoted(const QString &path)
{
    QString escaped = path;
    escaped.replace(QStringLiteral("'"), QStringLiteral("'\\''"));
    return "'" + escaped.toUtf8() + "'";
}

} // namespace

bool writeFakeNode(const QString &dir, const QString &fixturesDir, const FakeNode &node)
{
    QDir().mkpath(dir);
    const QString smi = dir + QStringLiteral("/npu-smi");
    if (node.npuSmiInfo.isEmpty()) {
        QFile::remove(smi);
    } else {
        QByteArray script = "#!/bin/sh\n";
        if (node.npuSmiSleepSec > 0)
            script += "sleep " + QByteArray::number(node.npuSmiSleepSec) + "\n";
        const QString base = fixturesDir + QStringLiteral("/npu-smi/");
        script += "case \"$*\" in\n";
        script += "  'info') cat " + quoted(base + node.npuSmiInfo) + " ;;\n";
        if (!node.npuSmiMap.isEmpty())
            script += "  'info -m') cat " + quoted(base + node.npuSmiMap) + " ;;\n";
        script += "  'info -t health'*) cat " + quoted(base + QStringLiteral("health-warning.txt")) + " ;;\n";
        script += "  *) echo \"npu-smi: unsupported $*\" >&2; exit 1 ;;\nesac\n";
        if (!writeScript(smi, script))
            return false;
    }
    const QByteArray json = QJsonDocument(node.python).toJson(QJsonDocument::Compact);
    return writeScript(dir + QStringLiteral("/python3"),
                       "#!/bin/sh\necho 'importing torch_npu'\necho '@@VNA-PYTHON@@" + json + "'\n");
}

bool writeFakePythonEnvironment(const QString &dir,
                                const QString &fixturesDir,
                                const QString &realPython,
                                const QList<std::pair<QString, QString>> &distributions,
                                const QString &cann,
                                int devices)
{
    const QString site = dir + QStringLiteral("/site");
    if (!QDir(site).removeRecursively() || !QDir().mkpath(site + QStringLiteral("/torch"))
        || !QDir().mkpath(site + QStringLiteral("/torch_npu")))
        return false;
    for (const auto &[name, version] : distributions) {
        // pip names the folder after the normalized distribution name: torch-npu -> torch_npu.
        QString folder = name;
        folder.replace(QLatin1Char('-'), QLatin1Char('_'));
        const QString info
            = site + QLatin1Char('/') + folder + QLatin1Char('-') + version + QStringLiteral(".dist-info");
        if (!QDir().mkpath(info)
            || !writeScript(info + QStringLiteral("/METADATA"),
                            "Metadata-Version: 2.1\nName: " + name.toUtf8() + "\nVersion: " + version.toUtf8() + "\n"))
            return false;
    }
    for (const QString &module : {QStringLiteral("torch/__init__.py"), QStringLiteral("torch/distributed.py"),
                                  QStringLiteral("torch_npu/__init__.py")})
        if (!QFile::copy(fixturesDir + QStringLiteral("/fakepython/") + module, site + QLatin1Char('/') + module))
            return false;
    const QByteArray fake
        = QJsonDocument(QJsonObject{{QStringLiteral("devices"), devices}, {QStringLiteral("cann"), cann}})
              .toJson(QJsonDocument::Compact);
    if (!writeScript(site + QStringLiteral("/vna_fake.json"), fake))
        return false;
    return writeScript(dir + QStringLiteral("/python3"),
                       "#!/bin/sh\nPYTHONPATH=" + quoted(site) + " exec " + quoted(realPython) + " -S \"$@\"\n");
}

bool writeFakeAscendRoot(const QString &root, const QString &fixturesDir, const QString &cann)
{
    const QString toolkit = root + QStringLiteral("/ascend-toolkit/latest/x86_64-linux");
    if (!QDir().mkpath(toolkit) || !QDir().mkpath(root + QStringLiteral("/driver"))
        || !QDir().mkpath(root + QStringLiteral("/firmware")))
        return false;
    for (const QString &file : {QStringLiteral("/driver/version.info"), QStringLiteral("/firmware/version.info")}) {
        QFile::remove(root + file);
        if (!QFile::copy(fixturesDir + QStringLiteral("/ascend/root-a2") + file, root + file))
            return false;
    }
    return writeScript(toolkit + QStringLiteral("/ascend_toolkit_install.info"),
                       "package_name=Ascend-cann-toolkit\nversion=" + cann.toUtf8()
                           + "\narch=x86_64\nos=linux\npath=" + toolkit.toUtf8() + "\n");
}

QJsonObject healthyPython(int count)
{
    return QJsonObject{{QStringLiteral("python"), QStringLiteral("3.10.14")},
                       {QStringLiteral("executable"), QStringLiteral("/opt/venv/bin/python3")},
                       {QStringLiteral("packages"),
                        QJsonObject{{QStringLiteral("torch"), QStringLiteral("2.4.0")},
                                    {QStringLiteral("torch_npu"), QStringLiteral("2.4.0.post2")},
                                    {QStringLiteral("verl"), QStringLiteral("0.7.1")},
                                    {QStringLiteral("ray"), QStringLiteral("2.49.0")},
                                    {QStringLiteral("vllm"), QJsonValue::Null}}},
                       {QStringLiteral("npu_available"), true},
                       {QStringLiteral("npu_count"), count},
                       {QStringLiteral("cann"), QStringLiteral("8.0.0")}};
}

} // namespace vna::test
