#include "memorychart.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QPen>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include "common/verdict.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

MemoryChart::MemoryChart(QWidget *parent)
    : QWidget{parent}
    , m_chart{new QChart}
    , m_series{new QStackedBarSeries(this)}
    , m_hbm{new QLineSeries(this)}
    , m_usable{new QLineSeries(this)}
    , m_axisX{new QBarCategoryAxis(this)}
    , m_axisY{new QValueAxis(this)}
{
    m_series->setObjectName(u"memorySeries"_s);
    m_hbm->setObjectName(u"hbmLine"_s);
    m_usable->setObjectName(u"marginLine"_s);
    m_chart->addSeries(m_series);
    m_chart->addSeries(m_hbm);
    m_chart->addSeries(m_usable);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QAbstractSeries *series : std::initializer_list<QAbstractSeries *>{m_series, m_hbm, m_usable}) {
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
    }
    m_axisY->setLabelFormat(u"%.0f"_s);
    m_axisY->setMin(0);
    // The legend is a grid of labels below the chart: beside it, it took a third of the width the
    // phases need, and its last rows were cut where rows are taller (Chinese).
    m_chart->legend()->hide();
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    QPen hbm(color(Verdict::Fail));
    hbm.setWidthF(2);
    m_hbm->setPen(hbm);
    QPen usable(color(Verdict::Warn));
    usable.setWidthF(2);
    usable.setStyle(Qt::DashLine);
    m_usable->setPen(usable);

    m_view = new QChartView(m_chart, this);
    m_view->setFocusPolicy(Qt::NoFocus); // a picture: nothing in it takes keys
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(fontMetrics().height() * 16);
    connect(m_chart, &QChart::plotAreaChanged, this, &MemoryChart::wrapLabels);
    m_legend = new QWidget(this);
    m_legend->setObjectName(u"memoryLegend"_s);
    m_legendGrid = new QGridLayout(m_legend);
    m_legendGrid->setContentsMargins(0, 0, 0, 0);
    m_legendGrid->setHorizontalSpacing(12);
    m_legendGrid->setVerticalSpacing(2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    retranslate();
}

void MemoryChart::setData(const QStringList &phases, const QList<Layer> &layers, double hbmGib, double marginGib)
{
    m_series->clear();
    m_layers = layers;
    double top = hbmGib;
    QList<double> totals(phases.size(), 0.0);
    for (const Layer &layer : layers) {
        auto *set = new QBarSet(layer.name);
        if (layer.color.isValid())
            set->setColor(layer.color);
        for (qsizetype i = 0; i < phases.size(); ++i) {
            const double value = layer.gib.value(i);
            set->append(value);
            totals[i] += value;
        }
        const QStringList tips = layer.tooltips;
        connect(set, &QBarSet::hovered, this, [this, tips, phases, name = layer.name](bool status, int index) {
            // The phase's whole name first: the axis may have had to shorten it.
            if (status && index >= 0 && index < tips.size() && !tips.at(index).isEmpty())
                QToolTip::showText(QCursor::pos(), u"%1 · %2\n%3"_s.arg(phases.value(index), name, tips.at(index)),
                                   this);
            else
                QToolTip::hideText();
        });
        m_series->append(set);
    }
    for (double total : totals)
        top = std::max(top, total);
    m_phases = phases;
    m_axisX->clear();
    m_axisX->append(phases);
    // Ticks on round numbers (0, 20, 40 …), not on fifths of the tallest bar.
    m_axisY->setRange(0, top * 1.08);
    m_axisY->applyNiceNumbers();
    wrapLabels();
    const double left = -0.5;
    const double right = static_cast<double>(phases.size()) - 0.5;
    m_hbm->replace({QPointF(left, hbmGib), QPointF(right, hbmGib)});
    m_usable->replace({QPointF(left, hbmGib - marginGib), QPointF(right, hbmGib - marginGib)});
    retranslate();
}

void MemoryChart::clear()
{
    m_series->clear();
    m_axisX->clear();
    m_phases.clear();
    m_hbm->clear();
    m_usable->clear();
    m_layers.clear();
    fillLegend();
}

QStringList MemoryChart::phases() const
{
    return m_phases;
}

// One entry per part and line, three to a row: a swatch of its colour (a line for the device's
// memory and the margin), then its name.
void MemoryChart::fillLegend()
{
    while (QLayoutItem *item = m_legendGrid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const int side = fontMetrics().height() * 3 / 4;
    const auto entry = [&](int index, const QColor &color, bool line, Qt::PenStyle style, const QString &name) {
        QPixmap swatch(side, side);
        swatch.fill(Qt::transparent);
        QPainter painter(&swatch);
        if (line) {
            QPen pen(color, 2, style);
            painter.setPen(pen);
            painter.drawLine(0, side / 2, side, side / 2);
        } else {
            painter.fillRect(swatch.rect(), color);
        }
        painter.end();
        auto *mark = new QLabel(m_legend);
        mark->setPixmap(swatch);
        auto *text = new QLabel(name, m_legend);
        text->setObjectName(u"memoryLegendEntry"_s);
        const int row = index / 3;
        const int column = (index % 3) * 2;
        m_legendGrid->addWidget(mark, row, column);
        m_legendGrid->addWidget(text, row, column + 1);
        mark->show(); // now, not when the layout gets round to it
        text->show();
    };
    int index = 0;
    entry(index++, m_hbm->pen().color(), true, Qt::SolidLine, m_hbm->name());
    entry(index++, m_usable->pen().color(), true, Qt::DashLine, m_usable->name());
    for (QBarSet *set : m_series->barSets())
        entry(index++, set->color(), false, Qt::SolidLine, set->label());
    for (int column = 1; column < 6; column += 2)
        m_legendGrid->setColumnStretch(column, 1);
}

// A phase name too wide for its bar goes on two lines: broken at the space or hyphen nearest its
// middle, or in the middle of a word in Chinese (QtCharts would cut it to "Engi…"). The room each
// has changes with the window.
QString MemoryChart::twoLines(const QString &phase)
{
    qsizetype best = -1;
    for (qsizetype i = 1; i + 1 < phase.size(); ++i) {
        if ((phase.at(i) == u' ' || phase.at(i - 1) == u'-')
            && (best < 0 || std::abs(phase.size() / 2 - i) < std::abs(phase.size() / 2 - best)))
            best = i;
    }
    if (best < 0 && phase.size() > 1 && phase.at(phase.size() / 2).script() == QChar::Script_Han)
        best = phase.size() / 2;
    if (best < 0)
        return phase;
    return phase.left(best).trimmed() + u"<br>"_s + phase.mid(best).trimmed();
}

void MemoryChart::wrapLabels()
{
    if (m_phases.isEmpty())
        return;
    const QFontMetrics metrics(m_axisX->labelsFont());
    const qreal room = m_chart->plotArea().width() / static_cast<qreal>(m_phases.size()) - 24; // QtCharts pads
    QStringList labels;
    for (const QString &phase : std::as_const(m_phases))
        labels << (metrics.horizontalAdvance(phase) * 1.25 > room ? twoLines(phase) : phase);
    if (labels != m_axisX->categories()) {
        m_axisX->clear();
        m_axisX->append(labels);
    }
}

void MemoryChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void MemoryChart::retranslate()
{
    m_axisY->setTitleText(tr("GiB per device"));
    m_hbm->setName(tr("Device memory"));
    m_usable->setName(tr("Less the margin"));
    fillLegend();
}

} // namespace vna::ui
