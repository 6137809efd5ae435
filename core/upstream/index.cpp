#include "index.h"

#include <bit>
#include <limits>
#include <mutex>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include "common/jsonreader.h"
#include "common/logging.h"
#include "common/pyversion.h"
#include "common/resourcedata.h"

using namespace Qt::StringLiterals;

namespace vna::upstream {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Upstream)
};

// The components the program ships an index for, in the order they are tried.
const QStringList &builtinComponents()
{
    static const QStringList names{u"verl"_s,        u"vllm-ascend"_s, u"torch_npu"_s,    u"mbridge"_s,
                                   u"verl-recipe"_s, u"mindspeed"_s,   u"triton-ascend"_s};
    return names;
}

QStringList splitTemplate(QStringView text)
{
    QStringList pieces{QString()};
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if ((c == u'{' || c == u'}') && i + 1 < text.size() && text.at(i + 1) == c) {
            pieces.last() += c;
            ++i;
        } else if (c == u'{' && i + 1 < text.size() && text.at(i + 1) == u'}') {
            pieces << QString();
            ++i;
        } else {
            pieces.last() += c;
        }
    }
    return pieces;
}

Error broken(const QString &file, const QString &what)
{
    return Error::input(Text::tr("%1: %2").arg(file, what), file);
}

// Small readers over JsonReader for the index's shapes; false (with the reader's error) on anything else.
bool readInt(JsonReader &json, int &out)
{
    quint64 value = 0;
    if (!json.readUnsigned(value))
        return false;
    if (value > static_cast<quint64>(std::numeric_limits<int>::max()))
        return json.fail(Text::tr("a number is too large"));
    out = static_cast<int>(value);
    return true;
}

bool readStrings(JsonReader &json, QStringList &out)
{
    out.clear();
    if (!json.beginArray())
        return false;
    while (json.nextElement()) {
        QString value;
        if (!json.readString(value))
            return false;
        out << value;
    }
    return !json.failed();
}

bool readInts(JsonReader &json, QList<int> &out)
{
    out.clear();
    if (!json.beginArray())
        return false;
    while (json.nextElement()) {
        int value = 0;
        if (!readInt(json, value))
            return false;
        out << value;
    }
    return !json.failed();
}

// Reads one member the messages and changes files share; false with `handled` unset for another key.
bool readHeaderMember(JsonReader &json, QByteArrayView key, ComponentIndex &index, bool &handled)
{
    handled = true;
    if (key == "schema") {
        int schema = 0;
        if (!readInt(json, schema))
            return false;
        return schema == 1 || json.fail(Text::tr("schema %1 is not the one this program reads (1)").arg(schema));
    }
    for (const auto &[name, field] :
         {std::pair{"component", &index.component}, std::pair{"repository", &index.repository},
          std::pair{"url", &index.url}, std::pair{"commit", &index.commit}, std::pair{"date", &index.date},
          std::pair{"mount", &index.mount}}) {
        if (key == name)
            return json.readString(*field);
    }
    if (key == "releases") {
        index.releases.clear();
        if (!json.beginArray())
            return false;
        while (json.nextElement()) {
            Release release;
            if (!json.beginObject())
                return false;
            QByteArrayView member;
            while (json.nextMember(member)) {
                QString *field = member == "version" ? &release.version
                    : member == "tag"                ? &release.tag
                    : member == "commit"             ? &release.commit
                                                     : nullptr;
                if (!(field ? json.readString(*field) : json.skipValue()))
                    return false;
            }
            index.releases << release;
        }
        return !json.failed();
    }
    if (key == "sets") {
        QStringList sets;
        if (!readStrings(json, sets))
            return false;
        index.sets.clear();
        for (const QString &text : std::as_const(sets)) {
            const auto set = ReleaseSet::parse(text, static_cast<int>(index.releases.size()));
            if (!set)
                return json.fail(Text::tr("\"%1\" is not a list of release numbers such as \"0-3,5\"").arg(text));
            index.sets << *set;
        }
        return true;
    }
    if (key == "paths")
        return readStrings(json, index.paths);
    if (key == "functions")
        return readStrings(json, index.functions);
    handled = false;
    return true;
}

bool checkHeader(ComponentIndex &index, const QString &file, Error &error)
{
    if (index.component.isEmpty() || index.repository.isEmpty() || index.commit.isEmpty()) {
        error = broken(file, Text::tr("\"component\", \"repository\" and \"commit\" are required."));
        return false;
    }
    if (index.releases.isEmpty() || index.releases.size() > ReleaseSet::kMax) {
        error = broken(file, Text::tr("\"releases\" must list 1 to %1 releases.").arg(ReleaseSet::kMax));
        return false;
    }
    if (index.url.isEmpty())
        index.url = u"https://github.com/"_s + index.repository;
    return true;
}

} // namespace

QStringList subjectWords(const QString &text)
{
    static const QSet<QString> common{u"fix"_s,    u"fixes"_s,   u"fixed"_s,  u"error"_s, u"errors"_s, u"when"_s,
                                      u"with"_s,   u"from"_s,    u"that"_s,   u"this"_s,  u"into"_s,   u"does"_s,
                                      u"have"_s,   u"support"_s, u"bugfix"_s, u"issue"_s, u"should"_s, u"make"_s,
                                      u"update"_s, u"remove"_s,  u"found"_s,  u"used"_s,  u"using"_s,  u"will"_s};
    QStringList out;
    qsizetype start = -1;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const QChar c = i < text.size() ? text.at(i) : QChar();
        const bool letter = c.isLetter() && c.unicode() < 0x80;
        const bool part = letter || (c.unicode() < 0x80 && (c.isDigit() || c == u'_'));
        if (start < 0 && letter)
            start = i;
        else if (start >= 0 && !part) {
            if (i - start >= 4) {
                const QString word = text.mid(start, i - start).toLower();
                if (!common.contains(word) && !out.contains(word))
                    out << word;
            }
            start = -1;
        }
    }
    return out;
}

bool saysFix(const QString &subject)
{
    static const QRegularExpression words(u"\\b(fix|fixes|fixed|bug|bugfix|hotfix|error|crash|revert|wrong|broken|"
                                          u"fail|fails|failed|issue|incorrect|missing|compat\\w*)\\b"_s,
                                          QRegularExpression::CaseInsensitiveOption);
    return words.match(subject).hasMatch();
}

std::optional<ReleaseSet> ReleaseSet::parse(QStringView text, int releases)
{
    ReleaseSet out;
    if (text.isEmpty())
        return out;
    for (const QStringView part : text.split(u',')) {
        const qsizetype dash = part.indexOf(u'-');
        bool ok1 = false;
        bool ok2 = false;
        const int from = (dash < 0 ? part : part.left(dash)).toInt(&ok1);
        const int to = dash < 0 ? from : part.mid(dash + 1).toInt(&ok2);
        if (!ok1 || (dash >= 0 && !ok2) || from < 0 || to < from || to >= std::min(releases, kMax))
            return std::nullopt;
        for (int i = from; i <= to; ++i)
            out.add(i);
    }
    return out;
}

int ReleaseSet::first() const
{
    if (bits[0] != 0)
        return std::countr_zero(bits[0]);
    if (bits[1] != 0)
        return 64 + std::countr_zero(bits[1]);
    return -1;
}

int ReleaseSet::last() const
{
    if (bits[1] != 0)
        return 127 - std::countl_zero(bits[1]);
    if (bits[0] != 0)
        return 63 - std::countl_zero(bits[0]);
    return -1;
}

QStringList Message::pieces() const
{
    return splitTemplate(QString::fromUtf8(pattern));
}

Result<ComponentIndex> ComponentIndex::parse(const QByteArray &messagesJson, const QString &file)
{
    ComponentIndex index;
    JsonReader json(messagesJson);
    const auto failed = [&](const QString &what) {
        return broken(file, json.failed() ? Text::tr("%1 at byte %2").arg(json.error()).arg(json.errorOffset()) : what);
    };
    // sets and paths come before the messages and spans that refer to them (index.py writes them so)
    if (!json.beginObject())
        return failed(QString());
    QByteArrayView key;
    while (json.nextMember(key)) {
        bool handled = false;
        if (!readHeaderMember(json, key, index, handled))
            return failed(QString());
        if (handled)
            continue;
        if (key == "messages") {
            if (!json.beginArray())
                return failed(QString());
            while (json.nextElement()) {
                Message message;
                QByteArrayView text; // valid until the next read: copied at once
                const bool head = json.beginArray() && json.nextElement() && json.readString(text);
                if (head)
                    message.pattern = text.toByteArray();
                if (!head || !json.nextElement() || !json.readString(message.kind) || !json.nextElement()
                    || !json.readString(message.type) || !json.nextElement() || !json.readString(message.level)
                    || !json.nextElement())
                    return failed(Text::tr("messages[%1] is not [template, kind, type, level, sites].")
                                      .arg(index.messages.size()));
                // The sites are read when the message is found in a log (ComponentIndex::sites).
                const qsizetype begin = json.offset();
                if (!json.skipBrackets() || json.nextElement() || json.failed())
                    return failed(Text::tr("messages[%1] is not [template, kind, type, level, sites].")
                                      .arg(index.messages.size()));
                index.m_siteRanges.append({begin, json.offset() - begin});
                index.messages << std::move(message);
            }
            if (json.failed())
                return failed(QString());
        } else if (key == "spans") {
            // Read when a traceback needs them (most logs have none): keep where they are.
            index.m_spansBegin = json.offset();
            if (!json.skipBrackets())
                return failed(QString());
            index.m_spansEnd = json.offset();
        } else if (!json.skipValue()) {
            return failed(QString());
        }
    }
    if (json.failed() || !json.atEnd())
        return failed(Text::tr("text after the end of the index"));
    Error error;
    if (!checkHeader(index, file, error))
        return error;
    index.m_file = file;
    index.m_text = messagesJson;
    index.messagePaths = index.paths.size();
    index.messageFunctions = index.functions.size();
    return index;
}

const QHash<QPair<int, int>, QList<Span>> &ComponentIndex::spans() const
{
    const std::lock_guard lock(*m_lazy);
    if (m_spansRead)
        return m_spans;
    m_spansRead = true;
    JsonReader json(QByteArrayView(m_text).sliced(m_spansBegin, m_spansEnd - m_spansBegin));
    bool ok = json.beginArray();
    while (ok && json.nextElement()) {
        int path = 0;
        int function = 0;
        ok = json.beginArray() && json.nextElement() && readInt(json, path) && json.nextElement()
            && readInt(json, function) && json.nextElement() && json.beginArray();
        if (!ok || path >= paths.size() || function >= functions.size())
            break;
        QList<Span> &where = m_spans[{path, function}];
        while (ok && json.nextElement()) {
            Span span;
            ok = json.beginArray() && json.nextElement() && readInt(json, span.first) && json.nextElement()
                && readInt(json, span.last) && json.nextElement() && readInt(json, span.set) && !json.nextElement()
                && !json.failed() && span.set < sets.size();
            if (ok)
                where << span;
        }
        ok = ok && !json.failed() && !json.nextElement() && !json.failed();
    }
    if (!ok || json.failed()) {
        log::core()->warn("{}: its spans cannot be read ({}); tracebacks will not narrow its releases",
                          m_file.toStdString(), json.error().toStdString());
        m_spans.clear();
    }
    return m_spans;
}

const QList<Site> &ComponentIndex::sites(int message) const
{
    static const QList<Site> none;
    if (message < 0 || message >= m_siteRanges.size())
        return none;
    const std::lock_guard lock(*m_lazy);
    if (const auto found = m_sites.constFind(message); found != m_sites.constEnd())
        return *found;
    QList<Site> out;
    const auto [begin, size] = m_siteRanges.at(message);
    JsonReader json(QByteArrayView(m_text).sliced(begin, size));
    bool ok = json.beginArray();
    while (ok && json.nextElement()) {
        Site site;
        ok = json.beginArray() && json.nextElement() && readInt(json, site.path) && json.nextElement()
            && readInt(json, site.function) && json.nextElement() && json.readString(site.condition)
            && json.nextElement() && json.beginArray();
        while (ok && json.nextElement()) {
            int line = 0;
            int set = 0;
            ok = json.beginArray() && json.nextElement() && readInt(json, line) && json.nextElement()
                && readInt(json, set) && !json.nextElement() && !json.failed() && line >= 1 && set < sets.size();
            if (ok)
                site.lines.append({line, set});
        }
        ok = ok && !json.failed() && !json.nextElement() && !json.failed() && site.path < paths.size()
            && site.function < functions.size();
        if (ok)
            out << std::move(site);
    }
    if (!ok || json.failed()) {
        log::core()->warn("{}: the sites of messages[{}] cannot be read ({})", m_file.toStdString(), message,
                          json.error().toStdString());
        out.clear();
    }
    return *m_sites.emplace(message, std::move(out));
}

Status ComponentIndex::parseChanges(const QByteArray &changesJson, const QString &file)
{
    ComponentIndex header;
    JsonReader json(changesJson);
    const auto failed = [&](const QString &what) {
        return broken(file, json.failed() ? Text::tr("%1 at byte %2").arg(json.error()).arg(json.errorOffset()) : what);
    };
    QList<Change> out;
    names.clear();
    nameIndex.clear();
    // Identifiers, templates and subjects' words are kept once each: the same names recur in many changes.
    const auto intern = [&](QByteArrayView name) {
        const QByteArray key = QByteArray::fromRawData(name.data(), name.size());
        const auto found = nameIndex.constFind(key);
        if (found != nameIndex.constEnd())
            return *found;
        names << name.toByteArray();
        return *nameIndex.insert(names.constLast(), static_cast<int>(names.size() - 1));
    };
    if (!json.beginObject())
        return failed(QString());
    QByteArrayView key;
    while (json.nextMember(key)) {
        bool handled = false;
        if (!readHeaderMember(json, key, header, handled))
            return failed(QString());
        if (handled)
            continue;
        if (key != "fixes") {
            if (!json.skipValue())
                return failed(QString());
            continue;
        }
        if (header.commit != commit)
            return broken(file,
                          Text::tr("it was read at %1, its messages at %2: run scripts/upstream/index.py again.")
                              .arg(header.commit.left(10), commit.left(10)));
        if (header.paths.mid(0, paths.size()) != paths || header.functions.mid(0, functions.size()) != functions)
            return broken(file, Text::tr("its paths and functions do not extend its messages file's."));
        const auto inRange = [](int value, qsizetype size) { return value >= 0 && value < size; };
        const auto siteRefs = [&](QList<Change::SiteRef> &refs) {
            if (!json.beginArray())
                return false;
            while (json.nextElement()) {
                Change::SiteRef ref;
                QByteArrayView text;
                if (!json.beginArray() || !json.nextElement() || !readInt(json, ref.path) || !json.nextElement()
                    || !readInt(json, ref.function) || !json.nextElement() || !json.readString(text))
                    return false;
                ref.text = intern(text); // before the next read replaces the view
                if (json.nextElement() || json.failed() || !inRange(ref.path, header.paths.size())
                    || !inRange(ref.function, header.functions.size()))
                    return false;
                refs << ref;
            }
            return !json.failed();
        };
        const auto idRefs = [&](QList<int> &ids) {
            if (!json.beginArray())
                return false;
            while (json.nextElement()) {
                QByteArrayView id;
                if (!json.readString(id))
                    return false;
                ids << intern(id);
            }
            return !json.failed();
        };
        const auto byteLines = [&](QByteArrayList &lines) {
            if (!json.beginArray())
                return false;
            while (json.nextElement()) {
                QByteArrayView line;
                if (!json.readString(line))
                    return false;
                lines << line.toByteArray();
            }
            return !json.failed();
        };
        if (!json.beginArray())
            return failed(QString());
        while (json.nextElement()) {
            Change change;
            change.in = -1;
            if (!json.beginObject())
                return failed(QString());
            QByteArrayView member;
            bool ok = true;
            while (ok && json.nextMember(member)) {
                if (member == "sha")
                    ok = json.readString(change.sha);
                else if (member == "date")
                    ok = json.readString(change.date);
                else if (member == "subject")
                    ok = json.readString(change.subject);
                else if (member == "pr")
                    ok = readInt(json, change.pr);
                else if (member == "in")
                    ok = readInt(json, change.in);
                else if (member == "branch")
                    ok = (change.branch = true, json.skipValue());
                else if (member == "ids")
                    ok = idRefs(change.ids);
                else if (member == "lines")
                    ok = byteLines(change.lines);
                else if (member == "added")
                    ok = siteRefs(change.added);
                else if (member == "removed")
                    ok = siteRefs(change.removed);
                else if (member == "files") {
                    ok = json.beginArray();
                    while (ok && json.nextElement()) {
                        Change::File changed;
                        ok = json.beginArray() && json.nextElement() && readInt(json, changed.path)
                            && json.nextElement() && readInts(json, changed.functions) && json.nextElement()
                            && readInt(json, changed.added) && json.nextElement() && readInt(json, changed.removed)
                            && !json.nextElement() && !json.failed() && inRange(changed.path, header.paths.size())
                            && std::all_of(changed.functions.begin(), changed.functions.end(),
                                           [&](int f) { return inRange(f, header.functions.size()); });
                        if (ok)
                            change.files << changed;
                    }
                    ok = ok && !json.failed();
                } else {
                    ok = json.skipValue();
                }
            }
            if (!ok || json.failed() || change.sha.size() != 40 || !inRange(change.in, header.sets.size()))
                return failed(Text::tr("fixes[%1] needs a 40-digit \"sha\", a release set \"in\", and files, sites "
                                       "and names of the index's form.")
                                  .arg(out.size()));
            out << std::move(change);
        }
        if (json.failed())
            return failed(QString());
    }
    if (json.failed() || !json.atEnd())
        return failed(Text::tr("text after the end of the index"));
    paths = header.paths;
    functions = header.functions;
    sets = header.sets;
    m_named = false; // more paths and functions: the tables are made again
    changes = std::move(out);
    // What every failure compares changes by, worked out once: subjects' words and fix words.
    for (Change &change : changes) {
        for (const QString &word : subjectWords(change.subject))
            change.words << intern(word.toUtf8());
        change.saysFix = saysFix(change.subject);
    }
    idFrequency = QList<int>(names.size(), 0);
    subjectFrequency = QList<int>(names.size(), 0);
    for (const Change &change : std::as_const(changes)) {
        for (const int id : change.ids)
            ++idFrequency[id];
        for (const int word : change.words)
            ++subjectFrequency[word];
    }
    changesLoaded = true;
    return Done{};
}

void ComponentIndex::indexNames() const
{
    const std::lock_guard lock(*m_lazy);
    if (m_named)
        return;
    m_pathIndex.clear();
    m_functionIndex.clear();
    m_bareIndex.clear();
    m_bareOf.clear();
    m_pathIndex.reserve(paths.size());
    m_functionIndex.reserve(functions.size());
    for (qsizetype i = 0; i < paths.size(); ++i)
        m_pathIndex.insert(paths.at(i), static_cast<int>(i));
    for (qsizetype i = 0; i < functions.size(); ++i) {
        m_functionIndex.insert(functions.at(i), static_cast<int>(i));
        const QString bare = functions.at(i).section(u'.', -1);
        const auto found = m_bareIndex.constFind(bare);
        const int id = found != m_bareIndex.constEnd() ? *found : static_cast<int>(m_bareIndex.size());
        if (found == m_bareIndex.constEnd())
            m_bareIndex.insert(bare, id);
        m_bareOf << id;
    }
    m_named = true;
}

int ComponentIndex::bareName(int function) const
{
    indexNames();
    return m_bareOf.value(function, -1);
}

int ComponentIndex::bareNameOf(const QString &name) const
{
    indexNames();
    return m_bareIndex.value(name, -1);
}

int ComponentIndex::releaseOf(const QString &version) const
{
    const auto wanted = PyVersion::parse(version);
    for (qsizetype i = 0; i < releases.size(); ++i) {
        if (releases.at(i).version == version)
            return static_cast<int>(i);
        if (const auto v = PyVersion::parse(releases.at(i).version); wanted && v && v->compare(*wanted) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

namespace {

// The longest path below `limit` that the shown one ends with, starting at a folder boundary.
QString
repoPathBelow(const QHash<QString, int> &pathIndex, const QString &mount, const QString &shownPath, qsizetype limit)
{
    QString path = shownPath;
    path.replace(u'\\', u'/');
    const auto known
        = [&](const QString &tail) { return pathIndex.value(tail, -1) >= 0 && pathIndex.value(tail) < limit; };
    qsizetype slash = -1;
    do {
        QString tail = path.mid(slash + 1);
        if (known(tail))
            return tail;
        if (!mount.isEmpty() && tail.startsWith(mount) && known(tail.mid(mount.size())))
            return tail.mid(mount.size());
        slash = path.indexOf(u'/', slash + 1);
    } while (slash >= 0);
    return QString();
}

} // namespace

QString ComponentIndex::repoPath(const QString &shownPath) const
{
    indexNames();
    return repoPathBelow(m_pathIndex, mount, shownPath, paths.size());
}

QString ComponentIndex::messagesRepoPath(const QString &shownPath) const
{
    indexNames();
    return repoPathBelow(m_pathIndex, mount, shownPath, messagePaths);
}

int ComponentIndex::pathIndex(const QString &path) const
{
    indexNames();
    return m_pathIndex.value(path, -1);
}

int ComponentIndex::functionIndex(const QString &name) const
{
    indexNames();
    return m_functionIndex.value(name, -1);
}

QString ComponentIndex::lineUrl(int release, int path, int line) const
{
    if (path < 0 || path >= paths.size())
        return QString();
    const Release &at = releases.value(release, releases.constLast());
    const QString ref = at.tag.isEmpty() ? at.commit : at.tag;
    return url + u"/blob/"_s + ref + u'/' + paths.at(path) + (line > 0 ? u"#L"_s + QString::number(line) : QString());
}

QString ComponentIndex::commitUrl(const QString &sha) const
{
    return url + u"/commit/"_s + sha;
}

QString ComponentIndex::prUrl(int pr) const
{
    return pr > 0 ? url + u"/pull/"_s + QString::number(pr) : QString();
}

struct Upstream::Impl
{
    QString folder; // empty: the program's resources
    std::mutex mutex;
    QHash<QString, std::shared_ptr<ComponentIndex>> loaded;
    QHash<QString, QString> errors;
    QHash<QString, QSet<QByteArray>> idNames; // component → the identifiers its changes name

    QString fileOf(const QString &component, const QString &part) const
    {
        const QString name = component + u'.' + part + u".json"_s;
        return folder.isEmpty() ? u":/data/upstream/"_s + name : QDir(folder).filePath(name);
    }

    // A file of the program's resources in one piece (its size is known: no growing buffer), or of the
    // folder; nullopt when there is none.
    static std::optional<QByteArray> read(const QString &name)
    {
        if (name.startsWith(u':'))
            return resourceData(name);
        QFile file(name);
        if (!file.open(QIODevice::ReadOnly))
            return std::nullopt;
        return file.readAll();
    }

    ComponentIndex *load(const QString &component, bool withChanges)
    {
        const std::lock_guard lock(mutex);
        if (errors.contains(component))
            return nullptr;
        auto found = loaded.constFind(component);
        std::shared_ptr<ComponentIndex> index;
        if (found != loaded.constEnd()) {
            index = *found;
        } else {
            const QString name = fileOf(component, u"messages"_s);
            const std::optional<QByteArray> text = read(name);
            if (!text) {
                errors.insert(component, Text::tr("%1 has no message index (%2).").arg(component, name));
                return nullptr;
            }
            auto parsed = ComponentIndex::parse(*text, name);
            if (!parsed) {
                log::core()->warn("{}", parsed.error().message.toStdString());
                errors.insert(component, parsed.error().message);
                return nullptr;
            }
            index = std::make_shared<ComponentIndex>(*std::move(parsed));
            loaded.insert(component, index);
        }
        if (withChanges && !index->changesLoaded) {
            const QString name = fileOf(component, u"changes"_s);
            const std::optional<QByteArray> text = read(name);
            if (!text) {
                errors.insert(component, Text::tr("%1 has no index of changes (%2).").arg(component, name));
                return nullptr;
            }
            QElapsedTimer timer;
            timer.start();
            const Status status = index->parseChanges(*text, name);
            log::core()->debug("upstream: {} changes of {} read in {} ms", index->changes.size(),
                               component.toStdString(), timer.elapsed());
            if (!status) {
                log::core()->warn("{}", status.error().message.toStdString());
                errors.insert(component, status.error().message);
                return nullptr;
            }
        }
        return index.get();
    }
};

Upstream &Upstream::builtin()
{
    // Never destroyed: tens of thousands of parsed changes freed one by one at exit took a tenth of a
    // short analysis; the system takes the memory back in one piece.
    static auto *const instance = new Upstream(QString());
    return *instance;
}

Upstream::Upstream(QString folder)
    : m_impl(std::make_shared<Impl>())
{
    m_impl->folder = std::move(folder);
}

QStringList Upstream::components() const
{
    if (m_impl->folder.isEmpty())
        return builtinComponents();
    QStringList out;
    for (const QString &name : builtinComponents()) {
        if (QFile::exists(m_impl->fileOf(name, u"messages"_s)))
            out << name;
    }
    return out;
}

const ComponentIndex *Upstream::messages(const QString &component)
{
    return m_impl->load(component, false);
}

const ComponentIndex *Upstream::changes(const QString &component)
{
    return m_impl->load(component, true);
}

bool Upstream::changesName(const QString &component, const QStringList &names)
{
    if (names.isEmpty())
        return false;
    const std::lock_guard lock(m_impl->mutex);
    auto found = m_impl->idNames.find(component);
    if (found == m_impl->idNames.end()) {
        // Every identifier the changes name, from the "ids" arrays of the file's text, once.
        QSet<QByteArray> ids;
        if (const std::optional<QByteArray> text = Impl::read(m_impl->fileOf(component, u"changes"_s))) {
            static const QByteArray key = "\"ids\":[";
            for (qsizetype at = text->indexOf(key); at >= 0; at = text->indexOf(key, at)) {
                at += key.size();
                const qsizetype end = text->indexOf(']', at);
                if (end < 0)
                    break;
                for (const QByteArray &quoted : text->mid(at, end - at).split(','))
                    ids.insert(quoted.mid(1, quoted.size() - 2));
                at = end;
            }
        }
        found = m_impl->idNames.insert(component, ids);
    }
    return std::any_of(names.begin(), names.end(), [&](const QString &name) { return found->contains(name.toUtf8()); });
}

QStringList Upstream::errors() const
{
    const std::lock_guard lock(m_impl->mutex);
    return m_impl->errors.values();
}

} // namespace vna::upstream
