#!/usr/bin/env python3
"""Which overrides of real verl launches fail, decided by Hydra itself and by verl's dataclasses, for
measuring the launch checker against it:

    scripts/verl-facts/groundtruth.py --hydra BUILD_DIR --trees DIR LAUNCHES.jsonl > VERDICTS.jsonl
    scripts/verl-facts/groundtruth.py --compare VERDICTS.jsonl --linter build/dev/app/verl-npu-assistant

LAUNCHES.jsonl holds one launch per line, as an argument recorder saw it when the scripts ran:
{"tag": "v0.9.0", "module": "verl.trainer.main_ppo" or a script path, "config_path": null, "config_name":
null, "overrides": [...]}. --trees DIR holds each tag's source tree as DIR/TAG (with its verl-recipe at
recipe/). For each launch:

  1. the program's config folder is read from its @hydra.main (and --config-path / --config-name);
  2. Hydra 1.3.2 composes it with the overrides; when it refuses one, the override its message names is
     recorded as failing and left out, and the rest composed again;
  3. the nodes verl builds into dataclasses at start-up (every `_target_` node but those compose.py's
     NOT_BUILT lists) are instantiated with hydra.utils.instantiate, as verl's omega_conf_to_dataclass
     does, on stand-in classes with the fields dataclass_facts.py reads from the source and a
     __post_init__ that makes the membership checks it read (torch is not needed);
  4. the values of the keys in compose.VALUE_ANCHORS are checked against the values verl's code knows.

--compare runs the linter on each launch (as one command line, with the words as recorded) and prints the
refused launches, the false errors and the missed errors.
"""

import argparse
import ast
import contextlib
import dataclasses
import io
import json
import os
import re
import shlex
import subprocess
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compose  # noqa: E402
import dataclass_facts  # noqa: E402


def program_folder(tree, module, config_path):
    """(config folder relative to the tree, default config name) of a program, or (None, None)."""
    if module.endswith(".py"):
        path = os.path.normpath(module)
    else:
        base = module.replace(".", "/")
        path = base + ".py" if os.path.isfile(os.path.join(tree, base + ".py")) else base + "/__main__.py"
    full = os.path.join(tree, path)
    if not os.path.isfile(full):
        return None, None
    with open(full, encoding="utf-8", errors="replace") as f:
        tree_ast = ast.parse(f.read())
    for node in ast.walk(tree_ast):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and ast.unparse(deco.func) in ("hydra.main", "main"):
                    args = {k.arg: k.value for k in deco.keywords}
                    path_arg = args.get("config_path")
                    name_arg = args.get("config_name")
                    folder = config_path or (path_arg.value if isinstance(path_arg, ast.Constant) else None)
                    if folder is None:
                        return None, None
                    if not os.path.isabs(folder):
                        folder = os.path.normpath(os.path.join(os.path.dirname(path), folder))
                    else:
                        folder = os.path.relpath(folder, tree)
                    name = name_arg.value if isinstance(name_arg, ast.Constant) else None
                    return folder, name
    return None, None


# Hydra's refusals and the override each names.
REFUSALS = [
    r"Could not override '([^']+)'",
    r"Could not append to config\. An item is already at '([^']+)'",
    r"Could not delete from config\. '([^']+)' does not exist",
    r"Error merging override (\S+)",
    r"Could not find '([^']+)'",
    r"Ambiguous value for argument '([^']+)'",
]


def failing_override(message, overrides):
    """The index of the override Hydra's message names, or None."""
    for pattern in REFUSALS:
        m = re.search(pattern, message)
        if not m:
            continue
        named = m.group(1)
        for i, word in enumerate(overrides):
            key = word.split("=", 1)[0].lstrip("+~")
            if named in (word, key) or named.split("=", 1)[0].lstrip("+~") == key:
                return i
            # Could not find 'model_engine/megatrom': the group override model_engine=megatrom
            if "/" in named and "=" in word and key.split("@", 1)[0] + "/" + word.split("=", 1)[1] == named:
                return i
    for i, word in enumerate(overrides):  # a parse error quotes the override
        if word and word in message:
            return i
    return None


class Stand:
    """Stand-in dataclasses for verl's config classes, registered under their real module names."""

    def __init__(self, tree, tag):
        self.reader = dataclass_facts.Reader(tree)
        self.tag = tag
        self.made = {}

    def install(self, target):
        if target in self.made:
            return self.made[target]
        facts = self.reader.dataclass(target, self.tag)
        if facts is None:
            self.made[target] = None
            return None
        checks = facts["checks"]

        def post_init(obj, checks=checks):
            for name, check in checks.items():
                value = getattr(obj, name, None)
                if value is None:
                    continue
                if "values" in check and value not in check["values"]:
                    raise ValueError(f"check:{name}")
                if value in check.get("refused", []):
                    raise ValueError(f"check:{name}")

        fields = [(name, object, dataclasses.field(default=None)) for name in facts["fields"]]
        cls = dataclasses.make_dataclass(target.rsplit(".", 1)[1], fields, namespace={"__post_init__": post_init})
        module_name, name = target.rsplit(".", 1)
        module = sys.modules.get(module_name)
        if module is None or not getattr(module, "__verl_stand_in__", False):
            module = types.ModuleType(module_name)
            module.__verl_stand_in__ = True
            sys.modules[module_name] = module
            # Parent packages, so that Hydra's _locate can import the path.
            parts = module_name.split(".")
            for k in range(1, len(parts)):
                parent = ".".join(parts[:k])
                if parent not in sys.modules or not getattr(sys.modules[parent], "__verl_stand_in__", False):
                    pkg = types.ModuleType(parent)
                    pkg.__verl_stand_in__ = True
                    pkg.__path__ = []
                    sys.modules[parent] = pkg
                setattr(sys.modules[parent], parts[k], sys.modules.get(".".join(parts[: k + 1]), module))
        setattr(module, name, cls)
        self.made[target] = cls
        return cls


def ref_renames(tree):
    """[(new key, old key)] the engine worker applies to the reference's config before building it
    (verl/workers/engine_workers.py: self.config.ref.ppo_… = self.config.ref.pop("log_prob_…", …))."""
    path = os.path.join(tree, "verl/workers/engine_workers.py")
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r'self\.config\.ref\.(\w+) = self\.config\.ref\.pop\(\s*"(\w+)"', text)


def built_nodes(cfg, unbuilt):
    """The top `_target_` nodes verl builds: none of them or their ancestors is in `unbuilt`."""
    from omegaconf import DictConfig

    out = []

    def walk(node, path):
        if not isinstance(node, DictConfig) or node._is_none() or isinstance(node._content, str):
            return
        if path and path in unbuilt:
            return
        if "_target_" in node and path:
            out.append(path)
            return
        for key in node.keys():
            walk(node._get_node(key), f"{path}.{key}" if path else str(key))

    walk(cfg, "")
    return out


def targets_below(node):
    """Every `_target_` below a node, its interpolations resolved (rollout.mtp follows model.mtp)."""
    from omegaconf import OmegaConf

    try:
        data = OmegaConf.to_container(node, resolve=True, throw_on_missing=False)
    except Exception:
        data = OmegaConf.to_container(node, resolve=False)
    found = []

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("_target_"), str):
                found.append(value["_target_"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(data)
    return found


def verdict(launch, trees):
    """{"failing": [{"index", "word", "why"}], "error": "..."} for one launch."""
    from hydra import compose as hydra_compose, initialize_config_dir
    from hydra.utils import instantiate
    from omegaconf import OmegaConf, open_dict

    tag = launch["tag"]
    tree = os.path.join(trees, tag)
    # The file the recorder resolved the program to (python -m main_gkd from recipe/gkd/megatron) wins.
    program = launch.get("target_file") or launch["module"]
    folder, default_name = program_folder(tree, program, launch.get("config_path"))
    if folder is None:
        return {"error": "program not found or not a Hydra program"}
    name = launch.get("config_name") or default_name
    if name and name.endswith(".yaml"):
        name = name[:-5]
    overrides = list(launch["overrides"])
    failing = []
    remaining = list(range(len(overrides)))
    cfg = None
    cwd = os.getcwd()
    os.chdir(tree)
    try:
        for _ in range(len(overrides) + 1):
            words = [overrides[i] for i in remaining]
            try:
                with initialize_config_dir(config_dir=os.path.join(tree, folder), version_base=None):
                    cfg = hydra_compose(config_name=name,
                                        overrides=compose.searchpath_overrides(tree, folder, name) + words)
                break
            except Exception as e:  # Hydra refused one override: which
                message = f"{type(e).__name__}: {e}"
                cause = e.__cause__
                while cause is not None:
                    message += f" | {type(cause).__name__}: {cause}"
                    cause = cause.__cause__
                index = failing_override(message, words)
                if index is None:
                    return {"error": "Hydra refused the launch without naming an override: " + message[:300],
                            "failing": failing}
                failing.append({"index": remaining[index], "word": words[index], "why": message[:300]})
                del remaining[index]
    finally:
        os.chdir(cwd)
    if cfg is None:
        return {"error": "not composed", "failing": failing}
    # The config as its files make it with the launch's group choices alone: a key it already holds is not
    # an override's doing when verl refuses it.
    groups = [overrides[i] for i in remaining if "=" in overrides[i] and not overrides[i].startswith(("+", "~"))
              and ("@" in overrides[i].split("=", 1)[0] or "." not in overrides[i].split("=", 1)[0])]
    base = None
    os.chdir(tree)
    try:
        with initialize_config_dir(config_dir=os.path.join(tree, folder), version_base=None):
            base = hydra_compose(config_name=name, overrides=compose.searchpath_overrides(tree, folder, name) + groups)
    except Exception:
        base = None
    finally:
        os.chdir(cwd)

    # verl's dataclasses, built as verl builds them.
    version = compose.version_of(tag)
    unbuilt = {e["node"] for e in compose.NOT_BUILT
               if compose.version_of(e["since"]) <= version
               and ("until" not in e or version < compose.version_of(e["until"]))}
    stand = Stand(tree, tag)
    keys = [w.split("=", 1)[0].lstrip("+~") for w in overrides]
    failed = {f["index"] for f in failing}
    renames = ref_renames(tree)
    for path in built_nodes(cfg, unbuilt):
        node = OmegaConf.select(cfg, path)
        if path.endswith(".ref") and renames:
            # verl's engine worker renames the reference's log_prob_* keys before it builds the node.
            with open_dict(node):
                for new, old in renames:
                    node[new] = node.pop(old, None)
        for target in targets_below(node):
            stand.install(target)
        # verl stops at the first refusal; each one is recorded and taken out, then the node built again.
        for _ in range(32):
            try:
                with contextlib.redirect_stderr(io.StringIO()):
                    instantiate(node, _convert_="partial")
                break
            except Exception as e:
                text = str(e)
                full = re.search(r"full_key: (\S+)", text)
                base_key = full.group(1) if full else path
                unexpected = re.search(r"unexpected keyword argument '([^']+)'", text)
                check = re.search(r"check:(\w+)", text)
                field = unexpected or check
                missing = re.search(r"Missing mandatory value: (\S+)", text)
                if missing and not field:
                    # A key the launch leaves at ??? (it fails on that, whatever the overrides): filled in so
                    # that the rest of the node is judged.
                    OmegaConf.update(cfg, missing.group(1), "", force_add=True)
                    continue
                if not field:
                    break  # a failure of the stand-in itself, not of an override
                key = f"{base_key}.{field.group(1)}"
                in_files = base is not None and OmegaConf.select(base, key, default="__absent__",
                                                                 throw_on_resolution_failure=False) != "__absent__"
                for i, k in enumerate(keys):
                    if unexpected and in_files:
                        break  # the config's own files hold the key: verl refuses it with or without the launch
                    if i not in failed and (k == key or (unexpected and k.startswith(key + "."))):
                        failed.add(i)
                        failing.append({"index": i, "word": overrides[i], "why": text.splitlines()[0][:300]})
                # Take the refused key or value out of the node and build again.
                parent = OmegaConf.select(cfg, base_key)
                with open_dict(parent):
                    if unexpected:
                        del parent[field.group(1)]
                    else:
                        parent[field.group(1)] = None
    # The values verl's code knows.
    anchors = compose.anchored_values(tree, tag)
    for key, fact in anchors.items():
        value = OmegaConf.select(cfg, key, default=None, throw_on_resolution_failure=False)
        if value is None or value in fact["values"]:
            continue
        for i, k in enumerate(keys):
            if k == key and i not in [f["index"] for f in failing]:
                failing.append({"index": i, "word": overrides[i], "why": f"{key}={value}: not in {fact['values']}"})
    return {"failing": sorted(failing, key=lambda f: f["index"])}


def compare(verdicts_path, linter):
    totals = {"launches": 0, "refused": 0, "false": 0, "missed": 0, "agree": 0, "skipped": 0}
    lines = []
    with open(verdicts_path, encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            if "error" in v["verdict"]:
                totals["skipped"] += 1
                continue
            launch = v["launch"]
            words = ["python3", "-m", launch["module"]] if not launch["module"].endswith(".py") else ["python3",
                                                                                                      launch["module"]]
            if launch.get("config_path"):
                words.append("--config-path=" + launch["config_path"])
            if launch.get("config_name"):
                words.append("--config-name=" + launch["config_name"])
            words += launch["overrides"]
            command = " ".join(shlex.quote(w) for w in words) + "\n"
            version = launch["tag"].lstrip("v")
            result = subprocess.run([linter, "lint", "--json", "--verl-version", version, "-"], input=command,
                                    capture_output=True, text=True)
            totals["launches"] += 1
            if result.returncode == 2 or not result.stdout.strip():
                totals["refused"] += 1
                lines.append(f"REFUSED {launch['script']}: {result.stderr.strip()[:200]}")
                continue
            report = json.loads(result.stdout)
            # Each error belongs to the word it points at (the command is one line: its column).
            starts, column = [], 1
            for w in words:
                starts.append(column)
                column += len(shlex.quote(w)) + 1
            offset = len(words) - len(launch["overrides"])
            flagged = {}
            for finding in report["findings"]:
                if finding["severity"] != "error":
                    continue
                index = max(i for i, c in enumerate(starts) if c <= max(finding.get("column", 1), 1)) - offset
                if 0 <= index < len(launch["overrides"]):
                    flagged.setdefault(index, finding["rule"])
            expected = {f["index"]: f["why"] for f in v["verdict"]["failing"]}
            for index, rule in flagged.items():
                if index not in expected:
                    totals["false"] += 1
                    lines.append(f"FALSE  {launch['tag']} {launch['script']}: {launch['overrides'][index][:120]} [{rule}]")
            for index, why in expected.items():
                if index not in flagged:
                    totals["missed"] += 1
                    lines.append(f"MISSED {launch['tag']} {launch['script']}: {launch['overrides'][index][:120]}: "
                                 f"{why[:160]}")
                else:
                    totals["agree"] += 1
    print("\n".join(lines))
    print(json.dumps(totals))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("launches", nargs="?")
    parser.add_argument("--hydra", help="Hydra 1.3.2 as setup-hydra.sh builds it")
    parser.add_argument("--trees", help="the source tree of each tag as DIR/TAG")
    parser.add_argument("--compare", help="verdicts written by a first run")
    parser.add_argument("--linter", help="the verl-npu-assistant executable, for --compare")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.linter)
        return
    sys.path.insert(0, os.path.abspath(args.hydra))
    compose.fast_yaml()
    with open(args.launches, encoding="utf-8") as f:
        for line in f:
            launch = json.loads(line)
            with contextlib.redirect_stdout(io.StringIO()):
                result = verdict(launch, args.trees)
            print(json.dumps({"launch": launch, "verdict": result}), flush=True)


if __name__ == "__main__":
    main()
