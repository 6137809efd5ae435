#include "shell.h"

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

} // namespace vna::shell
