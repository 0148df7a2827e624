"""The L5R starter set: real cards paraphrased in our own words (data/starter_l5r.json), plain text with one
ability per line ("Political Open: ..."), so a fresh install can answer before any import."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.cards import Card
from engine.rulesets.l5r.rules import GAME
from engine.starter_sets import Starter, StarterError, load_bundled, parse_starter

STARTER_FILE = "starter_l5r.json"
__all__ = ["STARTER_FILE", "Starter", "StarterError", "load_starter", "parse"]


def _card(name: str, entry: Mapping[str, Any]) -> Card:
    if not str(entry.get("text", "")).strip():
        raise StarterError("it needs a text")
    extra = {"shows": str(entry["shows"])} if entry.get("shows") else {}
    return Card(game=GAME, name=name, set=str(entry.get("set", "")), type=str(entry.get("type", "")),
                text=str(entry["text"]), extra=extra)


def parse(text: str) -> Starter:
    return parse_starter(text, STARTER_FILE, GAME, _card)


@cache
def load_starter() -> Starter:
    return load_bundled(STARTER_FILE, GAME, _card)
