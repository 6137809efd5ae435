#include "profilertab.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/noteslist.h"
#include "common/settingskeys.h"
#include "common/textbox.h"
#include "common/widgets.h"
#include "profiler/findingsmodel.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

constexpr int kFormDebounceMs = 100;
constexpr int kLintDebounceMs = 300;

QString joinNumbers(const QList<qint64> &numbers)
{
    QStringList parts;
    for (const qint64 n : numbers)
        parts << QString::number(n);
    return parts.join(u',');
}

// A single whole number >= 0 typed in a field, or nothing when the field is empty.
Result<std::optional<qint64>> optionalNumber(const QString &text, const QString &where)
{
    if (text.trimmed().isEmpty())
        return std::optional<qint64>();
    const auto numbers = profiler::parseNumberList(text, where);
    if (!numbers)
        return numbers.error();
    if (numbers->size() != 1 || numbers->constFirst() < 0) {
        return Error::input(
            QCoreApplication::translate("vna::ui::ProfilerTab", "%1 takes one whole number ≥ 0.").arg(where), where);
    }
    return std::optional<qint64>(numbers->constFirst());
}

} // namespace

ProfilerTab::ProfilerTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    setObjectName(u"profilerTab"_s);
    setAcceptDrops(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    m_description = new QLabel(top);
    m_description->setObjectName(u"profilerDescription"_s);
    m_description->setWordWrap(true);
    topLayout->addWidget(m_description);
    m_verl = new QLabel(top);
    m_verl->setObjectName(u"profilerVerl"_s);
    m_verl->setWordWrap(true);
    topLayout->addWidget(m_verl);
    layout->addWidget(top);

    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"profilerPages"_s);
    m_pages->setDocumentMode(true);
    auto *generatePage = new QWidget(m_pages);
    auto *lintPage = new QWidget(m_pages);
    buildGenerate(generatePage);
    buildLint(lintPage);
    m_pages->addTab(generatePage, QString());
    m_pages->addTab(lintPage, QString());
    layout->addWidget(m_pages, 1);

    m_formTimer = new QTimer(this);
    m_formTimer->setSingleShot(true);
    m_formTimer->setInterval(kFormDebounceMs);
    connect(m_formTimer, &QTimer::timeout, this, &ProfilerTab::generate);
    m_lintTimer = new QTimer(this);
    m_lintTimer->setSingleShot(true);
    m_lintTimer->setInterval(kLintDebounceMs);
    connect(m_lintTimer, &QTimer::timeout, this, &ProfilerTab::lintNow);
    m_lintJobs = new JobRunner(session, this);
    m_lintJobs->setBusyRow(m_lintBusy, m_lintCancel);
    connect(m_lintJobs, &JobRunner::busyShown, this, [this] { m_lintSummary->setText(tr("Checking the script…")); });
    connect(m_lintJobs, &JobRunner::runningChanged, this, [this](bool running) {
        if (!running && m_lintJobs->wasCancelled())
            m_lintSummary->setText(tr("Cancelled. Edit the script or press Lint to check it again."));
    });
    m_importJobs = new JobRunner(session, this);

    retranslate();
    loadSettings();
    updateAvailability();

    connect(&this->session(), &Session::verlVersionChanged, this, [this] {
        showVerl();
        updateAvailability();
        formChanged();
        scriptChanged();
    });
    for (QCheckBox *box : m_roleBoxes + m_contentBoxes + QList<QCheckBox *>{m_analysis, m_discrete, m_continuous})
        connect(box, &QCheckBox::toggled, this, &ProfilerTab::formChanged);
    for (QCheckBox *box : m_roleBoxes)
        connect(box, &QCheckBox::toggled, this, &ProfilerTab::updateAvailability);
    connect(m_allRanks, &QCheckBox::toggled, this, [this] {
        updateAvailability();
        formChanged();
    });
    for (QLineEdit *field : {m_steps, m_ranks, m_tokenStart, m_tokenEnd, m_savePath})
        connect(field, &QLineEdit::textChanged, this, &ProfilerTab::formChanged);
    for (QComboBox *combo : {m_level, m_format})
        connect(combo, &QComboBox::currentIndexChanged, this, &ProfilerTab::formChanged);
    connect(m_copy, &QPushButton::clicked, this, [this] { copy(m_preview->toPlainText()); });
    connect(m_import, &QPushButton::clicked, this, [this] { startImport(m_importText->toPlainText()); });
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { saveSettings(); });

    connect(m_script, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_loading) {
            m_scriptFile->clear(); // typing makes it the user's text, not the file's
            m_linkOrigin.clear();
        }
        scriptChanged();
    });
    connect(m_lint, &QPushButton::clicked, this, &ProfilerTab::lintNow);
    connect(m_openScript, &QPushButton::clicked, this, &ProfilerTab::browseScript);
    connect(m_lintTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ProfilerTab::showFinding);
    connect(m_copyCorrections, &QPushButton::clicked, this, [this] { copy(m_corrections->toPlainText()); });
    connect(m_toForm, &QPushButton::clicked, this, &ProfilerTab::sendScriptToForm);
    connect(m_lintSplitter, &QSplitter::splitterMoved, this, [this] { saveSettings(); });
    connect(m_pages, &QTabWidget::currentChanged, this, [this] {
        m_dirty = true;
        saveSettings();
    });

    addPrimaryShortcut(this, [this] {
        if (m_pages->currentIndex() == static_cast<int>(Page::Lint))
            m_lint->click();
        else if (m_importText->hasFocus())
            m_import->click();
        else
            m_copy->click();
    });
    addShortcut(this, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), [this] { copyMain(); });

    generate();
    lintNow();
}

ProfilerTab::~ProfilerTab() = default;

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
    m_rolesMessage = new FieldMessage(m_roles, inputs);
    m_rolesMessage->setObjectName(u"profilerRolesMessage"_s);
    what->addRow(m_rolesLabel, m_roles);
    what->addRow(QString(), m_rolesMessage);

    m_stepsLabel = new QLabel(inputs);
    m_steps = new QLineEdit(inputs);
    m_steps->setObjectName(u"profilerSteps"_s);
    m_steps->setClearButtonEnabled(true);
    m_stepsLabel->setBuddy(m_steps);
    m_stepsMessage = new FieldMessage(m_steps, inputs);
    m_stepsMessage->setObjectName(u"profilerStepsMessage"_s);
    what->addRow(m_stepsLabel, m_steps);
    what->addRow(QString(), m_stepsMessage);

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
    m_ranksMessage = new FieldMessage(m_ranks, inputs);
    m_ranksMessage->setObjectName(u"profilerRanksMessage"_s);
    what->addRow(m_ranksLabel, ranksRow);
    what->addRow(QString(), m_ranksMessage);

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
    m_tokensMessage = new FieldMessage(m_tokenStart, inputs);
    m_tokensMessage->setObjectName(u"profilerTokensMessage"_s);
    collect->addRow(m_tokensLabel, tokensRow);
    collect->addRow(QString(), m_tokensMessage);

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
    m_importMessage = new FieldMessage(m_importText, inputs);
    m_importMessage->setObjectName(u"profilerImportMessage"_s);
    layout->addWidget(m_importMessage);
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
    m_scriptMessage = new FieldMessage(m_script, inputs);
    m_scriptMessage->setObjectName(u"profilerScriptMessage"_s);
    layout->addWidget(m_scriptMessage);
    auto *fileRow = new QHBoxLayout;
    m_openScript = new QPushButton(inputs);
    m_openScript->setObjectName(u"profilerOpenScript"_s);
    m_scriptFile = new QLabel(inputs);
    m_scriptFile->setObjectName(u"profilerScriptFile"_s);
    m_scriptFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fileRow->addWidget(m_openScript);
    fileRow->addWidget(m_scriptFile, 1);
    layout->addLayout(fileRow);
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
    actions->addWidget(m_lintBusy, 1);
    actions->addWidget(m_lintCancel);
    actions->addStretch();
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
    header->setSectionResizeMode(FindingsModel::FixColumn, QHeaderView::Interactive);
    header->resizeSection(FindingsModel::FixColumn, fontMetrics().averageCharWidth() * 28);
    resultLayout->addWidget(m_lintTable, 3);

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
                              "or find what is wrong in a launch command you already have."));
    showVerl();
    m_pages->setTabText(static_cast<int>(Page::Generate), tr("&Generate"));
    m_pages->setTabText(static_cast<int>(Page::Lint), tr("&Lint a script"));

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
    m_import->setText(tr("&Import into the form"));
    m_import->setToolTip(tr("Fill the form from the pasted command (Ctrl+Return in the box)"));

    m_previewHeading->setText(tr("Overrides"));
    m_copy->setText(tr("Cop&y"));
    m_copy->setToolTip(tr("Copy the overrides (Ctrl+Shift+C or Ctrl+Return)"));
    m_findingsHeading->setText(tr("What this will do"));

    m_scriptLabel->setText(tr("Paste a launch command or a whole &script; problems are listed as you type. You "
                              "can also drop a file on this tab."));
    m_script->setPlaceholderText(u"export HCCL_DEBUG=INFO\n"
                                 u"python3 -m verl.trainer.main_ppo \\\n"
                                 u"    …tool_config.npu.contents=npu,cpu \\\n"
                                 u"    …tool_config.npu.level=1"_s);
    m_openScript->setText(tr("&Open script…"));
    m_lint->setText(tr("Lin&t"));
    m_lint->setToolTip(tr("Check the script again (Ctrl+Return)"));
    m_lintCancel->setText(tr("Cancel"));
    m_correctionsHeading->setText(tr("Corrected overrides"));
    m_toForm->setText(tr("Open in the gene&rator"));
    m_toForm->setToolTip(tr("Fill the Generate page's form from this script"));
    m_copyCorrections->setText(tr("Cop&y"));
    m_copyCorrections->setToolTip(tr("Copy the corrected overrides (Ctrl+Shift+C)"));
    updateAvailability();
}

void ProfilerTab::loadSettings()
{
    m_loading = true;
    const Settings settings;
    const QStringList roles = settings.value(keys::profilerRoles).split(u',', Qt::SkipEmptyParts);
    for (QCheckBox *box : m_roleBoxes)
        box->setChecked(roles.contains(box->text()));
    m_steps->setText(settings.value(keys::profilerSteps));
    m_savePath->setText(settings.value(keys::profilerSavePath));
    const QStringList contents = settings.value(keys::profilerContents).split(u',', Qt::SkipEmptyParts);
    for (QCheckBox *box : m_contentBoxes)
        box->setChecked(contents.contains(box->text()));
    const int level = m_level->findData(settings.value(keys::profilerLevel));
    m_level->setCurrentIndex(level >= 0 ? level : 0);
    m_analysis->setChecked(settings.value(keys::profilerAnalysis));
    m_discrete->setChecked(settings.value(keys::profilerDiscrete));
    m_ranks->setText(settings.value(keys::profilerRanks));
    m_allRanks->setChecked(settings.value(keys::profilerAllRanks));
    m_continuous->setChecked(settings.value(keys::profilerContinuous));
    m_tokenStart->setText(settings.value(keys::profilerTokenStart));
    m_tokenEnd->setText(settings.value(keys::profilerTokenEnd));
    const int format = m_format->findData(settings.value(keys::profilerFormat));
    m_format->setCurrentIndex(format >= 0 ? format : 0);
    m_pages->setCurrentIndex(settings.value(keys::profilerPage));
    for (const auto &[key, splitter] :
         {std::pair{&keys::profilerSplitter, m_splitter}, std::pair{&keys::profilerLintSplitter, m_lintSplitter}}) {
        const QByteArray state = settings.value(*key);
        if (!state.isEmpty())
            splitter->restoreState(state);
    }
    m_loading = false;
}

void ProfilerTab::saveSettings() const
{
    if (m_loading || !m_dirty)
        return;
    Settings settings;
    QStringList roles;
    for (const QCheckBox *box : m_roleBoxes) {
        if (box->isChecked())
            roles << box->text();
    }
    settings.setValue(keys::profilerRoles, roles.join(u','));
    settings.setValue(keys::profilerSteps, m_steps->text());
    settings.setValue(keys::profilerSavePath, m_savePath->text());
    QStringList contents;
    for (const QCheckBox *box : m_contentBoxes) {
        if (box->isChecked())
            contents << box->text();
    }
    settings.setValue(keys::profilerContents, contents.join(u','));
    settings.setValue(keys::profilerLevel, m_level->currentData().toString());
    settings.setValue(keys::profilerAnalysis, m_analysis->isChecked());
    settings.setValue(keys::profilerDiscrete, m_discrete->isChecked());
    settings.setValue(keys::profilerRanks, m_ranks->text());
    settings.setValue(keys::profilerAllRanks, m_allRanks->isChecked());
    settings.setValue(keys::profilerContinuous, m_continuous->isChecked());
    settings.setValue(keys::profilerTokenStart, m_tokenStart->text());
    settings.setValue(keys::profilerTokenEnd, m_tokenEnd->text());
    settings.setValue(keys::profilerFormat, m_format->currentData().toString());
    settings.setValue(keys::profilerPage, m_pages->currentIndex());
    settings.setValue(keys::profilerSplitter, m_splitter->saveState());
    settings.setValue(keys::profilerLintSplitter, m_lintSplitter->saveState());
}

const std::optional<profiler::Plan> &ProfilerTab::plan() const
{
    return m_plan;
}

bool ProfilerTab::isBusy() const
{
    return m_formTimer->isActive() || m_lintTimer->isActive() || m_lintJobs->isRunning() || m_importJobs->isRunning();
}

void ProfilerTab::showPage(Page page)
{
    m_pages->setCurrentIndex(static_cast<int>(page));
}

void ProfilerTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        generate(); // the findings' texts are translated when they are made
        lintNow();
        retranslateImportNotes();
    }
    ToolTab::changeEvent(event);
}

void ProfilerTab::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void ProfilerTab::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openScript(urls.first().toLocalFile());
}

// ---- Generate ----

void ProfilerTab::formChanged()
{
    if (m_loading)
        return;
    m_dirty = true;
    m_formTimer->start();
}

std::optional<verl::Version> ProfilerTab::readVersion()
{
    return session().verlVersion();
}

void ProfilerTab::showVerl()
{
    m_verl->setText(tr("For verl %1 (set in the toolbar).").arg(session().verlVersion().toString()));
}

void ProfilerTab::updateAvailability()
{
    const auto version = Result<verl::Version>(session().verlVersion());
    const verl::Version v = version ? *version : verl::latestKnown();
    m_ranks->setEnabled(!m_allRanks->isChecked());
    for (const verl::Role role : verl::allRoles()) {
        QCheckBox *box = m_roleBoxes.at(static_cast<int>(role));
        const bool available = verl::hasRole(v, role);
        box->setEnabled(available);
        //: %1 is a verl version, %2 a role name such as reward
        box->setToolTip(
            available ? QString()
                      : tr("verl %1 has no profiler settings for the %2 role").arg(v.toString(), verl::roleName(role)));
    }
    const bool continuous = verl::hasContinuousSteps(v);
    m_continuous->setEnabled(continuous);
    m_continuous->setToolTip(continuous ? tr("profile_continuous_steps: needs discrete off")
                                        : tr("verl 0.6.0 and later only"));
    const bool rollout = m_roleBoxes.at(static_cast<int>(verl::Role::Rollout))->isChecked();
    const bool tokens = verl::hasTokenRange(v) && rollout;
    m_tokenStart->setEnabled(tokens);
    m_tokenEnd->setEnabled(tokens);
    m_tokensLabel->setToolTip(tokens ? QString() : tr("verl 0.9.0 and later, with the rollout role ticked"));
    //: The first entry of the level list; %1 is the level verl uses when none is given
    const QString level = verl::defaultLevel(v);
    m_level->setItemText(0, level.isEmpty() ? tr("version default") : tr("version default (%1)").arg(level));
}

std::optional<profiler::Request> ProfilerTab::readRequest(const verl::Version &version)
{
    profiler::Request request;
    request.version = version;
    bool valid = true;
    const auto check = [&valid](FieldMessage *message, const auto &result) {
        message->setMessage(result ? QString() : result.error().message);
        valid = valid && result.ok();
    };

    request.roles.clear();
    for (const verl::Role role : verl::allRoles()) {
        const QCheckBox *box = m_roleBoxes.at(static_cast<int>(role));
        if (box->isChecked() && box->isEnabled()) // a role the version lacks is greyed out and left out
            request.roles << role;
    }
    const auto steps = profiler::parseNumberList(m_steps->text(), tr("Steps"));
    check(m_stepsMessage, steps);
    if (steps)
        request.steps = *steps;
    request.savePath = m_savePath->text().trimmed();
    request.contents.clear();
    for (const QCheckBox *box : m_contentBoxes) {
        if (box->isChecked())
            request.contents << box->text();
    }
    request.level = m_level->currentData().toString();
    request.analysis = m_analysis->isChecked();
    request.discrete = m_discrete->isChecked();
    request.allRanks = m_allRanks->isChecked();
    if (!request.allRanks) {
        const auto ranks = profiler::parseNumberList(m_ranks->text(), tr("Ranks"));
        check(m_ranksMessage, ranks);
        if (ranks)
            request.ranks = *ranks;
    } else {
        m_ranksMessage->setMessage(QString());
    }
    request.continuousSteps = m_continuous->isEnabled() && m_continuous->isChecked();
    m_tokensMessage->setMessage(QString());
    if (m_tokenStart->isEnabled()) {
        const auto start = optionalNumber(m_tokenStart->text(), tr("The first token"));
        const auto end = optionalNumber(m_tokenEnd->text(), tr("The last token"));
        check(m_tokensMessage, start);
        if (start && !end)
            check(m_tokensMessage, end);
        if (start && end) {
            request.tokenStart = *start;
            request.tokenEnd = *end;
        }
    }
    return valid ? std::optional(request) : std::nullopt;
}

void ProfilerTab::generate()
{
    m_formTimer->stop();
    saveSettings();
    m_dirty = false;
    m_plan.reset();
    m_rolesMessage->setMessage(QString());

    const auto version = readVersion();
    const auto request = version ? readRequest(*version) : std::nullopt;
    QString problem;
    if (request) {
        auto plan = profiler::buildPlan(*request);
        if (plan) {
            m_plan = std::move(*plan);
        } else {
            // Point at the field the problem is in when there is one.
            const QString where = plan.error().where;
            FieldMessage *field = where == u"--roles" ? m_rolesMessage
                : where == u"--steps"                 ? m_stepsMessage
                : where == u"--ranks"                 ? m_ranksMessage
                : where.startsWith(u"--token")        ? m_tokensMessage
                                                      : nullptr;
            if (field)
                field->setMessage(plan.error().message);
            else
                problem = plan.error().message;
        }
    }

    if (m_plan) {
        const auto format = profiler::parseFormat(m_format->currentData().toString(), QString());
        m_preview->setPlainText(profiler::render(*m_plan, format ? *format : profiler::Format::Shell));
        m_status->clear();
        m_status->hide();
        QList<NoteItem> notes;
        if (const QString nearest = profiler::versionNote(request->version); !nearest.isEmpty())
            notes.append({Severity::Info, nearest});
        for (const profiler::Finding &finding : m_plan->findings)
            notes.append({severityOf(finding), finding.message});
        for (const QString &note : m_plan->notes)
            notes.append({Severity::Info, note});
        if (notes.isEmpty())
            notes.append({Severity::Info, tr("Nothing to warn about: these overrides profile what the form says.")});
        m_findings->setNotes(notes);
    } else {
        m_preview->clear();
        m_status->setText(problem.isEmpty() ? tr("Correct the fields marked in red to see the overrides.") : problem);
        m_status->show();
        m_findings->setNotes({});
    }
    m_copy->setEnabled(m_plan.has_value());
    m_findingsHeading->setVisible(m_plan.has_value());
    Q_EMIT previewChanged();
}

void ProfilerTab::applyRequest(const profiler::Request &request)
{
    m_loading = true;
    for (const verl::Role role : verl::allRoles())
        m_roleBoxes.at(static_cast<int>(role))->setChecked(request.roles.contains(role));
    m_steps->setText(joinNumbers(request.steps));
    m_savePath->setText(request.savePath);
    for (QCheckBox *box : m_contentBoxes)
        box->setChecked(request.contents.contains(box->text()));
    const int level = m_level->findData(request.level);
    m_level->setCurrentIndex(level >= 0 ? level : 0);
    m_analysis->setChecked(request.analysis);
    m_discrete->setChecked(request.discrete);
    m_allRanks->setChecked(request.allRanks);
    m_ranks->setText(joinNumbers(request.ranks));
    m_continuous->setChecked(request.continuousSteps);
    m_tokenStart->setText(request.tokenStart ? QString::number(*request.tokenStart) : QString());
    m_tokenEnd->setText(request.tokenEnd ? QString::number(*request.tokenEnd) : QString());
    m_loading = false;
    updateAvailability();
    m_dirty = true;
    generate();
}

void ProfilerTab::startImport(const QString &text)
{
    if (text.trimmed().isEmpty()) {
        m_importNotes->setNotes({{Severity::Warning, tr("Paste a launch command into the box first.")}});
        Q_EMIT importFinished();
        return;
    }
    const auto version = readVersion();
    if (!version) {
        m_importNotes->setNotes({{Severity::Error, tr("Correct the verl version first: the keys depend on it.")}});
        Q_EMIT importFinished();
        return;
    }
    m_importNotes->setNotes({{Severity::Info, tr("Reading the command…")}});
    m_import->setEnabled(false);
    m_importFills = true;
    startLint(m_importJobs, text, *version, [this](const Result<profiler::LintReport> &report) { importDone(report); });
}

void ProfilerTab::retranslateImportNotes()
{
    const QString text = m_importText->toPlainText();
    const auto version = Result<verl::Version>(session().verlVersion());
    if (m_importNotes->notes().isEmpty() || text.trimmed().isEmpty() || !version)
        return;
    m_importFills = false;
    startLint(m_importJobs, text, *version, [this](const Result<profiler::LintReport> &report) { importDone(report); });
}

void ProfilerTab::importDone(const Result<profiler::LintReport> &report)
{
    m_import->setEnabled(true);
    if (!report) {
        m_importNotes->setNotes({{Severity::Error, report.error().message}});
        Q_EMIT importFinished();
        return;
    }
    const auto version = readVersion();
    profiler::Request defaults;
    if (version) {
        const auto current = readRequest(*version);
        defaults = current ? *current : profiler::Request{};
        defaults.version = *version;
    }
    const profiler::Imported imported = profiler::importRequest(report->corrected, defaults);

    QList<NoteItem> notes;
    if (imported.used == 0) {
        notes.append({Severity::Warning,
                      tr("The command sets no profiler override for verl %1; the form is unchanged.")
                          .arg(defaults.version.toString())});
    } else {
        if (m_importFills)
            applyRequest(imported.request);
        notes.append({Severity::Info,
                      tr("The form now holds the profiler settings of %n override(s).", nullptr,
                         static_cast<int>(imported.used))});
    }
    for (const profiler::Finding &finding : report->findings) {
        QString text = finding.line > 0 ? tr("Line %1: %2").arg(finding.line).arg(finding.message) : finding.message;
        if (!finding.fix.isEmpty())
            text += u' ' + tr("Fixed to %1.").arg(finding.fix);
        notes.append({severityOf(finding), text});
    }
    for (const QString &note : imported.notes)
        notes.append({Severity::Info, note});
    // The same corrected command the Lint page and the CLI show, on one line.
    for (const profiler::LaunchReport &launch : report->launches) {
        if (!launch.corrected.isEmpty()) {
            notes.append({Severity::Info,
                          tr("Corrected for verl %1 (line %2): %3")
                              .arg(defaults.version.toString())
                              .arg(launch.line)
                              .arg(launch.corrected.join(u' '))});
        }
    }
    m_importNotes->setNotes(notes);
    Q_EMIT importFinished();
}

// ---- Lint ----

void ProfilerTab::scriptChanged()
{
    if (m_loading)
        return;
    m_lintTimer->start();
}

void ProfilerTab::lintNow()
{
    m_lintTimer->stop();
    const QString text = m_script->toPlainText();
    const auto version = Result<verl::Version>(session().verlVersion());
    if (!version) {
        clearLint(tr("Correct the verl version first: the keys depend on it."));
        return;
    }
    if (text.trimmed().isEmpty()) {
        clearLint(tr("Paste a command or open a script to check it."));
        return;
    }
    startLint(m_lintJobs, text, *version, [this](const Result<profiler::LintReport> &report) { lintDone(report); });
}

void ProfilerTab::startLint(JobRunner *jobs,
                            const QString &text,
                            const verl::Version &version,
                            std::function<void(const Result<profiler::LintReport> &)> done)
{
    jobs->start<Result<profiler::LintReport>>(
        QString(), [text, version](JobControl &control) { return profiler::lint(text, version, &control.cancelled); },
        [done = std::move(done)](const Result<profiler::LintReport> &report) { done(report); });
}

void ProfilerTab::clearLint(const QString &summary)
{
    m_lintJobs->abandon();
    m_lintReport.reset();
    m_lintModel->setFindings({});
    m_corrections->clear();
    m_script->setExtraSelections({});
    m_lintSummary->setText(summary);
    m_copyCorrections->setEnabled(false);
    m_toForm->setEnabled(false);
    Q_EMIT lintFinished();
}

void ProfilerTab::lintDone(const Result<profiler::LintReport> &report)
{
    if (!report) {
        clearLint(report.error().message);
        // bash cannot read the text past this line: show where.
        if (report.error().position > 0)
            markLine(report.error().position, Severity::Error, 0); // highlight only: the user may be typing
        return;
    }
    m_script->setExtraSelections({});
    m_lintReport = *report;
    m_lintModel->setFindings(report->findings);
    const auto version = Result<verl::Version>(session().verlVersion());
    m_corrections->setPlainText(profiler::correctedText(*report, version ? *version : verl::latestKnown()));
    QStringList lines{report->findings.isEmpty()
                          ? profiler::summary(*report)
                          : profiler::summary(*report) + u' ' + tr("Select a row to see it in the script.")};
    // A few launches by name; a script of many says how many more (the CLI lists them all).
    constexpr qsizetype kShownLaunches = 3;
    const QStringList launches = profiler::launchLines(*report);
    lines << launches.mid(0, kShownLaunches);
    if (launches.size() > kShownLaunches)
        lines << tr("… and %n more launch(es).", nullptr, static_cast<int>(launches.size() - kShownLaunches));
    if (version) {
        if (const QString nearest = profiler::versionNote(*version); !nearest.isEmpty())
            lines << nearest;
    }
    m_lintSummary->setText(lines.join(u'\n'));
    m_copyCorrections->setEnabled(!m_corrections->toPlainText().isEmpty());
    m_toForm->setEnabled(!m_lintReport->corrected.isEmpty());
    Q_EMIT lintFinished();
}

void ProfilerTab::showFinding(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const profiler::Finding &finding = m_lintModel->finding(index.row());
    if (finding.line > 0)
        markLine(finding.line, severityOf(finding), finding.column);
}

void ProfilerTab::markLine(qsizetype line, Severity severity, qsizetype column)
{
    const QTextBlock block = m_script->document()->findBlockByNumber(static_cast<int>(line - 1));
    if (!block.isValid())
        return;
    if (column > 0) {
        QTextCursor cursor(block);
        cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                            static_cast<int>(std::clamp<qsizetype>(column - 1, 0, block.length() - 1)));
        m_script->setTextCursor(cursor);
        m_script->centerCursor();
        m_script->ensureCursorVisible(); // also sideways, to the column
    }
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(block);
    selection.format.setBackground(color(severity).lighter(185));
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    m_script->setExtraSelections({selection});
}

void ProfilerTab::openScript(const QString &path)
{
    showPage(Page::Lint);
    const auto text = profiler::readScriptFile(path);
    if (!text) {
        m_lintSummary->setText(text.error().message);
        session().showStatus(text.error().message);
        Q_EMIT lintFinished();
        return;
    }
    m_loading = true;
    m_script->setPlainText(*text);
    m_loading = false;
    m_linkOrigin.clear();
    m_scriptFile->setText(path);
    lintNow();
}

void ProfilerTab::openLink(const ToolLink &link)
{
    m_pages->setCurrentIndex(static_cast<int>(Page::Lint));
    m_script->setFocus();
    const QString text = logscan::profilerText(link, session().verlVersion());
    if (text.isEmpty()) {
        session().showStatus(tr("Paste the launch command that failed (%1) to check it.").arg(link.origin));
        return;
    }
    m_loading = true;
    m_script->setPlainText(text);
    m_loading = false;
    m_linkOrigin = link.origin;
    showScriptOrigin();
    lintNow();
    if (text.endsWith(u'=')) {
        // The log names the key but not its value: the cursor waits after the = for it.
        m_script->moveCursor(QTextCursor::End);
        session().showStatus(tr("The log shows the key, not its value: type the value after = to check it."));
    }
}

void ProfilerTab::showScriptOrigin()
{
    if (!m_linkOrigin.isEmpty())
        m_scriptFile->setText(tr("From the log analyzer: %1").arg(m_linkOrigin));
}

void ProfilerTab::browseScript()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a launch script"), m_scriptFile->text(),
                                                      tr("Shell scripts (*.sh *.bash);;All files (*)"));
    if (!path.isEmpty())
        openScript(path);
}

void ProfilerTab::sendScriptToForm()
{
    m_importText->setPlainText(m_script->toPlainText());
    showPage(Page::Generate);
    startImport(m_importText->toPlainText());
}

// ---- shared ----

void ProfilerTab::copy(const QString &text)
{
    if (text.isEmpty())
        return;
    QApplication::clipboard()->setText(text);
    session().showStatus(tr("Copied %n line(s)", nullptr, static_cast<int>(text.count(u'\n') + 1)));
}

void ProfilerTab::copyMain()
{
    if (m_pages->currentIndex() == static_cast<int>(Page::Lint))
        copy(m_corrections->toPlainText());
    else
        copy(m_preview->toPlainText());
}

} // namespace vna::ui
