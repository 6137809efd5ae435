#!/usr/bin/env python3
"""Refreshes every file of generated knowledge under resources/ from the upstream repositories, and keeps
the sources manifest (resources/data/sources.json): which repository and commit each file was read from,
and the file's SHA-256 as the refresh wrote it.

    scripts/refresh-knowledge.py [--mirrors /work/.mirror] [--only STEP ...]   # regenerate, then record
    scripts/refresh-knowledge.py --record [--only STEP ...]                    # record the files as they are
    scripts/refresh-knowledge.py --check                                       # exit 1 when a file is stale

The steps, each a script of its own under scripts/ that can also be run alone:

    upstream   scripts/upstream/index.py         resources/data/upstream/*.json (messages and changes)
    codes      scripts/error-codes/catalogue.py  resources/data/ascend-codes.json
    bugs       scripts/known-bugs/refresh.py     resources/knowledge/known-bugs.json
    compat     scripts/refresh-compat.py         resources/data/torch-npu-compat.json
    pins       scripts/stack-pins/extract.py     resources/data/stack-pins.json (vllm-ascend's and verl's pins
                                                 and images at every tag)
    facts      scripts/verl-facts/extract.py     resources/data/verl-facts.json
    config     scripts/verl-facts/compose.py     resources/data/verl-config.json (needs Hydra 1.3.2 built by
                                                 scripts/verl-facts/setup-hydra.sh from a clone of
                                                 facebookresearch/hydra, and Java; give --hydra BUILD_DIR)

--check needs no clone: it says which file differs from what the manifest records (edited by hand, or
regenerated without recording), and which file was read from another commit than the manifest names (a
refresh that stopped half way). CTest runs it (knowledge_sources). With --mirrors it also says which
clones have moved on since the manifest was written.
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
MANIFEST = os.path.join(ROOT, "resources", "data", "sources.json")
sys.path.insert(0, os.path.join(HERE, "upstream"))
import gitrepo  # noqa: E402


def rel(path):
    return os.path.relpath(path, ROOT)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def load(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return json.load(f)


# What each file says it was read from: {repository: commit or commit prefix}. A file that records
# nothing of its own is checked by its hash alone.
def sources_of_upstream(path):
    doc = load(path)
    return {doc["repository"]: doc["commit"]}


def sources_of_codes(path):
    return dict(v.split("@", 1) for v in load(path)["sources"].values())


def sources_of_bugs(path):
    out = {}
    for name, repo in load(path).get("repositories", {}).items():
        out[name] = repo["checked"].split("@", 1)[1].split()[0]
    return out


def sources_of_compat(path):
    return {s["repo"]: s["commit"] for s in load(path)["sources"].values()}


def sources_of_pins(path):
    doc = load(path)
    return {doc[key]["repository"]: doc[key]["commit"] for key in ("vllm_ascend", "verl")}


def sources_of_facts(path):
    doc = load(path)
    out = {"verl-project/verl": doc["versions"][-1]["commit"]}
    if doc.get("recipe", {}).get("commit"):
        out["verl-project/verl-recipe"] = doc["recipe"]["commit"]
    return out


def sources_of_config(path):
    doc = load(path)
    return {"verl-project/verl": doc["releases"][-1]["commit"]}


def step_upstream(args):
    return [sys.executable, os.path.join(HERE, "upstream", "index.py"), "--mirrors", args.mirrors,
            "--output", os.path.join(ROOT, "resources", "data", "upstream")]


def step_codes(args):
    return [sys.executable, os.path.join(HERE, "error-codes", "catalogue.py"), "--mirrors", args.mirrors,
            "--output", os.path.join(ROOT, "resources", "data", "ascend-codes.json")]


def step_bugs(args):
    return [sys.executable, os.path.join(HERE, "known-bugs", "refresh.py"), "--mirrors", args.mirrors]


def step_compat(args):
    return [sys.executable, os.path.join(HERE, "refresh-compat.py"),
            "--ascend-pytorch", gitrepo.find_clone("Ascend/pytorch", args.mirrors),
            "--vllm-ascend", gitrepo.find_clone("vllm-project/vllm-ascend", args.mirrors)]


def step_pins(args):
    return [sys.executable, os.path.join(HERE, "stack-pins", "extract.py"),
            "--vllm-ascend", gitrepo.find_clone("vllm-project/vllm-ascend", args.mirrors),
            "--verl", gitrepo.find_clone("verl-project/verl", args.mirrors),
            "--output", os.path.join(ROOT, "resources", "data", "stack-pins.json")]


def step_facts(args):
    return ["/usr/bin/python3", os.path.join(HERE, "verl-facts", "extract.py"),
            gitrepo.find_clone("verl-project/verl", args.mirrors),
            "--recipe", gitrepo.find_clone("verl-project/verl-recipe", args.mirrors),
            "--vllm-ascend", gitrepo.find_clone("vllm-project/vllm-ascend", args.mirrors),
            "--output", os.path.join(ROOT, "resources", "data", "verl-facts.json")]


def step_config(args):
    if not args.hydra:
        raise SystemExit("config: give --hydra BUILD_DIR (scripts/verl-facts/setup-hydra.sh HYDRA_CLONE prints it)")
    return ["/usr/bin/python3", os.path.join(HERE, "verl-facts", "compose.py"),
            gitrepo.find_clone("verl-project/verl", args.mirrors),
            "--recipe", gitrepo.find_clone("verl-project/verl-recipe", args.mirrors), "--hydra", args.hydra,
            "--output", os.path.join(ROOT, "resources", "data", "verl-config.json")]


UPSTREAM = ["verl-project/verl", "vllm-project/vllm-ascend", "Ascend/pytorch", "ISEEKYAN/mbridge",
            "verl-project/verl-recipe", "Ascend/MindSpeed", "Ascend/triton-ascend"]

# step -> (command, output glob, what a file says it was read from, the clones it reads at their head;
# the codes step reads commits its script pins)
STEPS = {
    "upstream": (step_upstream, "resources/data/upstream/*.json", sources_of_upstream, UPSTREAM),
    "codes": (step_codes, "resources/data/ascend-codes.json", sources_of_codes, []),
    "bugs": (step_bugs, "resources/knowledge/known-bugs.json", sources_of_bugs,
             ["verl-project/verl", "vllm-project/vllm-ascend", "ISEEKYAN/mbridge"]),
    "compat": (step_compat, "resources/data/torch-npu-compat.json", sources_of_compat,
               ["Ascend/pytorch", "vllm-project/vllm-ascend"]),
    "pins": (step_pins, "resources/data/stack-pins.json", sources_of_pins,
             ["vllm-project/vllm-ascend", "verl-project/verl"]),
    "facts": (step_facts, "resources/data/verl-facts.json", sources_of_facts,
              ["verl-project/verl", "verl-project/verl-recipe", "vllm-project/vllm-ascend"]),
    "config": (step_config, "resources/data/verl-config.json", sources_of_config,
               ["verl-project/verl", "verl-project/verl-recipe"]),
}


def head_of(repo, mirrors):
    try:
        clone = gitrepo.find_clone(repo, mirrors)
    except SystemExit:
        return ""
    return subprocess.run(["git", "--git-dir", gitrepo.git_dir(clone), "rev-parse", "HEAD"], capture_output=True,
                          text=True).stdout.strip()


def outputs(step):
    return sorted(rel(p) for p in glob.glob(os.path.join(ROOT, STEPS[step][1])))


def read_manifest():
    if not os.path.exists(MANIFEST):
        return {"schema": 1, "outputs": {}}
    with open(MANIFEST, encoding="utf-8") as f:
        return json.load(f)


def write_manifest(doc):
    doc["about"] = ("Which upstream commit each file of generated knowledge was read from, and its SHA-256 as "
                    "written; kept by scripts/refresh-knowledge.py, checked by its --check. Do not edit.")
    doc["repositories"] = dict(sorted(doc.get("repositories", {}).items()))
    doc["outputs"] = dict(sorted(doc["outputs"].items()))
    ordered = {k: doc[k] for k in ("schema", "about", "repositories", "outputs")}
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(MANIFEST), prefix=".sources.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(ordered, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, MANIFEST)


def record(doc, step, mirrors):
    for path in outputs(step):
        doc["outputs"][path] = {"step": step, "sha256": sha256(os.path.join(ROOT, path)),
                                "sources": STEPS[step][2](path)}
    # the heads of the clones the step read, for --check --mirrors to say when they have moved on
    repositories = doc.setdefault("repositories", {})
    for repo in STEPS[step][3]:
        if head := head_of(repo, mirrors):
            repositories[repo] = head


def check(doc, mirrors):
    problems = []
    for step in STEPS:
        for path in outputs(step):
            if path not in doc["outputs"]:
                problems.append(f"{path}: not in the manifest: run scripts/refresh-knowledge.py --record --only {step}")
    for path, entry in doc["outputs"].items():
        full = os.path.join(ROOT, path)
        if not os.path.exists(full):
            problems.append(f"{path}: the manifest names it, but it is gone")
            continue
        if sha256(full) != entry["sha256"]:
            problems.append(f"{path}: differs from what the refresh wrote (edited by hand, or regenerated without "
                            f"recording): run scripts/refresh-knowledge.py --only {entry['step']}")
        said = STEPS[entry["step"]][2](path)
        for repo, commit in said.items():
            recorded = entry["sources"].get(repo, "")
            if not (recorded.startswith(commit) or commit.startswith(recorded)):
                problems.append(f"{path}: read from {repo}@{commit[:12]}, the manifest names {recorded[:12]}")
    notes = []
    if mirrors:
        for repo, commit in doc.get("repositories", {}).items():
            head = head_of(repo, mirrors)
            if head and head != commit:
                notes.append(f"{repo}: the clone is at {head[:12]}, the knowledge was read at {commit[:12]}: "
                             f"a refresh would read newer commits")
    return problems, notes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of clones: owner+name/repo or name")
    ap.add_argument("--only", nargs="+", choices=sorted(STEPS), help="these steps only")
    ap.add_argument("--hydra", help="Hydra 1.3.2 build folder, for the config step")
    ap.add_argument("--record", action="store_true", help="record the files as they are; regenerate nothing")
    ap.add_argument("--check", action="store_true", help="exit 1 when a file differs from the manifest")
    args = ap.parse_args()
    doc = read_manifest()
    if args.check:
        problems, notes = check(doc, args.mirrors if "--mirrors" in sys.argv else None)
        for note in notes:
            print(f"note: {note}")
        for problem in problems:
            print(problem, file=sys.stderr)
        if not problems:
            print(f"knowledge: {len(doc['outputs'])} generated files agree with {rel(MANIFEST)}")
        return 1 if problems else 0
    steps = args.only or [s for s in STEPS if s != "config" or args.hydra or args.record]
    if "config" not in steps and not args.only:
        print("refresh-knowledge: config skipped (it needs --hydra BUILD_DIR); resources/data/verl-config.json and "
              "its manifest entry are left as they were", flush=True)
    for step in steps:
        if not args.record:
            command = STEPS[step][0](args)
            print(f"refresh-knowledge: {step}: {' '.join(command)}", flush=True)
            result = subprocess.run(command, cwd=ROOT)
            if result.returncode != 0:
                raise SystemExit(f"refresh-knowledge: {step} failed (exit {result.returncode}); the manifest is "
                                 f"left as it was")
        for path in list(doc["outputs"]):
            if doc["outputs"][path]["step"] == step:
                del doc["outputs"][path]
        record(doc, step, args.mirrors)
    write_manifest(doc)
    print(f"refresh-knowledge: {len(doc['outputs'])} files recorded in {rel(MANIFEST)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
