// One finding of a log analysis in full, as the Logs tab shows the selected one: its title, where
// it was seen and whether it is a root cause, the cause and the fix, where its line was raised in
// upstream source and the suspect fixes since the user's release, the buttons that act on it, and its
// lines with the captured parts highlighted. Or one error line that no entry explains, with the same
// upstream part and its traceback.
#pragma once

#include <optional>

#include <QList>
#include <QWidget>

#include "logscan/report.h"

class QLabel;
namespace vna::ui {
class LocatedView;
}
class QPushButton;
class QTextBrowser;

namespace vna::ui {

class FindingView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FindingView)

public:
    explicit FindingView(QWidget *parent = nullptr);

    // Shows analysis.findings[index]; `entries` are the knowledge-base entries the analysis
    // refers to. Words are in the language of the moment: call it again after a switch.
    void showFinding(const logscan::Analysis &analysis, const QList<logscan::Entry> &entries, qsizetype index);
    // Shows analysis.errorLines[index].
    void showErrorLine(const logscan::Analysis &analysis, qsizetype index);

Q_SIGNALS:
    // "Open in …": the tool that fixes it, filled in from the finding.
    void linkRequested(const logscan::ToolLink &link);
    void copyRequested();
    void statusMessage(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    // Opens the address a button holds in its "url" property.
    void openUrl(const QPushButton *button);

    std::optional<logscan::ToolLink> m_link;
    QLabel *m_title = nullptr;
    QLabel *m_meta = nullptr;
    QLabel *m_causeHeading = nullptr;
    QLabel *m_cause = nullptr;
    QLabel *m_fixHeading = nullptr;
    QLabel *m_fix = nullptr;
    LocatedView *m_located = nullptr;
    QLabel *m_linesHeading = nullptr;
    QTextBrowser *m_lines = nullptr;
    QPushButton *m_action = nullptr;
    QPushButton *m_search = nullptr;
    QPushButton *m_openThread = nullptr; // a known upstream bug: where users met it
    QPushButton *m_openFix = nullptr;    // and the pull request or commit that fixed it
    QPushButton *m_copyFinding = nullptr;
};

} // namespace vna::ui
