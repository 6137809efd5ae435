// The Profiler tab's widgets: how the Generate and Launch command pages are laid out and what they say, in
// the current language. The behaviour is in profilertab.cpp, the state in profilerstate.cpp.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include "common/fieldcheck.h"
#include "common/noteslist.h"
#include "common/textbox.h"
#include "common/widgets.h"
#include "profiler/findingsmodel.h"
#include "profilertab.h"
#include "verl/profilerschema.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

void ProfilerTab::buildGenerate(QWidget *page)
{
    auto *inputs = new QWidget(page);
    auto *layout = new QVBoxLayout(inputs);

    // One form for both sections so their labels line up.
    auto *what = new QFormLayout;
    m_whatHeading = heading(inputs, u"profilerWhatHeading"_s);
    what->addRow(m_whatHeading);
    m_rolesLabel = new QLabel(inputs);
    m_roles = new QFrame(inputs);
    m_roles->setObjectName(u"profilerRoles"_s);
    auto *roles = new QHBoxLayout(m_roles);
    roles->setContentsMargins(2, 2, 2, 2);
    for (const verl::Role role : verl::allRoles()) {
        auto *box = new QCheckBox(verl::roleName(role), m_roles); // config words stay as written
        box->setObjectName(u"profilerRole_"_s + verl::roleName(role));
        roles->addWidget(box);
        m_roleBoxes << box;
    }
    roles->addStretch(1);
    m_rolesLabel->setBuddy(m_roleBoxes.constFirst());
    m_rolesMessage = addCheckedRow(what, m_rolesLabel, m_roles, u"profilerRolesMessage"_s);

    m_stepsLabel = new QLabel(inputs);
    m_steps = new QLineEdit(inputs);
    m_steps->setObjectName(u"profilerSteps"_s);
    m_steps->setClearButtonEnabled(true);
    m_stepsLabel->setBuddy(m_steps);
    m_stepsMessage = addCheckedRow(what, m_stepsLabel, m_steps, u"profilerStepsMessage"_s);

    m_ranksLabel = new QLabel(inputs);
    auto *ranksRow = new QHBoxLayout;
    m_ranks = new QLineEdit(inputs);
    m_ranks->setObjectName(u"profilerRanks"_s);
    m_ranks->setClearButtonEnabled(true);
    m_allRanks = new QCheckBox(inputs);
    m_allRanks->setObjectName(u"profilerAllRanks"_s);
    ranksRow->addWidget(m_ranks, 1);
    ranksRow->addWidget(m_allRanks);
    m_ranksLabel->setBuddy(m_ranks);
    m_ranksMessage = addCheckedRow(what, m_ranksLabel, ranksRow, m_ranks, u"profilerRanksMessage"_s);

    auto *collect = what;
    m_collectHeading = heading(inputs, u"profilerCollectHeading"_s);
    collect->addRow(m_collectHeading);
    m_contentsLabel = new QLabel(inputs);
    m_contents = new QFrame(inputs);
    m_contents->setObjectName(u"profilerContents"_s);
    auto *contents = new QGridLayout(m_contents);
    contents->setContentsMargins(2, 2, 2, 2);
    const QStringList items = verl::allowedContents();
    for (qsizetype i = 0; i < items.size(); ++i) {
        auto *box = new QCheckBox(items.at(i), m_contents);
        box->setObjectName(u"profilerContent_"_s + items.at(i));
        box->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont)); // the values verl's option takes
        contents->addWidget(box, static_cast<int>(i / 3), static_cast<int>(i % 3));
        m_contentBoxes << box;
    }
    m_contentsLabel->setBuddy(m_contentBoxes.constFirst());
    collect->addRow(m_contentsLabel, m_contents);

    m_levelLabel = new QLabel(inputs);
    m_level = new QComboBox(inputs);
    m_level->setObjectName(u"profilerLevel"_s);
    m_level->addItem(QString(), QString());
    for (const QString &level : verl::allowedLevels())
        m_level->addItem(level, level);
    m_levelLabel->setBuddy(m_level);
    collect->addRow(m_levelLabel, m_level);

    m_analysis = new QCheckBox(inputs);
    m_analysis->setObjectName(u"profilerAnalysis"_s);
    collect->addRow(QString(), m_analysis);
    m_discrete = new QCheckBox(inputs);
    m_discrete->setObjectName(u"profilerDiscrete"_s);
    collect->addRow(QString(), m_discrete);
    m_continuous = new QCheckBox(inputs);
    m_continuous->setObjectName(u"profilerContinuous"_s);
    collect->addRow(QString(), m_continuous);

    m_tokensLabel = new QLabel(inputs);
    auto *tokensRow = new QHBoxLayout;
    m_tokenStart = new QLineEdit(inputs);
    m_tokenStart->setObjectName(u"profilerTokenStart"_s);
    m_tokenEnd = new QLineEdit(inputs);
    m_tokenEnd->setObjectName(u"profilerTokenEnd"_s);
    tokensRow->addWidget(m_tokenStart);
    tokensRow->addWidget(new QLabel(u"–"_s, inputs));
    tokensRow->addWidget(m_tokenEnd);
    m_tokensLabel->setBuddy(m_tokenStart);
    m_tokensMessage = addCheckedRow(collect, m_tokensLabel, tokensRow, m_tokenStart, u"profilerTokensMessage"_s);

    m_savePathLabel = new QLabel(inputs);
    m_savePath = new QLineEdit(inputs);
    m_savePath->setObjectName(u"profilerSavePath"_s);
    m_savePath->setClearButtonEnabled(true);
    m_savePathLabel->setBuddy(m_savePath);
    collect->addRow(m_savePathLabel, m_savePath);

    m_formatLabel = new QLabel(inputs);
    m_format = new QComboBox(inputs);
    m_format->setObjectName(u"profilerFormat"_s);
    for (const profiler::Format format :
         {profiler::Format::Shell, profiler::Format::Line, profiler::Format::Yaml, profiler::Format::Json})
        m_format->addItem(QString(), profiler::formatName(format));
    m_formatLabel->setBuddy(m_format);
    collect->addRow(m_formatLabel, m_format);
    layout->addLayout(what);

    m_importHeading = heading(inputs, u"profilerImportHeading"_s);
    layout->addWidget(m_importHeading);
    m_importHint = new QLabel(inputs);
    m_importHint->setWordWrap(true);
    layout->addWidget(m_importHint);
    m_importText = new TextBox(inputs, u"profilerImportText"_s);
    m_importText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_importText->setFixedHeight(fontMetrics().height() * 6);
    m_importHint->setBuddy(m_importText);
    layout->addWidget(m_importText);
    m_importMessage = addMessage(layout, m_importText, u"profilerImportMessage"_s);
    auto *importRow = new QHBoxLayout;
    importRow->addStretch(1);
    m_import = new QPushButton(inputs);
    m_import->setObjectName(u"profilerImport"_s);
    importRow->addWidget(m_import);
    layout->addLayout(importRow);
    m_importNotes = new NotesList(inputs);
    m_importNotes->setObjectName(u"profilerImportNotes"_s);
    layout->addWidget(m_importNotes);
    layout->addStretch(1);

    auto *results = new QWidget(page);
    auto *resultLayout = new QVBoxLayout(results);
    m_previewHeading = heading(results, u"profilerPreviewHeading"_s);
    auto *previewHead = new QHBoxLayout;
    previewHead->addWidget(m_previewHeading, 1);
    m_copy = new QPushButton(results);
    m_copy->setObjectName(u"profilerCopy"_s);
    m_copy->setDefault(true);
    previewHead->addWidget(m_copy);
    resultLayout->addLayout(previewHead);
    m_preview = monospaceText(results, u"profilerPreview"_s);
    m_preview->setMinimumHeight(fontMetrics().height() * 10);
    resultLayout->addWidget(m_preview, 2);
    m_status = resultLabel(results, u"profilerStatus"_s);
    resultLayout->addWidget(m_status);
    m_findingsHeading = heading(results, u"profilerFindingsHeading"_s);
    resultLayout->addWidget(m_findingsHeading);
    m_findings = new NotesList(results);
    m_findings->setObjectName(u"profilerFindings"_s);
    resultLayout->addWidget(m_findings);
    resultLayout->addStretch(1);

    m_splitter = new QSplitter(Qt::Horizontal, page);
    m_splitter->setObjectName(u"profilerSplitter"_s);
    m_splitter->addWidget(scrolling(inputs, page));
    m_splitter->addWidget(scrolling(results, page));
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_splitter);
}

void ProfilerTab::buildLint(QWidget *page)
{
    auto *inputs = new QWidget(page);
    auto *layout = new QVBoxLayout(inputs);
    m_scriptLabel = new QLabel(inputs);
    m_scriptLabel->setWordWrap(true);
    layout->addWidget(m_scriptLabel);
    m_script = new TextBox(inputs, u"profilerScript"_s);
    m_script->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_scriptLabel->setBuddy(m_script);
    layout->addWidget(m_script, 1);
    m_scriptMessage = addMessage(layout, m_script, u"profilerScriptMessage"_s);
    auto *fileRow = new QHBoxLayout;
    m_openScript = new QPushButton(inputs);
    m_openScript->setObjectName(u"profilerOpenScript"_s);
    m_scriptFile = new QLabel(inputs);
    m_scriptFile->setObjectName(u"profilerScriptFile"_s);
    m_scriptFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fileRow->addWidget(m_openScript);
    fileRow->addWidget(m_scriptFile, 1);
    layout->addLayout(fileRow);
    auto *fromRow = new QHBoxLayout;
    m_fromLabel = new QLabel(inputs);
    m_lintFrom = new QComboBox(inputs);
    m_lintFrom->setObjectName(u"profilerLintFrom"_s);
    m_lintFrom->addItem(QString(), QString());
    for (const verl::Version &v : verl::knownReleases())
        m_lintFrom->addItem(v.toString(), v.toString());
    m_lintFrom->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_fromLabel->setBuddy(m_lintFrom);
    fromRow->addWidget(m_fromLabel);
    fromRow->addWidget(m_lintFrom, 1);
    layout->addLayout(fromRow);
    auto *actions = new QHBoxLayout;
    m_lintBusy = new QProgressBar(inputs);
    m_lintBusy->setObjectName(u"profilerLintBusy"_s);
    m_lintBusy->setRange(0, 0);
    m_lintBusy->setTextVisible(false);
    m_lintBusy->hide();
    m_lintCancel = new QPushButton(inputs);
    m_lintCancel->setObjectName(u"profilerLintCancel"_s);
    m_lintCancel->hide();
    m_lint = new QPushButton(inputs);
    m_lint->setObjectName(u"profilerLint"_s);
    m_lint->setDefault(true);
    m_move = new QPushButton(inputs);
    m_move->setObjectName(u"profilerMove"_s);
    actions->addWidget(m_lintBusy, 1);
    actions->addWidget(m_lintCancel);
    actions->addStretch();
    actions->addWidget(m_move);
    actions->addWidget(m_lint);
    layout->addLayout(actions);

    auto *results = new QWidget(page);
    auto *resultLayout = new QVBoxLayout(results);
    m_lintSummary = resultLabel(results, u"profilerLintSummary"_s);
    resultLayout->addWidget(m_lintSummary);
    m_lintModel = new FindingsModel(this);
    m_lintTable = new QTableView(results);
    m_lintTable->setObjectName(u"profilerLintTable"_s);
    m_lintTable->setModel(m_lintModel);
    // Keys are long words: wrapped at their dots, never cut where a typo and its fix differ.
    m_lintTable->setItemDelegate(new BreakableDelegate(m_lintTable));
    m_lintTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_lintTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_lintTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_lintTable->setWordWrap(true);
    m_lintTable->verticalHeader()->hide();
    m_lintTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QHeaderView *header = m_lintTable->horizontalHeader();
    for (int column = 0; column < FindingsModel::ColumnCount; ++column)
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FindingsModel::MessageColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(FindingsModel::FixColumn, QHeaderView::Stretch);
    // The rule's id is in the tooltip: its column took the room the problem and the fix need.
    m_lintTable->hideColumn(FindingsModel::RuleColumn);
    resultLayout->addWidget(m_lintTable, 3);
    m_lintNotesScroll = new QScrollArea(results);
    m_lintNotesScroll->setFocusPolicy(Qt::NoFocus);
    m_lintNotesScroll->setObjectName(u"profilerLintNotesScroll"_s);
    m_lintNotesScroll->setWidgetResizable(true);
    m_lintNotesScroll->setFrameShape(QFrame::NoFrame);
    // The notes from the top, the space below them empty (a stretched list would spread its rows).
    auto *notesPane = new QWidget(m_lintNotesScroll);
    auto *notesLayout = new QVBoxLayout(notesPane);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    m_lintNotes = new NotesList(notesPane);
    m_lintNotes->setObjectName(u"profilerLintNotes"_s);
    notesLayout->addWidget(m_lintNotes);
    notesLayout->addStretch(1);
    m_lintNotesScroll->setWidget(notesPane);
    m_lintNotesScroll->hide();
    resultLayout->addWidget(m_lintNotesScroll, 1);

    auto *correctionsHead = new QHBoxLayout;
    m_correctionsHeading = heading(results, u"profilerCorrectionsHeading"_s);
    correctionsHead->addWidget(m_correctionsHeading, 1);
    m_toForm = new QPushButton(results);
    m_toForm->setObjectName(u"profilerToForm"_s);
    correctionsHead->addWidget(m_toForm);
    m_copyCorrections = new QPushButton(results);
    m_copyCorrections->setObjectName(u"profilerCopyCorrections"_s);
    correctionsHead->addWidget(m_copyCorrections);
    resultLayout->addLayout(correctionsHead);
    m_corrections = monospaceText(results, u"profilerCorrections"_s);
    resultLayout->addWidget(m_corrections, 1);

    m_lintSplitter = new QSplitter(Qt::Horizontal, page);
    m_lintSplitter->setObjectName(u"profilerLintSplitter"_s);
    m_lintSplitter->addWidget(inputs);
    m_lintSplitter->addWidget(results);
    m_lintSplitter->setStretchFactor(0, 2);
    m_lintSplitter->setStretchFactor(1, 3);
    m_lintSplitter->setChildrenCollapsible(false);
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_lintSplitter);
}

void ProfilerTab::retranslate()
{
    m_importText->setLimit(TextBox::kDefaultLimit, m_importMessage, tr("Paste only the launch command."));
    m_script->setLimit(4 * TextBox::kDefaultLimit, m_scriptMessage, tr("Open the script file instead."));
    showScriptOrigin();
    m_description->setText(tr("Turn on verl's NPU profiler with overrides Hydra and verl accept for your version, "
                              "or check a launch command you already have against your release's whole config, "
                              "and move it from another release."));
    showVerl();
    m_pages->setTabText(static_cast<int>(Page::Generate), tr("&Generate"));
    m_pages->setTabText(static_cast<int>(Page::Lint), tr("La&unch command"));

    m_whatHeading->setText(tr("What to profile"));
    m_rolesLabel->setText(tr("&Roles:"));
    const QStringList roleTips{
        tr("The policy being trained: actor_rollout_ref.actor"),
        tr("The reference model: actor_rollout_ref.ref"),
        tr("Generation: actor_rollout_ref.rollout (0.5 shares the actor's block)"),
        tr("The value model: critic"),
        tr("The reward model: reward_model (uses the actor's contents and level)"),
    };
    for (qsizetype i = 0; i < m_roleBoxes.size(); ++i)
        m_roleBoxes.at(i)->setToolTip(roleTips.value(i));
    m_stepsLabel->setText(tr("&Steps:"));
    m_steps->setPlaceholderText(u"1,2,5"_s);
    m_steps->setToolTip(tr("Training steps to profile, comma-separated; steps start at 1"));
    m_ranksLabel->setText(tr("R&anks:"));
    m_ranks->setPlaceholderText(tr("rank 0 only"));
    m_ranks->setToolTip(tr("Ranks to profile, comma-separated, e.g. 0,8 for the first rank of two nodes"));
    m_allRanks->setText(tr("All ranks"));
    m_allRanks->setToolTip(tr("Profile every rank: one trace per rank, so plan the disk space"));

    m_collectHeading->setText(tr("What to collect"));
    m_contentsLabel->setText(tr("&Contents:"));
    const QStringList contentTips{
        tr("Operators and tasks on the NPU"), tr("Host-side activity (Python, framework)"),
        tr("Memory use of operators"),        tr("Input shapes of operators"),
        tr("Python module hierarchy"),        tr("Python call stacks (large traces)"),
    };
    for (qsizetype i = 0; i < m_contentBoxes.size(); ++i)
        m_contentBoxes.at(i)->setToolTip(contentTips.value(i));
    m_contents->setToolTip(tr("None ticked: what an empty contents list means in your version"));
    m_levelLabel->setText(tr("L&evel:"));
    m_analysis->setText(tr("Parse traces after collecting (a&nalysis)"));
    m_analysis->setToolTip(tr("Off: keep raw data and parse it offline later, which makes the run faster"));
    m_discrete->setText(tr("One database per task (&discrete)"));
    m_discrete->setToolTip(
        tr("On: actor update, log-prob and rollout each get their own trace; needed for the agent-loop rollout"));
    m_continuous->setText(tr("Consecutive steps share one database (continuous steps)"));
    m_tokensLabel->setText(tr("Rollout &tokens:"));
    m_tokenStart->setPlaceholderText(tr("first"));
    m_tokenEnd->setPlaceholderText(tr("last"));
    m_tokenStart->setToolTip(tr("Profile only these generated tokens of the rollout (verl 0.9 and later)"));
    m_tokenEnd->setToolTip(m_tokenStart->toolTip());
    m_savePathLabel->setText(tr("Save &path:"));
    m_savePath->setPlaceholderText(tr("verl's default"));
    m_savePath->setToolTip(tr("Where traces are written on every node"));
    m_formatLabel->setText(tr("&Output:"));
    m_format->setItemText(0, tr("bash, one override per line"));
    m_format->setItemText(1, tr("bash, one line"));
    m_format->setItemText(2, tr("YAML"));
    m_format->setItemText(3, tr("JSON"));
    m_importHeading->setText(tr("Import a command"));
    m_importHint->setText(tr("Paste a launch command: the form takes its profiler settings, corrected, and the "
                             "problems it had are listed below."));
    m_importText->setPlaceholderText(u"python3 -m verl.trainer.main_ppo \\\n"
                                     u"    actor_rollout_ref.actor.profiler.tool_config.npu.level=1 …"_s);
    m_import->setText(tr("I&mport into the form"));
    m_import->setToolTip(tr("Fill the form from the pasted command (Ctrl+Return in the box)"));

    m_previewHeading->setText(tr("Overrides"));
    m_copy->setText(tr("Cop&y"));
    m_copy->setToolTip(tr("Copy the overrides (Ctrl+Shift+C or Ctrl+Return)"));
    m_findingsHeading->setText(tr("What this will do"));

    m_scriptLabel->setText(tr("Paste a launch command or a whole &script; every override is checked against your "
                              "release's config as you type. You can also drop a file on this tab."));
    m_script->setPlaceholderText(u"export HCCL_DEBUG=INFO\n"
                                 u"python3 -m verl.trainer.main_ppo \\\n"
                                 u"    …tool_config.npu.contents=npu,cpu \\\n"
                                 u"    …tool_config.npu.level=1"_s);
    m_openScript->setText(tr("&Open script…"));
    m_fromLabel->setText(tr("&Written for verl:"));
    m_lintFrom->setItemText(0, tr("my version (check only)"));
    m_lintFrom->setToolTip(tr("The verl release the script was written for, to move it to yours"));
    m_lint->setText(tr("&Check"));
    m_lint->setToolTip(tr("Check the script again (Ctrl+Return)"));
    m_lintCancel->setText(tr("Cancel"));
    m_correctionsHeading->setText(m_state.migration ? tr("Moved to verl %1").arg(m_state.migration->to.toString())
                                                    : tr("Corrected command"));
    m_toForm->setText(tr("Open in the gene&rator"));
    m_toForm->setToolTip(tr("Fill the Generate page's form from this script"));
    m_copyCorrections->setText(tr("Cop&y"));
    m_copyCorrections->setToolTip(tr("Copy the corrected command (Ctrl+Shift+C)"));
    updateMove();
    updateAvailability();
}

} // namespace vna::ui
