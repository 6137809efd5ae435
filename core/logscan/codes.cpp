#include "codes.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace vna::logscan {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(CodeCatalogue)
};

LocalizedText localized(const QJsonObject &object)
{
    return {object.value(u"en"_s).toString(), object.value(u"zh_CN"_s).toString()};
}

// The words before a numeric code in the forms ACL, the runtime and torch_npu print it with.
const QString &numericLead()
{
    static const QString lead = u"\\b(?i:failed|error ?code|ret(?:code)?|errcode|errno|result|code|error|aclnnStatus)"
                                u"(?:\\s*(?:is|:|=)\\s*|\\s+)"_s;
    return lead;
}

} // namespace

const CodeCatalogue &CodeCatalogue::builtin()
{
    static const CodeCatalogue catalogue = [] {
        QFile file(u":/data/ascend-codes.json"_s);
        if (!file.open(QIODevice::ReadOnly)) {
            CodeCatalogue empty;
            empty.m_error = Text::tr("ascend-codes.json is missing from the program's resources");
            return empty;
        }
        auto parsed = parse(file.readAll(), u"ascend-codes.json"_s);
        if (!parsed) {
            CodeCatalogue empty;
            empty.m_error = parsed.error().message;
            return empty;
        }
        return *std::move(parsed);
    }();
    return catalogue;
}

Result<CodeCatalogue> CodeCatalogue::parse(const QByteArray &json, const QString &file)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return Error::input(
            Text::tr("%1: not valid JSON at byte %2: %3").arg(file).arg(error.offset).arg(error.errorString()), file);
    const QJsonObject root = document.object();
    if (root.value(u"schema"_s).toInt() != 1 || !root.value(u"codes"_s).isArray())
        return Error::input(Text::tr("%1: expected schema 1 with a \"codes\" array.").arg(file), file);
    CodeCatalogue out;
    const QJsonObject classes = root.value(u"classes"_s).toObject();
    for (auto it = classes.begin(); it != classes.end(); ++it) {
        const QJsonObject c = it.value().toObject();
        out.m_classes.insert(it.key(),
                             {localized(c.value(u"title"_s).toObject()), localized(c.value(u"step"_s).toObject())});
    }
    const QJsonArray codes = root.value(u"codes"_s).toArray();
    for (qsizetype i = 0; i < codes.size(); ++i) {
        const QJsonObject o = codes.at(i).toObject();
        CodeInfo info;
        info.code = o.value(u"code"_s).toString();
        info.family = o.value(u"family"_s).toString();
        info.name = o.value(u"name"_s).toString();
        for (const QJsonValue alias : o.value(u"aliases"_s).toArray())
            info.aliases << alias.toString();
        info.meaning = {o.value(u"en"_s).toString(), o.value(u"zh"_s).toString()};
        info.codeClass = o.value(u"class"_s).toString();
        info.source = o.value(u"source"_s).toString();
        for (const QJsonValue entry : o.value(u"kb"_s).toArray())
            info.entries << entry.toString();
        info.wrapper = o.value(u"wrapper"_s).toBool();
        if (info.code.isEmpty() || !out.m_classes.contains(info.codeClass) || out.m_index.contains(info.code))
            return Error::input(
                Text::tr("%1: code %2 has no code, an unknown class or a duplicate.").arg(file).arg(i + 1), file);
        out.m_index.insert(info.code, out.m_codes.size());
        out.m_codes << std::move(info);
    }
    return out;
}

const CodeInfo *CodeCatalogue::find(const QString &code) const
{
    const auto it = m_index.constFind(code);
    return it == m_index.cend() ? nullptr : &m_codes.at(*it);
}

const CodeInfo *CodeCatalogue::lookup(const QString &text) const
{
    const QString typed = text.trimmed();
    if (typed.isEmpty())
        return nullptr;
    if (const CodeInfo *exact = find(typed.toUpper()))
        return exact;
    for (const CodeInfo &code : m_codes) {
        if (code.name.compare(typed, Qt::CaseInsensitive) == 0
            || std::any_of(code.aliases.begin(), code.aliases.end(),
                           [&](const QString &alias) { return alias.compare(typed, Qt::CaseInsensitive) == 0; }))
            return &code;
    }
    return nullptr;
}

const CodeClass *CodeCatalogue::codeClass(const QString &name) const
{
    const auto it = m_classes.constFind(name);
    return it == m_classes.cend() ? nullptr : &*it;
}

QList<Indication> codeIndications(const QStringList &codes)
{
    static const QRegularExpression numeric(u"^[0-9]{6,10}$"_s);
    QStringList digits;
    QStringList words;
    QStringList hccl;
    for (const QString &code : codes) {
        if (code.startsWith(u"HCCL:"))
            hccl << code.mid(5);
        else if (numeric.match(code).hasMatch())
            digits << code;
        else
            words << code;
    }
    QList<Indication> out;
    // The prefilter looks for the codes' first five characters: as rare as the codes on ordinary lines,
    // and a tenth as many literals for Vectorscan to compile when the analyzer starts.
    const auto prefixes = [](const QStringList &all) {
        QStringList heads;
        for (const QString &code : all)
            heads << code.left(5);
        heads.removeDuplicates();
        return heads;
    };
    const auto add = [&out](const QString &regex, const QStringList &literals) {
        Indication made;
        made.regex = regex;
        made.literals = literals;
        made.fromCodes = true;
        out << made;
    };
    if (!digits.isEmpty())
        add(numericLead() + u"(?P<code>"_s + digits.join(u'|') + u")\\b"_s, prefixes(digits));
    if (!words.isEmpty()) {
        QStringList escaped;
        for (const QString &word : words)
            escaped << QRegularExpression::escape(word);
        add(u"\\b(?P<code>"_s + escaped.join(u'|') + u")\\b"_s, prefixes(words));
    }
    if (!hccl.isEmpty()) {
        const QString values = hccl.join(u'|');
        // torch_npu's HCCL_CHECK_ERROR: "HCCL function error: hcclCommInitRootInfoConfig(…), error code is 15"
        add(u"HCCL function error: .*?error code is (?P<hccl>"_s + values + u")\\b"_s, {u"HCCL function error"_s});
        // its task queue's OPS_CHECK_ERROR, which prints the HcclResult of a collective:
        // "OPS function error: HcclAllreduce, error code is 6"
        add(u"OPS function error: Hccl\\w*, error code is (?P<hccl>"_s + values + u")\\b"_s,
            {u"OPS function error: Hccl"_s});
        // HCCL's own log: "call trace: hcclRet -> 9", "… is failed. ret[9]", "return[11]"; MindIE's
        // "HcclCommInitRootInfo fail, error:2"
        add(u"(?:hcclRet -> |\\] HCCL\\(.*?\\b(?:ret|return)\\[|\\bHccl\\w+ fail(?:ed)?, error:)(?P<hccl>"_s + values
                + u")\\b"_s,
            {u"hcclRet -> "_s, u"] HCCL("_s, u"Hccl"_s});
        // and its error number: module 5 (HCCL), a submodule, and the HcclResult in the low 16 bits:
        // "errNo[0x0000000005010009]"
        QStringList hex;
        for (const QString &value : hccl)
            hex << u"%1"_s.arg(value.toInt(), 4, 16, QChar(u'0'));
        add(u"errNo\\[0x00000000050[0-3](?i:(?P<hcclhex>"_s + hex.join(u'|') + u"))\\]"_s, {u"errNo[0x0000000005"_s});
    }
    return out;
}

const Entry *explainingEntry(const CodeInfo &code, const QList<Entry> &entries)
{
    const Entry *generic = nullptr;
    for (const Entry &entry : entries) {
        if (entry.codes.contains(code.code))
            return &entry;
        if (entry.findsAnyCode())
            generic = &entry;
    }
    return code.givesFinding() ? generic : nullptr;
}

QStringList describeCode(const CodeInfo &code, const QList<Entry> &entries, const QString &language)
{
    static const QHash<QString, const char *> families{
        {u"acl"_s, QT_TRANSLATE_NOOP("CodeCatalogue", "ACL / runtime return code")},
        {u"cann"_s, QT_TRANSLATE_NOOP("CodeCatalogue", "CANN error code")},
        {u"hccl"_s, QT_TRANSLATE_NOOP("CodeCatalogue", "HCCL return value")},
        {u"aclnn"_s, QT_TRANSLATE_NOOP("CodeCatalogue", "aclnn operator API status")},
        {u"torch_npu"_s, QT_TRANSLATE_NOOP("CodeCatalogue", "torch_npu error code")}};
    QStringList out;
    const QString shown = code.family == u"hccl" ? code.code.mid(5) : code.code;
    out << u"%1  %2  (%3)"_s.arg(shown, code.name, Text::tr(families.value(code.family, "")));
    if (!code.aliases.isEmpty())
        out << Text::tr("Also printed as: %1").arg(code.aliases.join(u", "_s));
    const QString meaning = code.meaning.in(language).isEmpty() ? code.meaning.en : code.meaning.in(language);
    out << Text::tr("Meaning: %1").arg(meaning);
    if (const CodeClass *codeClass = CodeCatalogue::builtin().codeClass(code.codeClass))
        out << Text::tr("Class: %1. %2").arg(codeClass->title.in(language), codeClass->step.in(language));
    if (code.wrapper)
        out << Text::tr("It only wraps another fault: the code or message printed with it names the cause.");
    if (const Entry *entry = explainingEntry(code, entries))
        out << Text::tr("Explained by: %1 (%2)")
                   .arg(entry->id,
                        entry->findsAnyCode() ? Text::tr("the generic finding for a known code")
                                              : fillPlaceholders(entry->title.in(language), {}));
    out << Text::tr("Source: %1").arg(code.source);
    return out;
}

QJsonObject toJson(const CodeInfo &code, const QList<Entry> &entries)
{
    const Entry *entry = explainingEntry(code, entries);
    return {{u"code"_s, code.code},
            {u"family"_s, code.family},
            {u"name"_s, code.name},
            {u"aliases"_s, QJsonArray::fromStringList(code.aliases)},
            {u"meaning"_s, QJsonObject{{u"en"_s, code.meaning.en}, {u"zh_CN"_s, code.meaning.zhCN}}},
            {u"class"_s, code.codeClass},
            {u"wrapper"_s, code.wrapper},
            {u"explained_by"_s, entry ? QJsonValue(entry->id) : QJsonValue(QJsonValue::Null)},
            {u"source"_s, code.source}};
}

QString codeKey(const QString &codeCapture, const QString &hcclCapture, const QString &hcclHexCapture)
{
    if (!codeCapture.isEmpty())
        return codeCapture;
    if (!hcclHexCapture.isEmpty()) {
        bool ok = false;
        const int value = hcclHexCapture.toInt(&ok, 16);
        return ok ? u"HCCL:"_s + QString::number(value) : QString();
    }
    return hcclCapture.isEmpty() ? QString() : u"HCCL:"_s + hcclCapture;
}

} // namespace vna::logscan
