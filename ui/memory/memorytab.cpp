#include "memorytab.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "bucket/presets.h"
#include "charts/memorychart.h"
#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/session.h"
#include "common/settingskeys.h"
#include "common/textbox.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "memory/report.h"
#include "profiler/lint.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

constexpr int kDebounceMs = 300;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// One colour per part in every estimate: the training side in blues and greens, the engine in oranges
// and reds, the transient parts in greys and purples.
QColor partColor(memory::Part part)
{
    switch (part) {
    case memory::Part::Params:
        return QColor(0x1c, 0x7e, 0xd6);
    case memory::Part::Gradients:
        return QColor(0x4d, 0xab, 0xf7);
    case memory::Part::Optimizer:
        return QColor(0x0b, 0x72, 0x85);
    case memory::Part::Reference:
        return QColor(0x74, 0xb8, 0x16);
    case memory::Part::Critic:
        return QColor(0x2f, 0x9e, 0x44);
    case memory::Part::Gathered:
        return QColor(0x86, 0x8e, 0x96);
    case memory::Part::Activations:
        return QColor(0x84, 0x5e, 0xf7);
    case memory::Part::Logits:
        return QColor(0xbe, 0x4b, 0xdb);
    case memory::Part::Engine:
        return QColor(0xfc, 0xc4, 0x19);
    case memory::Part::EngineWeights:
        return QColor(0xf7, 0x67, 0x07);
    case memory::Part::KvCache:
        return QColor(0xc9, 0x2a, 0x2a);
    case memory::Part::Bucket:
        return QColor(0x49, 0x50, 0x57);
    }
    return {};
}

} // namespace

MemoryTab::MemoryTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    build();
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        saveSettings();
        run();
    });
    m_runner = new JobRunner(session, this);
    m_runner->setBusyRow(m_progress, m_cancel);
    connect(m_runner, &JobRunner::runningChanged, this, [this](bool running) {
        if (!running && m_runner->wasCancelled())
            this->session().showStatus(tr("Cancelled."));
    });
    connect(&this->session(), &Session::verlVersionChanged, this, &MemoryTab::schedule);
    retranslate();
    loadSettings();
    run();
}

MemoryTab::~MemoryTab() = default; // the runner stops a running estimate and waits for it

bool MemoryTab::isBusy() const
{
    return m_runner->isRunning() || m_debounce->isActive();
}

void MemoryTab::build()
{
    auto *inputs = new QWidget(this);
    auto *form = new QFormLayout;
    // One form row: its label (named in retranslate()), the field the label's mnemonic focuses, and what
    // the row shows (the field, or a layout holding it).
    const auto addRow = [&](QLabel *&label, QWidget *field, auto *shown) {
        label = new QLabel(inputs);
        form->addRow(label, shown);
        label->setBuddy(field);
    };
    m_script = new TextBox(inputs, u"memoryScript"_s);
    m_scriptLabel = new QLabel(inputs);
    m_scriptMessage = addCheckedRow(form, m_scriptLabel, m_script, u"memoryScriptMessage"_s);
    m_script->setLimit(profiler::kMaxScriptBytes / 16, m_scriptMessage, tr("Open the script file instead."));
    m_openScript = new QPushButton(inputs);
    m_openScript->setObjectName(u"memoryOpenScript"_s);
    auto *openRow = new QHBoxLayout;
    openRow->addWidget(m_openScript);
    openRow->addStretch(1);
    form->addRow(QString(), openRow);

    m_model = new QComboBox(inputs);
    m_model->setObjectName(u"memoryModel"_s);
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    for (const bucket::Preset &preset : bucket::builtinPresets()) {
        if (preset.config)
            m_model->addItem(preset.id, preset.id);
    }
    m_browse = new QPushButton(inputs);
    m_browse->setObjectName(u"memoryBrowse"_s);
    auto *modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(m_browse);
    m_modelLabel = new QLabel(inputs);
    m_modelMessage = addCheckedRow(form, m_modelLabel, modelRow, m_model, u"memoryModelMessage"_s);

    m_npu = new QComboBox(inputs);
    m_npu->setObjectName(u"memoryNpu"_s);
    for (const memory::Npu &npu : memory::builtinNpus())
        m_npu->addItem(npu.id, npu.id);
    m_npu->addItem(QString(), QString()); // "Other": the device memory typed below
    addRow(m_npuLabel, m_npu, m_npu);
    m_hbm = new QLineEdit(inputs);
    m_hbm->setObjectName(u"memoryHbm"_s);
    m_hbmLabel = new QLabel(inputs);
    m_hbmMessage = addCheckedRow(form, m_hbmLabel, m_hbm, u"memoryHbmMessage"_s);

    m_nodes = new QSpinBox(inputs);
    m_nodes->setObjectName(u"memoryNodes"_s);
    m_nodes->setRange(0, 4096);
    addRow(m_nodesLabel, m_nodes, m_nodes);
    m_devices = new QSpinBox(inputs);
    m_devices->setObjectName(u"memoryDevices"_s);
    m_devices->setRange(0, 64);
    addRow(m_devicesLabel, m_devices, m_devices);
    m_margin = new QDoubleSpinBox(inputs);
    m_margin->setObjectName(u"memoryMargin"_s);
    m_margin->setRange(0, 64);
    m_margin->setDecimals(1);
    m_margin->setSingleStep(0.5);
    addRow(m_marginLabel, m_margin, m_margin);

    m_estimateButton = new QPushButton(inputs);
    m_estimateButton->setObjectName(u"memoryEstimate"_s);
    m_progress = new QProgressBar(inputs);
    m_progress->setObjectName(u"memoryProgress"_s);
    m_cancel = new QPushButton(inputs);
    m_cancel->setObjectName(u"memoryCancel"_s);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_estimateButton);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_cancel);
    auto *inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->addWidget(heading(inputs, u"memoryInputsHeading"_s));
    inputsLayout->addLayout(form);
    inputsLayout->addLayout(buttons);
    inputsLayout->addStretch(1);

    auto *results = new QWidget(this);
    m_verdict = resultLabel(results, u"memoryVerdict"_s);
    m_logNoteLabel = resultLabel(results, u"memoryLogNote"_s);
    m_chart = new MemoryChart(results);
    m_chart->setObjectName(u"memoryChart"_s);
    m_fixesHeading = heading(results, u"memoryFixesHeading"_s);
    m_corrected = monospaceWrapped(results, u"memoryCorrected"_s); // as tall as its lines, never sideways
    m_copyCommand = new QPushButton(results);
    m_copyCommand->setObjectName(u"memoryCopyCommand"_s);
    m_reportHeading = heading(results, u"memoryReportHeading"_s);
    m_report = monospaceText(results, u"memoryReport"_s);
    m_copyReport = new QPushButton(results);
    m_copyReport->setObjectName(u"memoryCopyReport"_s);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->addWidget(m_verdict);
    resultsLayout->addWidget(m_logNoteLabel);
    resultsLayout->addWidget(m_chart, 4);
    resultsLayout->addWidget(m_fixesHeading);
    resultsLayout->addWidget(m_corrected);
    resultsLayout->addWidget(m_copyCommand, 0, Qt::AlignLeft);
    resultsLayout->addWidget(m_reportHeading);
    resultsLayout->addWidget(m_report, 2);
    resultsLayout->addWidget(m_copyReport, 0, Qt::AlignLeft);

    auto *splitter = new QSplitter(this);
    splitter->setObjectName(u"memorySplitter"_s);
    splitter->addWidget(scrolling(inputs, splitter));
    splitter->addWidget(scrolling(results, splitter));
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(splitter, &QSplitter::splitterMoved, this,
            [splitter] { Settings().setValue(keys::memorySplitter, splitter->saveState()); });
    const QByteArray state = Settings().value(keys::memorySplitter);
    if (!state.isEmpty())
        splitter->restoreState(state);

    connect(m_script, &QPlainTextEdit::textChanged, this, &MemoryTab::schedule);
    connect(m_model, &QComboBox::currentTextChanged, this, &MemoryTab::schedule);
    connect(m_npu, &QComboBox::currentIndexChanged, this, [this] {
        updateHbmField();
        schedule();
    });
    connect(m_hbm, &QLineEdit::textChanged, this, &MemoryTab::schedule);
    connect(m_nodes, &QSpinBox::valueChanged, this, &MemoryTab::schedule);
    connect(m_devices, &QSpinBox::valueChanged, this, &MemoryTab::schedule);
    connect(m_margin, &QDoubleSpinBox::valueChanged, this, &MemoryTab::schedule);
    connect(m_estimateButton, &QPushButton::clicked, this, [this] {
        saveSettings();
        run();
    });
    connect(m_openScript, &QPushButton::clicked, this, &MemoryTab::openScript);
    connect(m_browse, &QPushButton::clicked, this, &MemoryTab::browseModel);
    connect(m_copyCommand, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_corrected->toPlainText());
        session().showStatus(tr("Corrected command copied."));
    });
    connect(m_copyReport, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_report->toPlainText());
        session().showStatus(tr("Report copied."));
    });
    addPrimaryShortcut(this, [this] { run(); });
}

void MemoryTab::retranslate()
{
    findChild<QLabel *>(u"memoryInputsHeading"_s)->setText(tr("The run"));
    m_scriptLabel->setText(tr("La&unch command:"));
    m_script->setPlaceholderText(tr("Paste the launch command or script (python3 -m verl.trainer.main_ppo …). "
                                    "Empty: verl's defaults for your release."));
    m_openScript->setText(tr("Open scri&pt…"));
    m_modelLabel->setText(tr("&Model:"));
    m_model->setToolTip(tr("A model preset, or the path of a local model folder or its config.json (only headers "
                           "are read)."));
    m_browse->setText(tr("&Browse…"));
    m_npuLabel->setText(tr("&NPU:"));
    m_npu->setItemText(m_npu->count() - 1, tr("Other (type the memory)"));
    for (int i = 0; i < m_npu->count() - 1; ++i) {
        if (const memory::Npu *npu = memory::findNpu(m_npu->itemData(i).toString()))
            m_npu->setItemData(i, QString(npu->title + u"\n"_s + npu->source), Qt::ToolTipRole);
    }
    fitToItems(m_npu);
    m_hbmLabel->setText(tr("Device memor&y (MiB):"));
    m_hbm->setPlaceholderText(tr("npu-smi info: HBM total, e.g. 65536"));
    m_nodesLabel->setText(tr("N&odes:"));
    m_nodes->setSpecialValueText(tr("from the command"));
    m_devicesLabel->setText(tr("&Devices per node:"));
    m_devices->setSpecialValueText(tr("from the command"));
    m_marginLabel->setText(tr("M&argin (GiB):"));
    m_margin->setToolTip(tr("Memory per device kept for what cannot be known before running: CANN and HCCL "
                            "workspace, the allocator's fragmentation, what the sleeping engine keeps."));
    m_estimateButton->setText(tr("&Estimate"));
    m_estimateButton->setToolTip(tr("Estimate again (Ctrl+Return)"));
    m_cancel->setText(tr("Cancel"));
    m_fixesHeading->setText(tr("What makes it fit"));
    m_copyCommand->setText(tr("Copy &command"));
    m_reportHeading->setText(tr("Every phase, part by part"));
    m_copyReport->setText(tr("Copy &report"));
}

void MemoryTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The estimate's texts are in the language it ran in: run it again in the new one.
        if (!m_loading)
            run();
    }
    ToolTab::changeEvent(event);
}

void MemoryTab::loadSettings()
{
    m_loading = true;
    Settings settings;
    m_script->setPlainText(settings.value(keys::memoryScript));
    m_model->setCurrentText(settings.value(keys::memoryModel));
    const int npu = m_npu->findData(settings.value(keys::memoryNpu));
    m_npu->setCurrentIndex(npu >= 0 ? npu : 0);
    m_hbm->setText(settings.value(keys::memoryHbm));
    m_nodes->setValue(settings.value(keys::memoryNodes));
    m_devices->setValue(settings.value(keys::memoryDevices));
    m_margin->setValue(settings.value(keys::memoryMargin));
    updateHbmField();
    m_loading = false;
}

void MemoryTab::saveSettings() const
{
    Settings settings;
    settings.setValue(keys::memoryScript, m_script->toPlainText().left(64 * 1024));
    settings.setValue(keys::memoryModel, m_model->currentText());
    settings.setValue(keys::memoryNpu, m_npu->currentData().toString());
    settings.setValue(keys::memoryHbm, m_hbm->text());
    settings.setValue(keys::memoryNodes, m_nodes->value());
    settings.setValue(keys::memoryDevices, m_devices->value());
    settings.setValue(keys::memoryMargin, m_margin->value());
}

void MemoryTab::updateHbmField()
{
    const bool other = m_npu->currentData().toString().isEmpty();
    m_hbm->setEnabled(other);
    if (!other)
        m_hbmMessage->setMessage({});
}

void MemoryTab::schedule()
{
    if (!m_loading)
        m_debounce->start();
}

memory::Request MemoryTab::request() const
{
    memory::Request r;
    r.script = m_script->toPlainText();
    r.model = m_model->currentText();
    r.npu = m_npu->currentData().toString();
    if (r.npu.isEmpty())
        r.hbmMiB = m_hbm->text().isEmpty() ? u"0"_s : m_hbm->text();
    if (m_nodes->value() > 0)
        r.nodes = QString::number(m_nodes->value());
    if (m_devices->value() > 0)
        r.devicesPerNode = QString::number(m_devices->value());
    r.marginGiB = QString::number(m_margin->value());
    r.version = session().verlVersion();
    return r;
}

void MemoryTab::run()
{
    m_debounce->stop();
    const memory::Request r = request();
    m_runner->start<Result<memory::Estimate>>(
        tr("Estimating memory…"), [r](JobControl &control) { return memory::estimate(r, &control.cancelled); },
        [this](const Result<memory::Estimate> &result) { showResult(result); });
}

void MemoryTab::showResult(const Result<memory::Estimate> &result)
{
    m_modelMessage->setMessage({});
    m_hbmMessage->setMessage({});
    m_scriptMessage->setMessage({});
    if (!result) {
        m_estimate.reset();
        m_error = result.error().message;
        const QString where = result.error().where;
        if (where == u"model")
            m_modelMessage->setMessage(m_error);
        else if (where == u"--hbm" || where == u"npu")
            m_hbmMessage->setMessage(m_error);
        else if (where != u"margin" && where != u"nodes" && where != u"devices-per-node")
            m_scriptMessage->setMessage(m_error);
    } else {
        m_estimate = *result;
        m_error.clear();
    }
    render();
    Q_EMIT resultChanged();
}

void MemoryTab::render()
{
    const QString note = logNote();
    m_logNoteLabel->setText(note);
    m_logNoteLabel->setVisible(!note.isEmpty());
    if (!m_estimate) {
        m_verdict->setText(m_error.isEmpty() ? QString() : tr("Not estimated: %1").arg(m_error));
        m_verdict->setStyleSheet(QString());
        m_chart->clear();
        m_corrected->clear();
        m_report->clear();
        m_copyCommand->setEnabled(false);
        m_copyReport->setEnabled(false);
        return;
    }
    const memory::Estimate &e = *m_estimate;
    if (!e.notEstimated.isEmpty()) {
        // A run whose rollout has devices of its own: the reason, and nothing drawn as if it were colocated.
        m_verdict->setText(e.notEstimated);
        m_verdict->setStyleSheet(u"color: %1; font-weight: bold"_s.arg(color(Verdict::Warn).name()));
        m_chart->clear();
        m_chart->hide(); // no phases: an empty frame would read as a chart of nothing
        m_corrected->clear();
        m_report->setPlainText(memory::toText(e));
        m_copyCommand->setEnabled(false);
        m_copyReport->setEnabled(true);
        return;
    }
    m_chart->show();
    const memory::PhaseEstimate &binding = e.phases.at(e.binding);
    const QString device = memory::gib(static_cast<qint64>(e.input.npu.hbmBytes));
    switch (e.fit) {
    case memory::Fit::Fits:
        m_verdict->setText(
            tr("Fits: the fullest phase, %1, peaks at %2 of %3 per device.")
                .arg(memory::phaseName(binding.phase), memory::gib(static_cast<qint64>(binding.peak)), device));
        break;
    case memory::Fit::Tight:
        m_verdict->setText(
            tr("Tight: %1 peaks at %2 of %3, within the margin.")
                .arg(memory::phaseName(binding.phase), memory::gib(static_cast<qint64>(binding.peak)), device));
        break;
    case memory::Fit::DoesNotFit:
        m_verdict->setText(tr("Does not fit: %1 needs %2 of %3 per device — %4")
                               .arg(memory::phaseName(binding.phase), memory::gib(static_cast<qint64>(binding.peak)),
                                    device, binding.failure));
        break;
    }
    // verl's defaults standing for a command that was not read are said before the verdict on them.
    if (!e.input.settings.notRead.isEmpty())
        m_verdict->setText(e.input.settings.notRead + u'\n' + m_verdict->text());
    // The colour of the verdict, as the Bucket calculator's: red when it does not fit, amber when tight.
    const Verdict verdict = e.fit == memory::Fit::DoesNotFit                 ? Verdict::Fail
        : e.fit == memory::Fit::Tight || !e.input.settings.notRead.isEmpty() ? Verdict::Warn
                                                                             : Verdict::Pass;
    m_verdict->setStyleSheet(verdict == Verdict::Pass ? QString()
                                                      : u"color: %1; font-weight: bold"_s.arg(color(verdict).name()));
    QStringList phases;
    QList<memory::Part> order;
    for (const memory::PhaseEstimate &p : e.phases) {
        phases << memory::phaseName(p.phase);
        for (const memory::Amount &a : p.parts) {
            if (!order.contains(a.part))
                order << a.part;
        }
    }
    QList<MemoryChart::Layer> layers;
    for (const memory::Part part : order) {
        MemoryChart::Layer layer;
        layer.name = memory::partName(part);
        layer.color = partColor(part);
        for (const memory::PhaseEstimate &p : e.phases) {
            double bytes = 0;
            QString tip;
            for (const memory::Amount &a : p.parts) {
                if (a.part == part) {
                    bytes += static_cast<double>(a.bytes);
                    tip = a.what + (a.source.isEmpty() ? QString() : u"\n"_s + a.source);
                }
            }
            layer.gib << bytes / kGiB;
            layer.tooltips << tip;
        }
        layers << layer;
    }
    m_chart->setData(phases, layers, static_cast<double>(e.input.npu.hbmBytes) / kGiB,
                     static_cast<double>(e.input.marginBytes) / kGiB);
    QString fixes;
    for (const memory::Fix &f : e.fixes)
        fixes += tr("# %1 (%2): %3").arg(f.key, memory::fixEffect(f), f.why) + u'\n';
    if (!e.fixes.isEmpty())
        fixes += u'\n' + memory::correctedText(e);
    else
        fixes
            = e.fit == memory::Fit::DoesNotFit ? tr("No setting checked here makes it fit.") : tr("Nothing to change.");
    m_corrected->setPlainText(fixes);
    m_copyCommand->setEnabled(!e.corrected.isEmpty());
    m_report->setPlainText(memory::toText(e));
    m_copyReport->setEnabled(true);
}

void MemoryTab::openScript()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a launch script"), QString(),
                                                      tr("Shell scripts (*.sh);;All files (*)"));
    if (path.isEmpty())
        return;
    const auto text = profiler::readScriptFile(path);
    if (!text) {
        m_scriptMessage->setMessage(text.error().message);
        return;
    }
    m_script->setPlainText(*text);
}

void MemoryTab::browseModel()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose a model folder"));
    if (!folder.isEmpty())
        m_model->setCurrentText(folder);
}

void MemoryTab::openLink(const ToolLink &link)
{
    m_link = link;
    render();
}

QString MemoryTab::logNote() const
{
    if (!m_link)
        return {};
    const ToolLink &link = *m_link;
    const QString tried = link.param(u"tried"_s);
    const QString total = link.param(u"total"_s);
    const QString allocated = link.param(u"allocated"_s);
    const QString available = link.param(u"available"_s);
    if (link.param(u"phase"_s) == memory::phaseId(memory::Phase::EngineStart)) {
        // The engine could not size its KV cache (kv-cache-init-failed).
        return available.isEmpty()
            ? tr("From %1: the rollout engine found no room for its KV cache. See Engine start below.").arg(link.origin)
            : tr("From %1: the rollout engine had %2 for its KV cache, too little. See Engine start below.")
                  .arg(link.origin, available);
    }
    if (!total.isEmpty() && !allocated.isEmpty()) {
        return tr("From %1: the device ran out of memory asking for %2 more, with %3 already allocated of %4. "
                  "Compare with the phase that binds below.")
            .arg(link.origin, tried, allocated, total);
    }
    if (!tried.isEmpty())
        return tr("From %1: the device ran out of memory asking for %2 more.").arg(link.origin, tried);
    return tr("From %1: the device ran out of memory.").arg(link.origin);
}

} // namespace vna::ui
