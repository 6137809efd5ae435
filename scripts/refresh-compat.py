#!/usr/bin/env python3
"""Writes resources/data/torch-npu-compat.json: which torch_npu goes with which torch, CANN and Python,
and vllm-ascend's release pairings, read from the upstream documents at their newest commit.

    scripts/refresh-compat.py --ascend-pytorch /path/to/Ascend-pytorch --vllm-ascend /path/to/vllm-ascend
                              [--output FILE]

Both paths are git clones (bare or not) of https://github.com/Ascend/pytorch and
https://github.com/vllm-project/vllm-ascend; nothing is checked out, the files are read with
`git show HEAD:PATH`. Every row keeps the line it came from, and each table the commit and date of the
last change to its file, so a verdict can cite "Ascend/pytorch@<commit>:COMPATIBILITY.md:22".

Read:
  * Ascend/pytorch COMPATIBILITY.md: the table whose header names the TorchNPU package, PyTorch and CANN
    versions (rows inside the <details> block are the historical ones, EOL included), and the
    PyTorch -> Python table.
  * vllm-ascend docs/source/community/versioning_policy.md: the release compatibility matrix (vLLM Ascend,
    vLLM, Python, Stable CANN, PyTorch/torch_npu, Triton Ascend). The template row for main is skipped.

The script fails, rather than writing a partial file, when a table is missing or a header changed.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ASCEND_FILE = "COMPATIBILITY.md"
VLLM_FILE = "docs/source/community/versioning_policy.md"


class Failure(Exception):
    pass


def git(repo, *args):
    result = subprocess.run(["git", "--git-dir", git_dir(repo), *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("git %s in %s: %s" % (" ".join(args), repo, result.stderr.strip()))
    return result.stdout


def git_dir(repo):
    dot_git = os.path.join(repo, ".git")
    return dot_git if os.path.exists(dot_git) else repo


def read_file(repo, path):
    commit, date = git(repo, "log", "-1", "--format=%H %cs", "HEAD", "--", path).split()
    return git(repo, "show", "HEAD:" + path).splitlines(), commit, date


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def tables(lines):
    """Yields (header cells, [(line number, cells)], inside <details>) for each markdown table."""
    details = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<details>" in line:
            details = True
        if "</details>" in line:
            details = False
        if line.lstrip().startswith("|") and i + 1 < len(lines) and re.match(r"^\s*\|[\s:|-]+\|\s*$", lines[i + 1]):
            header = cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append((i + 1, cells(lines[i])))
                i += 1
            yield header, rows, details
            continue
        i += 1


def column(header, *words):
    for index, name in enumerate(header):
        if all(w.lower() in name.lower() for w in words):
            return index
    raise Failure("no column with %s in header %s" % (" and ".join(words), header))


def cann_version(text):
    return re.sub(r"^CANN\s*", "", text.strip(), flags=re.I)


def ascend(repo):
    lines, commit, date = read_file(repo, ASCEND_FILE)
    pairs, python = [], []
    for header, rows, details in tables(lines):
        joined = " ".join(header)
        if "TorchNPU" in joined and "CANN" in joined:
            npu, torch, cann = column(header, "TorchNPU"), column(header, "PyTorch"), column(header, "CANN")
            branch = column(header, "分支") if any("分支" in h for h in header) else None
            for number, row in rows:
                version = re.sub(r"[（(].*$", "", row[npu]).strip()
                pairs.append({"torch_npu": version, "torch": row[torch], "cann": cann_version(row[cann]),
                              "branch": row[branch] if branch is not None else "", "line": number,
                              "historical": details})
        elif "PyTorch" in header[0] and "Python" in joined:
            for number, row in rows:
                torch = re.sub(r"^PyTorch\s*", "", row[0])
                versions = re.findall(r"Python\s*(3\.\d+)", row[1])
                if not versions:
                    raise Failure("%s:%d: no Python version in %r" % (ASCEND_FILE, number, row[1]))
                python.append({"torch": torch, "python": versions, "line": number})
    if not pairs or not python:
        raise Failure("%s: the version table or the Python table was not found" % ASCEND_FILE)
    source = {"repo": "Ascend/pytorch", "path": ASCEND_FILE, "commit": commit, "date": date,
              "url": "https://github.com/Ascend/pytorch/blob/%s/%s" % (commit, ASCEND_FILE)}
    return source, pairs, python


def vllm_ascend(repo):
    lines, commit, date = read_file(repo, VLLM_FILE)
    result = []
    for header, rows, _ in tables(lines):
        if not header or header[0] != "vLLM Ascend":
            continue
        c = {key: column(header, *words) for key, words in
             (("vllm_ascend", ("vLLM Ascend",)), ("python", ("Python",)), ("cann", ("CANN",)),
              ("torch", ("PyTorch",)), ("triton", ("Triton",)))}
        c["vllm"] = header.index("vLLM")
        for number, row in rows:
            if "{{" in " ".join(row):
                continue  # the template row for main
            torch, _, npu = row[c["torch"]].partition("/")
            triton = row[c["triton"]]
            result.append({"vllm_ascend": row[c["vllm_ascend"]].lstrip("v"),
                           "vllm": [v.strip().lstrip("v") for v in row[c["vllm"]].split("/")],
                           "python": row[c["python"]], "cann": row[c["cann"]], "torch": torch.strip(),
                           "torch_npu": npu.strip(), "triton_ascend": "" if triton == "N/A" else triton,
                           "line": number})
    if not result:
        raise Failure("%s: the release compatibility matrix was not found" % VLLM_FILE)
    source = {"repo": "vllm-project/vllm-ascend", "path": VLLM_FILE, "commit": commit, "date": date,
              "url": "https://github.com/vllm-project/vllm-ascend/blob/%s/%s" % (commit, VLLM_FILE)}
    return source, result


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ascend-pytorch", required=True)
    parser.add_argument("--vllm-ascend", required=True)
    parser.add_argument("--output", default=os.path.join(here, "..", "resources", "data", "torch-npu-compat.json"))
    args = parser.parse_args()
    try:
        ascend_source, pairs, python = ascend(args.ascend_pytorch)
        vllm_source, vllm_rows = vllm_ascend(args.vllm_ascend)
    except Failure as failure:
        print("refresh-compat: %s" % failure, file=sys.stderr)
        return 1
    data = {
        "schema": 2,
        "generated_by": "scripts/refresh-compat.py",
        "note": "torch_npu X.Y.Z.postN is a later build of the X.Y.Z line; each row pairs one build with the CANN "
                "release it was built for. vllm-ascend's rows are the stacks it released and tested.",
        "sources": {"ascend": ascend_source, "vllm_ascend": vllm_source},
        "torch_npu": pairs,
        "python": python,
        "vllm_ascend": vllm_rows,
    }
    output = os.path.abspath(args.output)
    handle, partial = tempfile.mkstemp(dir=os.path.dirname(output), prefix=".compat-")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1, ensure_ascii=False)
        out.write("\n")
    os.replace(partial, output)
    print("%s: %d torch_npu rows (%s@%s, %s), %d Python rows, %d vllm-ascend rows (%s@%s, %s)"
          % (args.output, len(pairs), ascend_source["repo"], ascend_source["commit"][:7], ascend_source["date"],
             len(python), len(vllm_rows), vllm_source["repo"], vllm_source["commit"][:7], vllm_source["date"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
