"""The Ashes starter set: the seed's cards and a few more, in our own words, each with its two printings.

File format (data/starter_ashes.json, shipped in the `arbiter_data` package):
{"game": "ashes", "version", "source", "cards": [{name, aliases: [str], "reborn": {...}, "1e": {...}}]}; each
edition record is the one editions.py documents (Reborn: a "text" block; first edition: "abilities").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.bundled import read_data_text
from engine.cards import Card
from engine.names import fold
from engine.rulesets.ashes.editions import GAME, make_card

STARTER_FILE = "starter_ashes.json"


class StarterError(ValueError):
    pass


@dataclass(frozen=True)
class Starter:
    version: int
    source: str
    cards: tuple[Card, ...]
    aliases: tuple[tuple[str, str, str | None], ...]


def parse_starter(text: str) -> Starter:
    data: dict[str, Any] = json.loads(text)
    if data.get("game") != GAME:
        raise StarterError(f"{STARTER_FILE}: game must be {GAME!r}")
    cards: list[Card] = []
    aliases: list[tuple[str, str, str | None]] = []
    seen: set[str] = set()
    for i, entry in enumerate(data["cards"], start=1):
        name = str(entry.get("name", "")).strip()
        if not name or fold(name) in seen:
            raise StarterError(f"{STARTER_FILE}: card {i} has no name or repeats one")
        records = {e: entry[e] for e in ("reborn", "1e") if isinstance(entry.get(e), dict)}
        if not records:
            raise StarterError(f"{STARTER_FILE}: {name} has neither a reborn nor a 1e record")
        seen.add(fold(name))
        cards.append(make_card(name, records))
        aliases += [(str(a), name, None) for a in entry.get("aliases", [])]
    return Starter(int(data.get("version", 1)), str(data.get("source", "")), tuple(cards), tuple(aliases))


@cache
def load_starter() -> Starter:
    return parse_starter(read_data_text(STARTER_FILE))
