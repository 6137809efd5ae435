#include "logsstate.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "common/settingskeys.h"

using namespace Qt::StringLiterals;

namespace vna::ui {

namespace {

// The words are the Logs tab's: one translation context for the tool.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(vna::ui::LogsTab)
};

} // namespace

void LogsState::load()
{
    const Settings settings;
    recentFiles = settings.value(keys::logsRecent);
    pattern = settings.value(keys::logsPattern);
}

void LogsState::save() const
{
    Settings settings;
    settings.setValue(keys::logsRecent, recentFiles);
    settings.setValue(keys::logsPattern, pattern);
}

QStringList LogsState::addFiles(const QStringList &paths, QStringList &problems)
{
    QStringList added;
    for (const QString &path : paths) {
        // Folders, pipes, devices and unreadable files are refused here, not when Analyze blocks on them.
        if (const auto checked = logscan::checkInput(logscan::LogInput::file(path), true); !checked) {
            problems << checked.error().message;
            continue;
        }
        const QString absolute = QFileInfo(path).absoluteFilePath();
        if (files.contains(absolute) || added.contains(absolute))
            continue;
        added << absolute;
    }
    files << added;
    for (const QString &path : std::as_const(added)) {
        recentFiles.removeAll(path);
        recentFiles.prepend(path);
    }
    while (recentFiles.size() > kMaxRecent)
        recentFiles.removeLast();
    return added;
}

void LogsState::removeFiles(const QStringList &paths)
{
    for (const QString &path : paths)
        files.removeAll(path);
}

void LogsState::clearInputs()
{
    files.clear();
    pasted.clear();
}

void LogsState::forgetRecent()
{
    recentFiles.clear();
}

QString shownName(const logscan::FileStats &file, bool whole)
{
    if (file.pasted)
        return Text::tr("pasted text"); // in the language of now, not of the analysis
    return whole ? file.name : QFileInfo(file.name).fileName();
}

logscan::Analysis asShown(logscan::Analysis analysis)
{
    for (logscan::FileStats &file : analysis.files)
        file.name = shownName(file, true);
    return analysis;
}

QList<logscan::LogInput> LogsState::inputs() const
{
    QList<logscan::LogInput> out;
    for (const QString &file : files)
        out << logscan::LogInput::file(file);
    if (!pasted.isEmpty())
        out << logscan::LogInput::pasted(pasted.toUtf8(), Text::tr("pasted text"));
    return out;
}

} // namespace vna::ui
