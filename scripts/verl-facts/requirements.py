"""What a verl release requires, read from verl at its tag (used by extract.py).

Two kinds, each row with its file and line:
  * hard: what pip enforces when the Ascend guide's install runs (`pip install -r requirements-npu.txt`,
    `pip install -e .`) — requirements-npu.txt and setup.py's install_requires. setup.py's extras are the
    GPU installs: the NPU guide builds vLLM from source instead, so they are not read.
  * stacks: the pinned stack of each Ascend install guide (vLLM, SGLang, the image guide, A5), as written.
Where a guide pins what the hard requirements refuse (verl#5468: the guide's triton-ascend 3.2.0rc4 on a
commit whose requirements-npu.txt asked for 3.2.0), the hard requirement is what the code was made for.
"""
import re

# Guide spellings -> the package name pip reports (canonical: lower case, "-" for "_").
ALIASES = {
    "python": "python", "cann": "cann", "hdk": "hdk", "torch": "torch", "torch_npu": "torch-npu",
    "torch-npu": "torch-npu", "torchvision": "torchvision", "vllm": "vllm", "vllm-ascend": "vllm-ascend",
    "vllm_ascend": "vllm-ascend", "sglang": "sglang", "triton-ascend": "triton-ascend",
    "transformers": "transformers", "megatron-lm": "megatron", "megatron": "megatron", "mindspeed": "mindspeed",
    "mbridge": "mbridge", "ray": "ray", "tensordict": "tensordict",
}
REPO_PACKAGES = {"vllm": "vllm", "vllm-ascend": "vllm-ascend", "megatron-lm": "megatron", "mindspeed": "mindspeed",
                 "sglang": "sglang", "mbridge": "mbridge"}
VERSION = r"v?\d+(?:\.\d+)+(?:\.?(?:rc|RC|post)\d+)*"
GUIDES = {
    # path -> default stack name (a heading naming SGLang or vLLM switches it)
    "docs/ascend_tutorial/ascend_quick_start.rst": "vllm",
    "docs/ascend_tutorial/ascend_sglang_quick_start.rst": "sglang",
    "docs/ascend_tutorial/get_start/install_guidance.rst": "vllm",
    "docs/ascend_tutorial/get_start/install_guidance_A5.rst": "vllm-a5",
    "docs/ascend_tutorial/dockerfile_build_guidance.rst": "image",
    "docs/ascend_tutorial/get_start/dockerfile_build_guidance.rst": "image",
}


def canonical(name):
    return re.sub(r"[-_.]+", "-", name.strip().lower())


def split_requirement(text):
    """'transformers>=4.51,<5  # c' -> ('transformers', '>=4.51,<5'); None for URLs and options."""
    text = text.split("#")[0].split(";")[0].strip()
    if not text or text.startswith(("-", "git+", "http")):
        return None
    m = re.match(r"^([A-Za-z0-9][A-Za-z0-9_.\-]*)(\[[^\]]*\])?\s*(.*)$", text)
    if not m or (m.group(3) and not re.match(r"^[<>=!~]", m.group(3))):
        return None
    return canonical(m.group(1)), re.sub(r"\s+", "", m.group(3))


def hard(repo, tag, source):
    rows = []
    text = repo.show(tag, "requirements-npu.txt")
    for number, line in enumerate((text or "").splitlines(), 1):
        parsed = split_requirement(line)
        if parsed:
            rows.append({"package": parsed[0], "spec": parsed[1], "kind": "requirements-npu",
                         "source": source(tag, "requirements-npu.txt", number), "text": line.strip()})
    text = repo.show(tag, "setup.py") or ""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(r"^install_requires\s*=\s*\[", line):
            inside = True
        if inside:
            for quoted in re.findall(r"[\"']([^\"']+)[\"']", line.split("#")[0]):
                parsed = split_requirement(quoted)
                if parsed:
                    rows.append({"package": parsed[0], "spec": parsed[1], "kind": "install_requires",
                                 "source": source(tag, "setup.py", number), "text": quoted})
            if "]" in re.sub(r"[\"'][^\"']*[\"']", "", line.split("#")[0]):
                inside = False
    return rows


def stacks(repo, tag, source):
    out = []
    for path, default in GUIDES.items():
        text = repo.show(tag, path)
        if text is None:
            continue
        lines = text.splitlines()
        current = {"name": default, "guide": source(tag, path, 1), "pins": []}
        found = [current]
        for number, line in enumerate(lines, 1):
            following = lines[number] if number < len(lines) else ""
            if re.match(r"^\s*[~^=\-]{4,}\s*$", following) and line.strip() and not line.strip().startswith(".."):
                heading = line.lower()
                name = "sglang" if "sglang" in heading else "vllm" if "vllm" in heading and default != "image" else None
                if name and name != current["name"] and current["pins"]:
                    current = {"name": name, "guide": source(tag, path, number), "pins": []}
                    found.append(current)
                elif name and not current["pins"]:
                    current["name"] = name
            for package, spec in pins_of(line):
                if not any(p["package"] == package for p in current["pins"]):
                    current["pins"].append({"package": package, "spec": spec,
                                            "source": source(tag, path, number), "text": line.strip()})
        out += [s for s in found if s["pins"]]
    return out


def pins_of(line):
    """(package, spec) pairs one line of a guide pins: a table row, git clone -b, pip install x==y."""
    s = line.strip()
    clause = r"(?:==|>=|<=|<|>)?\s*" + VERSION
    m = re.match(r"^\|?\s*([A-Za-z][A-Za-z_\-]*)\s*\|?\s+(?:``)?\s*(" + clause + r"(?:\s*,\s*" + clause + r")*)", s)
    if m and canonical(m.group(1)) in ALIASES:
        spec = re.sub(r"\s+", "", m.group(2))
        name = ALIASES[canonical(m.group(1))]
        yield name, spec if spec[0] in "=<>" else "==" + spec.lstrip("v").split(",")[0]
        return
    m = re.search(r"git clone .*?(?:-b|--branch)\s+(?:releases/)?(" + VERSION + r")\s.*?/([A-Za-z\-]+?)(?:\.git)?\s*$", s)
    if m and canonical(m.group(2)) in REPO_PACKAGES:
        yield REPO_PACKAGES[canonical(m.group(2))], "==" + m.group(1).lstrip("v")
        return
    if re.search(r"\bpip3? install\b", s):
        for m in re.finditer(r"\b([A-Za-z][A-Za-z0-9_\-]*)==(" + VERSION + r")", s):
            if canonical(m.group(1)) in ALIASES:
                yield ALIASES[canonical(m.group(1))], "==" + m.group(2)


def requirements(repo, tag, source):
    return {"hard": hard(repo, tag, source), "stacks": stacks(repo, tag, source)}
