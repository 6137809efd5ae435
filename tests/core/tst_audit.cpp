// The stack audit: reading a stack from what users paste, judging it against each release's own pins,
// the guide stacks verl prescribes, the fixes a symptom names, and the frozen corpus of stacks from public
// threads (tests/fixtures/audit/stacks, frozen before the audit ran) kept as floors.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "audit/audit.h"
#include "env/stack.h"
#include "env/stackpins.h"
#include "upstream/index.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using namespace vna;

namespace {

QString fixture(const QString &path)
{
    QFile file(QStringLiteral(VNA_FIXTURES_DIR "/") + path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no fixture %s", qPrintable(path));
    return QString::fromUtf8(file.readAll());
}

QString versionsOf(const env::Stack &stack)
{
    QStringList parts;
    for (auto it = stack.versions.cbegin(); it != stack.versions.cend(); ++it)
        parts << it.key() + u'=' + it->version;
    return parts.join(u' ');
}

audit::Audit auditOf(const QString &text, const QString &symptom = {})
{
    const auto stack = env::parseStack(text);
    if (!stack)
        qFatal("unreadable stack: %s", qPrintable(stack.error().message));
    return audit::auditStack(*stack, symptom, upstream::Upstream::builtin());
}

QStringList verdicts(const audit::Audit &audit, Verdict verdict)
{
    QStringList out;
    for (const audit::PinCheck &pin : audit.pins)
        if (pin.verdict == verdict && !out.contains(pin.package))
            out << pin.package;
    out.sort();
    return out;
}

} // namespace

class TestAudit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseStack_data();
    void parseStack();
    void refusesTextWithoutVersions_data();
    void refusesTextWithoutVersions();
    void pins_data();
    void pins();
    void documentationDisagreesWithPin();
    void guideStacks_data();
    void guideStacks();
    void conflictingPinsAreImpossible();
    void symptomOrdersFixes();
    void imagesForHardware();
    void frozenCorpus();
};

void TestAudit::parseStack_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("versions");
    QTest::addColumn<QString>("hardware");
    QTest::addColumn<int>("problems");

    QTest::addRow("pip list") << u"Package    Version\n---------- -------\ntorch      2.7.1\ntorch_npu  2.7.1.post2\n"
                                 "vllm_ascend 0.11.0rc1\nPyYAML 6.0.2\n"_s
                              << u"pyyaml=6.0.2 torch=2.7.1 torch-npu=2.7.1.post2 vllm-ascend=0.11.0rc1"_s << QString()
                              << 0;
    QTest::addRow("pip freeze with a wheel url")
        << u"torch==2.5.1\ntorch_npu @ file:///tmp/torch_npu-2.5.1.post1-cp310-cp310-linux_aarch64.whl\n"_s
        << u"torch=2.5.1 torch-npu=2.5.1.post1"_s << QString() << 0;
    QTest::addRow("pip freeze, editable verl")
        << u"-e git+https://github.com/volcengine/verl@abc#egg=verl\nray==2.46.0\n"_s << u"ray=2.46.0"_s << QString()
        << 1;
    QTest::addRow("conda list") << u"# packages in environment at /opt/conda:\n#\n# Name Version Build Channel\n"
                                   "torch-npu 2.1.0.post3 pypi_0 pypi\npython 3.10.14 h955ad1f_1\n"_s
                                << u"python=3.10.14 torch-npu=2.1.0.post3"_s << QString() << 0;
    QTest::addRow("collect_env.py") << u"PyTorch version: 2.5.1\nPython version: 3.10.17 (main, Apr 9 2025) [GCC]\n"
                                       "[pip3] torch-npu==2.5.1.dev20250320\n[conda] numpy 1.26.4 pypi_0 pypi\n"
                                       "vLLM Version: 0.8.4\nvLLM Ascend Version: 0.8.4rc2\nCANN:\n"
                                       "package_name=Ascend-cann-toolkit\nversion=8.1.RC1\n"_s
                                    << u"cann=8.1.RC1 numpy=1.26.4 python=3.10.17 torch=2.5.1 "
                                       "torch-npu=2.5.1.dev20250320 vllm=0.8.4 vllm-ascend=0.8.4rc2"_s
                                    << QString() << 0;
    QTest::addRow("a sentence") << u"verl branch 0.8.0.dev0, using Atlas 900 A2 PODc with cann8.3rc1"_s
                                << u"cann=8.3.RC1 verl=0.8.0.dev0"_s << u"A2"_s << 0;
    QTest::addRow("Chinese: version is") << u"torch版本2.1 python版本3.8\ntorch-npu 的版本为 2.9.0"_s
                                         << u"python=3.8 torch=2.1 torch-npu=2.9.0"_s << QString() << 0;
    QTest::addRow("hyphens between name and version")
        << u"Ascend910B(CANN-8.0.RC2）, the vllm-ascend-0.13.0-rc1 image"_s << u"cann=8.0.RC2 vllm-ascend=0.13.0rc1"_s
        << u"A2"_s << 0;
    QTest::addRow("diagnose.py sections")
        << u"----------Python Info----------\nVersion      : 3.11.9\n------------Pip Info-----------\nVersion      : "
           "26.0.1\ntorch        : 2.9.0+cpu\n----------verl Info-----------\nVersion      : 0.8.0.dev\n"_s
        << u"python=3.11.9 torch=2.9.0+cpu verl=0.8.0.dev"_s << QString() << 0;
    QTest::addRow("markdown code spans") << u"- `torch`: `2.12.0`\n- `torch_npu`: `2.8.0.post2`\n"_s
                                         << u"torch=2.12.0 torch-npu=2.8.0.post2"_s << QString() << 0;
    QTest::addRow("markdown table") << u"| verl | 0.7.1 |\n| vllm-ascend | v0.13.0 |\n"_s
                                    << u"verl=0.7.1 vllm-ascend=0.13.0"_s << QString() << 0;
    QTest::addRow("verl's image tag") << u"docker pull quay.io/ascend/verl:verl-8.5.0-a3-ubuntu22.04-py3.11-latest"_s
                                      << u"cann=8.5.0 python=3.11"_s << u"A3"_s << 0;
    QTest::addRow("CANN base image") << u"FROM quay.io/ascend/cann:8.3.rc1-910b-ubuntu22.04-py3.11"_s
                                     << u"cann=8.3.RC1 python=3.11"_s << u"A2"_s << 0;
    QTest::addRow("vllm-ascend image") << u"image: quay.io/ascend/vllm-ascend:v0.11.0rc1-a3"_s
                                       << u"vllm-ascend=0.11.0rc1"_s << u"A3"_s << 0;
    QTest::addRow("version with an image suffix")
        << u"vllm-ascend 0.13.0rc2-a3"_s << u"vllm-ascend=0.13.0rc2"_s << u"A3"_s << 0;
    QTest::addRow("npu-smi info") << fixture(u"npu-smi/a3-ascend910-25.2.3-four-npus-busy.txt"_s) + u"\nverl 0.7.1\n"_s
                                  << u"verl=0.7.1"_s << u"A3"_s << 0;
    QTest::addRow("a branch, not a release") << u"verl: main\ntorch 2.7.1\n"_s << u"torch=2.7.1"_s << QString() << 1;
    QTest::addRow("said twice, differently")
        << u"torch 2.8.0\nsomething else\ntorch==2.7.1\n"_s << u"torch=2.8.0"_s << QString() << 1;
}

void TestAudit::parseStack()
{
    QFETCH(QString, text);
    QFETCH(QString, versions);
    QFETCH(QString, hardware);
    QFETCH(int, problems);
    const auto stack = env::parseStack(text);
    QVERIFY2(stack, stack ? "" : qPrintable(stack.error().message));
    QCOMPARE(versionsOf(*stack), versions);
    QCOMPARE(env::generationLabel(stack->hardware), hardware);
    QCOMPARE(stack->problems.size(), problems);
}

void TestAudit::refusesTextWithoutVersions_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::addRow("empty") << QString() << u"No versions found"_s;
    QTest::addRow("prose") << u"My training hangs after the first step.\nPlease help."_s << u"No versions found"_s;
    QTest::addRow("only a branch") << u"vllm-ascend: latest"_s << u"not a release"_s;
}

void TestAudit::refusesTextWithoutVersions()
{
    QFETCH(QString, text);
    QFETCH(QString, says);
    const auto stack = env::parseStack(text);
    QVERIFY(!stack);
    QVERIFY2(stack.error().message.contains(says), qPrintable(stack.error().message));
}

void TestAudit::pins_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("failed");
    QTest::addColumn<QStringList>("warned");

    QTest::addRow("verl#5468: the guide's triton-ascend against verl's requirement")
        << u"verl 0.8.0\ntriton-ascend 3.2.0rc4\n"_s << QStringList{u"triton-ascend"_s} << QStringList{};
    QTest::addRow("torch_npu pins its torch")
        << u"torch 2.12.0\ntorch_npu 2.8.0.post2\n"_s << QStringList{u"torch"_s} << QStringList{};
    QTest::addRow("another build of the release vllm-ascend pins")
        << u"vllm-ascend 0.11.0rc0\nvllm 0.11.0\ntorch 2.7.1\ntorch-npu 2.7.1rc1\n"_s << QStringList{}
        << QStringList{u"torch-npu"_s};
    QTest::addRow("vLLM of another release")
        << u"vllm-ascend 0.11.0rc1\nvllm 0.10.2\n"_s << QStringList{u"vllm"_s} << QStringList{};
    QTest::addRow("torch_npu built for another CANN")
        << u"torch 2.5.1\ntorch_npu 2.5.1\nCANN 8.3.RC1\n"_s << QStringList{u"cann"_s} << QStringList{};
    QTest::addRow("nothing a release pins") << u"torch 2.1\nnumpy 1.26.4\n"_s << QStringList{} << QStringList{};
    QTest::addRow("a stack vllm-ascend 0.23.0 pins") << u"vllm-ascend 0.23.0\nvllm 0.23.0\ntorch 2.10.0\n"
                                                        "torch_npu 2.10.0.post4\ntriton-ascend 3.2.2\nCANN 9.1.0\n"_s
                                                     << QStringList{} << QStringList{};
}

void TestAudit::pins()
{
    QFETCH(QString, text);
    QFETCH(QStringList, failed);
    QFETCH(QStringList, warned);
    const audit::Audit result = auditOf(text);
    QCOMPARE(verdicts(result, Verdict::Fail), failed);
    QCOMPARE(verdicts(result, Verdict::Warn), warned);
    QCOMPARE(result.breaksPin(), !failed.isEmpty());
    // What was judged is counted; a stack with nothing a release pins is not said to pass.
    const QString shown = audit::auditText(result);
    if (result.checkedPins() == 0)
        QVERIFY2(shown.contains(u"Verdict: nothing was checked"_s), qPrintable(shown));
    else
        QVERIFY2(!shown.contains(u"nothing was checked"_s), qPrintable(shown));
}

// vllm-ascend v0.23.0's matrix row said torch_npu 2.10.0.post2 and CANN 9.0.1 while its requirements and
// Dockerfile pinned post4 and 9.1.0 (and triton-ascend 3.2.1 against 3.2.2): the pin is judged, and the
// audit says the documentation differs.
void TestAudit::documentationDisagreesWithPin()
{
    const audit::Audit result = auditOf(u"vllm-ascend 0.23.0\ntorch_npu 2.10.0.post4\nCANN 9.1.0\n"_s);
    QStringList noted;
    for (const audit::PinCheck &pin : result.pins)
        if (pin.owner == u"vllm-ascend 0.23.0" && !pin.note.isEmpty()) {
            QCOMPARE(pin.verdict, pin.installed.isEmpty() ? Verdict::Skip : Verdict::Pass);
            QVERIFY2(pin.note.contains(u"versioning_policy.md:26"_s), qPrintable(pin.note));
            noted << pin.package;
        }
    noted.sort();
    QCOMPARE(noted, (QStringList{u"cann"_s, u"torch-npu"_s, u"triton-ascend"_s}));
}

// The vLLM and SGLang stacks verl's own guides prescribe, generated from the facts (with SGLang installed
// where the guide leaves its version to pip): they hold, except where upstream's own files disagree —
// verl's requirement and the vllm-ascend release its vLLM guide names pin triton-ascend differently (0.8.0:
// 3.2.1 against vllm-ascend 0.18.0's 3.2.0; 0.9.0: 3.2.1 against 0.23.0's 3.2.2, the branch moving after the
// guide), and 0.9.0's SGLang guide pins transformers 5.3.0 under setup.py's >=5.5.3.
void TestAudit::guideStacks_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("failed");
    const QHash<QString, QStringList> expected{{u"0.8.0 vllm"_s, {u"triton-ascend"_s}},
                                               {u"0.9.0 vllm"_s, {u"triton-ascend"_s}},
                                               {u"0.9.0 sglang"_s, {u"transformers"_s}}};
    int rows = 0;
    for (const verl::VersionFacts &facts : verl::allFacts()) {
        if (facts.version < verl::Version{0, 5, 0})
            continue;
        for (const verl::GuideStack &stack : facts.stacks) {
            if (stack.name != u"vllm" && stack.name != u"sglang")
                continue;
            QStringList lines{u"verl "_s + facts.version.toString()};
            for (const verl::Requirement &pin : stack.pins)
                if (pin.spec.startsWith(u"=="_s))
                    lines << pin.package + u' ' + pin.spec.mid(2);
            if (stack.name == u"sglang" && !stack.pin(u"sglang"_s))
                lines << u"sglang 0.5.2"_s;
            QTest::addRow("%s", qPrintable(stack.guide))
                << lines.join(u'\n') << expected.value(facts.version.toString() + u' ' + stack.name);
            ++rows;
        }
    }
    QVERIFY(rows >= 11);
}

void TestAudit::guideStacks()
{
    QFETCH(QString, text);
    QFETCH(QStringList, failed);
    QCOMPARE(verdicts(auditOf(text), Verdict::Fail), failed);
}

void TestAudit::conflictingPinsAreImpossible()
{
    const audit::Audit result = auditOf(u"verl 0.8.0\nvllm-ascend 0.18.0\nvllm 0.18.0\ntriton-ascend 3.2.0\n"_s);
    const auto it = std::find_if(result.upgrades.cbegin(), result.upgrades.cend(),
                                 [](const audit::Upgrade &u) { return u.package == u"triton-ascend"; });
    QVERIFY(it != result.upgrades.cend());
    QCOMPARE(it->to, u"3.2.1"_s);
    QVERIFY2(it->blocker.contains(u"vllm-ascend 0.18.0"_s) && it->blocker.contains(u"==3.2.0"_s),
             qPrintable(it->blocker));
}

// verl#6707: the NPU patch for Qwen3-MoE; PR #6708 fixed it in 0.9.0. The words find it among the fixes
// 0.8.0 lacks, and the smallest upgrade is the release that has it.
void TestAudit::symptomOrdersFixes()
{
    const audit::Audit result
        = auditOf(u"verl 0.8.0\n"_s, u"NPU fused-kernel patch for Qwen3-MoE fails to apply (verl npu_patch)"_s);
    QCOMPARE(result.fixes.size(), 1);
    const audit::ComponentFixes &fixes = result.fixes.constFirst();
    QCOMPARE(fixes.component, u"verl"_s);
    QVERIFY(fixes.lacking > 0);
    const auto fix = std::find_if(fixes.shown.cbegin(), fixes.shown.cend(),
                                  [](const audit::LackedFix &f) { return f.pr == 6708; });
    QVERIFY(fix != fixes.shown.cend());
    QVERIFY(fix->symptom);
    QCOMPARE(fix->release, u"0.9.0"_s);
    QCOMPARE(result.upgrades.constFirst().to, u"0.9.0"_s);
    // Without a symptom, nothing is said to match one.
    const audit::Audit plain = auditOf(u"verl 0.8.0\n"_s);
    for (const audit::LackedFix &f : plain.fixes.constFirst().shown)
        QVERIFY(!f.symptom);
}

void TestAudit::imagesForHardware()
{
    const audit::Audit result = auditOf(u"verl 0.9.0\nvllm-ascend 0.23.0\nAtlas 800T A3\n"_s);
    QVERIFY(!result.images.isEmpty());
    bool moving = false;
    for (const audit::ImageAdvice &image : result.images) {
        QCOMPARE(image.release, u"0.9.0"_s);
        QVERIFY2(image.file.endsWith(u"_a3"_s) || image.file.contains(u"_a3_"_s)
                     || image.file.startsWith(u"scripts/"_s),
                 qPrintable(image.file));
        QVERIFY(image.engine != u"sglang");
        moving = moving || !image.moving.isEmpty();
    }
    QVERIFY(moving); // releases/v0.23.0 is a branch
}

// The frozen corpus: what each thread established against what the audit says, given the symptom the thread
// states. Floors: a change that loses one fails here.
void TestAudit::frozenCorpus()
{
    const QJsonArray rows = QJsonDocument::fromJson(fixture(u"audit/stacks/expected.json"_s).toUtf8()).array();
    QCOMPARE(rows.size(), 21);
    int broken = 0, brokenHit = 0, upgrades = 0, upgradeHit = 0, fine = 0, fineHit = 0;
    const auto canonical = [](const QString &name) { return name.toLower().replace(u'_', u'-'); };
    for (const QJsonValue &value : rows) {
        const QJsonObject row = value.toObject();
        const auto stack = env::parseStack(fixture(u"audit/stacks/"_s + row.value(u"file").toString()));
        const QString established = row.value(u"established").toString();
        const QString component = canonical(row.value(u"component").toString());
        const audit::Audit result = stack
            ? audit::auditStack(*stack, row.value(u"symptom").toString(), upstream::Upstream::builtin())
            : audit::Audit{};
        if (established == u"pin-broken") {
            ++broken;
            const QString named = canonical(row.value(u"pin").toString().section(u':', 0, 0));
            for (const audit::PinCheck &pin : result.pins)
                if (pin.verdict == Verdict::Fail && (pin.package == named || pin.package == component)) {
                    ++brokenHit;
                    break;
                }
        } else if (established == u"upgrade") {
            ++upgrades;
            const QString to = row.value(u"to").toString();
            for (const audit::Upgrade &upgrade : result.upgrades)
                if (upgrade.package == component && (to.isEmpty() || upgrade.to == to)) {
                    ++upgradeHit;
                    break;
                }
        } else if (established == u"fine") {
            ++fine;
            fineHit += stack && !result.breaksPin();
        }
    }
    qInfo("frozen stacks: broken pins named %d/%d, upgrades found %d/%d, fine stacks passed %d/%d", brokenHit, broken,
          upgradeHit, upgrades, fineHit, fine);
    QCOMPARE(broken, 6);
    QCOMPARE(upgrades, 4);
    QCOMPARE(fine, 6);
    QVERIFY(brokenHit >= 2);
    QVERIFY(upgradeHit >= 1);
    QVERIFY(fineHit >= 5);
}

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
