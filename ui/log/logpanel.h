// The dockable Log panel: every record of every logger, filtered by level and text, copyable.
#pragma once

#include <QList>
#include <QWidget>

#include "common/logging.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace vna::ui {

class LogFilterModel;
class LogModel;

class LogPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogPanel)

public:
    explicit LogPanel(QWidget *parent = nullptr);

    LogModel *model() const;
    LogFilterModel *filterModel() const;

Q_SIGNALS:
    void statusMessage(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void enqueue(const vna::log::Record &record);
    void flushPending();
    void copy();

    LogModel *m_model = nullptr;
    LogFilterModel *m_filter = nullptr;
    QLabel *m_levelLabel = nullptr;
    QComboBox *m_level = nullptr;
    QLineEdit *m_text = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_clear = nullptr;
    QTableView *m_view = nullptr;
    QTimer *m_flushTimer = nullptr;
    QList<log::Record> m_pending;
};

} // namespace vna::ui
