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

const QString kPseudo = QStringLiteral("qps");
const QChar kOpen(0x27E6);  // ⟦
const QChar kClose(0x27E7); // ⟧

// Answers every message the Chinese catalogues translate with its English source, marked.
class PseudoTranslator final : public QTranslator
{
public:
    PseudoTranslator(std::unique_ptr<QTranslator> app, std::unique_ptr<QTranslator> qtbase)
        : m_app{std::move(app)}
        , m_qtbase{std::move(qtbase)}
    {}
    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *source, const char *disambiguation, int n) const override
    {
        if (!m_app->translate(context, source, disambiguation, n).isEmpty()
            || (m_qtbase && !m_qtbase->translate(context, source, disambiguation, n).isEmpty()))
            return marked(QString::fromUtf8(source));
        return {};
    }

private:
    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qtbase;
};

std::unique_ptr<QTranslator> qtCatalogue(const QString &code)
{
    auto qtbase = std::make_unique<QTranslator>();
    if (qtbase->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        return qtbase;
    log::core()->debug("Qt's own {} translations are not installed", code);
    return nullptr;
}

std::unique_ptr<QTranslator> appCatalogue(const QString &code)
{
    auto app = std::make_unique<QTranslator>();
    if (app->load(QStringLiteral(":/i18n/verl-npu-assistant_") + code))
        return app;
    log::core()->error("the {} catalogue is missing from the resources", code);
    return nullptr;
}

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
    if (isSupported(code) || code == kPseudo)
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
    if (isSupported(explicitCode) || explicitCode == kPseudo)
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

    if (code == kPseudo) {
        const QString chinese = QStringLiteral("zh_CN");
        std::unique_ptr<QTranslator> app = appCatalogue(chinese);
        if (!app)
            return false;
        state.app = std::make_unique<PseudoTranslator>(std::move(app), qtCatalogue(chinese));
        QCoreApplication::installTranslator(state.app.get());
        state.code = kPseudo;
        return true;
    }
    if (code == kEnglish || !isSupported(code))
        return code == kEnglish;

    if (auto qtbase = qtCatalogue(code)) {
        QCoreApplication::installTranslator(qtbase.get());
        state.qtbase = std::move(qtbase);
    }
    auto app = appCatalogue(code);
    if (!app)
        return false;
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

QString pseudoCode()
{
    return kPseudo;
}

QString marked(const QString &english)
{
    return kOpen + english + kClose;
}

QString pick(const QString &english, const QString &chinese)
{
    if (chinese.isEmpty())
        return english;
    const QString &code = installed().code;
    if (code == kPseudo)
        return marked(english);
    return code == u"zh_CN" ? chinese : english;
}

quint64 generation()
{
    return installed().generation;
}

} // namespace vna::i18n
