#!/usr/bin/env python3
"""Writes resources/data/stack-pins.json: which versions go together, as each release pins them in its own
files, read by read.py from the repositories at every release tag.

    scripts/stack-pins/extract.py --vllm-ascend DIR --verl DIR [--output FILE]

  * vllm-ascend, per tag: the pins pip enforces (requirements.txt, pyproject.toml's build requirements,
    setup.py's python_requires) and what its images install (the Dockerfile's CANN base image and
    VLLM_TAG, torch_npu wheels where no requirement names one), each with tag:path:line; the
    documentation's compatibility row at the same tag beside them (the audit says where they disagree);
    and the image built for each hardware generation.
  * verl, per tag: the images docker/ascend builds (hardware generation, CANN, base image, engine) and
    the install scripts, with what each installs and whether it clones a moving branch.

DIR is a git clone (bare or not); nothing is checked out. The script fails rather than writing a partial
file: a tag that loses a pin every earlier tag had is an error to look at, not a silent gap.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read  # noqa: E402

PACKAGES = {"torch_npu": "torch-npu", "triton_ascend": "triton-ascend", "vllm_ascend": "vllm-ascend",
            "megatron": "megatron-core", "megatron_core": "megatron-core"}
REQUIRED_FILES = ("requirements.txt", "pyproject.toml", "setup.py")
PINNED = ("vllm", "torch", "torch_npu", "triton_ascend", "cann", "python")


class Failure(Exception):
    pass


def package(name):
    return PACKAGES.get(name, name.replace("_", "-").lower())


def spec_of(name, spec):
    """A pin as a PEP 440 specifier ("v0.11.0" -> "==0.11.0"); CANN stays a release, a range stays."""
    spec = spec.strip()
    if name == "cann":
        return spec
    if spec.startswith("v") and spec[1:2].isdigit():
        spec = spec[1:]
    if spec and spec[0].isdigit():
        return "==" + spec
    return spec.replace(" ", "")


def kind_of(source):
    path = source.split(":")[1]
    return "requirement" if os.path.basename(path) in REQUIRED_FILES else "image"


def pin(name, entry, kind=None):
    return {"package": package(name), "spec": spec_of(name, entry["spec"]),
            "kind": kind or kind_of(entry["source"]), "source": entry["source"], "text": entry.get("text", ""),
            **({"moving": True} if entry.get("moving") else {})}


def vllm_ascend(raw):
    releases = []
    for rec in raw["vllm_ascend"]:
        pins = [pin(name, rec["pins"][name]) for name in PINNED if name in rec["pins"]]
        if not any(p["package"] == "vllm" for p in pins) or not any(p["package"] == "cann" for p in pins):
            raise Failure("vllm-ascend %s: no vLLM or CANN pin found" % rec["tag"])
        docs = [pin(name, rec["docs"][name], "docs") for name in PINNED if name in rec.get("docs", {})]
        images = [{"file": i["file"], "hardware": i.get("hardware", ""), "os": i.get("os", ""),
                   "base": i.get("base", ""), "cann": i.get("cann", ""), "python": i.get("python", ""),
                   "source": i["source"]} for i in rec.get("images", [])]
        release = {"version": rec["tag"].lstrip("v"), "tag": rec["tag"], "commit": rec["commit"],
                   "pins": pins, "docs": docs, "images": images}
        if rec.get("refuses_v0_engine"):
            release["refuses_v0_engine"] = rec["refuses_v0_engine"]
        releases.append(release)
    return releases


def verl(raw):
    by_tag = {}
    for rec in raw["verl_images"]:
        installs = []
        for name, entry in sorted(rec.get("installs", {}).items()):
            if name == "python" or "spec" not in entry:
                continue
            installs.append(pin(name, entry, "image"))
        source = rec.get("base_source") or "%s:%s:1" % (rec["tag"], rec["file"])
        image = {"file": rec["file"], "hardware": rec.get("hardware", ""), "os": rec.get("base_parsed", {}).get("os", ""),
                 "base": rec.get("base", ""), "cann": rec.get("cann", ""),
                 "python": rec.get("base_parsed", {}).get("python", ""), "engine": rec.get("engine", ""),
                 "source": source, "installs": installs}
        release = by_tag.setdefault(rec["tag"], {"version": rec["tag"].lstrip("v"), "tag": rec["tag"],
                                                 "commit": rec.get("tag_commit", ""), "pins": [], "docs": [],
                                                 "images": []})
        release["images"].append(image)
    return sorted(by_tag.values(), key=lambda r: read.version_key(r["tag"]))


def head(repo):
    dot_git = os.path.join(repo, ".git")
    git_dir = dot_git if os.path.exists(dot_git) else repo
    return subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vllm-ascend", required=True)
    parser.add_argument("--verl", required=True)
    parser.add_argument("--output", default=os.path.join(os.path.dirname(__file__), "..", "..", "resources",
                                                         "data", "stack-pins.json"))
    args = parser.parse_args()
    raw = {"vllm_ascend": [], "verl_images": []}
    for tag in read.tags(args.vllm_ascend):
        raw["vllm_ascend"].append(read.vllm_ascend_tag(args.vllm_ascend, tag))
    for tag in read.tags(args.verl):
        when = read.commit_time(args.verl, tag)
        for path in sorted(read.ls_tree(args.verl, tag, recursive=True)):
            if not ((path.startswith("docker/ascend/") and "Dockerfile" in path)
                    or (path.startswith("scripts/install_") and "npu" in path and path.endswith(".sh"))):
                continue
            rec = read.verl_file(args.verl, tag, path, args.vllm_ascend, when)
            rec["tag_commit"] = read.rev(args.verl, tag)
            raw["verl_images"].append(rec)
    out = {
        "schema": 1,
        "about": "Which versions go together, as vllm-ascend and verl pin them in their own files at every release "
                 "tag. Written by scripts/stack-pins/extract.py; do not edit by hand.",
        "vllm_ascend": {"repository": "vllm-project/vllm-ascend", "commit": head(args.vllm_ascend),
                        "releases": vllm_ascend(raw)},
        "verl": {"repository": "verl-project/verl", "commit": head(args.verl), "releases": verl(raw)},
    }
    directory = os.path.dirname(os.path.abspath(args.output))
    with tempfile.NamedTemporaryFile("w", dir=directory, delete=False, suffix=".tmp", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.chmod(f.name, 0o644)
    os.replace(f.name, args.output)
    print("%s: %d vllm-ascend releases, %d verl releases with images" % (
        args.output, len(out["vllm_ascend"]["releases"]), len(out["verl"]["releases"])))


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        sys.exit("stack-pins: %s" % e)
