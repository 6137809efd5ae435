#include "plan.h"

#include <algorithm>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include "hydra/shell.h"
#include "profiler/checks.h"
#include "verl/facts.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;

namespace vna::profiler {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProfilerPlan)
};

Value intList(const QList<qint64> &numbers)
{
    Value::List items;
    for (const qint64 n : numbers)
        items.push_back(Value::integer(n));
    return Value::list(items);
}

Value stringList(const QStringList &words)
{
    Value::List items;
    for (const QString &word : words)
        items.push_back(Value::string(word));
    return Value::list(items);
}

// YAML scalars: plain when YAML reads them back as the same string, double-quoted otherwise.
QString yamlScalar(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return u"null"_s;
    case Value::Type::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case Value::Type::Int:
    case Value::Type::Float: {
        const auto text = hydra::formatValue(value);
        return text ? *text : QString();
    }
    case Value::Type::String: {
        static const QRegularExpression plain(u"^[A-Za-z_/][A-Za-z0-9_./-]*\\z"_s);
        static const QStringList reserved{u"true"_s, u"false"_s, u"yes"_s, u"no"_s, u"on"_s,
                                          u"off"_s,  u"null"_s,  u"y"_s,   u"n"_s};
        const QString &text = value.toString();
        if (plain.match(text).hasMatch() && !reserved.contains(text.toLower()))
            return text;
        QString escaped = text;
        escaped.replace(u"\\"_s, u"\\\\"_s).replace(u"\""_s, u"\\\""_s).replace(u"\n"_s, u"\\n"_s);
        return u'"' + escaped + u'"';
    }
    case Value::Type::List: {
        QStringList items;
        for (const Value &item : value.toList())
            items << yamlScalar(item);
        return u'[' + items.join(u", "_s) + u']';
    }
    default: {
        const auto text = hydra::formatValue(value);
        return u'"' + (text ? *text : QString()) + u'"';
    }
    }
}

QString renderYaml(const QList<hydra::Override> &overrides)
{
    // Keys share prefixes; print each path component once, nested by two spaces.
    QString out;
    QStringList previous;
    for (const hydra::Override &override : overrides) {
        const QStringList parts = override.key.split(u'.');
        qsizetype common = 0;
        while (common < parts.size() - 1 && common < previous.size() - 1 && parts.at(common) == previous.at(common))
            ++common;
        for (qsizetype i = common; i < parts.size() - 1; ++i)
            out += QString(i * 2, u' ') + parts.at(i) + u":\n"_s;
        out += QString((parts.size() - 1) * 2, u' ') + parts.last() + u": "_s
            + yamlScalar(override.value.value_or(Value::null())) + u'\n';
        previous = parts;
    }
    return out;
}

} // namespace

Result<Format> parseFormat(const QString &text, const QString &where)
{
    const QString key = text.trimmed().toLower();
    if (key == u"shell")
        return Format::Shell;
    if (key == u"line")
        return Format::Line;
    if (key == u"yaml")
        return Format::Yaml;
    if (key == u"json")
        return Format::Json;
    return Error::input(Text::tr("Unknown format \"%1\" in %2: expected shell, line, yaml or json.").arg(text, where),
                        where);
}

QString formatName(Format format)
{
    switch (format) {
    case Format::Shell:
        return u"shell"_s;
    case Format::Line:
        return u"line"_s;
    case Format::Yaml:
        return u"yaml"_s;
    case Format::Json:
        return u"json"_s;
    }
    return u"shell"_s;
}

Result<QList<qint64>> parseNumberList(const QString &text, const QString &where)
{
    QList<qint64> list;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 n = part.trimmed().toLongLong(&ok);
        if (!ok) {
            return Error::input(
                Text::tr("\"%1\" in %2 is not a whole number; write e.g. 1,2,5.").arg(part.trimmed(), where), where);
        }
        list << n;
    }
    return list;
}

Result<Plan> buildPlan(const Request &request)
{
    const verl::Version &version = request.version;
    const verl::VersionFacts &facts = verl::factsFor(version);
    if (!facts.npuProfiler) {
        return Error::input(Text::tr("verl %1 has no NPU profiler: its settings arrived in verl %2. Choose verl %2 or "
                                     "newer (and upgrade verl to it).")
                                .arg(version.toString(), verl::firstWithNpuProfiler().toString()),
                            u"--verl-version"_s);
    }
    if (request.roles.isEmpty())
        return Error::input(Text::tr("Choose at least one role to profile."), u"--roles"_s);
    for (const verl::Role role : request.roles) {
        if (!verl::hasRole(version, role)) {
            return Error::input(Text::tr("verl %1 has no profiler settings for the %2 role, so it cannot be profiled "
                                         "there; leave %2 out.")
                                    .arg(version.toString(), verl::roleName(role)),
                                u"--roles"_s);
        }
    }
    if (request.steps.isEmpty())
        return Error::input(Text::tr("List at least one step to profile, e.g. 1,2,5."), u"--steps"_s);
    for (const qint64 step : request.steps) {
        if (step < 1)
            return Error::input(Text::tr("Step %1 is not a training step; steps start at 1.").arg(step), u"--steps"_s);
    }
    for (const qint64 rank : request.ranks) {
        if (rank < 0)
            return Error::input(Text::tr("Rank %1 is negative.").arg(rank), u"--ranks"_s);
    }
    const QStringList allowedContents = verl::allowedContents(version);
    for (const QString &item : request.contents) {
        if (!allowedContents.contains(item))
            return Error::input(
                Text::tr("\"%1\" cannot be collected; contents takes %2.").arg(item, allowedContents.join(u", "_s)),
                u"--contents"_s);
    }
    const QString level = request.level.isEmpty() ? verl::defaultLevel(version) : request.level;
    if (!verl::allowedLevels(version).contains(level))
        return Error::input(
            Text::tr("\"%1\" is not a profiler level: use %2.").arg(level, verl::allowedLevels(version).join(u", "_s)),
            u"--level"_s);
    const bool rollout = request.roles.contains(verl::Role::Rollout);
    if ((request.tokenStart || request.tokenEnd) && (!verl::hasTokenRange(version) || !rollout)) {
        return Error::input(Text::tr("A token range profiles the rollout only, and needs verl 0.9.0 or newer."),
                            u"--token-start"_s);
    }
    if (request.continuousSteps && !verl::hasContinuousSteps(version))
        return Error::input(Text::tr("Continuous steps need verl 0.6.0 or newer."), u"--continuous-steps"_s);

    Plan plan;
    // One override per key: 0.5's actor, reference and rollout share one block.
    const auto add = [&plan](const QString &key, Value value) {
        if (key.isEmpty())
            return;
        for (const hydra::Override &existing : std::as_const(plan.overrides)) {
            if (existing.key == key)
                return;
        }
        plan.overrides.append(hydra::Override::set(key, std::move(value)));
    };
    const auto setting = [&facts](const QString &name) { return facts.setting(name); };
    // Roles in one fixed order, whatever order they were given in.
    QList<verl::Role> roles;
    for (const verl::Role role : verl::allRoles()) {
        if (request.roles.contains(role))
            roles << role;
    }

    add(setting(u"tool"_s), Value::string(u"npu"_s));
    add(setting(u"steps"_s), intList(request.steps));
    if (!request.savePath.isEmpty())
        add(setting(u"save_path"_s), Value::string(request.savePath));
    if (request.continuousSteps)
        add(setting(u"continuous"_s), Value::boolean(true));
    // 0.5: one set of options for every role.
    add(setting(u"level"_s), Value::string(level));
    add(setting(u"analysis"_s), Value::boolean(request.analysis));
    if (!setting(u"contents.npu"_s).isEmpty()) {
        const bool everything = request.contents.isEmpty(); // torch_npu collects CPU and NPU by default
        for (const QString &item : allowedContents) {
            const bool on = request.contents.contains(item) || (everything && (item == u"npu" || item == u"cpu"));
            add(setting(u"contents."_s + item), Value::boolean(on));
        }
    }
    const bool noRanksMeansNothing = facts.behaviourOf(u"ranks_default"_s) == u"nothing";
    bool wroteRank0 = false;
    QStringList followed;
    for (const verl::Role role : std::as_const(roles)) {
        const QString name = verl::roleName(role);
        add(setting(name + u".enable"_s), Value::boolean(true));
        if (request.allRanks) {
            add(setting(name + u".all_ranks"_s), Value::boolean(true));
        } else if (!request.ranks.isEmpty()) {
            add(setting(name + u".ranks"_s), intList(request.ranks));
        } else if (noRanksMeansNothing) {
            add(setting(name + u".ranks"_s), intList({0}));
            wroteRank0 = true;
        }
        const QList<std::pair<QString, Value>> fields{{u"contents"_s, stringList(request.contents)},
                                                      {u"level"_s, Value::string(level)},
                                                      {u"analysis"_s, Value::boolean(request.analysis)},
                                                      {u"discrete"_s, Value::boolean(request.discrete)}};
        for (const auto &[field, value] : fields) {
            QString key = setting(name + u'.' + field);
            if (key.isEmpty() && !setting(field).isEmpty())
                continue; // 0.5: written once for every role above
            if (key.isEmpty()) {
                // The role's tool_config is an interpolation of another role's: set that one.
                key = facts.followedKey(verl::roleProfilerNode(version, role) + u".tool_config.npu."_s + field);
                if (!facts.key(key))
                    continue;
                if (!followed.contains(name))
                    followed << name;
            }
            add(key, value);
        }
        if (role == verl::Role::Rollout && request.tokenStart)
            add(setting(u"rollout.token_start"_s), Value::integer(*request.tokenStart));
        if (role == verl::Role::Rollout && request.tokenEnd)
            add(setting(u"rollout.token_end"_s), Value::integer(*request.tokenEnd));
    }

    for (const QString &name : std::as_const(followed)) {
        plan.notes << Text::tr("In verl %1 the %2 profiler's tool_config is an interpolation of the actor's, so its "
                               "contents, level, analysis and discrete are set on the actor.")
                          .arg(version.toString(), name);
    }
    // Roles whose switch follows a chosen role's: profiled too, without being asked for.
    for (const verl::RoleNode &node : facts.roles) {
        const verl::KeyFact *enable = facts.key(facts.setting(node.role + u".enable"_s));
        if (!enable || enable->interpolation.isEmpty())
            continue;
        for (const verl::Role role : std::as_const(roles)) {
            if (enable->interpolation == setting(verl::roleName(role) + u".enable"_s)
                && !request.roles.contains(*verl::parseRole(node.role, QString()))) {
                plan.notes << Text::tr("The %1 profiler's enable follows the %2's (%3), so enabling the %2 also "
                                       "profiles the %1.")
                                  .arg(node.role, verl::roleName(role), enable->source);
            }
        }
    }
    if (wroteRank0) {
        plan.notes << Text::tr("verl %1 profiles no rank unless ranks or all_ranks is set (%2), so \"rank 0 only\" is "
                               "written as ranks=[0].")
                          .arg(version.toString(), facts.sourceOf(u"ranks_default"_s));
    }
    if (!verl::hasGlobalProfiler(version)) {
        plan.notes << Text::tr("verl %1 configures the NPU profiler under trainer.npu_profile and has no per-role "
                               "switch; the actor, reference and rollout share actor_rollout_ref.profiler.")
                          .arg(version.toString());
    }

    Settings settings;
    for (const hydra::Override &override : plan.overrides)
        settings.set(override.key, *override.value);
    plan.findings = checkSettings(settings, version);
    return plan;
}

namespace {

std::optional<QList<qint64>> intsOf(const Value &value)
{
    if (value.type() == Value::Type::Null)
        return QList<qint64>{};
    if (value.type() != Value::Type::List)
        return std::nullopt;
    QList<qint64> numbers;
    for (const Value &item : value.toList()) {
        if (item.type() != Value::Type::Int)
            return std::nullopt;
        numbers << item.toInt();
    }
    return numbers;
}

std::optional<QStringList> wordsOf(const Value &value)
{
    if (value.type() != Value::Type::List)
        return std::nullopt;
    QStringList words;
    for (const Value &item : value.toList()) {
        if (item.type() != Value::Type::String)
            return std::nullopt;
        words << item.toString();
    }
    return words;
}

} // namespace

Imported importRequest(const QList<hydra::Override> &overrides, const Request &defaults)
{
    const verl::Version &version = defaults.version;
    const verl::VersionFacts &facts = verl::factsFor(version);
    Imported result{defaults, {}, 0};
    Request &request = result.request;

    QHash<QString, Value> values;
    for (const hydra::Override &override : overrides) {
        if (!override.value || override.prefix == hydra::Override::Prefix::Delete || !facts.key(override.key))
            continue;
        values.insert(override.key, *override.value); // the last one wins, as in Hydra
    }
    QSet<QString> taken;
    const auto take = [&](const QString &setting) -> std::optional<Value> {
        const QString key = facts.setting(setting);
        const auto it = key.isEmpty() ? values.constEnd() : values.constFind(key);
        if (it == values.constEnd())
            return std::nullopt;
        if (!taken.contains(key)) {
            taken.insert(key);
            ++result.used;
        }
        return *it;
    };
    const auto unusable = [&](const QString &setting) {
        result.notes << Text::tr("The value of %1 does not fit the form and was left at the form's setting.")
                            .arg(facts.setting(setting));
    };
    const auto readBool = [&](const QString &setting, bool &target) {
        if (const auto value = take(setting)) {
            if (value->type() == Value::Type::Bool)
                target = value->toBool();
            else
                unusable(setting);
        }
    };
    const auto readInts = [&](const QString &setting, QList<qint64> &target) {
        if (const auto value = take(setting)) {
            if (const auto numbers = intsOf(*value))
                target = *numbers;
            else
                unusable(setting);
        }
    };
    const auto readLevel = [&](const QString &setting) {
        if (const auto value = take(setting)) {
            if (value->type() == Value::Type::String && verl::allowedLevels(version).contains(value->toString()))
                request.level = value->toString();
            else
                unusable(setting);
        }
    };
    const auto readContents = [&](const QString &setting) {
        if (const auto value = take(setting)) {
            const auto words = wordsOf(*value);
            const QStringList allowed = verl::allowedContents(version);
            if (words
                && std::all_of(words->cbegin(), words->cend(), [&](const QString &w) { return allowed.contains(w); }))
                request.contents = *words;
            else
                unusable(setting);
        }
    };

    take(u"tool"_s); // the linter has already said when it is not npu; the form writes npu
    readInts(u"steps"_s, request.steps);
    if (const auto value = take(u"save_path"_s)) {
        if (value->type() == Value::Type::String)
            request.savePath = value->toString();
        else if (value->type() != Value::Type::Null)
            unusable(u"save_path"_s);
    }
    readBool(u"continuous"_s, request.continuousSteps);
    // 0.5: options shared by every role.
    readLevel(u"level"_s);
    readBool(u"analysis"_s, request.analysis);
    if (!facts.setting(u"contents.npu"_s).isEmpty()) {
        QStringList contents;
        bool any = false;
        for (const QString &item : verl::allowedContents(version)) {
            bool on = defaults.contents.contains(item);
            any = any || values.contains(facts.setting(u"contents."_s + item));
            readBool(u"contents."_s + item, on);
            if (on)
                contents << item;
        }
        if (any)
            request.contents = contents;
    }

    // The roles the command turns on; without a switch (0.5), the roles it configures.
    const auto configures = [&values](const QString &node) {
        return std::any_of(values.keyBegin(), values.keyEnd(),
                           [&node](const QString &key) { return key.startsWith(node + u'.'); });
    };
    QList<verl::Role> roles;
    QList<verl::Role> configured;
    QStringList nodes;
    for (const verl::Role role : verl::allRoles()) {
        const QString name = verl::roleName(role);
        const QString node = verl::roleProfilerNode(version, role);
        // 0.5's actor, reference and rollout share one node: it stands for the actor.
        if (node.isEmpty() || nodes.contains(node))
            continue;
        nodes << node;
        bool enabled = false;
        readBool(name + u".enable"_s, enabled);
        if (enabled)
            roles << role;
        if (configures(node) && !configured.contains(role))
            configured << role;
    }
    if (!verl::hasGlobalProfiler(version))
        roles = configured;
    // The form has one set of settings: those of the first enabled role that configures them, or of the
    // first role the command configures at all (a command may leave enable to the YAML).
    std::optional<verl::Role> source;
    for (const verl::Role role : roles + configured) {
        if (configured.contains(role)) {
            source = role;
            break;
        }
    }
    if (source) {
        const QString name = verl::roleName(*source);
        readBool(name + u".all_ranks"_s, request.allRanks);
        readInts(name + u".ranks"_s, request.ranks);
        readContents(name + u".contents"_s);
        readLevel(name + u".level"_s);
        readBool(name + u".analysis"_s, request.analysis);
        readBool(name + u".discrete"_s, request.discrete);

        // The other enabled roles: the same settings are carried by the form; different ones are not.
        static const QStringList fields{u"all_ranks"_s, u"ranks"_s,    u"contents"_s,
                                        u"level"_s,     u"analysis"_s, u"discrete"_s};
        for (const verl::Role role : std::as_const(roles)) {
            const QString other = verl::roleName(role);
            if (role == *source)
                continue;
            bool differs = false;
            for (const QString &field : fields) {
                const QString otherKey = facts.setting(other + u'.' + field);
                const QString mineKey = facts.setting(name + u'.' + field);
                if (otherKey.isEmpty() || otherKey == mineKey)
                    continue;
                const auto value = take(other + u'.' + field);
                const auto mine = values.constFind(mineKey);
                if (value.has_value() != (mine != values.constEnd()) || (value && !(*value == *mine)))
                    differs = true;
            }
            if (differs) {
                result.notes << Text::tr("The %1 profiler settings differ from the %2 ones; the form has one set and "
                                         "shows the %2 ones.")
                                    .arg(other, name);
            }
        }
    }
    for (const auto &[setting, target] : {std::pair{u"rollout.token_start"_s, &request.tokenStart},
                                          std::pair{u"rollout.token_end"_s, &request.tokenEnd}}) {
        if (const auto value = take(setting)) {
            if (value->type() == Value::Type::Int)
                *target = value->toInt();
            else if (value->type() != Value::Type::Null)
                unusable(setting);
        }
    }
    if (!roles.isEmpty())
        request.roles = roles;
    else if (source)
        request.roles = {*source};
    if (roles.isEmpty() && result.used > 0 && verl::hasGlobalProfiler(version)) {
        result.notes << Text::tr("No role has profiler.enable=True in the command, so it profiles nothing; the form "
                                 "turns it on for %1.")
                            .arg(verl::roleName(request.roles.constFirst()));
    }
    if (request.steps.isEmpty()) {
        request.steps = defaults.steps;
        result.notes << Text::tr("The command profiles no step (steps is null or empty); the form keeps its steps.");
    }
    return result;
}

QJsonArray toJson(const Plan &plan)
{
    QJsonArray array;
    for (const hydra::Override &override : plan.overrides) {
        const auto text = hydra::format(override);
        array.append(QJsonObject{{u"key"_s, override.key},
                                 {u"value"_s, hydra::toJson(override.value.value_or(Value::null()))},
                                 {u"hydra"_s, text ? *text : QString()}});
    }
    return array;
}

QString render(const Plan &plan, Format format)
{
    QStringList words;
    for (const hydra::Override &override : plan.overrides) {
        const auto text = hydra::format(override);
        if (text)
            words << *text;
    }
    switch (format) {
    case Format::Shell:
        return shell::formatCommand(words, shell::Layout::Multiline);
    case Format::Line:
        return shell::formatCommand(words, shell::Layout::OneLine);
    case Format::Yaml:
        return renderYaml(plan.overrides);
    case Format::Json:
        return QString::fromUtf8(QJsonDocument(toJson(plan)).toJson(QJsonDocument::Indented));
    }
    return QString();
}

} // namespace vna::profiler
