// Table of log records for the Log panel, fed by the core log Hub.
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QSortFilterProxyModel>

#include "common/logging.h"

namespace vna::ui {

class LogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogModel)

public:
    enum Column { TimeColumn, LevelColumn, LoggerColumn, MessageColumn, ColumnCount };
    enum Role { LevelRole = Qt::UserRole + 1 };
    static constexpr qsizetype kMaxRows = 10000;

    explicit LogModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void append(const QList<log::Record> &records);
    void clear();
    const log::Record &record(int row) const;
    // One line per record, as written to the log file.
    static QString format(const log::Record &record);

private:
    QList<log::Record> m_records;
};

// Hides records below a level and those not containing a text.
class LogFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogFilterModel)

public:
    explicit LogFilterModel(QObject *parent = nullptr);
    void setMinimumLevel(log::Level level);
    log::Level minimumLevel() const;
    void setText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    log::Level m_minimum = log::Level::Trace;
    QString m_text;
};

} // namespace vna::ui
