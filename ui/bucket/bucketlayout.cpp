// The Bucket tab's widgets: how they are laid out and what they say, in the current language.
// The behaviour is in buckettab.cpp, the state in bucketstate.cpp.
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "bucket/presets.h"
#include "bucket/tensortablemodel.h"
#include "buckettab.h"
#include "charts/tensorchart.h"
#include "common/fieldcheck.h"
#include "common/noteslist.h"
#include "common/textbox.h"
#include "common/widgets.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

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
    m_shapeMessage = addCheckedRow(shapeForm, m_shapeLabel, m_shape, u"bucketShapeMessage"_s);
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
    modelLayout->addWidget(m_modelLabel);
    modelLayout->addLayout(pathRow);
    m_modelMessage = addMessage(modelLayout, m_modelPath, u"bucketModelMessage"_s);
    m_modelHint = new QLabel(modelPage);
    m_modelHint->setWordWrap(true);
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
    m_dtypeMessage = addCheckedRow(form, m_dtypeLabel, m_dtype, u"bucketDtypeMessage"_s);

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
    // When the pasted message shows another engine than the form's, the result is for that one: said here.
    m_engineUsed = resultLabel(panel, u"bucketEngineUsed"_s);
    m_engineUsed->hide();
    form->addRow(QString(), m_engineUsed);
    m_noIpc = new QCheckBox(panel);
    m_noIpc->setObjectName(u"bucketNoIpc"_s);
    form->addRow(QString(), m_noIpc);
    m_shmLabel = new QLabel(panel);
    m_shm = new QLineEdit(panel);
    m_shm->setObjectName(u"bucketShm"_s);
    m_shmLabel->setBuddy(m_shm);
    m_shmMessage = addCheckedRow(form, m_shmLabel, m_shm, u"bucketShmMessage"_s);

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
    m_hbmMessage = addCheckedRow(form, m_hbmLabel, m_hbm, u"bucketHbmMessage"_s);
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
    m_modeLabel->setText(tr("I&nput:"));
    m_mode->setItemText(0, tr("Preset (FAQ table or a known model)"));
    m_mode->setItemText(1, tr("Tensor shape"));
    m_mode->setItemText(2, tr("Error message or log"));
    m_mode->setItemText(3, tr("Local model folder"));
    m_presetLabel->setText(tr("M&odel:"));
    fillPresets();
    m_shapeLabel->setText(tr("&Shape:"));
    m_shape->setPlaceholderText(u"151936, 4096"_s);
    m_shape->setToolTip(tr("Dimensions of the tensor: 151936,4096 or 151936x4096 or torch.Size([151936, 4096])"));
    m_messageLabel->setText(tr("Paste the AssertionError (or a whole log):"));
    m_message->setPlaceholderText(u"AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
                                  u"torch.float32) is too large to fit in the bucket."_s);
    m_openLog->setText(tr("Open lo&g file…"));
    m_modelLabel->setText(tr("Model f&older:"));
    m_modelPath->setPlaceholderText(tr("/path/to/Qwen2.5-7B-Instruct"));
    m_browse->setText(tr("B&rowse…"));
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
    m_shmLabel->setText(tr("/dev/sh&m (MiB):"));
    m_shm->setPlaceholderText(tr("unknown"));
    m_shm->setToolTip(tr("df -m /dev/shm on the node; with shared memory every rank needs one bucket there"));
    m_marginLabel->setText(tr("M&argin:"));
    m_margin->setToolTip(tr("The FAQ suggests 1.2 to 1.5 times the largest tensor before rounding up"));
    m_marginValue->setText(u"×%1"_s.arg(QLocale().toString(m_margin->value() / 100.0, 'f', 2)));
    m_currentLabel->setText(tr("C&urrent bucket:"));
    m_current->setSpecialValueText(tr("from the message or verl's default"));
    m_current->setSuffix(tr(" MiB"));
    m_hbmLabel->setText(tr("Device H&BM (MiB):"));
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

} // namespace vna::ui
