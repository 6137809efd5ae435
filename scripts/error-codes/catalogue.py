#!/usr/bin/env python3
"""Builds resources/data/ascend-codes.json: every error code the Ascend stack prints, from its source.

The sources are git mirrors (brought with the search tool's `fetch`, or `git clone --mirror`), read at
the commits pinned below, never typed by hand:

  ACL / runtime / GE return codes   hicann/runtime  include/external/acl/error_codes/rt_error_codes.h,
                                                    include/external/acl/acl_base_rt.h,
                                                    include/external/acl/error_codes/ge_error_codes.h
      English meanings              Ascend/pytorch  torch_npu/csrc/core/npu/NPUErrorCodes.h (what torch_npu
                                                    prints after "[Error]:"), else the header's comment
      Chinese meanings              hicann/runtime  docs/zh/api_ref/25-01_aclError.md
  CANN letter codes (E39009 …)      hicann/runtime  src/dfx/error_manager/error_code.json
                                    hicann/ge       base/common/error_registry/error_registry.cc (E1xxxx)
      older titles, kept as aliases leideng/CANN-8.1.RC1 (an installed CANN 8.1.RC1 toolkit)
      internal codes (xx9999)       hicann/runtime  src/runtime/core/inc/spec/base_info.hpp
  HCCL return values (HcclResult)   cann-hcomm      include/hccl/hccl_types.h (a mirror of hicann/hcomm)
  aclnn status codes (aclnnStatus)  hicann/opbase   include/nnopbase/opdev/op_errno.h; meanings from its
                                                    docs/{en,zh}/api/nnopbase/opdev/aclnn_return_code/ tables
  torch_npu ERRxxyyy                Ascend/pytorch  torch_npu/utils/_error_code.py, with the Chinese first
                                                    lines of docs/zh/.../error_code_information.md

Each code gets: family, symbolic name (and older names), meaning in English and, where a Chinese source
has it, Chinese; the class that decides the generic next step; whether it only wraps another fault
(EZ9999 "Inner Error", ERR00100 "PTA call acl api failed"); where it came from (repo@commit:path:line);
and the knowledge-base entries that list it (read from resources/knowledge/*.json).

    scripts/error-codes/catalogue.py --mirrors /work/.mirror --output resources/data/ascend-codes.json
"""

import argparse
import json
import pathlib
import re
import subprocess
import sys

SOURCES = {
    "RT": ("hicann/runtime", "681ef7610df13c8128982901142a2c869ddbb53e"),
    "GE": ("hicann/ge", "ffdcbc9f7496c17a98c1d12762c61ed608ef3503"),
    "PT": ("Ascend/pytorch", "9e73e708ab9350d203475609f36f8a43f6a0c2ab"),
    "HC": ("xiaobingling93-pixel/cann-hcomm", "b5f3e5be094ae444bbbfaea02c2ef8a38b5af57e"),
    "C81": ("leideng/CANN-8.1.RC1", "551ed27c29284929bbdc2239e929ddfedfdf0b8b"),
    "OB": ("hicann/opbase", "aa3cd74b7f6d772acd64ff48292a7e65a9bc8142"),
}
C81_JSON = "Ascend/ascend-toolkit/8.1.RC1/aarch64-linux/conf/error_manager/error_code.json"

# What the user should do first, per class of code: the generic finding for a code no entry explains.
CLASSES = {
    "parameter": (
        "Call refused", "调用被拒绝",
        "A call passed a value the CANN API refuses. Run again with ASCEND_LAUNCH_BLOCKING=1 so the Python stack "
        "shows the call that failed, and check that torch_npu, CANN and the driver are releases made for each "
        "other (the Environment tab).",
        "某个调用传入了 CANN 接口拒绝的值。设置 ASCEND_LAUNCH_BLOCKING=1 重跑，让 Python 调用栈指出失败的调用，并检查 "
        "torch_npu、CANN 与驱动的版本是否配套（环境页）。"),
    "memory": (
        "Device memory", "设备内存",
        "Device memory ran out or could not be allocated: lower the micro-batch sizes, the response length or "
        "actor_rollout_ref.rollout.gpu_memory_utilization, or turn on offload; check with npu-smi info that no "
        "other process holds the device.",
        "设备内存耗尽或申请失败：调小 micro batch、回复长度或 actor_rollout_ref.rollout.gpu_memory_utilization，或开启 "
        "offload；用 npu-smi info 确认没有其他进程占用该设备。"),
    "device": (
        "Device fault", "设备故障",
        "A task failed on the device. Run again with ASCEND_LAUNCH_BLOCKING=1 and ASCEND_GLOBAL_LOG_LEVEL=1, read "
        "the plog for the operator that failed, and check the chip with npu-smi info -t health.",
        "设备上的任务执行失败。设置 ASCEND_LAUNCH_BLOCKING=1 和 ASCEND_GLOBAL_LOG_LEVEL=1 重跑，在 plog 中找到失败的算子，"
        "并用 npu-smi info -t health 检查芯片。"),
    "timeout": (
        "Timed out", "超时",
        "A task did not finish in time. Look for a rank that failed first (its error is the cause), then check "
        "the device with npu-smi info -t health.",
        "任务没有按时完成。先找最早出错的 rank（它的错误才是原因），再用 npu-smi info -t health 检查设备。"),
    "driver": (
        "Driver or hardware", "驱动或硬件",
        "The driver reported a fault. Check npu-smi info -t health and the kernel log (dmesg) on that node; the "
        "card may need a reset or replacement.",
        "驱动报告了故障。在该节点上查看 npu-smi info -t health 和内核日志（dmesg）；该卡可能需要复位或更换。"),
    "hccl": (
        "Collective communication", "集合通信",
        "A collective communication call failed. Check whether another rank failed first, the links between the "
        "NPUs (hccn_tool -i N -link -g, -net_health -g) and HCCL_CONNECT_TIMEOUT / HCCL_EXEC_TIMEOUT.",
        "集合通信调用失败。先确认是否有其他 rank 更早出错，再检查 NPU 之间的链路（hccn_tool -i N -link -g、-net_health -g）"
        "以及 HCCL_CONNECT_TIMEOUT / HCCL_EXEC_TIMEOUT。"),
    "compile": (
        "Operator compilation", "算子编译",
        "An operator failed to compile for this chip. Check that CANN, its kernels package and torch_npu are "
        "releases made for each other, clear the kernel cache (kernel_meta, ~/atc_data) and retry.",
        "算子编译失败。检查 CANN、算子包与 torch_npu 是否配套，清理算子缓存（kernel_meta、~/atc_data）后重试。"),
    "operator": (
        "Operator input", "算子输入",
        "An operator refused its input (shape, dtype or attribute); the message names it. Check the releases of "
        "the library that calls it (vllm-ascend, MindSpeed, torch_npu) against CANN.",
        "算子拒绝了它的输入（shape、dtype 或属性），报错中给出了算子名。检查调用它的库（vllm-ascend、MindSpeed、"
        "torch_npu）与 CANN 的版本是否配套。"),
    "runtime": (
        "Runtime state", "运行时状态",
        "The runtime refused an operation in its current state. The first error before this line is usually the "
        "cause; run with ASCEND_LAUNCH_BLOCKING=1 to find the call.",
        "运行时在当前状态下拒绝了某个操作。通常本行之前的第一个错误才是原因；设置 ASCEND_LAUNCH_BLOCKING=1 定位调用。"),
    "framework": (
        "torch_npu", "torch_npu",
        "torch_npu reported an error in its own layer; the words after the code say which. Check that torch, "
        "torch_npu and CANN are releases made for each other.",
        "torch_npu 在自身层面报错，错误码后的文字说明了类型。检查 torch、torch_npu 与 CANN 的版本是否配套。"),
    "graph": (
        "Graph engine", "图引擎",
        "The graph engine (GE, used by torchair and graph mode) failed to build or run a graph. Run in eager mode "
        "to confirm, and check the CANN and torch_npu releases.",
        "图引擎（GE，torchair 与图模式使用）构图或执行失败。用 eager 模式确认，并检查 CANN 与 torch_npu 的版本。"),
    "tool": (
        "Profiling or dump", "性能采集或 dump",
        "A profiling or dump tool failed. Turn it off to check that training itself runs, then check its settings.",
        "性能采集或 dump 工具出错。先关闭它确认训练本身能运行，再检查其配置。"),
    "internal": (
        "Internal error", "内部错误",
        "An internal error of the stack; it usually follows another error, and the first error in the log is "
        "the cause. Keep the plog (ASCEND_GLOBAL_LOG_LEVEL=1) when you report it.",
        "软件栈内部错误，通常跟在其他错误之后，日志中的第一个错误才是原因。报告问题时请附上 plog（ASCEND_GLOBAL_LOG_LEVEL=1）。"),
}

# CANN letter codes: the module letter after E/W decides the class (errClass in error_code.json names
# the module; these are the modules it names).
MODULE_CLASS = {
    "1": "graph", "2": "compile", "3": "device", "4": "compile", "5": "operator", "6": "operator",
    "7": "operator", "8": "operator", "9": "operator", "A": "operator", "B": "compile", "C": "tool",
    "D": "tool", "E": "runtime", "F": "runtime", "G": "tool", "H": "parameter", "I": "hccl", "J": "hccl",
    "K": "tool", "L": "driver", "M": "runtime", "N": "runtime", "O": "tool", "P": "tool", "Z": "operator",
}


class Mirror:
    def __init__(self, root, alias):
        self.repo, self.commit = SOURCES[alias]
        self.gitdir = pathlib.Path(root) / self.repo.replace("/", "+") / "repo"
        if not self.gitdir.is_dir():
            sys.exit(f"catalogue: no mirror of {self.repo} at {self.gitdir} (fetch github:{self.repo})")

    def text(self, path):
        out = subprocess.run(["git", "--git-dir", str(self.gitdir), "show", f"{self.commit}:{path}"],
                             capture_output=True, check=False)
        if out.returncode:
            sys.exit(f"catalogue: {self.repo}@{self.commit[:12]} has no {path}: {out.stderr.decode().strip()}")
        return out.stdout.decode("utf-8").replace("\r\n", "\n")

    def where(self, path, line):
        return f"{self.repo}@{self.commit[:12]}:{path}:{line}"


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


class Catalogue:
    def __init__(self):
        self.codes = {}

    def put(self, code, family, *, name="", en="", zh="", source="", cls="", alias=""):
        row = self.codes.setdefault(code, {"code": code, "family": family, "name": "", "aliases": [], "en": "",
                                           "zh": "", "class": cls, "source": source})
        if name and not row["name"]:
            row["name"] = name
        elif name and name != row["name"] and name not in row["aliases"]:
            row["aliases"].append(name)
        if alias and alias != row["name"] and alias not in row["aliases"]:
            row["aliases"].append(alias)
        if en and not row["en"]:
            row["en"] = en
        if zh and not row["zh"]:
            row["zh"] = zh
        if source and not row["source"]:
            row["source"] = source
        if cls and not row["class"]:
            row["class"] = cls
        return row


def acl_class(number, name):
    if "MEMORY" in name or "ALLOC" in name or "OOM" in name:
        return "memory"
    if "TIMEOUT" in name or "TIME_OUT" in name:
        return "timeout"
    head = number // 1000
    if number < 200000 or head in (145, 148):
        return "parameter"
    if number < 300000 or head == 245:
        return "memory" if head == 245 else "runtime"
    if number < 500000 or head == 345:
        return "parameter"
    if 507800 <= number < 508000:
        return "driver"
    if head == 507 and any(k in name for k in ("AICORE", "AICPU", "VECTOR", "FFTS", "DEVICE", "HBM", "LINK",
                                                "HEARTBEAT", "DEV_SETUP", "SYS_DMA", "MODEL_EXECUTE", "REMOTE")):
        return "device"
    return "internal"


def read_acl(cat, rt, pt):
    path = "include/external/acl/error_codes/rt_error_codes.h"
    text = rt.text(path)
    joined = text.replace("\\\n", " ")
    for m in re.finditer(r"#define\s+(ACL\w+)\s+(\d+)\s*(?://\s*(.*))?", joined):
        name, number = m.group(1), int(m.group(2))
        if number == 0:
            continue
        cat.put(str(number), "acl", name=name, en=(m.group(3) or "").strip(), cls=acl_class(number, name),
                source=rt.where(path, line_of(joined, m.start())))
    path = "include/external/acl/acl_base_rt.h"
    text = rt.text(path)
    for m in re.finditer(r"static const int\s+(ACL_\w+)\s*=\s*(\d+);", text):
        number = int(m.group(2))
        if number:
            cat.put(str(number), "acl", name=m.group(1), cls=acl_class(number, m.group(1)),
                    source=rt.where(path, line_of(text, m.start())))
    path = "include/external/acl/error_codes/ge_error_codes.h"
    text = rt.text(path)
    for m in re.finditer(r"static const uint32_t\s+(ACL_ERROR_GE_\w+)\s*=\s*(\d+)U;", text):
        number = int(m.group(2))
        cat.put(str(number), "acl", name=m.group(1), cls=acl_class(number, m.group(1)),
                source=rt.where(path, line_of(text, m.start())))
    # torch_npu's own sentence for a code is what the user reads after "[Error]:"; prefer it.
    text = pt.text("torch_npu/csrc/core/npu/NPUErrorCodes.h")
    for m in re.finditer(r'\{(\d+),\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}', text, re.S):
        body = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2), re.S)).replace("\\\n", "")
        meaning = re.sub(r"\s+", " ", body.split("\\n")[0]).strip()
        if m.group(1) in cat.codes and meaning:
            cat.codes[m.group(1)]["en"] = meaning
    path = "docs/zh/api_ref/25-01_aclError.md"
    for line in rt.text(path).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3:
            m = re.search(r"(ACL_\w+)\s*(?:=|<br>|\s)\s*(\d+)", cells[0])
            if m and m.group(2) in cat.codes:
                cat.codes[m.group(2)]["zh"] = re.sub(r"<br>", " ", cells[1])
    for row in cat.codes.values():
        if not row["en"]:
            row["en"] = row["name"].removeprefix("ACL_ERROR_").removeprefix("RT_").replace("_", " ").lower()


def read_letters(cat, rt, ge, c81):
    def entries(text):
        if 'R"(' in text:
            start = text.index('R"(') + 3
            body = text[start:text.rindex(')"')]
            return json.loads(body)["error_info_list"], start
        return json.loads(text)["error_info_list"], 0

    for mirror, path in ((rt, "src/dfx/error_manager/error_code.json"),
                         (ge, "base/common/error_registry/error_registry.cc")):
        text = mirror.text(path)
        items, _ = entries(text)
        for item in items:
            code = item["ErrCode"].strip()
            at = text.find(f'"{code}"')
            cat.put(code, "cann", name=item.get("errTitle", "").strip(),
                    en=re.sub(r"\s+", " ", item.get("ErrMessage", "")).strip(),
                    cls=MODULE_CLASS.get(code[1], "internal"), source=mirror.where(path, line_of(text, at)))
    # CANN 8.1 printed other titles ("Failure to Compile Op" for what 8.5 calls Compilation_Error).
    text = c81.text(C81_JSON)
    for item in json.loads(text)["error_info_list"]:
        code = item["ErrCode"].strip()
        title = item.get("errTitle", "").strip().replace(" ", "_")
        if code in cat.codes:
            cat.put(code, "cann", alias=title)
        else:
            at = text.find(f'"{code}"')
            cat.put(code, "cann", name=title, en=re.sub(r"\s+", " ", item.get("ErrMessage", "")).strip(),
                    cls=MODULE_CLASS.get(code[1], "internal"), source=c81.where(C81_JSON, line_of(text, at)))
    # The internal codes: printed as "<code>: Inner Error!" with the real fault in the lines after.
    path = "src/runtime/core/inc/spec/base_info.hpp"
    text = rt.text(path)
    for m in re.finditer(r'static constexpr const char_t\* (RT_\w*INNER_\w+) = "([EW][0-9A-Z]\d{4})";', text):
        code = m.group(2)
        cat.put(code, "cann", name=m.group(1), en="Internal error: the lines after it name the fault",
                cls="internal", source=rt.where(path, line_of(text, m.start())))
    # error_manager treats a code whose last four digits are 9999 as internal (IsInnerErrorCode); 8888
    # is the GE one (RT_GE_INNER_ERROR). Their own text is "Inner Error!"; the fault is in the lines after.
    for code, row in cat.codes.items():
        if row["family"] == "cann" and (code.endswith("9999") or code.endswith("8888")):
            row["wrapper"] = True
            row["class"] = "internal"


def read_hccl(cat, hc):
    path = "include/hccl/hccl_types.h"
    text = hc.text(path)
    for m in re.finditer(r"(HCCL_E_\w+)\s*=\s*(\d+),?\s*/\*\*?<?\s*(.*?)\s*\*/", text):
        cat.put("HCCL:" + m.group(2), "hccl", name=m.group(1), en=m.group(3), cls="hccl",
                source=hc.where(path, line_of(text, m.start())))


def read_aclnn(cat, ob):
    """The status an aclnn operator API returns (161xxx a parameter, 361xxx the runtime, 561xxx the API's own
    inner error), as torch_npu prints it: "call aclnnAdd failed, error code is 561103"."""
    path = "include/nnopbase/opdev/op_errno.h"
    text = ob.text(path)
    found = 0
    for m in re.finditer(r"#define\s+(ACLNN_\w+)\s+(\d+)\b", text):
        name, number = m.group(1), int(m.group(2))
        if number == 0:
            continue
        head = number // 1000
        cls = {161: "parameter", 361: "runtime"}.get(head, "operator")
        cat.put(str(number), "aclnn", name=name, cls=cls, source=ob.where(path, line_of(text, m.start())))
        found += 1
    if not found:
        sys.exit(f"catalogue: {path} defines no ACLNN_ code: the header changed")
    for path, key in (("docs/en/api/nnopbase/opdev/aclnn_return_code/aclnn_return_codes.md", "en"),
                      ("docs/zh/api/nnopbase/opdev/aclnn_return_code/aclnn_return_code.md", "zh")):
        for line in ob.text(path).splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 3 and re.fullmatch(r"ACLNN_\w+", cells[0]) and cells[1] in cat.codes:
                row = cat.codes[cells[1]]
                if row["family"] != "aclnn" or "deprecated" in cells[2].lower() or "废弃" in cells[2]:
                    continue
                meaning = re.sub(r"`", "", cells[2])
                if key == "en" and row["name"] == cells[0]:
                    row["en"] = meaning
                elif key == "zh" and row["name"] == cells[0]:
                    row["zh"] = meaning


def read_torch_npu(cat, pt):
    path = "torch_npu/utils/_error_code.py"
    text = pt.text(path)
    head, _, tail = text.partition("class ErrCode")
    modules = [(n, int(v)) for n, v in re.findall(r"^\s+(\w+) = (\d+)$", head, re.M)]
    docs = pt.text("docs/zh/user_guide/troubleshooting/error_code_description/error_code_information.md")
    zh = {}
    for m in re.finditer(r"## ERR\\\*\\\*(\d{3})\s*\n\s*\n([^\n]+)", docs):
        zh[m.group(1)] = re.sub(r"“\\\*\\\*”.*", "", m.group(2)).strip()
    for m in re.finditer(r'^\s+(\w+) = \((\d+), "(.*?)"\)', text, re.M):
        kind, number, message = m.group(1), int(m.group(2)), m.group(3)
        for module, module_id in modules:
            code = f"ERR{module_id:02d}{number:03d}"
            cls = "hccl" if module == "DIST" or kind == "HCCL" else "graph" if kind == "GE" else "framework"
            if kind == "TIMEOUT":
                cls = "timeout"
            row = cat.put(code, "torch_npu", name=f"{module}.{kind}", en=f"{module} {message}",
                          zh=zh.get(f"{number:03d}", ""), cls=cls,
                          source=pt.where(path, line_of(text, m.start())))
            # "call acl api failed" and its kin carry the fault of the call they wrap; an "application
            # exception" (999) carries the Python exception raised under it.
            if kind in ("ACL", "HCCL", "GE") or number == 999:
                row["wrapper"] = True


def kb_codes(root):
    out = {}
    for file in sorted((root / "resources" / "knowledge").glob("*.json")):
        for entry in json.loads(file.read_text())["entries"]:
            for code in (c for c in entry.get("codes", []) if c != "*"):
                out.setdefault(code, []).append(entry["id"])
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirrors", default="/work/.mirror", help="folder of owner+name/repo git mirrors")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    root = pathlib.Path(__file__).resolve().parents[2]
    mirrors = {alias: Mirror(args.mirrors, alias) for alias in SOURCES}
    cat = Catalogue()
    read_acl(cat, mirrors["RT"], mirrors["PT"])
    read_letters(cat, mirrors["RT"], mirrors["GE"], mirrors["C81"])
    read_hccl(cat, mirrors["HC"])
    read_torch_npu(cat, mirrors["PT"])
    read_aclnn(cat, mirrors["OB"])
    listed = kb_codes(root)
    unknown = sorted(set(listed) - set(cat.codes))
    if unknown:
        sys.exit(f"catalogue: the knowledge base lists codes no source has: {', '.join(unknown)}")
    for row in cat.codes.values():
        # A message is a printf template: its arguments are filled in on the line the user sees.
        row["en"] = re.sub(r"%[sdu]", "…", row["en"])
        if not re.sub(r"[\s….,:]", "", row["en"]):
            row["en"] = row["name"].replace("_", " ")
    rows = []
    for code in sorted(cat.codes, key=lambda c: (cat.codes[c]["family"], c)):
        row = cat.codes[code]
        row["kb"] = listed.get(code, [])
        row.setdefault("wrapper", False)
        if not row["class"]:
            sys.exit(f"catalogue: {code} has no class")
        rows.append(row)
    document = {
        "schema": 1,
        "comment": "Generated by scripts/error-codes/catalogue.py from the sources it names; do not edit.",
        "sources": {alias: f"{repo}@{commit}" for alias, (repo, commit) in SOURCES.items()},
        "classes": {name: {"title": {"en": t_en, "zh_CN": t_zh}, "step": {"en": s_en, "zh_CN": s_zh}}
                    for name, (t_en, t_zh, s_en, s_zh) in CLASSES.items()},
        "codes": rows,
    }
    out = pathlib.Path(args.output)
    tmp = out.with_suffix(".json.tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write("{\n")
        for key in ("schema", "comment", "sources", "classes"):
            f.write(f" {json.dumps(key)}: {json.dumps(document[key], ensure_ascii=False)},\n")
        f.write(' "codes": [\n')
        f.write(",\n".join("  " + json.dumps(r, ensure_ascii=False, sort_keys=True) for r in rows))
        f.write("\n ]\n}\n")
    tmp.replace(out)
    families = {}
    for r in rows:
        families[r["family"]] = families.get(r["family"], 0) + 1
    print(f"catalogue: {len(rows)} codes ({', '.join(f'{k} {v}' for k, v in sorted(families.items()))}); "
          f"{sum(1 for r in rows if r['kb'])} listed by the knowledge base; "
          f"{sum(1 for r in rows if r['zh'])} with a Chinese meaning from the source -> {out}")


if __name__ == "__main__":
    main()
