// Stacked bars of what each phase keeps on one device, against the device's memory and the margin.
// The only place the Memory tab touches Qt Charts.
#pragma once

#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>

class QBarCategoryAxis;
class QChart;
class QChartView;
class QGridLayout;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace vna::ui {

class MemoryChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryChart)

public:
    struct Layer
    {
        QString name;      // the part (Parameters, KV cache …)
        QList<double> gib; // one value per phase
        QStringList tooltips;
        QColor color; // invalid: the chart's theme picks one
    };

    explicit MemoryChart(QWidget *parent = nullptr);

    void setData(const QStringList &phases, const QList<Layer> &layers, double hbmGib, double marginGib);
    void clear();

    // For tests.
    QStackedBarSeries *series() const { return m_series; }
    QLineSeries *hbmLine() const { return m_hbm; }
    QStringList phases() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void fillLegend();
    void wrapLabels();
    static QString twoLines(const QString &phase);

    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QStackedBarSeries *m_series = nullptr;
    QLineSeries *m_hbm = nullptr;
    QLineSeries *m_usable = nullptr;
    QBarCategoryAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QList<Layer> m_layers;
    QStringList m_phases; // as given; the axis may show them on two lines
    QWidget *m_legend = nullptr;
    QGridLayout *m_legendGrid = nullptr;
};

} // namespace vna::ui
