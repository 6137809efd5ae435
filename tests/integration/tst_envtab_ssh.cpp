// The Environment tab against two real sshd "nodes" on 127.0.0.2 and 127.0.0.3: the node picker,
// the node matrix with the rows that differ, and Cancel while a node hangs.
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "common/paths.h"
#include "env/envtab.h"
#include "support/fakenode.h"
#include "support/sshd.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::ui::EnvTab;

class TestEnvTabSsh final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void twoNodes();
    void cancelWhileANodeHangs();

private:
    void fillForm(const QString &hosts);

    QTemporaryDir m_dir;
    std::unique_ptr<vna::test::SshServer> m_a;
    std::unique_ptr<vna::test::SshServer> m_b;
    std::unique_ptr<vna::test::SshServer> m_hang;
    QString m_config;
    vna::ui::Session m_session;
    std::unique_ptr<EnvTab> m_tab;
};

void TestEnvTabSsh::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (!QFile::exists(u"/usr/sbin/sshd"_s))
        QFAIL("openssh-server is required (scripts/setup.sh installs it)");
    const QString fixtures = QStringLiteral(VNA_FIXTURES_DIR);
    QVERIFY(vna::test::writeFakeNode(m_dir.filePath(u"bin-a"_s), fixtures,
                                     {u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 0, vna::test::healthyPython(8)}));
    QVERIFY(vna::test::writeFakeNode(
        m_dir.filePath(u"bin-b"_s), fixtures,
        {u"a2-910b4-26.0.rc1-wide-container.txt"_s, QString(), 0, vna::test::healthyPython(8)}));
    QVERIFY(vna::test::writeFakeNode(m_dir.filePath(u"bin-hang"_s), fixtures,
                                     {u"a2-910b1-24.1.rc3-idle.txt"_s, QString(), 60, vna::test::healthyPython(8)}));
    const QString key = vna::test::ensureUserKey(m_dir.path());
    m_a = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-a"_s), u"127.0.0.2"_s);
    m_b = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-b"_s), u"127.0.0.3"_s);
    QVERIFY2(m_a->start({{u"PATH"_s, m_dir.filePath(u"bin-a"_s) + u":/usr/bin:/bin"_s}}),
             qPrintable(m_a->errorString()));
    QVERIFY2(
        m_b->start({{u"PATH"_s, m_dir.filePath(u"bin-b"_s) + u":/usr/bin:/bin"_s}, {u"HCCL_SOCKET_IFNAME"_s, u"lo"_s}}),
        qPrintable(m_b->errorString()));
    // A third "node": node A's server, but its sessions hang in npu-smi.
    m_hang = std::make_unique<vna::test::SshServer>(m_dir.filePath(u"sshd-hang"_s), u"127.0.0.2"_s);
    auto &hang = m_hang;
    QVERIFY2(hang->start({{u"PATH"_s, m_dir.filePath(u"bin-hang"_s) + u":/usr/bin:/bin"_s}}),
             qPrintable(hang->errorString()));
    QFile known(m_dir.filePath(u"known_hosts"_s));
    QVERIFY(known.open(QIODevice::WriteOnly));
    known.write(
        (m_a->knownHostsLine() + u'\n' + m_b->knownHostsLine() + u'\n' + hang->knownHostsLine() + u'\n').toUtf8());
    known.close();
    m_config = m_dir.filePath(u"ssh_config"_s);
    QFile config(m_config);
    QVERIFY(config.open(QIODevice::WriteOnly));
    QString text;
    const auto host = [&](const QString &name, const vna::test::SshServer &server) {
        text += vna::test::clientHostBlock(name, server.address(), server.port(), key, known.fileName());
    };
    host(u"node1"_s, *m_a);
    host(u"node2"_s, *m_b);
    host(u"node3"_s, *hang);
    config.write(text.toUtf8());
    config.close();
}

void TestEnvTabSsh::init()
{
    QFile::remove(vna::paths::settingsFile());
    m_tab = std::make_unique<EnvTab>(m_session);
    m_tab->resize(1280, 800);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
}

void TestEnvTabSsh::cleanup()
{
    m_tab.reset();
}

void TestEnvTabSsh::fillForm(const QString &hosts)
{
    QTest::mouseClick(child<QRadioButton>(m_tab.get(), "envRemote"), Qt::LeftButton, {}, QPoint(5, 5));
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envHosts"), hosts);
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envSshConfig"), m_config);
    vna::test::retype(child<QLineEdit>(m_tab.get(), "envPython"), m_dir.filePath(u"bin-a/python3"_s));
}

void TestEnvTabSsh::twoNodes()
{
    fillForm(u"node[1-2]"_s);
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "envRun"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 60000);
    QCOMPARE(m_tab->results().size(), 2);

    auto *node = child<QComboBox>(m_tab.get(), "envNode");
    QVERIFY(node->isVisible());
    QCOMPARE(node->count(), 2);
    QCOMPARE(node->itemText(1), u"node2"_s);
    vna::test::chooseIndex(node, 1);
    QCOMPARE(child<QTableWidget>(m_tab.get(), "envDevices")->rowCount(), 4);
    vna::test::chooseIndex(node, 0);
    QCOMPARE(child<QTableWidget>(m_tab.get(), "envDevices")->rowCount(), 8);

    auto *pages = child<QTabWidget>(m_tab.get(), "envPages");
    QVERIFY(pages->isTabEnabled(static_cast<int>(EnvTab::Page::Nodes)));
    auto *matrix = child<QTableWidget>(m_tab.get(), "envMatrix");
    QCOMPARE(matrix->columnCount(), 2);
    QStringList rows;
    for (int r = 0; r < matrix->rowCount(); ++r)
        rows.append(matrix->verticalHeaderItem(r)->text());
    // Only rows that differ are shown, and they are marked.
    QVERIFY2(rows.contains(u"NPU health"_s), qPrintable(rows.join(u", "_s)));
    QVERIFY(rows.contains(u"npu_smi"_s));
    QVERIFY(rows.contains(u"HCCL_SOCKET_IFNAME"_s));
    QVERIFY(!rows.contains(u"torch_npu"_s)); // the same on both
    const int health = static_cast<int>(rows.indexOf(u"NPU health"_s));
    QCOMPARE(matrix->item(health, 0)->text(), u"PASS"_s);
    QCOMPARE(matrix->item(health, 1)->text(), u"FAIL"_s);
    QVERIFY(matrix->item(health, 1)->font().bold());
    vna::test::setChecked(child<QCheckBox>(m_tab.get(), "envOnlyDifferences"), false);
    QVERIFY(matrix->rowCount() > rows.size());
}

void TestEnvTabSsh::cancelWhileANodeHangs()
{
    fillForm(u"node[1,3]"_s);
    child<QSpinBox>(m_tab.get(), "envTimeout")->setValue(120);
    QTest::mouseClick(child<QPushButton>(m_tab.get(), "envRun"), Qt::LeftButton);
    auto *cancel = child<QPushButton>(m_tab.get(), "envCancel");
    QTRY_VERIFY_WITH_TIMEOUT(cancel->isVisible(), 5000); // progress and Cancel appear after 200 ms
    QVERIFY(child<QProgressBar>(m_tab.get(), "envProgress")->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(child<QProgressBar>(m_tab.get(), "envProgress")->value(), 1, 30000); // node1 done
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_tab->isBusy(), 10000);
    QVERIFY(!cancel->isVisible());
    QCOMPARE(m_tab->results().size(), 2);
    QCOMPARE(m_tab->results().at(1).checks.size(), 1);
    QCOMPARE(m_tab->results().at(1).checks.first().evidence, u"Canceled."_s);
}

QTEST_MAIN(TestEnvTabSsh)
#include "tst_envtab_ssh.moc"
