"""The Dominion starter set: the seed's cards in our own words, each with its behaviour annotation.

File format (data/starter_dominion.json, shipped in the `arbiter_data` package):
{"game": "dominion", "version", "source", "cards": [{name, set, type, text, aliases: [str],
 behaviour: {...}}]}; see behaviour.parse_behaviour for the behaviour fields.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.bundled import read_data_text
from engine.cards import Card
from engine.names import fold
from engine.rulesets.dominion.behaviour import Behaviour, BehaviourError, derived, parse_behaviour, types_of
from engine.rulesets.dominion.reading import Reading, leaves_by_itself, reaction_move, reacts, read_card

STARTER_FILE = "starter_dominion.json"
GAME = "dominion"


@dataclass(frozen=True)
class Starter:
    version: int
    source: str
    cards: tuple[Card, ...]
    aliases: tuple[tuple[str, str, str | None], ...]  # (alias, name, None: every printing)
    behaviours: dict[str, Behaviour]  # folded card name -> behaviour

    def behaviour(self, card: Card) -> Behaviour:
        """The card's behaviour: the starter annotation where there is one, completed from the card's text (how
        it plays cards, whether it plays itself); otherwise read from its text (reading.py); otherwise derived
        from its types (a Duration read from no pattern is taken to act next turn, and says so)."""
        always, words = leaves_by_itself(card)
        return replace(self._behaviour(card), reacts_by=reaction_move(card), leaves_itself=words,
                       always_leaves=always)

    def _behaviour(self, card: Card) -> Behaviour:
        annotated = self.behaviours.get(fold(card.name))
        reading = read_card(card)
        if annotated is not None:
            read = reading.behaviour
            extra: dict = {"plays_itself": annotated.plays_itself or other_turn(card, reading),
                           "needs_card": annotated.needs_card or read.needs_card,
                           "start_options": annotated.start_options or read.start_options,
                           "leaves_with": annotated.leaves_with or read.leaves_with}
            if annotated.plays is None and reading.behaviour.plays is not None:
                extra["plays"] = reading.behaviour.plays
            return replace(annotated, **extra)
        if "Duration" in types_of(card) and not reading.duration_model:
            return replace(derived(card), plays=reading.behaviour.plays, plays_itself=other_turn(card, reading))
        return replace(reading.behaviour, plays_itself=other_turn(card, reading))


def parse_starter(text: str) -> Starter:
    """Parse and validate; BehaviourError names the card and the field at fault."""
    data: dict[str, Any] = json.loads(text)
    if data.get("game") != GAME:
        raise BehaviourError(f"{STARTER_FILE}: game must be {GAME!r}")
    cards: list[Card] = []
    aliases: list[tuple[str, str, str | None]] = []
    behaviours: dict[str, Behaviour] = {}
    for i, entry in enumerate(data["cards"], start=1):
        name = str(entry.get("name", "")).strip()
        if not name:
            raise BehaviourError(f"{STARTER_FILE}: card {i} has no name")
        if fold(name) in behaviours:
            raise BehaviourError(f"{STARTER_FILE}: {name} is listed twice")
        cards.append(Card(game=GAME, name=name, set=str(entry.get("set", "")), type=str(entry.get("type", "")),
                          text=str(entry.get("text", ""))))
        aliases += [(str(a), name, None) for a in entry.get("aliases", [])]
        behaviours[fold(name)] = parse_behaviour(entry.get("behaviour", {}), name)
    return Starter(int(data.get("version", 1)), str(data.get("source", "")), tuple(cards), tuple(aliases),
                   behaviours)


def other_turn(card: Card, reading: Reading) -> bool:
    """Whether it can be played on another player's turn: its text says so (a self-play clause that is not
    own-turn only); a card whose text has no such clause (a paraphrased starter card) if it is a Reaction."""
    # (a Reaction that only sets itself aside, reveals, discards or trashes itself is not played: reaction_move)
    return reading.other_turn or (reacts(card) and not reading.plays_itself and not reaction_move(card))


@cache
def load_starter() -> Starter:
    """The bundled starter set (read once per process)."""
    return parse_starter(read_data_text(STARTER_FILE))
