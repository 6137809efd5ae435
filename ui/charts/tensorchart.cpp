#include "tensorchart.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QPen>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include "common/verdict.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

TensorChart::TensorChart(QWidget *parent)
    : QWidget{parent}
    , m_chart{new QChart}
    , m_series{new QHorizontalBarSeries(this)}
    , m_set{new QBarSet(QString(), this)}
    , m_current{new QLineSeries(this)}
    , m_recommended{new QLineSeries(this)}
    , m_axisX{new QBarCategoryAxis(this)}
    , m_axisY{new QValueAxis(this)}
{
    m_series->setObjectName(u"tensorSeries"_s);
    m_current->setObjectName(u"currentBucketLine"_s);
    m_recommended->setObjectName(u"recommendedLine"_s);
    m_series->append(m_set);
    m_series->setBarWidth(0.6);
    m_chart->addSeries(m_series);
    m_chart->addSeries(m_current);
    m_chart->addSeries(m_recommended);
    // Horizontal bars: the tensor names read left of them, unshortened by the chart.
    m_chart->addAxis(m_axisX, Qt::AlignLeft);
    m_chart->addAxis(m_axisY, Qt::AlignBottom);
    for (QAbstractSeries *series : std::initializer_list<QAbstractSeries *>{m_series, m_current, m_recommended}) {
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
    }
    m_axisY->setLabelFormat(u"%.0f"_s);
    m_axisY->setMin(0);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);

    QPen current(color(Verdict::Warn));
    current.setWidthF(2);
    current.setStyle(Qt::DashLine);
    m_current->setPen(current);
    QPen recommended(color(Verdict::Pass));
    recommended.setWidthF(2);
    m_recommended->setPen(recommended);

    connect(m_set, &QBarSet::hovered, this, [this](bool status, int index) {
        const qsizetype bar = m_bars.size() - 1 - index; // drawn bottom up
        if (status && bar >= 0 && bar < m_bars.size())
            QToolTip::showText(QCursor::pos(), m_bars.at(bar).tooltip, this);
        else
            QToolTip::hideText();
    });

    m_view = new QChartView(m_chart, this);
    m_view->setFocusPolicy(Qt::NoFocus); // a picture: nothing in it takes keys
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(fontMetrics().height() * 20);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    applyPalette();
    retranslate();
}

void TensorChart::setData(const QList<Bar> &bars,
                          std::optional<double> currentMiB,
                          std::optional<double> recommendedMiB)
{
    m_bars = bars;
    QList<qreal> values;
    QStringList labels;
    double top = 1;
    for (qsizetype i = bars.size() - 1; i >= 0; --i) { // drawn bottom up: the largest on top
        values << bars.at(i).mib;
        labels << bars.at(i).label;
        top = std::max(top, bars.at(i).mib);
    }
    m_set->remove(0, m_set->count());
    m_set->append(values);
    m_axisX->clear();
    m_axisX->append(labels);
    // Room for every name: a bar is two lines of text high.
    m_view->setMinimumHeight(fontMetrics().height() * std::max<int>(20, static_cast<int>(bars.size()) * 2 + 8));

    // Lines span the whole category axis: categories sit at 0 … n-1.
    const qreal bottom = -0.5;
    const qreal up = std::max<qsizetype>(1, bars.size()) - 0.5;
    const auto line = [&](QLineSeries *series, std::optional<double> value) {
        if (value) {
            series->replace({QPointF(*value, bottom), QPointF(*value, up)});
            top = std::max(top, *value);
        } else {
            series->clear();
        }
    };
    line(m_current, currentMiB);
    line(m_recommended, recommendedMiB);
    m_axisY->setRange(0, top * 1.12);
    m_axisY->applyNiceNumbers();
}

void TensorChart::clear()
{
    setData({}, std::nullopt, std::nullopt);
}

QStringList TensorChart::categories() const
{
    return m_axisX->categories();
}

QBarSet *TensorChart::bars() const
{
    return m_set;
}

QLineSeries *TensorChart::currentLine() const
{
    return m_current;
}

QLineSeries *TensorChart::recommendedLine() const
{
    return m_recommended;
}

QChart *TensorChart::chart() const
{
    return m_chart;
}

void TensorChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QWidget::changeEvent(event);
}

void TensorChart::retranslate()
{
    m_chart->setTitle(tr("Largest tensors as they travel"));
    m_set->setLabel(tr("Tensor size"));
    m_current->setName(tr("Current bucket"));
    m_recommended->setName(tr("Recommended bucket"));
    m_axisY->setTitleText(tr("MiB"));
    m_axisX->setTitleText(tr("Tensor"));
}

void TensorChart::applyPalette()
{
    // Qt Charts does not follow the widget palette; pick the theme that matches it.
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QPen current = m_current->pen();
    const QPen recommended = m_recommended->pen();
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundBrush(palette().brush(QPalette::Base));
    m_current->setPen(current);
    m_recommended->setPen(recommended);
}

} // namespace vna::ui
