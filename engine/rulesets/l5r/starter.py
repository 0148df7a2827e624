"""The L5R starter set: real cards paraphrased in our own words (data/starter_l5r.json), plain text with one
ability per line ("Political Open: ..."), so a fresh install can answer before any import."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.bundled import read_data_text
from engine.cards import Card
from engine.names import fold
from engine.rulesets.l5r.rules import GAME

STARTER_FILE = "starter_l5r.json"


class StarterError(ValueError):
    """The bundled starter file is malformed; the message names the card."""


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
    cards, aliases, seen = [], [], set()
    for i, entry in enumerate(data.get("cards", []), start=1):
        name = str(entry.get("name", "")).strip()
        if not name or not str(entry.get("text", "")).strip():
            raise StarterError(f"{STARTER_FILE}: card {i} needs a name and a text")
        if fold(name) in seen:
            raise StarterError(f"{STARTER_FILE}: {name} is listed twice")
        seen.add(fold(name))
        extra = {"shows": str(entry["shows"])} if entry.get("shows") else {}
        cards.append(Card(game=GAME, name=name, set=str(entry.get("set", "")), type=str(entry.get("type", "")),
                          text=str(entry["text"]), extra=extra))
        aliases += [(str(a), name, None) for a in entry.get("aliases", [])]
    return Starter(int(data.get("version", 1)), str(data.get("source", "")), tuple(cards), tuple(aliases))


@cache
def load_starter() -> Starter:
    return parse_starter(read_data_text(STARTER_FILE))
