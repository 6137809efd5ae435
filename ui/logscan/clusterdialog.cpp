#include "clusterdialog.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "collect/bundle.h"
#include "collect/rayhead.h"
#include "collect/timewindow.h"
#include "common/atomicfile.h"
#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/settings.h"
#include "common/settingskeys.h"
#include "common/widgets.h"
#include "ssh/nodeset.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

ClusterDialog::ClusterDialog(QList<logscan::Entry> entries, logscan::Matcher matcher, QWidget *parent)
    : QDialog(parent)
    , m_entries(std::move(entries))
    , m_matcher(std::move(matcher))
{
    setObjectName(u"clusterDialog"_s);
    setWindowTitle(tr("Collect logs from the cluster"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Reads the Ray session's logs, the CANN plogs and the kernel log on every node over "
                                "ssh, keeps only the lines around errors on the node, and finds where the failure "
                                "began — or, when nothing failed, where each process stopped."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    const auto field = [&](QLineEdit *&edit, const QString &name, const QString &label, const QString &tip) {
        edit = new QLineEdit(this);
        edit->setObjectName(name);
        edit->setToolTip(tip);
        form->addRow(label, edit);
    };
    field(m_nodes, u"clusterNodes"_s, tr("&Nodes:"),
          tr("ClusterShell nodeset syntax, as in Environment and Checkpoint sync: node[01-08],gpu3"));
    m_nodes->setPlaceholderText(u"node[01-08]"_s);
    m_nodesMessage = new FieldMessage(m_nodes, this);
    form->addRow(QString(), m_nodesMessage);
    m_sshConfig = new QLineEdit(this);
    m_sshConfig->setObjectName(u"clusterSshConfig"_s);
    m_sshConfig->setToolTip(tr("Empty: your ~/.ssh/config."));
    auto *browse = new QToolButton(this);
    browse->setObjectName(u"clusterSshBrowse"_s);
    browse->setText(u"…"_s);
    browse->setToolTip(tr("Choose an ssh configuration file"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Choose an ssh configuration file"), QDir::homePath() + u"/.ssh"_s);
        if (!path.isEmpty())
            m_sshConfig->setText(path);
    });
    auto *sshRow = new QHBoxLayout;
    sshRow->addWidget(m_sshConfig, 1);
    sshRow->addWidget(browse);
    auto *sshLabel = new QLabel(tr("SSH &config:"), this);
    sshLabel->setBuddy(m_sshConfig);
    form->addRow(sshLabel, sshRow);
    m_sshMessage = new FieldMessage(m_sshConfig, this);
    form->addRow(QString(), m_sshMessage);
    field(m_rayDir, u"clusterRayDir"_s, tr("&Ray folder:"),
          tr("Ray's temp folder on the nodes (ray start --temp-dir)."));
    field(m_session, u"clusterSession"_s, tr("S&ession:"),
          tr("The session folder's name under the Ray folder, or a path. session_latest is the newest."));
    field(m_paths, u"clusterPaths"_s, tr("&More folders:"),
          tr("Further folders or files to read on every node, separated by ;  ~/ is the node's home."));
    field(m_since, u"clusterSince"_s, tr("Since (op&tional):"),
          tr("Only what was written since then: 2026-12-07 10:42, or how long ago (30m, 2h)."));
    m_sinceMessage = new FieldMessage(m_since, this);
    form->addRow(QString(), m_sinceMessage);
    m_versions = new QCheckBox(tr("Also read each node's &versions and npu-smi (the Environment check's probe)"), this);
    m_versions->setObjectName(u"clusterVersions"_s);
    form->addRow(QString(), m_versions);
    layout->addLayout(form);

    m_table = new QTreeWidget(this);
    m_table->setObjectName(u"clusterNodesTable"_s);
    m_table->setRootIsDecorated(false);
    m_table->setHeaderLabels({tr("Node"), tr("State"), tr("Files"), tr("Moved")});
    m_table->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->header()->setStretchLastSection(false);
    layout->addWidget(m_table, 1);
    m_status = resultLabel(this, u"clusterStatus"_s);
    layout->addWidget(m_status);
    m_result = monospaceText(this, u"clusterResult"_s);
    m_result->hide();
    layout->addWidget(m_result, 2);

    m_buttons = new QDialogButtonBox(this);
    m_collect = m_buttons->addButton(tr("Co&llect"), QDialogButtonBox::AcceptRole);
    m_collect->setObjectName(u"clusterCollect"_s);
    m_collect->setDefault(true);
    m_cancel = m_buttons->addButton(tr("Cancel"), QDialogButtonBox::ActionRole);
    m_cancel->setObjectName(u"clusterCancel"_s);
    m_cancel->setEnabled(false);
    m_bundle = m_buttons->addButton(tr("Save &bundle…"), QDialogButtonBox::ActionRole);
    m_bundle->setObjectName(u"clusterBundle"_s);
    m_bundle->setToolTip(tr("One file for a GitHub issue: the findings, the lines they cite and each node's "
                            "versions, with secrets masked."));
    m_bundle->setEnabled(false);
    m_buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(m_buttons);
    disconnect(m_buttons, nullptr, this, nullptr);
    connect(m_collect, &QPushButton::clicked, this, &ClusterDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_stop)
            m_stop->store(true);
        m_status->setText(tr("Canceling: waiting for the nodes in hand to stop…"));
    });
    connect(m_bundle, &QPushButton::clicked, this, &ClusterDialog::saveBundle);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ClusterDialog::reject);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &ClusterDialog::finished);

    const Settings settings;
    m_nodes->setText(settings.value(keys::collectNodes));
    m_sshConfig->setText(settings.value(keys::collectSshConfig));
    m_rayDir->setText(settings.value(keys::collectRayDir));
    m_session->setText(settings.value(keys::collectSession));
    m_paths->setText(settings.value(keys::collectPaths));
    m_since->setText(settings.value(keys::collectSince));
    m_versions->setChecked(settings.value(keys::collectVersions));
    for (QLineEdit *edit : {m_nodes, m_sshConfig, m_since, m_rayDir, m_session})
        connect(edit, &QLineEdit::textChanged, this, &ClusterDialog::validate);
    validate();
    resize(760, 620);
}

ClusterDialog::~ClusterDialog()
{
    if (m_stop)
        m_stop->store(true);
    m_watcher.waitForFinished();
}

void ClusterDialog::validate()
{
    m_hosts.clear();
    const QString nodes = m_nodes->text().trimmed();
    if (nodes.isEmpty()) {
        m_nodesMessage->setMessage(tr("Name at least one node."));
    } else if (const auto hosts = ssh::expandNodeset(nodes); !hosts) {
        m_nodesMessage->setMessage(hosts.error().message);
    } else {
        m_hosts = *hosts;
        m_nodesMessage->setMessage(QString());
    }
    const QString config = m_sshConfig->text().trimmed();
    m_sshMessage->setMessage(config.isEmpty() || QFileInfo(config).isFile() ? QString()
                                                                            : tr("%1 is not a file.").arg(config));
    m_since0 = -1;
    if (const QString since = m_since->text().trimmed(); !since.isEmpty()) {
        const auto when = collect::parseWhen(since, collect::asWritten(QDateTime::currentMSecsSinceEpoch()));
        m_sinceMessage->setMessage(when ? QString() : when.error().message);
        if (when)
            m_since0 = *when;
    } else {
        m_sinceMessage->setMessage(QString());
    }
    const bool running = m_watcher.isRunning();
    m_collect->setEnabled(!running && !m_hosts.isEmpty() && m_sshMessage->isValid() && m_sinceMessage->isValid()
                          && !m_rayDir->text().trimmed().isEmpty() && !m_session->text().trimmed().isEmpty());
    if (!m_hosts.isEmpty() && !running)
        m_status->setText(tr("%n node(s) to collect from.", nullptr, static_cast<int>(m_hosts.size())));
}

void ClusterDialog::saveSettings() const
{
    Settings settings;
    settings.setValue(keys::collectNodes, m_nodes->text().trimmed());
    settings.setValue(keys::collectSshConfig, m_sshConfig->text().trimmed());
    settings.setValue(keys::collectRayDir, m_rayDir->text().trimmed());
    settings.setValue(keys::collectSession, m_session->text().trimmed());
    settings.setValue(keys::collectPaths, m_paths->text().trimmed());
    settings.setValue(keys::collectSince, m_since->text().trimmed());
    settings.setValue(keys::collectVersions, m_versions->isChecked());
}

void ClusterDialog::start()
{
    validate();
    if (!m_collect->isEnabled())
        return;
    saveSettings();
    collect::CollectOptions options;
    options.hosts = m_hosts;
    options.ssh.configFile = m_sshConfig->text().trimmed();
    options.script.rayDir = m_rayDir->text().trimmed();
    options.script.session = m_session->text().trimmed();
    for (const QString &path : m_paths->text().split(u';', Qt::SkipEmptyParts))
        if (!path.trimmed().isEmpty())
            options.script.paths << path.trimmed();
    options.versions = m_versions->isChecked();
    collect::searchFor(options.script, m_matcher);
    const qint64 since = m_since0;
    if (since >= 0)
        options.script.sinceEpochSec = collect::filesWrittenSince(since);

    m_table->clear();
    for (const QString &host : std::as_const(m_hosts)) {
        auto *item = new QTreeWidgetItem(m_table, {host, tr("waiting"), QString(), QString()});
        item->setData(0, Qt::UserRole, host);
    }
    m_outcome.reset();
    m_result->hide();
    m_bundle->setEnabled(false);
    m_collect->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Collecting from %n node(s)…", nullptr, static_cast<int>(m_hosts.size())));
    m_stop = std::make_shared<std::atomic_bool>(false);
    const auto stop = m_stop;
    const QPointer<ClusterDialog> self(this);
    const QList<logscan::Entry> entries = m_entries;
    const logscan::Matcher matcher = m_matcher;
    m_watcher.setFuture(QtConcurrent::run([=]() -> Outcome {
        Outcome outcome;
        const auto progress = [self](const collect::NodeLogs &node, bool done, int, int) {
            QMetaObject::invokeMethod(
                self.data(),
                [self, node, done] {
                    if (self)
                        self->nodeProgress(node, done);
                },
                Qt::QueuedConnection);
        };
        outcome.collection = collect::collectLogs(options, stop.get(), progress);
        auto result = collect::readCollection(outcome.collection, options, entries, matcher, since, -1, 120000, true,
                                              {}, stop.get());
        if (result)
            outcome.result = std::move(*result);
        return outcome;
    }));
}

void ClusterDialog::nodeProgress(const collect::NodeLogs &node, bool done)
{
    const QLocale locale;
    for (int i = 0; i < m_table->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_table->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toString() != node.host)
            continue;
        if (!done) {
            item->setText(1, tr("collecting…"));
        } else if (!node.ok()) {
            item->setText(1, node.failure);
            item->setToolTip(1, node.failure);
        } else {
            item->setText(1,
                          node.cutOff.isEmpty()
                              ? tr("done in %1 s").arg(locale.toString(node.elapsedMs / 1000.0, 'f', 1))
                              : tr("partial: %1").arg(node.cutOff));
            item->setText(2, locale.toString(node.answer.files.size()));
            item->setText(3, locale.formattedDataSize(node.bytesMoved));
        }
    }
}

void ClusterDialog::finished()
{
    m_cancel->setEnabled(false);
    const bool canceled = m_stop && m_stop->load();
    m_outcome = m_watcher.result();
    m_result->setPlainText(summaryText());
    m_result->show();
    const qint64 moved = m_outcome->collection.bytesMoved();
    const qint64 held = m_outcome->collection.bytesOnNodes();
    const QLocale locale;
    m_status->setText((canceled ? tr("Canceled: what the nodes sent before is shown.") + u' ' : QString())
                      + tr("Moved %1 of the %2 the nodes hold; the findings are in the Logs tab.")
                            .arg(locale.formattedDataSize(moved), locale.formattedDataSize(held)));
    m_bundle->setEnabled(true);
    validate();
    emit collected();
}

QString ClusterDialog::summaryText() const
{
    if (!m_outcome)
        return {};
    const QString language = i18n::current();
    QString out = collect::nodesText(m_outcome->collection);
    if (const QString began = collect::beginningText(m_outcome->result, m_entries, language); !began.isEmpty())
        out += u'\n' + began;
    if (const QString hang = collect::hangText(m_outcome->result.hang); !hang.isEmpty())
        out += u'\n' + hang;
    return out;
}

void ClusterDialog::saveBundle()
{
    if (!m_outcome)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the bundle"), u"verl-npu-evidence.md"_s,
                                                      tr("Markdown (*.md);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString how = u"verl-npu-assistant collect --nodes %1"_s.arg(m_nodes->text().trimmed());
    const QByteArray text
        = collect::bundleText(m_outcome->collection, m_outcome->result, m_entries, i18n::current(), how);
    if (const Status written = writeFileAtomically(path, text); !written)
        QMessageBox::warning(this, tr("Save the bundle"), written.error().message);
    else
        m_status->setText(tr("Bundle written to %1.").arg(path));
}

void ClusterDialog::reject()
{
    if (m_watcher.isRunning()) {
        if (m_stop)
            m_stop->store(true);
        m_status->setText(tr("Canceling: waiting for the nodes in hand to stop…"));
        return; // closes once finished() has run and the user closes again
    }
    QDialog::reject();
}

} // namespace vna::ui
