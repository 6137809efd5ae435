#!/usr/bin/env python3
"""Fills unfinished entries of a Qt Linguist .ts file from a JSON dictionary, and lists what is left.

Usage:
  scripts/ts-fill.py translations/verl-npu-assistant_zh_CN.ts            # list unfinished sources
  scripts/ts-fill.py translations/verl-npu-assistant_zh_CN.ts words.json # fill, then list the rest

words.json maps a source text to its translation: {"Home": "首页"}. A key "Context|source" applies to one
context only. Run `cmake --build --preset dev --target update_translations` first so the .ts holds every
string of the code. The translations test fails while any entry is unfinished.
"""
import json
import sys
import xml.etree.ElementTree as ET


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    ts_path = sys.argv[1]
    words = {}
    if len(sys.argv) == 3:
        with open(sys.argv[2], encoding="utf-8") as f:
            words = json.load(f)

    tree = ET.parse(ts_path)
    filled = 0
    left = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            source = message.findtext("source")
            translation = message.find("translation")
            if translation is None or translation.get("type") != "unfinished":
                continue
            text = words.get(f"{name}|{source}", words.get(source))
            if text is None:
                left.append((name, source))
                continue
            translation.attrib.pop("type")
            if message.get("numerus") == "yes":
                for child in list(translation):
                    translation.remove(child)
                translation.text = None
                form = ET.SubElement(translation, "numerusform")
                form.text = text
            else:
                translation.text = text
            filled += 1

    if filled:
        with open(ts_path, "wb") as f:
            f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
            tree.write(f, encoding="utf-8", xml_declaration=False)
            f.write(b"\n")
    for name, source in left:
        print(json.dumps({f"{name}|{source}": ""}, ensure_ascii=False)[1:-1] + ",")
    print(f"ts-fill: {filled} filled, {len(left)} unfinished", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
