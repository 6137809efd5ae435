"""A git clone (bare is fine) read the way the knowledge scripts need it: release tags and the package
version each one installs, files and blobs at a tag, commits with their changes, and which releases
contain a commit or one of its backports. Shared by scripts/upstream/index.py and
scripts/known-bugs/refresh.py, so the two never disagree on what a release is or which release has a fix.
"""
import os
import re
import subprocess

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
    "Ascend/pytorch": {"tags": r"^v\d+\.\d+\.\d+(\.\d+)?(\.post\d+)?-pytorch\d+\.\d+\.\d+$", "version": "file:version.txt"},
    "Ascend/MindSpeed": {"tags": r"^v\d+\.\d+\.\d+(_core_r\d+\.\d+\.\d+)?$", "version": "none"},
    "verl-project/verl-recipe": {"tags": r"^$", "version": "none"},
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


def git_dir(clone):
    """The git directory of a clone, bare or not."""
    dotgit = os.path.join(clone, ".git")
    return dotgit if os.path.isdir(dotgit) else clone


def find_clone(name, mirrors, clones=None):
    """The clone of owner/name: --clone owner/name=PATH, else MIRRORS/owner+name/repo or MIRRORS/name."""
    if clones and name in clones:
        return clones[name]
    for candidate in (os.path.join(mirrors, name.replace("/", "+"), "repo"), os.path.join(mirrors, name.split("/")[1])):
        if os.path.isdir(candidate):
            return candidate
    raise SystemExit(f"{name}: no clone (give --clone {name}=PATH or --mirrors DIR; the search tool's "
                     f"`fetch github:{name}` brings one to /work/.mirror)")


class Repo:
    def __init__(self, name, clone):
        if name not in REPOS:
            raise SystemExit(f"{name}: no tag rule in REPOS; add how its tags name releases")
        self.name, self.clone, self.rule = name, clone, REPOS[name]
        self.head = self.git("rev-parse", "HEAD").strip()
        head = self.git("log", "-1", "--format=%h %cs", "HEAD").split()
        self.head_date = head[1]
        self.checked = f"{name}@{head[0]} {head[1]}"
        pattern = re.compile(self.rule["tags"])
        self.versions = {}  # tag -> package version ("" when the version does not tell releases apart)
        for tag in self.git("tag").split():
            if pattern.match(tag):
                self.versions[tag] = self.version_of(tag)
        self._subjects = None
        self._reach = {}
        self._batch = None

    def git(self, *args, check=True, binary=False, stdin=None):
        out = subprocess.run(["git", "--git-dir", self.gitdir(), *args], capture_output=True, input=stdin)
        if check and out.returncode != 0:
            raise SystemExit(f"git {' '.join(args)} in {self.clone}: {out.stderr.decode(errors='replace').strip()}")
        return out.stdout if binary else out.stdout.decode("utf-8", errors="replace")

    def gitdir(self):
        return git_dir(self.clone)

    def version_of(self, tag):
        how = self.rule["version"]
        if how == "name":
            return tag[1:] if tag.startswith("v") else tag
        if how.startswith("file:"):
            return self.git("show", f"{tag}:{how[5:]}", check=False).strip()
        return ""

    def releases(self):
        values = {v for v in self.versions.values() if v}
        return sorted(values, key=version_key)

    # --- content ----------------------------------------------------------------------------------
    def files(self, rev):
        """{path: blob sha} of every file at rev."""
        out = {}
        for record in self.git("ls-tree", "-r", "-z", rev, binary=True).split(b"\0"):
            if not record:
                continue
            meta, _, path = record.partition(b"\t")
            parts = meta.split()
            if len(parts) == 3 and parts[1] == b"blob":
                out[path.decode("utf-8", errors="replace")] = parts[2].decode()
        return out

    def blob(self, sha):
        """The text of a blob, through one `git cat-file --batch` kept open."""
        if self._batch is None:
            self._batch = subprocess.Popen(["git", "--git-dir", self.gitdir(), "cat-file", "--batch"],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._batch.stdin.write(sha.encode() + b"\n")
        self._batch.stdin.flush()
        header = self._batch.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            return ""
        size = int(header[2])
        data = self._batch.stdout.read(size)
        self._batch.stdout.read(1)
        return data.decode("utf-8", errors="replace")

    # --- history ----------------------------------------------------------------------------------
    def reachable(self, rev):
        """Every commit rev contains (cached)."""
        if rev not in self._reach:
            self._reach[rev] = set(self.git("rev-list", rev).split())
        return self._reach[rev]

    def patch_id(self, sha):
        diff = self.git("show", sha, binary=True)
        pid = subprocess.run(["git", "patch-id", "--stable"], input=diff, capture_output=True)
        return pid.stdout.decode().split(" ")[0] if pid.stdout else ""

    def backports(self, sha):
        """Commits on other branches that carry the same change: the same subject and patch, or a
        "cherry picked from" line naming it."""
        if self._subjects is None:
            self._subjects = self.git("log", "--all", "--format=%H%x00%s%x00%b%x01").split("\x01")
        subject = self.git("log", "-1", "--format=%s", sha).strip()
        core = core_subject(subject)
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
        return [t for t in self.git("tag", "--contains", sha).split() if t in self.versions]


def core_subject(subject):
    """A commit subject without its pull request number, Gitee's merge wording ("!19049 Add X Merge pull
    request !19049 from a/b") and release-branch prefix ("[v0.9.1] ...", "【pytorch_v2.10.0】")."""
    core = subject.strip()
    m = re.match(r"^!\d+\s+(.*?)(\s+Merge pull request !\d+.*)?$", core)
    if m:
        core = m.group(1)
    core = re.sub(r"\s*\((#|!)\d+\)\s*$", "", core)
    core = re.sub(r"\s*\(from #\d+\)\s*$", "", core)
    core = re.sub(r"^((\[|【)[^\]】]*(v?\d|release|cherry[- ]?pick)[^\]】]*(\]|】)\s*)+", "", core, flags=re.I)
    return core.strip()


def pr_number(subject):
    """The pull request a commit came from: "(#1234)" at the end of a squash merge's subject, "Merge pull
    request #153" (GitHub) or "!9174 ..." (Gitee's merge commits, torch_npu)."""
    for pattern in (r"\(#(\d+)\)\s*$", r"^Merge pull request #(\d+)", r"^!(\d+)\s", r"Merge pull request !(\d+)"):
        m = re.search(pattern, subject)
        if m:
            return int(m.group(1))
    return 0
