// The Profiler tab driven as a user drives it: ticking roles and contents, typing steps and ranks,
// picking a level and a format, importing a pasted command, linting a script, copying the results.
#include <sys/stat.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "bash/interpreter.h"
#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/noteslist.h"
#include "common/paths.h"
#include "hydra/parser.h"
#include "hydra/shell.h"
#include "profiler/findingsmodel.h"
#include "profiler/lint.h"
#include "profiler/profilertab.h"
#include "shell/versionbar.h"
#include "support/widgetdriver.h"

using namespace Qt::StringLiterals;
using vna::test::child;
using vna::test::chooseIndex;
using vna::test::retype;
using vna::test::setChecked;
using vna::ui::ProfilerTab;

namespace {

const QString kNpu = u"actor_rollout_ref.actor.profiler.tool_config.npu."_s;

// The FAQ's four lines ("调试和诊断 Q1"), verbatim.
const QString kFaq = u"actor_rollout_ref.actor.profiler.tool_config.npu.discrete=true \\\n"
                     u"actor_rollout_ref.actor.profiler.tool_config.npu.contents=npu,cpu \\\n"
                     u"actor_rollout_ref.actor.profiler.tool_config.npu.level=1 \\\n"
                     u"actor_rollout_ref.actor.profiler.tool_config.npu.analysis=true\n"_s;

} // namespace

class TestProfilerTab final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void defaultForm();
    void clickThroughForm_data();
    void clickThroughForm();
    void everyPreviewLineParses();
    void invalidFields_data();
    void invalidFields();
    void versionChangesKeys();
    void formats();
    void copyButtonAndShortcut();
    void importFaq();
    void importNothing();
    void lintScript();
    void lintFollowsVersion();
    void openScript_data();
    void openScript();
    void lintToForm();
    void unreadableScriptShowsWhere();
    void manyLaunchesKeepTheSummaryShort();
    void importNotesFollowTheLanguage();
    void remembersInputs();
    void openingWritesNoSettings();
    void speaksChinese();

private:
    ProfilerTab *tab() const { return m_tab.get(); }
    QString preview() const { return child<QPlainTextEdit>(tab(), "profilerPreview")->toPlainText(); }
    QStringList previewLines() const
    {
        QStringList lines = preview().split(u'\n');
        for (QString &line : lines) {
            if (line.endsWith(u" \\"_s))
                line.chop(2);
        }
        return lines;
    }
    void waitIdle() const { QTRY_VERIFY(!tab()->isBusy()); }
    void recreate();

    QLineEdit *version() const { return child<QComboBox>(m_bar.get(), "verlVersion")->lineEdit(); }
    vna::ui::Session m_session;
    std::unique_ptr<vna::ui::VersionBar> m_bar; // the window's toolbar: the version
    std::unique_ptr<ProfilerTab> m_tab;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    QTemporaryDir m_dir;
};

void TestProfilerTab::recreate()
{
    m_tester.reset();
    m_tab.reset();
    m_bar = std::make_unique<vna::ui::VersionBar>(m_session);
    m_bar->show();
    m_tab = std::make_unique<ProfilerTab>(m_session);
    m_tab->resize(1280, 800);
    m_tab->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_tab.get()));
    m_tester = std::make_unique<QAbstractItemModelTester>(child<QTableView>(tab(), "profilerLintTable")->model());
    waitIdle();
}

void TestProfilerTab::init()
{
    QFile::remove(vna::paths::settingsFile());
    m_session.setVerlVersion(vna::verl::latestKnown());
    recreate();
}

void TestProfilerTab::cleanup()
{
    m_tester.reset();
    m_tab.reset();
    vna::i18n::install(u"en"_s);
}

void TestProfilerTab::defaultForm()
{
    // Actor, step 1, npu+cpu, the version's default level: what the FAQ wanted, written correctly.
    QCOMPARE(previewLines(),
             (QStringList{u"global_profiler.tool=npu"_s, u"'global_profiler.steps=[1]'"_s,
                          u"actor_rollout_ref.actor.profiler.enable=true"_s, u"'"_s + kNpu + u"contents=[npu,cpu]'"_s,
                          kNpu + u"level=level0"_s, kNpu + u"analysis=true"_s, kNpu + u"discrete=false"_s}));
    QVERIFY(tab()->plan());
    // Nothing to warn about; the note says what the actor's switch also turns on.
    const auto notes = child<vna::ui::NotesList>(tab(), "profilerFindings")->notes();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.constFirst().severity, vna::ui::Severity::Info);
    QVERIFY2(notes.constFirst().text.contains(u"rollout profiler's enable follows the actor's"_s),
             qPrintable(notes.constFirst().text));
    QVERIFY(child<QPushButton>(tab(), "profilerCopy")->isEnabled());
}

void TestProfilerTab::clickThroughForm_data()
{
    QTest::addColumn<QString>("actions"); // ;-separated: check:NAME, uncheck:NAME, type:NAME=TEXT, choose:NAME=INDEX
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");

    QTest::addRow("steps and ranks") << u"type:profilerSteps=1,2,5;type:profilerRanks=0,8"_s
                                     << QStringList{u"'global_profiler.steps=[1,2,5]'"_s,
                                                    u"'actor_rollout_ref.actor.profiler.ranks=[0,8]'"_s}
                                     << QStringList{u"all_ranks"_s};
    QTest::addRow("all ranks") << u"type:profilerRanks=3;check:profilerAllRanks"_s
                               << QStringList{u"actor_rollout_ref.actor.profiler.all_ranks=true"_s}
                               << QStringList{u"actor_rollout_ref.actor.profiler.ranks"_s};
    QTest::addRow("contents and level")
        << u"uncheck:profilerContent_cpu;check:profilerContent_memory;check:profilerContent_stack;"
           u"choose:profilerLevel=3"_s
        << QStringList{u"'"_s + kNpu + u"contents=[npu,memory,stack]'"_s, kNpu + u"level=level1"_s}
        << QStringList{u"cpu"_s};
    QTest::addRow("level_none") << u"choose:profilerLevel=1"_s << QStringList{kNpu + u"level=level_none"_s}
                                << QStringList();
    QTest::addRow("no analysis, discrete")
        << u"uncheck:profilerAnalysis;check:profilerDiscrete"_s
        << QStringList{kNpu + u"analysis=false"_s, kNpu + u"discrete=true"_s} << QStringList{kNpu + u"analysis=true"_s};
    QTest::addRow("critic and ref") << u"check:profilerRole_critic;check:profilerRole_ref"_s
                                    << QStringList{u"actor_rollout_ref.ref.profiler.enable=true"_s,
                                                   u"critic.profiler.enable=true"_s,
                                                   u"critic.profiler.tool_config.npu.level=level0"_s}
                                    << QStringList();
    QTest::addRow("rollout token range")
        << u"uncheck:profilerRole_actor;check:profilerRole_rollout;type:profilerTokenStart=5;"
           u"type:profilerTokenEnd=64"_s
        << QStringList{u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_start=5"_s,
                       u"actor_rollout_ref.rollout.profiler.tool_config.npu.profile_token_end=64"_s}
        << QStringList{u"actor_rollout_ref.actor"_s};
    QTest::addRow("continuous steps") << u"check:profilerContinuous"_s
                                      << QStringList{u"global_profiler.profile_continuous_steps=true"_s}
                                      << QStringList();
    QTest::addRow("save path with a space")
        << u"type:profilerSavePath=/data/prof runs"_s
        << QStringList{u"'global_profiler.save_path=\"/data/prof runs\"'"_s} << QStringList();
}

void TestProfilerTab::clickThroughForm()
{
    QFETCH(QString, actions);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    for (const QString &action : actions.split(u';')) {
        const QString verb = action.section(u':', 0, 0);
        const QString rest = action.section(u':', 1);
        const QByteArray name = rest.section(u'=', 0, 0).toLatin1();
        const QString value = rest.section(u'=', 1);
        if (verb == u"check" || verb == u"uncheck")
            setChecked(child<QCheckBox>(tab(), name.constData()), verb == u"check");
        else if (verb == u"type")
            retype(child<QLineEdit>(tab(), name.constData()), value);
        else if (verb == u"choose")
            chooseIndex(child<QComboBox>(tab(), name.constData()), value.toInt());
        else
            QFAIL(qPrintable(action));
    }
    waitIdle();
    const QStringList lines = previewLines();
    for (const QString &line : present)
        QVERIFY2(lines.contains(line), qPrintable(line + u"\nnot in:\n"_s + preview()));
    for (const QString &part : absent)
        QVERIFY2(!preview().contains(part), qPrintable(part + u"\nin:\n"_s + preview()));
}

void TestProfilerTab::everyPreviewLineParses()
{
    // What the user copies, once bash has removed its quotes, is what Hydra parses: no line may fail.
    setChecked(child<QCheckBox>(tab(), "profilerRole_ref"), true);
    retype(child<QLineEdit>(tab(), "profilerSavePath"), u"/tmp/a b$c"_s);
    waitIdle();
    const auto script = vna::shell::interpret(preview());
    QVERIFY(script.ok());
    QCOMPARE(script->commands.size(), 1);
    const auto &words = script->commands.constFirst().words;
    QCOMPARE(words.size(), tab()->plan()->overrides.size());
    for (qsizetype i = 0; i < words.size(); ++i) {
        const auto parsed = vna::hydra::parseOverride(words.at(i).text);
        QVERIFY2(parsed.ok(), qPrintable(words.at(i).text));
        QCOMPARE(parsed->override.key, tab()->plan()->overrides.at(i).key);
        QVERIFY(parsed->override.value == tab()->plan()->overrides.at(i).value);
    }
}

void TestProfilerTab::invalidFields_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("messageName");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("steps with a letter") << u"profilerSteps"_s << u"1,x"_s << u"profilerStepsMessage"_s << u"\"x\""_s;
    QTest::addRow("step 0") << u"profilerSteps"_s << u"0"_s << u"profilerStepsMessage"_s << u"start at 1"_s;
    QTest::addRow("no step") << u"profilerSteps"_s << QString() << u"profilerStepsMessage"_s << u"at least one"_s;
    QTest::addRow("negative rank") << u"profilerRanks"_s << u"-1"_s << u"profilerRanksMessage"_s << u"negative"_s;
    QTest::addRow("no role") << u"roles"_s << QString() << u"profilerRolesMessage"_s << u"role"_s;
}

void TestProfilerTab::invalidFields()
{
    QFETCH(QString, field);
    QFETCH(QString, typed);
    QFETCH(QString, messageName);
    QFETCH(QString, mentions);
    if (field == u"roles")
        setChecked(child<QCheckBox>(tab(), "profilerRole_actor"), false);
    else
        retype(child<QLineEdit>(tab(), field.toLatin1().constData()), typed);
    waitIdle();
    auto *message = child<vna::ui::FieldMessage>(tab(), messageName.toLatin1().constData());
    QVERIFY2(message->isVisible(), qPrintable(messageName));
    QVERIFY2(message->message().contains(mentions), qPrintable(message->message()));
    QCOMPARE(preview(), QString());
    QVERIFY(!tab()->plan());
    QVERIFY(!child<QPushButton>(tab(), "profilerCopy")->isEnabled());

    // Fixing the field brings the overrides back and clears the message.
    if (field == u"roles")
        setChecked(child<QCheckBox>(tab(), "profilerRole_actor"), true);
    else
        retype(child<QLineEdit>(tab(), field.toLatin1().constData()), field == u"profilerRanks" ? u"0"_s : u"2"_s);
    waitIdle();
    QVERIFY(!message->isVisible());
    QVERIFY(tab()->plan());
}

void TestProfilerTab::versionChangesKeys()
{
    retype(version(), u"0.5.0"_s);
    waitIdle();
    QVERIFY2(previewLines().contains(u"'trainer.profile_steps=[1]'"_s), qPrintable(preview()));
    QVERIFY(previewLines().contains(u"trainer.npu_profile.options.level=level1"_s)); // level1 before 0.7.0
    QVERIFY(!preview().contains(u"global_profiler"_s));
    QVERIFY(!child<QCheckBox>(tab(), "profilerContinuous")->isEnabled());
    QCOMPARE(child<QComboBox>(tab(), "profilerLevel")->itemText(0), u"version default (level1)"_s);

    retype(version(), u"0.8"_s);
    waitIdle();
    QVERIFY(child<QCheckBox>(tab(), "profilerContinuous")->isEnabled());
    setChecked(child<QCheckBox>(tab(), "profilerRole_rollout"), true);
    QVERIFY(!child<QLineEdit>(tab(), "profilerTokenStart")->isEnabled()); // 0.9.0 and later only
    retype(version(), u"0.9.0"_s);
    QVERIFY(child<QLineEdit>(tab(), "profilerTokenStart")->isEnabled());
}

void TestProfilerTab::formats()
{
    auto *format = child<QComboBox>(tab(), "profilerFormat");
    chooseIndex(format, 1);
    waitIdle();
    QCOMPARE(preview().count(u'\n'), 0);
    QVERIFY(preview().startsWith(u"global_profiler.tool=npu 'global_profiler.steps=[1]' "_s));

    chooseIndex(format, 2);
    waitIdle();
    QVERIFY2(preview().startsWith(u"global_profiler:\n  tool: npu\n  steps: [1]\n"_s), qPrintable(preview()));
    QVERIFY(preview().contains(u"      tool_config:\n        npu:\n          contents: [npu, cpu]\n"_s));

    chooseIndex(format, 3);
    waitIdle();
    QJsonParseError error{};
    const QJsonDocument json = QJsonDocument::fromJson(preview().toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(json.array().size(), tab()->plan()->overrides.size());
    QCOMPARE(json.array().at(1).toObject().value(u"hydra"_s).toString(), u"global_profiler.steps=[1]"_s);
}

void TestProfilerTab::copyButtonAndShortcut()
{
    QSignalSpy status(&m_session, &vna::ui::Session::statusChanged);
    QApplication::clipboard()->clear();
    QTest::mouseClick(child<QPushButton>(tab(), "profilerCopy"), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), preview());
    QCOMPARE(status.count(), 1);
    QVERIFY(status.at(0).at(0).toString().contains(u"7"_s)); // seven lines

    QApplication::clipboard()->clear();
    child<QLineEdit>(tab(), "profilerSteps")->setFocus();
    QTest::keyClick(tab(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::clipboard()->text(), preview());
    QApplication::clipboard()->clear();
    QTest::keyClick(tab(), Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(QApplication::clipboard()->text(), preview());
    QCOMPARE(status.count(), 3);
}

void TestProfilerTab::importFaq()
{
    QSignalSpy done(tab(), &ProfilerTab::importFinished);
    auto *box = child<QPlainTextEdit>(tab(), "profilerImportText");
    box->setFocus();
    QTest::keyClicks(box, u"python3 -m verl.trainer.main_ppo "_s);
    box->insertPlainText(kFaq); // a paste
    QTest::mouseClick(child<QPushButton>(tab(), "profilerImport"), Qt::LeftButton);
    QVERIFY(done.wait());

    // The corrected values fill the form…
    QCOMPARE(child<QComboBox>(tab(), "profilerLevel")->currentData().toString(), u"level1"_s);
    QVERIFY(child<QCheckBox>(tab(), "profilerContent_npu")->isChecked());
    QVERIFY(child<QCheckBox>(tab(), "profilerContent_cpu")->isChecked());
    QVERIFY(child<QCheckBox>(tab(), "profilerDiscrete")->isChecked());
    waitIdle();
    QVERIFY(previewLines().contains(kNpu + u"level=level1"_s));
    QVERIFY(previewLines().contains(kNpu + u"discrete=true"_s));
    // …and the two mistakes are listed with their lines and fixes.
    const auto notes = child<vna::ui::NotesList>(tab(), "profilerImportNotes")->notes();
    QStringList errors;
    for (const auto &note : notes) {
        if (note.severity == vna::ui::Severity::Error)
            errors << note.text;
    }
    QCOMPARE(errors.size(), 2);
    QVERIFY2(errors.at(0).startsWith(u"Line 2:"_s), qPrintable(errors.at(0)));
    QVERIFY(errors.at(0).contains(u"contents=[npu,cpu]"_s));
    QVERIFY2(errors.at(1).startsWith(u"Line 3:"_s), qPrintable(errors.at(1)));
    QVERIFY(errors.at(1).contains(u"level=level1"_s));
}

void TestProfilerTab::importNothing()
{
    QSignalSpy done(tab(), &ProfilerTab::importFinished);
    const QString before = preview();
    QTest::mouseClick(child<QPushButton>(tab(), "profilerImport"), Qt::LeftButton);
    QCOMPARE(done.count(), 1); // empty: answered at once
    QCOMPARE(child<vna::ui::NotesList>(tab(), "profilerImportNotes")->notes().constFirst().severity,
             vna::ui::Severity::Warning);

    auto *box = child<QPlainTextEdit>(tab(), "profilerImportText");
    box->setFocus();
    QTest::keyClicks(box, u"python3 train.py data.batch_size=8"_s);
    QTest::keyClick(box, Qt::Key_Return, Qt::ControlModifier); // Ctrl+Return in the box imports
    QVERIFY(done.wait());
    QVERIFY(child<vna::ui::NotesList>(tab(), "profilerImportNotes")->plainText().contains(u"unchanged"_s));
    QCOMPARE(preview(), before);

    retype(box, u"python3 'unclosed"_s);
    QTest::mouseClick(child<QPushButton>(tab(), "profilerImport"), Qt::LeftButton);
    QVERIFY(done.wait());
    const auto notes = child<vna::ui::NotesList>(tab(), "profilerImportNotes")->notes();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.constFirst().severity, vna::ui::Severity::Error);
    QVERIFY2(notes.constFirst().text.contains(u"Line 1"_s), qPrintable(notes.constFirst().text));
}

void TestProfilerTab::lintScript()
{
    QSignalSpy finished(tab(), &ProfilerTab::lintFinished);
    QTest::mouseClick(child<QTabWidget>(tab(), "profilerPages")->tabBar(), Qt::LeftButton, {},
                      child<QTabWidget>(tab(), "profilerPages")->tabBar()->tabRect(1).center());
    auto *script = child<QPlainTextEdit>(tab(), "profilerScript");
    QVERIFY(script->isVisible());
    script->setFocus();
    QTest::keyClicks(script, u"export HCCL_DEBUG=INFO"_s);
    QTest::keyClick(script, Qt::Key_Return);
    script->insertPlainText(u"python3 -m verl.trainer.main_ppo \\\n"_s + kFaq); // a paste
    QVERIFY(finished.wait());
    waitIdle();

    // The same findings and corrected command as `lint` prints for this text.
    const QString text = script->toPlainText();
    const auto cli = vna::profiler::lint(text, vna::verl::latestKnown());
    QVERIFY(cli.ok());
    auto *table = child<QTableView>(tab(), "profilerLintTable");
    QCOMPARE(table->model()->rowCount(), cli->findings.size());
    const auto cell = [table](int row, int column) { return table->model()->index(row, column).data().toString(); };
    QStringList rules;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        rules << cell(row, vna::ui::FindingsModel::RuleColumn);
    QCOMPARE(rules,
             (QStringList{u"hccl-debug"_s, u"profiler-not-collected"_s, u"profiler-not-collected"_s,
                          u"profiler-not-collected"_s, u"ambiguous-sweep"_s, u"profiler-level"_s}));
    QCOMPARE(cell(0, vna::ui::FindingsModel::LineColumn), u"1:8"_s);
    QCOMPARE(cell(4, vna::ui::FindingsModel::LineColumn), u"4:1"_s);
    QCOMPARE(cell(5, vna::ui::FindingsModel::FixColumn), kNpu + u"level=level1"_s);
    const QString summary = child<QLabel>(tab(), "profilerLintSummary")->text();
    QVERIFY2(summary.startsWith(u"2 error(s), 4 warning(s) in 4"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"Line 2: python3 -m verl.trainer.main_ppo, 4 override(s), checked against "
                              u"verl/trainer/config/ppo_trainer at v0.9.0"_s),
             qPrintable(summary));
    const QString corrections = child<QPlainTextEdit>(tab(), "profilerCorrections")->toPlainText();
    QCOMPARE(corrections, vna::profiler::correctedText(*cli, vna::verl::latestKnown()));
    QVERIFY2(
        corrections.startsWith(u"# Corrected for verl 0.9.0 (line 2):\npython3 -m verl.trainer.main_ppo \\\n    "_s),
        qPrintable(corrections));
    QVERIFY(corrections.contains(u"'"_s + kNpu + u"contents=[npu,cpu]'"_s));
    QVERIFY(corrections.contains(u"'global_profiler.steps=[1]'"_s));

    // Clicking a finding shows its place in the script.
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(5, 0)).center());
    QCOMPARE(script->textCursor().blockNumber(), 4);
    QCOMPARE(script->extraSelections().size(), 1);

    // Ctrl+Shift+C copies the corrected overrides on this page.
    QApplication::clipboard()->clear();
    QTest::keyClick(tab(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::clipboard()->text(), child<QPlainTextEdit>(tab(), "profilerCorrections")->toPlainText());

    // Fixing the script clears the findings.
    retype(script, u"python3 -m verl.trainer.main_ppo 'trainer.logger=[console]'"_s);
    QVERIFY(finished.wait());
    QCOMPARE(table->model()->rowCount(), 0);
    QCOMPARE(child<QLabel>(tab(), "profilerLintSummary")->text(),
             u"No problems found in 1 override(s).\nLine 1: python3 -m verl.trainer.main_ppo, 1 override(s), checked "
             u"against verl/trainer/config/ppo_trainer at v0.9.0"_s);
    QVERIFY(!child<QPushButton>(tab(), "profilerCopyCorrections")->isEnabled());
}

void TestProfilerTab::lintFollowsVersion()
{
    QSignalSpy finished(tab(), &ProfilerTab::lintFinished);
    tab()->showPage(ProfilerTab::Page::Lint);
    auto *script = child<QPlainTextEdit>(tab(), "profilerScript");
    script->setFocus();
    QTest::keyClicks(script, u"trainer.npu_profile.options.level=level1"_s);
    QVERIFY(finished.wait());
    auto *table = child<QTableView>(tab(), "profilerLintTable");
    QCOMPARE(table->model()->index(0, vna::ui::FindingsModel::RuleColumn).data().toString(), u"key-not-in-version"_s);
    retype(version(), u"0.5.0"_s);
    QVERIFY(finished.wait());
    // A 0.5 key on 0.5: no error any more, only what its settings lack (steps, ranks).
    for (int row = 0; row < table->model()->rowCount(); ++row)
        QVERIFY(table->model()->index(row, vna::ui::FindingsModel::RuleColumn).data().toString()
                != u"key-not-in-version");
    QCOMPARE(table->model()->rowCount(), 2);
}

void TestProfilerTab::openScript_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions"); // in the summary
    QTest::addRow("script") << u"file"_s << u"1 error(s), 3 warning(s) in 1"_s;
    QTest::addRow("folder") << u"dir"_s << u"is a folder"_s;
    QTest::addRow("fifo") << u"fifo"_s << u"not a regular file"_s;
    QTest::addRow("missing") << u"missing"_s << u"does not exist"_s;
    QTest::addRow("too large") << u"large"_s << u"16 MiB"_s;
}

void TestProfilerTab::openScript()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    const QString path = m_dir.filePath(u"train_"_s + kind + u".sh"_s);
    if (kind == u"file") {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/bash\npython3 -m verl.trainer.main_ppo " + kNpu.toUtf8() + "level=2\n");
    } else if (kind == u"dir") {
        QVERIFY(QDir().mkpath(path));
    } else if (kind == u"fifo") {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (kind == u"large") {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(17 * 1024 * 1024)); // sparse
    }
    QSignalSpy finished(tab(), &ProfilerTab::lintFinished);
    tab()->openScript(path);
    if (finished.isEmpty())
        QVERIFY(finished.wait());
    QCOMPARE(child<QTabWidget>(tab(), "profilerPages")->currentIndex(), 1);
    const QString summary = child<QLabel>(tab(), "profilerLintSummary")->text();
    QVERIFY2(summary.contains(mentions), qPrintable(summary));
    QCOMPARE(child<QLabel>(tab(), "profilerScriptFile")->text(), kind == u"file" ? path : QString());
}

void TestProfilerTab::lintToForm()
{
    QSignalSpy finished(tab(), &ProfilerTab::lintFinished);
    QSignalSpy imported(tab(), &ProfilerTab::importFinished);
    tab()->showPage(ProfilerTab::Page::Lint);
    auto *script = child<QPlainTextEdit>(tab(), "profilerScript");
    script->setFocus();
    QTest::keyClicks(script, u"actor_rollout_ref.actor.profiler.enable=True global_profiler.steps=3,4"_s);
    QVERIFY(finished.wait());
    QTest::mouseClick(child<QPushButton>(tab(), "profilerToForm"), Qt::LeftButton);
    QCOMPARE(child<QTabWidget>(tab(), "profilerPages")->currentIndex(), 0);
    QVERIFY(imported.wait());
    QCOMPARE(child<QLineEdit>(tab(), "profilerSteps")->text(), u"3,4"_s);
    waitIdle();
    QVERIFY(previewLines().contains(u"'global_profiler.steps=[3,4]'"_s));
}

void TestProfilerTab::unreadableScriptShowsWhere()
{
    // bash cannot read past an unclosed quote: the line is marked, and the cursor stays where the user
    // is typing.
    QSignalSpy finished(tab(), &ProfilerTab::lintFinished);
    tab()->showPage(ProfilerTab::Page::Lint);
    auto *script = child<QPlainTextEdit>(tab(), "profilerScript");
    script->setFocus();
    QTest::keyClicks(QApplication::focusWidget(), u"python3 -m verl.trainer.main_ppo a.b=1"_s);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QTest::keyClicks(QApplication::focusWidget(), u"echo \"done"_s);
    QVERIFY(finished.wait());
    const QString summary = child<QLabel>(tab(), "profilerLintSummary")->text();
    QVERIFY2(summary.contains(u"Line 2, column 6: a double quote is not closed"_s), qPrintable(summary));
    QCOMPARE(script->extraSelections().size(), 1);
    QCOMPARE(script->extraSelections().constFirst().cursor.blockNumber(), 1);
    QCOMPARE(script->textCursor().position(), script->toPlainText().size());
}

void TestProfilerTab::manyLaunchesKeepTheSummaryShort()
{
    QSignalSpy finished(tab(), &ProfilerTab::lintFinished);
    tab()->showPage(ProfilerTab::Page::Lint);
    QString text;
    for (int i = 0; i < 10; ++i)
        text += u"python3 -m verl.trainer.main_ppo trainer.total_epochs=%1\n"_s.arg(i + 1);
    auto *script = child<QPlainTextEdit>(tab(), "profilerScript");
    script->setFocus();
    script->insertPlainText(text); // a paste
    QVERIFY(finished.wait());
    const QStringList lines = child<QLabel>(tab(), "profilerLintSummary")->text().split(u'\n');
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines.at(0), u"No problems found in 10 override(s)."_s);
    QCOMPARE(lines.at(3),
             u"Line 3: python3 -m verl.trainer.main_ppo, 1 override(s), checked against "
             u"verl/trainer/config/ppo_trainer at v0.9.0"_s);
    QCOMPARE(lines.at(4), u"… and 7 more launch(es)."_s);
}

void TestProfilerTab::importNotesFollowTheLanguage()
{
    QSignalSpy imported(tab(), &ProfilerTab::importFinished);
    tab()->showPage(ProfilerTab::Page::Generate);
    auto *box = child<QPlainTextEdit>(tab(), "profilerImportText");
    box->setFocus();
    box->insertPlainText(kFaq);
    QTest::mouseClick(child<QPushButton>(tab(), "profilerImport"), Qt::LeftButton);
    QVERIFY(imported.wait());
    const QString english = child<vna::ui::NotesList>(tab(), "profilerImportNotes")->plainText();
    QVERIFY2(english.contains(u"Ambiguous value for argument"_s), qPrintable(english));
    // The user edits the form after importing; a language switch rewrites the notes, not the form.
    retype(child<QLineEdit>(tab(), "profilerSteps"), u"9"_s);
    vna::i18n::install(u"zh_CN"_s);
    QVERIFY(imported.wait());
    const QString chinese = child<vna::ui::NotesList>(tab(), "profilerImportNotes")->plainText();
    QVERIFY2(chinese.contains(u"覆盖参数"_s), qPrintable(chinese));
    QCOMPARE(child<QLineEdit>(tab(), "profilerSteps")->text(), u"9"_s);
}

void TestProfilerTab::remembersInputs()
{
    retype(child<QLineEdit>(tab(), "profilerSteps"), u"2,4"_s);
    setChecked(child<QCheckBox>(tab(), "profilerRole_critic"), true);
    setChecked(child<QCheckBox>(tab(), "profilerContent_stack"), true);
    chooseIndex(child<QComboBox>(tab(), "profilerLevel"), 4);
    chooseIndex(child<QComboBox>(tab(), "profilerFormat"), 2);
    waitIdle();
    const QString before = preview();
    recreate();
    QCOMPARE(child<QLineEdit>(tab(), "profilerSteps")->text(), u"2,4"_s);
    QVERIFY(child<QCheckBox>(tab(), "profilerRole_critic")->isChecked());
    QVERIFY(child<QCheckBox>(tab(), "profilerContent_stack")->isChecked());
    QCOMPARE(child<QComboBox>(tab(), "profilerLevel")->currentData().toString(), u"level2"_s);
    QCOMPARE(child<QComboBox>(tab(), "profilerFormat")->currentIndex(), 2);
    QCOMPARE(preview(), before);
}

void TestProfilerTab::openingWritesNoSettings()
{
    // init() opened the tab on a removed settings file; looking is not changing.
    QVERIFY(!QFile::exists(vna::paths::settingsFile()));
    tab()->showPage(ProfilerTab::Page::Generate);
    QVERIFY(!QFile::exists(vna::paths::settingsFile()));
}

void TestProfilerTab::speaksChinese()
{
    auto *description = child<QLabel>(tab(), "profilerDescription");
    const QString english = description->text();
    const QString englishFindings = child<vna::ui::NotesList>(tab(), "profilerFindings")->plainText();
    const QString overrides = preview();
    vna::i18n::install(u"zh_CN"_s);
    QTRY_VERIFY(description->text() != english);
    QVERIFY(description->text().contains(u"性能分析"_s));
    QTRY_VERIFY(child<vna::ui::NotesList>(tab(), "profilerFindings")->plainText() != englishFindings);
    QCOMPARE(preview(), overrides); // keys and values are never translated
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"verl-npu-assistant"_s);
    TestProfilerTab test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_profilertab.moc"
