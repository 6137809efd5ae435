// Which versions go together, as each release pins them in its own files (not its prose): vllm-ascend's
// requirements.txt, pyproject.toml, setup.py and Dockerfiles at every tag, with the documentation's
// compatibility row at the same tag beside them; and the images verl's docker/ascend builds per
// hardware generation at every verl tag. Read from resources/data/stack-pins.json, which
// scripts/stack-pins/extract.py writes from the repositories; every pin keeps tag:path:line.
#pragma once

#include <QList>
#include <QString>

namespace vna::env {

struct StackPin
{
    QString package;     // pip's canonical name ("torch-npu"), or "python", "cann"
    QString spec;        // a PEP 440 specifier ("==2.7.1", ">=3.9"); for "cann" the release ("8.3.rc1")
    QString kind;        // "requirement" (pip enforces it), "image" (what the release's image installs), "docs"
    QString source;      // "v0.11.0rc1:requirements.txt:28"
    QString text;        // the line as written
    bool moving = false; // a branch, not a release: what it installs changes after the tag
};

struct StackImage
{
    QString file;     // "Dockerfile.a3", "docker/ascend/Dockerfile.ascend_8.5.0_a3"
    QString hardware; // "A2", "A3", "A5", "310P"
    QString os;       // "ubuntu", "openeuler"
    QString base;     // the FROM image
    QString cann;
    QString python;
    QString engine; // verl: "vllm", "sglang"
    QString source;
    QList<StackPin> installs; // verl's images: what they install
};

struct ReleasePins
{
    QString version; // "0.11.0rc1"
    QString tag;
    QString commit;
    QList<StackPin> pins; // vllm-ascend: its requirements and its images' pins
    QList<StackPin> docs; // vllm-ascend: its documentation's compatibility row at the same tag
    QList<StackImage> images;
    // vllm-ascend: where its platform refuses vLLM's V0 engine ("vLLM Ascend does not support V0
    // engine."), e.g. "v0.10.0rc1:vllm_ascend/platform.py:120"; empty when it still runs V0.
    QString refusesV0Engine;

    // The pin of a package: a requirement before an image's; null when the release pins none.
    const StackPin *pin(const QString &package) const;
    const StackPin *docPin(const QString &package) const;
};

struct StackPinsData
{
    QString vllmAscendCommit;
    QString verlCommit;
    QList<ReleasePins> vllmAscend; // oldest first
    QList<ReleasePins> verl;       // oldest first
};

// Loaded once from :/data/stack-pins.json; empty (and logged) if the resource is damaged.
const StackPinsData &stackPins();

// The first vllm-ascend release that refuses vLLM's V0 engine, or null.
const ReleasePins *firstRefusingV0Engine();

// The release of `releases` with this version (PEP 440 equality; "v" and a local part ignored), or null.
const ReleasePins *releasePins(const QList<ReleasePins> &releases, const QString &version);

} // namespace vna::env
