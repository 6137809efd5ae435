// Logs → From the cluster: the nodes and the run to collect, each node's progress as it answers, Cancel,
// and the result (where it began, or where the run stopped) with "Save bundle…". The findings go to the
// Logs tab, which shows them like those of a file.
#pragma once

#include <atomic>
#include <memory>
#include <optional>

#include <QDialog>
#include <QFutureWatcher>

#include "collect/timeline.h"
#include "logscan/knowledgebase.h"
#include "logscan/matcher.h"

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace vna::ui {

class FieldMessage;

class ClusterDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterDialog)

public:
    struct Outcome
    {
        collect::Collection collection;
        collect::ClusterAnalysis result;
    };

    ClusterDialog(QList<logscan::Entry> entries, logscan::Matcher matcher, QWidget *parent = nullptr);
    ~ClusterDialog() override;

    const std::optional<Outcome> &outcome() const { return m_outcome; }
    const QList<logscan::Entry> &entries() const { return m_entries; }
    // The sentences the Logs tab shows above the findings: the nodes, where it began or where it stopped.
    QString summaryText() const;

signals:
    void collected();

protected:
    void reject() override;

private:
    void validate();
    void start();
    void finished();
    void nodeProgress(const collect::NodeLogs &node, bool done);
    void saveBundle();
    void saveSettings() const;

    QList<logscan::Entry> m_entries;
    logscan::Matcher m_matcher;
    QLineEdit *m_nodes = nullptr;
    FieldMessage *m_nodesMessage = nullptr;
    QLineEdit *m_sshConfig = nullptr;
    FieldMessage *m_sshMessage = nullptr;
    QLineEdit *m_rayDir = nullptr;
    QLineEdit *m_session = nullptr;
    QLineEdit *m_paths = nullptr;
    QLineEdit *m_since = nullptr;
    FieldMessage *m_sinceMessage = nullptr;
    QCheckBox *m_versions = nullptr;
    QTreeWidget *m_table = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_collect = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_bundle = nullptr;
    QDialogButtonBox *m_buttons = nullptr;

    std::shared_ptr<std::atomic_bool> m_stop;
    QFutureWatcher<Outcome> m_watcher;
    std::optional<Outcome> m_outcome;
    QStringList m_hosts;
    qint64 m_since0 = -1;
};

} // namespace vna::ui
