// An audit as text (the CLI, the window's copy, the GitHub report) and as JSON.
#include <QCoreApplication>
#include <QJsonArray>

#include "audit/audit.h"

using namespace Qt::StringLiterals;

namespace vna::audit {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Audit)
};

QString describeStack(const env::Stack &stack)
{
    QStringList parts;
    static const QStringList first{u"verl"_s,      u"vllm-ascend"_s,   u"vllm"_s, u"torch"_s,
                                   u"torch-npu"_s, u"triton-ascend"_s, u"cann"_s, u"python"_s};
    for (const QString &name : first)
        if (stack.has(name))
            parts << u"%1 %2"_s.arg(name == u"cann"         ? u"CANN"_s
                                        : name == u"python" ? u"Python"_s
                                                            : name,
                                    stack.version(name));
    const qsizetype others = stack.versions.size() - parts.size();
    QString text = parts.join(u", "_s);
    if (others > 0)
        text += u", "_s + Text::tr("%n other package(s)", nullptr, static_cast<int>(others));
    if (stack.hardware != env::NpuFamily::Unknown)
        text += u"; "_s + env::familyName(stack.hardware);
    if (!stack.driver.isEmpty())
        text += u"; "_s + Text::tr("driver %1").arg(stack.driver);
    return text;
}

// The stack's formats as the text names them ("pip list" stays a command's name).
QString formatNames(const QStringList &formats)
{
    QStringList names;
    for (const QString &format : formats)
        names << (format == u"version line"    ? Text::tr("version lines")
                      : format == u"image tag" ? Text::tr("image tag")
                                               : format);
    return names.join(u", "_s);
}

QString kindName(const QString &kind)
{
    if (kind == u"requirement")
        return Text::tr("required");
    if (kind == u"image")
        return Text::tr("its image");
    if (kind == u"guide")
        return Text::tr("its guide");
    if (kind == u"docs")
        return Text::tr("its documentation");
    return Text::tr("table");
}

} // namespace

QString auditText(const Audit &audit)
{
    QString out;
    QTextStream s(&out);
    s << Text::tr("Stack: %1").arg(describeStack(audit.stack)) << u'\n';
    if (!audit.stack.formats.isEmpty())
        s << Text::tr("Read from: %1").arg(formatNames(audit.stack.formats)) << u'\n';
    for (const QString &problem : audit.stack.problems)
        s << u"  ! "_s << problem << u'\n';

    int failed = 0;
    int warned = 0;
    int passed = 0;
    int skipped = 0;
    for (const PinCheck &pin : audit.pins) {
        failed += pin.verdict == Verdict::Fail;
        warned += pin.verdict == Verdict::Warn;
        passed += pin.verdict == Verdict::Pass;
        skipped += pin.verdict == Verdict::Skip && pin.installed.isEmpty();
    }
    s << u'\n'
      << Text::tr("Pins: %1 broken, %2 differ from an image or guide, %3 hold, %4 on packages the stack does not name.")
             .arg(failed)
             .arg(warned)
             .arg(passed)
             .arg(skipped)
      << u'\n';
    for (const Verdict shown : {Verdict::Fail, Verdict::Warn, Verdict::Pass, Verdict::Skip}) {
        for (const PinCheck &pin : audit.pins) {
            if (pin.verdict != shown || (shown == Verdict::Skip && pin.installed.isEmpty()))
                continue; // a pin on a package the stack does not name is only counted
            s << u"  "_s << verdictId(pin.verdict).leftJustified(5) << u' '
              << Text::tr("%1 %2: %3 %4 (%5, %6)")
                     .arg(pin.package, pin.installed, pin.owner, pin.spec, kindName(pin.kind), pin.source)
              << u'\n';
            if (!pin.note.isEmpty())
                s << u"        "_s << pin.note << u'\n';
        }
    }
    if (!audit.notChecked.isEmpty())
        s << Text::tr("Not checked:") << u'\n';
    for (const QString &note : audit.notChecked)
        s << u"  - "_s << note << u'\n';

    if (!audit.fixes.isEmpty()) {
        s << u'\n' << Text::tr("Fixes released since the versions you run:") << u'\n';
        for (const ComponentFixes &fixes : audit.fixes) {
            if (fixes.lacking == 0) {
                s << u"  "_s
                  << Text::tr("%1 %2: no NPU fix released since (newest release read: %3).")
                         .arg(fixes.component, fixes.installed, fixes.newest)
                  << u'\n';
                continue;
            }
            s << u"  "_s
              << Text::tr("%1 %2: %3 NPU fixes in later releases; %4 in %5, the next.")
                     .arg(fixes.component,
                          fixes.comparedWith == fixes.installed
                              ? fixes.installed
                              : Text::tr("%1 (compared with %2)").arg(fixes.installed, fixes.comparedWith))
                     .arg(fixes.lacking)
                     .arg(fixes.inNext)
                     .arg(fixes.next)
              << u'\n';
            for (const LackedFix &fix : fixes.shown) {
                s << u"    "_s << (fix.symptom ? u"* "_s : u"- "_s)
                  << (fix.pr > 0 ? u"#%1 "_s.arg(fix.pr) : fix.sha.left(9) + u' ') << fix.subject << u"  ["_s
                  << fix.release << u"]\n"_s;
                if (fix.symptom && !fix.reasons.isEmpty())
                    s << u"      "_s << Text::tr("matches the symptom: %1").arg(fix.reasons.join(u"; "_s)) << u'\n';
                s << u"      "_s << fix.url << u'\n';
            }
        }
    }
    if (!audit.upgrades.isEmpty()) {
        s << u'\n' << Text::tr("Smallest upgrades:") << u'\n';
        for (const Upgrade &upgrade : audit.upgrades) {
            s << u"  "_s << Text::tr("%1 %2 → %3: %4").arg(upgrade.package, upgrade.from, upgrade.to, upgrade.why)
              << u'\n';
            for (const QString &need : upgrade.needs)
                s << u"    "_s << Text::tr("needs %1").arg(need) << u'\n';
            if (!upgrade.blocker.isEmpty())
                s << u"    "_s << Text::tr("impossible here: %1").arg(upgrade.blocker) << u'\n';
        }
    }
    if (!audit.images.isEmpty()) {
        s << u'\n'
          << Text::tr("verl %1's images for %2:")
                 .arg(audit.images.constFirst().release, audit.images.constFirst().hardware)
          << u'\n';
        for (const ImageAdvice &image : audit.images) {
            s << u"  "_s
              << Text::tr("%1 (%2, CANN %3, from %4)")
                     .arg(image.file, image.engine.isEmpty() ? u"-"_s : image.engine, image.cann, image.source)
              << u'\n';
            for (const QString &moving : image.moving)
                s << u"    ! "_s << moving << u'\n';
        }
    }
    s << u'\n'
      << (audit.breaksPin() ? Text::tr("Verdict: the stack breaks %n pin(s).", nullptr, failed)
              : audit.checkedPins() == 0
              ? Text::tr("Verdict: nothing was checked — no release read here pins the "
                         "packages the stack names.")
              : Text::tr("Verdict: no pin broken among the %n checked.", nullptr, audit.checkedPins()))
      << u'\n';
    return out;
}

QJsonObject auditJson(const Audit &audit)
{
    QJsonObject versions;
    for (auto it = audit.stack.versions.cbegin(); it != audit.stack.versions.cend(); ++it)
        versions.insert(it.key(),
                        QJsonObject{{u"version"_s, it->version}, {u"line"_s, it->line}, {u"from"_s, it->from}});
    QJsonObject stack{{u"versions"_s, versions},
                      {u"hardware"_s, env::generationLabel(audit.stack.hardware)},
                      {u"driver"_s, audit.stack.driver},
                      {u"images"_s, QJsonArray::fromStringList(audit.stack.images)},
                      {u"formats"_s, QJsonArray::fromStringList(audit.stack.formats)},
                      {u"problems"_s, QJsonArray::fromStringList(audit.stack.problems)}};
    QJsonArray pins;
    for (const PinCheck &pin : audit.pins)
        pins.append(QJsonObject{{u"owner"_s, pin.owner},
                                {u"package"_s, pin.package},
                                {u"spec"_s, pin.spec},
                                {u"kind"_s, pin.kind},
                                {u"source"_s, pin.source},
                                {u"installed"_s, pin.installed},
                                {u"verdict"_s, verdictId(pin.verdict)},
                                {u"note"_s, pin.note}});
    QJsonArray fixes;
    for (const ComponentFixes &f : audit.fixes) {
        QJsonArray shown;
        for (const LackedFix &fix : f.shown)
            shown.append(QJsonObject{{u"pr"_s, fix.pr},
                                     {u"sha"_s, fix.sha},
                                     {u"subject"_s, fix.subject},
                                     {u"release"_s, fix.release},
                                     {u"url"_s, fix.url},
                                     {u"symptom"_s, fix.symptom},
                                     {u"reasons"_s, QJsonArray::fromStringList(fix.reasons)}});
        fixes.append(QJsonObject{{u"component"_s, f.component},
                                 {u"installed"_s, f.installed},
                                 {u"compared_with"_s, f.comparedWith},
                                 {u"lacking"_s, f.lacking},
                                 {u"next"_s, f.next},
                                 {u"in_next"_s, f.inNext},
                                 {u"newest"_s, f.newest},
                                 {u"shown"_s, shown}});
    }
    QJsonArray upgrades;
    for (const Upgrade &u : audit.upgrades)
        upgrades.append(QJsonObject{{u"package"_s, u.package},
                                    {u"from"_s, u.from},
                                    {u"to"_s, u.to},
                                    {u"why"_s, u.why},
                                    {u"needs"_s, QJsonArray::fromStringList(u.needs)},
                                    {u"blocker"_s, u.blocker}});
    QJsonArray images;
    for (const ImageAdvice &i : audit.images)
        images.append(QJsonObject{{u"release"_s, i.release},
                                  {u"hardware"_s, i.hardware},
                                  {u"file"_s, i.file},
                                  {u"base"_s, i.base},
                                  {u"cann"_s, i.cann},
                                  {u"engine"_s, i.engine},
                                  {u"source"_s, i.source},
                                  {u"moving"_s, QJsonArray::fromStringList(i.moving)}});
    return {{u"stack"_s, stack},
            {u"pins"_s, pins},
            {u"not_checked"_s, QJsonArray::fromStringList(audit.notChecked)},
            {u"fixes"_s, fixes},
            {u"upgrades"_s, upgrades},
            {u"images"_s, images},
            {u"breaks_pin"_s, audit.breaksPin()}};
}

QString auditMarkdown(const QList<NodeAudit> &audits)
{
    QString out = u"## "_s + Text::tr("Stack audit") + u"\n\n"_s;
    for (const NodeAudit &node : audits) {
        out += u"**"_s
            + (node.hosts.isEmpty() ? Text::tr("The stack pasted")
                                    : Text::tr("Nodes: %1").arg(node.hosts.join(u", "_s)))
            + u"**\n\n```text\n"_s + auditText(node.audit) + u"```\n\n"_s;
    }
    return out;
}

} // namespace vna::audit
