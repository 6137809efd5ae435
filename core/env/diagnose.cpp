#include "diagnose.h"

#include <mutex>
#include <optional>

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include "common/logging.h"
#include "common/parallel.h"
#include "env/cluster.h"

using namespace Qt::StringLiterals;

namespace vna::env {

ProcessResult runScriptOn(const QString &host,
                          const QByteArray &script,
                          int timeoutMs,
                          const DiagnoseOptions &options,
                          const std::atomic_bool *cancel)
{
    if (host == kLocalHost) {
        ProcessRequest request;
        request.program = u"/bin/sh"_s;
        request.arguments = {u"-s"_s};
        request.input = script;
        request.timeoutMs = timeoutMs;
        return runProcess(request, cancel);
    }
    return ssh::run(options.ssh, host, {u"sh"_s, u"-s"_s}, script, timeoutMs, cancel);
}

Diagnosis diagnoseTarget(const QString &host, const DiagnoseOptions &options, const std::atomic_bool *cancel)
{
    if (host == kLocalHost) {
        const ScriptRunner local = [&](const QByteArray &script, int timeoutMs) {
            return runScriptOn(host, script, timeoutMs, options, cancel);
        };
        return analyze(collect(host, local, options.probe));
    }
    QString failure;
    const ScriptRunner remote = [&](const QByteArray &script, int timeoutMs) {
        ProcessResult result = runScriptOn(host, script, timeoutMs, options, cancel);
        const ssh::Failure kind = ssh::classify(result);
        if (kind != ssh::Failure::None && failure.isEmpty())
            failure = ssh::describeWithFingerprints(options.ssh, kind, host, result);
        return result;
    };
    Snapshot snapshot = collect(host, remote, options.probe);
    if (!failure.isEmpty() && snapshot.sections.isEmpty())
        snapshot.failure = failure;
    log::core()->info("diagnosed {} in {} ms{}", host, snapshot.elapsedMs,
                      snapshot.failure.isEmpty() ? QString() : u": "_s + snapshot.failure);
    return analyze(std::move(snapshot));
}

QList<Diagnosis>
runDiagnosis(const DiagnoseOptions &options, const std::atomic_bool *cancel, const DiagnoseProgress &progress)
{
    const QStringList targets = options.hosts.isEmpty() ? QStringList{kLocalHost} : options.hosts;
    DiagnoseOptions effective = options;
    // Multiplexed connections live in a private, short directory (socket paths are limited to ~100 bytes).
    std::optional<QTemporaryDir> controlDir;
    if (!options.hosts.isEmpty() && effective.ssh.controlDir.isEmpty()) {
        controlDir.emplace(QDir::tempPath() + u"/vna-ssh-XXXXXX"_s);
        if (controlDir->isValid())
            effective.ssh.controlDir = controlDir->path();
    }

    QList<Diagnosis> results(targets.size());
    std::mutex mutex;
    int done = 0;
    forEachBounded(targets.size(), options.jobs, [&](qsizetype i) {
        const QString &host = targets.at(i);
        Diagnosis diagnosis;
        if (cancel && cancel->load()) {
            Snapshot skipped;
            skipped.host = host;
            skipped.failure = QCoreApplication::translate("Probe", "Canceled.");
            skipped.cancelled = true;
            diagnosis = analyze(std::move(skipped));
        } else {
            diagnosis = diagnoseTarget(host, effective, cancel);
            if (host != kLocalHost)
                ssh::closeMaster(effective.ssh, host);
        }
        std::lock_guard lock(mutex);
        results[i] = std::move(diagnosis);
        ++done;
        if (progress)
            progress(done, static_cast<int>(targets.size()), host);
    });
    compareAcrossNodes(results);
    if (results.size() > 1 && !(cancel && cancel->load()))
        pingAcrossNodes(
            results,
            [&](const QString &host, const QByteArray &script, int timeoutMs) {
                return runScriptOn(host, script, timeoutMs, effective, cancel);
            },
            options.probe.timeoutSec);
    if (options.clusterAllReduce && !(cancel && cancel->load()))
        runClusterAllReduce(results, effective, cancel);
    return results;
}

} // namespace vna::env
