"""Refresh the English catalogue and compile it, without GNU gettext's msgfmt.

Usage (from the repository root, with the virtualenv):

    .venv/bin/ventila makemessages -l en --ignore=.venv --ignore=tests --ignore=var   # needs xgettext
    .venv/bin/python locale/build.py

The msgids are the Spanish source strings (Spanish is the default language and needs no
catalogue). ``en_translations.json`` maps each Spanish msgid to its English text; this script
writes those into ``en/LC_MESSAGES/django.po`` and compiles ``django.mo`` (committed, so a fresh
machine renders English without a compile step). Strings missing from the JSON are listed.
"""

from __future__ import annotations

import ast
import json
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PO = HERE / "en" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


def _unquote(lines: list[str]) -> str:
    return "".join(ast.literal_eval(line) for line in lines)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def parse(po_text: str) -> list[dict[str, object]]:
    entries: list[dict[str, object]] = []
    cur: dict[str, object] = {"comments": [], "msgid": [], "msgstr": []}
    key = None
    for line in po_text.splitlines():
        if not line.strip():
            if cur["msgid"] or cur["comments"]:
                entries.append(cur)
            cur, key = {"comments": [], "msgid": [], "msgstr": []}, None
        elif line.startswith("#"):
            cur["comments"].append(line)  # type: ignore[union-attr]
        elif line.startswith("msgid "):
            key = "msgid"
            cur[key].append(line[6:])  # type: ignore[union-attr]
        elif line.startswith("msgstr "):
            key = "msgstr"
            cur[key].append(line[7:])  # type: ignore[union-attr]
        elif line.startswith('"') and key:
            cur[key].append(line)  # type: ignore[union-attr]
    if cur["msgid"] or cur["comments"]:
        entries.append(cur)
    return entries


def main() -> int:
    translations: dict[str, str] = json.loads((HERE / "en_translations.json").read_text())
    entries = parse(PO.read_text())
    missing = []
    out_lines: list[str] = []
    catalogue: dict[str, str] = {}
    for e in entries:
        msgid = _unquote(e["msgid"])  # type: ignore[arg-type]
        comments = [c for c in e["comments"] if c != "#, fuzzy"]  # type: ignore[union-attr]
        if not e["msgid"]:  # comments only (a string no longer in the source, "#~"): not the header
            out_lines += comments + [""]
            continue
        if msgid == "":
            header = _unquote(e["msgstr"]).replace("charset=CHARSET", "charset=UTF-8")  # type: ignore[arg-type]
            header = header.replace("Language: \n", "Language: en\n")
            msgstr = header
        else:
            msgstr = translations.get(msgid, "")
            if not msgstr:
                missing.append(msgid)
        catalogue[msgid] = msgstr
        out_lines += comments
        if e["msgid"]:
            out_lines.append(f"msgid {_quote(msgid)}")
            out_lines.append(f"msgstr {_quote(msgstr)}")
        out_lines.append("")
    PO.write_text("\n".join(out_lines))
    write_mo({k: v for k, v in catalogue.items() if v})
    for m in missing:
        print(f"sin traducción: {m}", file=sys.stderr)
    print(f"{len(catalogue) - len(missing)} cadenas traducidas, {len(missing)} sin traducir → {MO}")
    return 0


def write_mo(catalogue: dict[str, str]) -> None:
    """GNU .mo format: header, sorted original and translation tables, then the strings."""
    keys = sorted(catalogue)
    ids = b""
    strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode(), catalogue[k].encode()
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    key_start = 7 * 4 + 16 * n
    val_start = key_start + len(ids)
    table = []
    for o1, l1, _o2, _l2 in offsets:
        table += [l1, o1 + key_start]
    for _o1, _l1, o2, l2 in offsets:
        table += [l2, o2 + val_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    MO.write_bytes(header + struct.pack(f"{len(table)}i", *table) + ids + strs)


if __name__ == "__main__":
    sys.exit(main())
