"""Every real Ashes card of both editions, read once: the loop the class tests share ("every card, both editions,
every ability"), so each test only says which abilities or parts it is about."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from engine.cards import Card
from engine.rulesets.ashes import QUESTION, CardList
from engine.rulesets.ashes.abilities import Ability, read_abilities
from engine.rulesets.ashes.editions import Printing, printing
from engine.rulesets.ashes.parts import Part
from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.test_ashes_cases import real_cards

EDITIONS = ("reborn", "1e")


@dataclass(frozen=True)
class Read:
    """One ability of one real card's printing in one edition."""

    card: Card
    edition: str
    printing: Printing
    ability: Ability
    abilities: tuple[Ability, ...]

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def ask(self) -> str:
        """What names the ability in a question (--ability)."""
        return ask_value(self.ability, self.abilities)


@cache
def printings() -> tuple[tuple[Card, str, Printing], ...]:
    """(card, edition, printing) of every real card in every edition it was printed in."""
    return tuple((card, edition, p) for card in real_cards() for edition in EDITIONS
                 if (p := printing(card, edition)) is not None)


@cache
def every_ability() -> tuple[Read, ...]:
    out = []
    for card, edition, p in printings():
        abilities = read_abilities(p)
        out += [Read(card, edition, p, a, abilities) for a in abilities]
    return tuple(out)


def every_part() -> Iterator[tuple[Read, Part]]:
    for r in every_ability():
        for part in r.ability.parts:
            yield r, part


# One catalog of every real card, and a question asked on it (shared by the round-class tests).
@cache
def lookup() -> CardList:
    return CardList(real_cards())


def ask(card: str, edition: str, **inputs: object) -> dict:
    return QUESTION.answer({"card": card, **inputs}, lookup(), edition)


def part(answer: dict, n: int) -> dict:
    return next(p for p in answer["parts"] if p["n"] == n)
