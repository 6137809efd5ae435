#include "memorychart.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLineSeries>
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
    m_chart->legend()->setAlignment(Qt::AlignRight);
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
    m_view->setMinimumHeight(fontMetrics().height() * 22);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
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
        connect(set, &QBarSet::hovered, this, [this, tips](bool status, int index) {
            if (status && index >= 0 && index < tips.size() && !tips.at(index).isEmpty())
                QToolTip::showText(QCursor::pos(), tips.at(index), this);
            else
                QToolTip::hideText();
        });
        m_series->append(set);
    }
    for (double total : totals)
        top = std::max(top, total);
    m_axisX->clear();
    m_axisX->append(phases);
    m_axisY->setMax(top * 1.08);
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
    m_hbm->clear();
    m_usable->clear();
    m_layers.clear();
}

QStringList MemoryChart::phases() const
{
    return m_axisX->categories();
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
}

} // namespace vna::ui
