#include "synctab.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QWizard>
#include <QWizardPage>
#include <numeric>

#include "common/fieldcheck.h"
#include "common/jobrunner.h"
#include "common/paths.h"
#include "common/settingskeys.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "ssh/nodeset.h"
#include "syncpage.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

QString dirStateText(ckptsync::DirState state)
{
    switch (state) {
    case ckptsync::DirState::Writable:
        return QCoreApplication::translate("vna::ui::SyncTab", "writable");
    case ckptsync::DirState::ReadOnly:
        return QCoreApplication::translate("vna::ui::SyncTab", "read-only");
    case ckptsync::DirState::Creatable:
        return QCoreApplication::translate("vna::ui::SyncTab", "will be created");
    case ckptsync::DirState::Blocked:
        return QCoreApplication::translate("vna::ui::SyncTab", "missing, cannot be created");
    }
    return QString();
}

} // namespace

SyncTab::SyncTab(Session &session, QWidget *parent)
    : ToolTab{session, parent}
{
    m_runner = new JobRunner(session, this, JobRunner::OnLanguageChange::Deliver); // it copies files
    connect(m_runner, &JobRunner::runningChanged, this, &SyncTab::setBusy);
    m_loading = true;
    auto *layout = new QVBoxLayout(this);
    m_wizard = new QWizard(this);
    m_wizard->setWindowFlags(Qt::Widget); // QDialog makes itself a window unless told otherwise
    m_wizard->setObjectName(u"syncWizard"_s);
    m_wizard->setWizardStyle(QWizard::ClassicStyle);
    m_wizard->setOption(QWizard::NoCancelButton);
    m_wizard->setOption(QWizard::NoBackButtonOnLastPage);
    layout->addWidget(m_wizard);
    buildSourcePage();
    buildNodesPage();
    buildPreflightPage();
    buildPlanPage();
    buildRunPage();
    buildSummaryPage();
    // QWizard makes its buttons before any page: Tab would reach Next before the page's fields. Put
    // them after the pages, in the order they stand.
    QWidget *last = m_wizard->page(SummaryPage);
    while (last->nextInFocusChain() && m_wizard->page(SummaryPage)->isAncestorOf(last->nextInFocusChain()))
        last = last->nextInFocusChain();
    for (const QWizard::WizardButton which : {QWizard::BackButton, QWizard::NextButton, QWizard::CommitButton,
                                              QWizard::FinishButton, QWizard::CancelButton, QWizard::HelpButton}) {
        QWidget::setTabOrder(last, m_wizard->button(which));
        last = m_wizard->button(which);
    }
    // A new page takes the focus when the widget that had it went away with the old page (the last
    // page has no Back and no Next): else it would fall to the window's tab bar.
    connect(m_wizard, &QWizard::currentIdChanged, this, [this] {
        QTimer::singleShot(0, this, [this] {
            QWidget *focus = QApplication::focusWidget();
            if (focus && m_wizard->isAncestorOf(focus) && focus->isVisible())
                return;
            if ((focus && focus->window() != window()) || (!focus && !window()->isActiveWindow()))
                return; // the user is elsewhere: leave them there
            for (QWidget *w = m_wizard->nextInFocusChain(); w && w != m_wizard; w = w->nextInFocusChain()) {
                if (m_wizard->isAncestorOf(w) && w->isVisible() && w->isEnabled()
                    && (w->focusPolicy() & Qt::TabFocus)) {
                    w->setFocus(Qt::TabFocusReason);
                    return;
                }
            }
        });
    });
    m_watchTimer = new QTimer(this);
    m_watchTimer->setInterval(10000);
    connect(m_watchTimer, &QTimer::timeout, this, &SyncTab::watchTick);
    connect(m_wizard, &QWizard::finished, this, &SyncTab::newSync);
    retranslate();
    loadSettings();
    m_loading = false;
    validateNodes();
    m_wizard->show(); // a QDialog starts hidden, even as a child widget
}

SyncTab::~SyncTab()
{
    m_watchTimer->stop();
    // A tab being destroyed says nothing: the window around it may be half gone already.
    blockSignals(true);
    // The runner cancels the job and waits for its worker while the ssh control folder still exists.
    delete m_runner;
    m_runner = nullptr;
}

bool SyncTab::isBusy() const
{
    return m_runner && m_runner->isRunning();
}

void SyncTab::openLink(const ToolLink &link)
{
    const QString folder = link.param(u"folder"_s);
    if (folder.isEmpty())
        return;
    if (isBusy()) {
        session().showStatus(tr("The wizard is busy; cancel or finish the running step first."));
        return;
    }
    newSync();
    m_sourceLocal->setChecked(true);
    m_folder->setText(folder);
    m_linkOrigin->setText(tr("Folder filled in by the log analyzer from %1. If the checkpoint lives on another node, "
                             "choose \"On another node\" and give that node.")
                              .arg(link.origin));
    m_linkOrigin->show();
    scan();
}

void SyncTab::newSync()
{
    if (isBusy())
        return;
    if (m_watch->isChecked())
        m_watch->setChecked(false);
    m_state.results.clear();
    m_state.plan.clear();
    m_state.preflightDone = false;
    m_state.syncDone = false;
    m_wizard->restart();
    m_wizard->show(); // Finish hides a QWizard, even one living inside a tab
    m_folder->setFocus();
}

void SyncTab::showNeeds()
{
    m_needs->clear();
    const auto options = baseOptions();
    if (!options || !m_state.discovery)
        return;
    const auto set = ckptsync::filesToSync(*m_state.discovery, options->selection);
    if (!set) {
        m_needs->setText(set.error().message);
        return;
    }
    QMap<int, std::pair<int, qint64>> byNeed;
    for (const ckptsync::SyncFile &file : set->files) {
        auto &[count, bytes] = byNeed[static_cast<int>(file.need)];
        ++count;
        bytes += file.size;
    }
    QStringList lines;
    for (auto it = byNeed.cbegin(); it != byNeed.cend(); ++it)
        lines << tr("%n file(s), %1: %2", nullptr, it.value().first)
                     .arg(QLocale().formattedDataSize(it.value().second),
                          ckptsync::needText(static_cast<ckptsync::Need>(it.key())));
    if (!set->perRank.isEmpty())
        lines << tr("%n per-rank file(s) stay on their node.", nullptr, static_cast<int>(set->perRank.size()));
    lines << set->refused;
    for (const ckptsync::Unreadable &file : set->unreadable)
        lines << ckptsync::unreadableText(file);
    m_needs->setText(tr("Every node needs:") + u'\n' + lines.join(u'\n'));
}

void SyncTab::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    ToolTab::changeEvent(event);
}

void SyncTab::loadSettings()
{
    m_state.inputs = SyncInputs::load();
    const SyncInputs &in = m_state.inputs;
    (in.sourceRemote ? m_sourceRemote : m_sourceLocal)->setChecked(true);
    m_sourceHost->setText(in.sourceHost);
    m_sourceHost->setEnabled(in.sourceRemote);
    m_browse->setEnabled(!in.sourceRemote);
    m_folder->setText(in.folder);
    m_nodes->setText(in.nodes);
    m_sshConfig->setText(in.sshConfig);
    m_bandwidth->setValue(in.bandwidthMiB);
    m_topology->setCurrentIndex(std::max(0, m_topology->findData(in.topology)));
}

void SyncTab::readInputs()
{
    SyncInputs &in = m_state.inputs;
    in.sourceRemote = m_sourceRemote->isChecked();
    in.sourceHost = m_sourceHost->text();
    in.folder = m_folder->text();
    in.step = m_step->currentData().toString();
    in.includeTracker = m_includeTracker->isChecked();
    in.nodes = m_nodes->text();
    in.sshConfig = m_sshConfig->text();
    in.acceptKeys = m_acceptKeys->isChecked();
    in.bandwidthMiB = m_bandwidth->value();
    in.topology = m_topology->currentData().toString();
}

void SyncTab::saveSettings()
{
    if (!m_dirty || m_loading)
        return;
    readInputs();
    m_state.inputs.save();
}

Result<ckptsync::Options> SyncTab::baseOptions()
{
    readInputs();
    return m_state.options(m_controlDir.isValid() ? m_controlDir.path() : QString());
}

void SyncTab::scan()
{
    const auto options = baseOptions();
    m_folderMessage->setMessage(QString());
    if (!options) {
        m_folderMessage->setMessage(options.error().message);
        return;
    }
    const ckptsync::Options &opts = *options;
    const auto [root, onlyStep] = ckptsync::splitRoot(m_folder->text().trimmed());
    Q_UNUSED(root);
    const std::optional<int> pointed = onlyStep;
    runJob<Result<ckptsync::Discovery>>(
        tr("Scanning %1…").arg(options->source.display()),
        [opts](const std::atomic_bool *cancel) { return ckptsync::discoverSource(opts.source, opts.ssh, cancel); },
        [this, pointed](Result<ckptsync::Discovery> found) {
            m_found->clear();
            m_step->clear();
            if (!found) {
                m_folderMessage->setMessage(found.error().message);
                page(m_wizard, SourcePage)->refresh();
                return;
            }
            m_state.discovery = *found;
            for (const ckptsync::Step &step : found->steps) {
                auto *top = new QTreeWidgetItem(m_found, {step.dir});
                for (const ckptsync::DistCkptDir &dist : step.dists) {
                    new QTreeWidgetItem(
                        top,
                        {dist.path.section(u'/', 1), dist.present.join(u", "_s),
                         dist.worldSize > 0 ? tr("%n rank(s)", nullptr, dist.worldSize) : tr("none on this machine")});
                }
                top->setExpanded(true);
            }
            m_found->resizeColumnToContents(0);
            m_found->resizeColumnToContents(1); // the metadata files by name, not "common.pt, …"
            if (found->steps.isEmpty()) {
                m_folderMessage->setMessage(tr("No global_step_N folder was found here."));
            } else {
                m_step->addItem(QString(), u"latest"_s);
                m_step->addItem(QString(), u"all"_s);
                for (const ckptsync::Step &step : found->steps)
                    m_step->addItem(step.dir, QString::number(step.number));
                nameSteps();
                if (pointed)
                    m_step->setCurrentIndex(m_step->findData(QString::number(*pointed)));
            }
            page(m_wizard, SourcePage)->refresh();
        });
}

void SyncTab::nameSteps()
{
    if (!m_state.discovery || m_state.discovery->steps.isEmpty() || m_step->count() < 2)
        return;
    m_step->setItemText(0, tr("the latest: global_step_%1").arg(m_state.discovery->latest()->number));
    m_step->setItemText(1, tr("every step (%1)").arg(m_state.discovery->steps.size()));
    fitToItems(m_step);
}

void SyncTab::validateNodes()
{
    m_nodesMessage->setMessage(QString());
    m_nodesCount->clear();
    if (!m_nodes->text().trimmed().isEmpty()) {
        const auto nodes = ssh::expandNodeset(m_nodes->text());
        if (!nodes)
            m_nodesMessage->setMessage(nodes.error().message);
        else
            m_nodesCount->setText(
                tr("%n node(s): %1", nullptr, static_cast<int>(nodes->size())).arg(ssh::foldNodeset(*nodes)));
    }
    const QString config = paths::expandHome(m_sshConfig->text().trimmed());
    if (!config.isEmpty() && !QFileInfo(config).isReadable())
        m_nodesMessage->setMessage(tr("Cannot read the ssh configuration file %1.").arg(config));
    page(m_wizard, NodesPage)->refresh();
}

void SyncTab::testConnections()
{
    const auto options = baseOptions();
    if (!options || options->nodes.isEmpty())
        return;
    const ckptsync::Options &opts = *options;
    m_testResult->clear(); // an old answer beside a new test reads as its answer
    runJob<QList<ckptsync::NodeState>>(
        tr("Connecting…"), [opts](const std::atomic_bool *cancel) { return ckptsync::preflight(opts, {}, cancel); },
        [this](const QList<ckptsync::NodeState> &states) {
            QStringList down;
            for (const ckptsync::NodeState &s : states)
                if (!s.reachable)
                    down.append(s.node + u": "_s + s.error);
            m_testResult->setText(down.isEmpty()
                                      ? tr("All %n node(s) answered.", nullptr, static_cast<int>(states.size()))
                                      : down.join(u'\n'));
            page(m_wizard, NodesPage)->refresh();
        });
}

void SyncTab::runPreflight()
{
    m_state.preflightDone = false;
    m_preflight->setRowCount(0);
    m_preflightSummary->clear();
    const auto options = baseOptions();
    if (!options || !m_state.discovery)
        return;
    const auto files = ckptsync::filesToSync(*m_state.discovery, options->selection);
    if (!files) {
        m_preflightSummary->setText(files.error().message);
        return;
    }
    ckptsync::Options run = *options;
    run.runBy = ckptsync::defaultRunBy();
    const ckptsync::Options &opts = run;
    const ckptsync::SourceSet &wanted = *files;
    using Outcome = std::pair<Result<ckptsync::SourceData>, QList<ckptsync::NodeState>>;
    runJob<Outcome>(
        tr("Reading the source and checking %n node(s)…", nullptr, static_cast<int>(options->nodes.size())),
        [opts, wanted](const std::atomic_bool *cancel) {
            auto source = ckptsync::readSource(opts.source, wanted, opts.ssh, cancel);
            QList<ckptsync::NodeState> states;
            if (source)
                states = ckptsync::preflight(opts, *source, cancel);
            return Outcome{source, states};
        },
        [this](Outcome outcome) {
            if (!outcome.first) {
                m_preflightSummary->setText(outcome.first.error().message);
                return;
            }
            m_state.source = *outcome.first;
            m_state.states = outcome.second;
            m_state.preflightDone = true;
            showPreflight();
            page(m_wizard, PreflightPage)->refresh();
            if (m_wizard->currentId() == PlanPage) // checked again after a language switch
                showPlan();
            // Unknown host keys are accepted only when the user has seen them and says so.
            QStringList unknown;
            for (const ckptsync::NodeState &state : std::as_const(m_state.states))
                if (state.failure == ssh::Failure::HostKeyUnknown)
                    unknown.append(state.error);
            if (!unknown.isEmpty() && !m_acceptKeys->isChecked()
                && QMessageBox::question(
                       this, tr("Unknown host keys"),
                       tr("These nodes have never been connected to:\n\n%1\n\nAccept and remember their "
                          "keys, then check the nodes again?")
                           .arg(unknown.join(u"\n\n"_s)))
                    == QMessageBox::Yes) {
                m_acceptKeys->setChecked(true);
                runPreflight();
            }
        });
}

void SyncTab::showPreflight()
{
    m_preflight->setRowCount(0);
    int reachable = 0, shared = 0;
    for (const ckptsync::NodeState &s : std::as_const(m_state.states)) {
        const int row = m_preflight->rowCount();
        m_preflight->insertRow(row);
        m_preflight->setItem(row, 0, resultCell(s.node));
        auto *reach = resultCell(s.reachable ? (s.shared ? tr("yes, shared storage") : tr("yes")) : s.error);
        reach->setIcon(icon(s.reachable ? Verdict::Pass : Verdict::Error));
        reach->setToolTip(s.error);
        m_preflight->setItem(row, 1, reach);
        QStringList free;
        for (const ckptsync::Volume &v : s.volumes)
            free.append(tr("%1 GiB on %2").arg(static_cast<double>(v.freeBytes) / (1 << 30), 0, 'f', 1).arg(v.mount));
        m_preflight->setItem(row, 2, resultCell(free.isEmpty() ? u"—"_s : free.join(u", "_s)));
        QStringList dirs;
        for (auto it = s.dirs.cbegin(); it != s.dirs.cend(); ++it)
            dirs.append(dirStateText(it.value()));
        dirs.removeDuplicates();
        m_preflight->setItem(row, 3, resultCell(dirs.join(u", "_s)));
        int same = 0, differ = 0, missing = 0;
        for (const ckptsync::SourceFile &f : std::as_const(m_state.source.files)) {
            const QString sha = s.files.value(f.path).sha256;
            if (sha.isEmpty())
                ++missing;
            else if (sha == f.sha256)
                ++same;
            else
                ++differ;
        }
        m_preflight->setItem(
            row, 4,
            resultCell(s.reachable ? tr("%1 identical, %2 different, %3 missing").arg(same).arg(differ).arg(missing)
                                   : tr("not checked")));
        if (!s.reachable)
            m_preflight->item(row, 3)->setText(tr("not checked"));
        reachable += s.reachable;
        shared += s.shared;
    }
    m_preflight->resizeColumnsToContents();
    QString text = tr("%1 of %n node(s) reachable.", nullptr, static_cast<int>(m_state.states.size())).arg(reachable);
    if (shared > 0 && shared == reachable)
        text += u' ' + tr("Every reachable node shares the source's storage: no copy needed.");
    const auto problems = ckptsync::planProblems(m_state.source, m_state.states);
    for (auto it = problems.cbegin(); it != problems.cend(); ++it)
        text += u'\n' + it.key() + u": "_s + it.value().join(u"; "_s);
    const auto notes = ckptsync::planNotes(m_state.states);
    for (auto it = notes.cbegin(); it != notes.cend(); ++it)
        text += u'\n' + it.key() + u": "_s + it.value().join(u"; "_s);
    for (const QString &note : std::as_const(m_state.source.notes))
        text += u'\n' + note;
    const auto [world, from] = ckptsync::worldSize(m_state.source, m_state.states);
    if (world > 0)
        text += u'\n' + tr("Saved by %n rank(s) (read from %1).", nullptr, world).arg(from);
    m_preflightSummary->setText(text);
}

void SyncTab::showPlan()
{
    QStringList routeNotes;
    const auto options = baseOptions();
    m_state.plan = options ? ckptsync::routedPlan(*options, m_state.source, m_state.states, &routeNotes)
                           : ckptsync::buildPlan(m_state.source, m_state.states);
    m_planTable->setRowCount(0);
    int copies = 0;
    for (const ckptsync::PlanItem &p : std::as_const(m_state.plan)) {
        const int row = m_planTable->rowCount();
        m_planTable->insertRow(row);
        m_planTable->setItem(row, 0, resultCell(p.node));
        m_planTable->setItem(row, 1, resultCell(p.file));
        m_planTable->setItem(row, 2, resultCell(ckptsync::actionText(p.action)));
        m_planTable->setItem(row, 3, resultCell(p.reason.isEmpty() ? ckptsync::needText(p.need) : p.reason));
        copies += ckptsync::receives(p.action);
    }
    m_planTable->resizeColumnsToContents();
    int reached = 0;
    for (const ckptsync::NodeState &state : std::as_const(m_state.states))
        reached += state.reachable;
    const int unreached = static_cast<int>(m_state.states.size()) - reached;
    QString text;
    if (copies > 0)
        text = tr("%n file copy(ies) to make. Nothing on the source is changed; an existing different file is kept as "
                  "NAME.bak-<time>.",
                  nullptr, copies);
    else if (reached == 0)
        text = tr("No node could be reached, so nothing can be copied: the preflight (< Back) says why.");
    else if (unreached > 0)
        text = tr("Nothing to copy to the %n node(s) reached: they have these files or share the storage.", nullptr,
                  reached)
            + u' ' + tr("%n node(s) could not be reached.", nullptr, unreached);
    else
        text = tr("Nothing to copy: every node already has these files or shares the storage.");
    const auto bytes = ckptsync::bytesPerNode(m_state.plan);
    QStringList perNode;
    for (auto it = bytes.cbegin(); it != bytes.cend(); ++it)
        if (it.value() > 0)
            perNode.append(tr("%1: %2").arg(it.key(), QLocale().formattedDataSize(it.value())));
    if (!perNode.isEmpty())
        text += u'\n' + tr("To send: %1").arg(perNode.join(u", "_s));
    if (options && copies > 0)
        text += u'\n' + tr("Route: %1").arg(ckptsync::routeText(*options, m_state.plan));
    for (const QString &note : std::as_const(routeNotes))
        text += u'\n' + note;
    if (options && !options->ssh.configFile.isEmpty())
        text += u'\n' + tr("ssh configuration: %1").arg(options->ssh.configFile);
    m_planSummary->setText(text);
    updateScript();
    page(m_wizard, PlanPage)->refresh();
}

void SyncTab::updateScript()
{
    const auto options = baseOptions();
    if (!options || !m_script->isVisible())
        return;
    static const ckptsync::ScriptKind kinds[] = {ckptsync::ScriptKind::Bash, ckptsync::ScriptKind::Clush,
                                                 ckptsync::ScriptKind::Pdcp, ckptsync::ScriptKind::Hook};
    m_script->setPlainText(
        ckptsync::exportScript(kinds[std::max(0, m_scriptKind->currentIndex())], *options, m_state.source));
}

void SyncTab::log(const QString &line)
{
    m_log->appendPlainText(QTime::currentTime().toString(u"HH:mm:ss "_s) + line);
}

void SyncTab::setBusy(bool busy)
{
    m_scan->setEnabled(!busy);
    m_test->setEnabled(!busy);
    for (const int id : m_wizard->pageIds())
        page(m_wizard, id)->refresh();
}

} // namespace vna::ui
