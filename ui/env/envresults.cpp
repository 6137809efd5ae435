#include "envresults.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include "common/session.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "env/report.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

enum Filter { All, Problems, OnlyPass, OnlyWarn, OnlyFail, OnlySkip, OnlyError };

bool passes(Filter filter, Verdict verdict)
{
    switch (filter) {
    case All:
        return true;
    case Problems:
        return verdict == Verdict::Fail || verdict == Verdict::Warn || verdict == Verdict::Error;
    case OnlyPass:
        return verdict == Verdict::Pass;
    case OnlyWarn:
        return verdict == Verdict::Warn;
    case OnlyFail:
        return verdict == Verdict::Fail;
    case OnlySkip:
        return verdict == Verdict::Skip;
    case OnlyError:
        return verdict == Verdict::Error;
    }
    return true;
}

template <typename T>
QString shown(const std::optional<T> &value)
{
    return value ? QString::number(*value) : u"—"_s;
}

} // namespace

EnvResults::EnvResults(Session &session, QWidget *parent)
    : QTabWidget{parent}
    , m_session{session}
{
    setObjectName(u"envPages"_s);
    addTab(buildChecksPage(), QString());
    addTab(buildDevicesPage(), QString());
    addTab(buildNodesPage(), QString());
    retranslate();
    setResults({});
}

void EnvResults::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate(); // the results' own words: the tab judges the checks again and sets them
    QTabWidget::changeEvent(event);
}

void EnvResults::retranslate()
{
    setTabText(static_cast<int>(Page::Checks), tr("Checks"));
    setTabText(static_cast<int>(Page::Devices), tr("Devices"));
    setTabText(static_cast<int>(Page::Nodes), tr("Nodes"));
    const int filter = std::max(0, m_filter->currentIndex());
    m_filter->blockSignals(true);
    m_filter->clear();
    m_filter->addItems({tr("All verdicts"), tr("Problems only"), word(Verdict::Pass), word(Verdict::Warn),
                        word(Verdict::Fail), word(Verdict::Skip), word(Verdict::Error)});
    m_filter->setCurrentIndex(filter);
    m_filter->blockSignals(false);
    m_node->setToolTip(tr("The node whose checks and devices are shown."));
    m_copyReport->setText(tr("Copy report"));
    m_copyReport->setToolTip(tr("Markdown for a GitHub issue, raw outputs collapsed (Ctrl+Shift+C)."));
    m_saveReport->setText(tr("Save report…"));
    m_checks->setHeaderLabels({tr("Verdict"), tr("Check"), tr("Evidence"), tr("Next step")});
    m_checks->setToolTip(tr("Double-click a check to see the raw output it was judged on."));
    m_devices->setHorizontalHeaderLabels({tr("NPU"), tr("Chip"), tr("Name"), tr("Health"), tr("Power (W)"),
                                          tr("Temp (°C)"), tr("AI core (%)"), tr("HBM used / total (MB)"),
                                          tr("Bus-Id")});
    m_processes->setHorizontalHeaderLabels(
        {tr("NPU"), tr("Chip"), tr("Process id"), tr("Process name"), tr("Memory (MB)")});
    m_chart->setTitle(tr("HBM per chip (MB)"));
    m_matrixHint->setText(tr("One column per node. Rows where the nodes differ are highlighted: in multi-node runs a "
                             "version or variable that differs on one node is the most common silent failure."));
    m_onlyDifferences->setText(tr("Show only rows that differ"));
}

QWidget *EnvResults::buildChecksPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_summary = new QLabel(page);
    m_summary->setObjectName(u"envSummary"_s);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    auto *row = new QHBoxLayout;
    m_node = new QComboBox(page);
    m_node->setObjectName(u"envNode"_s);
    m_node->setSizeAdjustPolicy(QComboBox::AdjustToContents); // a node's name in full
    m_filter = new QComboBox(page);
    m_filter->setObjectName(u"envFilter"_s);
    m_copyReport = new QPushButton(page);
    m_copyReport->setObjectName(u"envCopyReport"_s);
    m_saveReport = new QPushButton(page);
    m_saveReport->setObjectName(u"envSaveReport"_s);
    m_useVerl = new QPushButton(page);
    m_useVerl->setObjectName(u"envUseVerl"_s);
    m_useVerl->hide();
    connect(m_useVerl, &QPushButton::clicked, this, [this] {
        if (const auto version = verl::Version::parse(env::installedVerl(m_results), QString()))
            m_session.setVerlVersion(*version,
                                     tr("verl version set to %1, as installed on the nodes.").arg(version->toString()));
    });
    connect(&m_session, &Session::verlVersionChanged, this, &EnvResults::showUseVerl);
    layout->addWidget(m_useVerl, 0, Qt::AlignLeft);
    row->addWidget(m_node);
    row->addWidget(m_filter);
    row->addStretch(1);
    row->addWidget(m_copyReport);
    row->addWidget(m_saveReport);
    layout->addLayout(row);
    m_checks = new QTreeWidget(page);
    m_checks->setObjectName(u"envChecks"_s);
    m_checks->setColumnCount(4);
    m_checks->setRootIsDecorated(false);
    m_checks->setWordWrap(true);
    m_checks->setUniformRowHeights(false);
    m_checks->setAlternatingRowColors(true);
    m_checks->header()->setStretchLastSection(true);
    // The selected check in full under the table: evidence and next step are too long for a cell.
    m_checkDetail = resultLabel(page, u"envCheckDetail"_s);
    m_checkDetail->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_checkDetail->setTextFormat(Qt::RichText);
    auto *split = new QSplitter(Qt::Vertical, page);
    split->setObjectName(u"envChecksSplitter"_s);
    split->addWidget(m_checks);
    split->addWidget(scrolling(m_checkDetail, split));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    connect(m_checks, &QTreeWidget::currentItemChanged, this, &EnvResults::showCheckDetail);
    connect(m_node, &QComboBox::currentIndexChanged, this, [this] {
        showChecks();
        showDevices();
    });
    connect(m_filter, &QComboBox::currentIndexChanged, this, &EnvResults::showChecks);
    connect(m_checks, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) { showRaw(item); });
    connect(m_copyReport, &QPushButton::clicked, this, &EnvResults::copyReportRequested);
    connect(m_saveReport, &QPushButton::clicked, this, &EnvResults::saveReportRequested);
    return page;
}

QWidget *EnvResults::buildDevicesPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_devicesNote = resultLabel(page, u"envDevicesNote"_s); // why the tables are empty
    layout->addWidget(m_devicesNote);
    auto *split = new QSplitter(Qt::Vertical, page);
    m_devices = resultTable(page, u"envDevices"_s, 9);
    split->addWidget(m_devices);
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chartView = new QChartView(m_chart, page);
    m_chartView->setFocusPolicy(Qt::NoFocus); // a picture: nothing in it takes keys
    m_chartView->setObjectName(u"envHbmChart"_s);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(180);
    split->addWidget(m_chartView);
    m_processes = resultTable(page, u"envProcesses"_s, 5);
    split->addWidget(m_processes);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);
    layout->addWidget(split);
    return page;
}

QWidget *EnvResults::buildNodesPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    m_matrixHint = new QLabel(page);
    m_matrixHint->setObjectName(u"envMatrixHint"_s);
    m_matrixHint->setWordWrap(true);
    layout->addWidget(m_matrixHint);
    m_onlyDifferences = new QCheckBox(page);
    m_onlyDifferences->setObjectName(u"envOnlyDifferences"_s);
    m_onlyDifferences->setChecked(true);
    layout->addWidget(m_onlyDifferences);
    m_matrix = new QTableWidget(page);
    m_matrix->setObjectName(u"envMatrix"_s);
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_matrix, 1);
    connect(m_onlyDifferences, &QCheckBox::toggled, this, &EnvResults::showMatrix);
    return page;
}

const env::Diagnosis *EnvResults::selectedDiagnosis() const
{
    const int index = m_node->currentIndex();
    return index >= 0 && index < m_results.size() ? &m_results.at(index) : nullptr;
}

void EnvResults::setResults(const QList<env::Diagnosis> &results)
{
    m_results = results;
    const QString current = m_node->currentText();
    m_node->blockSignals(true);
    m_node->clear();
    for (const env::Diagnosis &d : std::as_const(m_results))
        m_node->addItem(icon(d.worst()), d.host() == env::kLocalHost ? tr("This machine") : d.host());
    const int keep = m_node->findText(current);
    m_node->setCurrentIndex(keep >= 0 ? keep : 0);
    m_node->blockSignals(false);
    fitToItems(m_node); // every node's name in full
    m_node->setVisible(m_results.size() > 1);
    m_copyReport->setEnabled(!m_results.isEmpty());
    m_saveReport->setEnabled(!m_results.isEmpty());
    showChecks();
    showDevices();
    showMatrix();
}

void EnvResults::showChecks()
{
    m_checks->clear();
    const env::Diagnosis *d = selectedDiagnosis();
    if (!d) {
        m_summary->setText(tr("Press Run checks to diagnose this machine or the nodes you list."));
        showCheckDetail();
        return;
    }
    QMap<Verdict, int> counts;
    const auto filter = static_cast<Filter>(std::max(0, m_filter->currentIndex()));
    for (const env::Check &check : d->checks) {
        ++counts[check.verdict];
        if (!passes(filter, check.verdict))
            continue;
        auto *item = new QTreeWidgetItem(m_checks);
        item->setIcon(0, icon(check.verdict));
        item->setText(0, word(check.verdict));
        item->setText(1, check.title);
        item->setToolTip(1, check.id);
        item->setText(2, check.evidence);
        item->setToolTip(2, check.evidence);
        item->setText(3, check.nextStep);
        item->setToolTip(3, check.nextStep);
        item->setData(0, Qt::UserRole, check.id);
        item->setData(1, Qt::UserRole, check.raw);
    }
    m_checks->resizeColumnToContents(0);
    m_checks->resizeColumnToContents(1);
    m_checks->setColumnWidth(1, std::min(m_checks->columnWidth(1), 280));
    m_checks->setColumnWidth(2, 360);
    // The first problem is what to read first.
    QTreeWidgetItem *first = m_checks->topLevelItem(0);
    for (int i = 0; i < m_checks->topLevelItemCount(); ++i) {
        const QString id = m_checks->topLevelItem(i)->data(0, Qt::UserRole).toString();
        const auto check
            = std::find_if(d->checks.cbegin(), d->checks.cend(), [&](const env::Check &c) { return c.id == id; });
        if (check != d->checks.cend() && (check->verdict == Verdict::Fail || check->verdict == Verdict::Error)) {
            first = m_checks->topLevelItem(i);
            break;
        }
    }
    m_checks->setCurrentItem(first);
    showCheckDetail();
    QStringList parts;
    for (const Verdict v : {Verdict::Fail, Verdict::Error, Verdict::Warn, Verdict::Pass, Verdict::Skip})
        if (counts.value(v) > 0)
            parts.append(u"%1 %2"_s.arg(counts.value(v)).arg(word(v)));
    QString family;
    if (d->smi && d->smi->family != env::NpuFamily::Unknown)
        family = u" — "_s + env::familyName(d->smi->family);
    const QString node
        = tr("%1%2: %3 (in %4 s)")
              .arg(d->host() == env::kLocalHost ? tr("This machine") : d->host(), family, parts.join(u", "_s))
              .arg(QString::number(static_cast<double>(d->snapshot.elapsedMs) / 1000.0, 'f', 1));
    // With several nodes, all of them first: the selected one is only one of them.
    QString text = m_results.size() > 1 ? env::nodesSummary(m_results) + u'\n' + node : node;
    if (const QString none = env::notAnNpuNode(*d); !none.isEmpty())
        text += u'\n' + none;
    m_summary->setText(text);
    showUseVerl();
}

void EnvResults::showUseVerl()
{
    // The nodes' verl, when it is not the one the tools work for: one click makes it so.
    const auto version = verl::Version::parse(env::installedVerl(m_results), QString());
    const bool differs
        = version && !(*version == m_session.verlVersion() && version->dev == m_session.verlVersion().dev);
    m_useVerl->setVisible(differs);
    if (differs)
        m_useVerl->setText(tr("Use verl %1 (found on the nodes) in every tool").arg(version->toString()));
}

// Why the Devices page has no device, in words; empty when it has some.
QString EnvResults::devicesNote(const env::Diagnosis *d)
{
    if (!d)
        return tr("Press Run checks: the devices of the node appear here.");
    if (!d->snapshot.failure.isEmpty())
        return tr("No devices: %1 could not be probed (%2).").arg(d->host(), d->snapshot.failure);
    if (d->smi && !d->smi->devices.isEmpty())
        return QString();
    for (const env::Check &check : d->checks) {
        if (check.id == u"npu.smi")
            return tr("No devices: %1").arg(check.evidence)
                + (check.nextStep.isEmpty() ? QString() : u' ' + check.nextStep);
    }
    return tr("No devices: npu-smi listed none.");
}

void EnvResults::showDevices()
{
    m_devices->setRowCount(0);
    m_processes->setRowCount(0);
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis); // gives up ownership
        delete axis;
    }
    const env::Diagnosis *d = selectedDiagnosis();
    m_devicesNote->setText(devicesNote(d));
    m_devicesNote->setVisible(!m_devicesNote->text().isEmpty());
    if (!d || !d->smi)
        return;
    auto *used = new QBarSet(tr("Used"));
    auto *free = new QBarSet(tr("Free"));
    used->setColor(color(Verdict::Warn));
    free->setColor(color(Verdict::Pass));
    QStringList categories;
    double top = 0;
    for (const env::NpuDevice &device : d->smi->devices) {
        const int row = m_devices->rowCount();
        m_devices->insertRow(row);
        const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
        m_devices->setItem(row, 0, resultCell(QString::number(device.npu), right));
        m_devices->setItem(row, 1, resultCell(QString::number(device.chip), right));
        m_devices->setItem(row, 2, resultCell(device.name));
        auto *health = resultCell(device.health);
        health->setIcon(icon(device.healthOk()                   ? Verdict::Pass
                                 : device.health == u"Warning"_s ? Verdict::Warn
                                                                 : Verdict::Fail));
        m_devices->setItem(row, 3, health);
        m_devices->setItem(row, 4, resultCell(device.powerW ? QString::number(*device.powerW, 'f', 1) : u"—"_s, right));
        m_devices->setItem(row, 5, resultCell(shown(device.tempC), right));
        m_devices->setItem(row, 6, resultCell(shown(device.aicorePct), right));
        m_devices->setItem(row, 7,
                           resultCell(u"%1 / %2"_s.arg(shown(device.usedMb()), shown(device.totalMb())), right));
        m_devices->setItem(row, 8, resultCell(device.busId));
        categories.append(u"%1/%2"_s.arg(device.npu).arg(device.chip));
        const double u = static_cast<double>(device.usedMb().value_or(0));
        const double t = static_cast<double>(device.totalMb().value_or(0));
        used->append(u);
        free->append(std::max(0.0, t - u));
        top = std::max(top, t);
    }
    m_devices->resizeColumnsToContents();
    for (const env::NpuProcess &p : d->smi->processes) {
        const int row = m_processes->rowCount();
        m_processes->insertRow(row);
        m_processes->setItem(row, 0, resultCell(QString::number(p.npu)));
        m_processes->setItem(row, 1, resultCell(QString::number(p.chip)));
        m_processes->setItem(row, 2, resultCell(QString::number(p.pid)));
        m_processes->setItem(row, 3, resultCell(p.name.isEmpty() ? tr("(no name: in a container)") : p.name));
        m_processes->setItem(row, 4, resultCell(shown(p.memoryMb), Qt::AlignRight | Qt::AlignVCenter));
    }
    m_processes->setVisible(!d->smi->processes.isEmpty());
    // Used and free stacked per chip: the bar's height is the chip's HBM (or device memory).
    auto *series = new QStackedBarSeries;
    series->append(used);
    series->append(free);
    m_chart->addSeries(series);
    auto *axisX = new QBarCategoryAxis;
    axisX->append(categories);
    axisX->setTitleText(tr("NPU/chip"));
    auto *axisY = new QValueAxis;
    axisY->setRange(0, top > 0 ? top : 1);
    axisY->setLabelFormat(u"%.0f"_s);
    axisY->setTitleText(tr("MB"));
    m_chart->addAxis(axisX, Qt::AlignBottom);
    m_chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);
    connect(series, &QStackedBarSeries::hovered, m_chartView, [this, categories, used, free](bool status, int index) {
        if (!status || index < 0 || index >= categories.size()) {
            m_chartView->setToolTip(QString());
            return;
        }
        m_chartView->setToolTip(tr("NPU/chip %1: %2 MB used, %3 MB free")
                                    .arg(categories.at(index))
                                    .arg(used->at(index), 0, 'f', 0)
                                    .arg(free->at(index), 0, 'f', 0));
    });
}

void EnvResults::showMatrix()
{
    m_matrix->clear();
    m_matrix->setRowCount(0);
    m_matrix->setColumnCount(0);
    const bool several = m_results.size() > 1;
    setTabEnabled(static_cast<int>(Page::Nodes), several);
    if (!several)
        return;
    const env::NodeMatrix matrix = env::buildMatrix(m_results);
    m_matrix->setColumnCount(static_cast<int>(matrix.hosts.size()));
    m_matrix->setHorizontalHeaderLabels(matrix.hosts);
    QStringList labels;
    for (const env::MatrixRow &row : matrix.rows) {
        if (m_onlyDifferences->isChecked() && !row.differs)
            continue;
        const int r = m_matrix->rowCount();
        m_matrix->insertRow(r);
        labels.append(row.label);
        for (int c = 0; c < row.cells.size(); ++c) {
            QTableWidgetItem *item = resultCell(row.cells.at(c));
            if (row.kind == env::MatrixRow::Kind::Check && c < row.verdicts.size()) {
                item->setIcon(icon(row.verdicts.at(c)));
                item->setText(word(row.verdicts.at(c)));
            }
            if (row.differs) {
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
                QColor background = color(Verdict::Warn);
                background.setAlpha(48);
                item->setBackground(background);
            }
            m_matrix->setItem(r, c, item);
        }
    }
    m_matrix->setVerticalHeaderLabels(labels);
    m_matrix->resizeColumnsToContents();
}

void EnvResults::showCheckDetail()
{
    const QTreeWidgetItem *item = m_checks->currentItem();
    if (!item) {
        m_checkDetail->setText(m_checks->topLevelItemCount() > 0 ? tr("Select a check to read it in full.")
                                                                 : QString());
        return;
    }
    const auto line = [](const QString &heading, const QString &text) {
        return text.isEmpty() ? QString() : u"<p><b>%1</b> %2</p>"_s.arg(heading, text.toHtmlEscaped());
    };
    m_checkDetail->setText(u"<p><b>%1</b> — %2</p>"_s.arg(item->text(1).toHtmlEscaped(), item->text(0))
                           + line(tr("Evidence:"), item->text(2)) + line(tr("Next step:"), item->text(3))
                           + u"<p><i>%1</i></p>"_s.arg(tr("Double-click the row for the raw output.")));
}

void EnvResults::showRaw(QTreeWidgetItem *item)
{
    const env::Diagnosis *d = selectedDiagnosis();
    if (!d || !item)
        return;
    const QString raw = item->data(1, Qt::UserRole).toString();
    QString text;
    for (const env::Section &section : d->snapshot.sections) {
        const bool wanted = raw == u"files"_s ? section.name.startsWith(u"file:"_s)
                                              : section.name == raw || section.name.startsWith(raw + u':');
        if (wanted)
            text += u"### "_s + section.name + u"  ("_s + tr("exit code %1").arg(section.exitCode) + u")\n"_s
                + section.text + u"\n\n"_s;
    }
    if (text.isEmpty())
        text = item->text(2);
    auto *dialog = new QDialog(this);
    dialog->setObjectName(u"envRawDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Raw output: %1").arg(item->text(1)));
    auto *layout = new QVBoxLayout(dialog);
    QPlainTextEdit *view = monospaceText(dialog, u"envRawText"_s);
    view->setPlainText(text);
    layout->addWidget(view);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(900, 560);
    dialog->show();
}

} // namespace vna::ui
