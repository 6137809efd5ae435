// The bash layer around Hydra overrides: quoting a word so the shell passes it unchanged, and laying
// out a command. Reading scripts back is shell/interpreter.h.
#pragma once

#include <QString>
#include <QStringList>

namespace vna::shell {

// The word as bash must see it: unchanged when every character is safe, else in single quotes.
QString quote(const QString &word);

enum class Layout { OneLine, Multiline };
// Quotes each word; Multiline puts one word per line joined by " \".
QString formatCommand(const QStringList &words, Layout layout);

} // namespace vna::shell
