// The error codes the Ascend stack prints (ACL/runtime return codes, CANN's E-codes, HCCL's return
// values, torch_npu's ERRxxxxx), read from resources/data/ascend-codes.json, which
// scripts/error-codes/catalogue.py generates from their sources. A failure is known by its code
// whatever sentence surrounds it: this file also turns a list of codes into the patterns that find
// them in every form the stack prints one.
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/result.h"
#include "logscan/knowledgebase.h"

namespace vna::logscan {

struct CodeInfo
{
    QString code;   // as printed: "507015", "E39009", "ERR00100"; HCCL's as "HCCL:9"
    QString family; // "acl", "aclnn", "cann", "hccl", "torch_npu"
    QString name;   // symbolic: ACL_ERROR_RT_AICORE_EXCEPTION, Inner_Error_Device_Status_Abnormal
    QStringList aliases;
    LocalizedText meaning; // Chinese only where a Chinese source has it
    QString codeClass;     // decides the generic next step: "device", "memory", "hccl" …
    QString source;        // repo@commit:path:line
    QStringList entries;   // knowledge-base entries that list it
    bool wrapper = false;  // only wraps another fault (EZ9999, ERR00100): the inner fault is the finding

    // Whether the code is a finding by itself: not a wrapper, and not one of CANN's warnings (W-codes,
    // which say the run goes on).
    bool givesFinding() const { return !wrapper && !(family == u"cann" && code.startsWith(u'W')); }
};

struct CodeClass
{
    LocalizedText title;
    LocalizedText step;
};

class CodeCatalogue
{
public:
    // The built-in catalogue, read once. A build without it (or with a broken one) has an empty
    // catalogue and says why in error().
    static const CodeCatalogue &builtin();
    static Result<CodeCatalogue> parse(const QByteArray &json, const QString &file);

    const CodeInfo *find(const QString &code) const;
    // A code as a user types it: "507015", "e39009", "ERR00100", "HCCL_E_TIMEOUT", or a symbolic name
    // (ACL_ERROR_RT_AICORE_EXCEPTION, Failure_to_Compile_Op). Null when the catalogue has no such code.
    const CodeInfo *lookup(const QString &text) const;
    const CodeClass *codeClass(const QString &name) const;
    const QList<CodeInfo> &codes() const { return m_codes; }
    const QString &error() const { return m_error; }

private:
    QList<CodeInfo> m_codes;
    QHash<QString, qsizetype> m_index;
    QHash<QString, CodeClass> m_classes;
    QString m_error;
};

// RE2 patterns that find any of `codes` in every form the stack prints one ("failed: 507015",
// "error code is 507015", "ret=…", "ErrCode=…", "code: 207001", "Name(E39009):", "EZ9999:",
// "HCCL function error: … error code is 9", "OPS function error: HcclAllreduce, error code is 6",
// "aclnnStatus=561002", HCCL's "errNo[0x0000000005010009]"), capturing the code as "code" (HCCL's as
// "hccl", or "hcclhex").
// Codes are catalogue keys; an empty list gives no indication. Each indication lists the literals one
// of which every match holds (the codes), so the matcher's prefilter looks for the codes themselves.
QList<Indication> codeIndications(const QStringList &codes);

// The entry of `entries` that explains `code`: the one that lists it, else the generic entry (codes
// "*") unless the code is a wrapper or a warning; null when none does.
const Entry *explainingEntry(const CodeInfo &code, const QList<Entry> &entries);

// What a code is, in lines for a terminal or a text pane: the code and its name, what it means, its
// class and first step, the entry that explains it, and where the catalogue read it.
QStringList describeCode(const CodeInfo &code, const QList<Entry> &entries, const QString &language);
QJsonObject toJson(const CodeInfo &code, const QList<Entry> &entries);

// The catalogue key a match's captures name ("code", "hccl", or "hcclhex": HCCL's errNo, whose low 16
// bits in hexadecimal are the HcclResult), or empty.
QString codeKey(const QString &codeCapture, const QString &hcclCapture, const QString &hcclHexCapture = QString());

} // namespace vna::logscan
