#include "tensortablemodel.h"

#include <QFileInfo>
#include <QLocale>

namespace vna::ui {

TensorTableModel::TensorTableModel(QObject *parent)
    : QAbstractTableModel{parent}
{}

int TensorTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_tensors.size());
}

int TensorTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bucket::Tensor &tensor = m_tensors.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn:
            return tensor.name;
        case ShapeColumn:
            return bucket::formatShape(tensor.shape);
        case DtypeColumn:
            return tensor.dtype.displayName();
        case MiBColumn:
            return QLocale().toString(static_cast<double>(tensor.bytes) / bucket::kMiB, 'f', 2);
        case FileColumn:
            return QFileInfo(tensor.file).fileName();
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == MiBColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == FileColumn)
        return tensor.file;
    if (role == Qt::UserRole)
        return QVariant::fromValue(tensor.bytes);
    return {};
}

QVariant TensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case NameColumn:
        return tr("Tensor");
    case ShapeColumn:
        return tr("Shape");
    case DtypeColumn:
        return tr("Data type");
    case MiBColumn:
        return tr("MiB");
    case FileColumn:
        return tr("File");
    default:
        return {};
    }
}

void TensorTableModel::setTensors(const QList<bucket::Tensor> &tensors)
{
    beginResetModel();
    m_tensors = tensors;
    endResetModel();
}

} // namespace vna::ui
