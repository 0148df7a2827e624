"""The Grand Archive starter set: the seed's cards and enough others to show every layer and duration form,
in our own words (data/starter_grand_archive.json; loaded on first use, replaced by an import's printed text).

Format: {"game": "grand-archive", "version", "source", "cards": [{name, type ("UNIQUE ALLY"), subtypes
("CLERIC HUMAN"), text (paragraphs separated by a blank line), cost?, aliases?: [str]}]}.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.bundled import read_data_text
from engine.cards import Card
from engine.interface import QuestionError
from engine.names import fold
from engine.rulesets.grand_archive.cardinfo import GAME

STARTER_FILE = "starter_grand_archive.json"


@dataclass(frozen=True)
class Starter:
    version: int
    source: str
    cards: tuple[Card, ...]
    aliases: tuple[tuple[str, str, str | None], ...]


def parse_starter(text: str) -> Starter:
    data: dict[str, Any] = json.loads(text)
    if data.get("game") != GAME:
        raise QuestionError(f"{STARTER_FILE}: game must be {GAME!r}")
    cards: list[Card] = []
    aliases: list[tuple[str, str, str | None]] = []
    seen: set[str] = set()
    for i, entry in enumerate(data["cards"], start=1):
        name = str(entry.get("name", "")).strip()
        if not name or fold(name) in seen:
            raise QuestionError(f"{STARTER_FILE}: card {i} has no name or repeats one")
        seen.add(fold(name))
        extra = {"cost": str(entry["cost"])} if "cost" in entry else {}
        cards.append(Card(game=GAME, name=name, set="", type=str(entry.get("type", "")),
                          card_class=str(entry.get("subtypes", "")), text=str(entry.get("text", "")), extra=extra))
        aliases += [(str(a), name, None) for a in entry.get("aliases", [])]
    return Starter(int(data.get("version", 1)), str(data.get("source", "")), tuple(cards), tuple(aliases))


@cache
def load_starter() -> Starter:
    return parse_starter(read_data_text(STARTER_FILE))
