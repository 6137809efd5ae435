// The Environment tab's result pages, as the user reads them: the checks of one node with the
// selected one in full, its devices and their HBM, and where the nodes differ. Given the diagnoses,
// it shows them, in the language of the moment; the tab adds its own pages after these.
#pragma once

#include <QList>
#include <QTabWidget>

#include "env/diagnose.h"

class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace vna::ui {

class Session;

class EnvResults final : public QTabWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EnvResults)

public:
    enum class Page { Checks, Devices, Nodes }; // the first pages, in this order

    EnvResults(Session &session, QWidget *parent = nullptr);

    // Shows these diagnoses, keeping the node that was selected when it is among them. Words are in
    // the language of the moment: the owner sets them again after a switch (judged again too).
    void setResults(const QList<env::Diagnosis> &results);
    // The diagnosis of the node the pages show, or nullptr before any.
    const env::Diagnosis *selectedDiagnosis() const;
    // Why the Devices page shows no device, in words (empty when it shows some).
    static QString devicesNote(const env::Diagnosis *d);

Q_SIGNALS:
    void copyReportRequested();
    void saveReportRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildChecksPage();
    QWidget *buildDevicesPage();
    QWidget *buildNodesPage();
    void retranslate();
    void showChecks();
    void showUseVerl();
    void showDevices();
    void showMatrix();
    void showCheckDetail();
    void showRaw(QTreeWidgetItem *item);

    Session &m_session;
    QList<env::Diagnosis> m_results;

    QLabel *m_summary = nullptr;
    QPushButton *m_useVerl = nullptr; // shown when the nodes' verl is not the session's
    QComboBox *m_node = nullptr;
    QComboBox *m_filter = nullptr;
    QTreeWidget *m_checks = nullptr;
    QLabel *m_checkDetail = nullptr; // the selected check's evidence and next step in full
    QPushButton *m_copyReport = nullptr;
    QPushButton *m_saveReport = nullptr;
    QLabel *m_devicesNote = nullptr;
    QTableWidget *m_devices = nullptr;
    QTableWidget *m_processes = nullptr;
    QChart *m_chart = nullptr;
    QChartView *m_chartView = nullptr;
    QCheckBox *m_onlyDifferences = nullptr;
    QTableWidget *m_matrix = nullptr;
    QLabel *m_matrixHint = nullptr;
};

} // namespace vna::ui
