#include "shell.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::shell {

QString quote(const QString &word)
{
    static const QRegularExpression safe(u"^[A-Za-z0-9_@%+=:,./-]+\\z"_s);
    if (safe.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

QString formatCommand(const QStringList &words, Layout layout)
{
    QStringList quoted;
    for (const QString &word : words)
        quoted << quote(word);
    return quoted.join(layout == Layout::OneLine ? u" "_s : u" \\\n"_s);
}

namespace {

class Reader
{
    Q_DECLARE_TR_FUNCTIONS(ShellReader)

public:
    explicit Reader(const QString &text)
        : m_text{text}
    {}

    Result<Script> run()
    {
        while (m_pos < m_text.size()) {
            const QChar c = m_text.at(m_pos);
            if (c == u'\\' && next() == u'\n') { // line continuation
                advance(2);
                continue;
            }
            if (c == u'\\' && next() == u'\r' && m_pos + 2 < m_text.size() && m_text.at(m_pos + 2) == u'\n') {
                advance(3);
                continue;
            }
            if (c == u' ' || c == u'\t' || c == u'\r') {
                endWord();
                advance(1);
                continue;
            }
            if (c == u'\n' || c == u';') {
                endWord();
                endCommand();
                advance(1);
                continue;
            }
            if (c == u'&' || c == u'|') {
                endWord();
                endCommand();
                advance(next() == c ? 2 : 1);
                continue;
            }
            if (c == u'#' && !m_inWord) {
                while (m_pos < m_text.size() && m_text.at(m_pos) != u'\n')
                    advance(1);
                continue;
            }
            startWord();
            if (c == u'\\') {
                if (m_pos + 1 < m_text.size()) {
                    m_word.text += m_text.at(m_pos + 1);
                    m_word.raw += m_text.mid(m_pos, 2);
                    advance(2);
                } else {
                    m_word.text += c;
                    m_word.raw += c;
                    advance(1);
                }
                continue;
            }
            if (c == u'\'') {
                const qsizetype close = m_text.indexOf(u'\'', m_pos + 1);
                if (close < 0)
                    return error(tr("a single quote is not closed"));
                m_word.text += m_text.mid(m_pos + 1, close - m_pos - 1);
                m_word.raw += m_text.mid(m_pos, close - m_pos + 1);
                advance(close - m_pos + 1);
                continue;
            }
            if (c == u'"') {
                const qsizetype open = m_pos;
                m_word.raw += c;
                advance(1);
                bool closed = false;
                while (m_pos < m_text.size()) {
                    const QChar d = m_text.at(m_pos);
                    if (d == u'"') {
                        m_word.raw += d;
                        advance(1);
                        closed = true;
                        break;
                    }
                    if (d == u'\\' && m_pos + 1 < m_text.size()) {
                        const QChar e = m_text.at(m_pos + 1);
                        m_word.raw += m_text.mid(m_pos, 2);
                        if (e == u'$' || e == u'`' || e == u'"' || e == u'\\')
                            m_word.text += e;
                        else if (e != u'\n')
                            m_word.text += QString(d) + e;
                        advance(2);
                        continue;
                    }
                    if (d == u'$' || d == u'`') {
                        expand();
                        continue;
                    }
                    m_word.text += d;
                    m_word.raw += d;
                    advance(1);
                }
                if (!closed)
                    return error(tr("a double quote is not closed"), open);
                continue;
            }
            if (c == u'$' || c == u'`') {
                expand();
                continue;
            }
            // Unquoted characters the shell itself interprets inside a word.
            if (c == u'[' || c == u']')
                m_word.unquotedBrackets = true;
            if (c == u'{')
                m_braceOpen = true;
            else if (c == u',' && m_braceOpen)
                m_braceComma = true;
            else if (c == u'}' && m_braceOpen && m_braceComma)
                m_word.unquotedBraceList = true;
            m_word.text += c;
            m_word.raw += c;
            advance(1);
        }
        endWord();
        endCommand();
        return m_script;
    }

private:
    QChar next() const { return m_pos + 1 < m_text.size() ? m_text.at(m_pos + 1) : QChar(); }

    void advance(qsizetype n)
    {
        for (qsizetype i = 0; i < n && m_pos < m_text.size(); ++i) {
            if (m_text.at(m_pos) == u'\n') {
                ++m_line;
                m_column = 1;
            } else {
                ++m_column;
            }
            ++m_pos;
        }
    }

    Error error(const QString &message, qsizetype at = -1) const
    {
        // Recompute line and column of `at` when it is not the current position.
        qsizetype line = m_line;
        qsizetype column = m_column;
        if (at >= 0) {
            line = 1;
            column = 1;
            for (qsizetype i = 0; i < at; ++i) {
                if (m_text.at(i) == u'\n') {
                    ++line;
                    column = 1;
                } else {
                    ++column;
                }
            }
        }
        return Error::input(
            QCoreApplication::translate("ShellReader", "Line %1, column %2: %3").arg(line).arg(column).arg(message),
            QString(), line);
    }

    void startWord()
    {
        if (m_inWord)
            return;
        m_inWord = true;
        m_word = Word{};
        m_word.line = m_line;
        m_word.column = m_column;
        m_braceOpen = false;
        m_braceComma = false;
    }

    void endWord()
    {
        if (!m_inWord)
            return;
        m_inWord = false;
        m_command.append(m_word);
    }

    // $NAME, ${NAME}, ${NAME:-default}, $(…), `…`, $1 and friends.
    void expand()
    {
        startWord();
        const QChar c = m_text.at(m_pos);
        if (c == u'`') {
            const qsizetype close = m_text.indexOf(u'`', m_pos + 1);
            const qsizetype end = close < 0 ? m_text.size() : close + 1;
            const QString raw = m_text.mid(m_pos, end - m_pos);
            m_word.text += raw;
            m_word.raw += raw;
            m_word.substitution = true;
            advance(end - m_pos);
            return;
        }
        const QChar n = next();
        if (n == u'(') {
            qsizetype depth = 0;
            qsizetype p = m_pos + 1;
            for (; p < m_text.size(); ++p) {
                if (m_text.at(p) == u'(')
                    ++depth;
                else if (m_text.at(p) == u')' && --depth == 0)
                    break;
            }
            const qsizetype end = std::min(p + 1, m_text.size());
            const QString raw = m_text.mid(m_pos, end - m_pos);
            m_word.text += raw;
            m_word.raw += raw;
            m_word.substitution = true;
            advance(end - m_pos);
            return;
        }
        QString name;
        QString fallback;
        bool hasFallback = false;
        qsizetype end = m_pos + 1;
        if (n == u'{') {
            const qsizetype close = m_text.indexOf(u'}', m_pos + 2);
            end = close < 0 ? m_text.size() : close + 1;
            const QString inner = m_text.mid(m_pos + 2, (close < 0 ? m_text.size() : close) - m_pos - 2);
            const qsizetype colon = inner.indexOf(u":-"_s);
            name = colon < 0 ? inner : inner.left(colon);
            if (colon >= 0) {
                fallback = inner.mid(colon + 2);
                hasFallback = true;
            }
        } else if (n.isDigit() || n == u'@' || n == u'*' || n == u'#' || n == u'?' || n == u'$' || n == u'!') {
            name = n;
            end = m_pos + 2;
        } else {
            qsizetype p = m_pos + 1;
            while (p < m_text.size() && (m_text.at(p).isLetterOrNumber() || m_text.at(p) == u'_')
                   && m_text.at(p).unicode() < 128)
                ++p;
            name = m_text.mid(m_pos + 1, p - m_pos - 1);
            end = p;
        }
        const QString raw = m_text.mid(m_pos, end - m_pos);
        m_word.raw += raw;
        if (name.isEmpty()) { // a lone "$"
            m_word.text += raw;
        } else if (m_script.variables.contains(name)) {
            m_word.text += m_script.variables.value(name);
        } else if (hasFallback) {
            m_word.text += fallback;
        } else {
            m_word.text += raw;
            m_word.unresolved << name;
        }
        advance(end - m_pos);
    }

    void endCommand()
    {
        static const QRegularExpression assignment(u"^[A-Za-z_][A-Za-z0-9_]*="_s);
        if (m_command.isEmpty())
            return;
        Command command;
        qsizetype i = 0;
        if (m_command.first().text == u"export" && m_command.first().raw == u"export") {
            command.exported = true;
            i = 1;
            for (; i < m_command.size(); ++i)
                command.assignments << m_command.at(i);
        } else {
            while (i < m_command.size() && assignment.match(m_command.at(i).raw).hasMatch())
                command.assignments << m_command.at(i++);
            for (; i < m_command.size(); ++i)
                command.words << m_command.at(i);
        }
        // Assignments on their own (or exported) stay set for the rest of the script.
        if (command.words.isEmpty()) {
            for (const Word &word : std::as_const(command.assignments)) {
                const qsizetype equal = word.text.indexOf(u'=');
                if (equal > 0 && word.unresolved.isEmpty() && !word.substitution)
                    m_script.variables.insert(word.text.left(equal), word.text.mid(equal + 1));
            }
        }
        m_script.commands.append(command);
        m_command.clear();
    }

    const QString &m_text;
    qsizetype m_pos = 0;
    qsizetype m_line = 1;
    qsizetype m_column = 1;
    bool m_inWord = false;
    bool m_braceOpen = false;
    bool m_braceComma = false;
    Word m_word;
    QList<Word> m_command;
    Script m_script;
};

} // namespace

Result<Script> parseScript(const QString &text)
{
    return Reader(text).run();
}

} // namespace vna::shell
