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
            m_logFile.clear(); // typing replaces a loaded log or a hand-off
            m_linkOrigin.clear();
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
            m_source.reset(); // the typed tensor carries the chosen dtype
    });
    connect(m_noIpc, &QCheckBox::toggled, this, &BucketTab::schedule);
    connect(m_current, &QSpinBox::valueChanged, this, &BucketTab::schedule);
    connect(m_margin, &QSlider::valueChanged, this, [this](int value) {
        m_marginValue->setText(u"×%1"_s.arg(QLocale().toString(value / 100.0, 'f', 2)));
        schedule();
    });
    connect(m_calculate, &QPushButton::clicked, this, [this] {
        m_source.reset(); // read the input again: the folder or log may have changed on disk
        update();
    });
    m_jobs->setBusyRow(m_busy, m_cancel);
    connect(m_browse, &QPushButton::clicked, this, &BucketTab::browse);
    connect(m_openLog, &QPushButton::clicked, this, &BucketTab::openLog);
    connect(m_copy, &QPushButton::clicked, this, [this] { copy(m_override); });
    connect(m_copyMinimal, &QPushButton::clicked, this, [this] { copy(m_minimal); });
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { saveSettings(); });

    addPrimaryShortcut(this, [this] { m_calculate->click(); });
    addShortcut(this, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), [this] { copy(m_override); });

    update();
}

BucketTab::~BucketTab() = default; // the job runner stops a running inspection and waits for it

void BucketTab::buildInputs(QWidget *panel)
{
    auto *layout = new QVBoxLayout(panel);
    m_description = new QLabel(panel);
    m_description->setObjectName(u"bucketDescription"_s);
    m_description->setWordWrap(true);
    layout->addWidget(m_description);

    auto *modeRow = new QFormLayout;
    m_modeLabel = new QLabel(panel);
    m_mode = new QComboBox(panel);
    m_mode->setObjectName(u"bucketMode"_s);
    for (int i = 0; i < 4; ++i)
        m_mode->addItem(QString());
    m_modeLabel->setBuddy(m_mode);
    modeRow->addRow(m_modeLabel, m_mode);
    layout->addLayout(modeRow);

    m_pages = new QStackedWidget(panel);
    // Preset
    auto *presetPage = new QWidget(m_pages);
    auto *presetForm = new QFormLayout(presetPage);
    presetForm->setContentsMargins(0, 0, 0, 0);
    m_presetLabel = new QLabel(presetPage);
    m_preset = new QComboBox(presetPage);
    m_preset->setObjectName(u"bucketPreset"_s);
    m_presetLabel->setBuddy(m_preset);
    m_presetSource = new QLabel(presetPage);
    m_presetSource->setObjectName(u"bucketPresetSource"_s);
    m_presetSource->setWordWrap(true);
    m_presetSource->setTextFormat(Qt::RichText);
    m_presetSource->setOpenExternalLinks(true);
    m_presetSource->setTextInteractionFlags(Qt::TextBrowserInteraction);
    presetForm->addRow(m_presetLabel, m_preset);
    presetForm->addRow(QString(), m_presetSource);
    m_pages->addWidget(presetPage);
    // Shape
    auto *shapePage = new QWidget(m_pages);
    auto *shapeForm = new QFormLayout(shapePage);
    shapeForm->setContentsMargins(0, 0, 0, 0);
    m_shapeLabel = new QLabel(shapePage);
    m_shape = new QLineEdit(shapePage);
    m_shape->setObjectName(u"bucketShape"_s);
    m_shape->setClearButtonEnabled(true);
    m_shapeLabel->setBuddy(m_shape);
    m_shapeMessage = new FieldMessage(m_shape, shapePage);
    m_shapeMessage->setObjectName(u"bucketShapeMessage"_s);
    shapeForm->addRow(m_shapeLabel, m_shape);
    shapeForm->addRow(QString(), m_shapeMessage);
    m_pages->addWidget(shapePage);
    // Pasted message or log
    auto *messagePage = new QWidget(m_pages);
    auto *messageLayout = new QVBoxLayout(messagePage);
    messageLayout->setContentsMargins(0, 0, 0, 0);
    m_messageLabel = new QLabel(messagePage);
    m_message = new TextBox(messagePage, u"bucketMessage"_s);
    m_message->setMinimumHeight(fontMetrics().height() * 7);
    m_messageLabel->setBuddy(m_message);
    m_messageMessage = new FieldMessage(m_message, messagePage);
    m_messageMessage->setObjectName(u"bucketMessageMessage"_s);
    // Two lines stay reserved for it while the message is valid: typing does not make the form
    // below jump (a longer explanation still gets its room).
    QSizePolicy keep = m_messageMessage->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    m_messageMessage->setSizePolicy(keep);
    m_messageMessage->setMinimumHeight(2 * m_messageMessage->fontMetrics().lineSpacing());
    m_messageMessage->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto *logRow = new QHBoxLayout;
    m_openLog = new QPushButton(messagePage);
    m_openLog->setObjectName(u"bucketOpenLog"_s);
    m_messageFile = new QLabel(messagePage);
    m_messageFile->setObjectName(u"bucketMessageFile"_s);
    m_messageFile->setWordWrap(true);
    logRow->addWidget(m_openLog);
    logRow->addWidget(m_messageFile, 1);
    messageLayout->addWidget(m_messageLabel);
    messageLayout->addWidget(m_message, 1);
    messageLayout->addWidget(m_messageMessage);
    messageLayout->addLayout(logRow);
    m_pages->addWidget(messagePage);
    // Model folder
    auto *modelPage = new QWidget(m_pages);
    auto *modelLayout = new QVBoxLayout(modelPage);
    modelLayout->setContentsMargins(0, 0, 0, 0);
    m_modelLabel = new QLabel(modelPage);
    auto *pathRow = new QHBoxLayout;
    m_modelPath = new QLineEdit(modelPage);
    m_modelPath->setObjectName(u"bucketModelPath"_s);
    m_modelPath->setClearButtonEnabled(true);
    m_modelLabel->setBuddy(m_modelPath);
    m_browse = new QPushButton(modelPage);
    m_browse->setObjectName(u"bucketBrowse"_s);
    pathRow->addWidget(m_modelPath, 1);
    pathRow->addWidget(m_browse);
    m_modelMessage = new FieldMessage(m_modelPath, modelPage);
    m_modelMessage->setObjectName(u"bucketModelMessage"_s);
    m_modelHint = new QLabel(modelPage);
    m_modelHint->setWordWrap(true);
    modelLayout->addWidget(m_modelLabel);
    modelLayout->addLayout(pathRow);
    modelLayout->addWidget(m_modelMessage);
    modelLayout->addWidget(m_modelHint);
    m_pages->addWidget(modelPage);
    layout->addWidget(m_pages);

    // The run's settings.
    m_settingsHeading = heading(panel, u"bucketSettingsHeading"_s);
    layout->addWidget(m_settingsHeading);
    auto *form = new QFormLayout;
    m_dtypeLabel = new QLabel(panel);
    m_dtype = new QComboBox(panel);
    m_dtype->setObjectName(u"bucketDtype"_s);
    m_dtype->setEditable(true);
    m_dtype->setInsertPolicy(QComboBox::NoInsert);
    m_dtype->addItems({QString(), u"float32"_s, u"bfloat16"_s, u"float16"_s, u"float8_e4m3fn"_s, u"int8"_s});
    m_dtypeLabel->setBuddy(m_dtype);
    m_dtypeMessage = new FieldMessage(m_dtype, panel);
    m_dtypeMessage->setObjectName(u"bucketDtypeMessage"_s);
    form->addRow(m_dtypeLabel, m_dtype);
    form->addRow(QString(), m_dtypeMessage);

    m_verlLabel = new QLabel(panel);
    m_verl = new QLabel(panel);
    m_verl->setObjectName(u"bucketVerl"_s);
    m_verl->setWordWrap(true);
    form->addRow(m_verlLabel, m_verl);

    m_workerLabel = new QLabel(panel);
    m_worker = new QComboBox(panel);
    m_worker->setObjectName(u"bucketWorker"_s);
    for (const char *worker : {"", "legacy", "engine"})
        m_worker->addItem(QString(), QString::fromLatin1(worker));
    m_workerLabel->setBuddy(m_worker);
    form->addRow(m_workerLabel, m_worker);

    m_engineLabel = new QLabel(panel);
    m_engine = new QComboBox(panel);
    m_engine->setObjectName(u"bucketEngine"_s);
    for (const char *engine : {"naive", "hccl", "nccl"})
        m_engine->addItem(QString(), QString::fromLatin1(engine));
    m_engineLabel->setBuddy(m_engine);
    form->addRow(m_engineLabel, m_engine);
    m_noIpc = new QCheckBox(panel);
    m_noIpc->setObjectName(u"bucketNoIpc"_s);
    form->addRow(QString(), m_noIpc);
    m_shmLabel = new QLabel(panel);
    m_shm = new QLineEdit(panel);
    m_shm->setObjectName(u"bucketShm"_s);
    m_shmLabel->setBuddy(m_shm);
    m_shmMessage = new FieldMessage(m_shm, panel);
    m_shmMessage->setObjectName(u"bucketShmMessage"_s);
    form->addRow(m_shmLabel, m_shm);
    form->addRow(QString(), m_shmMessage);

    m_marginLabel = new QLabel(panel);
    auto *marginRow = new QHBoxLayout;
    m_margin = new QSlider(Qt::Horizontal, panel);
    m_margin->setObjectName(u"bucketMargin"_s);
    m_margin->setRange(100, 200);
    m_margin->setSingleStep(5);
    m_margin->setPageStep(10);
    m_margin->setTickInterval(10);
    m_margin->setTickPosition(QSlider::TicksBelow);
    m_marginValue = new QLabel(panel);
    m_marginValue->setObjectName(u"bucketMarginValue"_s);
    m_marginValue->setMinimumWidth(fontMetrics().horizontalAdvance(u"×0.00"_s));
    m_marginLabel->setBuddy(m_margin);
    marginRow->addWidget(m_margin, 1);
    marginRow->addWidget(m_marginValue);
    form->addRow(m_marginLabel, marginRow);

    m_currentLabel = new QLabel(panel);
    m_current = new QSpinBox(panel);
    m_current->setObjectName(u"bucketCurrent"_s);
    m_current->setRange(0, 1 << 20);
    m_current->setSingleStep(512);
    m_currentLabel->setBuddy(m_current);
    form->addRow(m_currentLabel, m_current);

    m_hbmLabel = new QLabel(panel);
    m_hbm = new QComboBox(panel);
    m_hbm->setObjectName(u"bucketHbm"_s);
    m_hbm->setEditable(true);
    m_hbm->setInsertPolicy(QComboBox::NoInsert);
    m_hbm->addItems({QString(), u"65536"_s, u"32768"_s});
    m_hbmLabel->setBuddy(m_hbm);
    m_hbmMessage = new FieldMessage(m_hbm, panel);
    m_hbmMessage->setObjectName(u"bucketHbmMessage"_s);
    form->addRow(m_hbmLabel, m_hbm);
    form->addRow(QString(), m_hbmMessage);
    layout->addLayout(form);
    layout->addStretch(1);

    auto *actions = new QHBoxLayout;
    m_busy = new QProgressBar(panel);
    m_busy->setObjectName(u"bucketBusy"_s);
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_cancel = new QPushButton(panel);
    m_cancel->setObjectName(u"bucketCancel"_s);
    m_cancel->hide();
    m_calculate = new QPushButton(panel);
    m_calculate->setObjectName(u"bucketCalculate"_s);
    m_calculate->setDefault(true);
    actions->addWidget(m_busy, 1);
    actions->addWidget(m_cancel);
    actions->addStretch();
    actions->addWidget(m_calculate);
    layout->addLayout(actions);
}

void BucketTab::buildResults(QWidget *panel)
{
    auto *layout = new QVBoxLayout(panel);
    m_status = resultLabel(panel, u"bucketStatus"_s);
    layout->addWidget(m_status);

    m_results = new QWidget(panel);
    auto *results = new QVBoxLayout(m_results);
    results->setContentsMargins(0, 0, 0, 0);
    auto *summaryRow = new QHBoxLayout;
    m_verdictIcon = new QLabel(m_results);
    m_summary = resultLabel(m_results, u"bucketSummary"_s);
    summaryRow->addWidget(m_verdictIcon, 0, Qt::AlignTop);
    summaryRow->addWidget(m_summary, 1);
    results->addLayout(summaryRow);

    m_overrideLabel = heading(m_results, u"bucketOverrideLabel"_s);
    results->addWidget(m_overrideLabel);
    auto *overrideRow = new QHBoxLayout;
    m_override = monospaceWrapped(m_results, u"bucketOverride"_s);
    m_copy = new QPushButton(m_results);
    m_copy->setObjectName(u"bucketCopy"_s);
    overrideRow->addWidget(m_override, 1);
    overrideRow->addWidget(m_copy);
    results->addLayout(overrideRow);
    m_minimalLabel = new QLabel(m_results);
    results->addWidget(m_minimalLabel);
    auto *minimalRow = new QHBoxLayout;
    m_minimal = monospaceWrapped(m_results, u"bucketMinimal"_s);
    m_copyMinimal = new QPushButton(m_results);
    m_copyMinimal->setObjectName(u"bucketCopyMinimal"_s);
    minimalRow->addWidget(m_minimal, 1);
    minimalRow->addWidget(m_copyMinimal);
    results->addLayout(minimalRow);

    m_stepsHeading = heading(m_results, u"bucketStepsHeading"_s);
    results->addWidget(m_stepsHeading);
    m_steps = resultLabel(m_results, u"bucketSteps"_s);
    m_steps->setTextFormat(Qt::RichText);
    results->addWidget(m_steps);

    m_notesHeading = heading(m_results, u"bucketNotesHeading"_s);
    results->addWidget(m_notesHeading);
    m_notes = new NotesList(m_results);
    m_notes->setObjectName(u"bucketNotes"_s);
    results->addWidget(m_notes);

    m_chart = new TensorChart(m_results);
    m_chart->setObjectName(u"bucketChart"_s);
    results->addWidget(m_chart);

    m_topHeading = heading(m_results, u"bucketTopHeading"_s);
    results->addWidget(m_topHeading);
    m_topModel = new TensorTableModel(this);
    m_top = new QTableView(m_results);
    m_top->setObjectName(u"bucketTop"_s);
    m_top->setModel(m_topModel);
    m_top->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_top->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_top->setWordWrap(false);
    m_top->setTextElideMode(Qt::ElideMiddle);
    m_top->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_top->horizontalHeader()->setSectionResizeMode(TensorTableModel::NameColumn, QHeaderView::Stretch);
    for (int column = TensorTableModel::ShapeColumn; column < TensorTableModel::ColumnCount; ++column)
        m_top->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_top->setMinimumHeight(fontMetrics().height() * 8);
    results->addWidget(m_top);
    layout->addWidget(m_results);
    layout->addStretch(1);
}

void BucketTab::retranslate()
{
    m_message->setLimit(4 * TextBox::kDefaultLimit, m_messageMessage,
                        tr("Open the log file instead: files of any size are read in the background."));
    m_description->setText(tr("Fix \"Weight … is too large to fit in the bucket\": find the largest tensor your "
                              "actor sends and the update_weights_bucket_megabytes that holds it."));
    m_modeLabel->setText(tr("&Input:"));
    m_mode->setItemText(0, tr("Preset (FAQ table or a known model)"));
    m_mode->setItemText(1, tr("Tensor shape"));
    m_mode->setItemText(2, tr("Error message or log"));
    m_mode->setItemText(3, tr("Local model folder"));
    m_presetLabel->setText(tr("&Model:"));
    fillPresets();
    m_shapeLabel->setText(tr("&Shape:"));
    m_shape->setPlaceholderText(u"151936, 4096"_s);
    m_shape->setToolTip(tr("Dimensions of the tensor: 151936,4096 or 151936x4096 or torch.Size([151936, 4096])"));
    m_messageLabel->setText(tr("Paste the AssertionError (or a whole log):"));
    m_message->setPlaceholderText(u"AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
                                  u"torch.float32) is too large to fit in the bucket."_s);
    m_openLog->setText(tr("Open &log file…"));
    m_modelLabel->setText(tr("Model &folder:"));
    m_modelPath->setPlaceholderText(tr("/path/to/Qwen2.5-7B-Instruct"));
    m_browse->setText(tr("&Browse…"));
    m_modelHint->setText(tr("Only config.json, model.safetensors.index.json and the safetensors headers are read; "
                            "weights are never loaded. You can also drop a folder on this tab."));
    m_settingsHeading->setText(tr("Your run"));
    m_dtypeLabel->setText(tr("&Data type:"));
    m_dtype->lineEdit()->setPlaceholderText(tr("as the backend sends it"));
    m_dtype->setToolTip(
        tr("Leave empty to use what the actor sends; any name works: fp32, bf16, torch.float16, F8_E4M3…"));
    m_verlLabel->setText(tr("verl:"));
    showMessageSource();
    showVerl();
    m_workerLabel->setText(tr("Actor &worker:"));
    m_worker->setItemText(0, tr("verl's default"));
    m_worker->setItemText(1, tr("legacy"));
    m_worker->setItemText(2, tr("new engine"));
    m_worker->setToolTip(tr("verl 0.7 runs the actor on the new engine worker only with "
                            "trainer.use_legacy_worker_impl=disable; from 0.8 there is no other"));
    m_engineLabel->setText(tr("Checkpoint &engine:"));
    m_engine->setItemText(0, tr("naive (vLLM IPC, default)"));
    m_engine->setItemText(1, u"hccl"_s); // config values stay as written
    m_engine->setItemText(2, u"nccl"_s);
    m_noIpc->setText(tr("NPU without IPC (HDK < 25.3.rc1 or CANN < 8.3.RC1)"));
    m_noIpc->setToolTip(tr("verl then falls back to shared memory, where the assertion still fires on 0.8 and later"));
    m_shmLabel->setText(tr("/dev/&shm (MiB):"));
    m_shm->setPlaceholderText(tr("unknown"));
    m_shm->setToolTip(tr("df -m /dev/shm on the node; with shared memory every rank needs one bucket there"));
    m_marginLabel->setText(tr("&Margin:"));
    m_margin->setToolTip(tr("The FAQ suggests 1.2 to 1.5 times the largest tensor before rounding up"));
    m_marginValue->setText(u"×%1"_s.arg(QLocale().toString(m_margin->value() / 100.0, 'f', 2)));
    m_currentLabel->setText(tr("C&urrent bucket:"));
    m_current->setSpecialValueText(tr("from the message or verl's default"));
    m_current->setSuffix(tr(" MiB"));
    m_hbmLabel->setText(tr("Device &HBM (MiB):"));
    m_hbm->lineEdit()->setPlaceholderText(tr("unknown"));
    m_hbm->setToolTip(tr("HBM total per NPU from npu-smi: 65536 on Atlas A2 910B1–B3 and A3, 32768 on 910B4"));
    m_calculate->setText(tr("&Calculate"));
    m_calculate->setToolTip(tr("Recalculate, or read the model folder (Ctrl+Return)"));
    m_cancel->setText(tr("Cancel"));

    m_overrideLabel->setText(tr("Override that fixes it (recommended)"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the override (Ctrl+Shift+C)"));
    m_minimalLabel->setText(tr("Exact minimum, when device memory is short:"));
    m_copyMinimal->setText(tr("Copy"));
    m_stepsHeading->setText(tr("How it is calculated"));
    m_notesHeading->setText(tr("Notes"));
    m_topHeading->setText(tr("Largest tensors"));
}

void BucketTab::fillPresets()
{
    const QString current = m_preset->currentData().toString();
    const QSignalBlocker blocker(m_preset);
    m_preset->clear();
    QString group;
    for (const bucket::Preset &preset : bucket::builtinPresets()) {
        if (!group.isEmpty() && group != preset.group)
            m_preset->insertSeparator(m_preset->count());
        group = preset.group;
        m_preset->addItem(preset.title(), preset.id);
    }
    const int index = m_preset->findData(current);
    m_preset->setCurrentIndex(index >= 0 ? index : 0);
}

void BucketTab::loadSettings()
{
    m_loading = true;
    const Settings settings;
    m_mode->setCurrentIndex(settings.value(keys::bucketMode));
    showPage(m_mode->currentIndex());
    const int preset = m_preset->findData(settings.value(keys::bucketPreset), Qt::UserRole, Qt::MatchFixedString);
    m_preset->setCurrentIndex(preset >= 0 ? preset : 0);
    m_shape->setText(settings.value(keys::bucketShape));
    m_modelPath->setText(settings.value(keys::bucketModelPath));
    m_dtype->setCurrentText(settings.value(keys::bucketDtype));
    const int worker = m_worker->findData(settings.value(keys::bucketWorker));
    m_worker->setCurrentIndex(worker >= 0 ? worker : 0);
    m_shm->setText(settings.value(keys::bucketShmMiB));
    const int engine = m_engine->findData(settings.value(keys::bucketEngine));
    m_engine->setCurrentIndex(engine >= 0 ? engine : 0);
    m_noIpc->setChecked(settings.value(keys::bucketNoIpc));
    m_margin->setValue(settings.value(keys::bucketMarginPercent));
    m_current->setValue(settings.value(keys::bucketCurrentMiB));
    m_hbm->setCurrentText(settings.value(keys::bucketHbmMiB));
    const QByteArray splitter = settings.value(keys::bucketSplitter);
    if (!splitter.isEmpty())
        m_splitter->restoreState(splitter);
    m_marginValue->setText(u"×%1"_s.arg(QLocale().toString(m_margin->value() / 100.0, 'f', 2)));
    m_loading = false;
}

void BucketTab::saveSettings() const
{
    if (m_loading)
        return;
    Settings settings;
    settings.setValue(keys::bucketMode, m_mode->currentIndex());
    settings.setValue(keys::bucketPreset, m_preset->currentData().toString());
    settings.setValue(keys::bucketShape, m_shape->text());
    settings.setValue(keys::bucketModelPath, m_modelPath->text());
    settings.setValue(keys::bucketDtype, m_dtype->currentText());
    settings.setValue(keys::bucketWorker, m_worker->currentData().toString());
    settings.setValue(keys::bucketShmMiB, m_shm->text());
    settings.setValue(keys::bucketEngine, m_engine->currentData().toString());
    settings.setValue(keys::bucketNoIpc, m_noIpc->isChecked());
    settings.setValue(keys::bucketMarginPercent, m_margin->value());
    settings.setValue(keys::bucketCurrentMiB, m_current->value());
    settings.setValue(keys::bucketHbmMiB, m_hbm->currentText());
    settings.setValue(keys::bucketSplitter, m_splitter->saveState());
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
    return m_report;
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
    m_source.reset();
    schedule();
}

void BucketTab::schedule()
{
    if (m_loading)
        return;
    m_dirty = true;
    m_timer->start();
}

std::optional<bucket::Options> BucketTab::readOptions()
{
    bucket::Options options;
    bool valid = true;
    // An optional field: empty gives no value; a bad one is marked and makes the options invalid.
    const auto optional = [&valid](const QString &text, FieldMessage *message, const auto &parse, auto &target) {
        if (text.isEmpty()) {
            message->setMessage(QString());
            return;
        }
        const auto value = parse(text);
        message->setMessage(value ? QString() : value.error().message);
        if (value)
            target = *value;
        valid = valid && value.ok();
    };
    optional(
        m_dtype->currentText().trimmed(), m_dtypeMessage,
        [](const QString &text) { return bucket::parseDType(text, tr("Data type")); }, options.dtype);
    if (const QString backend = session().backend(); !backend.isEmpty())
        options.backend = *bucket::parseBackend(backend, QString());
    if (const QString worker = m_worker->currentData().toString(); !worker.isEmpty())
        options.worker = *bucket::parseWorker(worker, QString());
    options.version = session().verlVersion();
    options.engine = static_cast<verl::Engine>(m_engine->currentIndex());
    options.sharedMemory = m_noIpc->isChecked();
    options.margin = m_margin->value() / 100.0;
    if (m_current->value() > 0)
        options.bucketMiB = static_cast<quint64>(m_current->value());
    optional(
        m_shm->text().trimmed(), m_shmMessage,
        [](const QString &text) { return bucket::parseMiB(text, tr("/dev/shm")); }, options.shmMiB);
    optional(
        m_hbm->currentText().trimmed(), m_hbmMessage,
        [](const QString &text) { return bucket::parseMiB(text, tr("Device HBM")); }, options.hbmMiB);
    return valid ? std::optional(options) : std::nullopt;
}

void BucketTab::update()
{
    m_timer->stop();
    if (std::exchange(m_dirty, false))
        saveSettings(); // only what the user changed: opening the tab writes nothing
    const auto options = readOptions();

    if (!m_source) {
        switch (mode()) {
        case Mode::Preset: {
            const auto preset = bucket::findPreset(m_preset->currentData().toString());
            m_presetSource->setText(preset ? (preset->source.startsWith(u"http")
                                                  ? u"<a href=\"%1\">%1</a>"_s.arg(preset->source.toHtmlEscaped())
                                                  : preset->source.toHtmlEscaped())
                                           : QString());
            auto source = bucket::sourceFromPreset(m_preset->currentData().toString());
            if (!source)
                return showStatus(source.error().message);
            m_source = *source;
            break;
        }
        case Mode::Shape: {
            const auto shape = bucket::parseShape(m_shape->text(), tr("Shape"));
            m_shapeMessage->setMessage(shape ? QString() : shape.error().message);
            if (!shape)
                return showStatus(tr("Enter the shape of the largest tensor, e.g. 151936, 4096."));
            auto source = bucket::sourceFromShape(m_shape->text(), m_dtype->currentText().trimmed());
            if (!source) {
                m_shapeMessage->setMessage(source.error().message);
                return showStatus(source.error().message);
            }
            m_source = *source;
            break;
        }
        case Mode::Message: {
            const QString text = m_message->toPlainText();
            const QString file = m_logFile;
            if (file.isEmpty() && text.trimmed().isEmpty()) {
                m_messageMessage->setMessage(QString());
                return showStatus(tr("Paste the AssertionError from the training log, or open the log file."));
            }
            // A whole log can be large: scan it off the GUI thread.
            return startJob(tr("Reading the message…"), [text, file](const std::atomic_bool &cancel) -> SourceResult {
                const auto matches
                    = file.isEmpty() ? bucket::parseAssertions(text) : bucket::scanAssertionFile(file, &cancel);
                if (!matches)
                    return matches.error();
                return bucket::sourceFromMessages(*matches);
            });
        }
        case Mode::Model: {
            const QString path = m_modelPath->text().trimmed();
            if (path.isEmpty()) {
                m_modelMessage->setMessage(QString());
                return showStatus(tr("Choose a model folder or drop one on this tab."));
            }
            return startJob(tr("Reading the safetensors headers…"),
                            [path](const std::atomic_bool &cancel) -> SourceResult {
                                const auto inspection = bucket::inspectModel(path, &cancel);
                                if (!inspection)
                                    return inspection.error();
                                return bucket::sourceFromModel(*inspection);
                            });
        }
        }
    }
    if (!options)
        return showStatus(tr("Fix the marked fields on the left."));
    const auto report = bucket::analyze(*m_source, *options);
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
    m_source = *result;
    update();
}

void BucketTab::showReport(const bucket::Report &report)
{
    m_report = report;
    m_status->hide();
    m_results->show();

    const Verdict verdict = bucket::isProblem(report) ? Verdict::Fail
        : report.fitsCurrent                          ? Verdict::Pass
                                                      : Verdict::Warn;
    const int size = fontMetrics().height() * 2;
    m_verdictIcon->setPixmap(icon(verdict).pixmap(size, size));
    const QString mib = QLocale().toString(report.largestMiB, 'f', 2);
    const QString name = u"<code>"_s + report.largest.name.toHtmlEscaped() + u"</code>"_s;
    QString summary = u"<b style=\"color:%1\">%2</b> "_s.arg(color(verdict).name(), word(verdict));
    if (report.noBucketHolds) {
        summary += tr("No bucket can hold %1 (%2 MiB): check the shape.").arg(name, mib);
    } else if (report.contradictory) {
        summary += tr("The message contradicts itself: %1 (%2 MiB) fits the %3 MiB bucket it names. See the notes.")
                       .arg(name, mib)
                       .arg(report.currentBucketMiB);
    } else if (report.shmBuckets && *report.shmBuckets == 0) {
        summary += tr("/dev/shm (%1 MiB) cannot hold one bucket of %2 MiB: raise /dev/shm. See the notes.")
                       .arg(*report.options.shmMiB)
                       .arg(report.recommendedMiB);
    } else if (report.override.isEmpty()) {
        summary += tr("%1 (%2 MiB) fits the current bucket of %3 MiB: nothing to change.")
                       .arg(name, mib)
                       .arg(report.currentBucketMiB);
    } else {
        summary
            += tr("%1 (%2 MiB) does not fit the current bucket of %3 MiB.").arg(name, mib).arg(report.currentBucketMiB);
        summary += u"<br>"_s
            + tr("Recommended: %1 MiB; exact minimum: %2 MiB.").arg(report.recommendedMiB).arg(report.requiredMiB);
    }
    m_summary->setText(summary);
    m_override->setPlainText(report.override);
    m_minimal->setPlainText(report.minimalOverride);
    // No override when nothing needs to change (or nothing can help).
    for (QWidget *w : std::initializer_list<QWidget *>{m_overrideLabel, m_override, m_copy, m_minimalLabel, m_minimal,
                                                       m_copyMinimal})
        w->setVisible(!report.override.isEmpty());

    QString steps = u"<table cellspacing=\"2\">"_s;
    for (const bucket::Step &step : report.steps) {
        steps += u"<tr><td style=\"padding-right:12px\"><b>%1</b></td><td>%2</td></tr>"_s.arg(
            step.label.toHtmlEscaped(), step.value.toHtmlEscaped());
    }
    m_steps->setText(steps + u"</table>"_s);

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
    m_report.reset();
    m_results->hide();
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
    m_linkOrigin = link.origin;
    showMessageSource();
    m_source.reset();
    update();
}

void BucketTab::showMessageSource()
{
    if (!m_logFile.isEmpty())
        m_messageFile->setText(tr("Reading %1").arg(m_logFile));
    else if (!m_linkOrigin.isEmpty())
        m_messageFile->setText(tr("From the log analyzer: %1").arg(m_linkOrigin));
    else
        m_messageFile->clear();
}

void BucketTab::openPath(const QString &path)
{
    const QFileInfo info(path);
    const bool model = info.isDir() || info.suffix() == u"safetensors" || info.fileName() == u"config.json";
    if (model) {
        m_mode->setCurrentIndex(static_cast<int>(Mode::Model));
        m_modelPath->setText(info.absoluteFilePath());
        m_source.reset();
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
        m_source.reset();
        m_messageMessage->setMessage(tr("%1 is not a regular file.").arg(path));
        return showStatus(m_messageMessage->message());
    }
    m_mode->setCurrentIndex(static_cast<int>(Mode::Message));
    m_loading = true;
    m_message->clear();
    m_loading = false;
    m_logFile = info.absoluteFilePath();
    m_linkOrigin.clear();
    showMessageSource();
    m_source.reset();
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
