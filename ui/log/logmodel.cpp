#include "logmodel.h"

#include <QApplication>
#include <QStyle>

using namespace Qt::StringLiterals;

namespace vna::ui {

LogModel::LogModel(QObject *parent)
    : QAbstractTableModel{parent}
{}

int LogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_records.size());
}

int LogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const log::Record &r = m_records.at(index.row());
    if (role == LevelRole)
        return static_cast<int>(r.level);
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case TimeColumn:
            return r.time.toString(u"HH:mm:ss.zzz"_s);
        case LevelColumn:
            return log::levelName(r.level);
        case LoggerColumn:
            return r.logger;
        case MessageColumn:
            return r.message;
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == MessageColumn)
        return r.message;
    if (role == Qt::DecorationRole && index.column() == LevelColumn) {
        switch (r.level) {
        case log::Level::Error:
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        case log::Level::Warn:
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        case log::Level::Info:
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
        default:
            return {};
        }
    }
    return {};
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case LevelColumn:
        return tr("Level");
    case LoggerColumn:
        return tr("Source");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

void LogModel::append(const QList<log::Record> &records)
{
    if (records.isEmpty())
        return;
    const qsizetype overflow = m_records.size() + records.size() - kMaxRows;
    if (overflow > 0) {
        const qsizetype drop = std::min(overflow, m_records.size());
        if (drop > 0) {
            beginRemoveRows({}, 0, static_cast<int>(drop - 1));
            m_records.remove(0, drop);
            endRemoveRows();
        }
    }
    const QList<log::Record> kept = records.size() > kMaxRows ? records.mid(records.size() - kMaxRows) : records;
    const int first = static_cast<int>(m_records.size());
    beginInsertRows({}, first, first + static_cast<int>(kept.size()) - 1);
    m_records.append(kept);
    endInsertRows();
}

void LogModel::clear()
{
    beginResetModel();
    m_records.clear();
    endResetModel();
}

const log::Record &LogModel::record(int row) const
{
    return m_records.at(row);
}

QString LogModel::format(const log::Record &record)
{
    return u'[' + record.time.toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) + u"] ["_s + record.logger + u"] ["_s
        + log::levelName(record.level) + u"] "_s + record.message;
}

LogFilterModel::LogFilterModel(QObject *parent)
    : QSortFilterProxyModel{parent}
{}

void LogFilterModel::setMinimumLevel(log::Level level)
{
    m_minimum = level;
    invalidateFilter();
}

log::Level LogFilterModel::minimumLevel() const
{
    return m_minimum;
}

void LogFilterModel::setText(const QString &text)
{
    m_text = text;
    invalidateFilter();
}

bool LogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, LogModel::MessageColumn, sourceParent);
    const int level = index.data(LogModel::LevelRole).toInt();
    if (level < static_cast<int>(m_minimum))
        return false;
    return m_text.isEmpty() || index.data().toString().contains(m_text, Qt::CaseInsensitive);
}

} // namespace vna::ui
