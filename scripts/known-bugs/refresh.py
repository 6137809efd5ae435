#!/usr/bin/env python3
"""Computes, from the repositories themselves, which releases contain the fix of every known upstream bug.

For each entry of resources/knowledge/known-bugs.json with an "upstream" part, this script
  * checks that the fixing commit exists in a clone of upstream.fix.repo and that its message names the
    pull request (upstream.fix.pr), so a typed number cannot point at the wrong change;
  * finds the commit's backports on release branches: commits whose subject carries the fix's subject and
    whose patch (git patch-id) is the same, or that say "cherry picked from commit <sha>";
  * runs `git tag --contains` on the fix and each backport, keeps the release tags, and reads each tag's
    package version (the tag's name, or the version file at the tag where the name is not the version);
  * writes released_in (every release with the fix), fixed_in / fixed_in_tag (the first of them; empty
    when only main has it) and checked (the clone's head and date), and the repository's releases.

Never type those fields by hand: run this after adding or editing a bug.

    scripts/known-bugs/refresh.py --mirrors /work/.mirror            # clones at DIR/owner+name/repo
    scripts/known-bugs/refresh.py --clone verl-project/verl=~/src/verl --clone ...
    scripts/known-bugs/refresh.py --check                            # exit 1 when the file is out of date
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILE = os.path.join(HERE, "..", "..", "resources", "knowledge", "known-bugs.json")

# How a repository's release tags map to the version pip reports for its package.
#   "name": the tag is the version (v0.7.0, 0.13.1, v0.11.0rc1)
#   "file:PATH": the version is the text of PATH at the tag (torch_npu's version.txt)
#   "none": the tag names a release whose package version does not tell it apart (MindSpeed's
#           v2.3.0_core_r0.12.1 installs as mindspeed 0.12.1, like every other release for core 0.12.1)
REPOS = {
    "verl-project/verl": {"tags": r"^v?\d+\.\d+(\.\d+)*((rc|\.rc|\.post)\d+)?$", "version": "name"},
    "vllm-project/vllm-ascend": {"tags": r"^v\d+\.\d+\.\d+(rc\d+|\.post\d+)?$", "version": "name"},
    "vllm-project/vllm": {"tags": r"^v\d+\.\d+\.\d+(rc\d+|\.post\d+)?$", "version": "name"},
    "ISEEKYAN/mbridge": {"tags": r"^v?\d+\.\d+\.\d+(\.\d+)?(rc\d+)?$", "version": "name"},
    "Ascend/triton-ascend": {"tags": r"^v\d+\.\d+\.\d+(rc\d+)?$", "version": "name"},
    "Ascend/pytorch": {"tags": r"^v\d+\.\d+\.\d+(\.post\d+)?-pytorch\d+\.\d+\.\d+$", "version": "file:version.txt"},
    "Ascend/MindSpeed": {"tags": r"^v\d+\.\d+\.\d+(_core_r\d+\.\d+\.\d+)?$", "version": "none"},
}

PEP440 = re.compile(r"^v?(\d+(?:\.\d+)*)(?:\.?(a|b|rc)(\d+))?(?:\.post(\d+))?(?:\.dev(\d+))?$", re.I)


def version_key(text):
    m = PEP440.match(text)
    if not m:
        return ((), 9, 0, -1, 0)
    release = tuple(int(x) for x in m.group(1).split("."))
    while release and release[-1] == 0:
        release = release[:-1]
    pre = {"a": 0, "b": 1, "rc": 2}.get((m.group(2) or "").lower(), 3)
    return (release, pre, int(m.group(3) or 0), int(m.group(4) or -1), 0)


def git(clone, *args, check=True):
    out = subprocess.run(["git", "-C", clone, *args], capture_output=True, text=True)
    if check and out.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} in {clone}: {out.stderr.strip()}")
    return out.stdout


class Repo:
    def __init__(self, name, clone):
        if name not in REPOS:
            raise SystemExit(f"{name}: no tag rule in REPOS; add how its tags name releases")
        self.name, self.clone, self.rule = name, clone, REPOS[name]
        head = git(clone, "log", "-1", "--format=%h %cs", "HEAD").split()
        self.checked = f"{name}@{head[0]} {head[1]}"
        pattern = re.compile(self.rule["tags"])
        self.versions = {}  # tag -> package version ("" when the version does not tell releases apart)
        for tag in git(clone, "tag").split():
            if pattern.match(tag):
                self.versions[tag] = self.version_of(tag)
        self._subjects = None

    def version_of(self, tag):
        how = self.rule["version"]
        if how == "name":
            return tag[1:] if tag.startswith("v") else tag
        if how.startswith("file:"):
            return git(self.clone, "show", f"{tag}:{how[5:]}").strip()
        return ""

    def releases(self):
        values = {v for v in self.versions.values() if v}
        return sorted(values, key=version_key)

    def patch_id(self, sha):
        diff = subprocess.run(["git", "-C", self.clone, "show", sha], capture_output=True)
        pid = subprocess.run(["git", "-C", self.clone, "patch-id", "--stable"], input=diff.stdout, capture_output=True)
        return pid.stdout.decode().split(" ")[0] if pid.stdout else ""

    def backports(self, sha):
        """Commits on other branches that carry the same change."""
        if self._subjects is None:
            self._subjects = git(self.clone, "log", "--all", "--format=%H%x00%s%x00%b%x01").split("\x01")
        subject = git(self.clone, "log", "-1", "--format=%s", sha).strip()
        core = re.sub(r"\s*\(#\d+\)\s*$", "", subject)
        core = re.sub(r"^\[[^\]]*\]\s*", "", core)  # "[v0.9.1] ..." on a release branch
        if len(core) < 12:
            return []
        mine = None
        found = []
        for record in self._subjects:
            parts = record.strip("\n").split("\x00")
            if len(parts) < 3 or parts[0] == sha:
                continue
            other, other_subject, body = parts
            if f"cherry picked from commit {sha}" in body:
                found.append(other)
                continue
            if core not in other_subject:
                continue
            if mine is None:
                mine = self.patch_id(sha)
            if mine and self.patch_id(other) == mine:
                found.append(other)
        return found

    def tags_containing(self, sha):
        return [t for t in git(self.clone, "tag", "--contains", sha).split() if t in self.versions]


def find_clone(name, mirrors, clones):
    if name in clones:
        return clones[name]
    for candidate in (os.path.join(mirrors, name.replace("/", "+"), "repo"), os.path.join(mirrors, name.split("/")[1])):
        if os.path.isdir(candidate):
            return candidate
    raise SystemExit(f"{name}: no clone (give --clone {name}=PATH or --mirrors DIR)")


def refresh(doc, mirrors, clones):
    repos = {}
    for entry in doc["entries"]:
        up = entry.get("upstream")
        if not up:
            continue
        name = up["fix"]["repo"]
        if name not in repos:
            repos[name] = Repo(name, find_clone(name, mirrors, clones))
        repo = repos[name]
        found = subprocess.run(["git", "-C", repo.clone, "rev-parse", "--verify", "--quiet",
                                up["fix"]["commit"] + "^{commit}"], capture_output=True, text=True)
        if found.returncode != 0:
            raise SystemExit(f"{entry['id']}: commit {up['fix']['commit']} is not in {name}")
        sha = up["fix"]["commit"] = found.stdout.strip()  # a short hash is written out in full
        if up["fix"].get("pr"):
            message = git(repo.clone, "log", "-1", "--format=%B", sha)
            pr = up["fix"]["pr"]
            if not re.search(rf"(#{pr}\b|pull/{pr}\b|pull request #{pr}\b)", message):
                raise SystemExit(f"{entry['id']}: the message of {sha[:9]} does not name PR #{pr}")
        commits = [sha] + repo.backports(sha)
        tags = set()
        for commit in commits:
            tags.update(repo.tags_containing(commit))
        versions = sorted({repo.versions[t] for t in tags if repo.versions[t]}, key=version_key)
        first_tag = min(tags, key=lambda t: (version_key(repo.versions[t]) if repo.versions[t] else ((999,),), t),
                        default="")
        up["backports"] = sorted(c for c in commits[1:])
        up["released_in"] = versions
        up["fixed_in"] = repo.versions.get(first_tag, "") if first_tag else ""
        up["fixed_in_tag"] = first_tag
        up["checked"] = repo.checked
    doc["repositories"] = {
        name: {"checked": repo.checked, "releases": repo.releases()} for name, repo in sorted(repos.items())
    }
    return doc


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", default=DEFAULT_FILE)
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of clones: owner+name/repo or name")
    ap.add_argument("--clone", action="append", default=[], help="owner/name=PATH (repeatable)")
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 when the file would change")
    args = ap.parse_args()
    clones = {}
    for item in args.clone:
        name, _, path = item.partition("=")
        clones[name] = os.path.expanduser(path)
    with open(args.file, encoding="utf-8") as f:
        before = f.read()
    doc = refresh(json.loads(before), args.mirrors, clones)
    after = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if args.check:
        if after != before:
            print(f"{args.file} is out of date: run {sys.argv[0]} without --check", file=sys.stderr)
            return 1
        return 0
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(args.file)), prefix=".known-bugs.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(after)
    os.replace(tmp, args.file)
    bugs = [e for e in doc["entries"] if e.get("upstream")]
    for e in bugs:
        up = e["upstream"]
        where = up["fixed_in_tag"] or "main only"
        print(f"{e['id']}: {up['fix']['repo']} {up['fix']['commit'][:9]} -> {where} "
              f"({len(up['released_in'])} releases, {len(up['backports'])} backports)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
