// The Bucket tab driven as a user drives it: choosing inputs, typing shapes and messages, reading a
// model folder, copying the override, and the chart that goes with the result.
#include <sys/stat.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "bucket/buckettab.h"
#include "charts/tensorchart.h"
#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/noteslist.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "shell/versionbar.h"
#include "support/modelfiles.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::test::chooseIndex;
using vna::test::retype;
using vna::ui::BucketTab;

namespace {

const QString kKey = u"actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes="_s;

} // namespace

class TestBucketTab final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void faqPresetByDefault();
    void typedShape_data();
    void typedShape();
    void typedDtype_data();
    void typedDtype();
    void versionBackendAndWorker_data();
    void versionBackendAndWorker();
    void sharedMemoryField();
    void pastedMessage();
    void tabLeavesTheMessageBox();
    void modelFolder();
    void modelFolderErrors_data();
    void modelFolderErrors();
    void marginSlider();
    void copyButtonAndShortcut();
    void remembersInputs();
    void speaksChinese();

private:
    BucketTab *tab() const { return m_tab.get(); }
    QString overrideText() const { return child<QPlainTextEdit>(tab(), "bucketOverride")->toPlainText(); }
    QComboBox *version() const { return child<QComboBox>(m_bar.get(), "verlVersion"); }
    QComboBox *backend() const { return child<QComboBox>(m_bar.get(), "verlBackend"); }
    vna::ui::Session m_session;
    std::unique_ptr<vna::ui::VersionBar> m_bar; // the window's toolbar: the version and backend
    std::unique_ptr<BucketTab> m_tab;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    QTemporaryDir m_dir;
};

void TestBucketTab::init()
{
    QFile::remove(vna::paths::settingsFile());
    m_session.setVerlVersion(vna::verl::latestKnown());
    m_session.setBackend(QString());
    m_bar = std::make_unique<vna::ui::VersionBar>(m_session);
    m_bar->show();
    m_tab = std::make_unique<BucketTab>(m_session);
    m_tab->resize(1280, 800);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
    m_tester = std::make_unique<QAbstractItemModelTester>(child<QTableView>(tab(), "bucketTop")->model());
    QTRY_VERIFY(!tab()->isBusy());
}

void TestBucketTab::cleanup()
{
    m_tester.reset();
    m_tab.reset();
    m_bar.reset();
    vna::i18n::install(u"en"_s);
}

void TestBucketTab::faqPresetByDefault()
{
    QVERIFY(tab()->report());
    QCOMPARE(overrideText(), kKey + u"4096"_s);
    QCOMPARE(child<QPlainTextEdit>(tab(), "bucketMinimal")->toPlainText(), kKey + u"2374"_s);
    auto *chart = child<vna::ui::TensorChart>(tab(), "bucketChart");
    QCOMPARE(chart->bars()->count(), 1);
    QCOMPARE(chart->bars()->at(0), 2374.0);
    QCOMPARE(chart->categories().size(), 1);
    QVERIFY2(!chart->categories().first().at(0).isDigit(), qPrintable(chart->categories().first()));
    QCOMPARE(chart->currentLine()->count(), 2);
    QCOMPARE(chart->currentLine()->at(0).x(), 2048.0);
    QCOMPARE(chart->recommendedLine()->at(1).x(), 4096.0);
    QVERIFY(child<QLabel>(tab(), "bucketPresetSource")->text().contains(u"faq.rst"_s));
}

void TestBucketTab::typedShape_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("override"); // empty: invalid
    QTest::addColumn<QString>("message");

    QTest::addRow("comma") << u"152064,8192"_s << kKey + u"8192"_s << QString();
    QTest::addRow("torch.Size") << u"torch.Size([152064, 5120])"_s << kKey + u"4096"_s << QString();
    QTest::addRow("x") << u"1048577x512"_s << kKey + u"4096"_s << QString();
    QTest::addRow("letters") << u"151936,abc"_s << QString() << u"character 8"_s;
    QTest::addRow("overflow") << u"4294967296x4294967296"_s << QString() << u"64 bits"_s;
}

void TestBucketTab::typedShape()
{
    QFETCH(QString, typed);
    QFETCH(QString, override);
    QFETCH(QString, message);
    chooseIndex(child<QComboBox>(tab(), "bucketMode"), 1);
    retype(child<QLineEdit>(tab(), "bucketShape"), typed);
    QTRY_VERIFY(!tab()->isBusy());
    auto *fieldMessage = child<vna::ui::FieldMessage>(tab(), "bucketShapeMessage");
    if (override.isEmpty()) {
        QVERIFY(!tab()->report());
        QVERIFY(fieldMessage->isVisible());
        QVERIFY2(fieldMessage->text().contains(message), qPrintable(fieldMessage->text()));
        QCOMPARE(child<QLineEdit>(tab(), "bucketShape")->property("invalid").toBool(), true);
        QVERIFY(!child<QPlainTextEdit>(tab(), "bucketOverride")->isVisible());
    } else {
        QVERIFY(tab()->report());
        QCOMPARE(overrideText(), override);
        QVERIFY(!fieldMessage->isVisible());
    }
}

void TestBucketTab::typedDtype_data()
{
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("override"); // empty: nothing to change
    // FAQ 7B shape: fp32 by default (4096); in bf16 (1187 MiB) or fp8 it fits verl's 2048 MiB default.
    QTest::addRow("bf16") << u"bf16"_s << true << QString();
    QTest::addRow("torch.float32") << u"torch.float32"_s << true << kKey + u"4096"_s;
    QTest::addRow("fp8") << u"float8_e4m3fn"_s << true << QString();
    QTest::addRow("unknown") << u"float33"_s << false << QString();
}

void TestBucketTab::typedDtype()
{
    QFETCH(QString, dtype);
    QFETCH(bool, valid);
    QFETCH(QString, override);
    retype(child<QComboBox>(tab(), "bucketDtype")->lineEdit(), dtype);
    QTRY_VERIFY(!tab()->isBusy());
    auto *fieldMessage = child<vna::ui::FieldMessage>(tab(), "bucketDtypeMessage");
    if (!valid) {
        QVERIFY(!tab()->report());
        QVERIFY(fieldMessage->text().contains(u"float33"_s));
        QCOMPARE(child<QLabel>(tab(), "bucketStatus")->text(), u"Fix the marked fields on the left."_s);
        return;
    }
    QVERIFY(fieldMessage->text().isEmpty());
    QCOMPARE(overrideText(), override);
    // Nothing to change: no override to copy, and the summary says so.
    QCOMPARE(child<QPlainTextEdit>(tab(), "bucketOverride")->isVisible(), !override.isEmpty());
    QCOMPARE(child<QPushButton>(tab(), "bucketCopy")->isVisible(), !override.isEmpty());
    QCOMPARE(child<QLabel>(tab(), "bucketSummary")->text().contains(u"nothing to change"_s), override.isEmpty());
}

void TestBucketTab::versionBackendAndWorker_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("backend"); // verl's default, fsdp, fsdp2, megatron
    QTest::addColumn<int>("worker");  // verl's default, legacy, engine
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("override");
    QTest::addRow("0.7.1 default: legacy, fp32") << u"0.7.1"_s << 0 << 0 << u"F32"_s << kKey + u"4096"_s;
    QTest::addRow("0.7.1 new engine: bf16") << u"0.7.1"_s << 2 << 2 << u"BF16"_s << QString();
    QTest::addRow("0.8.0 default: bf16") << u"0.8.0"_s << 0 << 0 << u"BF16"_s << QString();
    QTest::addRow("0.8.0.dev: either") << u"0.8.0.dev"_s << 0 << 0 << u"F32"_s << kKey + u"4096"_s;
    QTest::addRow("0.9.0 fsdp2: fp32") << u"0.9.0"_s << 2 << 0 << u"F32"_s << kKey + u"4096"_s;
    QTest::addRow("0.9.0 megatron") << u"0.9.0"_s << 3 << 0 << u"BF16"_s << QString();
}

void TestBucketTab::versionBackendAndWorker()
{
    QFETCH(QString, version);
    QFETCH(int, backend);
    QFETCH(int, worker);
    QFETCH(QString, dtype);
    QFETCH(QString, override);
    retype(this->version()->lineEdit(), version);
    chooseIndex(this->backend(), backend);
    chooseIndex(child<QComboBox>(tab(), "bucketWorker"), worker);
    QTRY_VERIFY(!tab()->isBusy());
    QVERIFY(tab()->report());
    QCOMPARE(tab()->report()->largest.dtype.safetensors, dtype);
    QCOMPARE(overrideText(), override);
    // The dtype's reason, with verl's line, is in the notes.
    QVERIFY2(child<vna::ui::NotesList>(tab(), "bucketNotes")->plainText().contains(tab()->report()->dtypeSource),
             qPrintable(tab()->report()->dtypeSource));
}

void TestBucketTab::sharedMemoryField()
{
    retype(version()->lineEdit(), u"0.8.0"_s);
    QTest::mouseClick(child<QCheckBox>(tab(), "bucketNoIpc"), Qt::LeftButton, {}, QPoint(4, 4));
    retype(child<QLineEdit>(tab(), "bucketShm"), u"64M"_s);
    QTRY_VERIFY(!tab()->isBusy());
    QVERIFY(!tab()->report());
    QVERIFY(child<vna::ui::FieldMessage>(tab(), "bucketShmMessage")->text().contains(u"64M"_s));
    retype(child<QLineEdit>(tab(), "bucketShm"), u"64"_s);
    QTRY_VERIFY(!tab()->isBusy());
    QVERIFY(tab()->report());
    QCOMPARE(tab()->report()->shmBuckets, std::optional<quint64>(0));
    QVERIFY(child<vna::ui::NotesList>(tab(), "bucketNotes")->plainText().contains(u"/dev/shm (64 MiB) holds 0"_s));
    QVERIFY(child<QLabel>(tab(), "bucketSummary")->text().contains(u"FAIL"_s, Qt::CaseInsensitive));
    QVERIFY(child<QLabel>(tab(), "bucketSummary")->text().contains(u"raise /dev/shm"_s));
    QVERIFY(!child<QLabel>(tab(), "bucketSummary")->text().contains(u"nothing to change"_s));
}

void TestBucketTab::pastedMessage()
{
    chooseIndex(child<QComboBox>(tab(), "bucketMode"), 2);
    auto *message = child<QPlainTextEdit>(tab(), "bucketMessage");
    message->setFocus();
    QTest::keyClicks(message,
                     u"AssertionError: Weight model.language_model.embed_tokens.weight(torch.Size([248320, "
                     u"5120]), torch.bfloat16) is too large to fit in the bucket.Please increase "
                     u"rollout.update_weights_bucket_megabytes(2048 MB)."_s);
    QTRY_VERIFY(tab()->report() && !tab()->isBusy());
    QCOMPARE(tab()->report()->largest.dtype.safetensors, u"BF16"_s);
    QCOMPARE(tab()->report()->bucketFrom, vna::bucket::Report::BucketFrom::Message);
    QCOMPARE(overrideText(), kKey + u"4096"_s);
    QVERIFY(child<vna::ui::NotesList>(tab(), "bucketNotes")->plainText().contains(u"since verl 0.7.1"_s));

    // A 4 MiB tensor "too large" for the 2048 MB bucket it names: the summary says so, no override.
    retype(message,
           u"Weight lm_head.weight(torch.Size([1024, 1024]), torch.float32) is too large to fit in the bucket."
           u"Please increase rollout.update_weights_bucket_megabytes(2048 MB)."_s);
    QTRY_VERIFY(tab()->report() && !tab()->isBusy());
    QVERIFY(child<QLabel>(tab(), "bucketSummary")->text().contains(u"contradicts itself"_s));
    QVERIFY(!child<QPlainTextEdit>(tab(), "bucketOverride")->isVisible());

    // Something that is not the assertion: said at the field, nothing computed, and the form below
    // stays where it was.
    auto *below = child<QWidget>(tab(), "bucketDtype");
    const int y = below->mapTo(tab(), QPoint(0, 0)).y();
    retype(message, u"CUDA out of memory"_s);
    QTRY_VERIFY(!tab()->report() && !tab()->isBusy());
    QVERIFY(child<vna::ui::FieldMessage>(tab(), "bucketMessageMessage")->text().contains(u"No \"Weight"_s));
    QTest::qWait(50);
    QCOMPARE(below->mapTo(tab(), QPoint(0, 0)).y(), y);
}

// Tab in the assertion box moves on, as in every other field; Ctrl+Tab types a tab character.
void TestBucketTab::tabLeavesTheMessageBox()
{
    chooseIndex(child<QComboBox>(tab(), "bucketMode"), 2);
    auto *message = child<QPlainTextEdit>(tab(), "bucketMessage");
    message->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), message);
    QTest::keyClicks(QApplication::focusWidget(), u"Weight"_s);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QVERIFY(QApplication::focusWidget() != message);
    QCOMPARE(message->toPlainText(), u"Weight"_s);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget(), message);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_End);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(message->toPlainText(), u"Weight\t"_s);
    QCOMPARE(QApplication::focusWidget(), message);
}

void TestBucketTab::modelFolder()
{
    const QString model = m_dir.filePath(u"qwen"_s);
    QVERIFY(vna::test::writeShardedModel(model, 3, 4, 152064, 3584, 18944, false) > 0);
    chooseIndex(child<QComboBox>(tab(), "bucketMode"), 3);
    retype(child<QLineEdit>(tab(), "bucketModelPath"), model);
    QTRY_VERIFY(tab()->report() && !tab()->isBusy());
    QCOMPARE(tab()->report()->largest.shape, (vna::bucket::Shape{152064, 3584}));
    QCOMPARE(tab()->report()->largest.dtype.safetensors, u"F32"_s); // FSDP sends fp32
    QCOMPARE(child<QTableView>(tab(), "bucketTop")->model()->rowCount(), 10);
    QCOMPARE(child<vna::ui::TensorChart>(tab(), "bucketChart")->bars()->count(), 10);
    // Named on the axis (a bar per category: the names are distinct), the largest on top.
    const QStringList categories = child<vna::ui::TensorChart>(tab(), "bucketChart")->categories();
    QCOMPARE(categories.size(), 10);
    QVERIFY2(categories.last().contains(u"embed_tokens"_s) || categories.last().contains(u"lm_head"_s),
             qPrintable(categories.join(u" | "_s)));
    QVERIFY(child<vna::ui::NotesList>(tab(), "bucketNotes")->plainText().contains(u"headers only"_s));
    QCOMPARE(overrideText(), kKey + u"4096"_s);
}

void TestBucketTab::modelFolderErrors_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("missing") << u"missing"_s << u"does not exist"_s;
    QTest::addRow("lfs pointer") << u"lfs"_s << u"Git LFS"_s;
    QTest::addRow("fifo") << u"fifo"_s << u"not a regular file"_s;
}

void TestBucketTab::modelFolderErrors()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    QString path = m_dir.filePath(kind);
    if (kind == u"lfs") {
        QDir().mkpath(path);
        QVERIFY(vna::test::writeFile(path + u"/model.safetensors"_s, "version https://git-lfs.github.com/spec/v1\n"));
    } else if (kind == u"fifo") {
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        // A dropped FIFO must not be opened (that would block forever).
        tab()->openPath(path);
        QTRY_VERIFY(!tab()->isBusy());
        QVERIFY(child<vna::ui::FieldMessage>(tab(), "bucketMessageMessage")->text().contains(mentions));
        return;
    }
    chooseIndex(child<QComboBox>(tab(), "bucketMode"), 3);
    retype(child<QLineEdit>(tab(), "bucketModelPath"), path);
    QTRY_VERIFY(!tab()->report() && !tab()->isBusy());
    auto *message = child<vna::ui::FieldMessage>(tab(), "bucketModelMessage");
    QVERIFY2(message->text().contains(mentions), qPrintable(message->text()));
}

void TestBucketTab::marginSlider()
{
    auto *slider = child<QSlider>(tab(), "bucketMargin");
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_End); // 2.0: 2374 × 2 = 4748 -> 8192
    QTRY_COMPARE(overrideText(), kKey + u"8192"_s);
    QCOMPARE(child<QLabel>(tab(), "bucketMarginValue")->text(), u"×2.00"_s);
    QTest::keyClick(slider, Qt::Key_Home); // 1.0: 2374 -> 4096
    QTRY_COMPARE(tab()->report()->margin, 1.0);
    QCOMPARE(overrideText(), kKey + u"4096"_s);
}

void TestBucketTab::copyButtonAndShortcut()
{
    QSignalSpy status(&m_session, &vna::ui::Session::statusChanged);
    QApplication::clipboard()->clear();
    QTest::mouseClick(child<QPushButton>(tab(), "bucketCopy"), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), kKey + u"4096"_s);
    QCOMPARE(status.count(), 1);

    QTest::mouseClick(child<QPushButton>(tab(), "bucketCopyMinimal"), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), kKey + u"2374"_s);

    child<QComboBox>(tab(), "bucketWorker")->setFocus();
    QTest::keyClick(tab(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::clipboard()->text(), kKey + u"4096"_s);
    QCOMPARE(status.count(), 3);
}

void TestBucketTab::remembersInputs()
{
    chooseIndex(child<QComboBox>(tab(), "bucketMode"), 1);
    retype(child<QLineEdit>(tab(), "bucketShape"), u"152064, 8192"_s);
    chooseIndex(backend(), 3);
    chooseIndex(child<QComboBox>(tab(), "bucketWorker"), 2);
    retype(child<QLineEdit>(tab(), "bucketShm"), u"8192"_s);
    QTRY_VERIFY(!tab()->isBusy());
    m_tab = std::make_unique<BucketTab>(m_session);
    QCOMPARE(child<QComboBox>(tab(), "bucketMode")->currentIndex(), 1);
    QCOMPARE(child<QLineEdit>(tab(), "bucketShape")->text(), u"152064, 8192"_s);
    QCOMPARE(backend()->currentIndex(), 3);
    QCOMPARE(child<QComboBox>(tab(), "bucketWorker")->currentIndex(), 2);
    QCOMPARE(child<QLineEdit>(tab(), "bucketShm")->text(), u"8192"_s);
    QVERIFY(tab()->report());
    QCOMPARE(tab()->report()->largest.dtype.safetensors, u"BF16"_s);
}

void TestBucketTab::speaksChinese()
{
    auto *description = child<QLabel>(tab(), "bucketDescription");
    const QString english = description->text();
    const QString englishNotes = child<vna::ui::NotesList>(tab(), "bucketNotes")->plainText();
    vna::i18n::install(u"zh_CN"_s);
    QTRY_VERIFY(description->text() != english);
    QVERIFY(description->text().contains(u"bucket"_s));
    // The calculation's own words follow the language too.
    QTRY_VERIFY(child<vna::ui::NotesList>(tab(), "bucketNotes")->plainText() != englishNotes);
    QCOMPARE(overrideText(), kKey + u"4096"_s);
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestBucketTab test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_buckettab.moc"
