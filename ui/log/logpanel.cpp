#include "logpanel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "common/settingskeys.h"
#include "log/logmodel.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

LogPanel::LogPanel(QWidget *parent)
    : QWidget{parent}
    , m_model{new LogModel(this)}
    , m_filter{new LogFilterModel(this)}
{
    m_filter->setSourceModel(m_model);

    m_levelLabel = new QLabel(this);
    m_level = new QComboBox(this);
    m_level->setObjectName(u"logLevelFilter"_s);
    for (const log::Level level : log::allLevels())
        m_level->addItem(QString(), static_cast<int>(level));
    m_levelLabel->setBuddy(m_level);
    m_text = new QLineEdit(this);
    m_text->setObjectName(u"logTextFilter"_s);
    m_text->setClearButtonEnabled(true);
    m_copy = new QPushButton(this);
    m_copy->setObjectName(u"logCopy"_s);
    m_clear = new QPushButton(this);
    m_clear->setObjectName(u"logClear"_s);

    m_view = new QTableView(this);
    m_view->setObjectName(u"logView"_s);
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(LogModel::TimeColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(LogModel::LevelColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(LogModel::LoggerColumn, QHeaderView::ResizeToContents);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_levelLabel);
    controls->addWidget(m_level);
    controls->addWidget(m_text, 1);
    controls->addWidget(m_copy);
    controls->addWidget(m_clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_view);

    Settings settings;
    const int savedLevel = settings.value(keys::logPanelLevel);
    m_level->setCurrentIndex(m_level->findData(savedLevel));
    m_filter->setMinimumLevel(static_cast<log::Level>(savedLevel));

    connect(m_level, &QComboBox::currentIndexChanged, this, [this] {
        const int level = m_level->currentData().toInt();
        m_filter->setMinimumLevel(static_cast<log::Level>(level));
        Settings().setValue(keys::logPanelLevel, level);
    });
    connect(m_text, &QLineEdit::textChanged, m_filter, &LogFilterModel::setText);
    connect(m_copy, &QPushButton::clicked, this, &LogPanel::copy);
    connect(m_clear, &QPushButton::clicked, m_model, &LogModel::clear);

    // Records arrive from any thread; batching keeps a burst of records from repainting per line.
    m_flushTimer = new QTimer(this);
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(50);
    connect(m_flushTimer, &QTimer::timeout, this, &LogPanel::flushPending);
    m_model->append(log::Hub::instance().recent());
    connect(&log::Hub::instance(), &log::Hub::recordAdded, this, &LogPanel::enqueue, Qt::QueuedConnection);

    retranslate();
}

LogModel *LogPanel::model() const
{
    return m_model;
}

LogFilterModel *LogPanel::filterModel() const
{
    return m_filter;
}

void LogPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LogPanel::retranslate()
{
    m_levelLabel->setText(tr("&Level:"));
    m_level->setToolTip(tr("Show records of this level and above"));
    const QStringList names{tr("Trace"), tr("Debug"), tr("Info"), tr("Warning"), tr("Error")};
    for (int i = 0; i < m_level->count() && i < names.size(); ++i)
        m_level->setItemText(i, names.at(i));
    m_text->setPlaceholderText(tr("Filter messages"));
    m_copy->setText(tr("&Copy"));
    m_copy->setToolTip(tr("Copy the selected records, or every shown record when none is selected"));
    m_clear->setText(tr("C&lear"));
    m_clear->setToolTip(tr("Remove the records from this panel (the log file keeps them)"));
}

void LogPanel::enqueue(const vna::log::Record &record)
{
    m_pending.append(record);
    if (!m_flushTimer->isActive())
        m_flushTimer->start();
}

void LogPanel::flushPending()
{
    m_model->append(std::exchange(m_pending, {}));
}

void LogPanel::copy()
{
    QList<int> rows;
    const QModelIndexList selected = m_view->selectionModel()->selectedRows();
    if (selected.isEmpty()) {
        for (int row = 0; row < m_filter->rowCount(); ++row)
            rows << row;
    } else {
        for (const QModelIndex &index : selected)
            rows << index.row();
        std::sort(rows.begin(), rows.end());
    }
    QStringList lines;
    for (const int row : rows)
        lines << LogModel::format(m_model->record(m_filter->mapToSource(m_filter->index(row, 0)).row()));
    QApplication::clipboard()->setText(lines.join(u'\n') + (lines.isEmpty() ? QString() : u"\n"_s));
    Q_EMIT statusMessage(tr("Copied %n log record(s)", nullptr, static_cast<int>(lines.size())));
}

} // namespace vna::ui
