#include "auditcommand.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include "audit/audit.h"
#include "cli/dispatcher.h"
#include "env/stack.h"
#include "upstream/index.h"

using namespace Qt::StringLiterals;

namespace vna::cli {

namespace {

// A pasted stack or symptom is small; more than this is not one.
constexpr qint64 kMaxInput = 4 << 20;

Result<QString> readText(const QString &path, const QString &option)
{
    const bool standardInput = path == u"-";
    const QString shown = standardInput ? AuditCommand::tr("<stdin>") : path;
    if (!standardInput && QFileInfo(path).exists() && !QFileInfo(path).isFile())
        return Error::input(AuditCommand::tr("%1 is not a regular file.").arg(shown), option);
    QFile file(standardInput ? QString() : path);
    const bool opened = standardInput ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
    if (!opened)
        return Error::input(AuditCommand::tr("Cannot read %1: %2").arg(shown, file.errorString()), option);
    const QByteArray bytes = file.read(kMaxInput + 1);
    if (bytes.size() > kMaxInput)
        return Error::input(AuditCommand::tr("%1 is larger than 4 MiB: paste the versions (pip list, npu-smi info), "
                                             "or the error lines, not a whole log.")
                                .arg(shown),
                            option);
    return QString::fromUtf8(bytes);
}

} // namespace

QString AuditCommand::name() const
{
    return u"audit"_s;
}

QString AuditCommand::summary() const
{
    return tr("Audit a stack: which versions go together, the fixes it lacks and the smallest upgrade.");
}

void AuditCommand::configure(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(
        tr("Reads a stack from what you have at hand — pip list, pip freeze, conda list, vllm-ascend's collect_env.py "
           "output, lines such as \"verl 0.7.1\" or \"CANN: 8.3.RC1\", an image tag, npu-smi info — and checks it "
           "against the pins each release sets in its own files: verl's requirements-npu.txt and Ascend guides, "
           "vllm-ascend's requirements and images at its tag (where its documentation says otherwise, the pin wins "
           "and the audit says so), torch_npu's torch pin and Ascend's CANN table. Lists the NPU fixes released since "
           "each installed version (those matching --symptom first), the smallest upgrade that gets them with what "
           "else it needs or the pin that rules it out, and verl's images for your hardware.\n"
           "Exit code 1 when the stack breaks a pin, 0 otherwise, 2 for input that holds no version."));
    parser.addPositionalArgument(u"file"_s, tr("The pasted stack; - or nothing reads standard input."), u"[FILE|-]"_s);
    parser.addOptions({
        {u"symptom"_s, tr("What goes wrong, in words or an error line: the fixes that match it come first."),
         tr("text")},
        {u"symptom-file"_s, tr("The same from a file (a log excerpt with the traceback)."), tr("file")},
        {u"json"_s, tr("Print one JSON object instead of text.")},
    });
}

ExitCode AuditCommand::run(const QCommandLineParser &parser, Context &ctx)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return Dispatcher::reportUsageError(
            Error::input(tr("Give one stack to audit; got %1.").arg(positional.join(u", "_s))), ctx, name());
    if (parser.isSet(u"symptom"_s) && parser.isSet(u"symptom-file"_s))
        return Dispatcher::reportUsageError(Error::input(tr("Give --symptom or --symptom-file, not both.")), ctx,
                                            name());
    const QString path = positional.value(0, u"-"_s);
    const auto text = readText(path, path);
    if (!text)
        return Dispatcher::reportUsageError(text.error(), ctx, name());
    QString symptom = parser.value(u"symptom"_s);
    if (parser.isSet(u"symptom-file"_s)) {
        if (parser.value(u"symptom-file"_s) == u"-" && path == u"-")
            return Dispatcher::reportUsageError(
                Error::input(tr("The stack and the symptom cannot both come from standard input.")), ctx, name());
        const auto read = readText(parser.value(u"symptom-file"_s), u"--symptom-file"_s);
        if (!read)
            return Dispatcher::reportUsageError(read.error(), ctx, name());
        symptom = *read;
    }
    const auto stack = env::parseStack(*text);
    if (!stack)
        return Dispatcher::reportUsageError(stack.error(), ctx, name());
    const audit::Audit result = audit::auditStack(*stack, symptom, upstream::Upstream::builtin());
    if (parser.isSet(u"json"_s))
        ctx.out << QJsonDocument(audit::auditJson(result)).toJson(QJsonDocument::Indented);
    else
        ctx.out << audit::auditText(result);
    return result.breaksPin() ? ExitCode::Problems : ExitCode::Ok;
}

} // namespace vna::cli
