// The Checkpoint sync wizard driven by clicks and typing against two sshd "nodes" in their own
// mount namespaces, one of them down until "Retry failed".
#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QWizard>

#include "ckptsync/synctab.h"
#include "common/paths.h"
#include "common/settings.h"
#include "common/settingskeys.h"
#include "support/modelfiles.h"
#include "support/sshd.h"
#include "support/widgetdriver.h"

#include <unistd.h>

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::ui::SyncTab;

namespace {

const QString kDist = u"global_step_3/actor/dist_ckpt"_s;

} // namespace

class TestSyncTab final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void wizardEndToEnd();
    void unknownHostKeyAsksFirst();

private:
    void next();
    QString writeConfig(int latePort, const QString &lateKnown);

    QTemporaryDir m_dir{QDir::tempPath() + u"/vna-wiz-XXXXXX"_s};
    QString m_ckpt;
    QString m_key;
    std::unique_ptr<vna::test::SshServer> m_a;
    std::unique_ptr<vna::test::SshServer> m_late;
    vna::ui::Session m_session;
    std::unique_ptr<SyncTab> m_tab;
};

void TestSyncTab::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (::geteuid() != 0)
        QSKIP("needs root: each sshd node runs in its own mount namespace (unshare --mount)");
    QFile::remove(vna::paths::settingsFile());
    m_ckpt = m_dir.filePath(u"ckpt"_s);
    for (const QString &name : {u"common.pt"_s, u".metadata"_s, u"metadata.json"_s, u"__0_0.distcp"_s})
        QVERIFY(vna::test::writeFile(m_ckpt + u'/' + kDist + u'/' + name, name.toUtf8() + " of step 3"));
    QVERIFY(vna::test::writeFile(m_ckpt + u"/latest_checkpointed_iteration.txt"_s, "3"));
    m_key = vna::test::ensureUserKey(m_dir.path());
    m_a = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-a"_s), u"127.0.0.2"_s);
    QDir().mkpath(m_dir.filePath(u"node-a"_s));
    QDir().mkpath(m_dir.filePath(u"node-b"_s));
    m_a->bindMount(m_dir.filePath(u"node-a"_s), m_ckpt);
    QVERIFY2(m_a->start({}), qPrintable(m_a->errorString()));
    writeConfig(1, QString());
}

QString TestSyncTab::writeConfig(int latePort, const QString &lateKnown)
{
    QString config;
    config += vna::test::clientHostBlock(u"n1"_s, u"127.0.0.2"_s, m_a->port(), m_key, m_dir.filePath(u"known_hosts"_s));
    config += vna::test::clientHostBlock(u"n2"_s, u"127.0.0.3"_s, latePort, m_key, m_dir.filePath(u"known_hosts"_s));
    vna::test::writeFile(m_dir.filePath(u"known_hosts"_s),
                         (m_a->knownHostsLine() + u'\n' + lateKnown + u'\n').toUtf8());
    vna::test::writeFile(m_dir.filePath(u"ssh_config"_s), config.toUtf8());
    return m_dir.filePath(u"ssh_config"_s);
}

void TestSyncTab::next()
{
    QAbstractButton *button = m_tab->wizard()->button(QWizard::NextButton);
    if (!button->isVisible())
        button = m_tab->wizard()->button(QWizard::CommitButton);
    QTRY_VERIFY_WITH_TIMEOUT(button->isEnabled(), 30000);
    QTest::mouseClick(button, Qt::LeftButton);
}

void TestSyncTab::wizardEndToEnd()
{
    m_tab = std::make_unique<SyncTab>(m_session);
    m_tab->resize(1280, 800);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
    QApplication::setActiveWindow(m_tab.get()); // the focus is checked on the last page
    QWizard *wizard = m_tab->wizard();
    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::SourcePage));

    // Source: a folder that does not exist says so under the field.
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncFolder"), m_dir.filePath(u"nope"_s));
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "syncScan"), Qt::LeftButton);
    QTRY_VERIFY(!m_tab->isBusy());
    QVERIFY(child<QLabel>(m_tab.get(), "syncFolderMessage")->text().contains(u"does not exist"_s));
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncFolder"), m_ckpt);
    QTest::keyClick(child<QLineEdit>(m_tab.get(), "syncFolder"), Qt::Key_Return);
    QTRY_VERIFY(!m_tab->isBusy());
    auto *found = child<QTreeWidget>(m_tab.get(), "syncFound");
    QCOMPARE(found->topLevelItemCount(), 1);
    QCOMPARE(found->topLevelItem(0)->child(0)->text(1), u"common.pt, .metadata, metadata.json"_s);
    QCOMPARE(child<QComboBox>(m_tab.get(), "syncStep")->currentText(), u"the latest: global_step_3"_s);
    // What every node needs of the step, by reason; the shard stays.
    const QString needs = child<QLabel>(m_tab.get(), "syncNeeds")->text();
    QVERIFY2(needs.contains(
                 QRegularExpression(u"3 file\\(s\\), \\d+ bytes: loaded by every rank: dist-checkpoint metadata"_s)),
             qPrintable(needs));
    QVERIFY2(needs.contains(u"1 per-rank file(s) stay on their node."_s), qPrintable(needs));
    next();

    // Nodes: validation as you type, then a node that is down.
    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::NodesPage));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncNodes"), u"n[1-"_s);
    QVERIFY(child<QLabel>(m_tab.get(), "syncNodesMessage")->text().contains(u"never closed"_s));
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncNodes"), u"n[1-2]"_s);
    QCOMPARE(child<QLabel>(m_tab.get(), "syncNodesCount")->text(), u"2 node(s): n[1-2]"_s);
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncSshConfig"), m_dir.filePath(u"ssh_config"_s));
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "syncTest"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
    QVERIFY2(child<QLabel>(m_tab.get(), "syncTestResult")->text().contains(u"n2: Cannot reach n2"_s),
             qPrintable(child<QLabel>(m_tab.get(), "syncTestResult")->text()));
    // The route, by its label's mnemonic and the arrow key, as from the keyboard: a chain.
    auto *route = child<QComboBox>(m_tab.get(), "syncTopology");
    QCOMPARE(route->currentText(), u"Automatic"_s);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_R, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), route);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(route->currentData().toString(), u"chain"_s);
    next();

    // Preflight runs on entry.
    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::PreflightPage));
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
    auto *preflight = child<QTableWidget>(m_tab.get(), "syncPreflight");
    QCOMPARE(preflight->rowCount(), 2);
    QCOMPARE(preflight->item(0, 1)->text(), u"yes"_s);
    QCOMPARE(preflight->item(0, 3)->text(), u"will be created"_s);
    QCOMPARE(preflight->item(0, 4)->text(), u"0 identical, 0 different, 3 missing"_s);
    QVERIFY(child<QLabel>(m_tab.get(), "syncPreflightSummary")->text().startsWith(u"1 of 2 node(s) reachable."_s));
    next();

    // Plan, with the equivalent commands.
    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::PlanPage));
    auto *plan = child<QTableWidget>(m_tab.get(), "syncPlan");
    QCOMPARE(plan->rowCount(), 6);
    QCOMPARE(plan->item(0, 2)->text(), u"copy"_s);
    QCOMPARE(plan->item(3, 2)->text(), u"skip: node unreachable"_s);
    QVERIFY(plan->item(0, 3)->text().startsWith(u"loaded by every rank"_s));
    const QString planSummary = child<QLabel>(m_tab.get(), "syncPlanSummary")->text();
    // A few bytes are said in bytes, not as "0.0 MiB".
    QVERIFY2(planSummary.contains(QRegularExpression(u"To send: n1: \\d+ bytes"_s)), qPrintable(planSummary));
    // n1 is the first node (and the only one reached): this machine sends to it.
    QVERIFY2(planSummary.contains(u"Route: star: n1 ← this machine"_s), qPrintable(planSummary));
    QCOMPARE(vna::Settings().value(vna::keys::syncTopology), u"chain"_s); // remembered
    QVERIFY2(planSummary.contains(u"ssh configuration: "_s + m_dir.filePath(u"ssh_config"_s)), qPrintable(planSummary));
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "syncShowCommands"), Qt::LeftButton);
    QVERIFY(child<QPlainTextEdit>(m_tab.get(), "syncScript")->toPlainText().contains(u"for node in n1 n2; do"_s));
    next(); // Start sync (commit)

    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::RunPage));
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
    QCOMPARE(vna::test::readFile(m_dir.filePath(u"node-a/"_s) + kDist + u"/common.pt"_s),
             QByteArray("common.pt of step 3"));
    auto *run = child<QTableWidget>(m_tab.get(), "syncRun");
    QCOMPARE(run->item(0, 1)->text(), u"ok"_s);
    // The bar counts bytes for every node together; the line under it says what was sent.
    QCOMPARE(child<QProgressBar>(m_tab.get(), "syncProgress")->value(), 1000);
    QVERIFY2(child<QLabel>(m_tab.get(), "syncOverall")->text().endsWith(u" s."_s),
             qPrintable(child<QLabel>(m_tab.get(), "syncOverall")->text()));
    QVERIFY(run->item(1, 1)->text().startsWith(u"failed: "_s));
    auto *retry = child<QPushButton>(m_tab.get(), "syncRetry");
    QVERIFY(retry->isEnabled());

    // n2 comes up (its preflight said unreachable, so the plan for it is re-made on retry).
    m_late = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-late"_s), u"127.0.0.3"_s);
    m_late->bindMount(m_dir.filePath(u"node-b"_s), m_ckpt);
    QVERIFY2(m_late->start({}), qPrintable(m_late->errorString()));
    writeConfig(m_late->port(), m_late->knownHostsLine());
    QTest::mouseClick(retry, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 30000);
    QCOMPARE(run->item(1, 1)->text(), u"ok"_s);
    QCOMPARE(vna::test::readFile(m_dir.filePath(u"node-b/"_s) + kDist + u"/metadata.json"_s),
             QByteArray("metadata.json of step 3"));
    QVERIFY(!retry->isEnabled());
    next();

    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::SummaryPage));
    // The last page has no Next: the focus that was on it stays in the wizard, not on the window's tabs.
    QTRY_VERIFY(QApplication::focusWidget() && wizard->isAncestorOf(QApplication::focusWidget()));
    QVERIFY(child<QLabel>(m_tab.get(), "syncSummary")
                ->text()
                .startsWith(u"2 node(s) ok, 0 failed, 0 skipped; 6 file(s)"_s));
    // Finish brings back a fresh first page, ready for the next sync, not a blank tab.
    QTest::mouseClick(wizard->button(QWizard::FinishButton), Qt::LeftButton);
    QVERIFY(wizard->isVisible());
    QCOMPARE(wizard->currentId(), static_cast<int>(SyncTab::SourcePage));
    QCOMPARE(child<QLineEdit>(m_tab.get(), "syncFolder")->text(), m_ckpt);
    m_tab.reset();
}

void TestSyncTab::unknownHostKeyAsksFirst()
{
    // n1 with an empty known_hosts: the wizard shows the key and asks before accepting it.
    QString config = QString::fromUtf8(vna::test::readFile(m_dir.filePath(u"ssh_config"_s)));
    config.replace(m_dir.filePath(u"known_hosts"_s), m_dir.filePath(u"known_hosts_empty"_s));
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"ssh_config_fresh"_s), config.toUtf8()));
    QVERIFY(vna::test::writeFile(m_dir.filePath(u"known_hosts_empty"_s), {}));
    QDir(m_dir.filePath(u"node-a/global_step_3"_s)).removeRecursively();

    m_tab = std::make_unique<SyncTab>(m_session);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncFolder"), m_ckpt);
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "syncScan"), Qt::LeftButton);
    QTRY_VERIFY(!m_tab->isBusy());
    next();
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncNodes"), u"n1"_s);
    vna::test::retype(child<QLineEdit>(m_tab.get(), "syncSshConfig"), m_dir.filePath(u"ssh_config_fresh"_s));
    vna::test::setChecked(child<QCheckBox>(m_tab.get(), "syncAcceptKeys"), false);
    QString asked;
    QTimer::singleShot(0, this, [&] {
        // Answer the question when it appears.
        auto *timer = new QTimer(this);
        connect(timer, &QTimer::timeout, this, [&, timer] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                asked = box->text();
                timer->stop();
                timer->deleteLater();
                QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
            }
        });
        timer->start(50);
    });
    next();
    QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), 30000);
    QVERIFY2(asked.contains(u"n1"_s) && asked.contains(u"SHA256:"_s), qPrintable(asked));
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy() && child<QTableWidget>(m_tab.get(), "syncPreflight")->rowCount() == 1,
                             30000);
    QTRY_COMPARE_WITH_TIMEOUT(child<QTableWidget>(m_tab.get(), "syncPreflight")->item(0, 1)->text(), u"yes"_s, 30000);
    QVERIFY(vna::test::readFile(m_dir.filePath(u"known_hosts_empty"_s)).contains("ssh-ed25519"));
    m_tab.reset();
}

QTEST_MAIN(TestSyncTab)
#include "tst_synctab.moc"
