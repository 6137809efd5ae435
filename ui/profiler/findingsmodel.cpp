#include "findingsmodel.h"

#include <QFontDatabase>

using namespace Qt::StringLiterals;

namespace vna::ui {

Severity severityOf(const profiler::Finding &finding)
{
    return finding.severity == profiler::Finding::Severity::Error ? Severity::Error : Severity::Warning;
}

FindingsModel::FindingsModel(QObject *parent)
    : QAbstractTableModel{parent}
{}

int FindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const profiler::Finding &finding = m_findings.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LineColumn:
            // Findings about the whole run (nothing collected, …) point at the override that causes them
            // when there is one; the others have no place.
            return finding.line > 0 ? u"%1:%2"_s.arg(finding.line).arg(finding.column) : u"—"_s;
        case SeverityColumn:
            return word(severityOf(finding));
        case RuleColumn:
            return finding.rule;
        case MessageColumn:
            return finding.message;
        case FixColumn:
            return finding.fix;
        default:
            return {};
        }
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(icon(severityOf(finding))) : QVariant();
    case Qt::ToolTipRole: // the whole text, and the rule's id (its column is hidden where room is short)
        if (index.column() == MessageColumn || index.column() == FixColumn || index.column() == SeverityColumn)
            return u"[%1] %2"_s.arg(finding.rule,
                                    index.column() == SeverityColumn ? finding.message
                                                                     : index.data(Qt::DisplayRole).toString());
        return {};
    case Qt::FontRole: // a rule's id is a name to search for, set as code
        return index.column() == RuleColumn ? QVariant(QFontDatabase::systemFont(QFontDatabase::FixedFont))
                                            : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == LineColumn ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case LineColumn:
        //: Column of the lint table: line:column in the script
        return tr("Line");
    case SeverityColumn:
        return tr("Severity");
    case RuleColumn:
        return tr("Rule");
    case MessageColumn:
        return tr("Problem");
    case FixColumn:
        return tr("Fix");
    default:
        return {};
    }
}

void FindingsModel::setFindings(const QList<profiler::Finding> &findings)
{
    beginResetModel();
    m_findings = findings;
    endResetModel();
}

const profiler::Finding &FindingsModel::finding(int row) const
{
    return m_findings.at(row);
}

} // namespace vna::ui
