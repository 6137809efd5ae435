#include "knowledgebase.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <re2/re2.h>

#include "common/i18n.h"
#include "common/logging.h"
#include "common/paths.h"
#include "common/pyversion.h"
#include "logscan/codes.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(KnowledgeBase)
};

constexpr Reach kReaches[] = {Reach::Job, Reach::Node, Reach::Rank};

// The stable spelling of a reach in knowledge-base files and JSON.
QString reachId(Reach reach)
{
    switch (reach) {
    case Reach::Job:
        return u"job"_s;
    case Reach::Node:
        return u"node"_s;
    case Reach::Rank:
        return u"rank"_s;
    }
    return QString();
}

constexpr qsizetype kMaxFileBytes = 8 * 1024 * 1024;
constexpr qsizetype kMaxEntriesPerFile = 1000;
constexpr qsizetype kMaxIndications = 50;
constexpr qsizetype kMaxKeywords = 10;
constexpr qsizetype kMaxCodes = 100;
constexpr qsizetype kMaxRegexLength = 1000;
constexpr int kMaxLines = 10;
constexpr qsizetype kMaxTitle = 200;
constexpr qsizetype kMaxText = 4000;

const QRegularExpression &idPattern()
{
    static const QRegularExpression re(u"^[a-z0-9]+(-[a-z0-9]+)*\\z"_s);
    return re;
}

const QRegularExpression &placeholderPattern()
{
    // ${name}; ${name|words used when the match has no value for name}; ${name?words used only when it
    // has one}. The words may hold placeholders of their own (${range|${device}}, ${shape? (${shape})}).
    static const QRegularExpression re(u"\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?:([|?])((?:[^{}]|\\$\\{[^{}]*\\})*))?\\}"_s);
    return re;
}

// Validation of one file: every message says where (entry and field) before what.
class Parser
{
public:
    explicit Parser(QString file)
        : m_file(std::move(file))
    {}

    // Messages without the file, entry and field (one pattern typed by the user).
    void setBare(bool bare) { m_bare = bare; }

    Result<QList<Entry>> parse(const QByteArray &json)
    {
        if (json.size() > kMaxFileBytes)
            return fail(Text::tr("the file is larger than %1 MiB.").arg(kMaxFileBytes / (1024 * 1024)));
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            const qsizetype line = json.left(parseError.offset).count('\n') + 1;
            return Error::input(
                Text::tr("%1, line %2: not valid JSON: %3.").arg(m_file).arg(line).arg(parseError.errorString()),
                m_file, line);
        }
        if (!doc.isObject())
            return fail(Text::tr("the file must hold one JSON object with \"schema\" and \"entries\"."));
        const QJsonObject root = doc.object();
        for (auto it = root.begin(); it != root.end(); ++it) {
            if (it.key() != u"schema" && it.key() != u"entries" && it.key() != u"comment"
                && it.key() != u"repositories")
                return fail(Text::tr("unknown top-level field \"%1\" (expected schema, entries, comment, "
                                     "repositories).")
                                .arg(it.key()));
        }
        if (root.value(u"schema"_s).toInt(-1) != 1)
            return fail(Text::tr("\"schema\" must be 1."));
        if (!root.value(u"entries"_s).isArray())
            return fail(Text::tr("\"entries\" must be an array."));
        const QJsonArray array = root.value(u"entries"_s).toArray();
        if (array.size() > kMaxEntriesPerFile)
            return fail(Text::tr("more than %1 entries.").arg(kMaxEntriesPerFile));
        QList<Entry> entries;
        QSet<QString> ids;
        for (qsizetype i = 0; i < array.size(); ++i) {
            m_entry = Text::tr("entry %1").arg(i + 1);
            if (!array.at(i).isObject())
                return failField(QString(), Text::tr("must be an object."));
            auto entry = parseEntry(array.at(i).toObject());
            if (!entry)
                return entry.error();
            if (ids.contains(entry->id))
                return failField(u"id"_s, Text::tr("\"%1\" is used by an earlier entry.").arg(entry->id));
            ids.insert(entry->id);
            entries << *std::move(entry);
        }
        // The releases of each repository the refresh script read, for the bugs fixed there.
        const QJsonObject repositories = root.value(u"repositories"_s).toObject();
        for (Entry &entry : entries) {
            if (!entry.upstream)
                continue;
            const QJsonValue releases = repositories.value(entry.upstream->repo).toObject().value(u"releases"_s);
            m_entry = Text::tr("entry \"%1\"").arg(entry.id);
            if (!releases.isArray())
                return failField(u"upstream.fix.repo"_s,
                                 Text::tr("\"repositories\" has no releases of %1: run scripts/known-bugs/refresh.py.")
                                     .arg(entry.upstream->repo));
            for (const QJsonValue value : releases.toArray())
                entry.upstream->repoReleases << value.toString();
        }
        return entries;
    }

private:
    Error fail(const QString &what) const { return Error::input(m_file + u": "_s + what, m_file); }

    Error failField(const QString &field, const QString &what) const
    {
        if (m_bare)
            return Error::input(what, m_file);
        const QString where = field.isEmpty() ? m_entry : Text::tr("%1, field \"%2\"").arg(m_entry, field);
        return Error::input(Text::tr("%1, %2: %3").arg(m_file, where, what), m_file);
    }

    Result<QString>
    string(const QJsonObject &object, const QString &key, const QString &field, qsizetype max, bool required = true)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() && !required)
            return QString();
        if (!value.isString() || value.toString().trimmed().isEmpty())
            return failField(field, Text::tr("must be a non-empty string."));
        if (value.toString().size() > max)
            return failField(field, Text::tr("is longer than %1 characters.").arg(max));
        return value.toString();
    }

    // `field` is how the message names the list (its key when empty).
    Result<QStringList> stringList(const QJsonObject &object, const QString &key, qsizetype max, QString field = {})
    {
        if (field.isEmpty())
            field = key;
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return QStringList();
        if (!value.isArray())
            return failField(field, Text::tr("must be an array of strings."));
        const QJsonArray array = value.toArray();
        if (array.size() > max)
            return failField(field, Text::tr("has more than %1 items.").arg(max));
        QStringList out;
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString() || array.at(i).toString().isEmpty())
                return failField(u"%1[%2]"_s.arg(field).arg(i), Text::tr("must be a non-empty string."));
            out << array.at(i).toString();
        }
        return out;
    }

    Result<LocalizedText> localized(const QJsonObject &object, const QString &key, qsizetype max)
    {
        const QJsonValue value = object.value(key);
        if (!value.isObject())
            return failField(key, Text::tr("must be an object with \"en\" and \"zh_CN\" texts."));
        const QJsonObject texts = value.toObject();
        for (auto it = texts.begin(); it != texts.end(); ++it) {
            if (it.key() != u"en" && it.key() != u"zh_CN")
                return failField(key + u'.' + it.key(), Text::tr("unknown language (expected en and zh_CN)."));
        }
        auto en = string(texts, u"en"_s, key + u".en"_s, max);
        if (!en)
            return en.error();
        auto zh = string(texts, u"zh_CN"_s, key + u".zh_CN"_s, max);
        if (!zh)
            return zh.error();
        return LocalizedText{*en, *zh};
    }

    Result<Indication> indication(const QJsonValue &value, const QString &field)
    {
        if (!value.isObject())
            return failField(field, Text::tr("must be an object with \"keywords\" or \"regex\"."));
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() != u"keywords" && it.key() != u"regex" && it.key() != u"lines" && it.key() != u"quiet_in")
                return failField(field + u'.' + it.key(),
                                 Text::tr("unknown field (expected keywords, regex, lines, quiet_in)."));
        }
        const bool hasKeywords = object.contains(u"keywords"_s);
        const bool hasRegex = object.contains(u"regex"_s);
        if (hasKeywords == hasRegex)
            return failField(field, Text::tr("needs exactly one of \"keywords\" and \"regex\"."));
        Indication out;
        if (object.contains(u"quiet_in"_s)) {
            auto actors = stringList(object, u"quiet_in"_s, kMaxKeywords, field + u".quiet_in"_s);
            if (!actors)
                return actors.error();
            out.quietIn = *actors;
        }
        if (hasKeywords) {
            auto keywords = stringList(object, u"keywords"_s, kMaxKeywords, field + u".keywords"_s);
            if (!keywords)
                return keywords.error();
            if (keywords->isEmpty())
                return failField(field + u".keywords"_s, Text::tr("must list at least one keyword."));
            if (object.contains(u"lines"_s))
                return failField(field + u".lines"_s, Text::tr("only a regex can span several lines."));
            out.keywords = *keywords;
        } else {
            auto regex = string(object, u"regex"_s, field + u".regex"_s, kMaxRegexLength);
            if (!regex)
                return regex.error();
            out.regex = *regex;
            if (object.contains(u"lines"_s)) {
                const QJsonValue lines = object.value(u"lines"_s);
                if (!lines.isDouble() || lines.toDouble() != lines.toInt() || lines.toInt() < 1
                    || lines.toInt() > kMaxLines)
                    return failField(field + u".lines"_s,
                                     Text::tr("must be a whole number from 1 to %1.").arg(kMaxLines));
                out.lines = lines.toInt();
            }
        }
        RE2::Options options;
        options.set_log_errors(false);
        const QByteArray source = out.pattern().toUtf8();
        const RE2 re(re2::StringPiece(source.constData(), static_cast<size_t>(source.size())), options);
        if (!re.ok())
            return failField(field + (hasRegex ? u".regex"_s : u".keywords"_s),
                             Text::tr("RE2 rejects the pattern: %1.").arg(QString::fromStdString(re.error())));
        if (RE2::PartialMatch("", re))
            return failField(field + u".regex"_s, Text::tr("matches an empty line, so it would match every line."));
        if (!out.multiline() && out.regex.contains(u"\\n"_s))
            return failField(field + u".regex"_s,
                             Text::tr("contains \\n: set \"lines\" to the number of lines it spans."));
        return out;
    }

    Result<Upstream> parseUpstream(const QJsonValue &value)
    {
        static const QStringList known{u"component"_s,    u"threads"_s,     u"fix"_s,     u"backports"_s, u"fixed_in"_s,
                                       u"fixed_in_tag"_s, u"released_in"_s, u"checked"_s, u"workaround"_s};
        if (!value.isObject())
            return failField(u"upstream"_s,
                             Text::tr("must be an object (component, threads, fix, fixed_in, "
                                      "fixed_in_tag, checked, workaround)."));
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key()))
                return failField(u"upstream."_s + it.key(),
                                 Text::tr("unknown field (expected one of %1).").arg(known.join(u", "_s)));
        }
        Upstream out;
        out.component = object.value(u"component"_s).toString();
        if (!upstreamComponents().contains(out.component))
            return failField(u"upstream.component"_s,
                             Text::tr("must be one of %1.").arg(upstreamComponents().join(u", "_s)));
        auto threads = stringList(object, u"threads"_s, 20, u"upstream.threads"_s);
        if (!threads)
            return threads.error();
        if (threads->isEmpty())
            return failField(u"upstream.threads"_s, Text::tr("must list the thread where the bug was met."));
        for (qsizetype i = 0; i < threads->size(); ++i) {
            if (!threads->at(i).startsWith(u"https://"_s))
                return failField(u"upstream.threads[%1]"_s.arg(i), Text::tr("must be an https URL."));
        }
        out.threads = *threads;
        const QJsonObject fix = object.value(u"fix"_s).toObject();
        static const QRegularExpression repo(u"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+\\z"_s);
        static const QRegularExpression sha(u"^[0-9a-f]{40}\\z"_s);
        out.repo = fix.value(u"repo"_s).toString();
        if (!repo.match(out.repo).hasMatch())
            return failField(u"upstream.fix.repo"_s, Text::tr("must be a GitHub repository, owner/name."));
        out.commit = fix.value(u"commit"_s).toString();
        if (!sha.match(out.commit).hasMatch())
            return failField(u"upstream.fix.commit"_s, Text::tr("must be a commit's 40 hexadecimal digits."));
        if (fix.contains(u"pr"_s)) {
            const QJsonValue pr = fix.value(u"pr"_s);
            if (!pr.isDouble() || pr.toDouble() != pr.toInt() || pr.toInt() < 1)
                return failField(u"upstream.fix.pr"_s, Text::tr("must be a pull request number."));
            out.pr = pr.toInt();
        }
        // What the refresh script computed: present (maybe empty) so a bug never ships unchecked.
        for (const QString &key : {u"fixed_in"_s, u"fixed_in_tag"_s, u"checked"_s}) {
            if (!object.value(key).isString())
                return failField(u"upstream."_s + key,
                                 Text::tr("must be a string written by scripts/known-bugs/refresh.py."));
        }
        for (const QString &key : {u"backports"_s, u"released_in"_s}) {
            if (!object.value(key).isArray())
                return failField(u"upstream."_s + key,
                                 Text::tr("must be an array written by scripts/known-bugs/refresh.py."));
        }
        auto backports = stringList(object, u"backports"_s, 50, u"upstream.backports"_s);
        if (!backports)
            return backports.error();
        out.backports = *backports;
        auto releasedIn = stringList(object, u"released_in"_s, 1000, u"upstream.released_in"_s);
        if (!releasedIn)
            return releasedIn.error();
        out.releasedIn = *releasedIn;
        out.fixedIn = object.value(u"fixed_in"_s).toString();
        out.fixedInTag = object.value(u"fixed_in_tag"_s).toString();
        out.checked = object.value(u"checked"_s).toString();
        if (out.checked.isEmpty())
            return failField(u"upstream.checked"_s, Text::tr("is empty: run scripts/known-bugs/refresh.py."));
        if (!out.fixedIn.isEmpty() && !PyVersion::parse(out.fixedIn))
            return failField(u"upstream.fixed_in"_s, Text::tr("must be a release number such as 0.7.0."));
        if (!out.fixedIn.isEmpty() && out.fixedInTag.isEmpty())
            return failField(u"upstream.fixed_in_tag"_s, Text::tr("must name the tag fixed_in was read from."));
        auto workaround = localized(object, u"workaround"_s, kMaxText);
        if (!workaround)
            return workaround.error();
        out.workaround = *workaround;
        return out;
    }

    Result<Entry> parseEntry(const QJsonObject &object)
    {
        static const QStringList known{u"id"_s,         u"title"_s,    u"cause"_s,       u"fix"_s,
                                       u"category"_s,   u"severity"_s, u"indications"_s, u"applies_to"_s,
                                       u"references"_s, u"leads_to"_s, u"reach"_s,       u"action"_s,
                                       u"codes"_s,      u"wrapper"_s,  u"upstream"_s,    u"only_with"_s};
        Entry entry;
        entry.origin = m_file;
        const QJsonValue id = object.value(u"id"_s);
        if (!id.isString() || !idPattern().match(id.toString()).hasMatch() || id.toString().size() > 64)
            return failField(u"id"_s,
                             Text::tr("must be kebab-case (a-z, 0-9 and single hyphens), at most 64 characters."));
        entry.id = id.toString();
        m_entry = Text::tr("entry \"%1\"").arg(entry.id);
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key()))
                return failField(it.key(), Text::tr("unknown field (expected one of %1).").arg(known.join(u", "_s)));
        }
        auto title = localized(object, u"title"_s, kMaxTitle);
        if (!title)
            return title.error();
        entry.title = *title;
        auto cause = localized(object, u"cause"_s, kMaxText);
        if (!cause)
            return cause.error();
        entry.cause = *cause;
        // A known upstream bug's advice is made from its fix and the user's release (knownBugAdvice).
        if (!object.contains(u"upstream"_s) || object.contains(u"fix"_s)) {
            auto fix = localized(object, u"fix"_s, kMaxText);
            if (!fix)
                return fix.error();
            entry.fix = *fix;
        }
        auto category = string(object, u"category"_s, u"category"_s, 40);
        if (!category)
            return category.error();
        if (!idPattern().match(*category).hasMatch())
            return failField(u"category"_s, Text::tr("must be a lower-case word such as environment or memory."));
        entry.category = *category;
        if (!parseSeverity(object.value(u"severity"_s).toString(), entry.severity))
            return failField(u"severity"_s, Text::tr("must be critical, error, warning or info."));

        if (object.contains(u"codes"_s)) {
            auto codes = stringList(object, u"codes"_s, kMaxCodes);
            if (!codes)
                return codes.error();
            entry.codes = *codes;
            const CodeCatalogue &catalogue = CodeCatalogue::builtin();
            for (qsizetype i = 0; i < entry.codes.size(); ++i) {
                const QString &code = entry.codes.at(i);
                if (code == u"*" ? entry.codes.size() != 1 : !catalogue.find(code))
                    return failField(
                        u"codes[%1]"_s.arg(i),
                        code == u"*"
                            ? Text::tr("\"*\" must be the only code.")
                            : Text::tr("%1 is not in the code catalogue (ascend-codes.json)%2")
                                  .arg(code, catalogue.error().isEmpty() ? u"."_s : u": "_s + catalogue.error()));
            }
        }
        if (object.contains(u"wrapper"_s)) {
            if (!object.value(u"wrapper"_s).isBool())
                return failField(u"wrapper"_s, Text::tr("must be true or false."));
            entry.wrapper = object.value(u"wrapper"_s).toBool();
        }
        const QJsonValue indications = object.value(u"indications"_s);
        if (entry.codes.isEmpty() || object.contains(u"indications"_s)) {
            if (!indications.isArray() || indications.toArray().isEmpty())
                return failField(u"indications"_s, Text::tr("must be a non-empty array."));
        }
        if (indications.toArray().size() > kMaxIndications)
            return failField(u"indications"_s, Text::tr("has more than %1 items.").arg(kMaxIndications));
        const QJsonArray list = indications.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            auto one = indication(list.at(i), u"indications[%1]"_s.arg(i));
            if (!one)
                return one.error();
            entry.indications << *one;
        }
        if (!entry.findsAnyCode())
            entry.indications << codeIndications(entry.codes);

        if (object.contains(u"applies_to"_s)) {
            if (!object.value(u"applies_to"_s).isObject())
                return failField(u"applies_to"_s, Text::tr("must be an object with \"verl\" and/or \"components\"."));
            const QJsonObject applies = object.value(u"applies_to"_s).toObject();
            for (auto it = applies.begin(); it != applies.end(); ++it) {
                if (it.key() != u"verl" && it.key() != u"components")
                    return failField(u"applies_to."_s + it.key(),
                                     Text::tr("unknown field (expected verl, components)."));
            }
            auto verl = string(applies, u"verl"_s, u"applies_to.verl"_s, 100, false);
            if (!verl)
                return verl.error();
            entry.appliesToVerl = *verl;
            auto components = stringList(applies, u"components"_s, 20);
            if (!components)
                return components.error();
            entry.appliesToComponents = *components;
        }
        if (object.contains(u"only_with"_s)) {
            const QString condition = object.value(u"only_with"_s).toString();
            if (!knownConditions().contains(condition))
                return failField(
                    u"only_with"_s,
                    Text::tr("unknown condition (expected one of: %1).").arg(knownConditions().join(u", "_s)));
            entry.onlyWith = condition;
        }
        auto references = stringList(object, u"references"_s, 20);
        if (!references)
            return references.error();
        for (qsizetype i = 0; i < references->size(); ++i) {
            if (!references->at(i).startsWith(u"https://"_s) && !references->at(i).startsWith(u"http://"_s))
                return failField(u"references[%1]"_s.arg(i), Text::tr("must be an http(s) URL."));
        }
        entry.references = *references;
        auto leadsTo = stringList(object, u"leads_to"_s, 50);
        if (!leadsTo)
            return leadsTo.error();
        for (qsizetype i = 0; i < leadsTo->size(); ++i) {
            if (!idPattern().match(leadsTo->at(i)).hasMatch() || leadsTo->at(i) == entry.id)
                return failField(u"leads_to[%1]"_s.arg(i), Text::tr("must be the id of another entry."));
        }
        entry.leadsTo = *leadsTo;
        if (object.contains(u"reach"_s)) {
            const QString reach = object.value(u"reach"_s).toString();
            const auto reachFound
                = std::find_if(std::begin(kReaches), std::end(kReaches), [&](Reach r) { return reachId(r) == reach; });
            if (reachFound == std::end(kReaches))
                return failField(u"reach"_s, Text::tr("must be job, node or rank."));
            entry.reach = *reachFound;
        }

        if (object.contains(u"action"_s)) {
            const QJsonValue value = object.value(u"action"_s);
            if (!value.isObject())
                return failField(u"action"_s, Text::tr("must be an object with \"tool\" and \"params\"."));
            const QJsonObject action = value.toObject();
            for (auto it = action.begin(); it != action.end(); ++it) {
                if (it.key() != u"tool" && it.key() != u"params" && it.key() != u"verl_since")
                    return failField(u"action."_s + it.key(),
                                     Text::tr("unknown field (expected tool, params, verl_since)."));
            }
            ActionTemplate out;
            out.tool = action.value(u"tool"_s).toString();
            if (!actionTools().contains(out.tool))
                return failField(u"action.tool"_s, Text::tr("must be one of %1.").arg(actionTools().join(u", "_s)));
            const QJsonValue params = action.value(u"params"_s);
            if (!params.isUndefined() && !params.isObject())
                return failField(u"action.params"_s, Text::tr("must be an object of strings."));
            const QJsonObject paramObject = params.toObject();
            for (auto it = paramObject.begin(); it != paramObject.end(); ++it) {
                if (!actionParams(out.tool).contains(it.key()))
                    return failField(u"action.params."_s + it.key(),
                                     Text::tr("the %1 tool takes %2.")
                                         .arg(out.tool,
                                              actionParams(out.tool).isEmpty() ? Text::tr("no parameters")
                                                                               : actionParams(out.tool).join(u", "_s)));
                if (!it.value().isString())
                    return failField(u"action.params."_s + it.key(), Text::tr("must be a string."));
                out.params.append({it.key(), it.value().toString()});
            }
            if (action.contains(u"verl_since"_s)) {
                out.verlSince = action.value(u"verl_since"_s).toString();
                if (!verl::Version::parse(out.verlSince, QString()))
                    return failField(u"action.verl_since"_s, Text::tr("must be a verl release such as 0.6.0."));
            }
            entry.action = out;
        }

        if (object.contains(u"upstream"_s)) {
            auto upstream = parseUpstream(object.value(u"upstream"_s));
            if (!upstream)
                return upstream.error();
            entry.upstream = *upstream;
        }

        // Every ${name} must be something a match can fill in.
        const QStringList available = entry.captureNames() + builtinPlaceholders();
        const auto checkPlaceholders = [&](const QString &text, const QString &field) -> std::optional<Error> {
            static const QRegularExpression named(u"\\$\\{([A-Za-z_][A-Za-z0-9_]*)"_s); // nested ones too
            auto it = named.globalMatch(text);
            while (it.hasNext()) {
                const QString name = it.next().captured(1);
                if (!available.contains(name))
                    return failField(field,
                                     Text::tr("${%1} is neither a named capture of the entry's regexes nor one of %2.")
                                         .arg(name, builtinPlaceholders().join(u", "_s)));
            }
            return std::nullopt;
        };
        const QList<std::pair<const LocalizedText *, QString>> texts{
            {&entry.title, u"title"_s}, {&entry.cause, u"cause"_s}, {&entry.fix, u"fix"_s}};
        for (const auto &[text, field] : texts) {
            for (const auto &[value, language] : {std::pair{&text->en, u"en"_s}, std::pair{&text->zhCN, u"zh_CN"_s}}) {
                if (auto error = checkPlaceholders(*value, field + u'.' + language))
                    return *error;
            }
        }
        if (entry.action) {
            for (const auto &[key, value] : entry.action->params) {
                if (auto error = checkPlaceholders(value, u"action.params."_s + key))
                    return *error;
            }
        }
        return entry;
    }

    QString m_file;
    QString m_entry;
    bool m_bare = false;
};

// An entry whose codes are "*" finds every catalogued error code that no other entry lists and that is
// not a wrapper: a code the catalogue knows always gives a finding, and only one.
void expandAnyCode(QList<Entry> &entries)
{
    QSet<QString> listed;
    for (const Entry &entry : std::as_const(entries))
        for (const QString &code : entry.codes)
            listed.insert(code);
    QStringList rest;
    for (const CodeInfo &info : CodeCatalogue::builtin().codes()) {
        if (info.givesFinding() && !listed.contains(info.code))
            rest << info.code;
    }
    for (Entry &entry : entries) {
        if (!entry.findsAnyCode())
            continue;
        entry.indications << codeIndications(rest);
    }
}

QList<Entry> readBuiltin(KnowledgeBase &kb)
{
    QList<Entry> out;
    const QDir dir(u":/knowledge"_s);
    for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        auto entries = parseKnowledgeFile(file.readAll(), u"builtin:"_s + name);
        kb.files << u"builtin:"_s + name;
        if (!entries) {
            // A build that ships a broken file is a bug; say so loudly but keep the rest.
            log::core()->error("{}", entries.error().message.toStdString());
            kb.problems.append({u"builtin:"_s + name, entries.error().message});
            continue;
        }
        out << *entries;
    }
    return out;
}

void addFile(KnowledgeBase &kb, const QString &path)
{
    kb.files << path;
    QFile file(path);
    const QFileInfo info(path);
    if (!info.isFile() || !file.open(QIODevice::ReadOnly)) {
        kb.problems.append({path,
                            Text::tr("%1: cannot read the file: %2")
                                .arg(path, info.isDir() ? Text::tr("it is a folder") : file.errorString())});
        return;
    }
    if (file.size() > kMaxFileBytes) {
        kb.problems.append(
            {path, Text::tr("%1: the file is larger than %2 MiB.").arg(path).arg(kMaxFileBytes / (1024 * 1024))});
        return;
    }
    auto entries = parseKnowledgeFile(file.read(kMaxFileBytes + 1), path);
    if (!entries) {
        kb.problems.append({path, entries.error().message});
        return;
    }
    for (Entry &entry : *entries) {
        if (kb.find(entry.id)) {
            kb.problems.append({path,
                                Text::tr("%1: entry \"%2\" is skipped: the id is already used by %3.")
                                    .arg(path, entry.id, kb.find(entry.id)->origin)});
            continue;
        }
        kb.entries << std::move(entry);
    }
}

} // namespace

QString categoryName(const QString &id)
{
    static const QHash<QString, const char *> names{
        {u"checkpoint"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "checkpoint")},
        {u"communication"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "communication")},
        {u"configuration"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "configuration")},
        {u"device"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "device")},
        {u"environment"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "environment")},
        {u"memory"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "memory")},
        {u"performance"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "performance")},
        {u"rollout"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "rollout")},
        {u"runtime"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "runtime")},
        {u"upstream-bug"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "upstream bug")},
        {u"version"_s, QT_TRANSLATE_NOOP("KnowledgeCategory", "version")},
    };
    const char *name = names.value(id);
    return name ? QCoreApplication::translate("KnowledgeCategory", name) : id;
}

QString LocalizedText::in(const QString &language) const
{
    if (language == i18n::pseudoCode())
        return zhCN.isEmpty() ? QString() : i18n::marked(en);
    return language == u"zh_CN" ? zhCN : en;
}

QString Indication::pattern() const
{
    if (!regex.isEmpty())
        return regex;
    QStringList quoted;
    for (const QString &keyword : keywords) {
        const QByteArray utf8 = keyword.toUtf8();
        quoted << QString::fromStdString(
            RE2::QuoteMeta(re2::StringPiece(utf8.constData(), static_cast<size_t>(utf8.size()))));
    }
    return quoted.join(u".*"_s);
}

bool Entry::findsAnyCode() const
{
    return codes.size() == 1 && codes.first() == u"*";
}

QStringList Entry::captureNames() const
{
    QStringList names;
    for (const Indication &indication : indications) {
        if (indication.regex.isEmpty())
            continue;
        RE2::Options options;
        options.set_log_errors(false);
        const QByteArray source = indication.regex.toUtf8();
        const RE2 re(re2::StringPiece(source.constData(), static_cast<size_t>(source.size())), options);
        for (const auto &[name, index] : re.NamedCapturingGroups()) {
            const QString qname = QString::fromStdString(name);
            if (!names.contains(qname))
                names << qname;
        }
    }
    return names;
}

QJsonObject Entry::toJson() const
{
    const auto texts = [](const LocalizedText &text) {
        return QJsonObject{{u"en"_s, text.en}, {u"zh_CN"_s, text.zhCN}};
    };
    QJsonArray indicationArray;
    for (const Indication &indication : indications) {
        if (indication.fromCodes)
            continue; // "codes" says it
        QJsonObject one;
        if (!indication.quietIn.isEmpty())
            one.insert(u"quiet_in"_s, QJsonArray::fromStringList(indication.quietIn));
        if (!indication.keywords.isEmpty())
            one.insert(u"keywords"_s, QJsonArray::fromStringList(indication.keywords));
        else
            one.insert(u"regex"_s, indication.regex);
        if (indication.multiline())
            one.insert(u"lines"_s, indication.lines);
        indicationArray.append(one);
    }
    QJsonObject out{{u"id"_s, id},
                    {u"title"_s, texts(title)},
                    {u"cause"_s, texts(cause)},
                    {u"category"_s, category},
                    {u"severity"_s, severityId(severity)},
                    {u"indications"_s, indicationArray},
                    {u"references"_s, QJsonArray::fromStringList(references)},
                    {u"leads_to"_s, QJsonArray::fromStringList(leadsTo)},
                    {u"reach"_s, reachId(reach)},
                    {u"codes"_s, QJsonArray::fromStringList(codes)},
                    {u"wrapper"_s, wrapper},
                    {u"origin"_s, origin}};
    if (!upstream || !fix.en.isEmpty())
        out.insert(u"fix"_s, texts(fix)); // a known bug's advice is made from its upstream part
    QJsonObject applies;
    if (!appliesToVerl.isEmpty())
        applies.insert(u"verl"_s, appliesToVerl);
    if (!appliesToComponents.isEmpty())
        applies.insert(u"components"_s, QJsonArray::fromStringList(appliesToComponents));
    out.insert(u"applies_to"_s, applies);
    if (!onlyWith.isEmpty())
        out.insert(u"only_with"_s, onlyWith);
    if (upstream) {
        QJsonObject change{
            {u"repo"_s, upstream->repo}, {u"commit"_s, upstream->commit}, {u"url"_s, upstream->fixUrl()}};
        if (upstream->pr > 0)
            change.insert(u"pr"_s, upstream->pr);
        out.insert(u"upstream"_s,
                   QJsonObject{{u"component"_s, upstream->component},
                               {u"threads"_s, QJsonArray::fromStringList(upstream->threads)},
                               {u"fix"_s, change},
                               {u"backports"_s, QJsonArray::fromStringList(upstream->backports)},
                               {u"fixed_in"_s, upstream->fixedIn},
                               {u"released_in"_s, QJsonArray::fromStringList(upstream->releasedIn)},
                               {u"fixed_in_tag"_s, upstream->fixedInTag},
                               {u"checked"_s, upstream->checked},
                               {u"workaround"_s, texts(upstream->workaround)}});
    }
    if (action) {
        QJsonObject params;
        for (const auto &[key, value] : action->params)
            params.insert(key, value);
        out.insert(u"action"_s, QJsonObject{{u"tool"_s, action->tool}, {u"params"_s, params}});
    } else {
        out.insert(u"action"_s, QJsonValue::Null);
    }
    return out;
}

const Entry *KnowledgeBase::find(const QString &id) const
{
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry &entry) { return entry.id == id; });
    return it == entries.end() ? nullptr : &*it;
}

QStringList KnowledgeBase::categories() const
{
    QStringList out;
    for (const Entry &entry : entries)
        out << entry.category;
    out.sort();
    out.removeDuplicates();
    return out;
}

QString Upstream::fixUrl() const
{
    return pr > 0 ? u"https://github.com/%1/pull/%2"_s.arg(repo).arg(pr)
                  : u"https://github.com/%1/commit/%2"_s.arg(repo, commit);
}

QString Upstream::fixName() const
{
    return pr > 0 ? Text::tr("PR #%1").arg(pr) : Text::tr("commit %1").arg(commit.left(9));
}

QStringList upstreamComponents()
{
    return {u"verl"_s,    u"vllm-ascend"_s,   u"vllm"_s,   u"torch_npu"_s,    u"mindspeed"_s,
            u"mbridge"_s, u"triton-ascend"_s, u"sglang"_s, u"transformers"_s, u"megatron-core"_s};
}

QStringList actionTools()
{
    return {u"environment"_s, u"bucket"_s, u"memory"_s, u"profiler"_s, u"sync"_s};
}

QStringList actionParams(const QString &tool)
{
    if (tool == u"bucket")
        return {u"error"_s};
    if (tool == u"sync")
        return {u"folder"_s};
    if (tool == u"profiler")
        return {u"command"_s, u"setting"_s, u"value"_s, u"key"_s};
    if (tool == u"environment")
        return {u"hosts"_s};
    if (tool == u"memory")
        return {u"phase"_s, u"tried"_s, u"total"_s, u"allocated"_s, u"available"_s};
    return {};
}

QStringList builtinPlaceholders()
{
    return {u"file"_s,    u"line"_s,      u"text"_s,         u"node"_s,       u"nodes"_s,     u"rank"_s,
            u"code_id"_s, u"code_name"_s, u"code_meaning"_s, u"code_class"_s, u"code_step"_s, u"code_source"_s};
}

Result<QList<Entry>> parseKnowledgeFile(const QByteArray &json, const QString &file)
{
    return Parser(file).parse(json);
}

Result<Entry> patternEntry(const QString &regex)
{
    QJsonObject indication{{u"regex"_s, regex}};
    if (const qsizetype breaks = regex.count(u"\\n"_s); breaks > 0)
        indication.insert(u"lines"_s, static_cast<int>(std::min<qsizetype>(breaks + 1, kMaxLines)));
    const QJsonObject text{{u"en"_s, u"Pattern"_s}, {u"zh_CN"_s, u"Pattern"_s}};
    const QJsonObject entry{{u"id"_s, u"test-pattern"_s},
                            {u"title"_s, text},
                            {u"cause"_s, text},
                            {u"fix"_s, text},
                            {u"category"_s, u"test"_s},
                            {u"severity"_s, u"info"_s},
                            {u"indications"_s, QJsonArray{indication}}};
    const QJsonObject root{{u"schema"_s, 1}, {u"entries"_s, QJsonArray{entry}}};
    Parser parser(u"pattern"_s);
    parser.setBare(true);
    auto entries = parser.parse(QJsonDocument(root).toJson(QJsonDocument::Compact));
    if (!entries)
        return entries.error();
    return entries->first();
}

QString userKnowledgeDir()
{
    return paths::configDir() + u"/knowledge"_s;
}

QStringList knownConditions()
{
    return {u"vllm-ascend-refuses-v0-engine"_s};
}

KnowledgeBase loadKnowledgeBase(const QStringList &extraFiles)
{
    KnowledgeBase kb;
    kb.entries = readBuiltin(kb);
    const QDir user(userKnowledgeDir());
    for (const QString &name : user.entryList({u"*.json"_s}, QDir::Files | QDir::Readable | QDir::Hidden, QDir::Name))
        addFile(kb, user.filePath(name));
    for (const QString &path : extraFiles)
        addFile(kb, path);
    // leads_to may point into another file, so it is checked once everything is in.
    for (Entry &entry : kb.entries) {
        for (const QString &target : std::as_const(entry.leadsTo)) {
            if (!kb.find(target))
                kb.problems.append(
                    {entry.origin,
                     Text::tr("%1: entry \"%2\", field \"leads_to\": no entry has the id \"%3\"; it is ignored.")
                         .arg(entry.origin, entry.id, target)});
        }
        entry.leadsTo.removeIf([&](const QString &target) { return !kb.find(target); });
    }
    expandAnyCode(kb.entries);
    for (const LoadProblem &problem : std::as_const(kb.problems))
        log::core()->warn("knowledge base: {}", problem.message.toStdString());
    return kb;
}

QString fillPlaceholders(const QString &text, const QList<QPair<QString, QString>> &values, const QString &missing)
{
    QString out;
    qsizetype last = 0;
    auto it = placeholderPattern().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        out += QStringView(text).mid(last, match.capturedStart() - last);
        const QString name = match.captured(1);
        const auto found
            = std::find_if(values.begin(), values.end(), [&](const auto &pair) { return pair.first == name; });
        const bool has = found != values.end() && !found->second.isEmpty();
        const QString op = match.captured(2);
        if (op == u"?")
            out += has ? fillPlaceholders(match.captured(3), values, missing) : QString();
        else if (has)
            out += found->second;
        else
            out += op == u"|" ? fillPlaceholders(match.captured(3), values, missing) : missing;
        last = match.capturedEnd();
    }
    out += QStringView(text).mid(last);
    return out;
}

} // namespace vna::logscan
