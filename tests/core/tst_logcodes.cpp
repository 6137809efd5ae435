// The log analyzer knows a failure by its code: the catalogue of Ascend error codes read from their
// sources (scripts/error-codes/catalogue.py), each code found in every form the stack prints it, an
// entry for each code or the generic finding, wrappers that echo the fault they carry in either order,
// and a warning that is normal in verl's CPU-only actors.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "common/i18n.h"
#include "logscan/codes.h"
#include "logscan/report.h"
#include "logscan/scanner.h"
#include "support/clirun.h"

using namespace Qt::StringLiterals;
using namespace vna;
using namespace vna::logscan;

namespace {

const KnowledgeBase &builtin()
{
    static const KnowledgeBase kb = loadKnowledgeBase();
    return kb;
}

const CodeCatalogue &catalogue()
{
    return CodeCatalogue::builtin();
}

Analysis scanText(const QByteArray &text)
{
    static const Matcher matcher = *Matcher::compile(builtin().entries);
    auto result = analyze({LogInput::pasted(text, u"test.log"_s)}, builtin().entries, matcher);
    if (!result)
        qFatal("scan failed: %s", qPrintable(result.error().message));
    return *result;
}

QString idOf(const Finding &finding)
{
    return builtin().entries.at(finding.entry).id;
}

QStringList ids(const Analysis &analysis)
{
    QStringList out;
    for (const Finding &finding : analysis.findings)
        out << idOf(finding);
    return out;
}

// A line that prints `code` in one of the forms the stack uses for its family.
QByteArray lineFor(const CodeInfo &code)
{
    if (code.family == u"hccl")
        return "RuntimeError: HCCL function error: hcclAllReduce(input, output, count, type, op, comm, stream), "
               "error code is "
            + code.code.mid(5).toUtf8();
    if (code.family == u"acl")
        return "RuntimeError: ACL stream synchronize failed, error code is " + code.code.toUtf8();
    if (code.family == u"aclnn")
        return "RuntimeError: aclnnFooGetWorkspaceSize failed with aclnnStatus=" + code.code.toUtf8() + ".";
    if (code.family == u"torch_npu")
        return "[ERROR] 2025-09-19-14:34:08 (PID:5625, Device:0, RankID:-1) " + code.code.toUtf8() + " "
            + code.meaning.en.toUtf8();
    return "[ERROR] RUNTIME(3141,python3):2025-11-30-04:12:34.123.456 " + code.name.toUtf8() + "(" + code.code.toUtf8()
        + "): " + code.meaning.en.toUtf8();
}

} // namespace

class TestLogCodes final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void catalogueLoads();
    void catalogueMatchesKnowledgeBase();
    void forms_data();
    void forms();
    void everyCodeGivesOneFinding_data();
    void everyCodeGivesOneFinding();
    void genericFindingSaysWhatTheCodeMeans_data();
    void genericFindingSaysWhatTheCodeMeans();
    void rootCauseAcrossWrappers_data();
    void rootCauseAcrossWrappers();
    void wrappersNeverEachOthersSymptom();
    void quietInCpuOnlyActors_data();
    void quietInCpuOnlyActors();
    void lookup_data();
    void lookup();
    void cliCode_data();
    void cliCode();
};

void TestLogCodes::catalogueLoads()
{
    QCOMPARE(catalogue().error(), QString());
    QHash<QString, int> families;
    for (const CodeInfo &code : catalogue().codes()) {
        ++families[code.family];
        QVERIFY2(!code.meaning.en.isEmpty(), qPrintable(code.code));
        QVERIFY2(code.source.contains(u'@') && code.source.contains(u':'), qPrintable(code.code));
        QVERIFY2(catalogue().codeClass(code.codeClass), qPrintable(code.code));
    }
    QVERIFY(families.value(u"acl"_s) > 200);
    QVERIFY(families.value(u"cann"_s) > 500);
    QVERIFY(families.value(u"hccl"_s) > 20);
    QVERIFY(families.value(u"torch_npu"_s) > 50);
    QVERIFY(catalogue().find(u"EZ9999"_s)->wrapper);
    QVERIFY(catalogue().find(u"ERR00100"_s)->wrapper);
    QVERIFY(!catalogue().find(u"507015"_s)->wrapper);
}

// The catalogue's "kb" column is generated from the knowledge base; a code an entry lists that the
// catalogue does not say, or the other way round, means the catalogue was not regenerated.
void TestLogCodes::catalogueMatchesKnowledgeBase()
{
    QHash<QString, QStringList> listed;
    for (const Entry &entry : builtin().entries) {
        for (const QString &code : entry.codes) {
            if (code != u"*")
                listed[code] << entry.id;
        }
    }
    for (const CodeInfo &code : catalogue().codes()) {
        QStringList expected = listed.value(code.code);
        QStringList actual = code.entries;
        expected.sort();
        actual.sort();
        QVERIFY2(expected == actual,
                 qPrintable(code.code
                            + u": run scripts/error-codes/catalogue.py --output resources/data/"
                              u"ascend-codes.json"_s));
    }
}

void TestLogCodes::forms_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("id");   // empty: no finding
    QTest::addColumn<QString>("code"); // the code capture, empty when none
    QTest::addRow("failed: code") << QByteArray("RuntimeError: aclrtSynchronizeStream(stream) failed: 507015")
                                  << u"npu-core-exception"_s << u"507015"_s;
    QTest::addRow("error code is") << QByteArray("[ERROR] ACL stream synchronize failed, error code is 507014")
                                   << u"aicore-timeout"_s << u"507014"_s;
    QTest::addRow("ErrCode=") << QByteArray("E39999: Inner Error! ErrCode=507035, desc=[vector core exception]")
                              << u"npu-core-exception"_s << u"507035"_s;
    QTest::addRow("code: at allocator") << QByteArray(
        "RuntimeError: acl Error, code: 207001 at /vllm-ascend/csrc/camem_allocator.cpp:63")
                                        << u"npu-oom"_s << u"207001"_s;
    QTest::addRow("ret=") << QByteArray("[ERROR] RUNTIME rtStreamSynchronize failed, ret=507018")
                          << u"npu-core-exception"_s << u"507018"_s;
    QTest::addRow("runtime result =") << QByteArray("    open device 1 failed, runtime result = 507033.")
                                      << u"ascend-code"_s << u"507033"_s;
    QTest::addRow("Name(E39009):") << QByteArray(
        "Inner_Error_Device_Status_Abnormal(E39009): Failed to connect the device. Heartbeats are "
        "missing") << u"npu-device-lost"_s
                                   << u"E39009"_s;
    QTest::addRow("old title(E40021):") << QByteArray(
        "Failure_to_Compile_Op(E40021): Failed to compile Op [trans_Cast_2,]. (oppath: [x])")
                                        << u"kernel-compile-failed"_s << u"E40021"_s;
    QTest::addRow("retCode with reason") << QByteArray(
        "[ERROR] RUNTIME Kernel task happen error, retCode=0x25, [aicore timeout].")
                                         << u"aicore-timeout"_s << QString();
    QTest::addRow("HCCL wait socket") << QByteArray(
        "[ERROR] HCCL [Wait][LinkEstablish]wait socket establish timeout, role[0] rank[0] "
        "timeout[120 s]") << u"hccl-socket-timeout"_s
                                      << QString();
    QTest::addRow("HCCL return value") << QByteArray(
        "RuntimeError: HCCL function error: hcclBroadcast(...), error code is 9")
                                       << u"ascend-code"_s << QString();
    // Real lines of vllm-ascend#486, #4859, flash-linear-attention-npu#333, HCCL's troubleshooting guide
    // and gpustack#2021: HCCL's return values and aclnn's status codes in the forms they are printed.
    QTest::addRow("OPS function error, HcclResult") << QByteArray(
        "[rank1]: RuntimeError: InnerRunOpApi:torch_npu/csrc/framework/OpParamMaker.cpp:281 OPS function error: "
        "HcclAllreduce, error code is 6") << u"ascend-code"_s
                                                    << u"HCCL:6"_s;
    QTest::addRow("aclnnStatus=") << QByteArray(
        "RuntimeError: aclnnCausalConv1dGetWorkspaceSize failed with aclnnStatus=561002.")
                                  << u"ascend-code"_s << u"561002"_s;
    QTest::addRow("HCCL errNo") << QByteArray(
        "[ERROR] HCCL(17528,python3):2026-03-18-10:34:43.142.156 [hcom.cc:515] [18111][AllReduce][Result]"
        "errNo[0x0000000005010009] hcclComm AllReduce error, tag[HcomAllReduce_6629421139219749105_0]")
                                << u"ascend-code"_s << u"HCCL:9"_s;
    QTest::addRow("hcclRet") << QByteArray(
        "[ERROR] HCCL(17528,python3):2026-03-18-10:34:43.142.145 [hccl_communicator_host.cc:2858] "
        "[18111][AllReduce]call trace: hcclRet -> 9")
                             << u"ascend-code"_s << u"HCCL:9"_s;
    QTest::addRow("MindIE HcclCommInitRootInfo fail")
        << QByteArray("[2025-05-13 02:25:58.64217] [error] [36815] [hccl_runner.cpp:132] AllGatherHcclRunner:0 "
                      "HcclCommInitRootInfo fail, error:2, rank:1, rankSize:4")
        << u"ascend-code"_s << u"HCCL:2"_s;
    QTest::addRow("HCCL success is no error")
        << QByteArray("[INFO] HCCL(17528,python3):2026-03-18 [op_base.cc:866] call trace: hcclRet -> 0") << QString()
        << QString();
    QTest::addRow("errNo of another module")
        << QByteArray("[ERROR] GE(1,python3):2026-03-18 errNo[0x0000000003010009] something") << QString() << QString();
    QTest::addRow("number without a lead word")
        << QByteArray("INFO step 507015 done, loss 0.1") << QString() << QString();
    QTest::addRow("longer number") << QByteArray("error code is 5070150") << QString() << QString();
    QTest::addRow("code inside a word") << QByteArray("INFO hash=XE39009Y ok") << QString() << QString();
    QTest::addRow("wrapper alone") << QByteArray("EZ9999: Inner Error!") << QString() << QString();
    QTest::addRow("CANN warning") << QByteArray("WE9999: Inner Warning!") << QString() << QString();
    QTest::addRow("unknown number") << QByteArray("error code is 123456") << QString() << QString();
}

void TestLogCodes::forms()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, id);
    QFETCH(QString, code);
    const Analysis analysis = scanText(line + '\n');
    QCOMPARE(ids(analysis), id.isEmpty() ? QStringList() : QStringList{id});
    if (!code.isEmpty()) {
        const Occurrence &first = analysis.findings.first().first;
        QCOMPARE(codeKey(first.capture(u"code"_s), first.capture(u"hccl"_s), first.capture(u"hcclhex"_s)), code);
    }
}

// Never silent on a known code: each error code of the catalogue, printed as its family prints it,
// gives one finding, from the entry that lists it or the generic one.
void TestLogCodes::everyCodeGivesOneFinding_data()
{
    QTest::addColumn<QString>("code");
    for (const CodeInfo &code : catalogue().codes()) {
        if (code.givesFinding())
            QTest::addRow("%s", qPrintable(code.code)) << code.code;
    }
}

void TestLogCodes::everyCodeGivesOneFinding()
{
    QFETCH(QString, code);
    const CodeInfo &info = *catalogue().find(code);
    const Analysis analysis = scanText(lineFor(info) + '\n');
    const Entry *expected = explainingEntry(info, builtin().entries);
    QVERIFY(expected);
    QVERIFY2(ids(analysis).contains(expected->id), qPrintable(ids(analysis).join(u", "_s)));
    QCOMPARE(ids(analysis).count(expected->id), 1);
}

void TestLogCodes::genericFindingSaysWhatTheCodeMeans_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("fix");
    QTest::addRow("en") << u"en"_s << u"507033 (ACL_ERROR_RT_DEV_SETUP_ERROR): Failed to start the device."_s
                        << u"A task failed on the device."_s;
    // In Chinese the source's words are quoted: most codes have only English ones (E30005: “Failed to …”).
    QTest::addRow("zh_CN") << u"zh_CN"_s << u"507033（ACL_ERROR_RT_DEV_SETUP_ERROR）：“Device启动失败。”"_s
                           << u"设备上的任务执行失败。"_s;
}

void TestLogCodes::genericFindingSaysWhatTheCodeMeans()
{
    QFETCH(QString, language);
    QFETCH(QString, title);
    QFETCH(QString, fix);
    const Analysis analysis = scanText("RuntimeError: ACL stream synchronize failed, error code is 507033\n");
    QCOMPARE(ids(analysis), QStringList{u"ascend-code"_s});
    const Explanation text = explain(*builtin().find(u"ascend-code"_s), analysis.findings.first(), analysis, language);
    QCOMPARE(text.title, title);
    QVERIFY2(text.fix.startsWith(fix), qPrintable(text.fix));
    QVERIFY2(text.cause.contains(u"rt_error_codes.h"_s), qPrintable(text.cause));
}

void TestLogCodes::rootCauseAcrossWrappers_data()
{
    QTest::addColumn<QByteArray>("log");
    QTest::addColumn<QStringList>("roots");
    QTest::addColumn<QStringList>("symptoms"); // "id<-cause"
    QTest::addRow("wrapper before its fault")
        << QByteArray("[ERROR] 2025-09-19-14:34:08 (PID:5625, Device:0, RankID:0) ERR00100 PTA call acl api failed\n"
                      "EZ9999: [PID: 5625] The error from device(chipId:0), serial number is 2, there is an aicore "
                      "error exception\n")
        << QStringList{u"npu-core-exception"_s} << QStringList{u"acl-call-failed<-npu-core-exception"_s};
    QTest::addRow("wrapper alone") << QByteArray(
        "[ERROR] 2025-09-19-14:34:08 (PID:5625, Device:0, RankID:0) ERR00100 PTA call acl api "
        "failed.\nRuntimeError: Parameter verification failed.\n")
                                   << QStringList{u"acl-call-failed"_s} << QStringList{};
    QTest::addRow("unexplained code beside an explained one")
        << QByteArray("RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB\n"
                      "    open device 1 failed, runtime result = 507033.\n")
        << QStringList{u"npu-oom"_s} << QStringList{u"ascend-code<-npu-oom"_s};
    QTest::addRow("engine died before its cause is printed")
        << QByteArray("ERROR [core_client.py:564] Engine core proc EngineCore_DP0 died unexpectedly, shutting "
                      "down client.\nRuntimeError: NPU out of memory. Tried to allocate 2.00 GiB\n")
        << QStringList{u"npu-oom"_s} << QStringList{u"rollout-engine-died<-npu-oom"_s};
    QTest::addRow("engine died of nothing known")
        << QByteArray("ERROR [core_client.py:564] Engine core proc EngineCore_DP0 died unexpectedly\n")
        << QStringList{u"rollout-engine-died"_s} << QStringList{};
}

void TestLogCodes::rootCauseAcrossWrappers()
{
    QFETCH(QByteArray, log);
    QFETCH(QStringList, roots);
    QFETCH(QStringList, symptoms);
    const Analysis analysis = scanText(log);
    QStringList gotRoots;
    QStringList gotSymptoms;
    for (const Finding &finding : analysis.findings) {
        if (finding.rootCause())
            gotRoots << idOf(finding);
        else
            gotSymptoms << idOf(finding) + u"<-"_s + finding.symptomOf;
    }
    QCOMPARE(gotRoots, roots);
    QCOMPARE(gotSymptoms, symptoms);
}

// A knowledge base where two wrappers lead to each other still has a root cause.
void TestLogCodes::wrappersNeverEachOthersSymptom()
{
    const QByteArray file = R"({"schema": 1, "entries": [
      {"id": "a", "category": "device", "severity": "error", "wrapper": true, "leads_to": ["b"],
       "title": {"en": "A", "zh_CN": "A"}, "cause": {"en": "A", "zh_CN": "A"}, "fix": {"en": "A", "zh_CN": "A"},
       "indications": [{"keywords": ["alpha failed"]}]},
      {"id": "b", "category": "device", "severity": "error", "wrapper": true, "leads_to": ["a"],
       "title": {"en": "B", "zh_CN": "B"}, "cause": {"en": "B", "zh_CN": "B"}, "fix": {"en": "B", "zh_CN": "B"},
       "indications": [{"keywords": ["beta failed"]}]}]})";
    const auto entries = parseKnowledgeFile(file, u"cycle.json"_s);
    QVERIFY2(entries, qPrintable(entries ? QString() : entries.error().message));
    const auto matcher = Matcher::compile(*entries);
    QVERIFY(matcher);
    const auto analysis = analyze({LogInput::pasted("alpha failed\nbeta failed\n", u"t"_s)}, *entries, *matcher);
    QVERIFY(analysis);
    QCOMPARE(analysis->findings.size(), 2);
    const Finding &first = analysis->findings.at(0);
    const Finding &second = analysis->findings.at(1);
    QCOMPARE(int(first.rootCause()) + int(second.rootCause()), 1);
    QCOMPARE(first.rootCause() ? second.symptomOf : first.symptomOf, first.rootCause() ? u"a"_s : u"b"_s);
}

void TestLogCodes::quietInCpuOnlyActors_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QStringList>("expected");
    const QByteArray message = " WARNING platform_manager.py:131] Platform 'huawei' (PlatformNPU) is registered but "
                               "not available. This may be due to this ray actor being a CPU-only actor.";
    QTest::addRow("TaskRunner") << "(TaskRunner pid=3512)" + message << QStringList{};
    QTest::addRow("TaskRunnerV1") << "(TaskRunnerV1 pid=3512)" + message << QStringList{};
    QTest::addRow("AgentLoopWorker") << "(AgentLoopWorker pid=77, ip=10.0.0.2)" + message << QStringList{};
    // verl's own words say it may be a CPU-only actor, whatever prefix the pasted line has (verl#6741): no
    // evidence of invisible NPUs on its own. A worker that really lacks them fails with its own error.
    QTest::addRow("NPU worker") << "(WorkerDict pid=812, ip=10.0.0.2)" + message << QStringList{};
    QTest::addRow("no Ray prefix") << message.mid(1) << QStringList{};
    QTest::addRow("the real failure") << QByteArray(
        "RuntimeError: torch_npu detected, but NPU device is not available or visible.")
                                      << QStringList{u"npu-not-visible"_s};
}

void TestLogCodes::quietInCpuOnlyActors()
{
    QFETCH(QByteArray, line);
    QFETCH(QStringList, expected);
    QCOMPARE(ids(scanText(line + '\n')), expected);
}

void TestLogCodes::lookup_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("code"); // empty: not found
    QTest::addRow("number") << u"507015"_s << u"507015"_s;
    QTest::addRow("lower case") << u" e39009 "_s << u"E39009"_s;
    QTest::addRow("torch_npu") << u"ERR00100"_s << u"ERR00100"_s;
    QTest::addRow("HCCL name") << u"HCCL_E_TIMEOUT"_s << u"HCCL:9"_s;
    QTest::addRow("symbolic name") << u"acl_error_rt_aicore_exception"_s << u"507015"_s;
    QTest::addRow("old title") << u"Failure_to_Compile_Op"_s << u"E40021"_s;
    QTest::addRow("unknown") << u"12345"_s << QString();
    QTest::addRow("empty") << QString() << QString();
}

void TestLogCodes::lookup()
{
    QFETCH(QString, typed);
    QFETCH(QString, code);
    const CodeInfo *found = catalogue().lookup(typed);
    QCOMPARE(found ? found->code : QString(), code);
}

void TestLogCodes::cliCode_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("says");
    QTest::addRow("text") << QStringList{u"--code"_s, u"507015"_s} << 0 << u"Explained by: npu-core-exception"_s;
    QTest::addRow("json") << QStringList{u"--code"_s, u"E40021"_s, u"--json"_s} << 0
                          << u"\"explained_by\": \"kernel-compile-failed\""_s;
    QTest::addRow("generic") << QStringList{u"--code"_s, u"507033"_s} << 0 << u"Explained by: ascend-code"_s;
    QTest::addRow("wrapper") << QStringList{u"--code"_s, u"EZ9999"_s} << 0 << u"It only wraps another fault"_s;
    QTest::addRow("unknown") << QStringList{u"--code"_s, u"4242"_s} << 2 << u"\"4242\" is not in the catalogue"_s;
}

void TestLogCodes::cliCode()
{
    QFETCH(QStringList, args);
    QFETCH(int, exit);
    QFETCH(QString, says);
    const auto run = test::runCli(QStringList{u"analyze"_s} + args);
    QCOMPARE(static_cast<int>(run.code), exit);
    const QString said = run.out + run.err;
    QVERIFY2(said.contains(says), qPrintable(said));
}

QTEST_GUILESS_MAIN(TestLogCodes)
#include "tst_logcodes.moc"
