// The Profiler tool's state without a window: the form as a request for a verl release, the
// reason at each wrong field, and what is remembered.
#include <QFile>
#include <QTest>

#include "common/paths.h"
#include "profiler/profilerstate.h"

using namespace Qt::StringLiterals;
using vna::ui::ProfilerFieldErrors;
using vna::ui::ProfilerInputs;
using vna::ui::ProfilerState;

class TestProfilerState final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void request_data();
    void request();
    void inputsAreRemembered();
    void scriptOrigin();
};

void TestProfilerState::request_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("roles");
    QTest::addColumn<QString>("steps");
    QTest::addColumn<QString>("ranks");
    QTest::addColumn<bool>("allRanks");
    QTest::addColumn<QString>("tokens"); // "start,end"
    QTest::addColumn<QString>("wrong");  // the field with an error, or empty
    QTest::addColumn<int>("roleCount");
    QTest::addColumn<bool>("tokenRange");
    QTest::addColumn<bool>("continuous");
    const QStringList actor{u"actor"_s};
    const QStringList rollout{u"actor"_s, u"rollout"_s};
    QTest::addRow("FAQ on 0.9") << u"0.9.0"_s << actor << u"1"_s << QString() << false << QString() << QString() << 1
                                << false << true;
    QTest::addRow("rollout tokens on 0.9")
        << u"0.9.0"_s << rollout << u"1,2"_s << u"0"_s << false << u"10,200"_s << QString() << 2 << true << true;
    QTest::addRow("tokens ignored on 0.8")
        << u"0.8.0"_s << rollout << u"1"_s << QString() << false << u"x,y"_s << QString() << 2 << false << true;
    QTest::addRow("bad token") << u"0.9.0"_s << rollout << u"1"_s << QString() << false << u"-3,"_s << u"tokens"_s << 0
                               << false << false;
    QTest::addRow("no reward profiler since 0.7.1")
        << u"0.9.0"_s << QStringList{u"actor"_s, u"reward"_s} << u"1"_s << QString() << false << QString() << QString()
        << 1 << false << true;
    QTest::addRow("step with a letter") << u"0.9.0"_s << actor << u"1,x"_s << QString() << false << QString()
                                        << u"steps"_s << 0 << false << false;
    QTest::addRow("rank with a letter") << u"0.9.0"_s << actor << u"1"_s << u"0,a"_s << false << QString() << u"ranks"_s
                                        << 0 << false << false;
    QTest::addRow("ranks ignored with all ranks")
        << u"0.9.0"_s << actor << u"1"_s << u"0,a"_s << true << QString() << QString() << 1 << false << true;
}

void TestProfilerState::request()
{
    QFETCH(QString, version);
    QFETCH(QStringList, roles);
    QFETCH(QString, steps);
    QFETCH(QString, ranks);
    QFETCH(bool, allRanks);
    QFETCH(QString, tokens);
    QFETCH(QString, wrong);
    QFETCH(int, roleCount);
    QFETCH(bool, tokenRange);
    QFETCH(bool, continuous);
    ProfilerState state;
    state.inputs.roles = roles;
    state.inputs.steps = steps;
    state.inputs.ranks = ranks;
    state.inputs.allRanks = allRanks;
    state.inputs.tokenStart = tokens.section(u',', 0, 0);
    state.inputs.tokenEnd = tokens.section(u',', 1, 1);
    state.inputs.continuous = true;
    ProfilerFieldErrors errors;
    const auto v = vna::verl::Version::parse(version, QString());
    const auto request = state.request(*v, errors);
    QCOMPARE(request.has_value(), wrong.isEmpty());
    QCOMPARE(!errors.steps.isEmpty(), wrong == u"steps");
    QCOMPARE(!errors.ranks.isEmpty(), wrong == u"ranks");
    QCOMPARE(!errors.tokens.isEmpty(), wrong == u"tokens");
    if (!request)
        return;
    QCOMPARE(request->version, *v);
    QCOMPARE(request->roles.size(), roleCount);
    QCOMPARE(request->tokenStart.has_value(), tokenRange);
    QCOMPARE(request->continuousSteps, continuous);
}

void TestProfilerState::inputsAreRemembered()
{
    QFile::remove(vna::paths::settingsFile());
    ProfilerInputs in;
    in.roles = {u"actor"_s, u"ref"_s};
    in.steps = u"3,4"_s;
    in.savePath = u"/tmp/prof"_s;
    in.contents = {u"npu"_s};
    in.level = u"level2"_s;
    in.analysis = false;
    in.discrete = true;
    in.ranks = u"0,8"_s;
    in.allRanks = false;
    in.continuous = true;
    in.tokenStart = u"5"_s;
    in.tokenEnd = u"50"_s;
    in.format = u"yaml"_s;
    in.page = 1;
    in.save();
    QCOMPARE(ProfilerInputs::load(), in);
}

void TestProfilerState::scriptOrigin()
{
    ProfilerState state;
    QCOMPARE(state.scriptOrigin(), QString());
    state.linkOrigin = u"train.log:7"_s;
    QCOMPARE(state.scriptOrigin(), u"From the log analyzer: train.log:7"_s);
}

QTEST_GUILESS_MAIN(TestProfilerState)
#include "tst_profilerstate.moc"
