// Logging: named spdlog loggers over shared sinks (rotating file, stderr, the in-app log panel).
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include <fmt/format.h>
#include <spdlog/logger.h>

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QMutex>
#include <QObject>
#include <QString>

#include "common/result.h"

// Lets every logger format QString arguments directly: log::core()->info("read {}", path).
template <>
struct fmt::formatter<QString> : fmt::formatter<std::string_view>
{
    auto format(const QString &text, fmt::format_context &ctx) const -> decltype(ctx.out())
    {
        const QByteArray utf8 = text.toUtf8();
        return fmt::formatter<std::string_view>::format(
            std::string_view(utf8.constData(), static_cast<size_t>(utf8.size())), ctx);
    }
};

namespace vna::log {

enum class Level { Trace, Debug, Info, Warn, Error };

// "trace", "debug", "info", "warn", "error" (case-insensitive); `where` names the option or variable.
Result<Level> parseLevel(const QString &text, const QString &where);
QString levelName(Level level);
QList<Level> allLevels();

struct Options
{
    Level level = Level::Info;
    bool toStderr = false; // mirror records to stderr at `stderrLevel` and above
    Level stderrLevel = Level::Warn;
    QString file;                // empty: no file sink
    bool routeQtMessages = true; // install a Qt message handler feeding the `qt` logger
};

struct Record
{
    QDateTime time;
    Level level = Level::Info;
    QString logger;
    QString message;
};

// Receives every record from every logger and keeps the most recent ones, so a log panel created
// late still shows what happened at start-up. Thread-safe; recordAdded may be emitted from any thread.
class Hub final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Hub)

public:
    static constexpr qsizetype kCapacity = 5000;
    static Hub &instance();

    QList<Record> recent() const;
    void append(const Record &record);

Q_SIGNALS:
    void recordAdded(const vna::log::Record &record);

private:
    Hub() = default;
    mutable QMutex m_mutex;
    QList<Record> m_records;
};

// Configures sinks and levels. Safe to call again (the language or level changed, tests).
// A file that cannot be opened is reported in the returned status; logging carries on without it.
Status init(const Options &options);
// Flushes and drops every sink; call before the process exits.
void shutdown();

// The named loggers. Usable before init(): records then go to the Hub only.
std::shared_ptr<spdlog::logger> core();
std::shared_ptr<spdlog::logger> ssh();
std::shared_ptr<spdlog::logger> ui();
std::shared_ptr<spdlog::logger> qt();

} // namespace vna::log

Q_DECLARE_METATYPE(vna::log::Record)
