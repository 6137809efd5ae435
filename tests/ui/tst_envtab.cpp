// The Environment tab driven like a user: fake npu-smi and python3 first on PATH, clicks and typing,
// results in the tables, the chart, the filter, the raw evidence, the script generator.
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "common/fieldcheck.h"
#include "common/paths.h"
#include "env/envresults.h"
#include "env/envtab.h"
#include "support/fakenode.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::ui::EnvTab;

class TestEnvTab final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void runLocal();
    void devicesNote_data();
    void devicesNote();
    void filterAndRaw();
    void detailShowsTheWholeCheck();
    void hostsValidation_data();
    void hostsValidation();
    void invalidRootBlocksRun();
    void scriptGenerator();
    void settingsRemembered();
    void auditPasteValidation_data();
    void auditPasteValidation();
    void auditPasted();
    void auditNodesJustChecked();

private:
    void runAndWait();
    QStringList checkTexts(int column) const;

    QTemporaryDir m_dir;
    QString m_bin;
    vna::ui::Session m_session;
    std::unique_ptr<EnvTab> m_tab;
};

void TestEnvTab::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_bin = m_dir.filePath(u"bin"_s);
    QVERIFY(vna::test::writeFakeNode(
        m_bin, QStringLiteral(VNA_FIXTURES_DIR),
        {u"a2-910b4-26.0.rc1-wide-container.txt"_s, u"info-m-a2-910b4.txt"_s, 0, vna::test::healthyPython(4)}));
    qputenv("PATH", (m_bin + u':' + qEnvironmentVariable("PATH")).toUtf8());
    qunsetenv("ASCEND_RT_VISIBLE_DEVICES");
}

void TestEnvTab::init()
{
    QFile::remove(vna::paths::settingsFile()); // every test starts from the defaults
    m_tab = std::make_unique<EnvTab>(m_session);
    m_tab->resize(1280, 800);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
}

void TestEnvTab::cleanup()
{
    m_tab.reset();
}

// Types text into the focused widget key by key, Return between lines.
void typeLines(const QString &text)
{
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i > 0)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTest::keyClicks(QApplication::focusWidget(), lines.at(i));
    }
}

// The Audit page reads the paste as it is typed, key by key, and says what it reads or what is wrong.
void TestEnvTab::auditPasteValidation_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reads");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("enabled");
    QTest::newRow("versions") << u"verl 0.8.0\ntorch_npu 2.9.0"_s
                              << u"Reads 2 version(s): torch-npu 2.9.0, verl 0.8.0"_s << QString() << true;
    QTest::newRow("prose") << u"it hangs"_s << QString() << u"No versions found"_s << false;
    QTest::newRow("a branch") << u"verl: main\ntorch 2.7.1"_s << u"Line 1: verl is given as \"main\""_s << QString()
                              << true;
}

void TestEnvTab::auditPasteValidation()
{
    QFETCH(QString, typed);
    QFETCH(QString, reads);
    QFETCH(QString, message);
    QFETCH(bool, enabled);
    child<QTabWidget>(m_tab.get(), "envPages")->setCurrentIndex(static_cast<int>(EnvTab::Page::Audit));
    child<QPlainTextEdit>(m_tab.get(), "envAuditStack")->setFocus();
    typeLines(typed);
    const QString read = child<QLabel>(m_tab.get(), "envAuditRead")->text();
    QVERIFY2(reads.isEmpty() ? read.isEmpty() : read.contains(reads), qPrintable(read));
    const auto *fieldMessage = child<vna::ui::FieldMessage>(m_tab.get(), "envAuditStackMessage");
    QVERIFY2(message.isEmpty() ? fieldMessage->message().isEmpty() : fieldMessage->message().contains(message),
             qPrintable(fieldMessage->message()));
    QCOMPARE(child<QPushButton>(m_tab.get(), "envAuditRun")->isEnabled(), enabled);
    // Nothing checked yet: nothing to audit there.
    QCOMPARE(child<QPushButton>(m_tab.get(), "envAuditNodes")->isEnabled(), false);
}

// verl#5468's stack: the audit names triton-ascend against verl's requirement; the report carries it.
void TestEnvTab::auditPasted()
{
    child<QTabWidget>(m_tab.get(), "envPages")->setCurrentIndex(static_cast<int>(EnvTab::Page::Audit));
    child<QPlainTextEdit>(m_tab.get(), "envAuditStack")->setFocus();
    typeLines(u"verl 0.8.0\ntriton-ascend 3.2.0rc4\nAtlas 800T A2"_s);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(m_tab->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
    const QString result = child<QPlainTextEdit>(m_tab.get(), "envAuditResult")->toPlainText();
    QVERIFY2(result.contains(u"FAIL  triton-ascend 3.2.0rc4: verl 0.8.0 ==3.2.1"_s), qPrintable(result));
    QVERIFY2(result.contains(u"verl 0.8.0's images for A2:"_s), qPrintable(result));
    QVERIFY(child<QLabel>(m_tab.get(), "envAuditVerdict")->text().contains(u"break a pin"_s));
    QApplication::clipboard()->clear();
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "envAuditCopyReport"), Qt::LeftButton);
    const QString report = QApplication::clipboard()->text();
    QVERIFY2(report.startsWith(u"## Stack audit"_s), qPrintable(report.left(200)));
    QVERIFY(report.contains(u"**The stack pasted**"_s));

    // Remembered for the next start.
    m_tab = std::make_unique<EnvTab>(m_session);
    QCOMPARE(child<QPlainTextEdit>(m_tab.get(), "envAuditStack")->toPlainText(),
             u"verl 0.8.0\ntriton-ascend 3.2.0rc4\nAtlas 800T A2"_s);
}

// After the checks, the nodes' own packages are audited; the environment report then carries the audit.
void TestEnvTab::auditNodesJustChecked()
{
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envPython"), m_bin + u"/python3"_s);
    runAndWait();
    child<QTabWidget>(m_tab.get(), "envPages")->setCurrentIndex(static_cast<int>(EnvTab::Page::Audit));
    auto *nodes = child<QPushButton>(m_tab.get(), "envAuditNodes");
    QVERIFY(nodes->isEnabled());
    QTest::mouseClick(nodes, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
    const QString result = child<QPlainTextEdit>(m_tab.get(), "envAuditResult")->toPlainText();
    QVERIFY2(result.startsWith(u"=== Nodes: local\nStack: "_s), qPrintable(result));
    QVERIFY2(result.contains(u"Read from: environment check of local"_s), qPrintable(result));
    QApplication::clipboard()->clear();
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "envCopyReport"), Qt::LeftButton);
    const QString report = QApplication::clipboard()->text();
    QVERIFY(report.startsWith(u"## Environment report"_s));
    QVERIFY(report.contains(u"## Stack audit\n\n**Nodes: local**"_s));
}

void TestEnvTab::runAndWait()
{
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "envRun"), Qt::LeftButton);
    QVERIFY(m_tab->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
}

QStringList TestEnvTab::checkTexts(int column) const
{
    QStringList texts;
    auto *tree = child<QTreeWidget>(m_tab.get(), "envChecks");
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        texts.append(tree->topLevelItem(i)->text(column));
    return texts;
}

// The Devices page never stays empty without a word.
void TestEnvTab::devicesNote_data()
{
    QTest::addColumn<bool>("diagnosed");
    QTest::addColumn<QString>("failure");
    QTest::addColumn<QString>("npuSmi");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("not run yet") << false << QString() << QString() << u"Press Run checks"_s;
    QTest::newRow("unreachable") << true << u"Cannot reach node9: Connection refused"_s << QString()
                                 << u"node9 could not be probed (Cannot reach node9"_s;
    QTest::newRow("no npu-smi") << true << QString() << u"sh: 1: npu-smi: not found"_s << u"No devices: "_s;
}

void TestEnvTab::devicesNote()
{
    QFETCH(bool, diagnosed);
    QFETCH(QString, failure);
    QFETCH(QString, npuSmi);
    QFETCH(QString, mentions);
    vna::env::Snapshot snapshot;
    snapshot.host = failure.isEmpty() ? u"local"_s : u"node9"_s;
    snapshot.failure = failure;
    if (!npuSmi.isEmpty())
        snapshot.sections.append({u"npu-smi"_s, npuSmi, 127});
    const vna::env::Diagnosis d = vna::env::analyze(snapshot);
    const QString note = vna::ui::EnvResults::devicesNote(diagnosed ? &d : nullptr);
    QVERIFY2(note.contains(mentions), qPrintable(note));
    QVERIFY(note.size() > mentions.size() || !diagnosed);
}

void TestEnvTab::runLocal()
{
    auto *note = child<QLabel>(m_tab.get(), "envDevicesNote");
    child<QTabWidget>(m_tab.get(), "envPages")->setCurrentIndex(static_cast<int>(EnvTab::Page::Devices));
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(u"Run checks"_s), qPrintable(note->text()));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envPython"), m_bin + u"/python3"_s);
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envAscendRoot"),
                      QStringLiteral(VNA_FIXTURES_DIR "/ascend/root-a2"));
    runAndWait();
    QCOMPARE(m_tab->results().size(), 1);
    QCOMPARE(checkTexts(1).size(), 21);
    const QStringList verdicts = checkTexts(0);
    QCOMPARE(verdicts.at(1), u"FAIL"_s); // npu.health: NPU 3 in Alarm
    QVERIFY(checkTexts(2).at(1).contains(u"NPU 3 chip 0: Alarm"_s));
    QVERIFY(child<QLabel>(m_tab.get(), "envSummary")->text().contains(u"Atlas A2 (910B)"_s));

    auto *devices = child<QTableWidget>(m_tab.get(), "envDevices");
    QCOMPARE(devices->rowCount(), 4);
    QVERIFY(!note->isVisible());
    QCOMPARE(devices->item(3, 3)->text(), u"Alarm"_s);
    QCOMPARE(devices->item(1, 7)->text(), u"28811 / 32768"_s);
    auto *processes = child<QTableWidget>(m_tab.get(), "envProcesses");
    QCOMPARE(processes->rowCount(), 1);
    QCOMPARE(processes->item(0, 2)->text(), u"2291784"_s);
    auto *chart = child<QChartView>(m_tab.get(), "envHbmChart")->chart();
    QCOMPARE(chart->series().size(), 1);
    auto *series = qobject_cast<QStackedBarSeries *>(chart->series().first());
    QVERIFY(series);
    QCOMPARE(series->barSets().size(), 2);
    QCOMPARE(series->barSets().at(0)->at(2), 24511.0);           // used
    QCOMPARE(series->barSets().at(1)->at(2), 32768.0 - 24511.0); // free
    // One node: no node matrix; the script takes the device count that was found.
    auto *pages = child<QTabWidget>(m_tab.get(), "envPages");
    QVERIFY(!pages->isTabEnabled(static_cast<int>(EnvTab::Page::Nodes)));
    QCOMPARE(child<QLineEdit>(m_tab.get(), "envScriptDevices")->text(), u"0-3"_s);
    QVERIFY(child<QPlainTextEdit>(m_tab.get(), "envScriptOutput")
                ->toPlainText()
                .contains(u"# The 4 logical device(s) the checks found on this machine.\n"_s));

    QApplication::clipboard()->clear();
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "envCopyReport"), Qt::LeftButton);
    QVERIFY(QApplication::clipboard()->text().startsWith(u"## Environment report"_s));
    QVERIFY(QApplication::clipboard()->text().contains(u"| FAIL | `npu.health` |"_s));
}

void TestEnvTab::filterAndRaw()
{
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envPython"), m_bin + u"/python3"_s);
    runAndWait();
    auto *filter = child<QComboBox>(m_tab.get(), "envFilter");
    vna::test::chooseIndex(filter, 1); // problems only
    const QStringList verdicts = checkTexts(0);
    QVERIFY(!verdicts.isEmpty());
    QVERIFY(!verdicts.contains(u"PASS"_s));
    QVERIFY(!verdicts.contains(u"SKIP"_s));
    vna::test::chooseIndex(filter, 2); // PASS only
    const QStringList passed = checkTexts(0);
    QVERIFY(!passed.isEmpty());
    QCOMPARE(QSet<QString>(passed.cbegin(), passed.cend()), QSet<QString>{u"PASS"_s});
    vna::test::chooseIndex(filter, 0);

    // Double-clicking npu.smi shows the raw output it was judged on.
    auto *tree = child<QTreeWidget>(m_tab.get(), "envChecks");
    const QRect rect = tree->visualItemRect(tree->topLevelItem(0));
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    auto *dialog = m_tab->findChild<QDialog *>(u"envRawDialog"_s);
    QVERIFY(dialog);
    QVERIFY(child<QPlainTextEdit>(dialog, "envRawText")->toPlainText().contains(u"npu-smi 26.0.rc1"_s));
    dialog->close();
}

// Evidence and next step are too long for their cells: the selected check is shown in full below,
// the first failing one from the start.
void TestEnvTab::detailShowsTheWholeCheck()
{
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envPython"), m_bin + u"/python3"_s);
    runAndWait();
    auto *tree = child<QTreeWidget>(m_tab.get(), "envChecks");
    auto *detail = child<QLabel>(m_tab.get(), "envCheckDetail");
    QVERIFY(tree->currentItem());
    if (checkTexts(0).contains(u"FAIL"_s))
        QCOMPARE(tree->currentItem()->text(0), u"FAIL"_s);
    for (int row : {0, tree->topLevelItemCount() - 1}) {
        QTreeWidgetItem *item = tree->topLevelItem(row);
        tree->scrollToItem(item);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(item).center());
        QCOMPARE(tree->currentItem(), item);
        const QString shown = detail->text();
        QVERIFY2(shown.contains(item->text(2).toHtmlEscaped()), qPrintable(shown));
        QVERIFY2(shown.contains(item->text(3).toHtmlEscaped()), qPrintable(shown));
    }
}

void TestEnvTab::hostsValidation_data()
{
    QTest::addColumn<QString>("hosts");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("count");
    QTest::addRow("range") << u"node[01-16]"_s << QString() << u"16 node(s): node[01-16]"_s;
    QTest::addRow("unclosed") << u"node[01-"_s << u"never closed"_s << QString();
    QTest::addRow("injection") << u"node1;reboot"_s << u"cannot be part of a host name"_s << QString();
    QTest::addRow("empty") << QString() << u"empty"_s << QString();
}

void TestEnvTab::hostsValidation()
{
    QFETCH(QString, hosts);
    QFETCH(QString, message);
    QFETCH(QString, count);
    QTest::mouseClick(child<QRadioButton>(m_tab.get(), "envRemote"), Qt::LeftButton, {}, QPoint(5, 5));
    QVERIFY(child<QRadioButton>(m_tab.get(), "envRemote")->isChecked());
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envHosts"), hosts);
    auto *fieldMessage = child<vna::ui::FieldMessage>(m_tab.get(), "envHostsMessage");
    QVERIFY2(fieldMessage->message().contains(message), qPrintable(fieldMessage->message()));
    QCOMPARE(fieldMessage->isValid(), message.isEmpty());
    QCOMPARE(child<QLabel>(m_tab.get(), "envHostsCount")->text(), count);
    QCOMPARE(child<QPushButton>(m_tab.get(), "envRun")->isEnabled(), message.isEmpty());
}

void TestEnvTab::invalidRootBlocksRun()
{
    QTest::mouseClick(child<QRadioButton>(m_tab.get(), "envLocal"), Qt::LeftButton, {}, QPoint(5, 5));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envAscendRoot"), u"/nonexistent/Ascend"_s);
    QVERIFY(!child<QPushButton>(m_tab.get(), "envRun")->isEnabled());
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envAscendRoot"), QString());
    QVERIFY(child<QPushButton>(m_tab.get(), "envRun")->isEnabled());
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envPython"), QString());
    QVERIFY(!child<QPushButton>(m_tab.get(), "envRun")->isEnabled());
}

void TestEnvTab::scriptGenerator()
{
    auto *pages = child<QTabWidget>(m_tab.get(), "envPages");
    pages->setCurrentIndex(static_cast<int>(EnvTab::Page::Script));
    auto *output = child<QPlainTextEdit>(m_tab.get(), "envScriptOutput");
    // Before any check and before typing, 0-7 is the A2 guess, and the block says so.
    QVERIFY(output->toPlainText().contains(u"# A guess: nothing said how many devices"_s));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envScriptDevices"), u"0-15"_s);
    QVERIFY(!output->toPlainText().contains(u"# A guess"_s));
    QVERIFY(
        output->toPlainText().contains(u"export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n"_s));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envScriptDevices"), u"7-0"_s);
    QVERIFY(output->toPlainText().isEmpty());
    QVERIFY(!child<QPushButton>(m_tab.get(), "envScriptCopy")->isEnabled());
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envScriptDevices"), u"0,1"_s);
    vna::test::chooseIndex(child<QComboBox>(m_tab.get(), "envScriptLevel"), 1);
    QVERIFY(output->toPlainText().contains(u"export ASCEND_GLOBAL_LOG_LEVEL=1\n"_s));
    QVERIFY(output->toPlainText().contains(u"export HCCL_DEBUG_CONFIG=ALG,TASK\n"_s));
    vna::test::setChecked(child<QCheckBox>(m_tab.get(), "envScriptMultiNode"), true);
    QVERIFY(output->toPlainText().isEmpty()); // needs an interface
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envScriptIfname"), u"enp189s0f0"_s);
    QVERIFY(output->toPlainText().contains(u"export GLOO_SOCKET_IFNAME=enp189s0f0\n"_s));
    QApplication::clipboard()->clear();
    output->setFocus();
    QTest::keyClick(output, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::clipboard()->text(), output->toPlainText());
}

void TestEnvTab::settingsRemembered()
{
    QTest::mouseClick(child<QRadioButton>(m_tab.get(), "envRemote"), Qt::LeftButton, {}, QPoint(5, 5));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envHosts"), u"gpu[1-4]"_s);
    child<QSpinBox>(m_tab.get(), "envTimeout")->setFocus();
    QTest::keyClick(child<QSpinBox>(m_tab.get(), "envTimeout"), Qt::Key_Up);
    m_tab.reset();
    m_tab = std::make_unique<EnvTab>(m_session);
    QVERIFY(child<QRadioButton>(m_tab.get(), "envRemote")->isChecked());
    QCOMPARE(child<QLineEdit>(m_tab.get(), "envHosts")->text(), u"gpu[1-4]"_s);
    QCOMPARE(child<QSpinBox>(m_tab.get(), "envTimeout")->value(), 21);
}

QTEST_MAIN(TestEnvTab)
#include "tst_envtab.moc"
