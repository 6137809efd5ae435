#include "interpreter.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <list>
#include <optional>
#include <utility>

#include <QHash>
#include <QSet>

#include "bash/arithmetic.h"
#include "bash/syntax.h"

using namespace Qt::StringLiterals;

namespace vna::shell {

namespace {

constexpr int kMaxLoopRuns = 8;       // a for loop over known words runs its body once per word up to this
constexpr qsizetype kMaxText = 65536; // longer values are not pattern-matched or edited, only passed on
constexpr int kMaxIndirection = 16;

// ---- values ----

struct Chunk
{
    QString text;     // known text, or how an unknown part was written
    int unknown = -1; // index into Interpreter::m_unknowns
    bool quoted = false;

    bool operator==(const Chunk &other) const = default;
};
using Text = std::vector<Chunk>;

bool isKnown(const Text &t)
{
    return std::all_of(t.begin(), t.end(), [](const Chunk &c) { return c.unknown < 0; });
}

QString plain(const Text &t)
{
    QString s;
    for (const Chunk &c : t)
        s += c.text;
    return s;
}

Text knownText(const QString &s, bool quoted = true)
{
    if (s.isEmpty())
        return {};
    return {Chunk{s, -1, quoted}};
}

void append(Text &to, const Text &from)
{
    for (const Chunk &c : from) {
        if (!to.empty() && to.back().unknown < 0 && c.unknown < 0 && to.back().quoted == c.quoted)
            to.back().text += c.text;
        else if (!c.text.isEmpty() || c.unknown >= 0)
            to.push_back(c);
    }
}

Text quotedCopy(Text t)
{
    for (Chunk &c : t)
        c.quoted = true;
    return t;
}

// A value as a variable holds it: plain text, whatever quoting produced it. How it is quoted where it
// is used decides whether it is split.
Text stored(Text t)
{
    for (Chunk &c : t)
        c.quoted = false;
    Text merged;
    append(merged, t);
    return merged;
}

struct Source
{
    qsizetype line = 0;
    qsizetype column = 0;
    QString raw;
};

struct Item
{
    Text text;
    Source source;
    bool spread = false; // stands for any number of items (the unknown tail of a merged array)

    bool operator==(const Item &other) const { return text == other.text && spread == other.spread; }
};

struct Var
{
    std::vector<Item> items; // a scalar has one
    bool array = false;
    bool exported = false;

    bool operator==(const Var &other) const { return items == other.items && array == other.array; }
};

enum class Stop : quint8 { None, Return, Exit };

// The exit status of the last command, as far as it is known: conditions that compare known values
// decide which branch runs.
enum class Status : quint8 { True, False, Unknown };

Status negate(Status s)
{
    return s == Status::True ? Status::False : s == Status::False ? Status::True : Status::Unknown;
}

Status statusOf(bool value)
{
    return value ? Status::True : Status::False;
}

struct State
{
    QHash<QString, Var> vars;
    QHash<QString, const Node *> functions;
    std::vector<Item> positional;
    bool positionalKnown = false; // false: the script's own arguments, unknown
    QString sourced;              // the last file sourced, if any
    Stop stop = Stop::None;
};

// bash's own variables: set for every script, their values only known when it runs.
bool isShellVariable(const QString &name)
{
    static const QSet<QString> names{u"HOME"_s,     u"PWD"_s,          u"OLDPWD"_s,    u"USER"_s,         u"LOGNAME"_s,
                                     u"HOSTNAME"_s, u"SHELL"_s,        u"PATH"_s,      u"RANDOM"_s,       u"SECONDS"_s,
                                     u"LINENO"_s,   u"BASH_SOURCE"_s,  u"BASHPID"_s,   u"PPID"_s,         u"UID"_s,
                                     u"EUID"_s,     u"BASH_VERSION"_s, u"FUNCNAME"_s,  u"IFS"_s,          u"HOSTTYPE"_s,
                                     u"OSTYPE"_s,   u"MACHTYPE"_s,     u"SHLVL"_s,     u"EPOCHSECONDS"_s, u"TERM"_s,
                                     u"LANG"_s,     u"BASH_LINENO"_s,  u"PIPESTATUS"_s};
    return names.contains(name);
}

// ---- glob patterns (case patterns, ${X#pattern} …) ----

struct PatternChar
{
    QChar c;
    bool literal = false;
};
using Pattern = std::vector<PatternChar>;

Pattern patternOf(const Text &t)
{
    Pattern p;
    for (const Chunk &c : t) {
        for (const QChar ch : c.text)
            p.push_back({ch, c.quoted});
    }
    return p;
}

// Matches s[si..] against p[pi..]; iterative with star backtracking, so it stays linear-ish.
bool matchBracket(const Pattern &p, qsizetype &pi, QChar ch)
{
    qsizetype i = pi + 1;
    bool negate = false;
    if (i < static_cast<qsizetype>(p.size()) && !p[i].literal && (p[i].c == u'!' || p[i].c == u'^')) {
        negate = true;
        ++i;
    }
    bool matched = false;
    bool first = true;
    for (; i < static_cast<qsizetype>(p.size()); ++i) {
        if (!p[i].literal && p[i].c == u']' && !first)
            break;
        first = false;
        if (i + 2 < static_cast<qsizetype>(p.size()) && p[i + 1].c == u'-'
            && !(p[i + 2].c == u']' && !p[i + 2].literal)) {
            if (ch >= p[i].c && ch <= p[i + 2].c)
                matched = true;
            i += 2;
        } else if (p[i].c == ch) {
            matched = true;
        }
    }
    if (i >= static_cast<qsizetype>(p.size()))
        return false; // no closing ']': then '[' is literal — handled by the caller
    pi = i + 1;
    return matched != negate;
}

bool hasClosingBracket(const Pattern &p, qsizetype pi)
{
    for (qsizetype i = pi + 2; i < static_cast<qsizetype>(p.size()); ++i) {
        if (!p[i].literal && p[i].c == u']')
            return true;
    }
    return false;
}

bool globMatch(const Pattern &p, QStringView s)
{
    qsizetype pi = 0;
    qsizetype si = 0;
    qsizetype starP = -1;
    qsizetype starS = 0;
    const auto size = static_cast<qsizetype>(p.size());
    while (si < s.size()) {
        if (pi < size && !p[pi].literal && p[pi].c == u'*') {
            starP = ++pi;
            starS = si;
            continue;
        }
        if (pi < size) {
            const PatternChar &pc = p[pi];
            if (!pc.literal && pc.c == u'?') {
                ++pi;
                ++si;
                continue;
            }
            if (!pc.literal && pc.c == u'[' && hasClosingBracket(p, pi)) {
                qsizetype next = pi;
                if (matchBracket(p, next, s[si])) {
                    pi = next;
                    ++si;
                    continue;
                }
            } else if (pc.c == s[si]) {
                ++pi;
                ++si;
                continue;
            }
        }
        if (starP < 0)
            return false;
        pi = starP;
        si = ++starS;
    }
    while (pi < size && !p[pi].literal && p[pi].c == u'*')
        ++pi;
    return pi == size;
}

// ---- the interpreter ----

struct FieldBuf
{
    Text text;
    bool started = false; // has content, even an empty quoted string
    bool glob = false;
    bool spread = false;
};

// One word after expansion, before it is handed out as a Field.
struct Expanded
{
    Text text;
    Source source;
    bool glob = false;
    bool spread = false;
    bool braceExpanded = false;
    QString unexpanded;

    bool known() const { return isKnown(text) && !spread; }
    QString plainText() const { return plain(text); }
};

class Interpreter
{
public:
    explicit Interpreter(const QString &script)
        : m_text{&script}
    {
        // zsh reads the same launch commands, but a glob that matches nothing is an error there.
        const QString first = script.section(u'\n', 0, 0);
        if (first.startsWith(u"#!") && first.contains(u"zsh"))
            m_run.unmatchedGlobFails = true;
        m_run.windowsLineEnds = script.contains(u"\r\n"_s);
    }

    Run run(const Program &program)
    {
        block(program);
        // Functions the script defines but never calls: their commands are still read, once, with
        // unknown arguments, so a launch inside one is checked.
        const State after = m_state;
        const QList<QString> names = m_defined;
        for (const QString &name : names) {
            if (m_called.contains(name))
                continue;
            const auto it = after.functions.constFind(name);
            if (it == after.functions.constEnd())
                continue;
            m_state = after;
            m_state.stop = Stop::None;
            m_state.positional.clear();
            m_state.positionalKnown = false;
            call(name, **it, {}, false);
        }
        return m_run;
    }

private:
    // ---- unknown values ----

    int unknown(const QString &name, Origin origin)
    {
        m_unknowns.push_back(Unknown{name, origin, 0, 0});
        return static_cast<int>(m_unknowns.size() - 1);
    }

    Text unknownText(const QString &name, Origin origin, const QString &written, bool quoted)
    {
        return {Chunk{written, unknown(name, origin), quoted}};
    }

    Origin unsetOrigin(const QString &name) const
    {
        if (isShellVariable(name))
            return Origin::Shell;
        if (!m_state.sourced.isEmpty())
            return Origin::Sourced;
        return Origin::Outside;
    }

    // The variable's value for "this is not known", keeping why.
    Text opaque(const QString &name, const QString &written, bool quoted)
    {
        return unknownText(name, Origin::Script, written, quoted);
    }

    // ---- control flow ----

    bool budget()
    {
        if (++m_steps > kMaxSteps || m_run.commands.size() >= kMaxCommands) {
            m_run.truncated = true;
            return false;
        }
        return true;
    }

    void block(const std::vector<Node> &nodes)
    {
        for (const Node &node : nodes) {
            if (m_state.stop != Stop::None || !budget())
                return;
            // a && b runs b only after a succeeded, a || b only after it failed; when that is not known,
            // both outcomes are followed.
            const bool conditional = node.link == Node::Link::And || node.link == Node::Link::Or;
            const Status runsOn = node.link == Node::Link::And ? Status::True : Status::False;
            if (conditional && m_status != runsOn && m_status != Status::Unknown)
                continue;
            if (conditional && m_status == Status::Unknown) {
                std::vector<State> paths{m_state};
                exec(node);
                paths.push_back(m_state);
                merge(paths);
                m_status = Status::Unknown;
            } else {
                exec(node);
            }
            if (node.negated)
                m_status = negate(m_status);
        }
    }

    // The state after one of several paths ran: values that differ become unknown.
    void merge(std::vector<State> &paths)
    {
        std::vector<State *> live;
        for (State &s : paths) {
            if (s.stop != Stop::Exit)
                live.push_back(&s);
        }
        if (live.empty()) {
            m_state = paths.front();
            m_state.stop = Stop::Exit;
            return;
        }
        State merged = *live.front();
        merged.stop = std::all_of(live.begin(), live.end(), [](const State *s) { return s->stop == Stop::Return; })
            ? Stop::Return
            : Stop::None;
        QSet<QString> names;
        for (const State *s : live) {
            for (auto it = s->vars.cbegin(); it != s->vars.cend(); ++it)
                names.insert(it.key());
            for (auto it = s->functions.cbegin(); it != s->functions.cend(); ++it)
                merged.functions.insert(it.key(), it.value());
            if (!s->sourced.isEmpty())
                merged.sourced = s->sourced;
        }
        for (const QString &name : std::as_const(names)) {
            const auto first = live.front()->vars.constFind(name);
            bool same = first != live.front()->vars.constEnd();
            for (const State *s : live) {
                const auto it = s->vars.constFind(name);
                if (!same || it == s->vars.constEnd() || !(*it == *first)) {
                    same = false;
                    break;
                }
            }
            if (same)
                continue;
            Var var;
            var.exported = first != live.front()->vars.constEnd() && first->exported;
            const bool arrays = std::all_of(live.begin(), live.end(), [&name](const State *s) {
                const auto it = s->vars.constFind(name);
                return it != s->vars.constEnd() && it->array;
            });
            if (arrays) {
                // Arrays that branches extend differently: the items all of them start with are
                // known; what follows is any number of items.
                var.array = true;
                const std::vector<Item> &base = live.front()->vars.value(name).items;
                size_t common = base.size();
                for (const State *s : live) {
                    const std::vector<Item> &items = s->vars.value(name).items;
                    size_t k = 0;
                    while (k < common && k < items.size() && items[k] == base[k])
                        ++k;
                    common = k;
                }
                var.items.assign(base.begin(), base.begin() + static_cast<qsizetype>(common));
                var.items.push_back({opaque(name, u"${"_s + name + u"[@]}"_s, false), {}, true});
            } else {
                var.items.push_back({opaque(name, u'$' + name, false), {}});
            }
            merged.vars.insert(name, var);
        }
        for (const State *s : live) {
            if (s->positionalKnown != merged.positionalKnown || !(s->positional == merged.positional)) {
                merged.positionalKnown = false;
                merged.positional.clear();
            }
        }
        m_state = merged;
    }

    void exec(const Node &node)
    {
        switch (node.kind) {
        case Node::Kind::Simple:
            simple(node);
            return;
        case Node::Kind::If: {
            // blocks: condition, body, [condition, body]…, [else]. A condition whose outcome is known
            // takes its branch alone, as bash does.
            const size_t pairs = (node.blocks.size() - (node.hasElse ? 1 : 0)) / 2;
            std::vector<State> paths;
            for (size_t i = 0; i < pairs; ++i) {
                block(node.blocks[2 * i]); // each condition runs on the way to the later branches
                if (m_state.stop != Stop::None)
                    break;
                if (m_status == Status::False)
                    continue;
                if (m_status == Status::True) {
                    block(node.blocks[2 * i + 1]);
                    paths.push_back(m_state);
                    merge(paths);
                    m_status = Status::Unknown;
                    return;
                }
                const State before = m_state;
                block(node.blocks[2 * i + 1]);
                paths.push_back(m_state);
                m_state = before;
            }
            if (node.hasElse && m_state.stop == Stop::None)
                block(node.blocks.back());
            paths.push_back(m_state); // the else branch, or no branch taken
            merge(paths);
            m_status = Status::Unknown;
            return;
        }
        case Node::Kind::For:
            forLoop(node);
            return;
        case Node::Kind::ArithFor: {
            if (!node.arith.empty())
                arithmetic(node.arith[0]);
            loopOnce(node.blocks.empty() ? nullptr : &node.blocks[0], nullptr);
            return;
        }
        case Node::Kind::While:
        case Node::Kind::Until: {
            if (!node.blocks.empty())
                block(node.blocks[0]);
            const Status stays = node.kind == Node::Kind::While ? Status::False : Status::True;
            if (m_status != stays) // a loop whose condition is known to fail at once never runs
                loopOnce(node.blocks.size() > 1 ? &node.blocks[1] : nullptr, nullptr);
            m_status = Status::Unknown;
            return;
        }
        case Node::Kind::Case:
            caseCommand(node);
            return;
        case Node::Kind::Group:
            if (!node.blocks.empty())
                block(node.blocks[0]);
            return;
        case Node::Kind::Subshell: {
            const State before = m_state;
            if (!node.blocks.empty())
                block(node.blocks[0]);
            m_state = before; // nothing a subshell sets outlives it
            return;
        }
        case Node::Kind::Function:
            m_state.functions.insert(node.name, &node);
            if (!m_defined.contains(node.name))
                m_defined << node.name;
            return;
        case Node::Kind::Arith: {
            const auto value = node.arith.empty() ? std::nullopt : arithmetic(node.arith[0]);
            m_status = value ? statusOf(*value != 0) : Status::Unknown;
            return;
        }
        case Node::Kind::Condition: {
            QList<Operand> operands;
            for (const Word &w : node.words) {
                const auto fields = expandWord(w);
                if (fields.size() != 1) {
                    operands.append(Operand{std::nullopt, {}});
                    continue;
                }
                operands.append(operandOf(fields.front()));
            }
            m_status = condition(operands, true);
            return;
        }
        }
    }

    // A loop body runs zero or more times: run it once and merge with not running it.
    void loopOnce(const std::vector<Node> *body, const std::function<void()> &before)
    {
        std::vector<State> paths{m_state};
        if (before)
            before();
        if (body)
            block(*body);
        if (m_state.stop == Stop::Exit)
            m_state.stop = Stop::None; // exit inside a loop is usually an error path
        paths.push_back(m_state);
        merge(paths);
    }

    void forLoop(const Node &node)
    {
        std::vector<Expanded> words;
        if (node.hasList) {
            for (const Word &w : node.words) {
                for (Expanded &e : expandWord(w))
                    words.push_back(std::move(e));
            }
        }
        const std::vector<Node> *body = node.blocks.empty() ? nullptr : &node.blocks[0];
        const bool allKnown
            = node.hasList && std::all_of(words.begin(), words.end(), [](const Expanded &e) { return e.known(); });
        if (allKnown && !words.empty() && words.size() <= static_cast<size_t>(kMaxLoopRuns)) {
            // Known words: the body runs once per word, in order, as bash runs it.
            for (const Expanded &e : words) {
                setScalar(node.name, e.text, e.source);
                if (body)
                    block(*body);
                if (m_state.stop != Stop::None)
                    break;
            }
            return;
        }
        loopOnce(body, [this, &node] { setScalar(node.name, opaque(node.name, u'$' + node.name, false), {}); });
    }

    void caseCommand(const Node &node)
    {
        Text subject;
        if (!node.words.empty())
            subject = expandText(node.words.front().parts, false);
        // With a known subject and known patterns, the arm bash takes is known.
        if (isKnown(subject)) {
            const QString value = plain(subject);
            bool decidable = true;
            for (const CaseArm &arm : node.arms) {
                bool matched = false;
                for (const Word &pattern : arm.patterns) {
                    const Text p = expandText(pattern.parts, false);
                    if (!isKnown(p)) {
                        decidable = false;
                        break;
                    }
                    if (globMatch(patternOf(p), value)) {
                        matched = true;
                        break;
                    }
                }
                if (!decidable || (matched && arm.fallsThrough))
                    break;
                if (matched) {
                    block(arm.body);
                    return;
                }
            }
            if (decidable
                && std::none_of(node.arms.begin(), node.arms.end(), [](const CaseArm &a) { return a.fallsThrough; }))
                return; // no arm matches
        }
        std::vector<State> paths;
        const State before = m_state;
        for (const CaseArm &arm : node.arms) {
            m_state = before;
            block(arm.body);
            paths.push_back(m_state);
        }
        paths.push_back(before);
        merge(paths);
    }

    // ---- simple commands ----

    void setScalar(const QString &name, Text value, Source source, bool exported = false)
    {
        Var &var = m_state.vars[name];
        var.items = {Item{stored(std::move(value)), std::move(source)}};
        var.array = false;
        var.exported = var.exported || exported;
    }

    Source sourceOf(const Word &w) const
    {
        return Source{w.at.line, w.at.column, m_text->mid(w.at.offset, w.end - w.at.offset)};
    }

    std::optional<qint64> subscript(const Parts &index)
    {
        const Text t = expandText(index, true);
        if (!isKnown(t))
            return std::nullopt;
        return evaluate(plain(t));
    }

    // Runs an assignment; the value it gave, for the record.
    Assigned assign(const Assignment &a, bool exported)
    {
        Assigned record;
        record.name = a.name;
        record.line = a.at.line;
        record.column = a.at.column;
        record.exported = exported || m_state.vars.value(a.name).exported;
        if (a.array) {
            std::vector<Item> items;
            for (const Assignment::Element &element : a.elements) {
                for (Expanded &e : expandWord(element.value))
                    items.push_back(Item{stored(std::move(e.text)), std::move(e.source)});
            }
            Var &var = m_state.vars[a.name];
            if (a.append && var.array)
                var.items.insert(var.items.end(), items.begin(), items.end());
            else
                var.items = std::move(items);
            var.array = true;
            var.exported = var.exported || exported;
            record.value.text = u"("_s + m_text->mid(a.at.offset, a.end - a.at.offset).section(u'(', 1);
            record.value.line = a.at.line;
            record.value.column = a.at.column;
            return record;
        }
        Text value = stored(expandText(a.value.parts, false));
        Var &var = m_state.vars[a.name];
        if (a.hasIndex) {
            const auto index = subscript(a.index);
            var.array = true;
            if (!index || *index < 0 || *index > kMaxFields) {
                var.items = {Item{opaque(a.name, u'$' + a.name, false), {}}};
            } else {
                if (var.items.size() <= static_cast<size_t>(*index))
                    var.items.resize(static_cast<size_t>(*index) + 1);
                Item &item = var.items[static_cast<size_t>(*index)];
                if (a.append)
                    append(item.text, value);
                else
                    item.text = value;
                item.source = sourceOf(a.value);
            }
        } else if (a.append && !var.items.empty()) {
            append(var.items.front().text, value);
        } else {
            var.items = {Item{value, sourceOf(a.value)}};
            var.array = false;
        }
        var.exported = var.exported || exported;
        Expanded shown;
        shown.text = var.items.empty() ? Text{} : var.items.front().text;
        shown.source = sourceOf(a.value);
        record.value = toField(shown);
        return record;
    }

    void simple(const Node &node)
    {
        std::vector<Expanded> words;
        for (const Word &w : node.words) {
            for (Expanded &e : expandWord(w))
                words.push_back(std::move(e));
            if (words.size() > static_cast<size_t>(kMaxFields)) {
                words.resize(static_cast<size_t>(kMaxFields));
                m_run.truncated = true; // said in the report: the rest of the command was not read
                break;
            }
        }
        Executed executed;
        executed.line = node.at.line;
        executed.column = node.at.column;
        executed.function = m_function;
        const QString program = words.empty() || !words.front().known() ? QString() : words.front().plainText();

        if (words.empty()) {
            for (const Assignment &a : node.assignments)
                executed.assignments << assign(a, false);
            if (!executed.assignments.isEmpty())
                m_run.commands << executed;
            m_status = Status::True;
            return;
        }
        m_status = Status::Unknown;

        // NAME=value before a command: for that command only (but they stay after a function call).
        // Only then is the table copied: a copy kept alive would make every later change copy it again.
        QHash<QString, Var> withPrefix;
        if (!node.assignments.empty()) {
            QHash<QString, Var> before = m_state.vars;
            for (const Assignment &a : node.assignments)
                executed.assignments << assign(a, true);
            withPrefix = std::exchange(m_state.vars, std::move(before));
        }

        static const QStringList declarations{u"export"_s, u"declare"_s, u"typeset"_s, u"local"_s, u"readonly"_s};
        if (declarations.contains(program)) {
            bool exportAll = program == u"export";
            bool arrays = false;
            for (size_t i = 1; i < words.size(); ++i) {
                const QString w = words[i].plainText();
                if (w.startsWith(u'-') && words[i].known()) {
                    if (program == u"export" && w.contains(u'n'))
                        exportAll = false;
                    else if (w.contains(u'x'))
                        exportAll = true;
                    arrays = arrays || w.contains(u'a') || w.contains(u'A');
                    continue;
                }
                if (!w.contains(u'=') && words[i].known()) {
                    Var &var = m_state.vars[w]; // declared without a value
                    var.exported = var.exported || exportAll;
                    var.array = var.array || arrays;
                }
            }
            for (const Assignment &a : node.declared)
                executed.assignments << assign(a, exportAll);
        }
        for (const Expanded &e : words)
            executed.words << toField(e);
        m_run.commands << executed;

        if (program.isEmpty())
            return;
        const auto function = m_state.functions.constFind(program);
        if (function != m_state.functions.constEnd()) {
            if (!node.assignments.empty())
                m_state.vars = std::move(withPrefix);
            call(program, **function, std::vector<Expanded>(words.begin() + 1, words.end()), true);
            return;
        }
        builtin(program, words);
    }

    void call(const QString &name, const Node &function, const std::vector<Expanded> &args, bool known)
    {
        if (m_depth >= kMaxCallDepth) {
            m_run.truncated = true;
            return;
        }
        m_called.insert(name);
        const std::vector<Item> positional = m_state.positional;
        const bool positionalKnown = m_state.positionalKnown;
        m_state.positional.clear();
        m_state.positionalKnown
            = known && std::none_of(args.begin(), args.end(), [](const Expanded &e) { return e.spread; });
        for (const Expanded &e : args)
            m_state.positional.push_back({stored(e.text), e.source});
        const QString outer = m_function;
        m_function = name;
        ++m_depth;
        if (!function.blocks.empty())
            block(function.blocks[0]);
        --m_depth;
        m_function = outer;
        if (m_state.stop == Stop::Return)
            m_state.stop = Stop::None;
        m_state.positional = positional;
        m_state.positionalKnown = positionalKnown;
    }

    void builtin(const QString &program, const std::vector<Expanded> &words)
    {
        const auto args = [&words](size_t from) {
            QStringList list;
            for (size_t i = from; i < words.size(); ++i)
                list << words[i].plainText();
            return list;
        };
        if (program == u"true" || program == u":") {
            m_status = Status::True;
        } else if (program == u"false") {
            m_status = Status::False;
        } else if (program == u"test" || program == u"[") {
            QList<Operand> operands;
            const size_t end = program == u"[" && words.size() > 1 && words.back().plainText() == u"]"
                ? words.size() - 1
                : words.size();
            for (size_t i = 1; i < end; ++i)
                operands.append(operandOf(words[i]));
            m_status = condition(operands, false);
        } else if (program == u"exit") {
            m_state.stop = Stop::Exit;
        } else if (program == u"return") {
            m_state.stop = Stop::Return;
        } else if (program == u"source" || program == u".") {
            const QString file = words.size() > 1 ? words[1].plainText() : QString();
            if (!m_run.sourced.contains(file))
                m_run.sourced << file;
            m_state.sourced = file;
        } else if (program == u"unset") {
            bool functions = false;
            for (const QString &name : args(1)) {
                if (name == u"-f")
                    functions = true;
                else if (name.startsWith(u'-'))
                    continue;
                else if (functions)
                    m_state.functions.remove(name);
                else
                    m_state.vars.remove(name);
            }
        } else if (program == u"set") {
            const QStringList list = args(1);
            qsizetype i = 0;
            for (; i < list.size(); ++i) {
                if (list[i] == u"--") {
                    ++i;
                    break;
                }
                if (!list[i].startsWith(u'-') && !list[i].startsWith(u'+'))
                    break;
                if (list[i].contains(u'o')) // -o pipefail, -euo pipefail: the option's name follows
                    ++i;
            }
            if (i < list.size() || list.contains(u"--"_s)) {
                m_state.positional.clear();
                m_state.positionalKnown = true;
                for (size_t j = static_cast<size_t>(i) + 1; j < words.size(); ++j) {
                    m_state.positionalKnown = m_state.positionalKnown && !words[j].spread;
                    m_state.positional.push_back({stored(words[j].text), words[j].source});
                }
            }
        } else if (program == u"shift") {
            const qint64 n = words.size() > 1 ? words[1].plainText().toLongLong() : 1;
            if (m_state.positionalKnown && n > 0)
                m_state.positional.erase(m_state.positional.begin(),
                                         m_state.positional.begin()
                                             + std::min<qint64>(n, static_cast<qint64>(m_state.positional.size())));
        } else if (program == u"shopt") {
            const QStringList list = args(1);
            if (list.contains(u"-s"_s) && (list.contains(u"failglob"_s) || list.contains(u"nullglob"_s)))
                m_run.unmatchedGlobFails = true;
        } else if (program == u"read" || program == u"getopts" || program == u"mapfile" || program == u"readarray") {
            const QStringList list = args(1);
            for (qsizetype i = 0; i < list.size(); ++i) {
                const QString &a = list[i];
                if (a == u"-a" && i + 1 < list.size()) {
                    setScalar(list[i + 1], opaque(list[i + 1], u'$' + list[i + 1], false), {});
                    m_state.vars[list[i + 1]].array = true;
                    ++i;
                } else if ((a == u"-p" || a == u"-d" || a == u"-t" || a == u"-n" || a == u"-N" || a == u"-u"
                            || a == u"-i" || a == u"-C" || a == u"-c" || a == u"-O" || a == u"-s")
                           && i + 1 < list.size()) {
                    ++i;
                } else if (!a.startsWith(u'-') && !(program == u"getopts" && i == 0)) {
                    setScalar(a, opaque(a, u'$' + a, false), {});
                }
            }
            if (program == u"mapfile" || program == u"readarray") {
                const QString name = list.isEmpty() || list.last().startsWith(u'-') ? u"MAPFILE"_s : list.last();
                setScalar(name, opaque(name, u'$' + name, false), {});
                m_state.vars[name].array = true;
            }
        } else if (program == u"printf") {
            const QStringList list = args(1);
            const qsizetype v = list.indexOf(u"-v"_s);
            if (v >= 0 && v + 1 < list.size())
                setScalar(list[v + 1], opaque(list[v + 1], u'$' + list[v + 1], false), {});
        } else if (program == u"let") {
            for (size_t i = 1; i < words.size(); ++i) {
                if (words[i].known())
                    (void)evaluate(words[i].plainText());
            }
        } else if (program == u"eval") {
            // eval of known text runs it; of anything else, nothing can be said.
            bool all = words.size() > 1;
            for (size_t i = 1; i < words.size(); ++i)
                all = all && words[i].known();
            if (all && m_depth >= kMaxCallDepth)
                m_run.truncated = true;
            else if (all)
                eval(args(1).join(u' '), words.front().source);
        }
    }

    // The commands of an eval keep the place of the eval itself.
    void eval(const QString &text, const Source &at)
    {
        m_evalTexts.push_back(text);
        auto program = parse(m_evalTexts.back());
        if (!program)
            return;
        m_evalPrograms.push_back(std::move(*program));
        const QString *outer = m_text;
        m_text = &m_evalTexts.back();
        const qsizetype first = m_run.commands.size();
        ++m_depth;
        block(m_evalPrograms.back());
        --m_depth;
        m_text = outer;
        for (qsizetype i = first; i < m_run.commands.size(); ++i) {
            Executed &executed = m_run.commands[i];
            executed.line = at.line;
            executed.column = at.column;
            for (Field &f : executed.words) {
                f.line = at.line;
                f.column = at.column;
                f.source = at.raw;
            }
        }
    }

    // ---- arithmetic ----

    std::optional<qint64> evaluate(const QString &expression, int depth = 0)
    {
        ArithmeticScope scope;
        scope.read = [this, depth](const QString &name) -> std::optional<qint64> {
            const auto it = m_state.vars.constFind(name);
            if (it == m_state.vars.constEnd() || it->items.empty())
                return std::nullopt;
            const Text &t = it->items.front().text;
            if (!isKnown(t))
                return std::nullopt;
            const QString value = plain(t).trimmed();
            if (value.isEmpty())
                return 0;
            bool ok = false;
            const qint64 n = value.toLongLong(&ok);
            if (ok)
                return n;
            if (depth >= kMaxIndirection)
                return std::nullopt;
            return evaluate(value, depth + 1); // bash evaluates a variable's text as an expression
        };
        scope.write = [this](const QString &name, std::optional<qint64> value) {
            setScalar(name, value ? knownText(QString::number(*value)) : opaque(name, u'$' + name, false), {});
        };
        return evaluateArithmetic(expression, scope);
    }

    std::optional<qint64> arithmetic(const Parts &expression)
    {
        const Text t = expandText(expression, true);
        return isKnown(t) ? evaluate(plain(t)) : std::nullopt;
    }

    // ---- test, [ and [[ ]] ----

    // A word of a condition: its text when known. A variable from outside is not assumed empty here:
    // scripts test "[ -z \"$MODEL\" ] && exit 1" for values the user is expected to give.
    struct Operand
    {
        std::optional<QString> text;
        Text value; // for [[ == ]] patterns: which parts were quoted
    };

    static Operand operandOf(const Expanded &e)
    {
        if (e.spread || !isKnown(e.text))
            return Operand{std::nullopt, e.text};
        return Operand{plain(e.text), e.text};
    }

    static std::optional<qint64> integer(const std::optional<QString> &text)
    {
        if (!text)
            return std::nullopt;
        bool ok = false;
        const qint64 n = text->trimmed().toLongLong(&ok);
        return ok ? std::optional(n) : std::nullopt;
    }

    // test / [ … ] (patterns: false) and [[ … ]] (patterns: true) over expanded words.
    Status condition(const QList<Operand> &args, bool patterns) const
    {
        // [[ a && b || c ]]: || binds loosest, then &&, then !.
        for (const QString &op : {u"||"_s, u"&&"_s}) {
            if (!patterns)
                break;
            for (qsizetype i = args.size() - 1; i > 0; --i) {
                if (args[i].text != op)
                    continue;
                const Status left = condition(args.mid(0, i), patterns);
                const Status right = condition(args.mid(i + 1), patterns);
                if (op == u"||")
                    return left == Status::True || right == Status::True  ? Status::True
                        : left == Status::False && right == Status::False ? Status::False
                                                                          : Status::Unknown;
                return left == Status::False || right == Status::False ? Status::False
                    : left == Status::True && right == Status::True    ? Status::True
                                                                       : Status::Unknown;
            }
        }
        if (!args.isEmpty() && args.first().text == u"!")
            return negate(condition(args.mid(1), patterns));
        if (args.isEmpty())
            return Status::False;
        if (args.size() == 1)
            return args[0].text ? statusOf(!args[0].text->isEmpty()) : Status::Unknown;
        if (args.size() == 2) {
            const auto &op = args[0].text;
            if (op == u"-z" || op == u"-n") {
                if (!args[1].text)
                    return Status::Unknown;
                return statusOf(args[1].text->isEmpty() == (op == u"-z"));
            }
            return Status::Unknown; // file tests and the like: only known when it runs
        }
        if (args.size() == 3 && args[1].text) {
            const QString op = *args[1].text;
            const auto &a = args[0].text;
            const auto &b = args[2].text;
            if (op == u"=" || op == u"==" || op == u"!=") {
                if (!a || !b)
                    return Status::Unknown;
                const bool equal = patterns ? globMatch(patternOf(args[2].value), *a) : *a == *b;
                return statusOf(equal != (op == u"!="));
            }
            static const QStringList numeric{u"-eq"_s, u"-ne"_s, u"-gt"_s, u"-ge"_s, u"-lt"_s, u"-le"_s};
            if (numeric.contains(op)) {
                const auto x = integer(a);
                const auto y = integer(b);
                if (!x || !y)
                    return Status::Unknown;
                const bool r = op == u"-eq" ? *x == *y
                    : op == u"-ne"          ? *x != *y
                    : op == u"-gt"          ? *x > *y
                    : op == u"-ge"          ? *x >= *y
                    : op == u"-lt"          ? *x < *y
                                            : *x <= *y;
                return statusOf(r);
            }
        }
        return Status::Unknown;
    }

    // ---- expansion ----

    struct Looked
    {
        std::vector<Item> items;
        bool set = true;
        bool multi = false;  // "$@", "${X[@]}": one word per item
        bool spread = false; // an unknown number of words
        Origin origin = Origin::Outside;
    };

    Looked lookup(const Part &p, int depth = 0)
    {
        Looked result;
        const QString &name = p.name;
        const bool braced = p.at.offset + 1 < m_text->size() && m_text->at(p.at.offset + 1) == u'{';
        const QString written = braced || p.hasIndex ? QString(u"${"_s + name + u"}"_s) : QString(u"$"_s + name);
        if (name == u"@" || name == u"*") {
            if (!m_state.positionalKnown) {
                result.items.push_back({unknownText(name, Origin::Argument, written, false), {}});
                result.spread = true;
                result.multi = name == u"@";
                return result;
            }
            result.items = m_state.positional;
            result.multi = true;
            return result;
        }
        if (name == u"#") {
            if (!m_state.positionalKnown)
                result.items.push_back({unknownText(name, Origin::Argument, written, false), {}});
            else
                result.items.push_back({knownText(QString::number(m_state.positional.size())), {}});
            return result;
        }
        if (name.size() == 1 && (name == u"?" || name == u"$" || name == u"!" || name == u"-" || name == u"0")) {
            result.items.push_back({unknownText(name, Origin::Shell, written, false), {}});
            return result;
        }
        if (!name.isEmpty() && name.at(0).isDigit()) {
            const qsizetype n = name.toLongLong();
            if (!m_state.positionalKnown) {
                result.items.push_back({unknownText(name, Origin::Argument, written, false), {}});
                result.set = false;
                result.origin = Origin::Argument;
                return result;
            }
            if (n >= 1 && n <= static_cast<qsizetype>(m_state.positional.size()))
                result.items.push_back(m_state.positional[static_cast<size_t>(n - 1)]);
            else
                result.set = false;
            return result;
        }
        const auto it = m_state.vars.constFind(name);
        if (it == m_state.vars.constEnd() || (it->items.empty() && !it->array)) {
            const Origin origin = unsetOrigin(name);
            result.origin = origin;
            result.items.push_back({unknownText(name, origin, written, false), {}});
            result.set = origin == Origin::Shell; // bash's own variables are always set
            if (p.hasIndex) {
                const Text index = expandText(p.index, true);
                if (plain(index) == u"@" || plain(index) == u"*") {
                    result.multi = plain(index) == u"@";
                    result.spread = true;
                }
            }
            return result;
        }
        const Var &var = *it;
        if (p.indirect && depth < kMaxIndirection) {
            const Text target = var.items.empty() ? Text{} : var.items.front().text;
            if (!isKnown(target)) {
                result.items.push_back({opaque(name, written, false), {}});
                return result;
            }
            Part indirect = p;
            indirect.indirect = false;
            indirect.name = plain(target);
            return lookup(indirect, depth + 1);
        }
        if (p.hasIndex) {
            const Text index = expandText(p.index, true);
            if (isKnown(index) && (plain(index) == u"@" || plain(index) == u"*")) {
                result.items = var.items;
                result.multi = true;
                if (var.items.size() == 1 && !isKnown(var.items.front().text) && var.items.front().text.size() == 1) {
                    // The whole array is unknown: any number of words.
                    const Chunk &c = var.items.front().text.front();
                    result.spread
                        = c.unknown >= 0 && m_unknowns[static_cast<size_t>(c.unknown)].origin == Origin::Script;
                }
                return result;
            }
            const auto i = isKnown(index) ? evaluate(plain(index)) : std::nullopt;
            if (!i) {
                result.items.push_back({opaque(name, written, false), {}});
                return result;
            }
            const qint64 at = *i < 0 ? static_cast<qint64>(var.items.size()) + *i : *i;
            if (at >= 0 && at < static_cast<qint64>(var.items.size()))
                result.items.push_back(var.items[static_cast<size_t>(at)]);
            else
                result.set = false;
            return result;
        }
        if (!var.items.empty())
            result.items.push_back(var.items.front());
        else
            result.set = false;
        return result;
    }

    static Text join(const std::vector<Item> &items, const QString &separator)
    {
        Text t;
        for (size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                append(t, knownText(separator));
            append(t, items[i].text);
        }
        return t;
    }

    // The origin to report when an operation on a value makes it unknown: the value's own.
    Text unknownLike(const Text &base, const QString &name, const QString &written)
    {
        for (const Chunk &c : base) {
            if (c.unknown >= 0) {
                const Unknown &u = m_unknowns[static_cast<size_t>(c.unknown)];
                return unknownText(u.name, u.origin, written, false);
            }
        }
        return opaque(name, written, false);
    }

    static QString writtenOf(const Part &p)
    {
        // How an unknown ${NAME op …} shows: its name is what the reader needs.
        return u"${"_s + p.name + u"…}"_s;
    }

    // A parameter expansion: the items it yields (several for "$@" / "${X[@]}").
    Looked parameter(const Part &p, bool quoted)
    {
        Looked base = lookup(p);
        const bool empty = base.items.empty()
            || (base.items.size() == 1 && isKnown(base.items.front().text) && plain(base.items.front().text).isEmpty());
        const bool unset = !base.set || (base.multi && base.items.empty() && !base.spread);
        const auto operand = [&]() { return expandText(p.children, quoted); };
        const auto single = [](Text t) {
            Looked l;
            l.items.push_back({std::move(t), {}});
            return l;
        };
        const QString written = p.op == Part::Op::None && !p.hasIndex ? QString() : writtenOf(p);
        const auto isUnknown = [&base]() {
            return std::any_of(base.items.begin(), base.items.end(), [](const Item &i) { return !isKnown(i.text); });
        };
        switch (p.op) {
        case Part::Op::None:
            return base;
        case Part::Op::Length: {
            if (isUnknown())
                return single(unknownLike(base.items.front().text, p.name, written));
            if (base.multi || (p.hasIndex && base.items.size() != 1))
                return single(knownText(QString::number(base.items.size())));
            return single(knownText(QString::number(base.items.empty() ? 0 : plain(base.items.front().text).size())));
        }
        case Part::Op::Default:
        case Part::Op::Assign:
        case Part::Op::Alternative:
        case Part::Op::Error: {
            // An unset variable from outside takes the default: that is the value the script means
            // when nobody overrides it. A value computed in the script, or bash's own, is not known.
            const bool takesDefault = unset || (p.colon && empty);
            if (!takesDefault && isUnknown() && base.set) {
                if (p.op == Part::Op::Alternative)
                    return single(unknownLike(base.items.front().text, p.name, written));
                return base;
            }
            if (p.op == Part::Op::Alternative)
                return takesDefault ? single({}) : single(operand());
            if (!takesDefault)
                return base;
            if (p.op == Part::Op::Error)
                return base.items.empty() ? single(unknownText(p.name, unsetOrigin(p.name), written, false)) : base;
            Text value = operand();
            if (p.op == Part::Op::Assign && !p.name.isEmpty() && !p.name.at(0).isDigit())
                setScalar(p.name, value, {});
            return single(std::move(value));
        }
        case Part::Op::Substring: {
            // Plain numbers and a flag rather than optionals: GCC 12 misreads them as uninitialized.
            bool known = isKnown(expandText(p.children, true));
            qint64 first = 0;
            qint64 wanted = std::numeric_limits<qint64>::max();
            if (known) {
                const auto value = evaluate(plain(expandText(p.children, true)));
                known = value.has_value();
                first = value.value_or(0);
            }
            if (known && p.hasSecond) {
                const Text length = expandText(p.second, true);
                const auto value = isKnown(length) ? evaluate(plain(length)) : std::nullopt;
                known = value.has_value();
                wanted = value.value_or(0);
            }
            if (isUnknown() || !known || base.multi)
                return single(unknownLike(base.items.empty() ? Text{} : base.items.front().text, p.name, written));
            const QString s = base.items.empty() ? QString() : plain(base.items.front().text);
            qint64 start = first < 0 ? s.size() + first : first;
            start = std::clamp<qint64>(start, 0, s.size());
            const qint64 end = wanted < 0 ? s.size() + wanted : (wanted > s.size() - start ? s.size() : start + wanted);
            if (end < start)
                return single(unknownLike({}, p.name, written)); // bash: "substring expression < 0"
            return single(knownText(s.mid(start, end - start)));
        }
        case Part::Op::RemovePrefix:
        case Part::Op::RemoveSuffix:
        case Part::Op::Replace:
        case Part::Op::ReplacePrefix:
        case Part::Op::ReplaceSuffix:
        case Part::Op::Upper:
        case Part::Op::Lower: {
            // The operand is a pattern even inside "…": only its own quotes make characters literal.
            const Text pattern = expandText(p.children, false);
            const Text replacement = p.hasSecond ? expandText(p.second, quoted) : Text{};
            if (isUnknown() || !isKnown(pattern) || !isKnown(replacement))
                return single(unknownLike(base.items.empty() ? Text{} : base.items.front().text, p.name, written));
            Looked result = base;
            for (Item &item : result.items) {
                const QString s = plain(item.text);
                if (s.size() > kMaxText)
                    return single(opaque(p.name, written, false));
                item.text = knownText(edit(p, s, patternOf(pattern), plain(replacement)), false);
                item.source = {};
            }
            return result;
        }
        case Part::Op::Transform:
        case Part::Op::Bad:
            return single(opaque(p.name, p.op == Part::Op::Bad ? u"${…}"_s : written, false));
        }
        return base;
    }

    static QString edit(const Part &p, const QString &s, const Pattern &pattern, const QString &replacement)
    {
        const auto size = s.size();
        switch (p.op) {
        case Part::Op::RemovePrefix:
            if (p.longest) {
                for (qsizetype n = size; n >= 0; --n) {
                    if (globMatch(pattern, QStringView(s).left(n)))
                        return s.mid(n);
                }
            } else {
                for (qsizetype n = 0; n <= size; ++n) {
                    if (globMatch(pattern, QStringView(s).left(n)))
                        return s.mid(n);
                }
            }
            return s;
        case Part::Op::RemoveSuffix:
            if (p.longest) {
                for (qsizetype n = 0; n <= size; ++n) {
                    if (globMatch(pattern, QStringView(s).mid(n)))
                        return s.left(n);
                }
            } else {
                for (qsizetype n = size; n >= 0; --n) {
                    if (globMatch(pattern, QStringView(s).mid(n)))
                        return s.left(n);
                }
            }
            return s;
        case Part::Op::Upper:
        case Part::Op::Lower: {
            QString out = s;
            const bool upper = p.op == Part::Op::Upper;
            for (qsizetype i = 0; i < out.size(); ++i) {
                if (!pattern.empty() && !globMatch(pattern, QStringView(out).mid(i, 1)))
                    continue;
                out[i] = upper ? out[i].toUpper() : out[i].toLower();
                if (!p.longest)
                    break;
            }
            return out;
        }
        default:
            break;
        }
        // Replace: the longest match at each position, like bash.
        if (pattern.empty())
            return s;
        QString out;
        qsizetype i = 0;
        bool replaced = false;
        while (i <= size) {
            qsizetype matched = -1;
            const bool allowedHere = p.op == Part::Op::ReplacePrefix ? i == 0 : true;
            if (allowedHere && (!replaced || p.longest)) {
                for (qsizetype n = size - i; n >= 0; --n) {
                    if (p.op == Part::Op::ReplaceSuffix && i + n != size)
                        continue;
                    if (globMatch(pattern, QStringView(s).mid(i, n))) {
                        matched = n;
                        break;
                    }
                }
            }
            if (matched > 0 || (matched == 0 && p.op != Part::Op::Replace)) {
                out += replacement;
                i += matched;
                replaced = true;
                if (matched == 0) {
                    if (i < size)
                        out += s.at(i);
                    ++i;
                }
                if (!p.longest) {
                    out += s.mid(i);
                    return out;
                }
                continue;
            }
            if (i < size)
                out += s.at(i);
            ++i;
        }
        return out;
    }

    // Expands parts into one string, without word splitting or pathname expansion: assignments,
    // operands, subscripts, case subjects. `quoted` marks everything as quoted.
    Text expandText(const Parts &parts, bool quoted)
    {
        Text t;
        for (const Part &part : parts) {
            switch (part.kind) {
            case Part::Kind::Literal:
                append(t, knownText(part.text, quoted));
                break;
            case Part::Kind::Quoted:
                append(t, knownText(part.text, true));
                break;
            case Part::Kind::DoubleQuoted:
                append(t, quotedCopy(expandText(part.children, true)));
                break;
            case Part::Kind::Parameter: {
                const Looked l = parameter(part, quoted);
                Text joined = join(l.items, u" "_s);
                append(t, quoted ? quotedCopy(joined) : joined);
                break;
            }
            default:
                append(t, single(part, quoted));
                break;
            }
        }
        return t;
    }

    // Command substitution, arithmetic, tilde: one value each.
    Text single(const Part &part, bool quoted)
    {
        switch (part.kind) {
        case Part::Kind::Command: {
            QString shown = part.text;
            if (shown.size() > 60)
                shown = shown.left(57) + u"…)"_s;
            return unknownText(shown, Origin::Script, part.text, quoted);
        }
        case Part::Kind::Arithmetic: {
            const Text expression = expandText(part.children, true);
            const QString written = u"$(("_s + plain(expression) + u"))"_s;
            if (!isKnown(expression))
                return unknownLike(expression, written, written);
            const auto value = evaluate(plain(expression));
            if (value)
                return knownText(QString::number(*value), quoted);
            // Which variable made it unknown: the first one that is not a known number.
            for (const QString &name : identifiers(plain(expression))) {
                const auto it = m_state.vars.constFind(name);
                if (it == m_state.vars.constEnd())
                    return unknownText(name, unsetOrigin(name), written, quoted);
                if (!it->items.empty() && !isKnown(it->items.front().text))
                    return unknownLike(it->items.front().text, name, written);
            }
            return opaque(written, written, quoted);
        }
        case Part::Kind::Tilde: {
            if (part.text.isEmpty()) {
                const auto it = m_state.vars.constFind(u"HOME"_s);
                if (it != m_state.vars.constEnd() && !it->items.empty())
                    return it->items.front().text;
                return unknownText(u"HOME"_s, Origin::Shell, u"~"_s, quoted);
            }
            return unknownText(u"~"_s + part.text, Origin::Shell, u"~"_s + part.text, quoted);
        }
        default:
            return {};
        }
    }

    static QStringList identifiers(const QString &expression)
    {
        QStringList names;
        qsizetype i = 0;
        while (i < expression.size()) {
            if (expression.at(i).isLetter() || expression.at(i) == u'_') {
                const qsizetype start = i;
                while (i < expression.size() && (expression.at(i).isLetterOrNumber() || expression.at(i) == u'_'))
                    ++i;
                names << expression.mid(start, i - start);
            } else if (expression.at(i).isDigit()) {
                while (i < expression.size() && (expression.at(i).isLetterOrNumber() || expression.at(i) == u'#'))
                    ++i;
            } else {
                ++i;
            }
        }
        return names;
    }

    // ---- words: brace expansion, then the expansions, then word splitting ----

    // One element of a word for brace expansion: a literal character or a whole part.
    struct Atom
    {
        QChar c;
        const Part *part = nullptr; // null: the literal character c
        Place at;
    };

    static std::vector<Atom> atoms(const Parts &parts)
    {
        std::vector<Atom> out;
        for (const Part &part : parts) {
            if (part.kind == Part::Kind::Literal) {
                Place at = part.at;
                for (const QChar c : part.text) {
                    out.push_back({c, nullptr, at});
                    ++at.offset;
                    ++at.column;
                }
            } else {
                out.push_back({QChar(), &part, part.at});
            }
        }
        return out;
    }

    static Parts partsOf(const std::vector<Atom> &atoms)
    {
        Parts out;
        for (const Atom &a : atoms) {
            if (a.part) {
                out.push_back(*a.part);
                continue;
            }
            if (!out.empty() && out.back().kind == Part::Kind::Literal) {
                out.back().text += a.c;
            } else {
                Part p;
                p.kind = Part::Kind::Literal;
                p.text = a.c;
                p.at = a.at;
                out.push_back(std::move(p));
            }
        }
        return out;
    }

    static bool isBrace(const Atom &a, QChar c) { return !a.part && a.c == c; }

    // {a,b} and {1..3} as bash expands them; nothing when the word has none.
    static void braceExpand(const std::vector<Atom> &word, std::vector<std::vector<Atom>> &out, int depth = 0)
    {
        if (out.size() > static_cast<size_t>(kMaxFields) || depth > 32) {
            out.push_back(word);
            return;
        }
        for (size_t open = 0; open < word.size(); ++open) {
            if (!isBrace(word[open], u'{'))
                continue;
            int level = 0;
            std::vector<size_t> commas;
            size_t close = 0;
            for (size_t i = open; i < word.size(); ++i) {
                if (isBrace(word[i], u'{')) {
                    ++level;
                } else if (isBrace(word[i], u'}')) {
                    if (--level == 0) {
                        close = i;
                        break;
                    }
                } else if (level == 1 && isBrace(word[i], u',')) {
                    commas.push_back(i);
                }
            }
            if (close == 0)
                continue;
            std::vector<std::vector<Atom>> alternatives;
            if (!commas.empty()) {
                size_t from = open + 1;
                commas.push_back(close);
                for (const size_t comma : commas) {
                    alternatives.emplace_back(word.begin() + static_cast<qsizetype>(from),
                                              word.begin() + static_cast<qsizetype>(comma));
                    from = comma + 1;
                }
            } else {
                // {x..y[..step]} over plain characters only
                QString inner;
                bool plainText = true;
                for (size_t i = open + 1; i < close; ++i) {
                    plainText = plainText && !word[i].part;
                    inner += word[i].c;
                }
                const QStringList seq = plainText ? sequence(inner) : QStringList();
                if (seq.isEmpty())
                    continue;
                for (const QString &s : seq) {
                    std::vector<Atom> alt;
                    for (const QChar c : s)
                        alt.push_back({c, nullptr, word[open].at});
                    alternatives.push_back(std::move(alt));
                }
            }
            for (const auto &alt : alternatives) {
                std::vector<Atom> next(word.begin(), word.begin() + static_cast<qsizetype>(open));
                next.insert(next.end(), alt.begin(), alt.end());
                next.insert(next.end(), word.begin() + static_cast<qsizetype>(close) + 1, word.end());
                braceExpand(next, out, depth + 1);
                if (out.size() > static_cast<size_t>(kMaxFields))
                    return;
            }
            return;
        }
        out.push_back(word);
    }

    static QStringList sequence(const QString &inner)
    {
        const QStringList parts = inner.split(u".."_s);
        if (parts.size() != 2 && parts.size() != 3)
            return {};
        bool okA = false;
        bool okB = false;
        bool okStep = true;
        const qint64 a = parts[0].toLongLong(&okA);
        const qint64 b = parts[1].toLongLong(&okB);
        const qint64 signedStep = parts.size() == 3 ? parts[2].toLongLong(&okStep) : 1;
        if (!okStep)
            return {};
        // In unsigned arithmetic: any two 64-bit numbers and any step, without overflow.
        const quint64 magnitude
            = signedStep < 0 ? 0 - static_cast<quint64>(signedStep) : static_cast<quint64>(signedStep);
        const quint64 step = magnitude == 0 ? 1 : magnitude;
        QStringList out;
        if (okA && okB) {
            const int width = (parts[0].startsWith(u'0') && parts[0].size() > 1)
                    || (parts[1].startsWith(u'0') && parts[1].size() > 1)
                ? static_cast<int>(std::max(parts[0].size(), parts[1].size()))
                : 0;
            const bool up = a <= b;
            const quint64 distance = up ? static_cast<quint64>(b) - static_cast<quint64>(a)
                                        : static_cast<quint64>(a) - static_cast<quint64>(b);
            // One more than a command may hold, so the command says it was cut short.
            const quint64 count = std::min<quint64>(distance / step, kMaxFields) + 1;
            for (quint64 i = 0; i < count; ++i) {
                const quint64 offset = i * step; // at most distance
                const auto v
                    = static_cast<qint64>(up ? static_cast<quint64>(a) + offset : static_cast<quint64>(a) - offset);
                out << QString::number(v).rightJustified(width, u'0');
            }
            return out;
        }
        if (parts[0].size() == 1 && parts[1].size() == 1 && parts[0].at(0).isLetter() && parts[1].at(0).isLetter()) {
            const char16_t x = parts[0].at(0).unicode();
            const char16_t y = parts[1].at(0).unicode();
            const int by = static_cast<int>(std::min<quint64>(step, 0x10000)); // past any letter: one step ends it
            for (int v = x; x <= y ? v <= y : v >= y; v += x <= y ? by : -by)
                out << QString(QChar(static_cast<char16_t>(v)));
            return out;
        }
        return {};
    }

    static void markGlob(FieldBuf &f, const QString &s)
    {
        if (s.contains(u'*') || s.contains(u'?') || s.contains(u'['))
            f.glob = true;
    }

    // Appends an expansion's text to the fields: unquoted known text is split at blanks and newlines.
    static void addExpansion(std::vector<FieldBuf> &fields, const Text &t, bool quoted)
    {
        for (const Chunk &c : t) {
            FieldBuf &cur = fields.back();
            if (quoted || c.quoted) {
                append(cur.text, {Chunk{c.text, c.unknown, true}});
                cur.started = true;
                continue;
            }
            if (c.unknown >= 0) {
                append(cur.text, {c});
                cur.started = true;
                continue;
            }
            for (const QChar ch : c.text) {
                if (ch == u' ' || ch == u'\t' || ch == u'\n') {
                    if (fields.back().started)
                        fields.emplace_back();
                    continue;
                }
                append(fields.back().text, {Chunk{QString(ch), -1, false}});
                fields.back().started = true;
                markGlob(fields.back(), QString(ch));
            }
        }
    }

    void expandInto(std::vector<FieldBuf> &fields, const Parts &parts, bool quoted)
    {
        for (const Part &part : parts) {
            switch (part.kind) {
            case Part::Kind::Literal:
                append(fields.back().text, knownText(part.text, quoted));
                fields.back().started = true;
                if (!quoted)
                    markGlob(fields.back(), part.text);
                break;
            case Part::Kind::Quoted:
                append(fields.back().text, knownText(part.text, true));
                fields.back().started = true;
                break;
            case Part::Kind::DoubleQuoted:
                // "" is an empty word, but "${EMPTY[@]}" and "$@" without arguments are no word at all.
                if (part.children.empty()
                    || !std::all_of(part.children.begin(), part.children.end(),
                                    [this](const Part &child) { return emptySpread(child); }))
                    fields.back().started = true;
                expandInto(fields, part.children, true);
                break;
            case Part::Kind::Parameter: {
                const Looked l = parameter(part, quoted);
                if (l.spread)
                    fields.back().spread = true;
                if (l.multi && quoted) {
                    // "$@": each item its own word; the text around joins the first and last.
                    for (size_t i = 0; i < l.items.size(); ++i) {
                        if (i > 0)
                            fields.emplace_back();
                        if (l.items[i].spread)
                            fields.back().spread = true;
                        addExpansion(fields, l.items[i].text, true);
                    }
                } else if (l.multi) {
                    for (size_t i = 0; i < l.items.size(); ++i) {
                        if (i > 0 && fields.back().started)
                            fields.emplace_back();
                        if (l.items[i].spread)
                            fields.back().spread = true;
                        addExpansion(fields, l.items[i].text, false);
                    }
                } else {
                    addExpansion(fields, join(l.items, u" "_s), quoted);
                }
                break;
            }
            default:
                addExpansion(fields, single(part, quoted), quoted);
                break;
            }
            if (fields.size() > static_cast<size_t>(kMaxFields))
                return;
        }
    }

    // "$@" or "${X[@]}" that expands to no item at all.
    bool emptySpread(const Part &p)
    {
        if (p.kind != Part::Kind::Parameter || p.op != Part::Op::None || p.indirect)
            return false;
        if (p.name != u"@" && !(p.hasIndex && literalText(p.index) == u"@"))
            return false;
        const Looked l = lookup(p);
        return l.multi && !l.spread && l.items.empty();
    }

    Field toField(const Expanded &e) const
    {
        Field f;
        f.line = e.source.line;
        f.column = e.source.column;
        f.source = e.source.raw;
        f.unquotedGlob = e.glob;
        f.spread = e.spread;
        f.braceExpanded = e.braceExpanded;
        f.unexpanded = e.unexpanded;
        for (const Chunk &c : e.text) {
            if (c.unknown >= 0) {
                Unknown u = m_unknowns[static_cast<size_t>(c.unknown)];
                u.offset = f.text.size();
                u.length = c.text.size();
                f.unknowns << u;
            }
            f.text += c.text;
        }
        return f;
    }

    std::vector<Expanded> expandWord(const Word &word)
    {
        const Source source = sourceOf(word);
        std::vector<std::vector<Atom>> alternatives;
        braceExpand(atoms(word.parts), alternatives);
        const bool braced = alternatives.size() > 1;
        std::vector<Expanded> out;
        // "${X[@]}" or "$@" alone: each word keeps the place it was written at.
        const Part *spreadPart = nullptr;
        if (word.parts.size() == 1) {
            const Part &only = word.parts.front();
            const Part *inner = only.kind == Part::Kind::DoubleQuoted && only.children.size() == 1
                ? &only.children.front()
                : (only.kind == Part::Kind::Parameter ? &only : nullptr);
            if (inner && inner->kind == Part::Kind::Parameter && inner->op == Part::Op::None && !inner->indirect
                && (inner->name == u"@" || (inner->hasIndex && literalText(inner->index) == u"@")))
                spreadPart = inner;
        }
        for (const auto &alternative : alternatives) {
            std::vector<FieldBuf> fields(1);
            expandInto(fields, partsOf(alternative), false);
            for (FieldBuf &buf : fields) {
                if (!buf.started && !buf.spread)
                    continue;
                Expanded e;
                e.text = std::move(buf.text);
                e.source = source;
                e.glob = buf.glob;
                e.spread = buf.spread;
                if (braced) {
                    e.braceExpanded = true;
                    e.unexpanded = plain(expandText(word.parts, true));
                }
                out.push_back(std::move(e));
                if (out.size() > static_cast<size_t>(kMaxFields))
                    return out;
            }
        }
        if (spreadPart) {
            const Looked l = lookup(*spreadPart);
            if (l.multi && !l.spread && l.items.size() == out.size()) {
                for (size_t i = 0; i < out.size(); ++i) {
                    if (l.items[i].source.line > 0)
                        out[i].source = l.items[i].source;
                }
            }
        }
        return out;
    }

    const QString *m_text; // the script, or the text an eval runs
    Run m_run;
    State m_state;
    std::vector<Unknown> m_unknowns;
    QString m_function;
    QSet<QString> m_called;
    QList<QString> m_defined;
    int m_depth = 0;
    qint64 m_steps = 0;
    Status m_status = Status::Unknown;
    std::list<Program> m_evalPrograms; // kept alive: functions an eval defines point into them
    std::list<QString> m_evalTexts;
};

} // namespace

Result<Run> interpret(const QString &script)
{
    const auto program = parse(script);
    if (!program)
        return program.error();
    return Interpreter(script).run(*program);
}

} // namespace vna::shell
