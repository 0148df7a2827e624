"""The Grand Archive starter set: the seed's cards and enough others to show every layer and duration form,
in our own words (data/starter_grand_archive.json; loaded on first use, replaced by an import's printed text).

Format: {"game": "grand-archive", "version", "source", "cards": [{name, type ("UNIQUE ALLY"), subtypes
("CLERIC HUMAN"), text (paragraphs separated by a blank line), cost?, aliases?: [str]}]}.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.cards import Card
from engine.rulesets.grand_archive.cardinfo import GAME
from engine.starter_sets import Starter, StarterError, load_bundled, parse_starter

STARTER_FILE = "starter_grand_archive.json"
__all__ = ["STARTER_FILE", "Starter", "StarterError", "load_starter", "parse"]


def _card(name: str, entry: Mapping[str, Any]) -> Card:
    extra = {"cost": str(entry["cost"])} if "cost" in entry else {}
    return Card(game=GAME, name=name, set="", type=str(entry.get("type", "")),
                card_class=str(entry.get("subtypes", "")), text=str(entry.get("text", "")), extra=extra)


def parse(text: str) -> Starter:
    return parse_starter(text, STARTER_FILE, GAME, _card)


@cache
def load_starter() -> Starter:
    return load_bundled(STARTER_FILE, GAME, _card)
