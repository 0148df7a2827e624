"""L5R card data from the Oracle of the Void JSON in shared/data/l5r/oracle_json (see its SOURCE.md), no I/O.

One file per card type, each a list of records whose values are mostly one-element lists of text. A card is
named by its `formattedtitle` (HTML entities decoded: "Akodo Kano • Experienced"), unique across the files;
its set is the set of its primary printing. `text` keeps the readable text; the Oracle's HTML (the reader
needs its bold designators) and every other field the judge may want — erratum, notes, keywords, clan, cost,
Focus, Force, Chi, Honor, legality — go to `Card.extra`, and the card view shows the erratum and notes.

Every record of every file is checked before a card is returned; the first problem raises SourceError naming
the file and the record.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.interface import FileShape, SourceError, Sources
from engine.rulesets.l5r.rules import GAME
from engine.rulesets.l5r.text import plain

FOLDER = "oracle_json"
FILES = tuple(f"{FOLDER}/{name}.json" for name in (
    "celestials", "events", "followers", "holdings", "items", "personalities", "regions", "rings", "senseis",
    "spells", "strategies", "strongholds"))
# Oracle fields kept in Card.extra (joined with "; " when a list), and the name each gets there.
EXTRA_FIELDS = ("keywords", "clan", "deck", "cost", "focus", "force", "chi", "honor", "ph", "production",
                "strength", "startinghonor", "legality", "erratum", "notes")


def _texts(value: Any, file: str, where: str, name: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str | int | float):
        return [str(value)]
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return [str(v) for v in value]
    raise SourceError(file, f"{name} must be text or a list of text", record=where)


def _set_name(record: dict[str, Any], file: str, where: str) -> str:
    printings = record.get("printing") or []
    if not isinstance(printings, list) or not all(isinstance(p, dict) for p in printings):
        raise SourceError(file, "printing must be a list of objects", record=where)
    primary = str(record.get("printingprimary", ""))
    chosen = next((p for p in printings if str(p.get("printingid", "")) == primary), printings[0] if printings
                  else None)
    sets = _texts(chosen.get("set"), file, where, "printing set") if chosen else []
    return html.unescape(sets[0]).strip() if sets else ""


def read_record(record: Any, file: str, index: int) -> Card:
    if not isinstance(record, dict):
        raise SourceError(file, "must be an object", record=f"record {index}")
    card_id = record.get("cardid")
    titles = record.get("title")
    where = f"record {index}" + (f" (cardid {card_id})" if isinstance(card_id, int) else "")
    if not isinstance(card_id, int):
        raise SourceError(file, "cardid must be a number", record=where)
    title_list = _texts(titles, file, where, "title")
    formatted = record.get("formattedtitle")
    name = html.unescape(formatted if isinstance(formatted, str) else (title_list[0] if title_list else ""))
    name = " ".join(name.replace("\x95", "•").split())
    if not name:
        raise SourceError(file, "the card has no title", record=where)
    where += f" “{name}”"
    types = _texts(record.get("type"), file, where, "type")
    if not types:
        raise SourceError(file, "type is missing", record=where)
    texts = _texts(record.get("text"), file, where, "text")
    raw = texts[0] if texts else ""
    extra = {"cardid": str(card_id), "html": raw}
    for key in EXTRA_FIELDS:
        values = [html.unescape(plain(v)) for v in _texts(record.get(key), file, where, key)]
        if values:
            extra[key] = "; ".join(values) if key not in ("erratum", "notes") else "\n".join(values)
    return Card(game=GAME, name=name, set=_set_name(record, file, where), type=types[0], text=plain(raw),
                legality=", ".join(_texts(record.get("legality"), file, where, "legality")), extra=extra)


def parse_sources(files: Mapping[str, str]) -> list[Card]:
    """Every card of every Oracle file (file path -> its text); SourceError on the first problem."""
    cards: list[Card] = []
    seen: dict[str, str] = {}
    for file in FILES:
        try:
            records = json.loads(files[file])
        except json.JSONDecodeError as exc:
            raise SourceError(file, f"not valid JSON ({exc.msg})", line=exc.lineno) from None
        if not isinstance(records, list):
            raise SourceError(file, "must be a list of card records")
        for index, record in enumerate(records, start=1):
            card = read_record(record, file, index)
            key = card.name.casefold()
            if key in seen:
                raise SourceError(file, f"“{card.name}” is also in {seen[key]}", record=f"record {index}")
            seen[key] = file
            cards.append(card)
    return cards


# A file's minimum of records: about half of what it holds in the Oracle export SOURCE.md describes (3,535 cards;
# the CCG ended in 2015, so its card files no longer shrink). A copy with fewer is cut short, even into a catalog
# that holds no L5R card yet (bot/import_floors.py guards the later imports).
MIN_RECORDS = {"celestials": 18, "events": 56, "followers": 117, "holdings": 138, "items": 113,
               "personalities": 677, "regions": 13, "rings": 5, "senseis": 22, "spells": 104, "strategies": 471,
               "strongholds": 30}
SOURCES = Sources(folder="l5r", files=FILES, parse=parse_sources,
                  description="oracle_json/*.json, the Oracle of the Void card files (see shared/data/l5r/SOURCE.md)",
                  shapes={f: FileShape("list", {"cardid": int, "title": list, "type": list},
                                       MIN_RECORDS[f.removeprefix(f"{FOLDER}/").removesuffix(".json")])
                          for f in FILES})
