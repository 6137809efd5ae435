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
sys.path.insert(0, os.path.join(HERE, "..", "upstream"))
from gitrepo import Repo, find_clone, version_key  # noqa: E402  (shared with the upstream indexes)

DEFAULT_FILE = os.path.join(HERE, "..", "..", "resources", "knowledge", "known-bugs.json")


def git(clone, *args, check=True):
    out = subprocess.run(["git", "-C", clone, *args], capture_output=True, text=True)
    if check and out.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} in {clone}: {out.stderr.strip()}")
    return out.stdout


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
