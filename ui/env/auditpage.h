// The Environment tab's Audit page: a stack pasted (pip list, version lines, an image tag, npu-smi info) or
// the nodes just checked, audited by core/audit — the pins it breaks, the fixes it lacks, the smallest
// upgrade and verl's images for the hardware — with a symptom to put the matching fixes first.
#pragma once

#include <QList>
#include <QWidget>

#include "audit/audit.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace vna::ui {

class FieldMessage;
class JobRunner;
class Session;
class TextBox;

class AuditPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditPage)

public:
    AuditPage(Session &session, QWidget *parent = nullptr);
    ~AuditPage() override;

    // The nodes the tab checked last: "Audit the nodes just checked" audits their stacks.
    void setNodes(const QList<env::Diagnosis> &nodes);
    // The last audit: of the pasted stack (hosts empty) or of the nodes.
    const QList<audit::NodeAudit> &audits() const { return m_audits; }
    bool isBusy() const;

public Q_SLOTS:
    void auditPasted();
    void auditNodes();
    void cancel();

Q_SIGNALS:
    void copyReportRequested();
    void busyChanged(bool busy);

protected:
    void changeEvent(QEvent *event) override;
    // Opening the page puts the cursor in the paste (so Ctrl+Return audits it).
    void showEvent(QShowEvent *event) override;

private:
    enum class Source { None, Pasted, Nodes };
    void retranslate();
    void validate(); // reads the paste as the user types
    void run(Source source);
    void showAudit();

    Session &m_session;
    QList<env::Diagnosis> m_nodes;
    QList<audit::NodeAudit> m_audits;
    QStringList m_skipped; // nodes whose Python probe gave no versions
    Source m_source = Source::None;
    bool m_loading = true;

    QLabel *m_hint = nullptr;
    QLabel *m_stackLabel = nullptr;
    TextBox *m_stack = nullptr;
    FieldMessage *m_stackMessage = nullptr;
    QLabel *m_read = nullptr; // what the paste reads as
    QLabel *m_symptomLabel = nullptr;
    QLineEdit *m_symptom = nullptr;
    QPushButton *m_audit = nullptr;
    QPushButton *m_auditNodes = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QLabel *m_verdict = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_copyReport = nullptr;
    JobRunner *m_jobs = nullptr;
};

} // namespace vna::ui
