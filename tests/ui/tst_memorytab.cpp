// The Memory tab driven as a user drives it: typing the launch command, choosing the model and the
// NPU, reading what binds, copying the corrected command, and the chart of every phase.
#include <QApplication>
#include <QBarSet>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedBarSeries>
#include <QTest>

#include "charts/memorychart.h"
#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/paths.h"
#include "common/session.h"
#include "memory/memorytab.h"
#include "memory/report.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::ui::MemoryTab;

namespace {

// Clicks into the field, selects what it holds and types `text` key by key into whatever has the focus.
void typeInto(QWidget *field, const QString &text)
{
    QTest::mouseClick(field, Qt::LeftButton, {}, QPoint(8, field->height() / 2));
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus);
    QTest::keyClick(focus, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Delete);
    for (const QChar c : text)
        QTest::keyClicks(QApplication::focusWidget(), QString(c));
}

bool hasHan(const QString &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

} // namespace

class TestMemoryTab final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void defaultsShowEveryPhase();
    void typedCommand_data();
    void typedCommand();
    void otherNpuNeedsItsMemory();
    void unknownModel();
    void fixesAndCopy();
    void remembersInputs();
    void speaksBothLanguages();

private:
    MemoryTab *tab() const { return m_tab.get(); }
    QString report() const { return child<QPlainTextEdit>(tab(), "memoryReport")->toPlainText(); }
    void settle() { QTRY_VERIFY_WITH_TIMEOUT(!tab()->isBusy(), 10000); }
    vna::ui::Session m_session;
    std::unique_ptr<MemoryTab> m_tab;
};

void TestMemoryTab::init()
{
    QFile::remove(vna::paths::settingsFile());
    m_session.setVerlVersion(vna::verl::latestKnown());
    m_tab = std::make_unique<MemoryTab>(m_session);
    m_tab->resize(1280, 800);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
    QApplication::setActiveWindow(m_tab.get());
    settle();
}

void TestMemoryTab::cleanup()
{
    m_tab.reset();
    vna::i18n::install(u"en"_s);
}

void TestMemoryTab::defaultsShowEveryPhase()
{
    QVERIFY(tab()->estimate());
    auto *chart = child<vna::ui::MemoryChart>(tab(), "memoryChart");
    QCOMPARE(chart->phases().size(), 5);
    QVERIFY(chart->series()->count() >= 5);
    QCOMPARE(chart->hbmLine()->count(), 2);
    QCOMPARE(chart->hbmLine()->at(0).y(), 64.0);
    QVERIFY(report().contains(u"Engine start"_s));
    QVERIFY(!child<QLabel>(tab(), "memoryVerdict")->text().isEmpty());
}

void TestMemoryTab::typedCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("expected");
    QTest::addRow("devices from the command")
        << u"python3 -m verl.trainer.main_ppo trainer.n_gpus_per_node=16 trainer.nnodes=2"_s << u"Devices: 32 ×"_s;
    QTest::addRow("rollout tensor parallelism")
        << u"python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.tensor_model_parallel_size=4"_s
        << u"÷ tensor parallel 4"_s;
    QTest::addRow("a bash variable is not known")
        << u"python3 -m verl.trainer.main_ppo data.max_response_length=$LEN"_s << u"not known before the run"_s;
}

void TestMemoryTab::typedCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, expected);
    typeInto(child<QPlainTextEdit>(tab(), "memoryScript"), command);
    settle();
    QVERIFY2(report().contains(expected), qPrintable(report()));
}

void TestMemoryTab::otherNpuNeedsItsMemory()
{
    auto *npu = child<QComboBox>(tab(), "memoryNpu");
    auto *hbm = child<QLineEdit>(tab(), "memoryHbm");
    QVERIFY(!hbm->isEnabled());
    vna::test::chooseIndex(npu, npu->count() - 1);
    QVERIFY(hbm->isEnabled());
    typeInto(hbm, u"12"_s);
    settle();
    QVERIFY(!tab()->estimate());
    QVERIFY(child<vna::ui::FieldMessage>(tab(), "memoryHbmMessage")->message().contains(u"--hbm"_s));
    QVERIFY2(child<QLabel>(tab(), "memoryVerdict")->text().contains(u"1024"_s),
             qPrintable(child<QLabel>(tab(), "memoryVerdict")->text()));
    typeInto(hbm, u"32768"_s);
    settle();
    QVERIFY(tab()->estimate());
    QCOMPARE(tab()->estimate()->input.npu.hbmBytes, quint64(32768) << 20);
}

void TestMemoryTab::unknownModel()
{
    auto *model = child<QComboBox>(tab(), "memoryModel");
    typeInto(model, u"/no/such/model"_s);
    settle();
    QVERIFY(!tab()->estimate());
    QVERIFY(child<QLabel>(tab(), "memoryVerdict")->text().contains(u"/no/such/model"_s));
    QVERIFY(!child<QPushButton>(tab(), "memoryCopyReport")->isEnabled());
    // The message sits under the model field, not under the command.
    QVERIFY(child<vna::ui::FieldMessage>(tab(), "memoryModelMessage")->message().contains(u"/no/such/model"_s));
    QVERIFY(child<vna::ui::FieldMessage>(tab(), "memoryScriptMessage")->message().isEmpty());
    QVERIFY(child<QPlainTextEdit>(tab(), "memoryScript")->toPlainText().isEmpty());
    typeInto(model, u"Qwen3-8B"_s);
    settle();
    QVERIFY(tab()->estimate());
    QCOMPARE(tab()->estimate()->input.model.name, u"Qwen3-8B"_s);
}

void TestMemoryTab::fixesAndCopy()
{
    vna::test::chooseIndex(child<QComboBox>(tab(), "memoryNpu"), 3); // 910B4, 32 GiB
    QCOMPARE(child<QComboBox>(tab(), "memoryNpu")->currentData().toString(), u"910B4"_s);
    typeInto(child<QPlainTextEdit>(tab(), "memoryScript"),
             u"python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo "
             "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=32 data.max_response_length=2048"_s);
    settle();
    QVERIFY(tab()->estimate());
    QCOMPARE(tab()->estimate()->fit, vna::memory::Fit::DoesNotFit);
    QVERIFY(child<QLabel>(tab(), "memoryVerdict")->text().startsWith(u"Does not fit"_s));
    auto *copy = child<QPushButton>(tab(), "memoryCopyCommand");
    QVERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    const QString copied = QApplication::clipboard()->text();
    QVERIFY2(copied.contains(u"ppo_micro_batch_size_per_gpu="_s), qPrintable(copied));
    QVERIFY2(copied.contains(u"verl.trainer.main_ppo \\\n"_s), qPrintable(copied));
}

void TestMemoryTab::remembersInputs()
{
    typeInto(child<QComboBox>(tab(), "memoryModel"), u"Llama-3.1-8B"_s);
    auto *margin = child<QDoubleSpinBox>(tab(), "memoryMargin");
    typeInto(margin, u"6"_s);
    settle();
    m_tab = std::make_unique<MemoryTab>(m_session);
    settle();
    QCOMPARE(child<QComboBox>(tab(), "memoryModel")->currentText(), u"Llama-3.1-8B"_s);
    QCOMPARE(child<QDoubleSpinBox>(tab(), "memoryMargin")->value(), 6.0);
}

void TestMemoryTab::speaksBothLanguages()
{
    // The estimate runs again in the new language: wait for its result, then for the job to end.
    QVERIFY(vna::i18n::install(u"zh_CN"_s));
    QTRY_VERIFY_WITH_TIMEOUT(hasHan(child<QLabel>(tab(), "memoryVerdict")->text()), 10000);
    settle();
    QVERIFY2(hasHan(report()), qPrintable(report().left(400)));
    QVERIFY(vna::i18n::install(u"en"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!hasHan(child<QLabel>(tab(), "memoryVerdict")->text()), 10000);
    settle();
    QVERIFY2(!hasHan(report()), qPrintable(report()));
}

QTEST_MAIN(TestMemoryTab)
#include "tst_memorytab.moc"
