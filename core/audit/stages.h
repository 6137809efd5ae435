// The stages of an audit, each in its own file, sharing the stack and the audit being filled: the pins
// (pins.cpp), the fixes the installed releases lack (fixes.cpp), and the upgrades and images (plan.cpp).
// Not part of the audit API.
#pragma once

#include <optional>

#include <QString>

#include "audit/audit.h"

namespace vna::audit::detail {

// torch_npu X.Y.Z(.postN) requires torch==X.Y.Z exactly.
inline const QString kTorchPinSource = QStringLiteral("Ascend/pytorch@9e73e70:setup.py:131-138");

int comparePy(const QString &a, const QString &b);
// Whether `installed` meets `spec` for this package (CANN by its release line, vLLM by its release).
std::optional<bool> meets(const QString &package, const QString &spec, const QString &installed);
// "==2.8.0.post2" and 2.8.0: an exact pin and another build (pre, post, dev) of the same release.
bool sameRelease(const QString &spec, const QString &installed);

struct Context
{
    const env::Stack &stack;
    Audit &audit;

    QString installed(const QString &package) const { return stack.version(package); }

    // A pin is firm when pip enforces it, or when the package is built for exactly that release (vLLM for
    // a vllm-ascend release).
    static bool firm(const QString &kind, const QString &package)
    {
        return kind == u"requirement" || kind == u"table" || (kind == u"image" && package == u"vllm");
    }

    // Judges a pin against the stack and adds it to the audit.
    PinCheck &
    add(const QString &owner, const QString &package, const QString &spec, const QString &kind, const QString &source);
};

// Each stage adds to c.audit, in this order.
void judgePins(Context &c);                                                       // pins.cpp
void listFixes(Context &c, const QString &symptom, upstream::Upstream &upstream); // fixes.cpp
void planUpgrades(Context &c);                                                    // plan.cpp
void chooseImages(Context &c);                                                    // plan.cpp

} // namespace vna::audit::detail
