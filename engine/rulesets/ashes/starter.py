"""The Ashes starter set: the seed's cards and a few more, in our own words, each with its two printings.

File format (data/starter_ashes.json, shipped in the `arbiter_data` package):
{"game": "ashes", "version", "source", "cards": [{name, aliases: [str], "reborn": {...}, "1e": {...}}]}; each
edition record is the one editions.py documents (Reborn: a "text" block; first edition: "abilities").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.cards import Card
from engine.rulesets.ashes.editions import GAME, make_card
from engine.starter_sets import Starter, StarterError, load_bundled, parse_starter

STARTER_FILE = "starter_ashes.json"
__all__ = ["STARTER_FILE", "Starter", "StarterError", "load_starter", "parse"]


def _card(name: str, entry: Mapping[str, Any]) -> Card:
    records = {e: entry[e] for e in ("reborn", "1e") if isinstance(entry.get(e), dict)}
    if not records:
        raise StarterError("it has neither a reborn nor a 1e record")
    return make_card(name, records)


def parse(text: str) -> Starter:
    return parse_starter(text, STARTER_FILE, GAME, _card)


@cache
def load_starter() -> Starter:
    return load_bundled(STARTER_FILE, GAME, _card)
