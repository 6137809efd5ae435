// The Environment tab's result pages: the checks with the selected one in full, the devices and
// their HBM, and where the nodes differ. Everything shown comes from core/env.
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

#include "common/verdict.h"
#include "common/widgets.h"
#include "env/report.h"
#include "envtab.h"

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

const env::Diagnosis *EnvTab::selectedDiagnosis() const
{
    const int index = m_node->currentIndex();
    return index >= 0 && index < m_state.results.size() ? &m_state.results.at(index) : nullptr;
}

void EnvTab::showResults()
{
    const QString current = m_node->currentText();
    m_node->blockSignals(true);
    m_node->clear();
    for (const env::Diagnosis &d : std::as_const(m_state.results))
        m_node->addItem(icon(d.worst()), d.host() == env::kLocalHost ? tr("This machine") : d.host());
    const int keep = m_node->findText(current);
    m_node->setCurrentIndex(keep >= 0 ? keep : 0);
    m_node->blockSignals(false);
    fitToItems(m_node); // every node's name in full
    m_node->setVisible(m_state.results.size() > 1);
    m_copyReport->setEnabled(!m_state.results.isEmpty());
    m_saveReport->setEnabled(!m_state.results.isEmpty());
    showChecks();
    showDevices();
    showMatrix();
    // A diagnosed device count is the best default for the script's device list.
    if (const env::Diagnosis *d = selectedDiagnosis(); d && d->logicalDeviceCount() > 0 && !m_scriptDevicesTyped)
        m_scriptDevices->setText(u"0-%1"_s.arg(d->logicalDeviceCount() - 1));
}

void EnvTab::showChecks()
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
    m_summary->setText(m_state.results.size() > 1 ? env::nodesSummary(m_state.results) + u'\n' + node : node);
    showUseVerl();
}

void EnvTab::showUseVerl()
{
    // The nodes' verl, when it is not the one the tools work for: one click makes it so.
    const auto version = verl::Version::parse(env::installedVerl(m_state.results), QString());
    const bool differs
        = version && !(*version == session().verlVersion() && version->dev == session().verlVersion().dev);
    m_useVerl->setVisible(differs);
    if (differs)
        m_useVerl->setText(tr("Use verl %1 (found on the nodes) in every tool").arg(version->toString()));
}

// Why the Devices page has no device, in words; empty when it has some.
QString EnvTab::devicesNote(const env::Diagnosis *d)
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

void EnvTab::showDevices()
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

void EnvTab::showMatrix()
{
    m_matrix->clear();
    m_matrix->setRowCount(0);
    m_matrix->setColumnCount(0);
    const bool several = m_state.results.size() > 1;
    m_pages->setTabEnabled(static_cast<int>(Page::Nodes), several);
    if (!several)
        return;
    const env::NodeMatrix matrix = env::buildMatrix(m_state.results);
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

void EnvTab::showCheckDetail()
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

void EnvTab::showRaw(QTreeWidgetItem *item)
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
