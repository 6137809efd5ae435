#include "buckettab.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "bucket/presets.h"
#include "bucket/sources.h"
#include "bucket/tensortablemodel.h"
#include "charts/tensorchart.h"
#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/logging.h"
#include "common/noteslist.h"
#include "common/settingskeys.h"
#include "common/textbox.h"
#include "common/widgets.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

constexpr int kDebounceMs = 150;

Severity severityOf(bucket::Note::Level level)
{
    switch (level) {
    case bucket::Note::Level::Error:
        return Severity::Error;
    case bucket::Note::Level::Warning:
        return Severity::Warning;
    case bucket::Note::Level::Info:
        return Severity::Info;
    }
    return Severity::Info;
}

} // namespace

BucketTab::BucketTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    setObjectName(u"bucketTab"_s);
    setAcceptDrops(true);

    auto *inputs = new QWidget(this);
    auto *results = new QWidget(this);
    buildInputs(inputs);
    buildResults(results);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"bucketSplitter"_s);
    m_splitter->addWidget(scrolling(inputs, this));
    m_splitter->addWidget(scrolling(results, this));
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDebounceMs);
    connect(m_timer, &QTimer::timeout, this, &BucketTab::update);
    m_jobs = new JobRunner(session, this);
    connect(m_jobs, &JobRunner::runningChanged, this, [this](bool running) {
        m_calculate->setEnabled(!running);
        if (running)
            showStatus(mode() == Mode::Model ? tr("Reading the safetensors headers…") : tr("Reading the message…"));
        else if (m_jobs->wasCancelled())
            showStatus(tr("Cancelled."));
    });

    retranslate();
    loadSettings();

    // Inputs invalidate the source; settings only re-run the (cheap) calculation.
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int index) {
        showPage(index);
        inputChanged();
    });
    connect(m_preset, &QComboBox::currentIndexChanged, this, &BucketTab::inputChanged);
    connect(m_shape, &QLineEdit::textChanged, this, &BucketTab::inputChanged);
    connect(m_message, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_loading) {
            m_state.inputs.logFile.clear(); // typing replaces a loaded log or a hand-off
            m_state.inputs.linkOrigin.clear();
            showMessageSource();
        }
        inputChanged();
    });
    connect(m_modelPath, &QLineEdit::textChanged, this, &BucketTab::inputChanged);
    connect(m_modelPath, &QLineEdit::returnPressed, m_calculate, &QPushButton::click);
    for (QComboBox *combo : {m_dtype, m_hbm})
        connect(combo, &QComboBox::currentTextChanged, this, &BucketTab::schedule);
    connect(&this->session(), &Session::verlVersionChanged, this, [this] {
        showVerl();
        schedule();
    });
    connect(&this->session(), &Session::backendChanged, this, [this] {
        showVerl();
        schedule();
    });
    for (QComboBox *combo : {m_worker, m_engine})
        connect(combo, &QComboBox::currentIndexChanged, this, &BucketTab::schedule);
    connect(m_shm, &QLineEdit::textChanged, this, &BucketTab::schedule);
    connect(m_dtype, &QComboBox::currentTextChanged, this, [this] {
        if (mode() == Mode::Shape)
            m_state.source.reset(); // the typed tensor carries the chosen dtype
    });
    connect(m_noIpc, &QCheckBox::toggled, this, &BucketTab::schedule);
    connect(m_current, &QSpinBox::valueChanged, this, &BucketTab::schedule);
    connect(m_margin, &QSlider::valueChanged, this, [this](int value) {
        m_marginValue->setText(u"×%1"_s.arg(QLocale().toString(value / 100.0, 'f', 2)));
        schedule();
    });
    connect(m_calculate, &QPushButton::clicked, this, [this] {
        m_state.source.reset(); // read the input again: the folder or log may have changed on disk
        update();
    });
    m_jobs->setBusyRow(m_busy, m_cancel);
    connect(m_browse, &QPushButton::clicked, this, &BucketTab::browse);
    connect(m_openLog, &QPushButton::clicked, this, &BucketTab::openLog);
    connect(m_copy, &QPushButton::clicked, this, [this] { copy(m_override); });
    connect(m_copyMinimal, &QPushButton::clicked, this, [this] { copy(m_minimal); });
    connect(m_splitter, &QSplitter::splitterMoved, this,
            [this] { Settings().setValue(keys::bucketSplitter, m_splitter->saveState()); });

    addPrimaryShortcut(this, [this] { m_calculate->click(); });
    addShortcut(this, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), [this] { copy(m_override); });

    update();
}

BucketTab::~BucketTab() = default; // the job runner stops a running inspection and waits for it

void BucketTab::loadSettings()
{
    m_loading = true;
    m_state.inputs = BucketInputs::load();
    const BucketInputs &in = m_state.inputs;
    m_mode->setCurrentIndex(static_cast<int>(in.mode));
    showPage(m_mode->currentIndex());
    const int preset = m_preset->findData(in.preset, Qt::UserRole, Qt::MatchFixedString);
    m_preset->setCurrentIndex(preset >= 0 ? preset : 0);
    m_shape->setText(in.shape);
    m_modelPath->setText(in.modelPath);
    m_dtype->setCurrentText(in.dtype);
    m_worker->setCurrentIndex(std::max(0, m_worker->findData(in.worker)));
    m_shm->setText(in.shmMiB);
    m_engine->setCurrentIndex(std::max(0, m_engine->findData(in.engine)));
    m_noIpc->setChecked(in.noIpc);
    m_margin->setValue(in.marginPercent);
    m_current->setValue(in.currentMiB);
    m_hbm->setCurrentText(in.hbmMiB);
    const QByteArray splitter = Settings().value(keys::bucketSplitter);
    if (!splitter.isEmpty())
        m_splitter->restoreState(splitter);
    m_marginValue->setText(u"×%1"_s.arg(QLocale().toString(m_margin->value() / 100.0, 'f', 2)));
    m_loading = false;
}

void BucketTab::readInputs()
{
    BucketInputs &in = m_state.inputs;
    in.mode = mode();
    in.preset = m_preset->currentData().toString();
    in.shape = m_shape->text();
    in.message = m_message->toPlainText();
    in.modelPath = m_modelPath->text();
    in.dtype = m_dtype->currentText();
    in.worker = m_worker->currentData().toString();
    in.engine = m_engine->currentData().toString();
    in.noIpc = m_noIpc->isChecked();
    in.shmMiB = m_shm->text();
    in.marginPercent = m_margin->value();
    in.currentMiB = m_current->value();
    in.hbmMiB = m_hbm->currentText();
}

void BucketTab::showErrors(const BucketFieldErrors &errors)
{
    m_shapeMessage->setMessage(errors.shape);
    m_dtypeMessage->setMessage(errors.dtype);
    m_shmMessage->setMessage(errors.shmMiB);
    m_hbmMessage->setMessage(errors.hbmMiB);
}

void BucketTab::showPage(int index)
{
    // A stacked widget is as tall as its tallest page; let hidden pages take no room.
    for (int i = 0; i < m_pages->count(); ++i) {
        m_pages->widget(i)->setSizePolicy(QSizePolicy::Preferred,
                                          i == index ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    }
    m_pages->setCurrentIndex(index);
    m_pages->adjustSize();
}

BucketTab::Mode BucketTab::mode() const
{
    return static_cast<Mode>(m_mode->currentIndex());
}

const std::optional<bucket::Report> &BucketTab::report() const
{
    return m_state.report;
}

bool BucketTab::isBusy() const
{
    return m_timer->isActive() || m_jobs->isRunning();
}

void BucketTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        update(); // the calculation's own texts are translated when they are made
    }
    ToolTab::changeEvent(event);
}

void BucketTab::inputChanged()
{
    if (m_loading)
        return;
    m_state.source.reset();
    schedule();
}

void BucketTab::schedule()
{
    if (m_loading)
        return;
    m_dirty = true;
    m_timer->start();
}

void BucketTab::update()
{
    m_timer->stop();
    readInputs();
    if (std::exchange(m_dirty, false))
        m_state.inputs.save(); // only what the user changed: opening the tab writes nothing
    BucketFieldErrors errors;
    const auto options = m_state.options(session().verlVersion(), session().backend(), errors);
    if (mode() == Mode::Preset) {
        const auto preset = bucket::findPreset(m_state.inputs.preset);
        m_presetSource->setText(preset ? (preset->source.startsWith(u"http")
                                              ? u"<a href=\"%1\">%1</a>"_s.arg(preset->source.toHtmlEscaped())
                                              : u"<code>%1</code>"_s.arg(preset->source.toHtmlEscaped()))
                                       : QString());
    }
    if (!m_state.source) {
        const BucketSourcePlan plan = m_state.planSource(errors);
        showErrors(errors);
        if (plan.read)
            return startJob(plan.readStatus, plan.read);
        if (!plan.now) {
            (mode() == Mode::Model ? m_modelMessage : m_messageMessage)->setMessage(QString());
            return showStatus(plan.waiting);
        }
        if (!*plan.now)
            return showStatus(plan.now->error().message);
        m_state.source = **plan.now;
    }
    showErrors(errors);
    if (!options)
        return showStatus(tr("Fix the marked fields on the left."));
    const auto report = bucket::analyze(*m_state.source, *options);
    if (!report)
        return showStatus(report.error().message);
    showReport(*report);
}

void BucketTab::startJob(const QString &status, std::function<SourceResult(const std::atomic_bool &cancel)> job)
{
    m_jobs->start<SourceResult>(
        status, [job = std::move(job)](JobControl &control) { return job(control.cancelled); },
        [this](const SourceResult &result) { jobFinished(result); });
}

void BucketTab::jobFinished(const SourceResult &result)
{
    FieldMessage *field = mode() == Mode::Model ? m_modelMessage : m_messageMessage;
    if (!result) {
        field->setMessage(result.error().message);
        log::ui()->info("bucket input rejected: {}", result.error().message);
        return showStatus(result.error().message);
    }
    field->setMessage(QString());
    m_state.source = *result;
    update();
}

void BucketTab::showReport(const bucket::Report &report)
{
    m_state.report = report;
    m_status->hide();
    m_results->show();
    const Verdict verdict = BucketState::verdict(report);
    const int size = fontMetrics().height() * 2;
    m_verdictIcon->setPixmap(icon(verdict).pixmap(size, size));
    m_summary->setText(BucketState::summaryHtml(report));
    m_override->setPlainText(report.override);
    m_minimal->setPlainText(report.minimalOverride);
    // No override when nothing needs to change (or nothing can help).
    for (QWidget *w : std::initializer_list<QWidget *>{m_overrideLabel, m_override, m_copy, m_minimalLabel, m_minimal,
                                                       m_copyMinimal})
        w->setVisible(!report.override.isEmpty());

    m_steps->setText(BucketState::stepsHtml(report));
    const QString chosen = m_engine->currentData().toString();
    const QString used = bucket::engineName(report.engine);
    m_engineUsed->setText(tr("The message was written by the %1 engine: the result is for it.").arg(used));
    m_engineUsed->setVisible(used != chosen);

    QList<NoteItem> notes;
    for (const bucket::Note &note : report.notes)
        notes.append({severityOf(note.level), note.text});
    m_notes->setNotes(notes);

    QList<TensorChart::Bar> bars;
    QStringList names;
    for (const bucket::Tensor &tensor : report.top)
        names << tensor.name;
    const QStringList labels = bucket::shortTensorNames(names);
    for (const bucket::Tensor &tensor : report.top) {
        bars.append(
            {labels.at(bars.size()),
             u"%1\n%2 %3\n%4 MiB"_s.arg(tensor.name, bucket::formatShape(tensor.shape), tensor.dtype.displayName(),
                                        QLocale().toString(static_cast<double>(tensor.bytes) / bucket::kMiB, 'f', 2)),
             static_cast<double>(tensor.bytes) / bucket::kMiB});
    }
    m_chart->setData(bars, static_cast<double>(report.currentBucketMiB), static_cast<double>(report.recommendedMiB));
    m_topModel->setTensors(report.top);
    Q_EMIT resultChanged();
}

void BucketTab::showVerl()
{
    const QString backend = session().backend().isEmpty() ? tr("verl's default strategy") : session().backend();
    m_verl->setText(tr("%1, %2 (set in the toolbar)").arg(session().verlVersion().toString(), backend));
}

void BucketTab::showStatus(const QString &text)
{
    m_state.report.reset();
    m_results->hide();
    m_engineUsed->hide();
    m_status->setText(text);
    m_status->show();
    Q_EMIT resultChanged();
}

void BucketTab::copy(const QPlainTextEdit *field)
{
    const QString text = field->toPlainText();
    if (text.isEmpty())
        return;
    QApplication::clipboard()->setText(text);
    session().showStatus(tr("Copied: %1").arg(text));
}

void BucketTab::browse()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a model folder"), m_modelPath->text());
    if (!dir.isEmpty())
        openPath(dir);
}

void BucketTab::openLog()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a training log"), QString(),
                                                      tr("Logs (*.log *.txt *.out *.err);;All files (*)"));
    if (!file.isEmpty())
        openPath(file);
}

void BucketTab::openLink(const ToolLink &link)
{
    const QString error = link.param(u"error"_s);
    if (error.isEmpty())
        return;
    m_mode->setCurrentIndex(static_cast<int>(Mode::Message));
    m_message->setPlainText(error);
    m_state.inputs.linkOrigin = link.origin;
    showMessageSource();
    m_state.source.reset();
    update();
}

void BucketTab::showMessageSource()
{
    m_messageFile->setText(m_state.messageSource());
}

void BucketTab::openPath(const QString &path)
{
    const QFileInfo info(path);
    const bool model = info.isDir() || info.suffix() == u"safetensors" || info.fileName() == u"config.json";
    if (model) {
        m_mode->setCurrentIndex(static_cast<int>(Mode::Model));
        m_modelPath->setText(info.absoluteFilePath());
        m_state.source.reset();
        update();
        return;
    }
    if (!info.isFile()) {
        // A device, a FIFO or something gone: never open it, just say so.
        m_loading = true;
        m_mode->setCurrentIndex(static_cast<int>(Mode::Message));
        showPage(static_cast<int>(Mode::Message));
        m_loading = false;
        m_timer->stop();
        m_state.source.reset();
        m_messageMessage->setMessage(tr("%1 is not a regular file.").arg(path));
        return showStatus(m_messageMessage->message());
    }
    m_mode->setCurrentIndex(static_cast<int>(Mode::Message));
    m_loading = true;
    m_message->clear();
    m_loading = false;
    m_state.inputs.logFile = info.absoluteFilePath();
    m_state.inputs.linkOrigin.clear();
    showMessageSource();
    m_state.source.reset();
    update();
}

void BucketTab::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void BucketTab::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openPath(urls.first().toLocalFile());
}

} // namespace vna::ui
