// Bar chart of the largest tensors, named beside their bars, with lines for the current bucket and
// the recommendation. The only place the Bucket tab touches Qt Charts.
#pragma once

#include <optional>

#include <QList>
#include <QWidget>

class QHorizontalBarSeries;
class QBarSet;
class QBarCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace vna::ui {

class TensorChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorChart)

public:
    struct Bar
    {
        QString label;   // short and distinct, shown under the bar: the tensor's name, shortened
        QString tooltip; // full name, shape, dtype
        double mib = 0;
    };

    explicit TensorChart(QWidget *parent = nullptr);

    void setData(const QList<Bar> &bars, std::optional<double> currentMiB, std::optional<double> recommendedMiB);
    void clear();

    // For tests and screenshots.
    QBarSet *bars() const;
    QStringList categories() const; // the axis labels beside the bars, bottom up
    QLineSeries *currentLine() const;
    QLineSeries *recommendedLine() const;
    QChart *chart() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void applyPalette();

    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QHorizontalBarSeries *m_series = nullptr;
    QBarSet *m_set = nullptr;
    QLineSeries *m_current = nullptr;
    QLineSeries *m_recommended = nullptr;
    QBarCategoryAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QList<Bar> m_bars;
};

} // namespace vna::ui
