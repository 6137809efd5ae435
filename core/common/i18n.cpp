#include "i18n.h"

#include <memory>

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QStringList>
#include <QTranslator>

#include "common/logging.h"

namespace vna::i18n {

namespace {

const QString kEnglish = QStringLiteral("en");

struct Installed
{
    QString code = kEnglish;
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qtbase;
    quint64 generation = 0; // install() and generation() run on the GUI thread only
};

Installed &installed()
{
    static Installed state;
    return state;
}

} // namespace

QList<Language> supportedLanguages()
{
    // Endonyms on purpose: a user who cannot read the current language must still find their own.
    return {
        {kEnglish, QStringLiteral("English")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
    };
}

bool isSupported(const QString &code)
{
    for (const Language &language : supportedLanguages()) {
        if (language.code == code)
            return true;
    }
    return false;
}

Result<QString> validate(const QString &code, const QString &where)
{
    if (isSupported(code))
        return code;
    QStringList codes;
    for (const Language &language : supportedLanguages())
        codes << language.code;
    return Error::input(QCoreApplication::translate("I18n", "Unknown language \"%1\" in %2: expected one of %3.")
                            .arg(code, where, codes.join(u", ")),
                        where);
}

QString resolve(const QString &explicitCode, const QString &savedCode, const QLocale &system)
{
    if (isSupported(explicitCode))
        return explicitCode;
    if (isSupported(savedCode))
        return savedCode;
    if (system.language() == QLocale::Chinese)
        return QStringLiteral("zh_CN");
    return kEnglish;
}

bool install(const QString &code)
{
    Installed &state = installed();
    ++state.generation;
    if (state.app)
        QCoreApplication::removeTranslator(state.app.get());
    if (state.qtbase)
        QCoreApplication::removeTranslator(state.qtbase.get());
    state.app.reset();
    state.qtbase.reset();
    state.code = kEnglish;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));

    if (code == kEnglish || !isSupported(code))
        return code == kEnglish;

    auto qtbase = std::make_unique<QTranslator>();
    if (qtbase->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qtbase.get());
        state.qtbase = std::move(qtbase);
    } else {
        log::core()->debug("Qt's own {} translations are not installed", code);
    }

    auto app = std::make_unique<QTranslator>();
    if (!app->load(QStringLiteral(":/i18n/verl-npu-assistant_") + code)) {
        log::core()->error("the {} catalogue is missing from the resources", code);
        return false;
    }
    QCoreApplication::installTranslator(app.get());
    state.app = std::move(app);
    state.code = code;
    QLocale::setDefault(QLocale(code));
    return true;
}

QString current()
{
    return installed().code;
}

quint64 generation()
{
    return installed().generation;
}

} // namespace vna::i18n
