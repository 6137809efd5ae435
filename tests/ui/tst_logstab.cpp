// The Logs tab driven as a user drives it: drop files, paste lines, Analyze, pick a finding, follow
// its action into the tool that fixes it, browse the knowledge base and try a pattern.
#include <sys/stat.h>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "common/fieldcheck.h"
#include "common/paths.h"
#include "logscan/knowledgebase.h"
#include "logscan/logstab.h"
#include "shell/mainwindow.h"
#include "support/modelfiles.h"
#include "support/widgetdriver.h"
#include "verl/profilerschema.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;
using namespace vna;
using namespace vna::ui;
using vna::test::child;

namespace {

const QByteArray kLog
    = "2025-04-08 18:07:01,100 INFO step:1 - actor/pg_loss:0.01\n"
      "(WorkerDict pid=4242, ip=10.0.0.3) [rank3]: RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB\n"
      "(WorkerDict pid=4243, ip=10.0.0.2) [rank1]: EI0006: [PID: 12] 2025-04-08-18:07:20.444.436 Getting socket "
      "times out. Reason: Remote Rank did not send the data in time.\n"
      "2025-04-08 18:07:30,000 AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
      "torch.float32) is too large to fit in the bucket.\n"
      "2025-04-08 18:07:31,000 FileNotFoundError: Common file /ckpt/run/global_step_40/actor/dist_ckpt/common.pt "
      "does not exist\n"
      "2025-04-08 18:07:32,000 INFO shutting down\n";

QTreeWidgetItem *findItem(QTreeWidget *tree, const QString &text)
{
    const QList<QTreeWidgetItem *> items = tree->findItems(text, Qt::MatchContains | Qt::MatchRecursive, 1);
    return items.isEmpty() ? nullptr : items.first();
}

void select(QTreeWidget *tree, QTreeWidgetItem *item)
{
    tree->scrollToItem(item);
    const QRect rect = tree->visualItemRect(item);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
}

} // namespace

class TestLogsTab : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QFile::remove(paths::settingsFile());
        QVERIFY(m_dir.isValid());
        test::writeFile(m_dir.filePath(u"train.log"_s), kLog);
        m_window = std::make_unique<MainWindow>();
        m_window->setPersistent(false);
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QApplication::setActiveWindow(m_window.get()); // shortcuts work in the active window only
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QVERIFY(m_window->selectTab(u"logs"_s));
        m_tab = qobject_cast<LogsTab *>(m_window->tabContent(u"logs"_s));
        QVERIFY(m_tab);
        QTRY_VERIFY(m_tab->isVisible()); // a tab built on first use is shown by the event loop
    }
    void cleanup() { m_window.reset(); }

    void dropRejectsWhatItCannotRead()
    {
        const QString fifo = m_dir.filePath(u"pipe"_s);
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QVERIFY(test::dropFiles(m_tab,
                                {m_dir.filePath(u"train.log"_s), m_dir.path(), fifo, m_dir.filePath(u"gone.log"_s)}));
        auto *files = child<QListWidget>(m_tab, "logsFiles");
        QCOMPARE(files->count(), 1);
        const QString message = child<FieldMessage>(m_tab, "logsFilesMessage")->message();
        QVERIFY2(message.contains(u"is a folder"_s), qPrintable(message));
        QVERIFY2(message.contains(u"not a regular file"_s), qPrintable(message));
        QVERIFY2(message.contains(u"does not exist"_s), qPrintable(message));
        // The same file twice is listed once.
        QVERIFY(test::dropFiles(m_tab, {m_dir.filePath(u"train.log"_s)}));
        QCOMPARE(files->count(), 1);
    }

    void analyzeGroupsByRootCause()
    {
        QVERIFY(test::dropFiles(m_tab, {m_dir.filePath(u"train.log"_s)}));
        QTest::mouseClick(child<QPushButton>(m_tab, "logsAnalyze"), Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        auto *tree = child<QTreeWidget>(m_tab, "logsFindings");
        QCOMPARE(tree->topLevelItemCount(), 3); // OOM, bucket, checkpoint; the timeout hangs under the OOM
        QTreeWidgetItem *oom = tree->topLevelItem(0);
        QVERIFY2(oom->text(1).contains(u"NPU out of memory"_s), qPrintable(oom->text(1)));
        QCOMPARE(oom->childCount(), 1);
        QVERIFY(oom->child(0)->text(1).contains(u"HCCL"_s));
        QVERIFY(oom->text(3).contains(u"rank 3"_s));
        QVERIFY(child<QLabel>(m_tab, "logsSummary")->text().contains(u"4"_s));

        // Selecting the symptom says what it follows from and shows the lines with context.
        select(tree, oom->child(0));
        QVERIFY(child<QLabel>(m_tab, "logsMeta")->text().contains(u"Symptom of"_s));
        const QString lines = child<QTextBrowser>(m_tab, "logsLines")->toPlainText();
        QVERIFY2(lines.contains(u"3 (WorkerDict pid=4243"_s), qPrintable(lines));
        QVERIFY(lines.contains(u"2 (WorkerDict pid=4242"_s)); // the line before
        QVERIFY(child<QPushButton>(m_tab, "logsSearch")->property("url").toUrl().toString().contains(u"q="_s));

        // The capture is highlighted in the bucket finding.
        select(tree, findItem(tree, u"too large"_s));
        const QString html = child<QTextBrowser>(m_tab, "logsLines")->toHtml();
        QVERIFY(html.contains(u"background-color"_s));
        QVERIFY(child<QLabel>(m_tab, "logsCause")->text().contains(u"torch.Size([151936, 4096])"_s));

        QTest::mouseClick(child<QPushButton>(m_tab, "logsCopyReport"), Qt::LeftButton);
        QVERIFY(QApplication::clipboard()->text().contains(u"[npu-oom]"_s));
    }

    // A gzip file that inflates like a bomb stops at the limit; "Read all of it" reads it to its end.
    void gzipBombReadAllOnRequest()
    {
        const QString path = m_dir.filePath(u"bomb.log.gz"_s);
        QVERIFY(test::writeFile(path,
                                test::gzip(QByteArray("INFO heartbeat ok\n").repeated(qint64(18) << 20 >> 4) + kLog)));
        QVERIFY(test::dropFiles(m_tab, {path}));
        auto *readAll = child<QPushButton>(m_tab, "logsReadAll");
        QVERIFY(!readAll->isVisible());
        QTest::mouseClick(child<QPushButton>(m_tab, "logsAnalyze"), Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        auto *tree = child<QTreeWidget>(m_tab, "logsFindings");
        QCOMPARE(tree->topLevelItemCount(), 0);
        QVERIFY(child<QLabel>(m_tab, "logsSummary")->text().contains(u"Stopped reading"_s));
        QVERIFY(readAll->isVisible());

        QTest::mouseClick(readAll, Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        QCOMPARE(tree->topLevelItemCount(), 3);
        QVERIFY(!child<QLabel>(m_tab, "logsSummary")->text().contains(u"Stopped reading"_s));
        QVERIFY(!readAll->isVisible());
        // The next analysis has the limit again.
        QTest::mouseClick(child<QPushButton>(m_tab, "logsAnalyze"), Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        QVERIFY(readAll->isVisible());
    }

    void actionOpensBucketCalculator()
    {
        followAction(u"too large"_s);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(m_window->currentTabId(), u"bucket"_s);
        QWidget *bucket = m_window->tabContent(u"bucket"_s);
        QVERIFY(child<QPlainTextEdit>(bucket, "bucketMessage")->toPlainText().contains(u"model.embed_tokens.weight"_s));
        QVERIFY(child<QLabel>(bucket, "bucketMessageFile")->text().contains(u"train.log:4"_s));
    }

    void actionOpensCheckpointSync()
    {
        followAction(u"metadata"_s);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(m_window->currentTabId(), u"sync"_s);
        QWidget *sync = m_window->tabContent(u"sync"_s);
        QCOMPARE(child<QLineEdit>(sync, "syncFolder")->text(), u"/ckpt/run/global_step_40"_s);
        QVERIFY(child<QLabel>(sync, "syncLinkOrigin")->text().contains(u"train.log:5"_s));
    }

    void actionOpensEnvironmentOnTheNode()
    {
        followAction(u"HCCL"_s);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(m_window->currentTabId(), u"environment"_s);
        QWidget *env = m_window->tabContent(u"environment"_s);
        QVERIFY(child<QRadioButton>(env, "envRemote")->isChecked());
        QCOMPARE(child<QLineEdit>(env, "envHosts")->text(), u"10.0.0.2"_s);
    }

    void pastedText()
    {
        auto *paste = child<QPlainTextEdit>(m_tab, "logsPaste");
        paste->setFocus();
        QTest::keyClicks(paste, u"ImportError: libatb.so: cannot open shared object file"_s);
        QTest::keyClick(paste, Qt::Key_Return, Qt::ControlModifier); // Ctrl+Return analyzes
        QTRY_VERIFY(!m_tab->isBusy());
        auto *tree = child<QTreeWidget>(m_tab, "logsFindings");
        QVERIFY2(tree->topLevelItemCount() == 1, qPrintable(child<QLabel>(m_tab, "logsSummary")->text()));
        QVERIFY(tree->topLevelItem(0)->text(1).contains(u"ATB"_s));
        QVERIFY(tree->topLevelItem(0)->text(3).contains(u"pasted text:1"_s));
    }

    // A known upstream bug is told against the window's verl release, and follows it when it changes;
    // the thread and the fix open from the finding.
    void knownBugFollowsTheWindowsRelease_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("said");
        QTest::newRow("before the fix") << u"0.7.1"_s
                                        << u"you run 0.7.1 (the window's verl version), which does not have the "
                                           "fix. Move verl to 0.8.0 or later."_s;
        QTest::newRow("has the fix") << u"0.9.0"_s << u"which has the fix: this is something else"_s;
    }
    void knownBugFollowsTheWindowsRelease()
    {
        QFETCH(QString, version);
        QFETCH(QString, said);
        m_window->session().setVerlVersion(*verl::Version::parse(u"0.5.0"_s, QString()));
        child<QPlainTextEdit>(m_tab, "logsPaste")->setFocus();
        QTest::keyClicks(QApplication::focusWidget(),
                         u"ModuleNotFoundError: No module named 'flash_attn.ops'; 'flash_attn' is not a package"_s);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);
        QTRY_VERIFY(!m_tab->isBusy());
        auto *fix = child<QLabel>(m_tab, "logsFix");
        QVERIFY2(fix->text().contains(u"you run 0.5.0"_s), qPrintable(fix->text()));
        m_window->session().setVerlVersion(*verl::Version::parse(version, QString()));
        QVERIFY2(fix->text().contains(said), qPrintable(fix->text()));
        auto *thread = child<QPushButton>(m_tab, "logsOpenThread");
        auto *change = child<QPushButton>(m_tab, "logsOpenFix");
        QVERIFY(thread->isVisible());
        QCOMPARE(thread->property("url").toUrl(), QUrl(u"https://github.com/verl-project/verl/issues/6224"_s));
        QCOMPARE(change->property("url").toUrl(), QUrl(u"https://github.com/verl-project/verl/pull/5640"_s));
    }

    // A line no entry explains is listed under the findings, located in upstream source with a link to
    // the line at the window's release, and the fixes released since that release are its suspects;
    // a later release that has the fix words it again without them.
    void locatedLineFollowsTheWindowsRelease()
    {
        m_window->session().setVerlVersion(*verl::Version::parse(u"0.7.1"_s, QString()));
        child<QPlainTextEdit>(m_tab, "logsPaste")->setFocus();
        QTest::keyClicks(QApplication::focusWidget(),
                         u"(WorkerDict pid=7) WARNING:2026-05-01 10:00:00:Failed to apply NPU patches: module "
                         "'transformers.models.qwen2_5_vl.modeling_qwen2_5_vl' has no attribute 'Qwen2RMSNorm'"_s);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);
        QTRY_VERIFY(!m_tab->isBusy());
        auto *tree = child<QTreeWidget>(m_tab, "logsFindings");
        QTreeWidgetItem *line = findItem(tree, u"Failed to apply NPU patches"_s);
        QVERIFY2(line, qPrintable(child<QLabel>(m_tab, "logsSummary")->text()));
        QVERIFY(line->parent()); // under the group of located lines
        select(tree, line);
        auto *raised = child<QLabel>(m_tab, "logsRaised");
        QTRY_VERIFY(raised->isVisible());
        QVERIFY2(raised->text().contains(u"verl/workers/engine/fsdp/utils.py:35 in apply_npu_fsdp_patches (verl "
                                         "0.7.1)"_s),
                 qPrintable(raised->text()));
        QVERIFY(raised->text().contains(
            u"https://github.com/verl-project/verl/blob/v0.7.1/verl/workers/engine/fsdp/utils.py#L35"_s));
        auto *suspects = child<QLabel>(m_tab, "logsSuspects");
        QVERIFY2(suspects->text().contains(u"verl 0.8.0 · PR #5901"_s), qPrintable(suspects->text()));
        QVERIFY(suspects->text().contains(u"https://github.com/verl-project/verl/pull/5901"_s));
        QVERIFY(suspects->text().contains(u"(the window&#x27;s verl version)"_s)
                || suspects->text().contains(u"(the window's verl version)"_s));
        m_window->session().setVerlVersion(*verl::Version::parse(u"0.8.0"_s, QString()));
        select(tree, findItem(tree, u"Failed to apply NPU patches"_s));
        QTRY_VERIFY(!suspects->text().contains(u"#5901"_s));
    }

    void nothingToAnalyze()
    {
        QTest::mouseClick(child<QPushButton>(m_tab, "logsAnalyze"), Qt::LeftButton);
        QVERIFY(!m_tab->isBusy());
        QVERIFY(child<FieldMessage>(m_tab, "logsFilesMessage")->message().contains(u"first"_s));
    }

    void knowledgeBrowser()
    {
        child<QTabWidget>(m_tab, "logsPages")->setCurrentIndex(static_cast<int>(LogsTab::Page::KnowledgeBase));
        auto *list = child<QTreeWidget>(m_tab, "logsKbList");
        const auto visible = [list] {
            int n = 0;
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                n += list->topLevelItem(i)->isHidden() ? 0 : 1;
            return n;
        };
        QVERIFY(visible() >= 26);
        // The first entry is shown from the start, and titles read as words, not as templates.
        QVERIFY(list->currentItem());
        QVERIFY(!child<QTextBrowser>(m_tab, "logsKbEntry")->toPlainText().isEmpty());
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            QVERIFY2(!list->topLevelItem(i)->text(3).contains(u"${"_s), qPrintable(list->topLevelItem(i)->text(3)));
        QVERIFY(!child<QTextBrowser>(m_tab, "logsKbEntry")->toPlainText().contains(u"${"_s));
        test::retype(child<QLineEdit>(m_tab, "logsKbSearch"), u"EI0006"_s);
        QCOMPARE(visible(), 1);
        test::retype(child<QLineEdit>(m_tab, "logsKbSearch"), QString());
        auto *category = child<QComboBox>(m_tab, "logsKbCategory");
        test::chooseIndex(category, category->findData(u"checkpoint"_s));
        QCOMPARE(category->currentData().toString(), u"checkpoint"_s);
        QVERIFY(visible() >= 2);
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            if (!list->topLevelItem(i)->isHidden())
                QCOMPARE(list->topLevelItem(i)->text(2), u"checkpoint"_s);
        }
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            if (!list->topLevelItem(i)->isHidden()) {
                select(list, list->topLevelItem(i));
                break;
            }
        }
        const QString entry = child<QTextBrowser>(m_tab, "logsKbEntry")->toPlainText();
        QVERIFY2(entry.contains(u"checkpoint"_s), qPrintable(entry));

        // A known upstream bug reads as its verdict for the window's verl release, with its releases.
        test::chooseIndex(category, category->findData(u"upstream-bug"_s));
        test::retype(child<QLineEdit>(m_tab, "logsKbSearch"), u"verl-npu-rotary-flash-attn-ops"_s);
        QCOMPARE(visible(), 1);
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            if (!list->topLevelItem(i)->isHidden())
                select(list, list->topLevelItem(i));
        }
        m_window->session().setVerlVersion(*verl::Version::parse(u"0.7.1"_s, QString()));
        const QString bug = child<QTextBrowser>(m_tab, "logsKbEntry")->toPlainText();
        QVERIFY2(bug.contains(u"fixed in verl 0.8.0 (PR #5640); you run 0.7.1"_s), qPrintable(bug));
        QVERIFY2(bug.contains(u"Releases with the fix: 0.8.0, 0.9.0"_s), qPrintable(bug));
    }

    void patternValidatedAsYouType()
    {
        child<QTabWidget>(m_tab, "logsPages")->setCurrentIndex(static_cast<int>(LogsTab::Page::Pattern));
        auto *pattern = child<QLineEdit>(m_tab, "logsPattern");
        auto *message = child<FieldMessage>(m_tab, "logsPatternMessage");
        auto *sample = child<QPlainTextEdit>(m_tab, "logsSample");
        auto *result = child<QPlainTextEdit>(m_tab, "logsPatternResult");
        test::retype(pattern, u"port\\[(?P<port>\\d+"_s);
        QTRY_VERIFY(!message->message().isEmpty());
        QVERIFY(message->message().contains(u"RE2"_s));
        QTest::keyClicks(pattern, u")\\]"_s);
        QTRY_VERIFY(message->message().isEmpty());
        sample->setFocus();
        QTest::keyClicks(sample, u"listen port[60000] fail"_s);
        QTRY_VERIFY(result->toPlainText().contains(u"Matching lines: 1."_s));
        QVERIFY(result->toPlainText().contains(u"${port} = 60000"_s));

        // With no sample, Test tries it on the logs on the left, in the background.
        sample->clear();
        QVERIFY(test::dropFiles(m_tab, {m_dir.filePath(u"train.log"_s)}));
        test::retype(pattern, u"rank(?P<rank>\\d)"_s);
        QTest::mouseClick(child<QPushButton>(m_tab, "logsTestPattern"), Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        QVERIFY2(result->toPlainText().contains(u"Matching lines: 2."_s), qPrintable(result->toPlainText()));
    }

    // Every action of the knowledge base, followed from a log that shows its entry's first sample
    // (logged by a Ray worker on 10.0.0.7), arrives with the target's fields filled in.
    void everyActionArrives_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("sample");
        QFile file(QStringLiteral(VNA_FIXTURES_DIR "/logscan/samples.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject samples = QJsonDocument::fromJson(file.readAll()).object();
        const logscan::KnowledgeBase kb = logscan::loadKnowledgeBase();
        int actions = 0;
        for (const logscan::Entry &entry : kb.entries) {
            if (!entry.action)
                continue;
            ++actions;
            const QString sample = samples.value(entry.id).toObject().value(u"positive"_s).toArray().at(0).toString();
            QVERIFY2(!sample.isEmpty(), qPrintable(entry.id));
            QTest::addRow("%s", qPrintable(entry.id)) << entry.id << entry.action->tool << sample;
        }
        QVERIFY(actions >= 30);
    }

    void everyActionArrives()
    {
        QFETCH(QString, id);
        QFETCH(QString, tool);
        QFETCH(QString, sample);
        m_window->session().setVerlVersion(*verl::Version::parse(u"0.5.0"_s, QString()));
        QByteArray log = "2025-04-08 18:07:01,100 INFO step:1\n";
        for (const QString &line : sample.split(u'\n'))
            log += "(WorkerDict pid=77, ip=10.0.0.7) " + line.toUtf8() + '\n';
        const QString path = m_dir.filePath(id + u".log"_s);
        QVERIFY(test::writeFile(path, log));
        QVERIFY(test::dropFiles(m_tab, {path}));
        QTest::mouseClick(child<QPushButton>(m_tab, "logsAnalyze"), Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        auto *tree = child<QTreeWidget>(m_tab, "logsFindings");
        QVERIFY2(tree->topLevelItemCount() == 1, qPrintable(child<QLabel>(m_tab, "logsSummary")->text()));
        select(tree, tree->topLevelItem(0));
        auto *action = child<QPushButton>(m_tab, "logsAction");
        QVERIFY(action->isVisible());
        QTest::mouseClick(action, Qt::LeftButton);
        QCOMPARE(m_window->currentTabId(), tool);
        QWidget *target = m_window->tabContent(tool);
        if (tool == u"environment") {
            QVERIFY(child<QRadioButton>(target, "envRemote")->isChecked());
            QCOMPARE(child<QLineEdit>(target, "envHosts")->text(), u"10.0.0.7"_s);
        } else if (tool == u"bucket") {
            QVERIFY(child<QPlainTextEdit>(target, "bucketMessage")->toPlainText().contains(u"too large"_s));
            QVERIFY(child<QLabel>(target, "bucketMessageFile")->text().contains(id + u".log:2"_s));
        } else if (tool == u"sync") {
            QVERIFY(!child<QLineEdit>(target, "syncFolder")->text().isEmpty());
            QVERIFY(child<QLabel>(target, "syncLinkOrigin")->text().contains(id + u".log:2"_s));
        } else if (tool == u"memory") {
            // The estimate opens with the allocation the log failed on.
            auto *note = child<QLabel>(target, "memoryLogNote");
            QVERIFY2(note->text().contains(id + u".log:2"_s), qPrintable(note->text()));
            if (id == u"npu-oom")
                QVERIFY2(note->text().contains(u"GiB"_s), qPrintable(note->text()));
            else
                QVERIFY2(note->text().contains(u"KV cache"_s), qPrintable(note->text()));
        } else {
            // The linter gets the offending text, for the version the log proves.
            const QString script = child<QPlainTextEdit>(target, "profilerScript")->toPlainText();
            const verl::Version since = *verl::Version::parse(u"0.6.0"_s, QString());
            const QMap<QString, QString> expected{
                {u"hydra-key-missing"_s, u"trainer.max_ckpt_to_keep=2"_s},
                {u"hydra-key-exists"_s, u"+trainer.total_epochs="_s},
                {u"hydra-ambiguous-sweep"_s, QString()},
                {u"profiler-level-invalid"_s, verl::settingKey(since, u"actor.level"_s) + u"=1"_s},
                {u"profiler-contents-invalid"_s, verl::settingKey(since, u"actor.contents"_s) + u"=['npu,cpu']"_s},
            };
            QVERIFY2(expected.contains(id), qPrintable(id));
            if (expected.value(id).isEmpty())
                QVERIFY2(script.contains(u'='), qPrintable(script));
            else
                QCOMPARE(script, expected.value(id));
            QVERIFY(child<QLabel>(target, "profilerScriptFile")->text().contains(id + u".log:2"_s));
            const bool proves06 = id.startsWith(u"profiler-"_s);
            QCOMPARE(m_window->session().verlVersion().toString(), proves06 ? u"0.6.0"_s : u"0.5.0"_s);
        }
    }

private:
    // Drops train.log, analyzes it, selects the finding whose text contains `finding` and clicks its
    // action button.
    void followAction(const QString &finding)
    {
        QVERIFY(test::dropFiles(m_tab, {m_dir.filePath(u"train.log"_s)}));
        QTest::mouseClick(child<QPushButton>(m_tab, "logsAnalyze"), Qt::LeftButton);
        QTRY_VERIFY(!m_tab->isBusy());
        auto *tree = child<QTreeWidget>(m_tab, "logsFindings");
        QTreeWidgetItem *item = findItem(tree, finding);
        QVERIFY(item);
        select(tree, item);
        auto *action = child<QPushButton>(m_tab, "logsAction");
        QVERIFY(action->isVisible());
        QTest::mouseClick(action, Qt::LeftButton);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    LogsTab *m_tab = nullptr;
};

QTEST_MAIN(TestLogsTab)
#include "tst_logstab.moc"
