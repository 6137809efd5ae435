#include "syntax.h"

#include <optional>

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace vna::shell {

namespace {

// Deeper nesting than this is refused rather than risking the stack on hostile input.
constexpr int kMaxDepth = 200;

bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t';
}

bool isNameStart(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_';
}

bool isNameChar(QChar c)
{
    return isNameStart(c) || (c >= u'0' && c <= u'9');
}

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

int digitValue(QChar c)
{
    if (c >= u'0' && c <= u'9')
        return c.unicode() - '0';
    if (c >= u'a' && c <= u'f')
        return c.unicode() - 'a' + 10;
    if (c >= u'A' && c <= u'F')
        return c.unicode() - 'A' + 10;
    return -1;
}

bool isSpecialParameter(QChar c)
{
    return c == u'@' || c == u'*' || c == u'#' || c == u'?' || c == u'$' || c == u'!' || c == u'-' || c == u'0';
}

// Characters that end an unquoted word in command context.
bool isMeta(QChar c)
{
    return isBlank(c) || c == u'\n' || c == u';' || c == u'&' || c == u'|' || c == u'<' || c == u'>' || c == u'('
        || c == u')';
}

enum class Stop : quint8 {
    Word,      // a command word: metacharacters end it
    Operand,   // the operand of ${NAME…}: '}' ends it, blanks are part of it
    Pattern,   // the pattern of ${NAME/pattern/…}: '/' or '}' ends it
    Offset,    // the offset of ${NAME:offset:…}: ':' or '}' ends it
    Subscript, // NAME[…]: ']' ends it
    Condition, // a word inside [[ … ]]: only blanks and newlines end it
    Limit,     // up to a known offset (arithmetic)
};

struct Heredoc
{
    QString delimiter;
    bool stripTabs = false;
};

class Parser
{
    Q_DECLARE_TR_FUNCTIONS(ShellReader)

public:
    explicit Parser(const QString &text)
        : m_text{text}
    {}

    Result<Program> run()
    {
        Program program = list(Stops{});
        if (m_error)
            return *m_error;
        return program;
    }

private:
    struct Stops
    {
        QStringList words;    // reserved words that end the list
        bool paren = false;   // ')' ends it
        bool caseEnd = false; // ';;', ';&', ';;&' end it
        bool brace = false;   // '}' ends it
    };

    // ---- position ----

    QChar at(qsizetype ahead = 0) const
    {
        const qsizetype i = m_place.offset + ahead;
        return i < m_text.size() ? m_text.at(i) : QChar();
    }
    bool atEnd() const { return m_place.offset >= m_text.size(); }
    bool failed() const { return m_error.has_value(); }
    bool lookingAt(QStringView s) const { return QStringView(m_text).mid(m_place.offset).startsWith(s); }

    void advance(qsizetype n = 1)
    {
        for (qsizetype i = 0; i < n && m_place.offset < m_text.size(); ++i) {
            if (m_text.at(m_place.offset) == u'\n') {
                ++m_place.line;
                m_place.column = 1;
            } else {
                ++m_place.column;
            }
            ++m_place.offset;
        }
    }

    void fail(const Place &where, const QString &message)
    {
        if (m_error)
            return;
        m_error = Error::input(QCoreApplication::translate("ShellReader", "Line %1, column %2: %3")
                                   .arg(where.line)
                                   .arg(where.column)
                                   .arg(message),
                               QString(), where.line);
    }

    bool enter()
    {
        if (++m_depth > kMaxDepth) {
            fail(m_place, tr("the script nests more than %1 levels deep").arg(kMaxDepth));
            return false;
        }
        return true;
    }
    void leave() { --m_depth; }

    // A backslash-newline is removed wherever it is not quoted.
    bool skipContinuation()
    {
        if (at() == u'\\' && at(1) == u'\n') {
            advance(2);
            return true;
        }
        if (at() == u'\\' && at(1) == u'\r' && at(2) == u'\n') {
            advance(3);
            return true;
        }
        return false;
    }

    void skipBlanks()
    {
        while (!atEnd()) {
            if (isBlank(at()) || (at() == u'\r' && at(1) == u'\n'))
                advance();
            else if (!skipContinuation())
                break;
        }
    }

    void skipComment()
    {
        if (at() != u'#')
            return;
        while (!atEnd() && at() != u'\n')
            advance();
    }

    // Consumes a newline, then the bodies of the here-documents started on the line it ends.
    void newline()
    {
        advance();
        std::vector<Heredoc> pending;
        pending.swap(m_heredocs);
        for (const Heredoc &doc : pending) {
            while (!atEnd()) {
                const qsizetype start = m_place.offset;
                qsizetype end = m_text.indexOf(u'\n', start);
                if (end < 0)
                    end = m_text.size();
                QStringView line = QStringView(m_text).mid(start, end - start);
                if (line.endsWith(u'\r'))
                    line.chop(1);
                if (doc.stripTabs) {
                    while (line.startsWith(u'\t'))
                        line = line.mid(1);
                }
                advance(end - start + (end < m_text.size() ? 1 : 0));
                if (line == doc.delimiter)
                    break;
            }
        }
    }

    // Blanks, comments and newlines between commands.
    void skipLinebreaks()
    {
        for (;;) {
            skipBlanks();
            skipComment();
            if (at() == u'\n')
                newline();
            else
                break;
        }
    }

    // The reserved word at the current position, if the next word is one (only unquoted words count).
    QString peekReserved() const
    {
        static const QStringList reserved{u"if"_s,   u"then"_s,  u"elif"_s,  u"else"_s,   u"fi"_s,
                                          u"for"_s,  u"while"_s, u"until"_s, u"do"_s,     u"done"_s,
                                          u"case"_s, u"esac"_s,  u"in"_s,    u"select"_s, u"function"_s,
                                          u"{"_s,    u"}"_s,     u"!"_s,     u"[["_s,     u"time"_s};
        qsizetype i = m_place.offset;
        while (i < m_text.size()) {
            const QChar c = m_text.at(i);
            if (isMeta(c) || c == u'"' || c == u'\'' || c == u'\\' || c == u'$' || c == u'`')
                break;
            ++i;
        }
        if (i == m_place.offset)
            return QString();
        QString word = m_text.mid(m_place.offset, i - m_place.offset);
        if (!reserved.contains(word))
            return QString();
        // "{" and "}" must stand alone; the others only need to end at a metacharacter.
        if (i < m_text.size()) {
            const QChar next = m_text.at(i);
            if (!isMeta(next) && next != u'\r')
                return QString();
        }
        return word;
    }

    void consumeReserved(const QString &word) { advance(word.size()); }

    // ---- lists and commands ----

    std::vector<Node> list(const Stops &stops)
    {
        std::vector<Node> nodes;
        if (!enter())
            return nodes;
        Node::Link link = Node::Link::Sequence; // how the next command joins the previous one
        bool negated = false;
        while (!failed()) {
            skipLinebreaks();
            if (atEnd())
                break;
            const QChar c = at();
            if (c == u';') {
                if (at(1) == u';' || at(1) == u'&') {
                    if (stops.caseEnd)
                        break;
                    advance(at(1) == u';' && at(2) == u'&' ? 3 : 2); // stray: bash rejects it; read on
                    continue;
                }
                advance();
                link = Node::Link::Sequence;
                continue;
            }
            if (c == u'&' && at(1) != u'>') {
                link = at(1) == u'&' ? Node::Link::And : Node::Link::Sequence;
                advance(at(1) == u'&' ? 2 : 1);
                continue;
            }
            if (c == u'|') {
                link = at(1) == u'|' ? Node::Link::Or : Node::Link::Pipe;
                advance(at(1) == u'|' || at(1) == u'&' ? 2 : 1);
                continue;
            }
            if (c == u')') {
                if (stops.paren)
                    break;
                advance(); // stray
                continue;
            }
            const QString reserved = peekReserved();
            if (!reserved.isEmpty()) {
                if (stops.words.contains(reserved) || (reserved == u"}" && stops.brace))
                    break;
                if (reserved == u"!" || reserved == u"time") {
                    consumeReserved(reserved);
                    negated = negated != (reserved == u"!");
                    if (reserved == u"time") {
                        skipBlanks();
                        if (at() == u'-' && at(1) == u'p' && isMeta(at(2)))
                            advance(2);
                    }
                    continue;
                }
            }
            const qsizetype before = m_place.offset;
            const size_t count = nodes.size();
            command(nodes);
            if (nodes.size() > count) {
                nodes.back().link = link;
                nodes.back().negated = negated;
            }
            link = Node::Link::Sequence;
            negated = false;
            if (m_place.offset == before && !failed())
                advance(); // nothing could be read here: step over it rather than loop
        }
        leave();
        return nodes;
    }

    void command(std::vector<Node> &out)
    {
        const QString reserved = peekReserved();
        const Place start = m_place;
        Node node;
        node.at = start;
        bool compound = true;
        if (reserved == u"if") {
            ifCommand(node);
        } else if (reserved == u"for" || reserved == u"select") {
            forCommand(node, reserved);
        } else if (reserved == u"while" || reserved == u"until") {
            whileCommand(node, reserved);
        } else if (reserved == u"case") {
            caseCommand(node);
        } else if (reserved == u"{") {
            consumeReserved(reserved);
            node.kind = Node::Kind::Group;
            Stops stops;
            stops.brace = true;
            node.blocks.push_back(list(stops));
            if (peekReserved() == u"}")
                consumeReserved(u"}"_s);
        } else if (reserved == u"function") {
            consumeReserved(reserved);
            skipBlanks();
            functionDefinition(node, functionName());
        } else if (reserved == u"[[") {
            consumeReserved(reserved);
            condition(node);
        } else if (at() == u'(' && at(1) == u'(' && arithmeticEnd(m_place.offset + 2) >= 0) {
            node.kind = Node::Kind::Arith;
            const qsizetype end = arithmeticEnd(m_place.offset + 2);
            advance(2);
            node.arith.push_back(partsUpTo(end));
            advance(2);
        } else if (at() == u'(') {
            advance();
            node.kind = Node::Kind::Subshell;
            Stops stops;
            stops.paren = true;
            node.blocks.push_back(list(stops));
            if (at() == u')')
                advance();
        } else {
            compound = false;
            simpleCommand(node);
        }
        if (failed())
            return;
        if (compound)
            redirections();
        out.push_back(std::move(node));
    }

    void expectReserved(const QString &word)
    {
        skipLinebreaks();
        if (peekReserved() == word)
            consumeReserved(word);
        // A missing word is a syntax error to bash; the reader goes on without it.
    }

    void ifCommand(Node &node)
    {
        node.kind = Node::Kind::If;
        consumeReserved(u"if"_s);
        Stops condition;
        condition.words = {u"then"_s};
        Stops body;
        body.words = {u"elif"_s, u"else"_s, u"fi"_s};
        node.blocks.push_back(list(condition));
        expectReserved(u"then"_s);
        node.blocks.push_back(list(body));
        while (!failed() && peekReserved() == u"elif") {
            consumeReserved(u"elif"_s);
            node.blocks.push_back(list(condition));
            expectReserved(u"then"_s);
            node.blocks.push_back(list(body));
        }
        if (!failed() && peekReserved() == u"else") {
            consumeReserved(u"else"_s);
            Stops last;
            last.words = {u"fi"_s};
            node.blocks.push_back(list(last));
            node.hasElse = true;
        }
        expectReserved(u"fi"_s);
    }

    void doBody(Node &node)
    {
        skipLinebreaks();
        if (at() == u';') {
            advance();
            skipLinebreaks();
        }
        if (peekReserved() == u"{") { // for x in …; { …; }
            consumeReserved(u"{"_s);
            Stops stops;
            stops.brace = true;
            node.blocks.push_back(list(stops));
            if (peekReserved() == u"}")
                consumeReserved(u"}"_s);
            return;
        }
        expectReserved(u"do"_s);
        Stops stops;
        stops.words = {u"done"_s};
        node.blocks.push_back(list(stops));
        expectReserved(u"done"_s);
    }

    void forCommand(Node &node, const QString &keyword)
    {
        consumeReserved(keyword);
        skipBlanks();
        if (at() == u'(' && at(1) == u'(') {
            node.kind = Node::Kind::ArithFor;
            const qsizetype end = arithmeticEnd(m_place.offset + 2);
            if (end < 0) {
                fail(m_place, tr("a (( is not closed"));
                return;
            }
            advance(2);
            // init; condition; step
            for (int i = 0; i < 3; ++i) {
                qsizetype stop = end;
                if (i < 2) {
                    const qsizetype semicolon = m_text.indexOf(u';', m_place.offset);
                    if (semicolon >= 0 && semicolon < end)
                        stop = semicolon;
                }
                node.arith.push_back(partsUpTo(stop));
                if (m_place.offset < end)
                    advance(); // the ';'
            }
            advance(end - m_place.offset + 2);
            doBody(node);
            return;
        }
        node.kind = Node::Kind::For;
        const qsizetype nameStart = m_place.offset;
        while (isNameChar(at()))
            advance();
        node.name = m_text.mid(nameStart, m_place.offset - nameStart);
        skipLinebreaks();
        if (peekReserved() == u"in") {
            consumeReserved(u"in"_s);
            node.hasList = true;
            for (;;) {
                skipBlanks();
                if (atEnd() || at() == u';' || at() == u'\n' || at() == u'#')
                    break;
                if (at() == u'&' || at() == u'|' || at() == u')' || at() == u'(' || at() == u'<' || at() == u'>') {
                    advance(); // a syntax error to bash
                    continue;
                }
                node.words.push_back(word(Stop::Word));
                if (failed())
                    return;
            }
            skipComment();
        }
        doBody(node);
    }

    void whileCommand(Node &node, const QString &keyword)
    {
        node.kind = keyword == u"while" ? Node::Kind::While : Node::Kind::Until;
        consumeReserved(keyword);
        Stops condition;
        condition.words = {u"do"_s};
        node.blocks.push_back(list(condition));
        expectReserved(u"do"_s);
        Stops body;
        body.words = {u"done"_s};
        node.blocks.push_back(list(body));
        expectReserved(u"done"_s);
    }

    void caseCommand(Node &node)
    {
        node.kind = Node::Kind::Case;
        consumeReserved(u"case"_s);
        skipBlanks();
        node.words.push_back(word(Stop::Word));
        expectReserved(u"in"_s);
        while (!failed()) {
            skipLinebreaks();
            if (atEnd() || peekReserved() == u"esac")
                break;
            CaseArm arm;
            if (at() == u'(')
                advance();
            for (;;) {
                skipBlanks();
                if (atEnd() || at() == u')' || at() == u'\n')
                    break;
                if (at() == u'|') {
                    advance();
                    continue;
                }
                const qsizetype before = m_place.offset;
                arm.patterns.push_back(word(Stop::Word));
                if (failed())
                    return;
                if (m_place.offset == before)
                    advance(); // e.g. a stray ';'
            }
            if (at() == u')')
                advance();
            Stops stops;
            stops.caseEnd = true;
            stops.words = {u"esac"_s};
            arm.body = list(stops);
            if (lookingAt(u";;&")) {
                advance(3);
                arm.fallsThrough = true;
            } else if (lookingAt(u";&")) {
                advance(2);
                arm.fallsThrough = true;
            } else if (lookingAt(u";;")) {
                advance(2);
            }
            node.arms.push_back(std::move(arm));
        }
        expectReserved(u"esac"_s);
    }

    QString functionName()
    {
        const qsizetype start = m_place.offset;
        while (!atEnd() && !isMeta(at()) && at() != u'"' && at() != u'\'' && at() != u'$' && at() != u'`'
               && at() != u'\\')
            advance();
        return m_text.mid(start, m_place.offset - start);
    }

    void functionDefinition(Node &node, const QString &name)
    {
        node.kind = Node::Kind::Function;
        node.name = name;
        skipBlanks();
        if (at() == u'(') {
            advance();
            skipBlanks();
            if (at() == u')')
                advance();
        }
        skipLinebreaks();
        std::vector<Node> body;
        if (!atEnd())
            command(body);
        node.blocks.push_back(std::move(body));
    }

    // [[ … ]]: its words are read (so quotes and expansions inside are skipped correctly) and dropped.
    void condition(Node &node)
    {
        node.kind = Node::Kind::Condition;
        while (!failed()) {
            skipBlanks();
            if (at() == u'\n') {
                newline();
                continue;
            }
            if (atEnd())
                break;
            if (at() == u']' && at(1) == u']' && (isMeta(at(2)) || at(2).isNull() || at(2) == u'\r')) {
                advance(2);
                break;
            }
            if (lookingAt(u"&&") || lookingAt(u"||") || at() == u'(' || at() == u')' || at() == u'<' || at() == u'>'
                || (at() == u'!' && (isBlank(at(1)) || at(1) == u'('))) {
                // An operator of [[ … ]], kept as a literal word for the interpreter.
                const qsizetype length = lookingAt(u"&&") || lookingAt(u"||") ? 2 : 1;
                Word op;
                op.at = m_place;
                Part part;
                part.kind = Part::Kind::Literal;
                part.text = m_text.mid(m_place.offset, length);
                part.at = m_place;
                op.parts.push_back(part);
                advance(length);
                op.end = m_place.offset;
                node.words.push_back(std::move(op));
                continue;
            }
            const qsizetype before = m_place.offset;
            node.words.push_back(word(Stop::Condition));
            if (m_place.offset == before)
                advance();
        }
    }

    // Redirections after a command; here-documents are queued for the next newline.
    bool redirection()
    {
        qsizetype i = m_place.offset;
        while (i < m_text.size() && isDigit(m_text.at(i)))
            ++i;
        const QChar c = i < m_text.size() ? m_text.at(i) : QChar();
        const bool digits = i > m_place.offset;
        if (!(c == u'<' || c == u'>' || (!digits && c == u'&' && i + 1 < m_text.size() && m_text.at(i + 1) == u'>')))
            return false;
        if (c == u'<' && i + 1 < m_text.size() && m_text.at(i + 1) == u'(')
            return false; // <(…) is a word
        if (c == u'>' && i + 1 < m_text.size() && m_text.at(i + 1) == u'(')
            return false;
        advance(i - m_place.offset);
        bool heredoc = false;
        bool stripTabs = false;
        if (lookingAt(u"<<<")) {
            advance(3);
        } else if (lookingAt(u"<<-")) {
            advance(3);
            heredoc = stripTabs = true;
        } else if (lookingAt(u"<<")) {
            advance(2);
            heredoc = true;
        } else if (lookingAt(u"&>>") || lookingAt(u">>") || lookingAt(u"<>") || lookingAt(u">|") || lookingAt(u">&")
                   || lookingAt(u"<&")) {
            advance(lookingAt(u"&>>") ? 3 : 2);
        } else {
            advance(lookingAt(u"&>") ? 2 : 1);
        }
        skipBlanks();
        if (atEnd() || isMeta(at()))
            return true; // a syntax error to bash ("unexpected token"); nothing to read
        const Word target = word(Stop::Word);
        if (heredoc) {
            bool quoted = false;
            QString delimiter = literalText(target.parts, &quoted);
            // $var in a delimiter stays as written, like bash.
            if (delimiter.isEmpty())
                delimiter = m_text.mid(target.at.offset, target.end - target.at.offset);
            m_heredocs.push_back({delimiter, stripTabs});
        }
        return true;
    }

    void redirections()
    {
        for (;;) {
            skipBlanks();
            if (!redirection())
                break;
        }
    }

    // NAME=, NAME+=, NAME[…]= at the current position: the length of the name, or -1.
    qsizetype assignmentName() const
    {
        if (!isNameStart(at()))
            return -1;
        qsizetype i = 1;
        while (isNameChar(at(i)))
            ++i;
        const qsizetype nameLength = i;
        if (at(i) == u'[') {
            int depth = 0;
            for (; m_place.offset + i < m_text.size(); ++i) {
                const QChar c = at(i);
                if (c == u'[')
                    ++depth;
                else if (c == u']' && --depth == 0)
                    break;
                else if (c == u'\n')
                    return -1;
            }
            if (at(i) != u']')
                return -1;
            ++i;
        }
        if (at(i) == u'=' || (at(i) == u'+' && at(i + 1) == u'='))
            return nameLength;
        return -1;
    }

    Assignment assignment(qsizetype nameLength)
    {
        Assignment a;
        a.at = m_place;
        a.name = m_text.mid(m_place.offset, nameLength);
        advance(nameLength);
        if (at() == u'[') {
            advance();
            a.hasIndex = true;
            a.index = parts(Stop::Subscript, false);
            if (at() == u']')
                advance();
        }
        if (at() == u'+') {
            a.append = true;
            advance();
        }
        advance(); // '='
        if (at() == u'(' && !a.hasIndex) {
            a.array = true;
            advance();
            while (!failed()) {
                skipLinebreaks();
                if (atEnd())
                    break;
                if (at() == u')') {
                    advance();
                    break;
                }
                Assignment::Element element;
                if (at() == u'[') {
                    // [i]=value
                    qsizetype close = m_place.offset;
                    int depth = 0;
                    for (; close < m_text.size(); ++close) {
                        if (m_text.at(close) == u'[')
                            ++depth;
                        else if (m_text.at(close) == u']' && --depth == 0)
                            break;
                    }
                    if (close + 1 < m_text.size() && m_text.at(close + 1) == u'=') {
                        advance();
                        element.hasIndex = true;
                        element.index = parts(Stop::Subscript, false);
                        advance(2); // "]="
                    }
                }
                const qsizetype before = m_place.offset;
                element.value = word(Stop::Word);
                if (m_place.offset == before && !failed()) {
                    advance(); // a metacharacter bash rejects inside ( … )
                    continue;
                }
                a.elements.push_back(std::move(element));
            }
        } else {
            a.value = word(Stop::Word, true);
        }
        a.end = m_place.offset;
        return a;
    }

    void simpleCommand(Node &node)
    {
        static const QStringList declarations{u"export"_s, u"declare"_s, u"typeset"_s, u"local"_s, u"readonly"_s};
        node.kind = Node::Kind::Simple;
        bool declaration = false; // export, declare, local …: later NAME=value words are assignments too
        while (!failed()) {
            skipBlanks();
            if (atEnd())
                break;
            const QChar c = at();
            if (redirection())
                continue;
            if (c == u'\n' || c == u';' || c == u'|' || c == u')' || (c == u'&' && at(1) != u'>'))
                break;
            if (c == u'#') {
                skipComment();
                break;
            }
            if (c == u'(') {
                // NAME() — a function definition
                if (node.words.size() == 1 && node.assignments.empty() && node.words.front().parts.size() == 1
                    && node.words.front().parts.front().kind == Part::Kind::Literal) {
                    const QString name = node.words.front().parts.front().text;
                    functionDefinition(node, name);
                    node.words.clear();
                    return;
                }
                advance(); // a syntax error to bash
                continue;
            }
            if (node.words.empty() || declaration) {
                const qsizetype nameLength = assignmentName();
                if (nameLength > 0) {
                    Assignment a = assignment(nameLength);
                    if (node.words.empty()) {
                        node.assignments.push_back(std::move(a));
                    } else {
                        node.words.push_back(assignmentAsWord(a));
                        node.declared.push_back(std::move(a));
                    }
                    continue;
                }
            }
            node.words.push_back(word(Stop::Word));
            if (node.words.size() == 1) {
                bool quoted = false;
                declaration = declarations.contains(literalText(node.words.front().parts, &quoted)) && !quoted;
            }
        }
    }

    // A declaration's NAME=value also stays a word of the command, as bash passes it on.
    static Word assignmentAsWord(const Assignment &a)
    {
        Word w;
        w.at = a.at;
        w.end = a.end;
        Part name;
        name.kind = Part::Kind::Quoted; // not subject to splitting: bash expands it as an assignment
        name.text = a.name + (a.append ? u"+="_s : u"="_s);
        name.at = a.at;
        w.parts.push_back(name);
        if (!a.array) {
            for (const Part &part : a.value.parts)
                w.parts.push_back(part);
        }
        return w;
    }

    // ---- words ----

    Word word(Stop stop, bool assignmentValue = false)
    {
        Word w;
        w.at = m_place;
        if (!enter())
            return w;
        w.parts = parts(stop, false, assignmentValue);
        w.end = m_place.offset;
        leave();
        return w;
    }

    bool ends(Stop stop, int braces) const
    {
        const QChar c = at();
        switch (stop) {
        case Stop::Word:
            return isMeta(c) || (c == u'\r' && at(1) == u'\n');
        case Stop::Condition:
            return isBlank(c) || c == u'\n' || (c == u'\r' && at(1) == u'\n');
        case Stop::Operand:
            return c == u'}' && braces == 0;
        case Stop::Pattern:
            return (c == u'}' && braces == 0) || c == u'/';
        case Stop::Offset:
            return (c == u'}' && braces == 0) || c == u':';
        case Stop::Subscript:
            return c == u']';
        case Stop::Limit:
            return m_place.offset >= m_limit;
        }
        return false;
    }

    static void appendLiteral(Parts &out, Part::Kind kind, QChar c, const Place &where)
    {
        if (!out.empty() && out.back().kind == kind && (kind == Part::Kind::Literal || kind == Part::Kind::Quoted)) {
            out.back().text += c;
            return;
        }
        Part part;
        part.kind = kind;
        part.text = c;
        part.at = where;
        out.push_back(std::move(part));
    }

    // The parts of a word up to its end. `inDouble`: inside "…" (only $, ` and \ are special there, and
    // the closing " ends it).
    Parts parts(Stop stop, bool inDouble, bool assignmentValue = false)
    {
        Parts out;
        int braces = 0; // literal { } inside ${…} operands, which bash pairs up
        const qsizetype start = m_place.offset;
        while (!atEnd() && !failed()) {
            if (skipContinuation())
                continue;
            const QChar c = at();
            const Place here = m_place;
            if ((c == u'<' || c == u'>') && at(1) == u'(' && !inDouble && stop == Stop::Word) {
                if (!enter())
                    return out;
                commandSubstitution(out, 2);
                leave();
                continue;
            }
            if (inDouble ? c == u'"' : ends(stop, braces))
                break;
            if (c == u'\\') {
                const QChar next = at(1);
                if (next.isNull()) {
                    advance(); // a backslash at the very end of the text: bash drops it
                } else if (inDouble && !(next == u'$' || next == u'`' || next == u'"' || next == u'\\')) {
                    appendLiteral(out, Part::Kind::Quoted, c, here);
                    advance();
                } else {
                    appendLiteral(out, Part::Kind::Quoted, next, here);
                    advance(2);
                }
                continue;
            }
            if (c == u'\'' && !inDouble) {
                singleQuoted(out);
                continue;
            }
            if (c == u'"') {
                doubleQuoted(out);
                continue;
            }
            if (c == u'$') {
                dollar(out, inDouble);
                continue;
            }
            if (c == u'`') {
                backquote(out);
                continue;
            }
            const bool tildePlace
                = m_place.offset == start || (assignmentValue && (m_text.at(m_place.offset - 1) == u':'));
            if (c == u'~' && !inDouble && tildePlace
                && (stop == Stop::Word || stop == Stop::Operand || stop == Stop::Condition) && tilde(out, stop))
                continue;
            if (stop == Stop::Operand || stop == Stop::Pattern || stop == Stop::Offset) {
                if (c == u'{')
                    ++braces;
                else if (c == u'}')
                    --braces;
            }
            appendLiteral(out, inDouble ? Part::Kind::Quoted : Part::Kind::Literal, c, here);
            advance();
        }
        return out;
    }

    void singleQuoted(Parts &out)
    {
        const Place open = m_place;
        const qsizetype close = m_text.indexOf(u'\'', m_place.offset + 1);
        if (close < 0) {
            fail(open, tr("a single quote is not closed"));
            advance(m_text.size() - m_place.offset);
            return;
        }
        Part part;
        part.kind = Part::Kind::Quoted;
        part.text = m_text.mid(open.offset + 1, close - open.offset - 1);
        part.at = open;
        out.push_back(std::move(part));
        advance(close - open.offset + 1);
    }

    void doubleQuoted(Parts &out)
    {
        const Place open = m_place;
        advance();
        Part part;
        part.kind = Part::Kind::DoubleQuoted;
        part.at = open;
        if (!enter())
            return;
        part.children = parts(Stop::Word, true);
        leave();
        if (at() != u'"') {
            fail(open, tr("a double quote is not closed"));
            return;
        }
        advance();
        out.push_back(std::move(part));
    }

    // $'…' with its backslash escapes decoded.
    void ansiQuoted(Parts &out)
    {
        const Place open = m_place;
        advance(2);
        QString text;
        while (!atEnd() && at() != u'\'') {
            if (at() != u'\\' || at(1).isNull()) {
                text += at();
                advance();
                continue;
            }
            const QChar e = at(1);
            advance(2);
            const auto number = [this](int base, int maxDigits) {
                uint value = 0;
                int digits = 0;
                for (; digits < maxDigits; ++digits) {
                    const int d = digitValue(at());
                    if (d < 0 || d >= base)
                        break;
                    value = value * static_cast<uint>(base) + static_cast<uint>(d);
                    advance();
                }
                return std::pair{value, digits};
            };
            switch (e.unicode()) {
            case 'n':
                text += u'\n';
                break;
            case 't':
                text += u'\t';
                break;
            case 'r':
                text += u'\r';
                break;
            case 'a':
                text += QChar(7);
                break;
            case 'b':
                text += QChar(8);
                break;
            case 'e':
            case 'E':
                text += QChar(27);
                break;
            case 'f':
                text += QChar(12);
                break;
            case 'v':
                text += QChar(11);
                break;
            case '\\':
            case '\'':
            case '"':
            case '?':
                text += e;
                break;
            case 'x': {
                const auto [value, digits] = number(16, 2);
                text += digits > 0 ? QString(QChar(static_cast<char16_t>(value))) : u"\\x"_s;
                break;
            }
            case 'u':
            case 'U': {
                const auto [value, digits] = number(16, e == u'u' ? 4 : 8);
                if (digits == 0) {
                    text += u'\\' + QString(e);
                } else {
                    const char32_t code = value <= 0x10ffff ? value : 0xfffd;
                    text += QString::fromUcs4(&code, 1);
                }
                break;
            }
            case 'c':
                if (!at().isNull()) {
                    text += QChar(static_cast<char16_t>(at().toUpper().unicode() & 0x1f));
                    advance();
                }
                break;
            default:
                if (e >= u'0' && e <= u'7') {
                    uint value = static_cast<uint>(e.unicode() - '0');
                    for (int i = 0; i < 2 && at() >= u'0' && at() <= u'7'; ++i) {
                        value = value * 8 + static_cast<uint>(at().unicode() - '0');
                        advance();
                    }
                    text += QChar(static_cast<char16_t>(value & 0xff));
                } else {
                    text += u'\\' + QString(e);
                }
            }
        }
        if (atEnd()) {
            fail(open, tr("a single quote is not closed"));
            return;
        }
        advance();
        Part part;
        part.kind = Part::Kind::Quoted;
        part.text = text;
        part.at = open;
        out.push_back(std::move(part));
    }

    void backquote(Parts &out)
    {
        const Place open = m_place;
        qsizetype i = m_place.offset + 1;
        for (; i < m_text.size(); ++i) {
            if (m_text.at(i) == u'\\')
                ++i;
            else if (m_text.at(i) == u'`')
                break;
        }
        if (i >= m_text.size()) {
            fail(open, tr("a backquote is not closed"));
            advance(m_text.size() - m_place.offset);
            return;
        }
        Part part;
        part.kind = Part::Kind::Command;
        part.text = m_text.mid(open.offset, i - open.offset + 1);
        part.at = open;
        out.push_back(std::move(part));
        advance(i - open.offset + 1);
    }

    // $( … ) read as the commands it contains, so quotes, case patterns and nested $( ) inside are
    // paired exactly as bash pairs them.
    void commandSubstitution(Parts &out, qsizetype skip)
    {
        const Place open = m_place;
        advance(skip);
        Stops stops;
        stops.paren = true;
        (void)list(stops);
        if (failed())
            return;
        if (at() != u')') {
            fail(open, tr("a $( is not closed"));
            return;
        }
        advance();
        Part part;
        part.kind = Part::Kind::Command;
        part.text = m_text.mid(open.offset, m_place.offset - open.offset);
        part.at = open;
        out.push_back(std::move(part));
    }

    // Where the "))" of an arithmetic expansion that starts at `from` (just past "((") is, or -1 when the
    // parentheses do not close with "))" (then it is a command substitution of a subshell).
    qsizetype arithmeticEnd(qsizetype from) const
    {
        int depth = 0;
        for (qsizetype i = from; i < m_text.size(); ++i) {
            const QChar c = m_text.at(i);
            if (c == u'\'' || c == u'"') {
                const qsizetype close = m_text.indexOf(c, i + 1);
                if (close < 0)
                    return -1;
                i = close;
            } else if (c == u'\\') {
                ++i;
            } else if (c == u'(') {
                ++depth;
            } else if (c == u')') {
                if (depth > 0) {
                    --depth;
                    continue;
                }
                return i + 1 < m_text.size() && m_text.at(i + 1) == u')' ? i : -1;
            }
        }
        return -1;
    }

    Parts partsUpTo(qsizetype end)
    {
        const qsizetype saved = m_limit;
        m_limit = end;
        Parts p = parts(Stop::Limit, false);
        m_limit = saved;
        if (m_place.offset < end)
            advance(end - m_place.offset);
        return p;
    }

    void dollar(Parts &out, bool inDouble)
    {
        const QChar n = at(1);
        const Place here = m_place;
        if (n == u'\'' && !inDouble) {
            ansiQuoted(out);
            return;
        }
        if (n == u'"' && !inDouble) {
            advance(); // $"…" is "…"
            doubleQuoted(out);
            return;
        }
        if (n == u'(') {
            if (at(2) == u'(') {
                const qsizetype end = arithmeticEnd(m_place.offset + 3);
                if (end >= 0) {
                    advance(3);
                    Part part;
                    part.kind = Part::Kind::Arithmetic;
                    part.at = here;
                    if (!enter())
                        return;
                    part.children = partsUpTo(end);
                    leave();
                    advance(2);
                    out.push_back(std::move(part));
                    return;
                }
            }
            if (!enter())
                return;
            commandSubstitution(out, 2);
            leave();
            return;
        }
        if (n == u'[') {
            const qsizetype close = m_text.indexOf(u']', m_place.offset + 2);
            if (close >= 0) {
                advance(2);
                Part part;
                part.kind = Part::Kind::Arithmetic;
                part.at = here;
                part.children = partsUpTo(close);
                advance();
                out.push_back(std::move(part));
                return;
            }
        }
        if (n == u'{') {
            if (!enter())
                return;
            braced(out);
            leave();
            return;
        }
        Part part;
        part.kind = Part::Kind::Parameter;
        part.at = here;
        if (isNameStart(n)) {
            qsizetype i = 2;
            while (isNameChar(at(i)))
                ++i;
            part.name = m_text.mid(m_place.offset + 1, i - 1);
            advance(i);
        } else if (isDigit(n) || isSpecialParameter(n)) {
            part.name = n;
            advance(2);
        } else {
            appendLiteral(out, inDouble ? Part::Kind::Quoted : Part::Kind::Literal, u'$', here);
            advance();
            return;
        }
        out.push_back(std::move(part));
    }

    void braced(Parts &out)
    {
        const Place open = m_place;
        advance(2);
        Part part;
        part.kind = Part::Kind::Parameter;
        part.at = open;
        // ${#NAME} is a length and ${!NAME} an indirection; ${#} and ${!} are the parameters # and !.
        const QChar n = at(1);
        const bool nameFollows = isNameStart(n) || isDigit(n) || n == u'@' || n == u'*' || n == u'?' || n == u'$'
            || n == u'!' || n == u'#';
        if (at() == u'#' && nameFollows) {
            part.op = Part::Op::Length;
            advance();
        } else if (at() == u'!' && nameFollows) {
            part.indirect = true;
            advance();
        }
        if (isNameStart(at())) {
            const qsizetype nameStart = m_place.offset;
            while (isNameChar(at()))
                advance();
            part.name = m_text.mid(nameStart, m_place.offset - nameStart);
        } else if (isDigit(at())) {
            const qsizetype nameStart = m_place.offset;
            while (isDigit(at()))
                advance();
            part.name = m_text.mid(nameStart, m_place.offset - nameStart);
        } else if (isSpecialParameter(at())) {
            part.name = at();
            advance();
        }
        if (at() == u'[' && !part.name.isEmpty()) {
            advance();
            part.hasIndex = true;
            part.index = parts(Stop::Subscript, false);
            if (at() == u']')
                advance();
        }
        // Inside ${ } the quoting starts afresh: "…" and '…' pair up within the operand.
        // An operator after ${!prefix*}, ${#X:-y} … is not modelled: it falls to the last branch, and
        // the value is unknown.
        const bool modelled = !part.name.isEmpty() && part.op != Part::Op::Length && !part.indirect;
        const QChar c = modelled || at() == u'}' ? at() : QChar();
        if (c == u'}') {
            // ${NAME}
        } else if (c == u':' && (at(1) == u'-' || at(1) == u'=' || at(1) == u'+' || at(1) == u'?')) {
            part.colon = true;
            part.op = opFor(at(1));
            advance(2);
            part.children = parts(Stop::Operand, false);
        } else if (c == u'-' || c == u'=' || c == u'+' || c == u'?') {
            part.op = opFor(c);
            advance();
            part.children = parts(Stop::Operand, false);
        } else if (c == u':') {
            part.op = Part::Op::Substring;
            advance();
            part.children = parts(Stop::Offset, false);
            if (at() == u':') {
                advance();
                part.hasSecond = true;
                part.second = parts(Stop::Operand, false);
            }
        } else if (c == u'#' || c == u'%') {
            part.op = c == u'#' ? Part::Op::RemovePrefix : Part::Op::RemoveSuffix;
            part.longest = at(1) == c;
            advance(part.longest ? 2 : 1);
            part.children = parts(Stop::Operand, false);
        } else if (c == u'/') {
            advance();
            part.op = Part::Op::Replace;
            if (at() == u'/') {
                part.longest = true;
                advance();
            } else if (at() == u'#') {
                part.op = Part::Op::ReplacePrefix;
                advance();
            } else if (at() == u'%') {
                part.op = Part::Op::ReplaceSuffix;
                advance();
            }
            part.children = parts(Stop::Pattern, false);
            if (at() == u'/') {
                advance();
                part.hasSecond = true;
                part.second = parts(Stop::Operand, false);
            }
        } else if (c == u'^' || c == u',') {
            part.op = c == u'^' ? Part::Op::Upper : Part::Op::Lower;
            part.longest = at(1) == c;
            advance(part.longest ? 2 : 1);
            part.children = parts(Stop::Operand, false);
        } else if (c == u'@') {
            part.op = Part::Op::Transform;
            advance();
            part.children = parts(Stop::Operand, false);
        } else {
            part.op = Part::Op::Bad;
            part.children = parts(Stop::Operand, false);
        }
        if (failed())
            return;
        if (at() != u'}') {
            fail(open, tr("a ${ is not closed"));
            return;
        }
        advance();
        out.push_back(std::move(part));
    }

    static Part::Op opFor(QChar c)
    {
        switch (c.unicode()) {
        case '-':
            return Part::Op::Default;
        case '=':
            return Part::Op::Assign;
        case '+':
            return Part::Op::Alternative;
        default:
            return Part::Op::Error;
        }
    }

    // ~ or ~user when followed by / or the end of the word: the part, or false when it is a literal ~.
    bool tilde(Parts &out, Stop stop)
    {
        qsizetype i = 1;
        while (isNameChar(at(i)) || at(i) == u'.' || at(i) == u'-')
            ++i;
        const QChar after = at(i);
        const bool ends = after.isNull() || after == u'/' || isMeta(after) || after == u':'
            || (stop == Stop::Operand && after == u'}');
        if (!ends)
            return false;
        Part part;
        part.kind = Part::Kind::Tilde;
        part.text = m_text.mid(m_place.offset + 1, i - 1);
        part.at = m_place;
        out.push_back(std::move(part));
        advance(i);
        return true;
    }

    const QString &m_text;
    Place m_place;
    std::optional<Error> m_error;
    int m_depth = 0;
    qsizetype m_limit = 0;
    std::vector<Heredoc> m_heredocs;
};

} // namespace

QString literalText(const Parts &parts, bool *quoted)
{
    QString text;
    if (quoted)
        *quoted = false;
    for (const Part &part : parts) {
        switch (part.kind) {
        case Part::Kind::Literal:
            text += part.text;
            break;
        case Part::Kind::Quoted:
            text += part.text;
            if (quoted)
                *quoted = true;
            break;
        case Part::Kind::DoubleQuoted: {
            bool inner = false;
            text += literalText(part.children, &inner);
            if (quoted)
                *quoted = true;
            break;
        }
        default:
            break;
        }
    }
    return text;
}

Result<Program> parse(const QString &text)
{
    return Parser(text).run();
}

} // namespace vna::shell
