// npu-smi parsing over every family's real output (tests/fixtures/npu-smi) and damaged pastes.
#include <QFile>
#include <QTest>

#include "env/npusmi.h"

using namespace Qt::StringLiterals;
using namespace vna::env;

Q_DECLARE_METATYPE(vna::env::NpuFamily)

namespace {

QString fixture(const QString &name)
{
    QFile file(QStringLiteral(VNA_FIXTURES_DIR "/npu-smi/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}

QString optionalText(const std::optional<qint64> &v)
{
    return v ? QString::number(*v) : u"null"_s;
}

} // namespace

class TestNpuSmi final : public QObject
{
    Q_OBJECT

private slots:
    void info_data();
    void info();
    void firstDevice_data();
    void firstDevice();
    void processes_data();
    void processes();
    void damaged();
    void notNpuSmi_data();
    void notNpuSmi();
    void chipMap_data();
    void chipMap();
    void keyValues();
};

void TestNpuSmi::info_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<NpuFamily>("family");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<int>("chips");
    QTest::addColumn<QList<int>>("npus");
    QTest::addColumn<int>("processes");
    QTest::addColumn<int>("idle");
    QTest::addColumn<bool>("processTable");

    const QList<int> eight{0, 1, 2, 3, 4, 5, 6, 7};
    QTest::addRow("A2 910B3, one process") << u"a2-910b3-25.2.0-one-process.txt"_s << NpuFamily::AtlasA2 << u"25.2.0"_s
                                           << u"25.2.0"_s << 8 << eight << 1 << 7 << true;
    QTest::addRow("A2 910B4, named processes") << u"a2-910b4-23.0.7-named-processes.txt"_s << NpuFamily::AtlasA2
                                               << u"23.0.7"_s << u"23.0.7"_s << 8 << eight << 4 << 4 << true;
    QTest::addRow("A2 910B1 idle") << u"a2-910b1-24.1.rc3-idle.txt"_s << NpuFamily::AtlasA2 << u"24.1.rc3"_s
                                   << u"24.1.rc3"_s << 8 << eight << 0 << 8 << true;
    QTest::addRow("910ProB first generation") << u"910prob-24.1.0-idle.txt"_s << NpuFamily::Ascend910 << u"24.1.0"_s
                                              << u"24.1.0"_s << 8 << eight << 0 << 8 << true;
    QTest::addRow("910A warning, prompt, NPU 1 only")
        << u"910a-23.0.rc3-warning.txt"_s << NpuFamily::Ascend910 << u"23.0.rc3"_s << u"23.0.rc3"_s << 1
        << QList<int>{1} << 0 << 1 << true;
    QTest::addRow("300I Duo 310P3, indented") << u"300i-duo-310p3-25.2.0-idle.txt"_s << NpuFamily::Ascend310P
                                              << u"25.2.0"_s << u"25.2.0"_s << 2 << QList<int>{2} << 0 << 1 << true;
    QTest::addRow("310P3, NPU 0 and 64, no process table")
        << u"310p3-23.0.rc3-npu0-npu64.txt"_s << NpuFamily::Ascend310P << u"23.0.rc3"_s << u"23.0.rc3"_s << 2
        << QList<int>{0, 64} << 0 << 0 << false;
    QTest::addRow("310B4, bus id NA, sudo prompt")
        << u"310b4-23.0.rc3-busid-na.txt"_s << NpuFamily::Ascend310B << u"23.0.rc3"_s << u"23.0.rc3"_s << 1
        << QList<int>{0} << 0 << 0 << false;
    QTest::addRow("A3, two chips per NPU") << u"a3-ascend910-25.2.3-four-npus-busy.txt"_s << NpuFamily::AtlasA3
                                           << u"25.2.3"_s << u"25.2.3"_s << 16 << eight << 6 << 5 << true;
    QTest::addRow("26.0 wide, container pid column")
        << u"a2-910b4-26.0.rc1-wide-container.txt"_s << NpuFamily::AtlasA2 << u"26.0.rc1"_s << u"26.0.rc1"_s << 4
        << QList<int>{0, 1, 2, 3} << 1 << 3 << true;
}

void TestNpuSmi::info()
{
    QFETCH(QString, file);
    QFETCH(NpuFamily, family);
    QFETCH(QString, tool);
    QFETCH(QString, driver);
    QFETCH(int, chips);
    QFETCH(QList<int>, npus);
    QFETCH(int, processes);
    QFETCH(int, idle);
    QFETCH(bool, processTable);

    const auto info = parseNpuSmiInfo(fixture(file));
    QVERIFY2(info.ok(), qPrintable(info.ok() ? QString() : info.error().message));
    QCOMPARE(info->problems, QStringList());
    QCOMPARE(info->family, family);
    QCOMPARE(info->toolVersion, tool);
    QCOMPARE(info->driverVersion, driver);
    QCOMPARE(info->chipCount(), chips);
    QCOMPARE(info->npuIds(), npus);
    QCOMPARE(info->processes.size(), processes);
    QCOMPARE(info->idleNpus.size(), idle);
    QCOMPARE(info->processTableSeen, processTable);
    for (const NpuDevice &device : info->devices) {
        QVERIFY(device.tempC.has_value());
        QVERIFY(device.totalMb().has_value());
        QVERIFY(!device.busId.isEmpty());
    }
}

void TestNpuSmi::firstDevice_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("expected"); // npu/chip/name/health/power/temp/aicore/mem/hbm/bus/phy/dev

    QTest::addRow("A2 five-digit HBM glued to /") << u"a2-910b3-25.2.0-one-process.txt"_s << 2
                                                  << u"2/0/910B3/OK/92.3/32/0/0 of 0/41052 of 65536/0000:81:00.0/-/-"_s;
    QTest::addRow("910ProB: DDR pair and HBM")
        << u"910prob-24.1.0-idle.txt"_s << 0 << u"0/0/910ProB/OK/78/38/0/2387 of 13553/18 of 32768/0000:C1:00.0/-/-"_s;
    QTest::addRow("910A Warning") << u"910a-23.0.rc3-warning.txt"_s << 0
                                  << u"1/0/910A/Warning/69.6/35/0/2681 of 15137/1 of 32768/0000:81:00.0/-/-"_s;
    QTest::addRow("310P3 second chip: NA power, no HBM, device id")
        << u"300i-duo-310p3-25.2.0-idle.txt"_s << 1 << u"2/1/310P3/OK/null/49/0/1411 of 43693/null/0000:01:00.0/-/1"_s;
    QTest::addRow("310B4 NA bus id") << u"310b4-23.0.rc3-busid-na.txt"_s << 0
                                     << u"0/0/310B4/OK/7.2/37/0/1797 of 3513/null/NA/-/0"_s;
    QTest::addRow("A3 second chip: '-' power, phy id")
        << u"a3-ascend910-25.2.3-four-npus-busy.txt"_s << 1
        << u"0/1/Ascend910/OK/null/37/12/0 of 0/50117 of 65536/0000:9F:00.0/1/-"_s;
    QTest::addRow("26.0 wide") << u"a2-910b4-26.0.rc1-wide-container.txt"_s << 3
                               << u"3/0/910B4/Alarm/86.4/44/0/0 of 0/2828 of 32768/0000:82:00.0/-/-"_s;
}

void TestNpuSmi::firstDevice()
{
    QFETCH(QString, file);
    QFETCH(int, index);
    QFETCH(QString, expected);
    const auto info = parseNpuSmiInfo(fixture(file));
    QVERIFY(info.ok());
    const NpuDevice &d = info->devices.at(index);
    const auto pair = [](const std::optional<qint64> &used, const std::optional<qint64> &total) {
        return used ? u"%1 of %2"_s.arg(*used).arg(total ? QString::number(*total) : u"?"_s) : u"null"_s;
    };
    const QString actual = QStringList{QString::number(d.npu),
                                       QString::number(d.chip),
                                       d.name,
                                       d.health,
                                       d.powerW ? QString::number(*d.powerW) : u"null"_s,
                                       d.tempC ? QString::number(*d.tempC) : u"null"_s,
                                       d.aicorePct ? QString::number(*d.aicorePct) : u"null"_s,
                                       pair(d.memoryUsedMb, d.memoryTotalMb),
                                       pair(d.hbmUsedMb, d.hbmTotalMb),
                                       d.busId,
                                       d.phyId ? QString::number(*d.phyId) : u"-"_s,
                                       d.deviceId ? QString::number(*d.deviceId) : u"-"_s}
                               .join(u'/');
    QCOMPARE(actual, expected);
}

void TestNpuSmi::processes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("expected"); // npu:chip:pid:container:name:memory

    QTest::addRow("empty name in a container")
        << u"a2-910b3-25.2.0-one-process.txt"_s << QStringList{u"2:0:1333928:-::37709"_s};
    QTest::addRow("named") << u"a2-910b4-23.0.7-named-processes.txt"_s
                           << QStringList{u"0:0:91666:-:python3.9:26795"_s, u"1:0:92863:-:python3.9:26793"_s,
                                          u"2:0:92865:-:python3.9:26793"_s, u"3:0:92880:-:python3.9:26793"_s};
    QTest::addRow("container pid column")
        << u"a2-910b4-26.0.rc1-wide-container.txt"_s << QStringList{u"1:0:2291784:412:python3.11:25983"_s};
    QTest::addRow("A3: peer context and several rows per NPU")
        << u"a3-ascend910-25.2.3-four-npus-busy.txt"_s
        << QStringList{u"0:0:3330598:-::49984"_s, u"0:1:3330602:-::48012"_s, u"1:0:3330598:-::132"_s,
                       u"1:0:3330611:-::50117"_s, u"6:0:3331002:-::51230"_s, u"6:1:3331005:-::50990"_s};
}

void TestNpuSmi::processes()
{
    QFETCH(QString, file);
    QFETCH(QStringList, expected);
    const auto info = parseNpuSmiInfo(fixture(file));
    QVERIFY(info.ok());
    QStringList actual;
    for (const NpuProcess &p : info->processes)
        actual.append(u"%1:%2:%3:%4:%5:%6"_s.arg(p.npu)
                          .arg(p.chip)
                          .arg(p.pid)
                          .arg(p.containerPid ? QString::number(*p.containerPid) : u"-"_s)
                          .arg(p.name, optionalText(p.memoryMb)));
    QCOMPARE(actual, expected);
}

void TestNpuSmi::damaged()
{
    const auto info = parseNpuSmiInfo(fixture(u"damaged-paste.txt"_s));
    QVERIFY(info.ok());
    // What could be read is kept; nothing is invented for what could not.
    QCOMPARE(info->devices.size(), 3);
    QCOMPARE(info->devices.at(0).health, u"0K"_s);
    QCOMPARE(info->devices.at(0).hbmUsedMb, std::optional<qint64>(3408));
    QCOMPARE(info->devices.at(1).npu, 1);
    QCOMPARE(info->devices.at(1).busId, QString());
    QCOMPARE(info->devices.at(1).hbmUsedMb, std::nullopt);
    QCOMPARE(info->devices.at(2).tempC, std::nullopt);
    QCOMPARE(info->devices.at(2).hbmUsedMb, std::nullopt);
    const QString problems = info->problems.join(u'\n');
    QVERIFY2(problems.contains(u"health \"0K\""_s), qPrintable(problems));
    QVERIFY2(problems.contains(u"NPU 1 has no second row"_s), qPrintable(problems));
    QVERIFY2(problems.contains(u"temperature of NPU 2"_s), qPrintable(problems));
    QVERIFY2(problems.contains(u"HBM usage of NPU 2"_s), qPrintable(problems));
    QCOMPARE(info->problems.size(), 4);
}

void TestNpuSmi::notNpuSmi_data()
{
    QTest::addColumn<QString>("text");
    QTest::addRow("empty") << QString();
    QTest::addRow("command not found") << u"bash: npu-smi: command not found"_s;
    QTest::addRow("nvidia-smi") << u"Mon Nov 30 | NVIDIA-SMI 550.54 Driver Version: 550.54 |"_s;
}

void TestNpuSmi::notNpuSmi()
{
    QFETCH(QString, text);
    const auto info = parseNpuSmiInfo(text);
    QVERIFY(!info.ok());
    QVERIFY(info.error().message.contains(u"npu-smi"_s));
}

void TestNpuSmi::chipMap_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("expected"); // npu:chip:logic:phy:name
    QTest::addRow("A2 with MCU") << u"info-m-a2-910b4.txt"_s
                                 << QStringList{u"0:0:0:-:Ascend 910B4"_s, u"0:1:-:-:Mcu"_s,
                                                u"1:0:1:-:Ascend 910B4"_s, u"1:1:-:-:Mcu"_s,
                                                u"2:0:2:-:Ascend 910B4"_s, u"2:1:-:-:Mcu"_s,
                                                u"3:0:3:-:Ascend 910B4"_s, u"3:1:-:-:Mcu"_s};
    QTest::addRow("A3 with phy ids") << u"info-m-a3.txt"_s
                                     << QStringList{u"0:0:0:0:Ascend910"_s, u"0:1:1:1:Ascend910"_s, u"0:2:-:-:Mcu"_s,
                                                    u"1:0:2:2:Ascend910"_s, u"1:1:3:3:Ascend910"_s, u"1:2:-:-:Mcu"_s};
}

void TestNpuSmi::chipMap()
{
    QFETCH(QString, file);
    QFETCH(QStringList, expected);
    const auto map = parseChipMap(fixture(file));
    QVERIFY(map.ok());
    QStringList actual;
    for (const ChipMapping &m : *map)
        actual.append(u"%1:%2:%3:%4:%5"_s.arg(m.npu)
                          .arg(m.chip)
                          .arg(m.logicId ? QString::number(*m.logicId) : u"-"_s)
                          .arg(m.phyId ? QString::number(*m.phyId) : u"-"_s)
                          .arg(m.name));
    QCOMPARE(actual, expected);
    QVERIFY(!parseChipMap(fixture(u"a2-910b1-24.1.rc3-idle.txt"_s)).ok());
}

void TestNpuSmi::keyValues()
{
    const auto values = parseKeyValues(fixture(u"health-warning.txt"_s));
    QCOMPARE(values.value(u"Health Status"_s), u"Warning"_s);
    QCOMPARE(values.value(u"Error Code"_s), u"80E01801"_s);
    QCOMPARE(values.value(u"Error Information"_s), u"node type=SOC, sensor type=Temperature"_s);
}

QTEST_GUILESS_MAIN(TestNpuSmi)
#include "tst_npusmi.moc"
