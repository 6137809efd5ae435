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
            m_lintSummary->setText(tr("Cancelled. Edit the script or press Check to check it again."));
    });
    m_importJobs = new JobRunner(session, this);

    retranslate();
    loadSettings();
    updateAvailability();

    connect(&this->session(), &Session::verlVersionChanged, this, [this] {
        showVerl();
        updateMove();
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
            m_state.linkOrigin.clear();
        }
        scriptChanged();
    });
    connect(m_lint, &QPushButton::clicked, this, &ProfilerTab::lintNow);
    connect(m_lintFrom, &QComboBox::currentIndexChanged, this, [this] {
        // While the page moves the script, another source release moves it from there; otherwise the
        // pick waits for the Move button.
        if (m_state.moveFrom || m_lintFrom->currentData().toString().isEmpty())
            moveChanged();
        else
            updateMove();
    });
    connect(m_move, &QPushButton::clicked, this, &ProfilerTab::moveChanged);
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

void ProfilerTab::loadSettings()
{
    m_loading = true;
    m_state.inputs = ProfilerInputs::load();
    const ProfilerInputs &in = m_state.inputs;
    for (QCheckBox *box : m_roleBoxes)
        box->setChecked(in.roles.contains(box->text()));
    m_steps->setText(in.steps);
    m_savePath->setText(in.savePath);
    for (QCheckBox *box : m_contentBoxes)
        box->setChecked(in.contents.contains(box->text()));
    m_level->setCurrentIndex(std::max(0, m_level->findData(in.level)));
    m_analysis->setChecked(in.analysis);
    m_discrete->setChecked(in.discrete);
    m_ranks->setText(in.ranks);
    m_allRanks->setChecked(in.allRanks);
    m_continuous->setChecked(in.continuous);
    m_tokenStart->setText(in.tokenStart);
    m_tokenEnd->setText(in.tokenEnd);
    m_format->setCurrentIndex(std::max(0, m_format->findData(in.format)));
    m_pages->setCurrentIndex(in.page);
    const Settings settings;
    for (const auto &[key, splitter] :
         {std::pair{&keys::profilerSplitter, m_splitter}, std::pair{&keys::profilerLintSplitter, m_lintSplitter}}) {
        const QByteArray state = settings.value(*key);
        if (!state.isEmpty())
            splitter->restoreState(state);
    }
    m_loading = false;
}

void ProfilerTab::readInputs()
{
    ProfilerInputs &in = m_state.inputs;
    in.roles.clear();
    for (const QCheckBox *box : m_roleBoxes) {
        if (box->isChecked())
            in.roles << box->text();
    }
    in.steps = m_steps->text();
    in.savePath = m_savePath->text();
    in.contents.clear();
    for (const QCheckBox *box : m_contentBoxes) {
        if (box->isChecked())
            in.contents << box->text();
    }
    in.level = m_level->currentData().toString();
    in.analysis = m_analysis->isChecked();
    in.discrete = m_discrete->isChecked();
    in.ranks = m_ranks->text();
    in.allRanks = m_allRanks->isChecked();
    in.continuous = m_continuous->isChecked();
    in.tokenStart = m_tokenStart->text();
    in.tokenEnd = m_tokenEnd->text();
    in.format = m_format->currentData().toString();
    in.page = m_pages->currentIndex();
}

void ProfilerTab::saveSettings()
{
    if (m_loading || !m_dirty)
        return;
    readInputs();
    m_state.inputs.save();
    Settings settings;
    settings.setValue(keys::profilerSplitter, m_splitter->saveState());
    settings.setValue(keys::profilerLintSplitter, m_lintSplitter->saveState());
}

const std::optional<profiler::Plan> &ProfilerTab::plan() const
{
    return m_state.plan;
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

void ProfilerTab::showVerl()
{
    m_verl->setText(tr("For verl %1 (set in the toolbar).").arg(session().verlVersion().toString()));
}

void ProfilerTab::updateAvailability()
{
    const verl::Version &v = session().verlVersion();
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
    readInputs();
    ProfilerFieldErrors errors;
    auto request = m_state.request(version, errors);
    m_stepsMessage->setMessage(errors.steps);
    m_ranksMessage->setMessage(errors.ranks);
    m_tokensMessage->setMessage(errors.tokens);
    return request;
}

void ProfilerTab::generate()
{
    m_formTimer->stop();
    saveSettings();
    m_dirty = false;
    m_state.plan.reset();
    m_rolesMessage->setMessage(QString());

    const auto request = readRequest(session().verlVersion());
    QString problem;
    if (request) {
        auto plan = profiler::buildPlan(*request);
        if (plan) {
            m_state.plan = std::move(*plan);
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

    if (m_state.plan) {
        const auto format = profiler::parseFormat(m_format->currentData().toString(), QString());
        m_preview->setPlainText(profiler::render(*m_state.plan, format ? *format : profiler::Format::Shell));
        m_status->clear();
        m_status->hide();
        QList<NoteItem> notes;
        if (const QString nearest = profiler::versionNote(request->version); !nearest.isEmpty())
            notes.append({Severity::Info, nearest});
        for (const profiler::Finding &finding : m_state.plan->findings)
            notes.append({severityOf(finding), finding.message});
        for (const QString &note : m_state.plan->notes)
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
    m_copy->setEnabled(m_state.plan.has_value());
    m_findingsHeading->setVisible(m_state.plan.has_value());
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
    m_importNotes->setNotes({{Severity::Info, tr("Reading the command…")}});
    m_import->setEnabled(false);
    m_importFills = true;
    startLint(m_importJobs, text, session().verlVersion(),
              [this](const Result<profiler::LintReport> &report) { importDone(report); });
}

void ProfilerTab::retranslateImportNotes()
{
    const QString text = m_importText->toPlainText();
    if (m_importNotes->notes().isEmpty() || text.trimmed().isEmpty())
        return;
    m_importFills = false;
    startLint(m_importJobs, text, session().verlVersion(),
              [this](const Result<profiler::LintReport> &report) { importDone(report); });
}

void ProfilerTab::importDone(const Result<profiler::LintReport> &report)
{
    m_import->setEnabled(true);
    if (!report) {
        m_importNotes->setNotes({{Severity::Error, report.error().message}});
        Q_EMIT importFinished();
        return;
    }
    const verl::Version &version = session().verlVersion();
    const auto current = readRequest(version);
    profiler::Request defaults = current ? *current : profiler::Request{};
    defaults.version = version;
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
    // The same corrected command the Launch command page and the CLI show, on one line.
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
