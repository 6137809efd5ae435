#include "env/stack.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include "common/pyversion.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Stack)
};

// The names people give the components in prose and in collect_env.py's output, to pip's canonical names
// (plus "python", "cann" and "driver").
const QHash<QString, QString> &aliases()
{
    static const QHash<QString, QString> names{
        {u"verl"_s, u"verl"_s},
        {u"vllm"_s, u"vllm"_s},
        {u"vllm-ascend"_s, u"vllm-ascend"_s},
        {u"vllm ascend"_s, u"vllm-ascend"_s},
        {u"torch"_s, u"torch"_s},
        {u"pytorch"_s, u"torch"_s},
        {u"torch-npu"_s, u"torch-npu"_s},
        {u"torchnpu"_s, u"torch-npu"_s},
        {u"pta"_s, u"torch-npu"_s},
        {u"cann"_s, u"cann"_s},
        {u"cann toolkit"_s, u"cann"_s},
        {u"ascend-cann-toolkit"_s, u"cann"_s},
        {u"ascend cann toolkit"_s, u"cann"_s},
        {u"python"_s, u"python"_s},
        {u"triton-ascend"_s, u"triton-ascend"_s},
        {u"transformers"_s, u"transformers"_s},
        {u"ray"_s, u"ray"_s},
        {u"mindspeed"_s, u"mindspeed"_s},
        {u"megatron-core"_s, u"megatron-core"_s},
        {u"mbridge"_s, u"mbridge"_s},
        {u"sglang"_s, u"sglang"_s},
        {u"tensordict"_s, u"tensordict"_s},
        {u"torchvision"_s, u"torchvision"_s},
        {u"driver"_s, u"driver"_s},
        {u"npu driver"_s, u"driver"_s},
        {u"ascend driver"_s, u"driver"_s},
    };
    return names;
}

// The alias a name (as written before its version) is, or empty: "vLLM Ascend Version" → vllm-ascend.
QString aliasOf(QString name)
{
    name = name.trimmed().toLower();
    name.replace(u'_', u'-');
    static const QRegularExpression suffix(uR"(\s+(version|ver\.?|release)$)"_s);
    name.remove(suffix);
    if (const auto it = aliases().constFind(name); it != aliases().cend())
        return *it;
    QString dashed = name;
    dashed.replace(u' ', u'-');
    return aliases().value(dashed);
}

const QString kVersion = uR"(v?(\d+(?:\.[0-9A-Za-z]+)*(?:[-+][0-9A-Za-z.]+)?))"_s;

bool readable(const QString &name, const QString &version)
{
    if (name == u"cann" || name == u"driver")
        return true;
    return PyVersion::parse(version).has_value();
}

QString problemAt(int line, const QString &what)
{
    return Text::tr("Line %1: %2").arg(line).arg(what);
}

struct Reader
{
    Stack stack;
    bool table = false;     // a pip list / conda list header was seen: every name is a package
    bool cannBlock = false; // collect_env's "CANN:" block or a toolkit info file: its version= is CANN's
    QString section;        // diagnose.py's current "… Info" section
    int found = 0;

    void format(const QString &name)
    {
        if (!stack.formats.contains(name))
            stack.formats.append(name);
    }

    void add(const QString &name, QString version, int line, const QString &from)
    {
        if (version.startsWith(u'v') || version.startsWith(u'V'))
            version.remove(0, 1);
        // An image's suffix after the version: "0.13.0rc2-a3", "0.11.0-openeuler".
        static const QRegularExpression imageSuffix(uR"(-(910b|a2|a3|a5|310p|openeuler)\b.*$)"_s,
                                                    QRegularExpression::CaseInsensitiveOption);
        if (const auto m = imageSuffix.match(version); m.hasMatch() && name != u"cann") {
            hardware(familyFromText(m.captured(1)), line, Text::tr("The image tag"));
            version.truncate(m.capturedStart());
        }
        // "0.13.0-rc1" as an image or a sentence writes 0.13.0rc1.
        static const QRegularExpression dashedPre(uR"(-(rc|a|b|post|dev)(\d+)$)"_s);
        if (name != u"cann")
            version.replace(dashedPre, u"\\1\\2"_s);
        if (name == u"cann") {
            // "8.3rc1", "8.3.rc1" and "8.3.RC1" are one release as CANN names it.
            static const QRegularExpression rc(uR"(^(\d+)\.(\d+)\.?[Rr][Cc](\d+)(.*)$)"_s);
            if (const auto m = rc.match(version); m.hasMatch())
                version = u"%1.%2.RC%3%4"_s.arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
        }
        if (!readable(name, version)) {
            stack.problems.append(problemAt(
                line, Text::tr("%1's version \"%2\" is not a version number; it is not used.").arg(name, version)));
            return;
        }
        if (name == u"driver") {
            if (stack.driver.isEmpty())
                stack.driver = version;
            ++found;
            return;
        }
        const auto existing = stack.versions.constFind(name);
        if (existing != stack.versions.cend()) {
            if (existing->version != version)
                stack.problems.append(problemAt(line,
                                                Text::tr("%1 is given again as %2 (line %3 says %4); line %3 is used.")
                                                    .arg(name, version)
                                                    .arg(existing->line)
                                                    .arg(existing->version)));
            return;
        }
        stack.versions.insert(name, StackVersion{version, line, from});
        format(from);
        ++found;
    }

    void hardware(NpuFamily family, int line, const QString &from)
    {
        if (family == NpuFamily::Unknown)
            return;
        if (stack.hardware != NpuFamily::Unknown && stack.hardware != family) {
            stack.problems.append(problemAt(line,
                                            Text::tr("%1 says %2, but line %3 says %4; line %3 is used.")
                                                .arg(from, familyName(family))
                                                .arg(stack.hardwareLine)
                                                .arg(familyName(stack.hardware))));
            return;
        }
        if (stack.hardware == NpuFamily::Unknown) {
            stack.hardware = family;
            stack.hardwareLine = line;
            stack.hardwareFrom = from;
        }
        ++found;
    }

    // Image tags anywhere in the line: verl's (verl-8.5.0-a3-ubuntu22.04-py3.11-…), CANN's base images
    // (cann:8.3.rc1-910b-ubuntu22.04-py3.11) and vllm-ascend's (vllm-ascend:v0.11.0rc1-a3-openeuler).
    bool images(const QString &text, int line)
    {
        static const QRegularExpression cannLike(
            uR"(((?:[\w.-]+/)*(verl|cann)[:-](\d+\.\d+\.(?:rc\d+|RC\d+|\d+)(?:\.[\w]+)?)-(910b|a2|a3|a5|910c|310p)-(ubuntu|openeuler|euleros)[\d.]*-py(\d\.\d+)[\w.+-]*))"_s,
            QRegularExpression::CaseInsensitiveOption);
        static const QRegularExpression vllmAscend(
            uR"(((?:[\w.-]+/)*vllm-ascend:v?(\d+\.\d+\.\d+(?:rc\d+|\.post\d+)*)(?:-(910b|a2|a3|a5|310p))?(?:-openeuler)?)\b)"_s,
            QRegularExpression::CaseInsensitiveOption);
        bool any = false;
        auto it = cannLike.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            const QString tag = m.captured(1);
            if (!stack.images.contains(tag))
                stack.images.append(tag);
            add(u"cann"_s, m.captured(3), line, u"image tag"_s);
            add(u"python"_s, m.captured(6), line, u"image tag"_s);
            hardware(familyFromText(m.captured(4)), line, Text::tr("The image tag"));
            any = true;
        }
        it = vllmAscend.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            const QString tag = m.captured(1);
            if (!stack.images.contains(tag))
                stack.images.append(tag);
            add(u"vllm-ascend"_s, m.captured(2), line, u"image tag"_s);
            if (m.hasCaptured(3))
                hardware(familyFromText(m.captured(3)), line, Text::tr("The image tag"));
            any = true;
        }
        if (any)
            format(u"image tag"_s);
        return any;
    }

    // Versions inside a sentence: "verl branch 0.8.0.dev0, using … with cann8.3rc1".
    bool prose(const QString &text, int line)
    {
        static const QRegularExpression re(
            uR"((?:^|[^\w.-])(verl|vllm[-_ ]?ascend|vllm|torch[-_]npu|torch|pytorch|cann|python|triton[-_]ascend|)"
            uR"(transformers|mindspeed|megatron[-_]core|mbridge|sglang))"
            // Between the name and its version: "version", "branch", a hyphen, or the Chinese for "(its) version
            // is" ("torch版本2.1", "torch-npu 的版本为 2.9.0").
            uR"((?:\s*(?:version|branch|ver\.?|release|is|tag|的?版本号?(?:为|是)?|为|是|-))*)"
            uR"(\s*(?:[:=：]=?|@)?\s*v?(\d+(?:\.[0-9A-Za-z]+)+(?:[-+][0-9A-Za-z.]+)?))"_s,
            QRegularExpression::CaseInsensitiveOption);
        bool any = false;
        auto it = re.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            add(aliasOf(m.captured(1)), m.captured(2), line, u"version line"_s);
            any = true;
        }
        return any;
    }

    void read(QString text, int line)
    {
        text = text.trimmed();
        if (text.isEmpty())
            return;
        static const QRegularExpression pipHeader(uR"(^Package\s+Version(\s|$))"_s);
        static const QRegularExpression condaHeader(uR"(^#\s*(Name\s+Version\s+Build|packages in environment))"_s);
        if (pipHeader.match(text).hasMatch()) {
            table = true;
            format(u"pip list"_s);
            return;
        }
        if (condaHeader.match(text).hasMatch()) {
            table = true;
            format(u"conda list"_s);
            return;
        }
        // verl's scripts/diagnose.py prints "----------verl Info-----------" and then "Version : 0.8.0.dev".
        static const QRegularExpression infoHeader(uR"(^-{3,}\s*(\w+)\s+Info\s*-{3,}$)"_s);
        if (const auto m = infoHeader.match(text); m.hasMatch()) {
            section = m.captured(1).toLower();
            format(u"diagnose.py"_s);
            return;
        }
        if (text.startsWith(u"---"_s) || text.startsWith(u'#'))
            return;
        text.remove(u'`'); // markdown code spans: - `torch`: `2.12.0`
        static const QRegularExpression sectionVersion(uR"(^Version\s*:\s*(\S+)$)"_s);
        if (const auto m = sectionVersion.match(text); m.hasMatch()) {
            if (section == u"verl" || section == u"python")
                add(section, m.captured(1), line, u"diagnose.py"_s);
            return;
        }
        if (images(text, line))
            return;

        // Prefixes around a version line: collect_env's "[pip3] ", "[conda] ", list bullets, prompts.
        QString from
            = table ? stack.formats.contains(u"conda list"_s) ? u"conda list"_s : u"pip list"_s : u"version line"_s;
        bool anyName = table;
        static const QRegularExpression prefix(uR"(^(\[(pip3?|conda)\]\s+|[-*•>$]\s+))"_s);
        if (const auto m = prefix.match(text); m.hasMatch()) {
            if (m.captured(2).startsWith(u"pip"_s) || m.captured(2) == u"conda") {
                anyName = true;
                from = u"collect_env"_s;
            }
            text = text.mid(m.capturedLength()).trimmed();
        }
        // A markdown table row: | name | version |
        if (text.startsWith(u'|')) {
            QStringList cells = text.split(u'|');
            for (QString &cell : cells)
                cell = cell.trimmed();
            cells.removeAll(QString());
            if (cells.size() < 2)
                return;
            text = cells.at(0) + u' ' + cells.at(1);
        }

        // collect_env's CANN block: "package_name=Ascend-cann-toolkit" then "version=8.1.RC1".
        static const QRegularExpression keyValue(uR"(^(\w+)=(\S+)$)"_s);
        if (const auto m = keyValue.match(text); m.hasMatch() && !text.contains(u"=="_s)) {
            const QString key = m.captured(1).toLower();
            if (key == u"package_name")
                cannBlock = m.captured(2).contains(u"cann"_s, Qt::CaseInsensitive)
                    || m.captured(2).contains(u"toolkit"_s, Qt::CaseInsensitive);
            else if (key == u"version" && cannBlock) {
                add(u"cann"_s, m.captured(2), line, u"collect_env"_s);
                cannBlock = false;
            }
            return;
        }
        if (text.compare(u"CANN:"_s, Qt::CaseInsensitive) == 0) {
            cannBlock = true;
            return;
        }

        static const QRegularExpression freeze(uR"(^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*(\S+)$)"_s);
        if (const auto m = freeze.match(text); m.hasMatch()) {
            const QString alias = aliasOf(m.captured(1));
            const QString name = alias.isEmpty() ? canonicalPackage(m.captured(1)) : alias;
            add(name, m.captured(2), line, from == u"version line" ? u"pip freeze"_s : from);
            return;
        }
        static const QRegularExpression direct(uR"(^([A-Za-z0-9][A-Za-z0-9._-]*)\s+@\s+(\S+)$)"_s);
        if (const auto m = direct.match(text); m.hasMatch()) {
            const QString name = canonicalPackage(m.captured(1));
            // A wheel's file name holds its version: torch_npu-2.5.1.post1-cp310-…whl.
            static const QRegularExpression wheel(uR"(([A-Za-z0-9_.]+)-(\d[^-/]*)-[^/]*\.whl$)"_s);
            if (const auto w = wheel.match(m.captured(2)); w.hasMatch())
                add(name, w.captured(2), line, u"pip freeze"_s);
            else
                stack.problems.append(problemAt(
                    line, Text::tr("%1 is installed from %2, which states no version.").arg(name, m.captured(2))));
            return;
        }
        static const QRegularExpression editable(uR"(^-e\s+\S*#egg=([A-Za-z0-9._-]+))"_s);
        if (const auto m = editable.match(text); m.hasMatch()) {
            stack.problems.append(problemAt(
                line,
                Text::tr("%1 is installed from a git checkout (-e), which states no release: give its version "
                         "(python -c \"import %2; print(%2.__version__)\").")
                    .arg(canonicalPackage(m.captured(1)), m.captured(1).replace(u'-', u'_'))));
            return;
        }

        // "name version …" (pip list, conda list, prose) and "name: version", "name version: version".
        static const QRegularExpression named(
            (uR"(^([A-Za-z][A-Za-z0-9._ -]*?)\s*(?::|=|\s)\s*)"_s + kVersion + uR"((?:\s.*)?$)"_s));
        if (const auto m = named.match(text); m.hasMatch()) {
            const QString alias = aliasOf(m.captured(1));
            const bool oneWord = !m.captured(1).trimmed().contains(u' ');
            if (!alias.isEmpty()) {
                add(alias, m.captured(2), line, from);
                return;
            }
            if (anyName && oneWord) {
                add(canonicalPackage(m.captured(1)), m.captured(2), line, from);
                return;
            }
        }
        if (prose(text, line)) {
            hardware(familyFromText(text), line, Text::tr("The hardware named"));
            return;
        }
        // A known name with something else where its version goes: "verl: main", "vllm-ascend latest".
        static const QRegularExpression other(uR"(^([A-Za-z][A-Za-z0-9._ -]*?)\s*(?::|==|\s)\s*(\S+)\s*$)"_s);
        if (const auto m = other.match(text); m.hasMatch()) {
            const QString alias = aliasOf(m.captured(1));
            if (!alias.isEmpty() && alias != u"driver") {
                stack.problems.append(
                    problemAt(line,
                              Text::tr("%1 is given as \"%2\", not a release: what it runs is not known.")
                                  .arg(alias, m.captured(2))));
                return;
            }
        }
        if (const NpuFamily family = familyFromText(text); family != NpuFamily::Unknown)
            hardware(family, line, Text::tr("The hardware named"));
    }
};

} // namespace

QString canonicalPackage(const QString &name)
{
    static const QRegularExpression runs(uR"([-_.]+)"_s);
    return name.toLower().replace(runs, u"-"_s);
}

NpuFamily familyFromText(const QString &text)
{
    static const QRegularExpression a3(
        uR"((?:^|[^A-Za-z0-9])(a3|910c|910_93\d*|ascend910_93\d*|atlas\s*\d+\w?\s*a3|superpod)(?:$|[^A-Za-z0-9]))"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression a2(
        uR"((?:^|[^A-Za-z0-9])(a2|910b\d?|ascend910b\d?|atlas\s*\d+\w?\s*a2)(?:$|[^A-Za-z0-9]))"_s,
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression a5(uR"((?:^|[^A-Za-z0-9])(a5|950\w*|ascend950\w*)(?:$|[^A-Za-z0-9]))"_s,
                                       QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression p310(uR"((?:^|[^A-Za-z0-9])(310p\d?|300i\s*duo)(?:$|[^A-Za-z0-9]))"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    if (a3.match(text).hasMatch())
        return NpuFamily::AtlasA3;
    if (a2.match(text).hasMatch())
        return NpuFamily::AtlasA2;
    if (a5.match(text).hasMatch())
        return NpuFamily::AtlasA5;
    if (p310.match(text).hasMatch())
        return NpuFamily::Ascend310P;
    return NpuFamily::Unknown;
}

QString generationLabel(NpuFamily family)
{
    switch (family) {
    case NpuFamily::Unknown:
    case NpuFamily::Ascend910:
    case NpuFamily::Ascend310B:
        return QString();
    case NpuFamily::AtlasA2:
        return u"A2"_s;
    case NpuFamily::AtlasA3:
        return u"A3"_s;
    case NpuFamily::AtlasA5:
        return u"A5"_s;
    case NpuFamily::Ascend310P:
        return u"310P"_s;
    }
    return QString();
}

Result<Stack> parseStack(const QString &text)
{
    Reader reader;
    const QStringList lines = text.split(u'\n');
    // npu-smi info: its table says the chips (and the driver); its rows are not version lines.
    int smiFirst = -1;
    int smiLast = -1;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (smiFirst < 0 && line.contains(u"npu-smi"_s) && line.contains(u"Version"_s))
            smiFirst = i;
        if (smiFirst >= 0 && (line.trimmed().startsWith(u'+') || line.trimmed().startsWith(u'|')))
            smiLast = i;
    }
    if (smiFirst >= 0) {
        if (auto info = parseNpuSmiInfo(lines.mid(smiFirst, smiLast - smiFirst + 1).join(u'\n'))) {
            reader.format(u"npu-smi info"_s);
            reader.hardware(info->family, smiFirst + 1, u"npu-smi info"_s);
            if (!info->driverVersion.isEmpty())
                reader.stack.driver = info->driverVersion;
            ++reader.found;
        } else {
            smiFirst = -1;
        }
    }
    for (int i = 0; i < lines.size(); ++i) {
        if (smiFirst >= 0 && i >= smiFirst && i <= smiLast)
            continue;
        QString line = lines.at(i);
        line.remove(u'\r');
        reader.read(line, i + 1);
    }
    if (reader.found == 0)
        return Error::input(
            Text::tr("No versions found: paste the output of pip list, pip freeze or conda list, lines such as "
                     "\"verl 0.7.1\" or \"CANN: 8.3.RC1\", an image tag, or npu-smi info.")
            + (reader.stack.problems.isEmpty() ? QString() : u' ' + reader.stack.problems.join(u' ')));
    return reader.stack;
}

} // namespace vna::env
