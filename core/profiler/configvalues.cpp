// The launch checker's value rules: what a key holds (its dataclass field's annotation, else its
// default) and the values verl accepts (its checks, its registries, a Literal). The rest of
// LaunchConfig is in configrules.cpp.
#include "configrules.h"

#include <QJsonArray>

#include "profiler/configsupport.h"

using namespace Qt::StringLiterals;
using vna::hydra::Value;
using vna::verl::ConfigNode;

namespace vna::profiler {

using namespace configsupport;

namespace {

// What a key expects, from its dataclass field's annotation or else its default.
struct Expectation
{
    enum class Kind { Unknown, Int, Float, Bool, String, List, Dict };
    Kind kind = Kind::Unknown;
    QString why; // "int (FSDPActorConfig.ppo_epochs, v0.9.0:…:44)" or "default 1024, v0.9.0:…:42"
};

Expectation::Kind kindOfAnnotation(QString annotation)
{
    annotation = annotation.trimmed();
    annotation.remove(u"typing."_s);
    if (annotation.startsWith(u"Optional["_s) && annotation.endsWith(u']'))
        annotation = annotation.mid(9, annotation.size() - 10).trimmed();
    for (const QString &none : {u" | None"_s, u"None | "_s})
        annotation.remove(none);
    if (annotation.contains(u'|'))
        return Expectation::Kind::Unknown; // a union of several kinds
    const QString head = annotation.section(u'[', 0, 0);
    static const QHash<QString, Expectation::Kind> kinds{
        {u"int"_s, Expectation::Kind::Int},    {u"float"_s, Expectation::Kind::Float},
        {u"bool"_s, Expectation::Kind::Bool},  {u"str"_s, Expectation::Kind::String},
        {u"list"_s, Expectation::Kind::List},  {u"List"_s, Expectation::Kind::List},
        {u"tuple"_s, Expectation::Kind::List}, {u"dict"_s, Expectation::Kind::Dict},
        {u"Dict"_s, Expectation::Kind::Dict},
    };
    return kinds.value(head, Expectation::Kind::Unknown);
}

Expectation::Kind kindOfDefault(ConfigNode::Type type)
{
    switch (type) {
    case ConfigNode::Type::Bool:
        return Expectation::Kind::Bool;
    case ConfigNode::Type::Int:
        return Expectation::Kind::Int;
    case ConfigNode::Type::Float:
        return Expectation::Kind::Float;
    case ConfigNode::Type::String:
        return Expectation::Kind::String;
    case ConfigNode::Type::List:
        return Expectation::Kind::List;
    case ConfigNode::Type::Dict:
        return Expectation::Kind::Dict;
    default:
        return Expectation::Kind::Unknown;
    }
}

QString kindName(Expectation::Kind kind)
{
    switch (kind) {
    case Expectation::Kind::Int:
        return u"int"_s;
    case Expectation::Kind::Float:
        return u"float"_s;
    case Expectation::Kind::Bool:
        return u"bool"_s;
    case Expectation::Kind::String:
        return u"str"_s;
    case Expectation::Kind::List:
        return u"list"_s;
    case Expectation::Kind::Dict:
        return u"dict"_s;
    case Expectation::Kind::Unknown:
        break;
    }
    return QString();
}

QString jsonText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Bool:
        return v.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return d == static_cast<double>(static_cast<qint64>(d)) ? QString::number(static_cast<qint64>(d))
                                                                : QString::number(d);
    }
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Array: {
        // As the YAML writes it: [console, wandb]
        QStringList items;
        for (const QJsonValue &item : v.toArray())
            items << jsonText(item);
        return u'[' + items.join(u", "_s) + u']';
    }
    default:
        return QString();
    }
}

QStringList texts(const QJsonArray &values)
{
    QStringList out;
    for (const QJsonValue &v : values)
        out << jsonText(v);
    return out;
}

// The value as the accepted-values lists write it, or empty for lists and dicts.
std::optional<QString> scalarText(const Value &v)
{
    switch (v.type()) {
    case Value::Type::String:
        return v.toString();
    case Value::Type::Int:
        return QString::number(v.toInt());
    case Value::Type::Bool:
        return v.toBool() ? u"true"_s : u"false"_s;
    case Value::Type::Float:
        return QString::number(v.toFloat());
    case Value::Type::Null:
        return u"null"_s;
    default:
        return std::nullopt;
    }
}

} // namespace

const verl::Dataclass *LaunchConfig::dataclassOf(const QString &node, bool &instantiated, int depth) const
{
    // A node with a _target_ is built into that class; a plain node is typed by its parent's field (a
    // dict verl passes on as it is: its annotation says what it holds, its checks never run).
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    const ConfigNode *n = nodeOf(node);
    if (!n || depth > 8)
        return nullptr;
    if (!n->target.isEmpty()) {
        instantiated = depth == 0;
        return facts.dataclass(n->target, m_release);
    }
    if (!node.contains(u'.'))
        return nullptr;
    bool ignored = false;
    const verl::Dataclass *outer = dataclassOf(parentOf(node), ignored, depth + 1);
    if (!outer)
        return nullptr;
    const auto field = outer->fields.constFind(leafOf(node));
    if (field == outer->fields.cend() || field->nestedClass.isEmpty())
        return nullptr;
    instantiated = false;
    return facts.dataclass(field->nestedClass, m_release);
}

void LaunchConfig::checkValue(const hydra::Override &o, bool valueKnown, ConfigVerdict &verdict) const
{
    const verl::ConfigFacts &facts = verl::ConfigFacts::instance();
    const ConfigNode *node = nodeOf(o.key);
    if (!node)
        return; // added with + earlier: nothing known of it
    const QString version = m_version.toString();

    // What the key expects and what verl accepts.
    Expectation expect;
    std::optional<verl::AcceptedValues> accepted;
    const QString parent = parentOf(o.key);
    const QString field = leafOf(o.key);
    bool annotated = false; // the dataclass says what the field holds, even if that is several kinds
    bool instantiated = false;
    if (const verl::Dataclass *dataclass = dataclassOf(parent, instantiated)) {
        const auto f = dataclass->fields.constFind(field);
        if (f != dataclass->fields.cend()) {
            annotated = true;
            expect.kind = kindOfAnnotation(f->type);
            expect.why = tr("%1.%2 is %3 (%4)").arg(dataclass->name.section(u'.', -1), field, f->type, f->source);
            if (!f->literal.isEmpty())
                accepted = verl::AcceptedValues{f->literal, {}, f->source, u"literal"_s, QString()};
        }
        const auto c = dataclass->checks.constFind(field);
        if (c != dataclass->checks.cend() && instantiated && built(parent))
            accepted = *c;
    }
    if (expect.kind == Expectation::Kind::Unknown && !annotated) {
        expect.kind = kindOfDefault(node->type);
        if (node->type == ConfigNode::Type::Dict && !node->interpolation.isEmpty())
            expect.kind = Expectation::Kind::Unknown;
        expect.why = node->value.isUndefined() || node->type == ConfigNode::Type::Dict
            ? tr("a %1 in the config (%2)").arg(kindName(expect.kind), node->source)
            : tr("its default is %1 (%2)").arg(jsonText(node->value), node->source);
    }
    if (const auto code = facts.codeValues(o.key, m_release))
        accepted = code;

    if (!valueKnown || !o.value) {
        const bool matters = accepted.has_value()
            || (expect.kind != Expectation::Kind::Unknown && expect.kind != Expectation::Kind::String);
        if (!valueKnown && matters) {
            verdict.checked = false;
            verdict.notChecked = tr("its value comes from a variable the script does not set");
        }
        return;
    }
    const Value &v = *o.value;
    if (v.type() == Value::Type::Interpolation || v.type() == Value::Type::Sweep || v.type() == Value::Type::Call)
        return; // resolved by OmegaConf, or a sweep (checked by the sweep rules)

    // The type.
    const auto wrongType = [&](Finding::Severity severity, const QString &why) {
        verdict.findings.append(makeFinding(
            severity, u"wrong-type"_s,
            tr("%1=%2: %3, so verl expects %4, not %5. %6")
                .arg(o.key, hydra::describe(v), expect.why, kindName(expect.kind), hydra::typeName(v.type()), why),
            o.key));
    };
    const Value::Type t = v.type();
    const bool container = t == Value::Type::List || t == Value::Type::Dict;
    switch (expect.kind) {
    case Expectation::Kind::Int:
    case Expectation::Kind::Float:
        if (t == Value::Type::String && facts.specialValues(field, m_release).contains(v.toString()))
            break; // text verl's code looks for (test_freq=after_each_epoch)
        if (t == Value::Type::String || container) {
            wrongType(Finding::Severity::Error,
                      tr("Hydra and OmegaConf pass it on as it is, and verl's arithmetic on it fails at start-up."));
            return;
        }
        if (t == Value::Type::Bool) {
            wrongType(Finding::Severity::Warning, tr("Python counts true as 1 and false as 0."));
            return;
        }
        // Only a dataclass field says "whole number": a YAML default of 0 is as much a float's default
        // (entropy_coeff: 0 before verl 0.6 typed it float), and OmegaConf keeps whichever it is given.
        if (expect.kind == Expectation::Kind::Int && t == Value::Type::Float && annotated) {
            wrongType(Finding::Severity::Warning,
                      tr("Hydra reads it as a float; verl passes it to code that wants a whole number."));
            return;
        }
        break;
    case Expectation::Kind::Bool:
        if (container) {
            wrongType(Finding::Severity::Error, tr("verl tests it as a switch."));
            return;
        }
        if (t == Value::Type::String) {
            wrongType(Finding::Severity::Warning, tr("Any text but an empty one reads as true, 'false' included."));
            return;
        }
        break;
    case Expectation::Kind::List:
        if (t == Value::Type::Dict) {
            wrongType(Finding::Severity::Error,
                      tr("Hydra cannot merge a dict into a list and stops (\"Error merging "
                         "override\")."));
            return;
        }
        if (t != Value::Type::List && t != Value::Type::Null) {
            wrongType(Finding::Severity::Warning, tr("Code that loops over it takes the text letter by letter."));
            return;
        }
        break;
    case Expectation::Kind::Dict:
        if (t == Value::Type::Dict && node->type == ConfigNode::Type::Dict) {
            // +key={…} and ++key={…} merge with force_add (hydra 1.3.2 config_loader_impl.py: an add
            // whose value is a dict), so new keys are taken.
            if (o.prefix == hydra::Override::Prefix::Add || o.prefix == hydra::Override::Prefix::ForceAdd)
                return;
            // Merged into the node: every key must be one it has (the config is closed).
            for (const auto &[k, sub] : v.toDict()) {
                Q_UNUSED(sub);
                if (!exists(o.key + u'.' + k)) {
                    verdict.findings.append(makeFinding(
                        Finding::Severity::Error, u"dict-new-key"_s,
                        tr("%1={…} merges %2 into %1, which has no key %2, so Hydra stops (\"Could not override "
                           "'%1'\"); add new keys with +%1.%2=….")
                            .arg(o.key, k),
                        o.key));
                    return;
                }
            }
            return;
        }
        if (t != Value::Type::Dict && t != Value::Type::Null) {
            wrongType(Finding::Severity::Error,
                      tr("Hydra replaces the whole node with it, and verl reads fields of it."));
            return;
        }
        break;
    case Expectation::Kind::String:
        if (container) {
            wrongType(Finding::Severity::Warning, tr("verl uses it as text."));
            return;
        }
        break;
    case Expectation::Kind::Unknown:
        break;
    }

    // The values verl accepts.
    if (!accepted)
        return;
    const std::optional<QString> text = scalarText(v);
    if (!text)
        return;
    if (texts(accepted->refused).contains(*text)) {
        verdict.findings.append(makeFinding(Finding::Severity::Error, u"value-refused"_s,
                                            tr("%1=%2: verl %3 refuses this value and stops at start-up (%4).")
                                                .arg(o.key, *text, version, accepted->source),
                                            o.key));
        verdict.drop = true;
        return;
    }
    const QStringList values = texts(accepted->values);
    if (values.isEmpty() || values.contains(*text) || t == Value::Type::Null)
        return;
    const QString near = closest(*text, values);
    Finding f = makeFinding(accepted->how == u"literal" ? Finding::Severity::Warning : Finding::Severity::Error,
                            u"value-refused"_s, QString(), o.key);
    if (accepted->how == u"literal")
        f.message = tr("%1=%2: verl %3 declares it as one of %4 (%5) but does not check it at start-up; its code "
                       "handles only those.")
                        .arg(o.key, *text, version, values.join(u", "_s), accepted->source);
    else if (accepted->how == u"code")
        f.message = tr("%1=%2: verl %3 knows only %4 (%5); another value fails when verl first uses it.")
                        .arg(o.key, *text, version, values.join(u", "_s), accepted->source);
    else
        f.message = tr("%1=%2: verl %3 accepts only %4 and stops at start-up otherwise (%5).")
                        .arg(o.key, *text, version, values.join(u", "_s), accepted->source);
    if (!near.isEmpty()) {
        hydra::Override fixed = o;
        fixed.value = Value::string(near);
        setFixes(f, {fixed});
        if (f.severity == Finding::Severity::Error)
            verdict.instead = fixed;
        f.message += u' ' + tr("Did you mean %1?").arg(near);
    }
    verdict.findings.append(f);
}

} // namespace vna::profiler
