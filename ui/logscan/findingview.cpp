#include "findingview.h"

#include <QDesktopServices>
#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include "common/i18n.h"
#include "common/widgets.h"
#include "locatedview.h"
#include "logscan/lineinfo.h"
#include "logsstate.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// A matched line with its captures highlighted, as HTML.
QString highlighted(const QString &line, QList<QPair<qsizetype, qsizetype>> spans, const QPalette &palette)
{
    std::sort(spans.begin(), spans.end());
    QString html;
    qsizetype at = 0;
    const QString open = u"<span style=\"background-color:%1;color:%2\">"_s.arg(
        palette.color(QPalette::Highlight).name(), palette.color(QPalette::HighlightedText).name());
    for (const auto &[start, length] : spans) {
        if (start < at || start + length > line.size())
            continue; // overlapping or outside: shown plain
        html
            += line.mid(at, start - at).toHtmlEscaped() + open + line.mid(start, length).toHtmlEscaped() + u"</span>"_s;
        at = start + length;
    }
    return html + line.mid(at).toHtmlEscaped();
}

} // namespace

FindingView::FindingView(QWidget *parent)
    : QWidget{parent}
{
    setObjectName(u"logsDetail"_s);
    auto *detail = new QVBoxLayout(this);
    m_title = resultLabel(this, u"logsTitle"_s);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    detail->addWidget(m_title);
    m_meta = resultLabel(this, u"logsMeta"_s);
    detail->addWidget(m_meta);
    m_causeHeading = heading(this, u"logsCauseHeading"_s);
    detail->addWidget(m_causeHeading);
    m_cause = resultLabel(this, u"logsCause"_s);
    detail->addWidget(m_cause);
    m_fixHeading = heading(this, u"logsFixHeading"_s);
    detail->addWidget(m_fixHeading);
    m_fix = resultLabel(this, u"logsFix"_s);
    detail->addWidget(m_fix);
    m_located = new LocatedView(this);
    detail->addWidget(m_located);
    auto *actions = new QHBoxLayout;
    m_action = new QPushButton(this);
    m_action->setObjectName(u"logsAction"_s);
    m_search = new QPushButton(this);
    m_search->setObjectName(u"logsSearch"_s);
    m_openThread = new QPushButton(this);
    m_openThread->setObjectName(u"logsOpenThread"_s);
    m_openFix = new QPushButton(this);
    m_openFix->setObjectName(u"logsOpenFix"_s);
    m_copyFinding = new QPushButton(this);
    m_copyFinding->setObjectName(u"logsCopyFinding"_s);
    actions->addWidget(m_action);
    actions->addWidget(m_openThread);
    actions->addWidget(m_openFix);
    actions->addWidget(m_search);
    actions->addStretch(1);
    actions->addWidget(m_copyFinding);
    detail->addLayout(actions);
    m_linesHeading = heading(this, u"logsLinesHeading"_s);
    detail->addWidget(m_linesHeading);
    m_lines = new QTextBrowser(this);
    m_lines->setObjectName(u"logsLines"_s);
    m_lines->setLineWrapMode(QTextEdit::NoWrap);
    m_lines->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    detail->addWidget(m_lines, 1);

    connect(m_action, &QPushButton::clicked, this, [this] {
        if (m_link)
            Q_EMIT linkRequested(*m_link);
    });
    connect(m_search, &QPushButton::clicked, this, [this] { openUrl(m_search); });
    connect(m_openThread, &QPushButton::clicked, this, [this] { openUrl(m_openThread); });
    connect(m_openFix, &QPushButton::clicked, this, [this] { openUrl(m_openFix); });
    connect(m_copyFinding, &QPushButton::clicked, this, &FindingView::copyRequested);
    retranslate();
}

void FindingView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate(); // the finding's own words: the tab shows it again
    QWidget::changeEvent(event);
}

void FindingView::retranslate()
{
    m_causeHeading->setText(tr("Cause"));
    m_fixHeading->setText(tr("Fix"));
    m_linesHeading->setText(tr("Matched lines"));
    m_search->setText(tr("Search verl issues"));
    m_openThread->setText(tr("Open the &thread"));
    m_openFix->setText(tr("Open the fi&x"));
    m_copyFinding->setText(tr("Copy"));
}

void FindingView::openUrl(const QPushButton *button)
{
    const QUrl url = button->property("url").toUrl();
    if (url.isValid() && !QDesktopServices::openUrl(url))
        Q_EMIT statusMessage(tr("No web browser could be opened; the address is in the button's tooltip."));
}

void FindingView::showFinding(const logscan::Analysis &analysis, const QList<logscan::Entry> &entries, qsizetype index)
{
    const logscan::Finding &finding = analysis.findings.at(index);
    const logscan::Entry &entry = entries.at(finding.entry);
    const logscan::Explanation text = logscan::explain(entry, finding, analysis, i18n::current());
    m_title->setText(text.title);
    for (QWidget *part :
         {static_cast<QWidget *>(m_causeHeading), static_cast<QWidget *>(m_cause), static_cast<QWidget *>(m_fixHeading),
          static_cast<QWidget *>(m_fix), static_cast<QWidget *>(m_search), static_cast<QWidget *>(m_copyFinding)})
        part->setVisible(true);
    m_linesHeading->setText(tr("Matched lines"));
    m_located->showLocated(finding.located);

    QStringList meta{u"%1:%2"_s.arg(shownName(analysis.files.at(finding.first.file), true)).arg(finding.first.line)};
    meta << logscan::originParts(finding);
    if (finding.count > 1)
        meta << tr("seen %1 times").arg(finding.count);
    if (finding.ranks.size() > 1)
        meta << tr("on ranks %1").arg(finding.ranks.join(u", "_s));
    if (finding.nodes.size() > 1)
        meta << tr("on nodes %1").arg(finding.nodes.join(u", "_s));
    QString metaText = meta.join(u" · "_s).toHtmlEscaped();
    if (!finding.rootCause()) {
        // The cause's title as its own finding shows it, with its captures filled in.
        QString cause = finding.symptomOf;
        for (const logscan::Finding &other : analysis.findings) {
            const logscan::Entry &causeEntry = entries.at(other.entry);
            if (causeEntry.id == finding.symptomOf) {
                cause = logscan::explain(causeEntry, other, analysis, i18n::current()).title;
                while (cause.endsWith(u'.') || cause.endsWith(u'。'))
                    cause.chop(1); // the sentence around it ends it
                break;
            }
        }
        metaText += u"<br><b>"_s
            + tr("Symptom of: %1. Fix that first; this one usually goes away with it.").arg(cause).toHtmlEscaped()
            + u"</b>"_s;
    } else {
        metaText += u"<br>"_s + tr("Root cause: nothing earlier in the logs explains it.").toHtmlEscaped();
    }
    m_meta->setText(metaText);
    m_cause->setText(text.cause);
    m_fix->setText(text.fix);

    m_link = logscan::linkFor(entry, finding, analysis);
    const std::optional<logscan::ToolLink> &link = m_link;
    m_action->setVisible(link.has_value());
    if (link) {
        if (link->tool == u"bucket")
            m_action->setText(tr("Open in Bucket calculator"));
        else if (link->tool == u"sync")
            m_action->setText(tr("Open Checkpoint sync"));
        else if (link->tool == u"profiler")
            m_action->setText(tr("Open in Profiler linter"));
        else
            m_action->setText(tr("Open Environment checks"));
        m_action->setToolTip(tr("Same on the command line: %1").arg(logscan::commandLine(*link)));
    }
    const QUrl search = logscan::issueSearchUrl(finding);
    m_search->setProperty("url", search);
    m_search->setToolTip(search.toString());
    m_openThread->setVisible(entry.upstream.has_value());
    m_openFix->setVisible(entry.upstream.has_value());
    if (entry.upstream) {
        const QUrl thread(entry.upstream->threads.constFirst());
        const QUrl fix(entry.upstream->fixUrl());
        m_openThread->setProperty("url", thread);
        m_openThread->setToolTip(thread.toString());
        m_openFix->setProperty("url", fix);
        m_openFix->setToolTip(tr("%1: %2").arg(entry.upstream->fixName(), fix.toString()));
    }

    // Context lines, then the matched ones (bold, captures highlighted), then context.
    const logscan::Occurrence &first = finding.first;
    const qint64 firstShown = first.line - first.before.size();
    const int width = static_cast<int>(QString::number(first.lastLine() + first.after.size()).size());
    const auto number = [width](qint64 line) { return u"<span style=\"color:gray\">%1 </span>"_s.arg(line, width); };
    QString html = u"<pre style=\"margin:0\">"_s;
    for (qsizetype i = 0; i < first.before.size(); ++i)
        html += number(firstShown + i) + first.before.at(i).toHtmlEscaped() + u'\n';
    for (qsizetype i = 0; i < first.lines.size(); ++i) {
        QList<QPair<qsizetype, qsizetype>> spans;
        for (const logscan::Capture &capture : first.captures) {
            if (capture.line == i && capture.start >= 0 && capture.length > 0)
                spans.append({capture.start, capture.length});
        }
        html += number(first.line + i) + u"<b>"_s + highlighted(first.lines.at(i), spans, palette()) + u"</b>\n"_s;
    }
    for (qsizetype i = 0; i < first.after.size(); ++i)
        html += number(first.lastLine() + 1 + i) + first.after.at(i).toHtmlEscaped() + u'\n';
    html += u"</pre>"_s;
    m_lines->setHtml(html);
}

} // namespace vna::ui

namespace vna::ui {

void FindingView::showErrorLine(const logscan::Analysis &analysis, qsizetype index)
{
    const logscan::ErrorLine &line = analysis.errorLines.at(index);
    m_title->setText(logscan::undecorated(line.text).trimmed());
    QStringList meta{line.level == logscan::LineLevel::Error ? tr("An error no entry explains")
                                                             : tr("A warning no entry explains"),
                     u"%1:%2"_s.arg(shownName(analysis.files.at(line.file), true)).arg(line.line)};
    if (line.count > 1)
        meta << tr("seen %1 times").arg(line.count);
    if (line.ranks.size() > 1)
        meta << tr("on ranks %1").arg(line.ranks.join(u", "_s));
    if (line.nodes.size() > 1)
        meta << tr("on nodes %1").arg(line.nodes.join(u", "_s));
    m_meta->setText(meta.join(u" · "_s).toHtmlEscaped());
    for (QWidget *part :
         {static_cast<QWidget *>(m_causeHeading), static_cast<QWidget *>(m_cause), static_cast<QWidget *>(m_fixHeading),
          static_cast<QWidget *>(m_fix), static_cast<QWidget *>(m_action), static_cast<QWidget *>(m_openThread),
          static_cast<QWidget *>(m_openFix), static_cast<QWidget *>(m_search)})
        part->setVisible(false);
    m_link.reset();
    m_located->showLocated(line.located);
    // The traceback above it, then the line.
    m_linesHeading->setText(line.frames.isEmpty() ? tr("The line") : tr("Traceback and line"));
    QString html = u"<pre style=\"margin:0\">"_s;
    for (const upstream::Frame &frame : line.frames) {
        html
            += u"  File \"%1\", line %2, in %3\n"_s.arg(frame.path).arg(frame.line).arg(frame.function).toHtmlEscaped();
        if (!frame.code.isEmpty())
            html += u"    "_s + frame.code.toHtmlEscaped() + u'\n';
    }
    html += u"<b>"_s + line.text.toHtmlEscaped() + u"</b>\n</pre>"_s;
    m_lines->setHtml(html);
}

} // namespace vna::ui
