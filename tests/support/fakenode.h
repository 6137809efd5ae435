// A fake Ascend node for end-to-end tests: a bin directory with an `npu-smi` that prints fixture
// output and a `python3` that prints a probe result, to put first on PATH (or pass with --python).
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace vna::test {

struct FakeNode
{
    QString npuSmiInfo;     // fixture file name under tests/fixtures/npu-smi; empty: no npu-smi at all
    QString npuSmiMap;      // fixture for `npu-smi info -m`; empty: exit 1
    int npuSmiSleepSec = 0; // hang before answering
    QJsonObject python;     // what the fake interpreter reports
};

// Writes `dir`/npu-smi and `dir`/python3. Returns false on I/O errors.
bool writeFakeNode(const QString &dir, const QString &fixturesDir, const FakeNode &node);

// A Python environment as pip leaves it, read by the real interpreter: `dir`/python3 runs
// `realPython` -S with only `dir`/site on its path, where each distribution (pip name -> version) has
// its .dist-info/METADATA, and the stand-ins of tests/fixtures/fakepython report `devices` NPUs on
// CANN `cann` (their torch.distributed sums over TCP, for the cluster all-reduce).
bool writeFakePythonEnvironment(const QString &dir,
                                const QString &fixturesDir,
                                const QString &realPython,
                                const QList<std::pair<QString, QString>> &distributions,
                                const QString &cann,
                                int devices);

// An Ascend install root with the toolkit's ascend_toolkit_install.info for CANN `cann` and the
// driver and firmware files of tests/fixtures/ascend/root-a2.
bool writeFakeAscendRoot(const QString &root, const QString &fixturesDir, const QString &cann);

// A healthy torch_npu 2.4.0.post2 / torch 2.4.0 / CANN 8.0.0 environment seeing `count` devices.
QJsonObject healthyPython(int count);

} // namespace vna::test
