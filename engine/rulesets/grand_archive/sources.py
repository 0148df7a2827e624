"""Grand Archive card data from shared/data/grand_archive, parsed from its text (no I/O).

- `ga_cards_effects.json`: a list of records {slug, name, uuid, home_deck, types: [..], subtypes: [..],
  effect: text or null} (see SOURCE.md there); one Card per record.
- `TCG_Arena_Cardlist.json`: an object keyed by GA uuid {id, name, type ("REGALIA / ITEM"), cost}; it adds
  the cost (and its type string, kept when it differs) to the card with the same uuid.

Every record is checked before any card is returned; the first problem raises SourceError naming the file and
the record. Card rows: `type` "UNIQUE ALLY", `card_class` (subtypes) "CLERIC HUMAN", `identifier` the uuid,
`reference` the slug, `extra` home_deck, cost, arena_type.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.interface import FileShape, SourceError, Sources, require_coverage
from engine.names import fold
from engine.rulesets.grand_archive.cardinfo import GAME

EFFECTS = "ga_cards_effects.json"
ARENA = "TCG_Arena_Cardlist.json"


def _json(files: Mapping[str, str], rel: str) -> Any:
    try:
        return json.loads(files[rel])
    except json.JSONDecodeError as exc:
        raise SourceError(rel, f"not valid JSON ({exc.msg})", line=exc.lineno) from None


def _words(value: Any) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
        return [v.strip() for v in value]
    return None


def read_arena(files: Mapping[str, str]) -> dict[str, dict[str, str]]:
    data = _json(files, ARENA)
    if not isinstance(data, dict):
        raise SourceError(ARENA, "must be an object keyed by card uuid")
    out: dict[str, dict[str, str]] = {}
    for key, record in data.items():
        where = f"entry “{key}”"
        if not isinstance(record, dict) or not isinstance(record.get("name"), str) or not record["name"].strip():
            raise SourceError(ARENA, "must be an object with a name", record=where)
        cost, kind = record.get("cost", ""), record.get("type", "")
        if not isinstance(cost, str | int) or not isinstance(kind, str):
            raise SourceError(ARENA, "cost and type must be text", record=where)
        out[key] = {"name": record["name"].strip(), "cost": str(cost), "type": kind}
    return out


def parse_sources(files: Mapping[str, str]) -> list[Card]:
    records = _json(files, EFFECTS)
    arena = read_arena(files)
    if not isinstance(records, list):
        raise SourceError(EFFECTS, "must be a list of card records")
    cards: list[Card] = []
    seen: dict[str, str] = {}
    for i, record in enumerate(records, start=1):
        slug = record.get("slug") if isinstance(record, dict) else None
        where = f"record {i}" + (f" (slug “{slug}”)" if isinstance(slug, str) else "")
        if not isinstance(record, dict):
            raise SourceError(EFFECTS, "must be an object", record=where)
        name = record.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SourceError(EFFECTS, "name is missing or empty", record=where)
        types, subtypes = _words(record.get("types")), _words(record.get("subtypes"))
        if not types:
            raise SourceError(EFFECTS, f"types of “{name}” must be a non-empty list of words", record=where)
        if subtypes is None:
            raise SourceError(EFFECTS, f"subtypes of “{name}” must be a list of words", record=where)
        effect = record.get("effect")
        if effect is not None and not isinstance(effect, str):
            raise SourceError(EFFECTS, f"effect of “{name}” must be text or null", record=where)
        uuid = record.get("uuid", "")
        if not isinstance(uuid, str):
            raise SourceError(EFFECTS, f"uuid of “{name}” must be text", record=where)
        key = fold(name)
        if key in seen:
            raise SourceError(EFFECTS, f"“{name}” appears twice (also {seen[key]})", record=where)
        seen[key] = where
        extra = {"home_deck": str(record.get("home_deck") or "")}
        if uuid in arena:
            extra["cost"] = arena[uuid]["cost"]
            if arena[uuid]["type"].replace(" / ", " ").upper() != " ".join(types).upper():
                extra["arena_type"] = arena[uuid]["type"]
        cards.append(Card(game=GAME, name=name.strip(), set="", type=" ".join(t.upper() for t in types),
                          card_class=" ".join(s.upper() for s in subtypes), identifier=uuid,
                          reference=str(slug or ""), text=(effect or "").strip(), extra=extra))
    # Either file cut short: the cards would lose their cost, or most of the list would be missing.
    uuids = {c.identifier for c in cards}
    require_coverage(ARENA, sum(1 for u in uuids if u in arena), len(uuids), f"cards in {EFFECTS}")
    require_coverage(EFFECTS, sum(1 for u in arena if u in uuids), len(arena), f"cards in {ARENA}")
    return cards


SOURCES = Sources(folder="grand_archive", files=(EFFECTS, ARENA), parse=parse_sources,
                  description="ga_cards_effects.json and TCG_Arena_Cardlist.json "
                              "(see shared/data/grand_archive/SOURCE.md)",
                  shapes={EFFECTS: FileShape("list", {"name": str, "uuid": str, "types": list}),
                          ARENA: FileShape("object", {"name": str})})
