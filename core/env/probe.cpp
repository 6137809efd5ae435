#include "probe.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QRegularExpression>

#include "env/npusmi.h"
#include "hydra/shell.h"

using namespace Qt::StringLiterals;

namespace vna::env {

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(Probe)
};

QString sectionBegin(const QString &nonce)
{
    return u"@@"_s + nonce + u":begin:"_s;
}

QString sectionEnd(const QString &nonce)
{
    return u"@@"_s + nonce + u":end:"_s;
}

// Shell functions shared by both scripts: section markers and a per-probe timeout when coreutils'
// timeout(1) exists.
QString prelude(int timeoutSec, const QString &nonce)
{
    return u"N="_s + shell::quote(nonce) + u"\nT="_s + QString::number(std::max(1, timeoutSec)) + uR"(
b() { printf '\n@@%s:begin:%s@@\n' "$N" "$1"; }
e() { printf '\n@@%s:end:%s@@\n' "$N" "$1"; }
run() { if command -v timeout >/dev/null 2>&1; then timeout -k 2 "$T" "$@"; else "$@"; fi; }
)"_s;
}

} // namespace

QString newNonce()
{
    return u"VNA"_s + QString::number(QRandomGenerator::global()->generate64(), 16);
}

const Section *Snapshot::section(const QString &name) const
{
    for (const Section &s : sections)
        if (s.name == name)
            return &s;
    return nullptr;
}

QMap<QString, QString> Snapshot::files() const
{
    QMap<QString, QString> result;
    for (const Section &s : sections)
        if (s.name.startsWith(u"file:"_s) && s.exitCode == 0)
            result.insert(s.name.mid(5), s.text);
    return result;
}

bool isSecretName(const QString &name)
{
    // Anywhere in the name: KEY (VLLM_API_KEY, AWS_SECRET_ACCESS_KEY), TOKEN, SECRET, PASSWORD, PASSWD
    // (MySQL's, third-party RAY_REDIS_PASSWD), CREDENTIAL, CONNECTION_STRING (Azure's, with AccountKey=).
    static const QStringList words{u"KEY"_s,    u"TOKEN"_s,      u"SECRET"_s,           u"PASSWORD"_s,
                                   u"PASSWD"_s, u"CREDENTIAL"_s, u"CONNECTION_STRING"_s};
    for (const QString &word : words)
        if (name.contains(word, Qt::CaseInsensitive))
            return true;
    // As a whole word between underscores: PASS, PWD (MYSQL_PWD), AUTH (REDISCLI_AUTH), AK / SK
    // (HUAWEICLOUD_SDK_AK/SK), HEADER(S) (RAY_JOB_HEADERS: "Authorization: Bearer …", Azure's
    // IDENTITY_HEADER), COOKIE.
    static const QStringList parts{u"PASS"_s, u"PWD"_s,    u"AUTH"_s,    u"AK"_s,
                                   u"SK"_s,   u"HEADER"_s, u"HEADERS"_s, u"COOKIE"_s};
    for (const QString &part : name.toUpper().split(u'_', Qt::SkipEmptyParts))
        if (parts.contains(part))
            return true;
    return false;
}

QString maskedValue(const QString &name, const QString &value)
{
    if (isSecretName(name))
        return QString::fromLatin1(kMasked);
    // Credentials inside a value: scheme://user:password@host (RAY_ADDRESS, proxies, MLflow, pip),
    // "Bearer …", and Azure's AccountKey= / SharedAccessSignature=.
    static const QRegularExpression inUrl(uR"(([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*):[^/\s@]+@)"_s);
    static const QRegularExpression bearer(uR"((?i)\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+)"_s);
    static const QRegularExpression azure(uR"((?i)\b(AccountKey|SharedAccessSignature|sig)=[^;&\s]+)"_s);
    QString out = value;
    out.replace(inUrl, u"\\1:"_s + QString::fromLatin1(kMasked) + u'@');
    out.replace(bearer, u"\\1 "_s + QString::fromLatin1(kMasked));
    out.replace(azure, u"\\1="_s + QString::fromLatin1(kMasked));
    return out;
}

bool isReportedVariable(const QString &name)
{
    static const QStringList prefixes{u"ASCEND_"_s, u"HCCL_"_s,  u"GLOO_"_s,    u"RAY_"_s,     u"VERL_"_s,
                                      u"VLLM_"_s,   u"TORCH_"_s, u"PYTORCH_"_s, u"OMP_"_s,     u"ATB_"_s,
                                      u"SGLANG_"_s, u"HYDRA_"_s, u"NPU_"_s,     u"P2P_HCCL_"_s};
    static const QStringList names{u"TASK_QUEUE_ENABLE"_s,   u"LD_LIBRARY_PATH"_s,   u"PATH"_s,
                                   u"PYTHONPATH"_s,          u"CPU_AFFINITY_CONF"_s, u"ACL_OP_INIT_MODE"_s,
                                   u"INF_NAN_MODE_ENABLE"_s, u"LD_PRELOAD"_s,        u"TOOLCHAIN_HOME"_s};
    if (names.contains(name))
        return true;
    for (const QString &prefix : prefixes)
        if (name.startsWith(prefix))
            return true;
    return false;
}

const QList<ProbedPackage> &probedPackages()
{
    static const QList<ProbedPackage> packages{
        {u"torch"_s, u"torch"_s},
        {u"torch_npu"_s, u"torch-npu"_s},
        {u"verl"_s, u"verl"_s},
        {u"vllm"_s, u"vllm"_s},
        {u"vllm_ascend"_s, u"vllm-ascend"_s},
        {u"sglang"_s, u"sglang"_s},
        {u"ray"_s, u"ray"_s},
        {u"transformers"_s, u"transformers"_s},
        {u"mindspeed"_s, u"mindspeed"_s},
        {u"megatron_core"_s, u"megatron-core"_s},
        {u"triton_ascend"_s, u"triton-ascend"_s},
        {u"torchvision"_s, u"torchvision"_s},
        {u"numpy"_s, u"numpy"_s},
        {u"tensordict"_s, u"tensordict"_s},
        {u"mbridge"_s, u"mbridge"_s},
    };
    return packages;
}

QString probedKey(const QString &dist)
{
    QString name = dist.toLower();
    name.replace(u'_', u'-');
    for (const ProbedPackage &package : probedPackages()) {
        if (package.dist == name)
            return package.key;
    }
    return QString();
}

QString pythonProbeSource(bool deep)
{
    QString source = uR"PY(import json, os, sys, time
r = {"python": sys.version.split()[0], "executable": sys.executable, "packages": {}}
try:
    from importlib import metadata
except Exception:
    metadata = None
for key, dist in (%PACKAGES%):
    v = None
    if metadata is not None:
        try:
            v = metadata.version(dist)
        except Exception:
            v = None
    r["packages"][key] = v
if r["packages"].get("torch_npu"):
    try:
        import torch
        import torch_npu
        r["npu_available"] = bool(torch_npu.npu.is_available())
        r["npu_count"] = int(torch_npu.npu.device_count())
        try:
            r["cann"] = str(torch_npu.npu.get_cann_version(module="CANN"))
        except Exception as e:
            r["cann_error"] = "%s: %s" % (type(e).__name__, e)
    except BaseException as e:
        r["import_error"] = "%s: %s" % (type(e).__name__, e)
if r["packages"].get("mindspeed"):
    try:
        import importlib.util, subprocess
        spec = importlib.util.find_spec("mindspeed")
        d = os.path.dirname(os.path.dirname(spec.origin))
        b = subprocess.run(["git", "-C", d, "rev-parse", "--abbrev-ref", "HEAD"], capture_output=True,
                           text=True, timeout=5)
        r["mindspeed_branch"] = b.stdout.strip() if b.returncode == 0 else None
        r["mindspeed_path"] = d
    except Exception as e:
        r["mindspeed_error"] = "%s: %s" % (type(e).__name__, e)
)PY"_s;
    if (deep)
        source += uR"PY(if r.get("npu_available"):
    import socket, subprocess
    res = []
    for i in range(r.get("npu_count", 0)):
        t0 = time.time()
        try:
            x = torch.ones(1024, device="npu:%d" % i)
            y = float((x * 2).sum().item())
            res.append({"device": i, "ok": y == 2048.0, "ms": int((time.time() - t0) * 1000),
                        "error": None if y == 2048.0 else "wrong result %s" % y})
        except BaseException as e:
            res.append({"device": i, "ok": False, "ms": int((time.time() - t0) * 1000),
                        "error": "%s: %s" % (type(e).__name__, e)})
    r["deep_devices"] = res
    n = r.get("npu_count", 0)
    if n >= 2:
        worker = """
import os, sys, torch, torch_npu, torch.distributed as dist
rank = int(os.environ["RANK"]); n = int(os.environ["WORLD_SIZE"])
torch.npu.set_device(rank)
dist.init_process_group("hccl", rank=rank, world_size=n)
t = torch.ones(16, device="npu:%d" % rank)
dist.all_reduce(t)
torch.npu.synchronize()
ok = bool((t == n).all().item())
dist.destroy_process_group()
sys.exit(0 if ok else 3)
"""
        s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
        t0 = time.time()
        procs = []
        for k in range(n):
            env = dict(os.environ, RANK=str(k), WORLD_SIZE=str(n), MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
            procs.append(subprocess.Popen([sys.executable, "-c", worker], env=env, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT))
        errors = []
        for k, p in enumerate(procs):
            try:
                out, _ = p.communicate(timeout=max(1, 120 - (time.time() - t0)))
            except subprocess.TimeoutExpired:
                p.kill(); out, _ = p.communicate()
                errors.append("rank %d: timed out" % k)
                continue
            if p.returncode != 0:
                tail = out.decode("utf-8", "replace").strip().splitlines()[-3:]
                errors.append("rank %d: exit %d: %s" % (k, p.returncode, " | ".join(tail)))
        r["deep_allreduce"] = {"world": n, "ok": not errors, "ms": int((time.time() - t0) * 1000),
                               "error": "; ".join(errors) or None}
)PY"_s;
    source += u"print(\"@@VNA-PYTHON@@\" + json.dumps(r))\n"_s;
    QStringList packages;
    for (const ProbedPackage &package : probedPackages())
        packages << u"(\"%1\", \"%2\")"_s.arg(package.key, package.dist);
    return source.replace(u"%PACKAGES%"_s, packages.join(u", "_s));
}

QByteArray collectionScript(const ProbeOptions &options, const QString &nonce)
{
    QString script = prelude(options.timeoutSec, nonce);
    script += u"PY="_s + shell::quote(options.python) + u'\n';
    script += u"ROOT="_s + shell::quote(options.ascendRoot) + u'\n';
    script += u"PYSRC="_s + shell::quote(pythonProbeSource(options.deep)) + u'\n';
    // Deep checks run a tensor operation per device and an all-reduce: give Python more time.
    script += u"PYT="_s + QString::number(std::max(1, options.timeoutSec) * (options.deep ? 4 : 1)) + u'\n';
    // "~/…" as typed in the window: expand it on the node, where the home directory is.
    script += uR"(case "$PY" in "~/"*) PY="$HOME/${PY#\~/}" ;; esac
case "$ROOT" in "~/"*) ROOT="$HOME/${ROOT#\~/}" ;; esac
)"_s;
    script += uR"(show() { if [ -f "$1" ] && [ -r "$1" ]; then b "file:$1"; head -c 65536 "$1"; e $?; fi; }
scan() {
  for f in "$1"/driver/version.info "$1"/firmware/version.info \
           "$1"/ascend-toolkit/latest/version.cfg "$1"/ascend-toolkit/latest/*-linux/ascend_toolkit_install.info \
           "$1"/ascend-toolkit/latest/*-linux/ascend_ops_install.info \
           "$1"/cann/version.cfg "$1"/cann/*-linux/ascend_toolkit_install.info "$1"/cann/*-linux/ascend_ops_install.info \
           "$1"/nnal/atb/latest/version.info; do show "$f"; done
}
home() {
  for f in "$1"/version.cfg "$1"/*-linux/ascend_toolkit_install.info "$1"/*-linux/ascend_ops_install.info; do
    show "$f"
  done
}
b env; env -0 2>/dev/null || env; e $?
b uname; uname -srm; e $?
if command -v npu-smi >/dev/null 2>&1; then
  b npu-smi; run npu-smi info 2>&1; e $?
  b npu-smi-m; run npu-smi info -m 2>&1; e $?
else
  b npu-smi; echo "npu-smi: command not found"; e 127
  b npu-smi-m; echo "npu-smi: command not found"; e 127
fi
b net; ls /sys/class/net 2>&1; e $?
b shm; df -Pk /dev/shm 2>&1; e $?
b limits; ulimit -n 2>&1; e $?
b sysctl
for k in kernel/numa_balancing vm/swappiness net/ipv4/ip_local_reserved_ports; do
  v=$(cat "/proc/sys/$k" 2>/dev/null); printf '%s=%s\n' "$k" "$v"
done
e 0
b governor; cat /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor 2>/dev/null | sort | uniq -c; e 0
H=$(command -v hccn_tool 2>/dev/null)
[ -z "$H" ] && [ -x /usr/local/Ascend/driver/tools/hccn_tool ] && H=/usr/local/Ascend/driver/tools/hccn_tool
if [ -n "$H" ]; then
  for d in /dev/davinci[0-9]*; do
    [ -e "$d" ] || { b hccn; echo "no /dev/davinci device"; e 1; continue; }
    i=${d#/dev/davinci}
    b "hccn:$i"; run "$H" -i "$i" -link -g 2>&1; run "$H" -i "$i" -net_health -g 2>&1; run "$H" -i "$i" -ip -g 2>&1; e $?
  done
else
  b hccn; echo "hccn_tool: command not found"; e 127
fi
show /etc/hccn.conf
if [ -n "$ROOT" ]; then
  scan "$ROOT"
else
  scan /usr/local/Ascend
  [ -n "${HOME:-}" ] && scan "$HOME/Ascend"
  [ -n "${ASCEND_HOME_PATH:-}" ] && home "$ASCEND_HOME_PATH"
  [ -n "${ASCEND_TOOLKIT_HOME:-}" ] && home "$ASCEND_TOOLKIT_HOME"
  show /etc/ascend_install.info
fi
b scanned; e 0
b python; T=$PYT run "$PY" -c "$PYSRC" 2>&1; e $?
b done; e 0
)"_s;
    return script.toUtf8();
}

QByteArray healthScript(const QList<std::pair<int, int>> &chips, int timeoutSec, const QString &nonce)
{
    QString script = prelude(timeoutSec, nonce);
    for (const auto &[npu, chip] : chips)
        script += u"b health:%1:%2; run npu-smi info -t health -i %1 -c %2 2>&1; e $?\n"_s.arg(npu).arg(chip);
    return script.toUtf8();
}

QByteArray pingScript(const QList<std::pair<int, QString>> &pings, int timeoutSec, const QString &nonce)
{
    QString script = prelude(timeoutSec, nonce);
    script += uR"(H=$(command -v hccn_tool 2>/dev/null)
[ -z "$H" ] && H=/usr/local/Ascend/driver/tools/hccn_tool
)"_s;
    for (const auto &[device, address] : pings)
        script += u"b %1; run \"$H\" -i %2 -ping -g address %3 2>&1; e $?\n"_s.arg(
            shell::quote(u"ping:%1:%2"_s.arg(device).arg(address)), QString::number(device), shell::quote(address));
    return script.toUtf8();
}

QList<Section> splitSections(const QByteArray &output, const QString &nonce)
{
    QList<Section> sections;
    const QByteArray begin = sectionBegin(nonce).toUtf8();
    const QByteArray end = sectionEnd(nonce).toUtf8();
    qsizetype pos = 0;
    while (true) {
        const qsizetype b = output.indexOf(begin, pos);
        if (b < 0)
            break;
        const qsizetype nameEnd = output.indexOf("@@\n", b + begin.size());
        if (nameEnd < 0)
            break;
        Section section;
        section.name = QString::fromUtf8(output.mid(b + begin.size(), nameEnd - b - begin.size()));
        const qsizetype bodyStart = nameEnd + 3;
        const qsizetype e = output.indexOf(end, bodyStart);
        const qsizetype next = output.indexOf(begin, bodyStart);
        if (e < 0 || (next >= 0 && next < e)) {
            // The node stopped mid-section (killed by the overall timeout): keep what it printed.
            const qsizetype stop = next >= 0 ? next : output.size();
            section.text = QString::fromUtf8(output.mid(bodyStart, stop - bodyStart));
            section.exitCode = 124;
            section.complete = false;
            sections.append(section);
            if (next < 0)
                break;
            pos = next;
            continue;
        }
        QByteArray body = output.mid(bodyStart, e - bodyStart);
        if (body.endsWith('\n'))
            body.chop(1); // the newline printed before the end marker
        section.text = QString::fromUtf8(body);
        const qsizetype codeEnd = output.indexOf("@@", e + end.size());
        section.exitCode = codeEnd < 0 ? -1 : output.mid(e + end.size(), codeEnd - e - end.size()).toInt();
        sections.append(section);
        pos = codeEnd < 0 ? e + end.size() : codeEnd + 2;
    }
    return sections;
}

namespace {

QMap<QString, QString> filteredEnvironment(const QString &text)
{
    QMap<QString, QString> result;
    const QStringList entries = text.contains(QChar(0)) ? text.split(QChar(0)) : text.split(u'\n');
    for (const QString &entry : entries) {
        const qsizetype eq = entry.indexOf(u'=');
        if (eq <= 0)
            continue;
        const QString name = entry.left(eq).trimmed();
        if (!isReportedVariable(name))
            continue;
        result.insert(name, maskedValue(name, entry.mid(eq + 1)));
    }
    return result;
}

} // namespace

Snapshot collect(const QString &host, const ScriptRunner &run, const ProbeOptions &options)
{
    QElapsedTimer clock;
    clock.start();
    Snapshot snapshot;
    snapshot.host = host;
    const QString nonce = newNonce();
    // Every probe has its own timeout inside the script; the whole run gets room for all of them.
    const int overallMs = (options.timeoutSec * (options.deep ? 7 : 4) + 30) * 1000;
    const ProcessResult result = run(collectionScript(options, nonce), overallMs);
    if (!result.started) {
        snapshot.failure = result.errorString;
        return snapshot;
    }
    if (result.canceled) {
        snapshot.failure = Text::tr("Canceled.");
        snapshot.cancelled = true;
        return snapshot;
    }
    snapshot.sections = splitSections(result.out, nonce);
    if (snapshot.sections.isEmpty()) {
        snapshot.failure = result.timedOut ? Text::tr("No answer within %1 s.").arg(overallMs / 1000)
                                           : Text::tr("The node returned nothing we could read (exit code %1): %2")
                                                 .arg(result.exitCode)
                                                 .arg(QString::fromLocal8Bit(result.err.left(400)).trimmed());
        snapshot.elapsedMs = clock.elapsed();
        return snapshot;
    }
    if (!snapshot.section(u"done"_s))
        snapshot.cutOff = result.timedOut
            ? Text::tr("The probe was stopped after %1 s, before it finished").arg(overallMs / 1000)
            : Text::tr("The probe ended before it finished (exit code %1: %2)")
                  .arg(result.exitCode)
                  .arg(QString::fromLocal8Bit(result.err.left(200)).trimmed());
    // Secrets are dropped here, before the raw section is kept as evidence.
    for (Section &section : snapshot.sections)
        if (section.name == u"env"_s) {
            snapshot.environment = filteredEnvironment(section.text);
            QStringList lines;
            for (auto it = snapshot.environment.cbegin(); it != snapshot.environment.cend(); ++it)
                lines.append(it.key() + u'=' + it.value());
            section.text = lines.join(u'\n');
        }

    if (const Section *smi = snapshot.section(u"npu-smi"_s); smi && smi->exitCode == 0) {
        if (const auto info = parseNpuSmiInfo(smi->text); info) {
            QList<std::pair<int, int>> chips;
            for (const NpuDevice &device : info->devices)
                if (!device.healthOk() && device.chip >= 0)
                    chips.append({device.npu, device.chip});
            if (!chips.isEmpty()) {
                const QString healthNonce = newNonce();
                const ProcessResult health = run(healthScript(chips, options.timeoutSec, healthNonce),
                                                 (options.timeoutSec + 5) * 1000 * static_cast<int>(chips.size()));
                snapshot.sections.append(splitSections(health.out, healthNonce));
            }
        }
    }
    snapshot.elapsedMs = clock.elapsed();
    return snapshot;
}

} // namespace vna::env
