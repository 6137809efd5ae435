#!/usr/bin/env python3
"""Writes resources/data/verl-config.json: every key of every config verl's Hydra programs compose, at
each release tag, as Hydra 1.3.2 itself composes it, with the dataclasses verl builds from it.

    scripts/verl-facts/setup-hydra.sh HYDRA_CLONE          # once: Hydra 1.3.2 with its parser generated
    scripts/verl-facts/compose.py VERL_CLONE --recipe RECIPE_CLONE --hydra BUILD_DIR \\
        [--tags v0.5.0 v0.9.0] [--jobs 2] --output resources/data/verl-config.json

VERL_CLONE and RECIPE_CLONE are git clones (bare is fine) of https://github.com/verl-project/verl and
https://github.com/verl-project/verl-recipe. Each tag is unpacked with `git archive` into a scratch folder
(with the verl-recipe commit the tag pins as its recipe/ submodule, from 0.7.1). Needs Debian's
python3-omegaconf, python3-antlr4, python3-packaging and python3-yaml (setup-hydra.sh installs them);
run it with /usr/bin/python3.

For each tag it:
  * finds the @hydra.main programs (config_path, config_name) in verl/, recipe/ and examples/;
  * composes every primary config of their config folders, and of every other folder named config(s) (a
    launch may name it with --config-path), with Hydra's compose API (defaults lists,
    config groups, hydra.searchpath; a pkg:// search path is read from the unpacked tree, because
    importing verl needs torch), and once more for every other option of every config group the config
    selects (model_engine=megatron, actor@actor_rollout_ref.actor=megatron_actor, ...), kept as the
    difference to the default composition;
  * records every node: its type and default, `${...}` interpolations, the YAML file and line it comes
    from (the last file of the defaults list that sets it), the dataclass a `_target_` names;
  * reads those dataclasses from the source with `ast` (dataclass_facts.py): fields, inherited ones too,
    annotations, `Literal[...]` values, the membership checks of __post_init__, each with its line;
  * reads the text verl's code compares numeric settings with (SPECIAL: test_freq == "after_each_epoch"),
    the values verl's code accepts for named keys (VALUE_ANCHORS below), and the `_target_` nodes
    verl reads as plain config instead of building their dataclass (NOT_BUILT), failing when an anchor
    that held for an older release matches nothing in a newer one.
Then it folds the tags together (a key is stored once per run of releases where it is the same), and
finds the keys that moved between consecutive releases (same field name, one place gone and one new).

Every fact keeps its source as TAG:PATH:LINE. The output is written beside the target and renamed.
"""

import argparse
import ast
import contextlib
import functools
import io
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import dataclass_facts  # noqa: E402

REPOSITORY = "https://github.com/verl-project/verl"
RECIPE_REPOSITORY = "https://github.com/verl-project/verl-recipe"
FIRST = (0, 4, 0)

# Values verl's code accepts for a key, where neither a Literal nor a __post_init__ check says so: a
# registry or a chain of comparisons. Each: key (in every config that has it), file, a regular
# expression whose group 1 is one accepted value (every matching line adds one), since. When no line
# matches at a tag from `since` on, the script stops: read the code at that tag and update the anchor.
VALUE_ANCHORS = [
    {
        "keys": ["actor_rollout_ref.rollout.name"],
        "since": "0.6.0",
        "file": "verl/workers/rollout/base.py",
        "pattern": r'^\s*\("([a-z_]+)", "(?:a?sync)"\): "verl\.',
        "what": "the rollout engines get_rollout_class knows (_ROLLOUT_REGISTRY); another name fails its assert",
    },
    {
        "keys": ["actor_rollout_ref.rollout.name"],
        "since": "0.5.0",
        "until": "0.6.0",
        "file": "verl/workers/fsdp_workers.py",
        "pattern": r'rollout_name == "([a-z_]+)"',
        "what": "the rollout engines the FSDP worker builds; another name raises NotImplementedError",
    },
    {
        "keys": ["algorithm.adv_estimator"],
        "since": "0.5.0",
        "file": "verl/trainer/ppo/core_algos.py",
        "enum": "AdvantageEstimator",
        "pattern": r'@register_adv_est\("([a-z_0-9]+)"\)',
        "what": "the advantage estimators verl registers; another fails at the first training step "
                "(get_adv_estimator_fn)",
    },
    {
        "keys": ["actor_rollout_ref.actor.policy_loss.loss_mode"],
        "since": "0.5.0",
        "file": "verl/trainer/ppo/core_algos.py",
        "pattern": r'@register_policy_loss\("([a-z_0-9]+)"\)',
        "what": "the policy losses verl registers; another fails in the first update (get_policy_loss_fn)",
    },
    {
        # 0.5 computes "vanilla" itself, the registry the others.
        "keys": ["actor_rollout_ref.actor.policy_loss.loss_mode"],
        "since": "0.5.0",
        "until": "0.6.0",
        "file": "verl/workers/actor/dp_actor.py",
        "pattern": r'policy_loss\.loss_mode == "([a-z_]+)"',
        "what": "the policy loss the actor computes itself",
    },
]


# Nodes with a `_target_` that verl does not build into their dataclass at start-up: it reads them as
# plain config, so a key added to them with + is not refused (and is ignored unless code reads it).
# Every other `_target_` node is built (hydra.utils.instantiate via omega_conf_to_dataclass), which
# refuses a key its dataclass lacks: TypeError "unexpected keyword argument". Each entry: the node,
# since/until, and the line that shows verl reading it as plain config; the script stops when that line
# is gone at a tag in the range. Read from verl at each tag (see the README's lint section).
NOT_BUILT = [
    {"node": "algorithm", "since": "0.5.0", "until": "0.6.0", "file": "verl/trainer/ppo/ray_trainer.py",
     "pattern": r"self\.config\.algorithm\.adv_estimator ==",
     "how": "the trainer reads algorithm as plain config"},
    {"node": "algorithm", "since": "0.6.0", "file": "verl/trainer/ppo/core_algos.py",
     "pattern": r"assert not isinstance\(config, AlgoConfig\)",
     "how": "verl passes algorithm on as plain config (core_algos asserts it is not an AlgoConfig)"},
    {"node": "critic", "since": "0.5.0", "until": "0.6.0", "file": "verl/trainer/ppo/ray_trainer.py",
     "pattern": r"self\.config\.critic\.",
     "how": "0.5 reads critic as plain config"},
    {"node": "global_profiler", "since": "0.6.0", "file": "verl/trainer/ppo/ray_trainer.py",
     "pattern": r"OmegaConf\.select\(self\.config\.global_profiler",
     "how": "the trainer reads global_profiler with OmegaConf.select"},
    {"node": "reward_manager", "since": "0.7.0", "until": "0.7.1", "file": "verl/trainer/ppo/reward.py",
     "pattern": r"reward_manager_cfg: RewardManagerConfig = config\.reward_manager$",
     "how": "the reward loader reads reward_manager as plain config"},
    {"node": "reward", "since": "0.7.1", "file": "verl/trainer/ppo/reward.py",
     "pattern": r"reward_manager_cfg: RewardManagerConfig = config\.reward\.reward_manager$",
     "how": "the reward loader reads reward as plain config"},
    {"node": "actor_rollout_ref.ref", "since": "0.7.0", "until": "0.8.0", "file": "verl/trainer/main_ppo.py",
     "pattern": r'^\s*if use_legacy_worker_impl == "disable":\s*$',
     "how": "the default legacy workers (trainer.use_legacy_worker_impl=auto) read ref as plain config; only "
            "the engine workers build it"},
]


def version_of(tag):
    return tuple(int(x) for x in re.findall(r"\d+", tag)[:3])


def vstr(version):
    return ".".join(map(str, version))


def run(*args, cwd=None):
    result = subprocess.run(args, cwd=cwd, capture_output=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout


def git(repo, *args):
    return run("git", "-C", repo, *args).decode()


def release_tags(repo):
    tags = [t for t in git(repo, "tag").split() if re.fullmatch(r"v\d+\.\d+\.\d+", t)]
    return sorted((t for t in tags if version_of(t) >= FIRST), key=version_of)


def unpack(repo, recipe, tag, dest):
    """The tree of `tag` in dest, with the verl-recipe commit it pins at recipe/. Returns that commit."""
    archive = run("git", "-C", repo, "archive", "--format=tar", tag)
    subprocess.run(["tar", "x", "-C", dest], input=archive, check=True)
    entry = git(repo, "ls-tree", tag, "recipe").split()
    if len(entry) >= 3 and entry[1] == "commit":
        commit = entry[2]
        if recipe is None:
            print(f"{tag}: pins verl-recipe {commit[:10]}; no --recipe given, its programs are left out", file=sys.stderr)
            return commit
        os.makedirs(os.path.join(dest, "recipe"), exist_ok=True)
        archive = run("git", "-C", recipe, "archive", "--format=tar", commit)
        subprocess.run(["tar", "x", "-C", os.path.join(dest, "recipe")], input=archive, check=True)
        return commit
    return None


# --- entry points ---------------------------------------------------------------------------------


def hydra_mains(tree, tag):
    """Every @hydra.main program: module, file, its config folder (relative to the tree), config name."""
    mains = []
    for top in ("verl", "recipe", "examples"):
        for folder, dirs, files in os.walk(os.path.join(tree, top)):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if "hydra.main" not in text:
                    continue
                try:
                    module_ast = ast.parse(text)
                except SyntaxError:
                    continue
                for node in ast.walk(module_ast):
                    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        continue
                    for deco in node.decorator_list:
                        if not (isinstance(deco, ast.Call) and ast.unparse(deco.func) in ("hydra.main", "main")):
                            continue
                        args = {k.arg: k.value for k in deco.keywords}
                        config_path = args.get("config_path")
                        config_name = args.get("config_name")
                        if not isinstance(config_path, ast.Constant) or not isinstance(config_name, ast.Constant):
                            continue
                        rel = os.path.relpath(path, tree)
                        folder_rel = os.path.normpath(os.path.join(os.path.dirname(rel), config_path.value))
                        mains.append({
                            "module": rel[:-3].replace("/", ".").removesuffix(".__main__"),
                            "file": rel,
                            "dir": folder_rel,
                            "config": config_name.value,
                            "source": f"{tag}:{rel}:{deco.lineno}",
                        })
    return mains


# --- composition (runs in a worker process: Hydra's state is global) ----------------------------------


def primary_configs(tree, folder):
    """The YAML files at the top of a config folder: each may be chosen with --config-name."""
    names = []
    full = os.path.join(tree, folder)
    if not os.path.isdir(full):
        return names
    for name in sorted(os.listdir(full)):
        if name.endswith(".yaml") and not name.startswith("_"):
            names.append(name[:-5])
    return names


def searchpath_overrides(tree, folder, name):
    """A primary config whose hydra.searchpath names a Python package (pkg://verl.trainer.config) needs
    verl importable, which needs torch; the same folder is read from the tree instead."""
    path = os.path.join(tree, folder, name + ".yaml")
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except (OSError, yaml.YAMLError):
        return []
    paths = ((data or {}).get("hydra") or {}).get("searchpath") if isinstance(data, dict) else None
    if not paths:
        return []
    rewritten = []
    for p in paths:
        if isinstance(p, str) and p.startswith("pkg://"):
            rewritten.append("file://" + os.path.join(tree, p[len("pkg://"):].replace(".", "/")))
        elif isinstance(p, str) and p.startswith("file://") and not p.startswith("file:///"):
            rewritten.append("file://" + os.path.join(tree, p[len("file://"):]))
        else:
            rewritten.append(p)
    return ["hydra.searchpath=[" + ",".join(rewritten) + "]"]


def fast_yaml():
    """OmegaConf reads YAML with PyYAML's pure-Python loader, which is most of a composition's time. The
    same loader on libyaml's C parser (Debian's python3-yaml has it) reads the same values: the resolvers
    and constructors, which decide them, are the Python ones either way. --check-yaml compares."""
    import omegaconf._utils as utils

    if getattr(utils, "_verl_facts_fast", False) or not getattr(yaml, "__with_libyaml__", False):
        return
    make = utils.get_yaml_loader

    def get_yaml_loader():
        slow = make()

        class Loader(yaml.CSafeLoader):
            def construct_mapping(self, node, deep=False):
                # OmegaConf's duplicate-key check, as its loader makes it.
                keys = set()
                for key_node, _ in node.value:
                    if key_node.tag != yaml.resolver.BaseResolver.DEFAULT_SCALAR_TAG:
                        continue
                    if key_node.value in keys:
                        raise yaml.constructor.ConstructorError(
                            "while constructing a mapping", node.start_mark,
                            f"found duplicate key {key_node.value}", key_node.start_mark)
                    keys.add(key_node.value)
                return super().construct_mapping(node, deep=deep)

        Loader.yaml_implicit_resolvers = slow.yaml_implicit_resolvers
        return Loader

    utils.get_yaml_loader = get_yaml_loader
    import omegaconf.omegaconf as module

    module.get_yaml_loader = get_yaml_loader
    utils._verl_facts_fast = True


@functools.lru_cache(maxsize=None)
def yaml_lines(path):
    """{dotted key: line} of one YAML config file, without its defaults list."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return {}
    out = {}

    def walk(node, prefix):
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key = f"{prefix}.{key_node.value}" if prefix else str(key_node.value)
                if not prefix and key == "defaults":
                    continue
                out[key] = key_node.start_mark.line + 1
                walk(value_node, key)

    walk(root, "")
    return out


def compose_one(tree, folder, name, overrides):
    """(config, defaults list, search path folders, group choices, group options) or raises."""
    from hydra import compose, initialize_config_dir
    from hydra._internal import config_loader_impl

    # compose() builds the defaults list and the repository it read; keep them instead of building
    # them twice (reading YAML is most of the time).
    seen = {}
    original = config_loader_impl.create_defaults_list

    def keep(repo, **kwargs):
        result = original(repo=repo, **kwargs)
        seen["repo"], seen["defaults"] = repo, result
        return result

    cwd = os.getcwd()
    os.chdir(tree)
    config_loader_impl.create_defaults_list = keep
    try:
        with initialize_config_dir(config_dir=os.path.join(tree, folder), version_base=None):
            cfg = compose(
                config_name=name, overrides=searchpath_overrides(tree, folder, name) + overrides, return_hydra_config=True
            )
    finally:
        config_loader_impl.create_defaults_list = original
        os.chdir(cwd)
    repo, defaults = seen["repo"], seen["defaults"]
    sources = [s.path for s in repo.get_sources() if s.scheme() == "file"]
    # Groups a command line can select: a nested default (critic/../engine@critic.fsdp) cannot be named.
    choices = {k: v for k, v in defaults.overrides.known_choices.items() if "/.." not in k}
    options = {group: sorted(repo.get_group_options(group.split("@", 1)[0])) for group in choices}
    return cfg, defaults.defaults, sources, choices, options


def source_lines(tree, tag, defaults, sources):
    """{key: (file relative to the tree, line)}: the last config of the defaults list that sets the key."""
    lines = {}
    for d in defaults:
        if d.config_path is None or (d.package or "").startswith("hydra") or d.config_path.startswith("hydra/"):
            continue
        path = None
        for root in sources:
            candidate = os.path.join(root, d.config_path + ".yaml")
            if os.path.isfile(candidate):
                path = candidate
                break
        if path is None:
            continue
        rel = os.path.relpath(os.path.realpath(path), os.path.realpath(tree))
        package = d.package or ""
        for key, line in yaml_lines(path).items():
            full = f"{package}.{key}" if package else key
            lines[full] = (rel, line)
    return lines


def node_facts(cfg, lines):
    """{key: fact} for every node of a composed config."""
    from omegaconf import DictConfig, ListConfig, OmegaConf

    out = {}

    def resolved_type(path):
        try:
            value = OmegaConf.select(cfg, path, throw_on_resolution_failure=True, throw_on_missing=True)
        except Exception:  # an interpolation of a key the config lacks, or of the environment
            return None
        return type_name(value)

    def walk(node, path):
        if path:
            fact = {}
            where = lines.get(path)
            if where:
                fact["src"] = where
            if isinstance(node, DictConfig):
                fact["t"] = "dict"
                raw = node._content if not node._is_none() else None
                if isinstance(raw, str):  # the whole node is an interpolation
                    fact["i"] = raw
                    rt = resolved_type(path)
                    if rt:
                        fact["rt"] = rt
                elif node._is_none():
                    fact["t"] = "null"
                elif len(node) == 0:
                    fact["open"] = True
                else:
                    target = node._get_node("_target_") if "_target_" in node else None
                    if target is not None and isinstance(target._value(), str):
                        fact["target"] = target._value()
            elif isinstance(node, ListConfig):
                raw = node._content
                if isinstance(raw, str):
                    fact["t"] = "list"
                    fact["i"] = raw
                elif node._is_none():
                    fact["t"] = "null"
                else:
                    fact["t"] = "list"
                    fact["d"] = OmegaConf.to_container(node, resolve=False)
            else:
                value = node._value()
                if isinstance(value, str) and "${" in value:
                    fact["i"] = value
                    rt = resolved_type(path)
                    fact["t"] = rt or "interp"
                elif value == "???":
                    fact["t"] = "missing"
                else:
                    fact["t"] = type_name(value)
                    fact["d"] = value
            out[path] = fact
        if isinstance(node, DictConfig) and not node._is_none() and not isinstance(node._content, str):
            for key in node.keys():
                walk(node._get_node(key), f"{path}.{key}" if path else str(key))

    walk(cfg, "")
    return out


def split_hydra(facts):
    """(the program's keys, Hydra's own hydra.* keys)."""
    own = {k: v for k, v in facts.items() if k != "hydra" and not k.startswith("hydra.")}
    hydra = {k: v for k, v in facts.items() if k == "hydra" or k.startswith("hydra.")}
    return own, hydra


def type_name(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "missing" if value == "???" else "str"
    if isinstance(value, (list, tuple)) or type(value).__name__ == "ListConfig":
        return "list"
    return "dict"


def compose_job(job):
    """One config of one tag: its default composition and one per other group option."""
    tree, tag, folder, name = job["tree"], job["tag"], job["dir"], job["name"]
    print(f"{tag}: composing {folder}/{name}", file=sys.stderr, flush=True)
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        try:
            cfg, defaults, sources, choices, options = compose_one(tree, folder, name, [])
        except Exception as e:  # not a primary config (a fragment), or broken at this tag
            return {"dir": folder, "name": name, "error": first_line(e)}
        lines = source_lines(tree, tag, defaults, sources)
        base, hydra_keys = split_hydra(node_facts(cfg, lines))
        hydra_groups = {g: {"default": c, "options": options.get(g, [])} for g, c in choices.items() if g.startswith("hydra")}
        choices = {g: c for g, c in choices.items() if not g.startswith("hydra")}
        variants = {}
        for group, chosen in choices.items():
            # Every option of verl's own trainer configs; a recipe's or an experimental program's config
            # reads its variants from the trainer config it is built on (pack() keeps it as a difference).
            if chosen is None or not job.get("variants", False):
                continue
            for option in options.get(group, []):
                if option == chosen:
                    continue
                override = f"{group}={option}"
                try:
                    vcfg, vdefaults, vsources, _, _ = compose_one(tree, folder, name, [override])
                except Exception as e:
                    variants[override] = {"error": first_line(e)}
                    continue
                facts, _ = split_hydra(node_facts(vcfg, source_lines(tree, tag, vdefaults, vsources)))
                variants[override] = diff(base, facts)
    groups = {g: {"default": c, "options": options.get(g, [])} for g, c in choices.items()}
    return {"dir": folder, "name": name, "keys": base, "groups": groups, "variants": variants,
            "hydra": {"keys": hydra_keys, "groups": hydra_groups}}


def first_line(e):
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}"


def diff(base, other):
    """What a variant changes: keys it adds or changes (with their facts) and keys it drops."""
    changed = {k: v for k, v in other.items() if base.get(k) != v}
    removed = sorted(k for k in base if k not in other)
    return {"set": changed, "drop": removed}


# --- one tag -------------------------------------------------------------------------------------


def anchored_values(tree, tag):
    """{key: {"values", "src", "what"}} from VALUE_ANCHORS at this tag."""
    out = {}
    version = version_of(tag)
    for anchor in VALUE_ANCHORS:
        since = version_of(anchor["since"])
        until = version_of(anchor["until"]) if "until" in anchor else None
        if version < since or (until and version >= until):
            continue
        path = os.path.join(tree, anchor["file"])
        values, first = [], None
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if "enum" in anchor:
                # The string values of an Enum class's members.
                for node in ast.parse(text).body:
                    if isinstance(node, ast.ClassDef) and node.name == anchor["enum"]:
                        first = node.lineno
                        for stmt in node.body:
                            if (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
                                    and isinstance(stmt.value.value, str) and stmt.value.value not in values):
                                values.append(stmt.value.value)
            for number, line in enumerate(text.splitlines(), 1):
                m = re.search(anchor["pattern"], line)
                if m and m.group(1) not in values:
                    values.append(m.group(1))
                    first = first or number
        if not values:
            raise SystemExit(f"{tag}: the value anchor for {anchor['keys']} matches nothing in {anchor['file']}; "
                             "read verl's code at this tag and update VALUE_ANCHORS")
        for key in anchor["keys"]:
            if key in out:  # two anchors for one key: both sets of values, the first source
                out[key]["values"] += [v for v in values if v not in out[key]["values"]]
            else:
                out[key] = {"values": values, "src": f"{tag}:{anchor['file']}:{first}", "what": anchor["what"]}
    return out


def unbuilt_nodes(tree, tag):
    """{node: {"src", "how"}} from NOT_BUILT at this tag."""
    out = {}
    version = version_of(tag)
    for entry in NOT_BUILT:
        since = version_of(entry["since"])
        until = version_of(entry["until"]) if "until" in entry else None
        if version < since or (until and version >= until):
            continue
        path = os.path.join(tree, entry["file"])
        line = None
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                for number, text in enumerate(f, 1):
                    if re.search(entry["pattern"], text):
                        line = number
                        break
        if line is None:
            raise SystemExit(f"{tag}: the NOT_BUILT anchor for {entry['node']} matches nothing in {entry['file']}; "
                             "read verl's code at this tag and update NOT_BUILT")
        out[entry["node"]] = {"src": f"{tag}:{entry['file']}:{line}", "how": entry["how"]}
    return out


SPECIAL = [
    re.compile(r'\.(\w+)\s*==\s*"([^"\n]+)"'),
    re.compile(r'\.get\("(\w+)"[^)]*\)\s*==\s*"([^"\n]+)"'),
]


def special_values(tree, tag, numeric_leaves):
    """{field name: {"values", "src"}}: text verl's code compares a numeric setting with (test_freq ==
    "after_each_epoch" in the SFT trainer), which a type check on the setting must let through."""
    out = {}
    for folder, dirs, files in os.walk(os.path.join(tree, "verl")):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    for pattern in SPECIAL:
                        for leaf, value in pattern.findall(line):
                            if leaf not in numeric_leaves:
                                continue
                            entry = out.setdefault(leaf, {"values": [], "src": f"{tag}:{os.path.relpath(path, tree)}:{number}"})
                            if value not in entry["values"]:
                                entry["values"].append(value)
    return out


def targets_of(facts):
    for fact in facts.values():
        if "target" in fact:
            yield fact["target"]


def extract_tag(repo, recipe, tag, scratch, jobs):
    tree = os.path.join(scratch, tag)
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree)
    recipe_commit = unpack(repo, recipe, tag, tree)
    mains = hydra_mains(tree, tag)
    work = []
    seen = set()
    # The programs' config folders, and every other folder named config that --config-path may name
    # or configs (recipe/qat/config is run with verl.trainer.main_ppo --config-path=…).
    folders = [(main["dir"], [main["config"]]) for main in mains]
    for top in ("recipe", "examples", "verl"):
        for folder, dirs, _ in os.walk(os.path.join(tree, top)):
            dirs.sort()
            if os.path.basename(folder) in ("config", "configs"):
                folders.append((os.path.relpath(folder, tree), []))
    for folder, names in folders:
        for name in names + primary_configs(tree, folder):
            if (folder, name) not in seen:
                seen.add((folder, name))
                work.append({"tree": tree, "tag": tag, "dir": folder, "name": name,
                             "variants": folder == "verl/trainer/config"})
    if jobs > 1:
        with multiprocessing.Pool(jobs, initializer=fast_yaml) as pool:
            results = pool.map(compose_job, work, chunksize=1)
    else:
        fast_yaml()
        results = [compose_job(job) for job in work]
    configs = {}
    failed = {}
    hydra = None
    for result in results:
        cid = f"{result['dir']}/{result['name']}"
        if "error" in result:
            failed[cid] = result["error"]
        else:
            # Hydra's own node is the same for every program; kept once.
            hydra = hydra or result["hydra"]
            del result["hydra"]
            configs[cid] = result
    # Every dataclass a config names, read from the source at this tag.
    reader = dataclass_facts.Reader(tree)
    dataclasses = {}
    pending = []
    for result in configs.values():
        facts = [result["keys"]] + [v.get("set", {}) for v in result["variants"].values()]
        for f in facts:
            pending += list(targets_of(f))
    # The classes they name, and the dataclasses their fields are annotated with (a plain node of the
    # config typed by its parent's field: algorithm.rollout_correction is a RolloutCorrectionConfig).
    while pending:
        target = pending.pop()
        if target in dataclasses:
            continue
        dataclasses[target] = reader.dataclass(target, tag)
        for field in (dataclasses[target] or {}).get("fields", {}).values():
            if "class" in field:
                pending.append(field["class"])
    print(f"{tag}: {len(mains)} programs, {len(configs)} configs composed, {len(failed)} not composable, "
          f"{sum(1 for d in dataclasses.values() if d)} of {len(dataclasses)} dataclasses read", file=sys.stderr)
    values = anchored_values(tree, tag)
    unbuilt = unbuilt_nodes(tree, tag)
    numeric = {k.rsplit(".", 1)[-1] for c in configs.values() for k, f in c["keys"].items() if f.get("t") in ("int", "float")}
    specials = special_values(tree, tag, numeric)
    shutil.rmtree(tree, ignore_errors=True)
    return {
        "version": vstr(version_of(tag)),
        "tag": tag,
        "commit": git(repo, "rev-list", "-n", "1", tag).strip(),
        "recipe_commit": recipe_commit,
        "programs": mains,
        "configs": configs,
        "failed": failed,
        "hydra": hydra,
        "dataclasses": dataclasses,
        "values": values,
        "unbuilt": unbuilt,
        "specials": specials,
    }



# --- folding the releases together --------------------------------------------------------------


def stripped(value):
    """A fact without its tag and line, for deciding whether two releases say the same: a fact that
    moved to another file starts a new run, so the source a release is shown names its own file."""
    if isinstance(value, dict):
        return {k: (source_file(v) if k == "src" else stripped(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [stripped(v) for v in value]
    return value


def without_tags(value):
    """A fact with the tags taken out of its sources (lines kept)."""
    if isinstance(value, dict):
        return {k: (v.split(":", 1)[1] if k == "src" and isinstance(v, str) and ":" in v else without_tags(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [without_tags(v) for v in value]
    return value


def source_file(src):
    if isinstance(src, (list, tuple)):
        return src[0]
    if isinstance(src, str) and src.count(":") >= 2:
        return src.split(":", 1)[1].rsplit(":", 1)[0]
    return src


def fold(per_release, exact=False):
    """[(release index, value or None)] -> [[first, last, value of first]] over runs of equal values
    (their tags and lines aside, unless exact); None (absent) breaks a run."""
    segments = []
    for index, value in per_release:
        if value is None:
            continue
        key = json.dumps(without_tags(value) if exact else stripped(value), sort_keys=True)
        if segments and segments[-1][1] == index - 1 and segments[-1][3] == key:
            segments[-1][1] = index
        else:
            segments.append([index, index, value, key])
    return [[f, l, v] for f, l, v, _ in segments]


def fold_sourced(per_release):
    """fold() for facts with a src "TAG:PATH:LINE": where the line moves within a run, the run keeps the
    line of each release in "lines" (the first release's src names the file), so every release is shown
    its own line."""
    segments = fold(per_release)
    by_release = dict(per_release)
    for segment in segments:
        first, last, value = segment
        if not isinstance(value, dict) or not isinstance(value.get("src"), str):
            continue
        lines = []
        for i in range(first, last + 1):
            src = by_release[i].get("src") if isinstance(by_release[i], dict) else None
            lines.append(int(src.rsplit(":", 1)[1]) if isinstance(src, str) and src.count(":") >= 2 else None)
        if len(set(lines)) > 1 and None not in lines:
            segment[2] = dict(value, lines=lines)
    return segments


def ranges(indices):
    out = []
    for i in sorted(indices):
        if out and out[-1][1] == i - 1:
            out[-1][1] = i
        else:
            out.append([i, i])
    return out


def with_tag(fact, tag):
    """A key fact with its (file, line) as TAG:FILE:LINE."""
    fact = dict(fact)
    if "src" in fact and isinstance(fact["src"], (list, tuple)):
        fact["src"] = f"{tag}:{fact['src'][0]}:{fact['src'][1]}"
    return fact


BASE = "verl/trainer/config/ppo_trainer"
TRAINER = "verl/trainer/config/"


def base_of(cid, configs):
    """The verl trainer config `cid` differs least from, when that difference is under half of it: the
    config is then kept as that difference. ppo_trainer stands alone; verl's other trainer configs may be
    built on it; any other config on any of verl's trainer configs."""
    if cid == BASE:
        return None
    candidates = [BASE] if cid.startswith(TRAINER) else [c for c in configs if c.startswith(TRAINER) and c != cid]
    best = None
    for candidate in candidates:
        if candidate not in configs:
            continue
        d = diff(configs[candidate]["keys"], configs[cid]["keys"])
        size = len(d["set"]) + len(d["drop"])
        if size < len(configs[cid]["keys"]) / 2 and (best is None or size < best[0]):
            best = (size, candidate, d)
    return best


def fold_keys(present, facts_at):
    """{key: [[first, last, fact]]} from facts_at(release) -> {key: fact}."""
    keys = sorted({k for i in present for k in facts_at(i)})
    return {k: fold_sourced([(i, facts_at(i).get(k)) for i in present]) for k in keys}


def fold_drops(present, drops_at):
    keys = sorted({k for i in present for k in drops_at(i)})
    return {k: ranges([i for i in present if k in drops_at(i)]) for k in keys}


def pack(raws):
    releases = [{"version": r["version"], "tag": r["tag"], "commit": r["commit"], "recipe_commit": r["recipe_commit"]}
                for r in raws]
    tags = [r["tag"] for r in raws]

    # Each config as itself, or as its difference to the trainer config it is built on. Its group
    # variants (kept for verl's trainer configs only) as differences to its default composition, each
    # kept only where it differs from its base's.
    shaped = []
    for i, raw in enumerate(raws):
        configs = raw["configs"]
        per = {}
        for cid, c in configs.items():
            entry = {"groups": c["groups"], "keys": c["keys"], "drop": [], "variants": {}}
            based = base_of(cid, configs)
            if based is not None:
                _, base, d = based
                entry.update(base=base, keys=d["set"], drop=d["drop"])
            if cid.startswith(TRAINER):
                for o, v in c["variants"].items():
                    inherited = configs[base]["variants"].get(o) if based is not None else None
                    if inherited is None or stripped(inherited) != stripped(v):
                        entry["variants"][o] = v
            entry["keys"] = {k: with_tag(f, tags[i]) for k, f in entry["keys"].items()}
            per[cid] = entry
        shaped.append(per)

    configs = {}
    for cid in sorted({cid for per in shaped for cid in per}):
        present = [i for i, per in enumerate(shaped) if cid in per]
        c = {"r": ranges(present)}
        bases = fold([(i, shaped[i][cid].get("base")) for i in present])
        if bases:
            c["base"] = bases
        c["keys"] = fold_keys(present, lambda i: shaped[i][cid]["keys"])
        dropped = fold_drops(present, lambda i: shaped[i][cid]["drop"])
        if dropped:
            c["drop"] = dropped
        c["groups"] = {g: fold([(i, shaped[i][cid]["groups"].get(g)) for i in present])
                       for g in sorted({g for i in present for g in shaped[i][cid]["groups"]})}
        variants = {}
        for o in sorted({o for i in present for o in shaped[i][cid]["variants"]}):
            own = [i for i in present if o in shaped[i][cid]["variants"]]
            composed = [i for i in own if "error" not in shaped[i][cid]["variants"][o]]

            def facts_at(i, o=o):
                v = shaped[i][cid]["variants"][o]
                return {k: with_tag(f, tags[i]) for k, f in v.get("set", {}).items()}

            variant = {"r": ranges(own), "keys": fold_keys(composed, facts_at),
                       "drop": fold_drops(composed, lambda i, o=o: shaped[i][cid]["variants"][o].get("drop", []))}
            errors = fold([(i, shaped[i][cid]["variants"][o].get("error")) for i in own])
            if errors:
                variant["error"] = errors
            variants[o] = variant
        if variants:
            c["variants"] = variants
        configs[cid] = c

    programs = {}
    for i, raw in enumerate(raws):
        for p in raw["programs"]:
            key = (p["module"], f"{p['dir']}/{p['config']}")
            programs.setdefault(key, {"module": p["module"], "config": key[1], "releases": [], "src": p["source"]})
            programs[key]["releases"].append(i)
            programs[key]["src"] = p["source"]  # the newest
    program_list = [{"module": p["module"], "config": p["config"], "r": ranges(p["releases"]), "src": p["src"]}
                    for p in sorted(programs.values(), key=lambda p: (p["module"], p["config"]))]

    failed = {}
    for cid in sorted({cid for raw in raws for cid in raw["failed"]}):
        failed[cid] = fold([(i, raw["failed"].get(cid)) for i, raw in enumerate(raws)])

    dataclasses = {}
    for name in sorted({n for raw in raws for n, d in raw["dataclasses"].items() if d}):
        dataclasses[name] = fold([(i, raw["dataclasses"].get(name)) for i, raw in enumerate(raws)], exact=True)

    values = {}
    for key in sorted({k for raw in raws for k in raw["values"]}):
        values[key] = fold([(i, raw["values"].get(key)) for i, raw in enumerate(raws)], exact=True)
    specials = {}
    for leaf in sorted({n for raw in raws for n in raw.get("specials", {})}):
        specials[leaf] = fold([(i, raw.get("specials", {}).get(leaf)) for i, raw in enumerate(raws)], exact=True)
    unbuilt = {}
    for node in sorted({n for raw in raws for n in raw["unbuilt"]}):
        unbuilt[node] = fold([(i, raw["unbuilt"].get(node)) for i, raw in enumerate(raws)], exact=True)

    hydra = next((raw["hydra"] for raw in reversed(raws) if raw.get("hydra")), None)
    hydra_keys = {k: {"t": v["t"]} for k, v in sorted(hydra["keys"].items())} if hydra else {}
    hydra_groups = {g: v["options"] for g, v in sorted(hydra["groups"].items())} if hydra else {}

    return {
        "schema": 1,
        "about": "Every key of every config verl's Hydra programs compose, per release, as Hydra 1.3.2 composes "
        "it, with the dataclasses verl builds from it and the keys that moved between releases. Written by "
        "scripts/verl-facts/compose.py from verl's source; do not edit by hand. A fact holds for the releases "
        "[first, last] (indices into releases); its src names the first of them, and lines, when present, "
        "the line in each of them.",
        "repository": REPOSITORY,
        "recipe_repository": RECIPE_REPOSITORY,
        "hydra": "1.3.2",
        "releases": releases,
        "programs": program_list,
        "configs": configs,
        "failed": failed,
        "dataclasses": dataclasses,
        "values": values,
        "unbuilt": unbuilt,
        "specials": specials,
        "hydra_keys": hydra_keys,
        "hydra_groups": hydra_groups,
        "moves": moves(raws),
    }


# --- keys that moved ----------------------------------------------------------------------------

def leaves(keys):
    return {k: v for k, v in keys.items() if v.get("t") != "dict" and not k.endswith("._target_")}


def common_suffix(a, b):
    """How many trailing path segments two keys share."""
    x, y = a.split("."), b.split(".")
    n = 0
    while n < min(len(x), len(y)) and x[-1 - n] == y[-1 - n]:
        n += 1
    return n


def parent(key):
    return key.rsplit(".", 1)[0] if "." in key else ""


def subtree_moves(removed, added, old, new):
    """{removed key: added key} for whole nodes that moved: node P of the old release is gone from the
    new one, and at least two of its keys are found below one new node Q with the same rest of the path."""
    support = {}
    added_set = set(added)
    for r in removed:
        parts = r.split(".")
        for k in range(1, len(parts)):
            p, tail = ".".join(parts[:k]), ".".join(parts[k:])
            if p in new:
                continue  # the node is still there: its keys did not move with it
            for a in added:
                if a.endswith("." + tail):
                    q = a[: -len(tail) - 1]
                    if q not in old:
                        support.setdefault((p, q), set()).add(tail)
    # For each old node, the new node with the most keys in common (then the one whose name shares the
    # most path segments with it, then the most of its end); a tie, or a new node that two old ones would move to, is not a move.
    ranked = {}
    for (p, q), tails in support.items():
        if len(tails) >= 2:
            shared = len(set(p.split(".")) & set(q.split(".")))
            ranked.setdefault(p, []).append(((len(tails), shared, common_suffix(p, q)), q))
    best = {}
    for p, candidates in ranked.items():
        candidates.sort(reverse=True)
        if len(candidates) == 1 or candidates[0][0] != candidates[1][0]:
            best[p] = (candidates[0][1], candidates[0][0])
    targets = {}
    for p, (q, _) in best.items():
        targets.setdefault(q, []).append(p)
    best = {p: v for p, v in best.items() if len(targets[v[0]]) == 1}
    out = {}
    for r in removed:
        parts = r.split(".")
        # The longest moved node the key lies in.
        for k in range(len(parts) - 1, 0, -1):
            p = ".".join(parts[:k])
            if p in best:
                candidate = best[p][0] + "." + ".".join(parts[k:])
                if candidate in added_set:
                    out[r] = candidate
                break
    return out


def moves(raws):
    """Keys of a release that the next one lacks, with the key the next one has in their place. Two kinds,
    both read off the two composed configs: a node that moved as a whole (subtree_moves), and a single key
    whose field name is found once in each release, below a node the new release adds."""
    found = []
    for cid in sorted({c for raw in raws for c in raw["configs"] if c.startswith(TRAINER)}):
        for a, b in zip(raws, raws[1:]):
            if cid not in a["configs"] or cid not in b["configs"]:
                continue
            old_all, new_all = a["configs"][cid]["keys"], b["configs"][cid]["keys"]
            old, new = leaves(old_all), leaves(new_all)
            removed = [k for k in old if k not in new]
            added = [k for k in new if k not in old]
            pairs = subtree_moves(removed, added, old_all, new_all)
            leaf_count_old, leaf_count_new = {}, {}
            for k in old:
                leaf_count_old[k.rsplit(".", 1)[-1]] = leaf_count_old.get(k.rsplit(".", 1)[-1], 0) + 1
            for k in new:
                leaf_count_new[k.rsplit(".", 1)[-1]] = leaf_count_new.get(k.rsplit(".", 1)[-1], 0) + 1
            by_leaf = {k.rsplit(".", 1)[-1]: k for k in added}
            for r in removed:
                if r in pairs:
                    continue
                leaf = r.rsplit(".", 1)[-1]
                to = by_leaf.get(leaf)
                if to and leaf_count_old.get(leaf) == 1 and leaf_count_new.get(leaf) == 1 and parent(to) not in old_all:
                    pairs[r] = to
            for frm, to in sorted(pairs.items()):
                src = new[to].get("src")
                found.append({"config": cid, "from": frm, "to": to, "release": b["version"],
                              "src": f"{b['tag']}:{src[0]}:{src[1]}" if src else None})
    return found


# --- command line ---------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("verl", help="a git clone of verl (bare is fine)")
    parser.add_argument("--recipe", help="a git clone of verl-recipe, for the programs under recipe/ from 0.7.1")
    parser.add_argument("--hydra", required=True, help="Hydra 1.3.2 as setup-hydra.sh builds it")
    parser.add_argument("--tags", nargs="*", help="release tags to read (default: every vX.Y.Z from v0.4.0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cache", help="keep each tag's reading here and reuse it when the commit is the same")
    parser.add_argument("--output", help="where to write the JSON (default: standard output)")
    args = parser.parse_args()
    sys.path.insert(0, os.path.abspath(args.hydra))
    import hydra

    if hydra.__version__ != "1.3.2":
        raise SystemExit(f"{args.hydra} is Hydra {hydra.__version__}; the facts are composed with 1.3.2")
    tags = args.tags or release_tags(args.verl)
    raws = []
    with tempfile.TemporaryDirectory(prefix="verl-facts-") as scratch:
        for tag in tags:
            commit = git(args.verl, "rev-list", "-n", "1", tag).strip()
            cached = os.path.join(args.cache, f"{tag}.json") if args.cache else None
            raw = None
            if cached and os.path.isfile(cached):
                with open(cached, encoding="utf-8") as f:
                    raw = json.load(f)
                if raw.get("commit") != commit:
                    raw = None
            if raw is None:
                raw = extract_tag(args.verl, args.recipe, tag, scratch, args.jobs)
                if cached:
                    os.makedirs(args.cache, exist_ok=True)
                    write(cached, json.dumps(raw, default=list))
            raws.append(json.loads(json.dumps(raw, default=list)))
    document = pack(raws)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"), default=list) + "\n"
    if args.output:
        write(args.output, text)
        print(f"{args.output}: {len(text) // 1024} KiB, {len(document['configs'])} configs, "
              f"{len(document['moves'])} moved keys", file=sys.stderr)
    else:
        sys.stdout.write(text)


def write(path, text):
    # Written beside the target and renamed, so a failed run never leaves half a file.
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
