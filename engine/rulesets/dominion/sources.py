"""Dominion card data from the two public sources in shared/data/dominion, parsed from their text (no I/O).

The front end reads the files named in SOURCES (size, encoding and NUL checks) and passes their text here:
- `dominiontabs/cards_db.json` (records: card_tag, cardset_tags, types, cost), `cards_en_us.json`
  (card_tag -> name, description with markup) and `sets_en_us.json` (set names);
- `randomkingdominion/good_card_data.csv` (semicolon-separated: Name, Expansion, Types as a Python list
  literal, Text, ...). Rows typed Twist, Stamp or Setup Effect are that app's randomizer settings, not
  game components, and are skipped.

Cards are merged by folded name, one Card per name (Dominion rules do not differ between printings, and
one record per name keeps "Throne Room" unambiguous). Where both sources have a card, randomkingdominion
wins for the name, expansion, types and text: its types are the current ones (Captain and Prince are
Action-Duration-Command) and its texts carry the newer errata (Band of Misfits, Overlord, Inheritance and
Way of the Mouse play only non-Duration cards), which the `current` Dominion ruleset follows. Where the
dominiontabs text has other words (its texts are the older printings; for the Command variants, the older
wording the `older-wording` ruleset follows) it is kept in `extra["dominiontabs_text"]`, differing types
in `extra["dominiontabs_types"]`.

Both sources are checked in full before a card is returned; the first problem raises SourceError naming
the file and the line or record.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.interface import FileShape, SourceError, Sources, require_coverage
from engine.names import fold

GAME = "dominion"
TABS_DB = "dominiontabs/cards_db.json"
TABS_TEXT = "dominiontabs/cards_en_us.json"
TABS_SETS = "dominiontabs/sets_en_us.json"
RK_CARDS = "randomkingdominion/good_card_data.csv"
RK_REQUIRED = ("Name", "Expansion", "Types", "Text")
RK_SKIPPED_TYPES = frozenset({"Twist", "Stamp", "Setup Effect"})

_MARKUP = [("<n>", "\n"), ("<br>", "\n"), ("<line>", "\n---\n"), ("</left>", "\n"), ("</center>", "\n"),
           ("</justify>", "\n"), ("<*COIN*>", "Coin"), ("<*POTION*>", "Potion"), ("<*VP*>", "VP"), ("<VP>", "VP")]
_TAG = re.compile(r"</?[a-z]+>")


@dataclass(frozen=True)
class Entry:
    """One card as one source describes it."""

    name: str
    set: str
    types: tuple[str, ...]
    text: str
    extra: dict[str, str]


# --- reading ---------------------------------------------------------------------------------------

def _json(files: Mapping[str, str], rel: str) -> Any:
    try:
        return json.loads(files[rel])
    except json.JSONDecodeError as exc:
        raise SourceError(rel, f"not valid JSON ({exc.msg})", line=exc.lineno) from None


def clean_markup(text: str) -> str:
    """dominiontabs description markup to plain text: <n>/<br> newlines, <line> a divider, icons words."""
    for tag, plain in _MARKUP:
        text = text.replace(tag, plain)
    text = _TAG.sub("", text)
    return "\n".join(" ".join(line.split()) for line in text.split("\n")).strip()


def _str_list(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
        return tuple(v.strip() for v in value)
    return None


def read_dominiontabs(files: Mapping[str, str]) -> list[Entry]:
    records = _json(files, TABS_DB)
    texts = _json(files, TABS_TEXT)
    sets = _json(files, TABS_SETS)
    if not isinstance(records, list):
        raise SourceError(TABS_DB, "must be a list of card records")
    if not isinstance(texts, dict) or not isinstance(sets, dict):
        raise SourceError(TABS_TEXT if not isinstance(texts, dict) else TABS_SETS, "must be an object")
    entries: list[Entry] = []
    named_sets: dict[str, bool] = {}  # set tag -> sets_en_us.json names it
    with_text = 0
    for i, record in enumerate(records, start=1):
        tag = record.get("card_tag") if isinstance(record, dict) else None
        where = f"record {i}" + (f" (card_tag “{tag}”)" if isinstance(tag, str) else "")
        if not isinstance(tag, str) or not tag.strip():
            raise SourceError(TABS_DB, "card_tag is missing or empty", record=where)
        types = _str_list(record.get("types"))
        set_tags = _str_list(record.get("cardset_tags"))
        if types is None:
            raise SourceError(TABS_DB, "types must be a non-empty list of text", record=where)
        if set_tags is None:
            raise SourceError(TABS_DB, "cardset_tags must be a non-empty list of text", record=where)
        text_entry = texts.get(tag, {})
        if not isinstance(text_entry, dict):
            raise SourceError(TABS_TEXT, "must map each card_tag to an object", record=f"entry “{tag}”")
        name = text_entry.get("name", tag)
        description = text_entry.get("description", "")
        if not isinstance(name, str) or not name.strip() or not isinstance(description, str):
            raise SourceError(TABS_TEXT, "name and description must be text", record=f"entry “{tag}”")
        set_names = []
        for set_tag in set_tags:
            info = sets.get(set_tag)
            set_names.append(str(info.get("set_name", set_tag)) if isinstance(info, dict) else set_tag)
        extra = {"dominiontabs_sets": ", ".join(set_tags)}
        if isinstance(record.get("cost"), str) and record["cost"]:
            extra["cost"] = record["cost"]
        entries.append(Entry(name.strip(), set_names[0], types, clean_markup(description), extra))
        named_sets.update({t: t in sets for t in set_tags})
        with_text += tag in texts
    # A text or set file cut short would import hundreds of cards without their text or set names.
    require_coverage(TABS_TEXT, with_text, len(entries), f"cards in {TABS_DB}")
    require_coverage(TABS_SETS, sum(named_sets.values()), len(named_sets), f"sets {TABS_DB} names")
    return entries


def read_randomkingdominion(files: Mapping[str, str]) -> list[Entry]:
    text = files[RK_CARDS]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=";")
    header = next(reader, None)
    if not header:
        raise SourceError(RK_CARDS, "the file is empty", line=1)
    missing = [c for c in RK_REQUIRED if c not in header]
    if missing:
        raise SourceError(RK_CARDS, f"the header lacks {', '.join(missing)}", line=1)
    col = {c: header.index(c) for c in RK_REQUIRED}
    entries: list[Entry] = []
    for row in reader:
        line = reader.line_num
        if not any(field.strip() for field in row):
            continue  # a blank line is not a card
        if len(row) != len(header):
            raise SourceError(RK_CARDS, f"expected {len(header)} semicolon-separated fields, found "
                                      f"{len(row)}", line=line)
        name = row[col["Name"]].strip()
        if not name:
            raise SourceError(RK_CARDS, "the Name field is empty", line=line)
        try:
            types = _str_list(ast.literal_eval(row[col["Types"]]))
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            types = None
        if types is None:
            raise SourceError(RK_CARDS, f"Types of “{name}” is not a list such as ['Action', 'Duration']",
                                      line=line)
        if RK_SKIPPED_TYPES & set(types):
            continue
        entries.append(Entry(name, row[col["Expansion"]].strip(), types, row[col["Text"]].strip(), {}))
    return entries


# --- merging ---------------------------------------------------------------------------------------

def _words(text: str) -> list[str]:
    """Text reduced to its words, so markup, coin symbols and spacing do not count as a difference."""
    text = re.sub(r"\bcoins?\b|\$", " ", text.lower())
    return re.findall(r"[a-z0-9]+", text)


def _index(entries: list[Entry], file: str) -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for entry in entries:
        key = fold(entry.name)
        if key in found:
            raise SourceError(file, f"“{entry.name}” appears twice (as “{found[key].name}” too)")
        found[key] = entry
    return found


def merge(tabs: list[Entry], rk: list[Entry]) -> list[Card]:
    """One Card per folded name; randomkingdominion wins where both have the card (see module doc)."""
    by_tabs, by_rk = _index(tabs, TABS_DB), _index(rk, RK_CARDS)
    both = len(by_tabs.keys() & by_rk.keys())  # either file cut short leaves most of the other's cards alone
    require_coverage(TABS_DB, both, len(by_rk), f"cards in {RK_CARDS}")
    require_coverage(RK_CARDS, both, len(by_tabs), f"cards in {TABS_DB}")
    cards = []
    for key in sorted(by_tabs.keys() | by_rk.keys()):
        new, old = by_rk.get(key), by_tabs.get(key)
        main = new or old
        assert main is not None
        extra = dict(old.extra) if old else {}
        extra["source"] = "both" if new and old else "randomkingdominion" if new else "dominiontabs"
        if new and old:
            if _words(old.text) != _words(new.text):
                extra["dominiontabs_text"] = old.text
            if old.types != new.types:
                extra["dominiontabs_types"] = ", ".join(old.types)
        cards.append(Card(game=GAME, name=main.name, set=main.set, type=", ".join(main.types), text=main.text,
                          extra=extra))
    return cards


def parse_sources(files: Mapping[str, str]) -> list[Card]:
    """Every card of both sources, merged (file path -> its text); SourceError on the first problem."""
    return merge(read_dominiontabs(files), read_randomkingdominion(files))


SOURCES = Sources(folder="dominion", files=(TABS_DB, TABS_TEXT, TABS_SETS, RK_CARDS), parse=parse_sources,
                  description="dominiontabs/ and randomkingdominion/ (see shared/data/dominion/SOURCE.md)",
                  shapes={TABS_DB: FileShape("list", {"card_tag": str, "types": list, "cardset_tags": list}),
                          TABS_TEXT: FileShape("object", {"name": str, "description": str}),
                          TABS_SETS: FileShape("object", {"set_name": str})})
