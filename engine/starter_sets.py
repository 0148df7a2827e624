"""A plug-in game's bundled starter set: cards in our own words, with their nicknames, read once per process.

Every game's file has the same outer shape: {"game", "version", "source", "cards": [{name, aliases?: [str],
...}]}; what else a card entry holds is the game's own, and the game turns an entry into a Card.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.bundled import read_data_text
from engine.cards import Card
from engine.names import fold


class StarterError(ValueError):
    """The bundled starter file is malformed; the message names the file and the card."""


@dataclass(frozen=True)
class Starter:
    version: int
    source: str
    cards: tuple[Card, ...]
    aliases: tuple[tuple[str, str, str | None], ...]  # (alias, name, None: every printing)


# (name, the card's entry) -> the Card; raises StarterError (or ValueError) naming what is wrong with the entry.
MakeCard = Callable[[str, Mapping[str, Any]], Card]


def parse_starter(text: str, file: str, game: str, make_card: MakeCard) -> Starter:
    """Parse and validate a starter file: the game matches, every card has a name given once."""
    try:
        data: dict[str, Any] = json.loads(text)
    except ValueError as exc:
        raise StarterError(f"{file}: not valid JSON ({exc})") from None
    if data.get("game") != game:
        raise StarterError(f"{file}: game must be {game!r}")
    cards: list[Card] = []
    aliases: list[tuple[str, str, str | None]] = []
    seen: set[str] = set()
    for i, entry in enumerate(data.get("cards", []), start=1):
        name = str(entry.get("name", "")).strip() if isinstance(entry, dict) else ""
        if not name:
            raise StarterError(f"{file}: card {i} has no name")
        if fold(name) in seen:
            raise StarterError(f"{file}: {name} is listed twice")
        seen.add(fold(name))
        try:
            cards.append(make_card(name, entry))
        except ValueError as exc:
            raise StarterError(f"{file}: {name}: {exc}") from None
        aliases += [(str(a), name, None) for a in entry.get("aliases", [])]
    return Starter(int(data.get("version", 1)), str(data.get("source", "")), tuple(cards), tuple(aliases))


def load_bundled(file: str, game: str, make_card: MakeCard) -> Starter:
    """The starter set shipped in the `arbiter_data` package (callers cache it: read once per process)."""
    return parse_starter(read_data_text(file), file, game, make_card)
