"""Ashes card data from the two public sources in shared/data/ashes, parsed from their text (no I/O).

- `ashteki/all-cards.json`: {"results": [...]}, the current Ashes Reborn texts (one text block per card).
- `ashes_live_legacy_1e/*.json`: first-edition texts, one list of records per file, applied in the order
  SOURCE.md gives (the initial import, then one file per later deck, then the errata and typo patches, last
  wins by `stub`), so errata replace the records they correct.
A card printed in both editions is ONE Card (matched by stub, else by folded name) carrying both texts in
`extra["reborn"]` and `extra["1e"]` (see editions.py for why). Everything is checked before a card is returned;
the first problem raises SourceError naming the file and the record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.interface import FileShape, SourceError, Sources
from engine.names import fold
from engine.rulesets.ashes.editions import make_card

REBORN_FILE = "ashteki/all-cards.json"
FIRST_DIR = "ashes_live_legacy_1e"
FIRST_FILES = tuple(f"{FIRST_DIR}/{name}.json" for name in (
    "1516f4cb9756_initial_import",
    "286ac25d59ba_rimea_xander", "50d400ccb926_jill_tolliver", "5afab7189e03_fiona_james",
    "8630af46033b_echo_jericho", "9f83db35e62f_devlin_plutarch", "ba320f4c639d_astrea_koji",
    "c3d83a74b9b1_harold_sembali",
    "c0b05d2841bf_errata_2017", "5bc042a1c94d_errata_2018", "27c453249122_typo_patches",
))
_KEPT = ("type", "placement", "cost", "conjurations", "copies", "phoenixborn", "battlefield", "spellboard",
         "attack", "life", "recover")


def _json(files: Mapping[str, str], rel: str) -> Any:
    try:
        return json.loads(files[rel])
    except json.JSONDecodeError as exc:
        raise SourceError(rel, f"not valid JSON ({exc.msg})", line=exc.lineno) from None


def _where(i: int, record: Any) -> str:
    name = record.get("name") if isinstance(record, dict) else None
    return f"record {i}" + (f" (“{name}”)" if isinstance(name, str) else "")


def _common(rel: str, i: int, record: Any) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise SourceError(rel, "each record must be an object", record=f"record {i}")
    where = _where(i, record)
    for key in ("name", "stub", "type"):
        if not isinstance(record.get(key), str) or not record[key].strip():
            raise SourceError(rel, f"{key} is missing or not text", record=where)
    cost = record.get("cost")
    if cost is not None and (not isinstance(cost, list) or not all(isinstance(c, (str, list)) for c in cost)):
        raise SourceError(rel, "cost must be a list of cost symbols", record=where)
    out = {k: record[k] for k in _KEPT if record.get(k) not in (None, "")}
    conj = out.get("conjurations")
    if conj is not None:
        if not isinstance(conj, list):
            raise SourceError(rel, "conjurations must be a list", record=where)
        out["conjurations"] = [c["name"] if isinstance(c, dict) else str(c) for c in conj]
    return out


def read_reborn(files: Mapping[str, str]) -> dict[str, tuple[str, dict[str, Any]]]:
    data = _json(files, REBORN_FILE)
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise SourceError(REBORN_FILE, "must be an object with a “results” list")
    cards: dict[str, tuple[str, dict[str, Any]]] = {}
    for i, record in enumerate(data["results"], start=1):
        out = _common(REBORN_FILE, i, record)
        text = record.get("text", "")
        if not isinstance(text, str):
            raise SourceError(REBORN_FILE, "text must be text", record=_where(i, record))
        release = record.get("release")
        out["release"] = release.get("name", "") if isinstance(release, dict) else str(release or "")
        out["text"] = text
        stub = record["stub"].strip()
        if stub in cards:
            raise SourceError(REBORN_FILE, f"stub “{stub}” appears twice", record=_where(i, record))
        cards[stub] = (record["name"].strip(), out)
    return cards


def read_first(files: Mapping[str, str]) -> dict[str, tuple[str, dict[str, Any]]]:
    cards: dict[str, tuple[str, dict[str, Any]]] = {}
    for rel in FIRST_FILES:
        data = _json(files, rel)
        if not isinstance(data, list):
            raise SourceError(rel, "must be a list of card records")
        for i, record in enumerate(data, start=1):
            out = _common(rel, i, record)
            abilities = record.get("text", [])
            if not isinstance(abilities, list) or not all(
                    isinstance(a, dict) and isinstance(a.get("text"), str) for a in abilities):
                raise SourceError(rel, "text must be a list of abilities, each with a text", record=_where(i, record))
            out["abilities"] = [{k: a[k] for k in ("name", "cost", "text", "inexhaustible") if k in a}
                                for a in abilities]
            out["release"] = f"release {record.get('release')}" if record.get("release") is not None else ""
            cards[record["stub"].strip()] = (record["name"].strip(), out)  # later files replace earlier ones
    return cards


def merge(reborn: dict[str, tuple[str, dict[str, Any]]],
          first: dict[str, tuple[str, dict[str, Any]]]) -> list[Card]:
    """One Card per card: joined by stub, else by folded name; the Reborn name is kept when both exist."""
    by_name = {fold(name): stub for stub, (name, _) in reborn.items()}
    joined: dict[str, tuple[str, dict[str, dict[str, Any]]]] = {
        stub: (name, {"reborn": rec}) for stub, (name, rec) in reborn.items()}
    for stub, (name, rec) in first.items():
        key = stub if stub in joined else by_name.get(fold(name), stub)
        if key in joined:
            joined[key][1]["1e"] = rec
        else:
            joined[key] = (name, {"1e": rec})
    names: dict[str, str] = {}
    cards = []
    for key in sorted(joined):
        name, records = joined[key]
        if fold(name) in names:
            raise SourceError(REBORN_FILE, f"two different cards are named “{name}” ({names[fold(name)]}, {key})")
        names[fold(name)] = key
        cards.append(make_card(name, records))
    return cards


def parse_sources(files: Mapping[str, str]) -> list[Card]:
    return merge(read_reborn(files), read_first(files))


# Checked after parsing, before writing (bot/source_shapes.py), even into a catalog that holds no Ashes card yet
# (bot/import_floors.py guards the later imports). A legacy patch or errata file may be empty; the initial
# import is the first edition's core (164 records in the frozen Ashes Live export), and the Reborn list only
# grows (526 cards in the export SOURCE.md describes): a copy with fewer than its floor is cut short.
_RECORD = {"name": str, "stub": str, "type": str}
FIRST_EDITION_FLOOR = 100
REBORN_FLOOR = 250
SOURCES = Sources(folder="ashes", files=(REBORN_FILE, *FIRST_FILES), parse=parse_sources,
                  description="ashteki/all-cards.json and ashes_live_legacy_1e/*.json "
                              "(see shared/data/ashes/SOURCE.md)",
                  shapes={REBORN_FILE: FileShape("list", _RECORD, REBORN_FLOOR, under="results"),
                          **{f: FileShape("list", _RECORD, FIRST_EDITION_FLOOR if f == FIRST_FILES[0] else 0)
                             for f in FIRST_FILES}})
