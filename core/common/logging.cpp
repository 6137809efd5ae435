#include "logging.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>
#include <QStringList>

namespace vna::log {

namespace {

constexpr size_t kMaxFileBytes = 5 * 1024 * 1024;
constexpr size_t kMaxFiles = 3;
constexpr const char *kPattern = "[%Y-%m-%d %H:%M:%S.%e] [%n] [%l] %v";

spdlog::level::level_enum toSpdlog(Level level)
{
    switch (level) {
    case Level::Trace:
        return spdlog::level::trace;
    case Level::Debug:
        return spdlog::level::debug;
    case Level::Info:
        return spdlog::level::info;
    case Level::Warn:
        return spdlog::level::warn;
    case Level::Error:
        return spdlog::level::err;
    }
    return spdlog::level::info;
}

Level fromSpdlog(spdlog::level::level_enum level)
{
    switch (level) {
    case spdlog::level::trace:
        return Level::Trace;
    case spdlog::level::debug:
        return Level::Debug;
    case spdlog::level::info:
        return Level::Info;
    case spdlog::level::warn:
        return Level::Warn;
    default:
        return Level::Error;
    }
}

// Forwards every record to the Hub (and from there to the log panel).
class HubSink final : public spdlog::sinks::base_sink<std::mutex>
{
protected:
    void sink_it_(const spdlog::details::log_msg &msg) override
    {
        using namespace std::chrono;
        Record record;
        record.time = QDateTime::fromMSecsSinceEpoch(duration_cast<milliseconds>(msg.time.time_since_epoch()).count());
        record.level = fromSpdlog(msg.level);
        record.logger = QString::fromUtf8(msg.logger_name.data(), static_cast<qsizetype>(msg.logger_name.size()));
        record.message = QString::fromUtf8(msg.payload.data(), static_cast<qsizetype>(msg.payload.size()));
        Hub::instance().append(record);
    }
    void flush_() override {}
};

struct State
{
    std::shared_ptr<spdlog::sinks::dist_sink_mt> sinks = std::make_shared<spdlog::sinks::dist_sink_mt>();
    std::atomic<spdlog::level::level_enum> loggerLevel{spdlog::level::info};
    std::mutex loggersMutex;
    std::vector<std::shared_ptr<spdlog::logger>> loggers;

    State() { sinks->add_sink(std::make_shared<HubSink>()); }
};

State &state()
{
    static State s;
    return s;
}

std::shared_ptr<spdlog::logger> makeLogger(const char *name)
{
    auto &s = state();
    auto logger = std::make_shared<spdlog::logger>(name, s.sinks);
    logger->set_level(s.loggerLevel.load());
    logger->flush_on(spdlog::level::warn);
    const std::lock_guard lock(s.loggersMutex);
    s.loggers.push_back(logger);
    return logger;
}

thread_local bool t_inQtHandler = false;

void qtMessageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (t_inQtHandler) {
        // A sink itself produced a Qt message; logging it again would deadlock on the sink mutex.
        std::fprintf(stderr, "%s\n", message.toLocal8Bit().constData());
        return;
    }
    t_inQtHandler = true;
    spdlog::level::level_enum level = spdlog::level::info;
    switch (type) {
    case QtDebugMsg:
        level = spdlog::level::debug;
        break;
    case QtInfoMsg:
        level = spdlog::level::info;
        break;
    case QtWarningMsg:
        level = spdlog::level::warn;
        break;
    case QtCriticalMsg:
        level = spdlog::level::err;
        break;
    case QtFatalMsg:
        level = spdlog::level::critical;
        break;
    }
    QString text = message;
    if (context.category && std::strcmp(context.category, "default") != 0)
        text = u'[' + QString::fromUtf8(context.category) + u"] " + message;
    qt()->log(level, "{}", text);
    t_inQtHandler = false;
    if (type == QtFatalMsg) {
        qt()->flush();
        std::abort();
    }
}

} // namespace

Result<Level> parseLevel(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    for (const Level level : allLevels()) {
        if (key == levelName(level))
            return level;
    }
    return Error::input(QCoreApplication::translate("Logging", "Invalid log level \"%1\" in %2: expected one of %3.")
                            .arg(text, where, QStringLiteral("trace, debug, info, warn, error")),
                        where);
}

QString levelName(Level level)
{
    switch (level) {
    case Level::Trace:
        return QStringLiteral("trace");
    case Level::Debug:
        return QStringLiteral("debug");
    case Level::Info:
        return QStringLiteral("info");
    case Level::Warn:
        return QStringLiteral("warn");
    case Level::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("info");
}

QList<Level> allLevels()
{
    return {Level::Trace, Level::Debug, Level::Info, Level::Warn, Level::Error};
}

Hub &Hub::instance()
{
    static Hub *hub = [] {
        qRegisterMetaType<vna::log::Record>();
        return new Hub; // never destroyed: loggers may write during static destruction
    }();
    return *hub;
}

QList<Record> Hub::recent() const
{
    const QMutexLocker lock(&m_mutex);
    return m_records;
}

void Hub::append(const Record &record)
{
    {
        const QMutexLocker lock(&m_mutex);
        if (m_records.size() >= kCapacity)
            m_records.remove(0, m_records.size() - kCapacity + 1);
        m_records.append(record);
    }
    Q_EMIT recordAdded(record);
}

Status init(const Options &options)
{
    auto &s = state();
    std::vector<spdlog::sink_ptr> sinks{std::make_shared<HubSink>()};
    std::optional<Error> fileError;

    if (!options.file.isEmpty()) {
        QDir().mkpath(QFileInfo(options.file).absolutePath());
        try {
            auto file = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
                QFile::encodeName(options.file).toStdString(), kMaxFileBytes, kMaxFiles);
            file->set_level(toSpdlog(options.level));
            sinks.push_back(file);
        } catch (const spdlog::spdlog_ex &e) {
            fileError = Error::runtime(QCoreApplication::translate("Logging", "Cannot write the log file %1: %2")
                                           .arg(options.file, QString::fromLocal8Bit(e.what())),
                                       options.file);
        }
    }

    spdlog::level::level_enum loggerLevel = toSpdlog(options.level);
    if (options.toStderr) {
        auto err = std::make_shared<spdlog::sinks::stderr_sink_mt>();
        err->set_level(toSpdlog(options.stderrLevel));
        sinks.push_back(err);
        loggerLevel = std::min(loggerLevel, toSpdlog(options.stderrLevel));
    }
    for (auto &sink : sinks)
        sink->set_pattern(kPattern);

    s.sinks->set_sinks(sinks);
    s.loggerLevel = loggerLevel;
    {
        const std::lock_guard lock(s.loggersMutex);
        for (auto &logger : s.loggers)
            logger->set_level(loggerLevel);
    }

    if (options.routeQtMessages)
        qInstallMessageHandler(qtMessageHandler);

    if (fileError)
        return *fileError;
    return Done{};
}

void shutdown()
{
    auto &s = state();
    s.sinks->flush();
    s.sinks->set_sinks({std::make_shared<HubSink>()});
}

std::shared_ptr<spdlog::logger> core()
{
    static const auto logger = makeLogger("core");
    return logger;
}

std::shared_ptr<spdlog::logger> ssh()
{
    static const auto logger = makeLogger("ssh");
    return logger;
}

std::shared_ptr<spdlog::logger> ui()
{
    static const auto logger = makeLogger("ui");
    return logger;
}

std::shared_ptr<spdlog::logger> qt()
{
    static const auto logger = makeLogger("qt");
    return logger;
}

} // namespace vna::log
