#include "toolregistry.h"

#include <QCoreApplication>

#include "bucket/buckettab.h"
#include "ckptsync/synctab.h"
#include "env/envtab.h"
#include "logscan/logstab.h"
#include "memory/memorytab.h"
#include "profiler/profilertab.h"

namespace vna::ui {

const QList<ToolInfo> &tools()
{
    static const QList<ToolInfo> list{
        {QStringLiteral("environment"), QT_TRANSLATE_NOOP("Tools", "Environment"),
         QT_TRANSLATE_NOOP(
             "Tools",
             "NPUs not visible, or a job that will not start: check npu-smi, drivers, CANN, torch_npu and "
             "the variables verl needs, here or on every node over SSH, and generate the export block."),
         QStringLiteral(":/icons/tool-environment.svg"),
         [](Session &session, QWidget *parent) { return new EnvTab(session, parent); }},
        {QStringLiteral("bucket"), QT_TRANSLATE_NOOP("Tools", "Bucket calculator"),
         QT_TRANSLATE_NOOP("Tools",
                           "Fix \"Weight … is too large to fit in the bucket\": the bucket size and the "
                           "override for your verl version, from a preset, the error message or your model "
                           "folder."),
         QStringLiteral(":/icons/tool-bucket.svg"),
         [](Session &session, QWidget *parent) { return new BucketTab(session, parent); }},
        {QStringLiteral("memory"), QT_TRANSLATE_NOOP("Tools", "Memory"),
         QT_TRANSLATE_NOOP("Tools",
                           "NPU out of memory, or vLLM that will not start: whether your run fits in each phase "
                           "(rollout, log-probs, update, weight sync) for your verl release, and the overrides that "
                           "make it fit."),
         QStringLiteral(":/icons/tool-memory.svg"),
         [](Session &session, QWidget *parent) { return new MemoryTab(session, parent); }},
        {QStringLiteral("profiler"), QT_TRANSLATE_NOOP("Tools", "Profiler"),
         QT_TRANSLATE_NOOP("Tools",
                           "Turn on the NPU profiler with overrides Hydra and verl accept for your version "
                           "(the FAQ's contents=npu,cpu and level=1 are rejected), and check the launch commands "
                           "you already have."),
         QStringLiteral(":/icons/tool-profiler.svg"),
         [](Session &session, QWidget *parent) { return new ProfilerTab(session, parent); }},
        {QStringLiteral("sync"), QT_TRANSLATE_NOOP("Tools", "Checkpoint sync"),
         QT_TRANSLATE_NOOP("Tools",
                           "FileNotFoundError: common.pt, .metadata or metadata.json when resuming on several nodes "
                           "without shared storage: give every node the files only rank 0's node has (the metadata, "
                           "and since verl 0.7 the weights), checked and safe."),
         QStringLiteral(":/icons/tool-sync.svg"),
         [](Session &session, QWidget *parent) { return new SyncTab(session, parent); }},
        {QStringLiteral("logs"), QT_TRANSLATE_NOOP("Tools", "Logs"),
         QT_TRANSLATE_NOOP("Tools",
                           "A job died and the log is gigabytes long: find every known failure, which rank failed "
                           "first and which errors are only its echoes, with the fix and the tool that applies it."),
         QStringLiteral(":/icons/tool-logs.svg"),
         [](Session &session, QWidget *parent) { return new LogsTab(session, parent); }},
    };
    return list;
}

} // namespace vna::ui
