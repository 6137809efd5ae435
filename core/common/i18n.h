// Languages the application speaks and the translators that make it speak them.
#pragma once

#include <QList>
#include <QLocale>
#include <QString>

#include "common/result.h"

namespace vna::i18n {

struct Language
{
    QString code;       // "en", "zh_CN"
    QString nativeName; // shown in the Language menu in its own script, never translated
};

QList<Language> supportedLanguages();
bool isSupported(const QString &code);
// `where` names the option or setting the code came from, for the error message.
Result<QString> validate(const QString &code, const QString &where);

// The language to use: an explicit choice (--lang) wins, then the saved choice, then the system
// locale (any Chinese locale selects zh_CN), then English.
QString resolve(const QString &explicitCode, const QString &savedCode, const QLocale &system);

// Installs the application catalogue and Qt's own qtbase catalogue for `code` (or the pseudo-locale),
// replacing the previous ones; QCoreApplication then sends LanguageChange to every widget. "en"
// removes them.
// Returns false when the application catalogue for `code` is missing (a build error).
bool install(const QString &code);
QString current();

// The pseudo-locale "qps" (the code range ISO 639 keeps for local use, as Windows' qps-ploc): every
// text the Chinese catalogues (ours and Qt's) translate is shown in English between ⟦ and ⟧, so a
// text that never went through the catalogue, or was not made again after a switch, stands out.
// Not in the Language menu; `--lang qps` and the window-wide tests select it.
QString pseudoCode();
QString marked(const QString &english);

// One text written in both languages (a knowledge-base entry, a preset note): the Chinese in a
// Chinese window when there is one, the English marked in the pseudo-locale when a Chinese one
// exists, else the English.
QString pick(const QString &english, const QString &chinese);
// Counts install() calls: text translated before a change of this number may be in another
// language (a job that ran on a worker thread while the user switched).
quint64 generation();

} // namespace vna::i18n
