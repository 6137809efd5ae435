// The Logs tab's knowledge base page (browse, filter, reload the entries) and pattern page (try a
// regex against a sample or the logs before adding an entry).
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "common/fieldcheck.h"
#include "common/i18n.h"
#include "common/jobrunner.h"
#include "common/logging.h"
#include "common/noteslist.h"
#include "common/paths.h"
#include "common/textbox.h"
#include "common/verdict.h"
#include "common/widgets.h"
#include "logscan/codes.h"
#include "logscan/report.h"
#include "logstab.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

void LogsTab::loadKnowledge()
{
    if (isBusy())
        return;
    auto knowledge = std::make_shared<Knowledge>();
    knowledge->kb = logscan::loadKnowledgeBase();
    auto matcher = logscan::Matcher::compile(knowledge->kb.entries);
    if (matcher)
        knowledge->matcher = *matcher;
    else
        knowledge->error = matcher.error().message;
    m_knowledge = knowledge;
    showKnowledge();
}

void LogsTab::showKnowledge()
{
    const std::shared_ptr<const Knowledge> knowledge = m_knowledge;
    QList<NoteItem> problems;
    for (const logscan::LoadProblem &problem : knowledge->kb.problems)
        problems.append({Severity::Warning, problem.message});
    if (!knowledge->error.isEmpty())
        problems.append({Severity::Error, knowledge->error});
    m_kbProblems->setNotes(problems);
    m_kbProblems->setVisible(!problems.isEmpty());

    const QString category = m_kbCategory->currentData().toString();
    m_kbCategory->blockSignals(true);
    m_kbCategory->clear();
    m_kbCategory->addItem(tr("All categories"), QString());
    for (const QString &name : knowledge->kb.categories())
        m_kbCategory->addItem(logscan::categoryName(name), name);
    m_kbCategory->setCurrentIndex(std::max(0, m_kbCategory->findData(category)));
    m_kbCategory->blockSignals(false);

    const QString current = m_kbList->currentItem() ? m_kbList->currentItem()->text(1) : QString();
    m_kbList->clear();
    for (qsizetype i = 0; i < knowledge->kb.entries.size(); ++i) {
        const logscan::Entry &entry = knowledge->kb.entries.at(i);
        auto *item = new QTreeWidgetItem(m_kbList);
        item->setIcon(0, icon(entry.severity));
        item->setText(0, word(entry.severity));
        item->setText(1, entry.id);
        item->setText(2, logscan::categoryName(entry.category));
        item->setText(
            3, logscan::fillPlaceholders(entry.title.in(i18n::current()), {})); // "${name|A weight}" reads "A weight"
        item->setData(0, kEntryRole, static_cast<int>(i));
        if (entry.id == current)
            m_kbList->setCurrentItem(item);
    }
    filterKnowledge();
    if (!m_kbList->currentItem() && m_kbList->topLevelItemCount() > 0)
        m_kbList->setCurrentItem(m_kbList->topLevelItem(0));
    showEntry(); // also when the selection did not change: the entry may have
    m_kbCount->setText(tr("Entries: %1 (files read: %2). Add your own in %3.")
                           .arg(knowledge->kb.entries.size())
                           .arg(knowledge->kb.files.size())
                           .arg(logscan::userKnowledgeDir()));
}

void LogsTab::filterKnowledge()
{
    if (!m_knowledge)
        return;
    const QString text = m_kbSearch->text().trimmed();
    const QString category = m_kbCategory->currentData().toString();
    // A code the catalogue knows ("507015", "E39009") shows the entry that explains it.
    const logscan::CodeInfo *code = logscan::CodeCatalogue::builtin().lookup(text);
    for (int i = 0; i < m_kbList->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_kbList->topLevelItem(i);
        const logscan::Entry &entry = m_knowledge->kb.entries.at(item->data(0, kEntryRole).toInt());
        bool match = category.isEmpty() || entry.category == category;
        if (match && code) {
            match = logscan::explainingEntry(*code, m_knowledge->kb.entries) == &entry;
        } else if (match && !text.isEmpty()) {
            QStringList haystack{entry.id, entry.title.en, entry.title.zhCN, entry.cause.en, entry.cause.zhCN};
            haystack << entry.codes;
            for (const logscan::Indication &indication : entry.indications) {
                if (!indication.fromCodes)
                    haystack << indication.pattern() << indication.keywords;
            }
            match = haystack.join(u'\n').contains(text, Qt::CaseInsensitive);
        }
        item->setHidden(!match);
    }
    // Keep the entry pane on what the list shows (a code's entry, with what the code means).
    QTreeWidgetItem *current = m_kbList->currentItem();
    for (int i = 0; (!current || current->isHidden()) && i < m_kbList->topLevelItemCount(); ++i) {
        if (!m_kbList->topLevelItem(i)->isHidden())
            current = m_kbList->topLevelItem(i);
    }
    if (current && current != m_kbList->currentItem())
        m_kbList->setCurrentItem(current); // shows it
    else
        showEntry();
}

void LogsTab::showEntry()
{
    QTreeWidgetItem *item = m_kbList->currentItem();
    if (!item || !m_knowledge) {
        m_kbEntry->clear();
        return;
    }
    const logscan::Entry &entry = m_knowledge->kb.entries.at(item->data(0, kEntryRole).toInt());
    const QString lang = i18n::current();
    // Placeholders read as their fallback words, or "…" where a log would fill them in.
    const auto filled
        = [&lang](const logscan::LocalizedText &text) { return logscan::fillPlaceholders(text.in(lang), {}); };
    QString html;
    if (const logscan::CodeInfo *code = logscan::CodeCatalogue::builtin().lookup(m_kbSearch->text())) {
        const QStringList lines = logscan::describeCode(*code, m_knowledge->kb.entries, lang);
        html += u"<p style=\"background:palette(alternate-base)\"><b>%1</b><br>%2</p>"_s.arg(
            lines.first().toHtmlEscaped(), lines.mid(1).join(u'\n').toHtmlEscaped().replace(u'\n', u"<br>"_s));
    }
    html += u"<h3>%1</h3>"_s.arg(filled(entry.title).toHtmlEscaped());
    html += u"<p><code>%1</code> · <span style=\"color:%2\">%3</span> · %4</p>"_s.arg(
        entry.id, color(entry.severity).name(), word(entry.severity),
        logscan::categoryName(entry.category).toHtmlEscaped());
    html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Cause:"), filled(entry.cause).toHtmlEscaped());
    // A known upstream bug's fix is its verdict for the window's verl release, and where it was fixed.
    const QString fix = entry.upstream
        ? logscan::knownBugAdvice(*entry.upstream, logscan::knownBugVerdict(*entry.upstream, installedVersions()), lang)
        : filled(entry.fix);
    html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Fix:"), fix.toHtmlEscaped().replace(u'\n', u"<br>"_s));
    if (entry.upstream) {
        const logscan::Upstream &up = *entry.upstream;
        html += u"<p><b>%1</b> %2</p>"_s.arg(
            tr("Releases with the fix:"),
            (up.releasedIn.isEmpty() ? tr("none yet (read at %1)").arg(up.checked) : up.releasedIn.join(u", "_s))
                .toHtmlEscaped());
        html += u"<p><a href=\"%1\">%2</a> · <a href=\"%3\">%4</a></p>"_s.arg(
            up.threads.constFirst().toHtmlEscaped(), tr("the thread"), up.fixUrl().toHtmlEscaped(), up.fixName());
    }
    html += u"<p><b>%1</b></p><ul>"_s.arg(tr("Matches any of:"));
    if (entry.findsAnyCode())
        html += u"<li>%1</li>"_s.arg(tr("any error code of the catalogue that no other entry explains"));
    else if (!entry.codes.isEmpty())
        html += u"<li>%1 <code>%2</code></li>"_s.arg(tr("the codes, in every form the stack prints them:"),
                                                     entry.codes.join(u", "_s).toHtmlEscaped());
    for (const logscan::Indication &indication : entry.indications) {
        if (indication.fromCodes)
            continue;
        if (!indication.keywords.isEmpty()) {
            QStringList quoted;
            for (const QString &keyword : indication.keywords)
                quoted << u"<code>%1</code>"_s.arg(keyword.toHtmlEscaped());
            html += u"<li>%1 %2</li>"_s.arg(tr("all on one line, in order:"), quoted.join(u" … "_s));
        } else {
            html += u"<li>%1 <code>%2</code>%3</li>"_s.arg(
                tr("regex:"), indication.regex.toHtmlEscaped(),
                indication.multiline() ? u" "_s + tr("(up to %1 lines)").arg(indication.lines) : QString());
        }
    }
    html += u"</ul>"_s;
    if (!entry.leadsTo.isEmpty())
        html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Can cause on other ranks:"), entry.leadsTo.join(u", "_s));
    if (entry.reach != logscan::Reach::Job)
        html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Follows only from a cause on:"),
                                             entry.reach == logscan::Reach::Node ? tr("the same node")
                                                                                 : tr("the same rank"));
    QStringList applies = entry.appliesToComponents;
    if (!entry.appliesToVerl.isEmpty())
        applies.prepend(u"verl "_s + entry.appliesToVerl);
    if (!applies.isEmpty())
        html += u"<p><b>%1</b> %2</p>"_s.arg(tr("Applies to:"), applies.join(u", "_s).toHtmlEscaped());
    if (!entry.references.isEmpty()) {
        html += u"<p><b>%1</b></p><ul>"_s.arg(tr("References:"));
        for (const QString &url : entry.references)
            html += u"<li><a href=\"%1\">%1</a></li>"_s.arg(url.toHtmlEscaped());
        html += u"</ul>"_s;
    }
    html += u"<p style=\"color:gray\">%1</p>"_s.arg(tr("From %1").arg(entry.origin.toHtmlEscaped()));
    m_kbEntry->setHtml(html);
}

void LogsTab::validatePattern()
{
    const QString regex = m_pattern->text();
    if (regex.isEmpty()) {
        m_patternMessage->setMessage(QString());
        m_patternResult->setPlainText(tr("Type a regex above to try it."));
        return;
    }
    const auto entry = logscan::patternEntry(regex);
    if (!entry) {
        m_patternMessage->setMessage(entry.error().message);
        m_patternResult->clear();
        return;
    }
    m_patternMessage->setMessage(QString());
    const QString sample = m_sample->toPlainText();
    if (sample.isEmpty()) {
        m_patternResult->setPlainText(tr("Press Test to try it on the logs on the left."));
        return;
    }
    const QByteArray bytes = sample.toUtf8();
    if (bytes.size() > kLiveSampleBytes) {
        m_patternResult->setPlainText(tr("Press Test to try it on these lines."));
        return;
    }
    const auto matcher = logscan::Matcher::compile({*entry});
    if (!matcher) {
        m_patternMessage->setMessage(matcher.error().message);
        return;
    }
    logscan::ScanOptions options;
    options.context = 0;
    options.maxGroupsPerEntry = 1000;
    const auto result = logscan::analyze({logscan::LogInput::pasted(bytes, tr("sample"))}, {*entry}, *matcher, options);
    if (result)
        showPatternResult(*result);
}

void LogsTab::testPattern()
{
    if (isBusy())
        return;
    const auto entry = logscan::patternEntry(m_pattern->text());
    if (!entry) {
        m_patternMessage->setMessage(m_pattern->text().isEmpty() ? tr("Type a regex first.") : entry.error().message);
        return;
    }
    m_pages->setCurrentIndex(static_cast<int>(Page::Pattern));
    const QString sample = m_sample->toPlainText();
    QList<logscan::LogInput> list = sample.isEmpty()
        ? inputs()
        : QList<logscan::LogInput>{logscan::LogInput::pasted(sample.toUtf8(), tr("sample"))};
    if (list.isEmpty()) {
        m_patternResult->setPlainText(tr("Add a log on the left or type lines above to try the regex on."));
        return;
    }
    const auto matcher = logscan::Matcher::compile({*entry});
    if (!matcher) {
        m_patternMessage->setMessage(matcher.error().message);
        return;
    }
    startScan(Job::Pattern, list, {*entry}, *matcher);
}

void LogsTab::showPatternResult(const logscan::Analysis &analysis)
{
    m_patternResult->setPlainText(logscan::patternReport(analysis).trimmed());
}

} // namespace vna::ui
