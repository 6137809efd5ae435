// The largest tensors of a bucket report, as a table.
#pragma once

#include <QAbstractTableModel>
#include <QList>

#include "bucket/tensor.h"

namespace vna::ui {

class TensorTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorTableModel)

public:
    enum Column { NameColumn, ShapeColumn, DtypeColumn, MiBColumn, FileColumn, ColumnCount };

    explicit TensorTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setTensors(const QList<bucket::Tensor> &tensors);

private:
    QList<bucket::Tensor> m_tensors;
};

} // namespace vna::ui
