// The Log panel: records from every logger appear; level and text filters, Copy and Clear work by click.
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "common/paths.h"
#include "common/settingskeys.h"
#include "log/logmodel.h"
#include "log/logpanel.h"

using namespace Qt::StringLiterals;
using vna::log::Level;
using vna::ui::LogPanel;

class TestLogPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void recordsFromEveryLoggerAppear();
    void levelFilter_data();
    void levelFilter();
    void textFilter();
    void copyVisibleOrSelected();
    void clearEmptiesThePanelOnly();
    void rowsAreCapped();

private:
    static void logSample();
    std::unique_ptr<LogPanel> m_panel;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_filterTester;
};

void TestLogPanel::init()
{
    QFile::remove(vna::paths::settingsFile());
    QVERIFY(vna::log::init({Level::Trace, false, Level::Warn, QString(), false}).ok());
    m_panel = std::make_unique<LogPanel>();
    m_panel->model()->clear();
    m_modelTester = std::make_unique<QAbstractItemModelTester>(m_panel->model());
    m_filterTester = std::make_unique<QAbstractItemModelTester>(m_panel->filterModel());
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestLogPanel::logSample()
{
    vna::log::core()->debug("reading model folder /data/Qwen2.5-7B");
    vna::log::ssh()->info("connected to node07");
    vna::log::ui()->warn("node07 host key is unknown");
    vna::log::core()->error("copy to node07 failed");
}

void TestLogPanel::recordsFromEveryLoggerAppear()
{
    logSample();
    QTRY_COMPARE(m_panel->model()->rowCount(), 4);
    const auto *model = m_panel->model();
    QCOMPARE(model->index(1, vna::ui::LogModel::LoggerColumn).data().toString(), u"ssh"_s);
    QCOMPARE(model->index(2, vna::ui::LogModel::LevelColumn).data().toString(), u"warn"_s);
    QCOMPARE(model->index(3, vna::ui::LogModel::MessageColumn).data().toString(), u"copy to node07 failed"_s);
}

void TestLogPanel::levelFilter_data()
{
    QTest::addColumn<int>("downPresses");
    QTest::addColumn<int>("visible");
    // The saved level is Info; each Down raises the minimum by one.
    QTest::addRow("info and above") << 0 << 3;
    QTest::addRow("warn and above") << 1 << 2;
    QTest::addRow("errors only") << 2 << 1;
}

void TestLogPanel::levelFilter()
{
    QFETCH(int, downPresses);
    QFETCH(int, visible);
    logSample();
    QTRY_COMPARE(m_panel->model()->rowCount(), 4);
    auto *combo = m_panel->findChild<QComboBox *>(u"logLevelFilter"_s);
    QVERIFY(combo);
    QCOMPARE(combo->currentData().toInt(), static_cast<int>(Level::Info));
    combo->setFocus();
    for (int i = 0; i < downPresses; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(m_panel->filterModel()->rowCount(), visible);
    QCOMPARE(vna::Settings().value(vna::keys::logPanelLevel), static_cast<int>(Level::Info) + downPresses);

    // Trace shows everything again.
    QTest::keyClick(combo, Qt::Key_Home);
    QCOMPARE(m_panel->filterModel()->rowCount(), 4);
}

void TestLogPanel::textFilter()
{
    logSample();
    QTRY_COMPARE(m_panel->model()->rowCount(), 4);
    auto *text = m_panel->findChild<QLineEdit *>(u"logTextFilter"_s);
    QVERIFY(text);
    auto *combo = m_panel->findChild<QComboBox *>(u"logLevelFilter"_s);
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Home);
    QTest::keyClicks(text, u"NODE07"_s);
    QCOMPARE(m_panel->filterModel()->rowCount(), 3);
    QTest::keyClicks(text, u" host"_s);
    QCOMPARE(m_panel->filterModel()->rowCount(), 1);
}

void TestLogPanel::copyVisibleOrSelected()
{
    logSample();
    QTRY_COMPARE(m_panel->model()->rowCount(), 4);
    QSignalSpy status(m_panel.get(), &LogPanel::statusMessage);
    auto *copy = m_panel->findChild<QPushButton *>(u"logCopy"_s);
    QVERIFY(copy);

    // Nothing selected: every shown record (Info and above).
    QTest::mouseClick(copy, Qt::LeftButton);
    QStringList lines = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).endsWith(u"[ssh] [info] connected to node07"_s), qPrintable(lines.at(0)));
    QVERIFY(lines.at(2).endsWith(u"[core] [error] copy to node07 failed"_s));
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.first().first().toString(), u"Copied 3 log record(s)"_s);

    // One row selected by clicking it: only that record.
    auto *view = m_panel->findChild<QTableView *>(u"logView"_s);
    const QRect row = view->visualRect(view->model()->index(1, vna::ui::LogModel::MessageColumn));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, row.center());
    QTest::mouseClick(copy, Qt::LeftButton);
    lines = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1);
    QVERIFY(lines.at(0).endsWith(u"node07 host key is unknown"_s));
}

void TestLogPanel::clearEmptiesThePanelOnly()
{
    logSample();
    QTRY_COMPARE(m_panel->model()->rowCount(), 4);
    const qsizetype hubBefore = vna::log::Hub::instance().recent().size();
    QTest::mouseClick(m_panel->findChild<QPushButton *>(u"logClear"_s), Qt::LeftButton);
    QCOMPARE(m_panel->model()->rowCount(), 0);
    QCOMPARE(vna::log::Hub::instance().recent().size(), hubBefore);
    vna::log::core()->info("after clear");
    QTRY_COMPARE(m_panel->model()->rowCount(), 1);
}

void TestLogPanel::rowsAreCapped()
{
    QList<vna::log::Record> burst;
    for (int i = 0; i < vna::ui::LogModel::kMaxRows + 50; ++i)
        burst.append({QDateTime::currentDateTime(), Level::Info, u"core"_s, u"line %1"_s.arg(i)});
    m_panel->model()->append(burst.mid(0, 100));
    m_panel->model()->append(burst.mid(100));
    QCOMPARE(m_panel->model()->rowCount(), vna::ui::LogModel::kMaxRows);
    QCOMPARE(m_panel->model()->record(0).message, u"line 50"_s);
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestLogPanel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_logpanel.moc"
