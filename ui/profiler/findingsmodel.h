// Lint findings as a table: where, how bad, which rule, why, and the fix.
#pragma once

#include <QAbstractTableModel>
#include <QList>

#include "common/verdict.h"
#include "profiler/finding.h"

namespace vna::ui {

// The shared icon/word/colour for a finding's severity.
Severity severityOf(const profiler::Finding &finding);

class FindingsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FindingsModel)

public:
    enum Column { LineColumn, SeverityColumn, RuleColumn, MessageColumn, FixColumn, ColumnCount };

    explicit FindingsModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setFindings(const QList<profiler::Finding> &findings);
    const profiler::Finding &finding(int row) const;

private:
    QList<profiler::Finding> m_findings;
};

} // namespace vna::ui
