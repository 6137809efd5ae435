#include "auditpage.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/session.h"
#include "common/settings.h"
#include "common/settingskeys.h"
#include "common/textbox.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "env/stack.h"
#include "upstream/index.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// What the paste reads as, in one line: "verl 0.7.1, torch 2.7.1 … (7 versions); Atlas A3".
QString readAs(const env::Stack &stack)
{
    QStringList parts;
    for (auto it = stack.versions.cbegin(); it != stack.versions.cend() && parts.size() < 8; ++it)
        parts << it.key() + u' ' + it->version;
    QString text = AuditPage::tr("Reads %n version(s): %1", nullptr, static_cast<int>(stack.versions.size()))
                       .arg(parts.join(u", "_s) + (stack.versions.size() > parts.size() ? u", …"_s : QString()));
    if (stack.hardware != env::NpuFamily::Unknown)
        text += u"; "_s + env::familyName(stack.hardware);
    for (const QString &problem : stack.problems)
        text += u"\n"_s + problem;
    return text;
}

} // namespace

AuditPage::AuditPage(Session &session, QWidget *parent)
    : QWidget{parent}
    , m_session{session}
{
    auto *layout = new QVBoxLayout(this);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);

    auto *form = new QFormLayout;
    m_stackLabel = new QLabel(this);
    m_stack = new TextBox(this, u"envAuditStack"_s);
    m_stack->setMaximumHeight(m_stack->fontMetrics().lineSpacing() * 6);
    m_stackMessage = addCheckedRow(form, m_stackLabel, m_stack, u"envAuditStackMessage"_s);
    m_stack->setLimit(200 * 1000, m_stackMessage, tr("Paste the versions (pip list, npu-smi info), not a log."));
    m_read = resultLabel(this, u"envAuditRead"_s);
    form->addRow(QString(), m_read);
    m_symptomLabel = new QLabel(this);
    m_symptom = new QLineEdit(this);
    m_symptom->setObjectName(u"envAuditSymptom"_s);
    m_symptom->setClearButtonEnabled(true);
    m_symptomLabel->setBuddy(m_symptom);
    form->addRow(m_symptomLabel, m_symptom);
    layout->addLayout(form);

    auto *buttons = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"envAuditProgress"_s);
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(u"envAuditCancel"_s);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    m_auditNodes = new QPushButton(this);
    m_auditNodes->setObjectName(u"envAuditNodes"_s);
    m_audit = new QPushButton(this);
    m_audit->setObjectName(u"envAuditRun"_s);
    m_audit->setDefault(true);
    buttons->addWidget(m_auditNodes);
    buttons->addWidget(m_audit);
    layout->addLayout(buttons);

    m_verdict = resultLabel(this, u"envAuditVerdict"_s);
    layout->addWidget(m_verdict);
    m_result = monospaceText(this, u"envAuditResult"_s);
    layout->addWidget(m_result, 1);
    auto *bottom = new QHBoxLayout;
    bottom->addStretch(1);
    m_copy = new QPushButton(this);
    m_copy->setObjectName(u"envAuditCopy"_s);
    m_copyReport = new QPushButton(this);
    m_copyReport->setObjectName(u"envAuditCopyReport"_s);
    bottom->addWidget(m_copy);
    bottom->addWidget(m_copyReport);
    layout->addLayout(bottom);

    m_jobs = new JobRunner(session, this); // a pure computation: rerun after a language switch
    m_jobs->setBusyRow(m_progress, m_cancel);
    connect(m_jobs, &JobRunner::runningChanged, this, [this](bool running) {
        validate();
        Q_EMIT busyChanged(running);
    });

    connect(m_stack, &QPlainTextEdit::textChanged, this, [this] {
        validate();
        if (!m_loading)
            Settings().setValue(keys::envAuditStack, m_stack->toPlainText());
    });
    connect(m_symptom, &QLineEdit::textChanged, this, [this] {
        if (!m_loading)
            Settings().setValue(keys::envAuditSymptom, m_symptom->text());
    });
    connect(m_symptom, &QLineEdit::returnPressed, this, &AuditPage::auditPasted);
    connect(m_audit, &QPushButton::clicked, this, &AuditPage::auditPasted);
    connect(m_auditNodes, &QPushButton::clicked, this, &AuditPage::auditNodes);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        if (m_result->toPlainText().isEmpty())
            return;
        QApplication::clipboard()->setText(m_result->toPlainText());
        m_session.showStatus(tr("Copied"));
    });
    connect(m_copyReport, &QPushButton::clicked, this, &AuditPage::copyReportRequested);

    retranslate();
    const Settings settings;
    m_stack->setPlainText(settings.value(keys::envAuditStack));
    m_symptom->setText(settings.value(keys::envAuditSymptom));
    m_loading = false;
    validate();
    showAudit();
}

AuditPage::~AuditPage() = default;

void AuditPage::setNodes(const QList<env::Diagnosis> &nodes)
{
    m_nodes = nodes;
    validate();
}

bool AuditPage::isBusy() const
{
    return m_jobs->isRunning();
}

void AuditPage::cancel()
{
    m_jobs->cancel();
}

void AuditPage::validate()
{
    const bool busy = m_jobs && m_jobs->isRunning();
    const QString text = m_stack->toPlainText();
    bool readable = false;
    if (text.trimmed().isEmpty()) {
        m_stackMessage->setMessage(QString());
        m_read->setText(QString());
    } else if (const auto stack = env::parseStack(text)) {
        m_stackMessage->setMessage(QString());
        m_read->setText(readAs(*stack));
        readable = true;
    } else {
        m_stackMessage->setMessage(stack.error().message);
        m_read->setText(QString());
    }
    m_audit->setEnabled(readable && !busy);
    m_auditNodes->setEnabled(!m_nodes.isEmpty() && !busy);
    m_copyReport->setEnabled(!m_audits.isEmpty() || !m_nodes.isEmpty());
    m_auditNodes->setToolTip(m_nodes.isEmpty() ? tr("Run the checks first: their Python probe reads each node's "
                                                    "packages.")
                                               : tr("The stacks of the %n node(s) just checked.", nullptr,
                                                    static_cast<int>(m_nodes.size())));
}

void AuditPage::auditPasted()
{
    if (m_audit->isEnabled())
        run(Source::Pasted);
}

void AuditPage::auditNodes()
{
    if (m_auditNodes->isEnabled())
        run(Source::Nodes);
}

void AuditPage::run(Source source)
{
    struct Outcome
    {
        QList<audit::NodeAudit> audits;
        QStringList skipped;
    };
    const QString text = m_stack->toPlainText();
    const QString symptom = m_symptom->text();
    const QList<env::Diagnosis> nodes = m_nodes;
    m_jobs->start<Outcome>(
        tr("Auditing the stack…"),
        [source, text, symptom, nodes](JobControl &) {
            Outcome outcome;
            if (source == Source::Nodes) {
                outcome.audits = audit::auditNodes(nodes, symptom, upstream::Upstream::builtin(), &outcome.skipped);
            } else if (const auto stack = env::parseStack(text)) {
                outcome.audits.append({{}, audit::auditStack(*stack, symptom, upstream::Upstream::builtin())});
            }
            return outcome;
        },
        [this, source](Outcome outcome) {
            m_source = source;
            m_audits = std::move(outcome.audits);
            m_skipped = std::move(outcome.skipped);
            showAudit();
        });
}

void AuditPage::showAudit()
{
    if (m_source == Source::None) {
        m_verdict->setText(tr("Paste a stack, or run the checks and audit the nodes."));
        m_result->clear();
        m_copy->setEnabled(false);
        return;
    }
    QString text;
    int broken = 0;
    for (const audit::NodeAudit &node : std::as_const(m_audits)) {
        if (!node.hosts.isEmpty())
            text += tr("=== Nodes: %1").arg(node.hosts.join(u", "_s)) + u"\n"_s;
        text += audit::auditText(node.audit) + u"\n"_s;
        broken += node.audit.breaksPin();
    }
    if (!m_skipped.isEmpty())
        text += tr("Not audited (their Python probe gave no versions): %1").arg(m_skipped.join(u", "_s)) + u"\n"_s;
    m_result->setPlainText(text);
    m_copy->setEnabled(!text.isEmpty());
    m_copyReport->setEnabled(true);
    const bool checked = std::any_of(m_audits.cbegin(), m_audits.cend(),
                                     [](const audit::NodeAudit &node) { return node.audit.checkedPins() > 0; });
    const Verdict verdict = broken > 0 ? Verdict::Fail : checked ? Verdict::Pass : Verdict::Skip;
    m_verdict->setStyleSheet(u"color: %1"_s.arg(color(verdict).name()));
    m_verdict->setText(m_audits.isEmpty() ? tr("Nothing to audit: no node's Python probe gave versions.")
                           : broken > 0   ? tr("%n stack(s) break a pin: see FAIL below.", nullptr, broken)
                           : checked      ? tr("No pin broken: what was checked, and what was not, is below.")
                                          : tr("Nothing could be checked: no release read here pins the packages "
                                                    "named; see below what is missing."));
}

void AuditPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!isAncestorOf(QApplication::focusWidget()))
        m_stack->setFocus();
}

void AuditPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        validate();
        // The audit's sentences were made in the old language: make them again.
        if (m_source != Source::None && !m_jobs->isRunning())
            run(m_source);
        else
            showAudit();
    }
    QWidget::changeEvent(event);
}

void AuditPage::retranslate()
{
    m_hint->setText(tr("Which versions go together, the NPU fixes your versions lack and the smallest upgrade: paste "
                       "pip list, pip freeze or conda list, lines such as \"verl 0.7.1\" or \"CANN: 8.3.RC1\", an "
                       "image tag, or npu-smi info — or audit the nodes just checked."));
    m_stackLabel->setText(tr("&Stack:"));
    m_stack->setPlaceholderText(tr("verl 0.8.0\nvllm-ascend 0.18.0\ntorch_npu 2.9.0\nCANN 8.5.1\n…"));
    m_stack->setToolTip(tr("Anything that states versions; lines that do not are skipped, and a version that cannot "
                           "be read is named with its line."));
    m_symptomLabel->setText(tr("S&ymptom:"));
    m_symptom->setPlaceholderText(tr("optional: the error line, or what goes wrong in a few words"));
    m_symptom->setToolTip(tr("The fixes that match it are listed first, and the smallest upgrade gets them."));
    m_audit->setText(tr("&Audit"));
    m_audit->setToolTip(tr("Ctrl+Return"));
    m_auditNodes->setText(tr("&Audit the nodes just checked"));
    m_cancel->setText(tr("Cancel"));
    m_copy->setText(tr("Copy"));
    m_copyReport->setText(tr("Copy report for a GitHub issue"));
    m_copyReport->setToolTip(tr("The environment report with this audit, in Markdown."));
}

} // namespace vna::ui
