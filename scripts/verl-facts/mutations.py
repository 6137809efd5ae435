#!/usr/bin/env python3
"""Typos and old names planted in real launch scripts, for measuring the launch checker:

    scripts/verl-facts/mutations.py --verdicts VERDICTS.jsonl --trees DIR --facts resources/data/verl-config.json \\
        --linter build/dev/app/verl-npu-assistant [--seed 29] [--out DIR]

VERDICTS.jsonl is groundtruth.py's output for the scripts' launches. For every script with a launch, one
key that the script sets literally (`key=` in its text) and that Hydra and verl accept is changed in the
script's text: a letter dropped, two letters swapped, or, where the facts know the key under an earlier
release's name, that name. The mutated script is checked by the linter at the script's release; a
mutation is caught when an error names the mutated key and its fix writes the intended one.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys


def mutate_leaf(key, rng, kind):
    parts = key.split(".")
    leaf = parts[-1]
    if len(leaf) < 4:
        return None
    if kind == "drop":
        i = rng.randrange(1, len(leaf))
        new = leaf[:i] + leaf[i + 1:]
    else:
        candidates = [i for i in range(1, len(leaf) - 1) if leaf[i] != leaf[i + 1] and leaf[i] != "_" and leaf[i + 1] != "_"]
        if not candidates:
            return None
        i = rng.choice(candidates)
        new = leaf[:i] + leaf[i + 1] + leaf[i] + leaf[i + 2:]
    return ".".join(parts[:-1] + [new])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verdicts", required=True)
    parser.add_argument("--trees", required=True)
    parser.add_argument("--facts", required=True)
    parser.add_argument("--linter", required=True)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--out", default="/tmp/verl-mutations")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.facts, encoding="utf-8") as f:
        facts = json.load(f)
    moves = facts["moves"]
    os.makedirs(args.out, exist_ok=True)

    scripts = {}
    with open(args.verdicts, encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            launch, verdict = v["launch"], v["verdict"]
            if "error" in verdict or launch.get("variant"):
                continue
            failing = {x["word"] for x in verdict.get("failing", [])}
            key = (launch["tag"], launch["script"])
            ok = [w.split("=", 1)[0] for w in launch["overrides"]
                  if "=" in w and w not in failing and not w.startswith(("+", "~", "hydra"))
                  and re.fullmatch(r"[A-Za-z_][\w.]*", w.split("=", 1)[0]) and "." in w.split("=", 1)[0]]
            scripts.setdefault(key, set()).update(ok)

    results = {"drop": [0, 0], "swap": [0, 0], "old-name": [0, 0]}
    misses = []
    for (tag, script), keys in sorted(scripts.items()):
        path = os.path.join(args.trees, tag, script)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            continue
        keys = sorted(k for k in keys if re.search(r"(?<![\w.])" + re.escape(k) + "=", text))
        if not keys:
            continue
        version = tag.lstrip("v")
        # An old name when the facts know one for a key of this script, else a typo.
        old = [(m["from"], m["to"]) for m in moves if m["to"] in keys
               and tuple(map(int, m["release"].split("."))) <= tuple(map(int, version.split(".")))]
        kind = "old-name" if old and rng.random() < 0.5 else rng.choice(["drop", "swap"])
        if kind == "old-name":
            mutated, intended = rng.choice(sorted(set(old)))
        else:
            intended = rng.choice(keys)
            mutated = mutate_leaf(intended, rng, kind)
            if mutated is None or mutated in keys:
                continue
        new_text = re.sub(r"(?<![\w.])" + re.escape(intended) + "=", mutated + "=", text, count=1)
        name = f"{tag}__{script.replace('/', '__')}"
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(new_text)
        result = subprocess.run([args.linter, "lint", "--json", "--verl-version", version, os.path.join(args.out, name)],
                                capture_output=True, text=True)
        caught = False
        if result.stdout.strip():
            report = json.loads(result.stdout)
            for finding in report["findings"]:
                fix = finding.get("fix", "")
                if (finding["severity"] == "error" and finding.get("key") == mutated
                        and re.search(r"(^|[\s'+])" + re.escape(intended) + "=", fix)):
                    caught = True
        results[kind][0] += 1
        results[kind][1] += caught
        if not caught:
            misses.append(f"{kind} {tag} {script}: {mutated} (meant {intended})")
    print("\n".join(misses))
    total = sum(r[0] for r in results.values())
    print(json.dumps({"mutations": total, "caught": sum(r[1] for r in results.values()),
                      "by_kind": {k: {"planted": v[0], "caught": v[1]} for k, v in results.items()}}))


if __name__ == "__main__":
    main()
