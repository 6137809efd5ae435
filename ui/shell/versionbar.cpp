#include "versionbar.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

#include "common/fieldcheck.h"
#include "common/session.h"
#include "common/widgets.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

VersionBar::VersionBar(Session &session, QWidget *parent)
    : QWidget{parent}
    , m_session{session}
{
    setObjectName(u"versionBar"_s);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 6, 2);

    m_versionLabel = new QLabel(this);
    m_version = new QComboBox(this);
    m_version->setObjectName(u"verlVersion"_s);
    m_version->setEditable(true);
    m_version->setInsertPolicy(QComboBox::NoInsert);
    for (const verl::Version &release : verl::knownReleases())
        m_version->addItem(release.toString());
    m_version->setMinimumContentsLength(9);
    m_version->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_versionLabel->setBuddy(m_version);
    m_versionMessage = new FieldMessage(m_version, this);
    m_versionMessage->setObjectName(u"verlVersionMessage"_s);
    m_versionMessage->setWordWrap(false);

    m_backendLabel = new QLabel(this);
    m_backend = new QComboBox(this);
    m_backend->setObjectName(u"verlBackend"_s);
    for (const QString &backend : Session::backends())
        m_backend->addItem(backend, backend);
    m_backend->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_backendLabel->setBuddy(m_backend);

    row->addWidget(m_versionLabel);
    row->addWidget(m_version);
    row->addWidget(m_versionMessage);
    m_versionNote = new QLabel(this);
    m_versionNote->setObjectName(u"verlVersionNote"_s);
    row->addWidget(m_versionNote);
    row->addSpacing(12);
    row->addWidget(m_backendLabel);
    row->addWidget(m_backend);

    showSession();
    connect(m_version, &QComboBox::currentTextChanged, this, &VersionBar::versionTyped);
    connect(m_backend, &QComboBox::currentIndexChanged, this,
            [this] { m_session.setBackend(m_backend->currentData().toString()); });
    connect(&m_session, &Session::verlVersionChanged, this, &VersionBar::showSession);
    connect(&m_session, &Session::backendChanged, this, &VersionBar::showSession);
    retranslate();
}

VersionBar::~VersionBar() = default;

void VersionBar::versionTyped(const QString &text)
{
    // Half-typed text ("0.", "0.1") is marked and leaves the session's version as it was.
    const auto version = verl::Version::parse(text, tr("verl version"));
    m_versionMessage->setMessage(version ? QString() : version.error().message);
    if (version)
        m_session.setVerlVersion(*version);
}

void VersionBar::showSession()
{
    const QString version = m_session.verlVersion().toString();
    const auto typed = verl::Version::parse(m_version->currentText(), QString());
    if (!typed || !(*typed == m_session.verlVersion()) || typed->dev != m_session.verlVersion().dev) {
        const QSignalBlocker blocker(m_version);
        m_version->setCurrentText(version);
        m_versionMessage->setMessage(QString());
    }
    showVersionNote();
    const QSignalBlocker blocker(m_backend);
    m_backend->setCurrentIndex(std::max(0, m_backend->findData(m_session.backend())));
}

// A version this build has no facts for (0.10.0, say) is checked as the nearest it has: said beside
// it, not only in each tool's notes.
void VersionBar::showVersionNote()
{
    const verl::Version &version = m_session.verlVersion();
    const bool known = verl::isKnownRelease(version);
    const QString facts = verl::factsFor(version).version.toString();
    if (verl::olderThanFacts(version)) {
        m_versionNote->setText(tr("older than %1").arg(facts));
        m_versionNote->setToolTip(tr("verl %1 is older than every release this build has read (the first is %2): "
                                     "launch commands are not checked against its config, and the other tools use "
                                     "the facts of verl %2, which may differ.")
                                      .arg(version.toString(), facts));
    } else {
        m_versionNote->setText(known ? QString() : tr("checked as %1").arg(facts));
        m_versionNote->setToolTip(known ? QString()
                                        : tr("verl %1 is not a release this build has read: every tool checks it "
                                             "against verl %2, the nearest release it knows.")
                                              .arg(version.toString(), facts));
    }
    m_versionNote->setVisible(!known);
}

void VersionBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void VersionBar::retranslate()
{
    m_versionLabel->setText(tr("verl vers&ion:"));
    m_version->setToolTip(tr("The verl release of the job, for every tool: the keys, defaults and notes depend on it. "
                             "pip show verl tells you; the Environment tab reads it from the nodes."));
    m_backendLabel->setText(tr("Bac&kend:"));
    m_backend->setItemText(0, tr("verl's default (fsdp)"));
    m_backend->setToolTip(tr("actor_rollout_ref.actor.strategy: which dtype travels depends on it and on the version"));
    fitToItems(m_backend);
    showVersionNote();
    if (!m_versionMessage->isValid())
        versionTyped(m_version->currentText());
}

} // namespace vna::ui
