#!/usr/bin/env python3
"""Writes resources/data/upstream/<component>.messages.json and .changes.json: for verl, vllm-ascend, torch_npu, mbridge,
verl-recipe, MindSpeed and triton-ascend, read from their git repositories (never typed):

  * messages: every message the code raises, asserts, or logs at warning level or above (sites.py says
    which calls count), as a template with "{}" where a value goes, and every place it is raised: file,
    function, the condition that guards it, and its line in each set of releases that has it there;
  * fixes: every commit from the oldest release read to the head of the main branch, and the commits of
    release branches that are not backports of one of them: its pull request, subject (never the body:
    the index must not learn from the threads it is measured on), date, the releases whose tags contain
    it or a backport of it (the same subject and an overlapping set of files, or a "cherry picked from"
    line), the files and functions it changes with the lines added and removed, the message sites it
    adds and removes, the rare identifiers of its changed lines and the lines that hold the rarest.

    scripts/upstream/index.py --mirrors /work/.mirror [--component verl ...] [--output resources/data/upstream]
    scripts/upstream/index.py --check    # exit 1 when a file differs from what the clones give now

Each clone is read at its HEAD (the commit goes into the file and into resources/data/sources.json through
scripts/refresh-knowledge.py). Parsing is cached per blob in ~/.cache/vna-upstream, so a refresh after a
new release reads only what changed. Needs only python3 and git.
"""
import argparse
import bisect
import collections
import json
import os
import pickle
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gitrepo  # noqa: E402
import sites  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_OUTPUT = os.path.join(ROOT, "resources", "data", "upstream")
EXTRACTOR_VERSION = 4  # bump when sites.py changes what it extracts: the cache is then rebuilt

SKIP = re.compile(r"(^|/)(tests?|testing|examples?|benchmarks?|docs?|tools|ci|\.github|third_party)/|(^|/)test_[^/]*$"
                  r"|(^|/)conftest\.py$|(^|/)setup\.py$")

# component -> how to read it
COMPONENTS = {
    "verl": {"repo": "verl-project/verl", "code": r"^(verl|recipe)/.*\.py$", "min": "0.3.0rc0", "url": "github"},
    "vllm-ascend": {"repo": "vllm-project/vllm-ascend", "code": r"^vllm_ascend/.*\.py$", "min": "0.7.1rc1",
                    "url": "github"},
    "torch_npu": {"repo": "Ascend/pytorch", "code": r"^torch_npu/.*\.(py|cpp|h|hpp)$", "min": "2.3.1",
                  "url": "github"},
    "mbridge": {"repo": "ISEEKYAN/mbridge", "code": r"^mbridge/.*\.py$", "min": "0.1.0", "url": "github"},
    "verl-recipe": {"repo": "verl-project/verl-recipe", "code": r"^[^/]+/.*\.py$", "pinned_by": "verl",
                    "mount": "recipe/", "url": "github"},
    "mindspeed": {"repo": "Ascend/MindSpeed", "code": r"^mindspeed/.*\.py$", "min": "", "url": "github"},
    "triton-ascend": {"repo": "Ascend/triton-ascend", "code": r"^(ascend|triton_patch|python)/.*\.py$", "min": "",
                      "url": "github"},
}

MAX_IDS = 24          # rare identifiers kept per commit
MAX_LINES = 2         # changed lines kept per commit (those holding the rarest identifiers)
MAX_LINE_CHARS = 160
RARE_SHARE = 0.02     # an identifier in more than this share of commits is not rare
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{3,}")
COMMON_IDS = {"self", "None", "True", "False", "return", "import", "from", "else", "elif", "assert", "raise",
              "def", "class", "async", "await", "lambda", "with", "pass", "while", "yield", "global", "print",
              "const", "auto", "void", "static", "inline", "nullptr", "std", "int64_t", "size_t", "bool", "struct",
              "include", "define", "ifdef", "endif", "ifndef", "template", "typename", "namespace"}


def log(*args):
    print(*args, file=sys.stderr, flush=True)


class Cache:
    """Sites and functions per blob, kept between runs."""

    def __init__(self, name):
        folder = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "vna-upstream")
        os.makedirs(folder, exist_ok=True)
        self.path = os.path.join(folder, name.replace("/", "+") + f".v{EXTRACTOR_VERSION}.pickle")
        self.data = {}
        if os.path.exists(self.path):
            try:
                with open(self.path, "rb") as f:
                    self.data = pickle.load(f)
            except (OSError, pickle.UnpicklingError, EOFError):
                self.data = {}
        self.dirty = False

    def get(self, repo, sha, path):
        if sha not in self.data:
            text = repo.blob(sha)
            parsed = sites.cpp_sites(text) if path.endswith((".cpp", ".h", ".hpp", ".cc")) else sites.python_sites(text)
            self.data[sha] = parsed if parsed is not None else ([], [])
            self.dirty = True
        return self.data[sha]

    def save(self):
        if self.dirty:
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as f:
                pickle.dump(self.data, f)
            os.replace(tmp, self.path)


def function_at(functions, line):
    """The innermost function whose lines hold `line`, or "<module>"."""
    best = None
    for name, start, end in functions:
        if start <= line <= end and (best is None or end - start < best[2] - best[1]):
            best = (name, start, end)
    return best[0] if best else "<module>"


class Interner:
    def __init__(self):
        self.items, self.index = [], {}

    def __call__(self, value):
        if value not in self.index:
            self.index[value] = len(self.items)
            self.items.append(value)
        return self.index[value]


def ranges(indexes):
    """[0,1,2,5,7,8] -> "0-2,5,7-8"."""
    out, run = [], None
    for i in sorted(indexes):
        if run and i == run[1] + 1:
            run[1] = i
        else:
            if run:
                out.append(run)
            run = [i, i]
    if run:
        out.append(run)
    return ",".join(f"{a}" if a == b else f"{a}-{b}" for a, b in out)


def releases_of(component, spec, repo, mirrors, clones):
    """[(version, tag, commit)] in version order, the main branch's head last as "main"."""
    out = []
    if spec.get("pinned_by"):
        owner = gitrepo.Repo(COMPONENTS[spec["pinned_by"]]["repo"],
                             gitrepo.find_clone(COMPONENTS[spec["pinned_by"]]["repo"], mirrors, clones))
        pinned = {}
        for tag, version in sorted(owner.versions.items(), key=lambda kv: gitrepo.version_key(kv[1])):
            entry = owner.git("ls-tree", tag, spec["mount"].rstrip("/"), check=False).split()
            if len(entry) >= 3 and entry[1] == "commit":
                pinned.setdefault(entry[2], []).append(version)
        for commit, versions in pinned.items():
            if repo.git("cat-file", "-t", commit, check=False).strip() == "commit":
                for version in versions:
                    out.append((version, "", commit))
        out.sort(key=lambda r: gitrepo.version_key(r[0]))
    else:
        minimum = gitrepo.version_key(spec["min"]) if spec.get("min") else None
        for tag, version in repo.versions.items():
            label = version or tag
            if not version and repo.rule["version"] != "none":
                continue  # a tag whose package version is not in the tree (torch_npu for PyTorch 2.1)
            if minimum and version and gitrepo.version_key(version) < minimum:
                continue
            out.append((label, tag, repo.git("rev-parse", tag + "^{commit}").strip()))
        if repo.rule["version"] == "none":
            out.sort(key=lambda r: (repo.git("log", "-1", "--format=%ct", r[2]).strip(), r[1]))
        else:
            out.sort(key=lambda r: gitrepo.version_key(r[0]))
    out.append(("main", "", repo.head))
    return out


def read_messages(repo, code, releases, cache):
    """messages: {(template, kind, type, level): {(path, function, condition): {line: {release index}}}} and
    spans: {(path, function's own name): {(first line, last line): {release index}}} — a traceback frame
    names a function by its own name and a line, which tells the releases whose code it ran."""
    messages = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(set)))
    spans = collections.defaultdict(lambda: collections.defaultdict(set))
    for index, (version, _tag, commit) in enumerate(releases):
        files = repo.files(commit)
        count = 0
        for path, sha in files.items():
            if not code.match(path) or SKIP.search(path):
                continue
            found, functions = cache.get(repo, sha, path)
            for site in found:
                key = (site["template"], site["kind"], site["type"], site["level"])
                messages[key][(path, site["function"], site["condition"])][site["line"]].add(index)
                count += 1
            if path.endswith(".py"):
                for name, start, end in functions:
                    spans[(path, name.rsplit(".", 1)[-1])][(start, end)].add(index)
        log(f"  {version}: {count} message sites")
    return messages, spans


def hunks(diff_text):
    """{path: ([old line numbers], [new line numbers], [(sign, text)])} from a -U0 diff; a deleted file
    is under its old path."""
    out = {}
    path = old_path = None
    old = new = 0
    for line in diff_text.split("\n"):
        if line.startswith("diff --git "):
            path = old_path = None
        elif line.startswith("--- ") and path is None:
            old_path = line[6:] if line.startswith("--- a/") else None
        elif line.startswith("+++ ") and path is None:
            path = line[6:] if line.startswith("+++ b/") else old_path
            if path is not None:
                out.setdefault(path, ([], [], []))
        elif line.startswith("@@"):
            m = re.match(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", line)
            if m:
                old, new = int(m.group(1)), int(m.group(3))
        elif path is not None and line[:1] in ("+", "-"):
            olds, news, changed = out[path]
            if line[0] == "-":
                olds.append(old)
                old += 1
            else:
                news.append(new)
                new += 1
            changed.append((line[0], line[1:]))
    return out


def merge_subject(subject, body):
    """The title of the pull request a merge commit brought in."""
    if subject.startswith("Merge pull request #"):
        first = body.strip().split("\n", 1)[0].strip()
        return first or subject
    m = re.match(r"^!\d+\s+(.*?)(\s+Merge pull request !\d+.*)?$", subject)
    return m.group(1) if m else subject


def read_history(repo, spec, code, releases, cache, since_commit):
    """Every commit of the main branch since since_commit, and release-branch commits no main commit
    carries: [dict]."""
    since = repo.git("log", "-1", "--format=%cI", since_commit).strip()
    records = repo.git("log", "--first-parent", f"--since={since}", "--format=%H%x00%P%x00%cs%x00%s%x00%b%x01",
                       "HEAD").split("\x01")
    main = []
    for record in records:
        parts = record.strip("\n").split("\x00")
        if len(parts) < 5:
            continue
        sha, parents, date, subject, body = parts
        parents = parents.split()
        if len(parents) > 1:
            subject = merge_subject(subject, body)
        main.append({"sha": sha, "parent": parents[0] if parents else "", "date": date, "subject": subject,
                     "pr": gitrepo.pr_number(parts[3]), "picked": re.findall(r"cherry picked from commit ([0-9a-f]{40})", body)})
    on_main = repo.reachable("HEAD")
    # release-branch commits: in some release, not on main
    branch_only = set()
    for _version, tag, commit in releases[:-1]:
        branch_only |= repo.reachable(commit) - on_main
    since_ts = int(repo.git("log", "-1", "--format=%ct", since_commit).strip())
    branch = []
    if branch_only:
        for record in repo.git("log", "--no-walk=unsorted", "--format=%H%x00%P%x00%cs%x00%ct%x00%s%x00%b%x01",
                               *sorted(branch_only)).split("\x01"):
            parts = record.strip("\n").split("\x00")
            if len(parts) < 6 or int(parts[3]) < since_ts:
                continue
            sha, parents, date, _ts, subject, body = parts
            parents = parents.split()
            if len(parents) > 1:
                subject = merge_subject(subject, body)
            branch.append({"sha": sha, "parent": parents[0] if parents else "", "date": date, "subject": subject,
                           "pr": gitrepo.pr_number(parts[4]),
                           "picked": re.findall(r"cherry picked from commit ([0-9a-f]{40})", body)})
    log(f"  history: {len(main)} commits on the main branch, {len(branch)} on release branches only")

    commits = []
    for c in main + branch:
        if not c["parent"]:
            continue
        diff = repo.git("diff", "-U0", "--no-color", "--no-renames", c["parent"], c["sha"], check=False)
        changed = {p: h for p, h in hunks(diff).items() if code.match(p) and not SKIP.search(p)}
        if not changed:
            continue
        before = repo.files(c["parent"]) if changed else {}
        after = repo.files(c["sha"]) if changed else {}
        files, added_sites, removed_sites, lines = [], set(), set(), []
        for path, (olds, news, text) in sorted(changed.items()):
            old_sites, old_functions = cache.get(repo, before[path], path) if path in before else ([], [])
            new_sites, new_functions = cache.get(repo, after[path], path) if path in after else ([], [])
            functions = collections.Counter()
            for line in olds:
                functions[function_at(old_functions, line)] += 1
            for line in news:
                functions[function_at(new_functions, line)] += 1
            files.append((path, sorted(functions), len(news), len(olds)))
            old_keys = {(s["template"], s["function"]) for s in old_sites}
            new_keys = {(s["template"], s["function"]) for s in new_sites}
            added_sites |= {(path,) + k for k in new_keys - old_keys}
            removed_sites |= {(path,) + k for k in old_keys - new_keys}
            lines.extend(text)
        commits.append({**c, "files": files, "added": sorted(added_sites), "removed": sorted(removed_sites),
                        "changed": lines})
    return commits, {c["sha"] for c in main}


def backport_map(commits, main_shas):
    """branch commit -> the main commit it carries (a "cherry picked from" line, or the same subject of at
    least 16 characters and a file in common)."""
    by_subject = collections.defaultdict(list)
    by_pr = {}
    for c in commits:
        if c["sha"] in main_shas:
            by_subject[gitrepo.core_subject(c["subject"]).lower()].append(c)
            if c["pr"]:
                by_pr[c["pr"]] = c["sha"]
    out = {}
    for c in commits:
        if c["sha"] in main_shas:
            continue
        for picked in c["picked"]:
            if picked in main_shas:
                out[c["sha"]] = picked
                break
        named = re.search(r"\(from #(\d+)\)", c["subject"])  # vllm-ascend's cherry-pick subjects
        if c["sha"] not in out and named and int(named.group(1)) in by_pr:
            out[c["sha"]] = by_pr[int(named.group(1))]
        if c["sha"] in out:
            continue
        core = gitrepo.core_subject(c["subject"]).lower()
        if len(core) < 16:
            continue
        mine = {f[0] for f in c["files"]}
        for candidate in by_subject.get(core, []):
            if mine & {f[0] for f in candidate["files"]}:
                out[c["sha"]] = candidate["sha"]
                break
    return out


def build(component, spec, mirrors, clones):
    repo = gitrepo.Repo(spec["repo"], gitrepo.find_clone(spec["repo"], mirrors, clones))
    code = re.compile(spec["code"])
    cache = Cache(spec["repo"])
    releases = releases_of(component, spec, repo, mirrors, clones)
    log(f"{component}: {len(releases) - 1} releases ({releases[0][0]} … {releases[-2][0]}) and main at "
        f"{repo.head[:10]}")
    messages, spans = read_messages(repo, code, releases, cache)
    commits, main_shas = read_history(repo, spec, code, releases, cache, releases[0][2])
    cache.save()

    # which releases contain each commit, backports included
    carried = backport_map(commits, main_shas)
    reach = [repo.reachable(commit) for _v, _t, commit in releases]
    containing = collections.defaultdict(set)
    for c in commits:
        owner = carried.get(c["sha"], c["sha"])
        for index, members in enumerate(reach):
            if c["sha"] in members:
                containing[owner].add(index)

    # rare identifiers: those in few commits
    frequency = collections.Counter()
    idents = {}
    for c in commits:
        found = set()
        for _sign, text in c["changed"]:
            found.update(t for t in IDENT.findall(text) if t not in COMMON_IDS)
        found.update(t for t in IDENT.findall(c["subject"]) if t not in COMMON_IDS and not t.islower())
        idents[c["sha"]] = found
        frequency.update(found)
    limit = max(4, int(RARE_SHARE * len(commits)))

    paths, sets, functions = Interner(), Interner(), Interner()
    out_messages = []
    for (template, kind, etype, level), places in sorted(messages.items()):
        at = []
        for (path, function, condition), lines in sorted(places.items()):
            where = [[line, sets(ranges(indexes))] for line, indexes in sorted(lines.items())]
            at.append([paths(path), functions(function), condition, where])
        out_messages.append([template, kind, etype, level, at])

    out_spans = []
    for (path, name), variants in sorted(spans.items()):
        out_spans.append([paths(path), functions(name),
                          [[start, end, sets(ranges(indexes))] for (start, end), indexes in sorted(variants.items())]])

    out_fixes = []
    for c in commits:
        if c["sha"] in carried:
            continue  # a backport: its releases count for the commit it carries
        rare = sorted((t for t in idents[c["sha"]] if frequency[t] <= limit), key=lambda t: (frequency[t], t))
        keep = rare[:MAX_IDS]
        scored = []
        for sign, text in c["changed"]:
            stripped = text.strip()
            if not stripped or len(stripped) < 8:
                continue
            score = sum(1.0 / frequency[t] for t in set(IDENT.findall(text)) if t in keep)
            if score > 0:
                scored.append((-score, sign + stripped[:MAX_LINE_CHARS]))
        scored.sort()
        seen_lines, key_lines = set(), []
        for _score, text in scored:
            if text not in seen_lines:
                seen_lines.add(text)
                key_lines.append(text)
            if len(key_lines) >= MAX_LINES:
                break
        files = [[paths(p), [functions(f) for f in fs], a, r] for p, fs, a, r in c["files"]]
        record = {"sha": c["sha"], "date": c["date"], "subject": c["subject"][:200],
                  "in": sets(ranges(containing.get(c["sha"], set()))), "files": files}
        if c["pr"]:
            record["pr"] = c["pr"]
        if c["sha"] not in main_shas:
            record["branch"] = True
        if c["added"]:
            record["added"] = [[paths(p), functions(f), t] for p, t, f in c["added"]][:20]
        if c["removed"]:
            record["removed"] = [[paths(p), functions(f), t] for p, t, f in c["removed"]][:20]
        if keep:
            record["ids"] = keep
        if key_lines:
            record["lines"] = key_lines
        out_fixes.append(record)
    out_fixes.sort(key=lambda r: (r["date"], r["sha"]))

    head_date = repo.head_date
    doc = {
        "schema": 1,
        "about": f"Where {component}'s messages are raised and every change since {releases[0][0]}, read from "
                 f"{spec['repo']} by scripts/upstream/index.py; do not edit by hand.",
        "component": component,
        "repository": spec["repo"],
        "url": f"https://github.com/{spec['repo']}",
        "commit": repo.head,
        "date": head_date,
        "mount": spec.get("mount", ""),
        "releases": [{"version": v, "tag": t, "commit": c} for v, t, c in releases],
        "sets": sets.items,
        "paths": paths.items,
        "functions": functions.items,
        "messages": out_messages,
        "spans": out_spans,
        "fixes": out_fixes,
    }
    log(f"  {len(out_messages)} messages at {sum(len(m[4]) for m in out_messages)} places; {len(out_fixes)} changes; "
        f"{len(sets.items)} release sets")
    return doc


def render(doc):
    """The two files of a component: its messages (read to locate a line) and its changes (read only when
    a located line asks for the fixes since a release), one message or change per line."""
    head = {k: doc[k] for k in doc if k not in ("messages", "spans", "fixes")}
    messages = dict(head, messages=doc["messages"], spans=doc["spans"])
    changes = {k: head[k] for k in ("schema", "about", "component", "repository", "commit", "date", "releases")}
    changes.update(sets=doc["sets"], paths=doc["paths"], functions=doc["functions"], fixes=doc["fixes"])
    out = {}
    for part, value in (("messages", messages), ("changes", changes)):
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        text = text.replace(',["', ',\n["').replace(',{"sha"', ',\n{"sha"')
        out[part] = text + "\n"
    return out


def write(text, path):
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".upstream.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of clones: owner+name/repo or name")
    ap.add_argument("--clone", action="append", default=[], help="owner/name=PATH (repeatable)")
    ap.add_argument("--component", action="append", choices=sorted(COMPONENTS), help="only these (repeatable)")
    ap.add_argument("--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 when a file would change")
    args = ap.parse_args()
    clones = dict(item.split("=", 1) for item in args.clone)
    stale = 0
    for component in args.component or sorted(COMPONENTS):
        doc = build(component, COMPONENTS[component], args.mirrors, clones)
        for part, text in render(doc).items():
            path = os.path.join(args.output, f"{component}.{part}.json")
            if args.check:
                try:
                    with open(path, encoding="utf-8") as f:
                        same = f.read() == text
                except OSError:
                    same = False
                if not same:
                    print(f"{path} is out of date: run {sys.argv[0]} without --check", file=sys.stderr)
                    stale += 1
            else:
                write(text, path)
                log(f"  wrote {path} ({len(text.encode()) // 1024} KiB)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
