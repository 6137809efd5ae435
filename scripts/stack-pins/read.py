#!/usr/bin/env python3
"""Reads the version pins of vllm-ascend and verl at every release tag (stdlib only, Python 3.11): the raw
record extract.py turns into resources/data/stack-pins.json.

Usage:
    python3 read.py <vllm-ascend git dir> <verl git dir> > raw.json

Everything is read with `git show TAG:PATH` / `git ls-tree`; nothing is checked out
and nothing is written to the repositories.  Every extracted value carries
"source": "<tag>:<path>:<line>" and "text": the (stripped) line it came from.
Keys are omitted when a tag lacks the file / the declaration (never guessed).
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import lru_cache

# --------------------------------------------------------------------------- git


def git(repo: str, *args: str) -> str | None:
    p = subprocess.run(["git", "-C", repo, *args], capture_output=True)
    if p.returncode != 0:
        return None
    return p.stdout.decode("utf-8", "replace")


@lru_cache(maxsize=None)
def show(repo: str, ref: str, path: str) -> str | None:
    return git(repo, "show", f"{ref}:{path}")


def ls_tree(repo: str, ref: str, recursive: bool = False, path: str | None = None) -> list[str]:
    args = ["ls-tree", "--name-only"]
    if recursive:
        args.append("-r")
    args.append(ref)
    if path:
        args += ["--", path]
    out = git(repo, *args)
    return out.splitlines() if out else []


def rev(repo: str, ref: str) -> str | None:
    out = git(repo, "rev-list", "-n1", ref)
    return out.strip() if out else None


def commit_time(repo: str, ref: str) -> str | None:
    out = git(repo, "log", "-1", "--format=%cI", ref)
    return out.strip() if out else None


def version_key(tag: str):
    """Sort v0.7.3rc1 < v0.7.3 < v0.7.3.post1; v0.11.0rc0 < v0.11.0rc1."""
    m = re.match(r"v?(\d+)\.(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.?(rc|post)\.?(\d+))?", tag)
    if not m:
        return (999, tag)
    a, b, c, d, kind, n = m.groups()
    nums = (int(a), int(b), int(c or 0), int(d or 0))
    if kind == "rc":
        tail = (0, int(n))
    elif kind == "post":
        tail = (2, int(n))
    else:
        tail = (1, 0)
    return nums + tail


def tags(repo: str) -> list[str]:
    out = git(repo, "tag") or ""
    return sorted([t for t in out.split() if t], key=version_key)


# ----------------------------------------------------------------- small helpers


def src(tag: str, path: str, lineno: int) -> str:
    return f"{tag}:{path}:{lineno}"


def entry(spec: str, tag: str, path: str, lineno: int, text: str, **extra) -> dict:
    d = {"spec": spec, "source": src(tag, path, lineno), "text": text.strip()}
    d.update({k: v for k, v in extra.items() if v is not None})
    return d


def is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def strip_inline_comment(line: str) -> str:
    # requirements.txt style "pkg==1  # note"
    return re.split(r"\s+#", line, maxsplit=1)[0]


def norm_pkg(name: str) -> str:
    n = name.lower().replace("-", "_").replace(".", "_")
    n = re.sub(r"\[.*\]$", "", n)
    return n


def norm_cann(v: str | None) -> str | None:
    """8.3.rc1 / 8.3.RC1 -> 8.3.RC1 ; 9.1.0-beta.1 stays (upper-cased rc only)."""
    if v is None:
        return None
    v = v.strip().strip("`")
    return re.sub(r"\.rc(\d+)", lambda m: f".RC{m.group(1)}", v, flags=re.I)


def norm_ver(v: str | None) -> str | None:
    """Normalise a python-package version for comparison: strip 'v', '==', spaces,
    decode %2B, lower-case."""
    if v is None:
        return None
    v = v.strip().strip("`").replace("%2B", "+").replace("%2b", "+")
    v = re.sub(r"^(==|===|~=)\s*", "", v)
    v = v.lstrip("vV")
    return v.lower()


def parse_simple_version(v: str):
    """Tiny PEP440-ish tuple for >= comparisons (release, pre, post, dev)."""
    v = norm_ver(v) or ""
    v = v.split("+")[0]
    m = re.match(r"(\d+(?:\.\d+)*)(?:\.?(rc|a|b)(\d+))?(?:\.?post(\d+))?(?:\.?dev(\d+))?", v)
    if not m:
        return None
    rel = tuple(int(x) for x in m.group(1).split("."))
    rel = rel + (0,) * (4 - len(rel))
    pre = (0, int(m.group(3))) if m.group(2) else (1, 0)
    post = int(m.group(4)) if m.group(4) else -1
    dev = int(m.group(5)) if m.group(5) else 10**9
    # dev releases sort before the non-dev release
    return rel + pre + (post, dev)


# ------------------------------------------------------------ Dockerfile parsing

CANN_IMG_RE = re.compile(
    r"(?P<image>(?P<registry>[\w.\-/]*?)(?P<repo>cann)):(?P<tag>"
    r"(?P<cann>\d+\.\d+(?:\.\d+)?(?:\.(?:rc|RC)\d+)?(?:-beta\.\d+)?)"
    r"-(?P<chip>910b|910c|a3|a2|310p|950|a5|950dt|950pr)"
    r"-(?P<os>(?:ubuntu|openeuler)[\d.]+)"
    r"-py(?P<py>\d\.\d+))"
)

CHIP_TO_HW = {"910b": "A2", "a2": "A2", "910c": "A3", "a3": "A3", "310p": "310P",
              "950": "A5", "a5": "A5", "950dt": "A5", "950pr": "A5"}


def dockerfile_from_lines(text: str) -> list[dict]:
    """Return FROM lines with ARG substitution; ignores commented lines."""
    args: dict[str, str] = {}
    res = []
    stage = 0
    for i, raw in enumerate(text.splitlines(), 1):
        if is_comment(raw):
            continue
        m = re.match(r"\s*ARG\s+(\w+)(?:=(.*))?$", raw)
        if m and m.group(2) is not None:
            args[m.group(1)] = m.group(2).strip().strip('"').strip("'")
            continue
        m = re.match(r"\s*FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?", raw, re.I)
        if m:
            img = m.group(1)
            sub = re.sub(r"\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)",
                         lambda mm: args.get(mm.group(1) or mm.group(3), mm.group(2) or mm.group(0)),
                         img)
            res.append({"line": i, "raw": raw.strip(), "image": sub, "stage": stage,
                        "alias": m.group(2), "arg_substituted": sub != img})
            stage += 1
    return res


def dockerfile_args(text: str) -> dict[str, tuple[str, int, str]]:
    args = {}
    for i, raw in enumerate(text.splitlines(), 1):
        if is_comment(raw):
            continue
        m = re.match(r"\s*ARG\s+(\w+)=(.*)$", raw)
        if m:
            args[m.group(1)] = (m.group(2).strip().strip('"').strip("'"), i, raw)
    return args


def subst_args(s: str, args: dict) -> str:
    return re.sub(r"\$\{(\w+)\}|\$(\w+)",
                  lambda m: args.get(m.group(1) or m.group(2), (m.group(0),))[0], s)


def parse_cann_image(image: str) -> dict | None:
    m = CANN_IMG_RE.search(image)
    if not m:
        return None
    chip = m.group("chip").lower()
    os_ = m.group("os")
    return {
        "cann": m.group("cann"),
        "cann_normalized": norm_cann(m.group("cann")),
        "chip_tag": chip,
        "hardware": CHIP_TO_HW.get(chip),
        "os": "ubuntu" if os_.startswith("ubuntu") else "openeuler",
        "os_version": os_,
        "python": m.group("py"),
    }


PKG_SPEC_RE = re.compile(
    r"""(?<![\w./-])(?P<name>[A-Za-z][A-Za-z0-9_.\-]*(?:\[[^\]]*\])?)\s*(?P<op>===|==|>=|<=|~=|!=)\s*(?P<ver>[A-Za-z0-9_.+\-%]+)""")
WHEEL_RE = re.compile(r"(?P<name>torch_npu|triton_ascend|torch|vllm_ascend)-(?P<ver>\d[\w.]*(?:%2B|\+)?[\w.]*)-(?:cp|py|\$\{)", re.I)

INTEREST = {
    "torch": "torch", "torch_npu": "torch_npu", "torchvision": "torchvision",
    "torchaudio": "torchaudio", "triton_ascend": "triton_ascend", "transformers": "transformers",
    "vllm": "vllm", "vllm_ascend": "vllm_ascend", "mindspeed": "mindspeed", "megatron_core": "megatron",
    "sglang": "sglang", "mbridge": "mbridge", "triton": "triton",
}

CLONE_REPOS = {
    "vllm-project/vllm-ascend": "vllm_ascend",
    "vllm-project/vllm": "vllm",
    "ascend/mindspeed": "mindspeed",
    "nvidia/megatron-lm": "megatron",
    "huggingface/transformers": "transformers",
    "sgl-project/sglang": "sglang",
    "ascend/triton-ascend": "triton_ascend",
    "ascend/pytorch": "torch_npu",
}


def clone_key(url: str) -> str | None:
    u = url.lower().rstrip("/")
    u = re.sub(r"\.git$", "", u)
    for k, v in CLONE_REPOS.items():
        if u.endswith(k):
            return v
    return None


MOVING_RE = re.compile(r"^(main|master|develop|dev|releases?/.*|.*-dev)$")


def scan_installs(text: str, tag: str, path: str) -> dict:
    """Find install declarations (pip ==, wheels, git clone refs) in a Dockerfile or
    shell script.  Returns {pkg: [entries...]} in file order."""
    args = dockerfile_args(text)
    found: dict[str, list] = {}
    clone_dirs: dict[str, str] = {}      # dir name -> key
    last_clone: str | None = None
    cwd: str | None = None
    # VLLM_TAG-style clone in vllm-ascend Dockerfiles: ARG VLLM_TAG then clone $VLLM_REPO --branch $VLLM_TAG
    lines = text.splitlines()
    for i, raw in enumerate(lines, 1):
        if is_comment(raw):
            continue
        line = subst_args(raw, args)
        low = line.lower()
        # ---- pip installs: name==ver ------------------------------------------------
        if "pip" in low and "install" in low and "uninstall" not in low:
            for m in PKG_SPEC_RE.finditer(line):
                k = INTEREST.get(norm_pkg(m.group("name")))
                if k:
                    found.setdefault(k, []).append(entry(
                        m.group("op") + m.group("ver").replace("%2B", "+"), tag, path, i, raw,
                        via="pip", index_url=_index_url(line)))
            # pip install git+https://...@ref
            for m in re.finditer(r"git\+(https?://\S+?)(?:@([\w.\-/]+))?(?=[\s\"'\\]|$)", line):
                k = clone_key(m.group(1))
                if k:
                    ref = m.group(2)
                    found.setdefault(k, []).append(entry(
                        f"git@{ref}" if ref else "git@<default branch>", tag, path, i, raw,
                        via="pip git+", moving=(ref is None or bool(MOVING_RE.match(ref)))))
        # ---- wheel file names (torch_npu-2.8.0.post2-cp311..., possibly via ARG) ----
        for m in WHEEL_RE.finditer(line):
            k = norm_pkg(m.group("name"))
            ver = m.group("ver").replace("%2B", "+").replace("%2b", "+")
            if ver.endswith("-"):
                ver = ver[:-1]
            found.setdefault(k, []).append(entry("==" + ver, tag, path, i, raw, via="wheel"))
        # ---- git clone / cd / git checkout, processed command by command -------------
        if re.match(r"\s*RUN\b", raw):
            cwd = None
        for seg in re.split(r"&&|;|\|\|", line):
            segs = seg.strip().rstrip("\\").strip()
            mcd = re.match(r"cd\s+(\S+)", segs)
            if mcd:
                d = mcd.group(1).rstrip("/")
                cwd = None if d in ("..", "/", "~") or d.startswith("..") else d.split("/")[-1].lower()
                continue
            mcl = re.match(r"git\s+clone\s+(.*)", segs)
            if mcl:
                cseg = mcl.group(1)
                urlm = re.search(r"(https?://\S+|git@\S+|\$\w+)", cseg)
                if not urlm:
                    continue
                url = urlm.group(1).strip()
                if url.startswith("$"):
                    url = args.get(url[1:], (url,))[0]
                k = clone_key(url)
                refm = re.search(r"(?:--branch|-b)\s+(\S+)", cseg)
                ref = refm.group(1) if refm else None
                after = cseg[cseg.find(urlm.group(1)) + len(urlm.group(1)):].split()
                dest = next((tok for tok in after if not tok.startswith("-")), None)
                dname = (dest or re.sub(r"\.git$", "", url.rstrip("/").split("/")[-1])).rstrip("/").split("/")[-1]
                if k:
                    clone_dirs[dname.lower()] = k
                    last_clone = k
                    found.setdefault(k, []).append(entry(
                        ref if ref else "<default branch>", tag, path, i, raw, via="git clone",
                        repo_url=url, moving=(ref is None or bool(MOVING_RE.match(ref)))))
                else:
                    last_clone = None
                continue
            mco = re.match(r"git\s+(?:-C\s+(\S+)\s+)?checkout\s+(?:-\S+\s+)*([\w.\-/]+)", segs)
            if mco:
                d = (mco.group(1) or "").rstrip("/").split("/")[-1].lower() or cwd
                k = clone_dirs.get(d) if d else last_clone
                if not k:
                    continue
                ref = mco.group(2)
                found.setdefault(k, []).append(entry(ref, tag, path, i, raw, via="git checkout",
                                                     moving=bool(MOVING_RE.match(ref))))
        # ---- conda python ----------------------------------------------------------------
        m = re.search(r"conda\s+create\b.*\bpython=(\S+)", line)
        if m:
            found.setdefault("python", []).append(entry("==" + m.group(1), tag, path, i, raw, via="conda"))
    return found


def _index_url(line: str) -> str | None:
    m = re.search(r"--(?:extra-index-url|extra-index|index-url)[ =](\S+)", line)
    return m.group(1) if m else None


def effective(lst: list[dict]) -> dict:
    """Pick the effective declaration: the last one in file order (later installs win),
    but for git refs a checkout after a clone overrides the clone's branch."""
    return lst[-1]


# ------------------------------------------------------------------ vllm-ascend


VA_DOCKERFILES = ["Dockerfile", "Dockerfile.openEuler", "Dockerfile.a3", "Dockerfile.a3.openEuler",
                  "Dockerfile.310p", "Dockerfile.310p.openEuler", "Dockerfile.a5", "Dockerfile.a5.openEuler"]


def req_pins(text: str, tag: str, path: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for i, raw in enumerate(text.splitlines(), 1):
        if is_comment(raw) or not raw.strip():
            continue
        line = strip_inline_comment(raw).strip()
        m = re.match(r"([A-Za-z][A-Za-z0-9_.\-]*)(?:\[[^\]]*\])?\s*(.*)$", line)
        if not m:
            continue
        k = INTEREST.get(norm_pkg(m.group(1)))
        if k:
            spec = re.sub(r"\s+", "", m.group(2)) or "(unpinned)"
            out.setdefault(k, []).append(entry(spec, tag, path, i, raw))
    return out


def pyproject_pins(text: str, tag: str, path: str) -> dict[str, list]:
    out: dict[str, list] = {}
    section = None
    in_list = None
    for i, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if is_comment(raw):
            continue
        m = re.match(r"^\[([^\]]+)\]\s*$", s)
        if m:
            section = m.group(1)
            in_list = None
            continue
        m = re.match(r'^requires-python\s*=\s*"([^"]+)"', s)
        if m:
            out.setdefault("python", []).append(entry(m.group(1), tag, path, i, raw, section=section))
            continue
        m = re.match(r"^(requires|dependencies)\s*=\s*\[", s)
        if m:
            in_list = f"{section}.{m.group(1)}"
        if in_list:
            for q in re.findall(r'"([^"]+)"', strip_inline_comment(s)):
                mm = re.match(r"([A-Za-z][A-Za-z0-9_.\-]*)(?:\[[^\]]*\])?\s*(.*)$", q)
                if mm:
                    k = INTEREST.get(norm_pkg(mm.group(1)))
                    if k:
                        spec = re.sub(r"\s+", "", mm.group(2)) or "(unpinned)"
                        out.setdefault(k, []).append(entry(spec, tag, path, i, raw, section=in_list))
            if "]" in strip_inline_comment(s) and not s.endswith("["):
                in_list = None
    return out


def setup_py_pins(text: str, tag: str, path: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for i, raw in enumerate(text.splitlines(), 1):
        if is_comment(raw):
            continue
        m = re.search(r"python_requires\s*=\s*['\"]([^'\"]+)['\"]", raw)
        if m:
            out.setdefault("python", []).append(entry(m.group(1), tag, path, i, raw))
        # explicit vllm version checks in setup.py (none found so far, kept for completeness)
        m = re.search(r"['\"]vllm\s*(==|>=)\s*([\w.]+)['\"]", raw)
        if m:
            out.setdefault("vllm", []).append(entry(m.group(1) + m.group(2), tag, path, i, raw))
    return out


def code_vllm_checks(repo: str, tag: str) -> list[dict]:
    out = git(repo, "grep", "-n", "-E", r"vllm_version_is\(\s*['\"][0-9][^'\"]*['\"]", tag, "--", "vllm_ascend")
    if not out:
        return []
    seen: dict[str, dict] = {}
    for ln in out.splitlines():
        # tag:path:line:text
        parts = ln.split(":", 3)
        if len(parts) < 4:
            continue
        _, path, lineno, text = parts
        if is_comment(text):
            continue
        for v in re.findall(r"vllm_version_is\(\s*['\"]([^'\"]+)['\"]", text):
            if v not in seen:
                seen[v] = entry("==" + v, tag, path, int(lineno), text, occurrences=0)
            seen[v]["occurrences"] += 1
    return sorted(seen.values(), key=lambda d: version_key(d["spec"][2:]))


def docs_matrix_row(text: str, tag: str, path: str, row_name: str) -> dict | None:
    """Find the 'Release compatibility matrix' row whose first cell == row_name."""
    header = None
    for i, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s.startswith("|"):
            header = None if not s else header
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if cells and re.sub(r"[\s\-_]", "", cells[0].lower()) == "vllmascend" and any("cann" in c.lower() for c in cells):
            header = cells
            continue
        if header and cells and cells[0] == row_name:
            row = {}
            for h, c in zip(header, cells):
                hl = h.lower()
                val = c.strip()
                e = lambda spec, col=h: {"spec": spec, "source": src(tag, path, i), "text": raw.strip(), "column": col}
                if hl == "vllm":
                    row["vllm"] = e(val)
                elif hl.startswith("python"):
                    row["python"] = e(val)
                elif "cann" in hl:
                    row["cann"] = e(val)
                elif "pytorch" in hl or "torch_npu" in hl:
                    parts = [p.strip() for p in val.split("/")]
                    if len(parts) == 2:
                        row["torch"] = e(parts[0])
                        row["torch_npu"] = e(parts[1])
                    else:
                        row["torch_torch_npu"] = e(val)
                elif "triton" in hl:
                    row["triton_ascend"] = e(val if val else "(blank)")
                elif "mindie" in hl:
                    if val:
                        row["mindie_turbo"] = e(val)
                elif "mooncake" in hl:
                    row["mooncake"] = e(val)
            return row
    return None


def docs_installation(text: str, tag: str, path: str) -> dict:
    out: dict[str, dict] = {}

    def put(k, spec, i, raw):
        e = {"spec": spec, "source": src(tag, path, i), "text": raw.strip()}
        if k in out:
            if out[k]["spec"] != spec:
                out[k].setdefault("also", []).append(e)
        else:
            out[k] = e

    for i, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        m = re.match(r"^[-*]\s*Python:?\s*(.+)$", s)
        if m:
            put("python", m.group(1).strip(), i, raw)
        if s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if len(cells) >= 2:
                name = cells[0].lower().replace("`", "")
                val = cells[1].replace("`", "").strip()
                if name == "cann":
                    put("cann", val, i, raw)
                elif name in ("torch-npu", "torch_npu", "torchnpu"):
                    put("torch_npu", val, i, raw)
                elif name == "torch":
                    put("torch", val, i, raw)
                elif name in ("triton-ascend", "triton ascend"):
                    put("triton_ascend", val, i, raw)
        m = re.search(r"pip install (?:-\S+\s+)*triton-ascend==([\w.]+)", s)
        if m:
            put("triton_ascend", "==" + m.group(1), i, raw)
        m = re.search(r"pip install (?:-\S+\s+)*vllm==([\w.]+)", s)
        if m:
            put("vllm", "==" + m.group(1), i, raw)
        m = re.search(r"pip install (?:-\S+\s+)*torch-npu==([\w.]+)", s)
        if m:
            put("torch_npu", "==" + m.group(1), i, raw)
        m = re.search(r"cann:([\w.\-]+)", s)
        if m and "|" not in m.group(1):
            ci = parse_cann_image(m.group(0))
            if ci:
                put("cann_image", m.group(0), i, raw)
    return out


def docs_conf(text: str, tag: str, path: str) -> dict:
    out = {}
    keys = {"vllm_version": "vllm", "pip_vllm_version": "pip_vllm", "cann_image_tag": "cann_image",
            "main_cann_version": "main_cann", "main_pytorch_torch_npu_version": "main_torch_torch_npu",
            "main_triton_ascend_version": "main_triton_ascend", "main_python_version": "main_python"}
    for i, raw in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*"(\w+)"\s*:\s*"([^"]*)"', raw)
        if m and m.group(1) in keys:
            out[keys[m.group(1)]] = {"spec": m.group(2), "source": src(tag, path, i), "text": raw.strip()}
    return out


def docs_release_notes(text: str, tag: str, path: str) -> dict:
    """Bullets like '**CANN**: 9.0.1' / '**PyTorch / torch_npu**: 2.10.0 / 2.10.0.post2'
    inside the '## <tag>' section."""
    out = {}
    lines = text.splitlines()
    start = None
    for i, raw in enumerate(lines, 1):
        if re.match(rf"^##\s+{re.escape(tag)}(\s|$)", raw.strip()):
            start = i
            continue
        if start and raw.startswith("## "):
            break
        if not start:
            continue
        def grab(key, rx, grp=1):
            mm = re.search(rx, raw, re.I)
            if mm and key not in out:
                out[key] = {"spec": mm.group(grp).rstrip(".,;"), "source": src(tag, path, i), "text": raw.strip()[:300]}
            return mm
        grab("cann", r"\*\*CANN\*\*\s*:?\s*(?:Upgraded to\s+)?v?(\d[\w.\-]*)")
        mm = re.search(r"\*\*PyTorch\s*/\s*torch_npu\*\*\s*:?\s*(\d[\w.]*)\s*/\s*(\d[\w.+]*)", raw, re.I)
        if mm and "torch_npu" not in out:
            out["torch"] = {"spec": mm.group(1).rstrip("."), "source": src(tag, path, i), "text": raw.strip()[:300]}
            out["torch_npu"] = {"spec": mm.group(2).rstrip("."), "source": src(tag, path, i), "text": raw.strip()[:300]}
        grab("torch_npu", r"\*\*(?:torch-npu|torch_npu|TorchNPU)\*\*\s*:?\s*(?:Upgraded to\s+)?v?(\d[\w.+\-]*)")
        grab("triton_ascend", r"\*\*(?:triton-ascend|Triton Ascend)\*\*\s*:?\s*(?:Upgraded to\s+)?v?(\d[\w.]*)")
        grab("vllm", r"\*\*vLLM\*\*\s*:?\s*(?:Upgraded to\s+)?v?(\d[\w.]*)")
    return out


def image_suffix_map(repo: str, tag: str) -> dict:
    """dockerfile -> image tag suffix from the image build workflows."""
    res = {}
    for path in ls_tree(repo, tag, path=".github/workflows/"):
        if "image" not in path:
            continue
        t = show(repo, tag, path) or ""
        lines = t.splitlines()
        for i, raw in enumerate(lines, 1):
            m = re.match(r"\s*-?\s*dockerfile:\s*(Dockerfile[\w.]*)\s*$", raw)
            if m and i < len(lines):
                mm = re.match(r"\s*suffix:\s*'?([\w\-]*)'?", lines[i])
                if mm and m.group(1) not in res:
                    res[m.group(1)] = {"suffix": mm.group(1), "source": src(tag, path, i + 1),
                                       "text": lines[i].strip()}
    return res


def vllm_ascend_tag(repo: str, tag: str) -> dict:
    top = set(ls_tree(repo, tag))
    rec: dict = {"tag": tag, "commit": rev(repo, tag), "date": commit_time(repo, tag)}
    candidates: dict[str, list] = {}

    def add(d: dict):
        for k, v in d.items():
            candidates.setdefault(k, []).extend(v)

    if "requirements.txt" in top:
        add(req_pins(show(repo, tag, "requirements.txt") or "", tag, "requirements.txt"))
    if "pyproject.toml" in top:
        add(pyproject_pins(show(repo, tag, "pyproject.toml") or "", tag, "pyproject.toml"))
    if "setup.py" in top:
        add(setup_py_pins(show(repo, tag, "setup.py") or "", tag, "setup.py"))

    images = []
    for f in VA_DOCKERFILES:
        if f not in top:
            continue
        text = show(repo, tag, f) or ""
        froms = dockerfile_from_lines(text)
        img: dict = {"file": f}
        if froms:
            fr = next((x for x in froms if "cann" in x["image"]), froms[-1])
            ci = parse_cann_image(fr["image"]) or {}
            img.update({"base": fr["image"], "source": src(tag, f, fr["line"]), "text": fr["raw"],
                        "hardware": ci.get("hardware"), "chip_tag": ci.get("chip_tag"),
                        "os": ci.get("os"), "os_version": ci.get("os_version"),
                        "cann": ci.get("cann"), "python": ci.get("python")})
            if len(froms) > 1:
                img["all_from"] = froms
            if fr["arg_substituted"]:
                img["from_arg_substituted"] = True
        args = dockerfile_args(text)
        inst = scan_installs(text, tag, f)
        if "VLLM_TAG" in args:
            v, ln, raw = args["VLLM_TAG"]
            inst.setdefault("vllm", []).insert(0, entry(v, tag, f, ln, raw, via="ARG VLLM_TAG"))
        if "SOC_VERSION" in args:
            v, ln, raw = args["SOC_VERSION"]
            img["soc_version"] = entry(v, tag, f, ln, raw)
        img["installs"] = {k: effective(v) for k, v in inst.items()}
        img["installs_all"] = inst
        images.append({k: v for k, v in img.items() if v is not None})
    # pta_install.sh (v0.7.x): torch_npu dev wheels
    if "pta_install.sh" in top:
        inst = scan_installs(show(repo, tag, "pta_install.sh") or "", tag, "pta_install.sh")
        for e in inst.get("torch_npu", []):
            candidates.setdefault("torch_npu", []).append(e)

    rec["images"] = images
    main_img = next((i for i in images if i["file"] == "Dockerfile"), None)

    # --- choose primary pins -----------------------------------------------------
    pins: dict = {}

    def primary(key: str, order: list[str]):
        lst = candidates.get(key, [])
        # add dockerfile installs as candidates
        for im in images:
            for e in im.get("installs_all", {}).get(key, []):
                lst.append(e)
        if not lst:
            return
        ranked = sorted(lst, key=lambda e: next((n for n, p in enumerate(order) if p in e["source"]), 99))
        first = dict(ranked[0])
        others = []
        seen = {(first["spec"], first["source"])}
        for e in ranked[1:]:
            if (e["spec"], e["source"]) in seen:
                continue
            seen.add((e["spec"], e["source"]))
            others.append(e)
        differing = [e for e in others if norm_ver(e["spec"]) != norm_ver(first["spec"])]
        if others:
            first["also"] = others
        if differing:
            first["conflicting_declarations"] = len(differing)
        pins[key] = first

    primary("torch", [":requirements.txt:", ":pyproject.toml:", ":Dockerfile:"])
    primary("torch_npu", [":requirements.txt:", ":pyproject.toml:", ":pta_install.sh:", ":Dockerfile:"])
    primary("triton_ascend", [":requirements.txt:", ":pyproject.toml:", ":Dockerfile:"])
    primary("python", [":pyproject.toml:", ":setup.py:"])
    # vllm: Dockerfile ARG VLLM_TAG (the only machine-readable pin) ; normalise spec
    primary("vllm", [":Dockerfile:", ":Dockerfile.a3:", ":setup.py:"])
    if "vllm" in pins and not pins["vllm"]["spec"].startswith(("=", ">", "<", "~")):
        pins["vllm"]["ref"] = pins["vllm"]["spec"]
        pins["vllm"]["spec"] = "==" + pins["vllm"]["spec"].lstrip("v")
    if main_img and main_img.get("cann"):
        pins["cann"] = {"spec": main_img["cann"], "normalized": norm_cann(main_img["cann"]),
                        "source": main_img["source"], "text": main_img["text"]}
        alts = [{"spec": i["cann"], "source": i["source"], "text": i["text"], "file": i["file"]}
                for i in images if i is not main_img and i.get("cann")]
        if alts:
            pins["cann"]["also"] = alts
    if main_img and main_img.get("base"):
        pins["base_image"] = {"spec": main_img["base"], "source": main_img["source"], "text": main_img["text"]}
    rec["pins"] = pins

    checks = code_vllm_checks(repo, tag)
    if checks:
        rec["code_vllm_version_checks"] = checks

    # Whether the platform refuses vLLM's V0 engine, which VLLM_ATTENTION_BACKEND=XFORMERS selects.
    platform = show(repo, tag, "vllm_ascend/platform.py") or ""
    for number, line in enumerate(platform.splitlines(), 1):
        if "does not support V0 engine" in line:
            rec["refuses_v0_engine"] = src(tag, "vllm_ascend/platform.py", number)
            break

    # --- docs ---------------------------------------------------------------------
    docs_files = ls_tree(repo, tag, recursive=True, path="docs/source")
    vp = next((p for p in docs_files if re.search(r"(developer_guide|community)/versioning_policy\.md$", p)), None)
    if vp:
        row = docs_matrix_row(show(repo, tag, vp) or "", tag, vp, tag)
        if row:
            rec["docs"] = row
    if "docs/source/installation.md" in docs_files:
        d = docs_installation(show(repo, tag, "docs/source/installation.md") or "", tag, "docs/source/installation.md")
        if d:
            rec["docs_installation"] = d
    if "docs/source/conf.py" in docs_files:
        d = docs_conf(show(repo, tag, "docs/source/conf.py") or "", tag, "docs/source/conf.py")
        if d:
            rec["docs_conf"] = d
    rn = "docs/source/user_guide/release_notes.md"
    if rn in docs_files:
        d = docs_release_notes(show(repo, tag, rn) or "", tag, rn)
        if d:
            rec["docs_release_notes"] = d
    sm = image_suffix_map(repo, tag)
    if sm:
        rec["image_tag_suffixes"] = sm
    rec["disagreements"] = compare_docs(rec)
    return rec


# ------------------------------------------------------------------ comparisons


def _spec_matches(doc_spec: str, pin_spec: str, kind: str) -> str:
    """Return 'match' / 'mismatch' / 'satisfied_range' / 'violates_range' / 'n/a'."""
    d = doc_spec.strip().strip("`")
    p = pin_spec.strip()
    if kind == "cann":
        dn = norm_cann(re.sub(r"^(==|>=)\s*", "", d))
        pn = norm_cann(re.sub(r"^(==|>=)\s*", "", p))
        if d.startswith(">="):
            a, b = parse_simple_version(pn.replace("RC", "rc")), parse_simple_version(dn.replace("RC", "rc"))
            if a and b:
                return "satisfied_range" if a >= b else "violates_range"
        return "match" if dn.lower() == pn.lower() else "mismatch"
    if kind == "vllm":
        pv = norm_ver(p)
        opts = [norm_ver(x) for x in re.split(r"[/,]", d)]
        return "match" if pv in opts else "mismatch"
    if kind == "python":
        # docs '>= 3.10, < 3.13' vs pin '>=3.10': compare lower bounds
        dl = re.search(r">=\s*([\d.]+)", d) or re.match(r"\s*(\d+\.\d+)\s*-\s*\d+\.\d+", d)
        pl = re.search(r">=\s*([\d.]+)", p)
        if dl and pl:
            return "match" if dl.group(1) == pl.group(1) else "mismatch"
        return "n/a"
    # package versions
    if d.upper() in ("N/A", "(BLANK)", ""):
        return "docs_na"
    dop = re.match(r"^(>=|==)?\s*(.+)$", d)
    dver = norm_ver(dop.group(2))
    pop = re.match(r"^(>=|==|~=)?\s*(.+)$", p)
    pver = norm_ver(pop.group(2)) if pop else norm_ver(p)
    if dop.group(1) == ">=" and not (pop and pop.group(1) == ">="):
        a, b = parse_simple_version(pver), parse_simple_version(dver)
        if a and b:
            return "satisfied_range" if a >= b else "violates_range"
    return "match" if dver == pver else "mismatch"


def compare_docs(rec: dict) -> list[dict]:
    pins = rec.get("pins", {})
    out = []
    for docsrc in ("docs", "docs_installation", "docs_release_notes"):
        docs = rec.get(docsrc) or {}
        for key in ("vllm", "python", "cann", "torch", "torch_npu", "triton_ascend"):
            if key not in docs:
                continue
            d = docs[key]
            p = pins.get(key)
            if not p:
                if key == "triton_ascend" and d["spec"].upper() in ("N/A", "(BLANK)"):
                    continue
                out.append({"key": key, "docs_source": d["source"], "docs": d["spec"], "pin": None,
                            "verdict": "docs_only"})
                continue
            res = _spec_matches(d["spec"], p["spec"], key)
            if res == "docs_na":
                out.append({"key": key, "docs_source": d["source"], "docs": d["spec"],
                            "pin": p["spec"], "pin_source": p["source"], "verdict": "docs_says_na_but_pinned"})
                continue
            if res in ("match", "satisfied_range", "n/a"):
                continue
            # does it match any other declaration (Dockerfile wheel, pyproject, other Dockerfile)?
            alt = None
            for e in p.get("also", []):
                if _spec_matches(d["spec"], e["spec"], key) in ("match", "satisfied_range"):
                    alt = e
                    break
            item = {"key": key, "docs_source": d["source"], "docs": d["spec"], "pin": p["spec"],
                    "pin_source": p["source"], "verdict": "matches_secondary_declaration" if alt else res}
            if alt:
                item["matching_declaration"] = alt["source"]
                item["matching_spec"] = alt["spec"]
            out.append(item)
    # python upper bound vs base image python
    dpy = (rec.get("docs") or {}).get("python")
    if dpy:
        ub = re.search(r"<\s*([\d.]+)", dpy["spec"])
        rng = re.match(r"\s*\d+\.\d+\s*-\s*(\d+)\.(\d+)", dpy["spec"])
        if rng:  # '3.9 - 3.11' is inclusive
            ub = re.match(r"(.*)", f"{rng.group(1)}.{int(rng.group(2)) + 1}")
        if ub:
            for im in rec.get("images", []):
                if im.get("python") and parse_simple_version(im["python"]) >= parse_simple_version(ub.group(1)):
                    out.append({"key": "python", "docs_source": dpy["source"], "docs": dpy["spec"],
                                "pin": "py" + im["python"], "pin_source": im["source"],
                                "verdict": "base_image_python_outside_docs_range"})
    return out


def add_later_docs(repo: str, recs: list[dict]) -> None:
    """For tags whose own docs (at the tag) lack a compatibility-matrix row, find the
    first later tag / release branch / main (by commit date) whose matrix has the row."""
    refs = [(r["date"], r["tag"]) for r in recs]
    for b in ("refs/heads/main",):
        d = commit_time(repo, b)
        if d:
            refs.append((d, b))
    refs.sort()
    texts = {}
    for _, ref in refs:
        files = ls_tree(repo, ref, recursive=True, path="docs/source")
        vp = next((p for p in files if re.search(r"(developer_guide|community)/versioning_policy\.md$", p)), None)
        if vp:
            texts[ref] = (vp, show(repo, ref, vp) or "")
    for r in recs:
        if "docs" in r:
            continue
        for date, ref in refs:
            if date <= r["date"] or ref not in texts:
                continue
            vp, text = texts[ref]
            row = docs_matrix_row(text, ref.replace("refs/heads/", ""), vp, r["tag"])
            if row:
                r["docs_later"] = row
                tmp = {"pins": r["pins"], "images": r["images"], "docs": row}
                dis = compare_docs(tmp)
                if dis:
                    r["disagreements_vs_later_docs"] = dis
                break


# ------------------------------------------------------------------------- verl

VERL_DF_RE = re.compile(
    r"Dockerfile\.ascend(?:\.(?P<engine>sglang))?_(?P<cann>\d+\.\d+(?:\.\d+)?(?:\.rc\d+)?)_(?P<hw>a2|a3|a5)(?:_(?P<suffix>.+))?$",
    re.I)


def resolve_branch_pins(va_repo: str, branch: str, before: str) -> dict | None:
    ref = f"refs/heads/{branch}"
    c = git(va_repo, "rev-list", "-1", f"--before={before}", ref)
    if not c or not c.strip():
        return None
    c = c.strip()
    req = show(va_repo, c, "requirements.txt")
    if req is None:
        return None
    pins = req_pins(req, c[:10], "requirements.txt")
    res = {"branch": branch, "commit_at_verl_tag_time": c, "commit_date": commit_time(va_repo, c)}
    for k in ("torch", "torch_npu", "triton_ascend"):
        if k in pins:
            e = pins[k][0]
            res[k] = {"spec": e["spec"], "source": f"{branch}@{c[:10]}:requirements.txt:{e['source'].split(':')[-1]}",
                      "text": e["text"]}
    df = show(va_repo, c, "Dockerfile")
    if df:
        fr = dockerfile_from_lines(df)
        if fr:
            ci = parse_cann_image(fr[0]["image"])
            if ci:
                res["cann"] = {"spec": ci["cann"], "source": f"{branch}@{c[:10]}:Dockerfile:{fr[0]['line']}"}
    head = rev(va_repo, ref)
    if head and head != c:
        hreq = req_pins(show(va_repo, head, "requirements.txt") or "", head[:10], "requirements.txt")
        res["branch_head"] = {"commit": head, "date": commit_time(va_repo, head),
                              **{k: hreq[k][0]["spec"] for k in ("torch_npu", "triton_ascend") if k in hreq}}
    return res


def verl_file(repo: str, tag: str, path: str, va_repo: str | None, tag_time: str) -> dict:
    text = show(repo, tag, path) or ""
    name = path.split("/")[-1]
    rec: dict = {"tag": tag, "file": path}
    m = VERL_DF_RE.match(name)
    if m:
        rec["engine"] = m.group("engine") or "vllm"
        rec["hardware"] = m.group("hw").upper()
        rec["cann"] = m.group("cann")
        rec["cann_normalized"] = norm_cann(m.group("cann"))
        if m.group("suffix"):
            rec["variant"] = m.group("suffix")
    elif name.endswith(".sh"):
        rec["kind"] = "install_script"
        rec["engine"] = "sglang" if "sglang" in name else ("vllm" if "vllm" in name else None)
    froms = dockerfile_from_lines(text)
    if froms:
        fr = next((x for x in froms if "cann" in x["image"]), froms[-1])
        rec["base"] = fr["image"]
        rec["base_source"] = src(tag, path, fr["line"])
        rec["base_text"] = fr["raw"]
        ci = parse_cann_image(fr["image"])
        if ci:
            rec["base_parsed"] = ci
            if "hardware" not in rec and ci.get("hardware"):
                rec["hardware"] = ci["hardware"]
            if "cann" not in rec:
                rec["cann"] = ci["cann"]
            if rec.get("cann_normalized") and rec["cann_normalized"].lower() != (ci["cann_normalized"] or "").lower():
                rec.setdefault("warnings", []).append(
                    f"file name says CANN {rec['cann']} but FROM uses {ci['cann']} ({rec['base_source']})")
            if rec.get("hardware") and ci.get("hardware") and rec["hardware"] != ci["hardware"]:
                rec.setdefault("warnings", []).append(
                    f"file name says {rec['hardware']} but FROM chip tag is {ci['chip_tag']}")
        if len(froms) > 1:
            rec["all_from"] = froms
    args = dockerfile_args(text)
    if "SOC_VERSION" in args:
        v, ln, raw = args["SOC_VERSION"]
        rec["soc_version"] = entry(v, tag, path, ln, raw)
    inst = scan_installs(text, tag, path)
    if "base_parsed" in rec:
        inst.setdefault("python", []).insert(0, {"spec": "==" + rec["base_parsed"]["python"],
                                                 "source": rec["base_source"], "text": rec["base_text"],
                                                 "via": "base image tag"})
    rec["installs"] = {k: effective(v) for k, v in inst.items()}
    multi = {k: v for k, v in inst.items() if len(v) > 1}
    if multi:
        rec["installs_all"] = multi
    # moving-branch resolution for vllm-ascend clones
    va = rec["installs"].get("vllm_ascend")
    va_all = inst.get("vllm_ascend", [])
    if va_repo and va_all:
        # the effective ref: last checkout, else the clone's branch
        refs = [e for e in va_all if e.get("via") in ("git clone", "git checkout")]
        eff = refs[-1] if refs else None
        if eff and eff.get("moving"):
            branch = eff["spec"]
            if branch != "<default branch>":
                res = resolve_branch_pins(va_repo, branch, tag_time)
            else:
                res = resolve_branch_pins(va_repo, "main", tag_time)
            if res:
                ln = int(eff["source"].rsplit(":", 1)[1])
                bl = git(repo, "blame", "--porcelain", "-L", f"{ln},{ln}", tag, "--", path)
                if bl:
                    bc = bl.split()[0]
                    bt = commit_time(repo, bc)
                    res["clone_line_last_changed"] = {"verl_commit": bc, "date": bt}
                    then = resolve_branch_pins(va_repo, branch if branch != "<default branch>" else "main", bt)
                    if then:
                        res["branch_pins_when_clone_line_written"] = {
                            "commit": then["commit_at_verl_tag_time"], "date": then["commit_date"],
                            **{k: then[k]["spec"] for k in ("torch_npu", "triton_ascend", "cann") if k in then}}
                res["clone_source"] = eff["source"]
                res["clone_text"] = eff["text"]
                conflicts = []
                for k in ("triton_ascend", "torch_npu", "torch"):
                    mine = inst.get(k)
                    if mine and k in res:
                        for e in mine:
                            a, b = norm_ver(e["spec"]), norm_ver(res[k]["spec"])
                            # PEP 440: '==2.10.0' is satisfied by '2.10.0+cpu' (local label ignored)
                            if "+" in a and "+" not in b:
                                a = a.split("+")[0]
                            if a != b:
                                conflicts.append({"package": k, "explicit": e["spec"], "explicit_source": e["source"],
                                                  "branch_pin": res[k]["spec"], "branch_pin_source": res[k]["source"]})
                if conflicts:
                    res["conflicts"] = conflicts
                rec["vllm_ascend_moving_branch"] = res
    return rec


def verl_image_names(repo: str, tag: str) -> list[dict]:
    out = []
    files = [p for p in ls_tree(repo, tag, recursive=True)
             if (p.startswith("docs/ascend_tutorial/") or p.startswith(".github/workflows/docker-build-ascend")
                 or re.match(r"docs/.*ascend.*", p))]
    pat = re.compile(r"(quay\.io/ascend/verl:[^\s`'\"]+|[\w.\-/]*verl/verl:[^\s`'\"]+|\$IMAGE:[^\s`'\"]+|"
                     r"NEW_IMAGE_NAME=\"[^\"]+\"|tag=[\w$.{}\- ]*(?:latest|verl)[^\"]*|镜像名格式[:：].*)")
    for p in files:
        t = show(repo, tag, p) or ""
        for i, raw in enumerate(t.splitlines(), 1):
            for m in pat.finditer(raw):
                val = m.group(0).rstrip('",)>\\ ')
                if re.search(r"[`<>]", val) or val.endswith("${{") or val.endswith(":"):
                    continue
                d = {"tag": tag, "source": src(tag, p, i), "text": raw.strip()[:300], "name": val}
                hw = re.search(r"-(910b|a3|a2|a5|950\w*|310p)-", val)
                if hw:
                    d["chip_tag"] = hw.group(1)
                    d["hardware"] = CHIP_TO_HW.get(hw.group(1), hw.group(1))
                out.append(d)
    return out


# ------------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    va_repo, verl_repo = argv[1], argv[2]
    result: dict = {"generated_by": "scripts/stack-pins/read.py", "vllm_ascend_repo": va_repo, "verl_repo": verl_repo,
                    "vllm_ascend": [], "verl_images": [], "verl_image_names": []}
    va_tags = tags(va_repo)
    for t in va_tags:
        result["vllm_ascend"].append(vllm_ascend_tag(va_repo, t))
    add_later_docs(va_repo, result["vllm_ascend"])
    for t in tags(verl_repo):
        tt = commit_time(verl_repo, t)
        files = [p for p in ls_tree(verl_repo, t, recursive=True)
                 if (p.startswith("docker/ascend/") and "Dockerfile" in p)
                 or re.match(r"recipe/.*ascend.*/Dockerfile", p)
                 or re.match(r"scripts/install_.*npu.*\.sh$", p)]
        for p in sorted(files):
            r = verl_file(verl_repo, t, p, va_repo, tt)
            r["tag_commit"] = rev(verl_repo, t)
            r["tag_date"] = tt
            result["verl_images"].append(r)
        result["verl_image_names"].extend(verl_image_names(verl_repo, t))
    json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
