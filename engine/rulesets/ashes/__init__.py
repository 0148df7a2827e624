"""Ashes: Rise of the Phoenixborn / Ashes Reborn: what happens, step by step, when a card or ability is used."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.interface import QuestionError
from engine.names import fold
from engine.registry import register
from engine.rulesets.ashes.annotations import SPEC
from engine.rulesets.ashes.editions import GAME
from engine.rulesets.ashes.question import QUESTION
from engine.rulesets.ashes.rules import RULES, VERSIONS
from engine.rulesets.ashes.sources import SOURCES
from engine.rulesets.ashes.starter import Starter, load_starter
from engine.trace import Rule, RulesetVersion

__all__ = ["GAME", "RULESET", "CardList", "judge"]


class CardList:
    """Exact (folded) name lookup over some cards (default: the starter set); the front ends use the matcher."""

    def __init__(self, cards: Iterable[Card] | None = None) -> None:
        self.cards = {fold(c.name): c for c in (cards if cards is not None else load_starter().cards)}

    def __call__(self, name: str) -> Card:
        card = self.cards.get(fold(name))
        if card is None:
            raise QuestionError(f"No Ashes card named “{name}”.")
        return card

    def annotations(self, card: Card) -> tuple[Annotation, ...]:
        return ()


def judge(card: str, version: str = "reborn", cards: Iterable[Card] | None = None, **inputs: Any) -> dict[str, Any]:
    """The documented answer for one use of a card (inputs as the question's params, e.g. units="theirs")."""
    return QUESTION.answer({"card": card, **inputs}, CardList(cards), version)


class AshesRuleset:
    game = GAME
    aliases = ("ashes-reborn", "phoenixborn", "ashes reborn")
    title = "Ashes (resolving cards and abilities)"

    @property
    def phrasebook(self) -> object:
        """Asked in a sentence: arbiter ask, /ask (phrases_ask.py, imported only for them)."""
        from engine.rulesets.ashes.phrases_ask import PHRASEBOOK

        return PHRASEBOOK

    questions = QUESTION
    sources = SOURCES
    annotation_spec = SPEC

    def coverage(self, cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
                 top: int) -> dict[str, Any]:
        from engine.rulesets.ashes.coverage import coverage  # reads every card's text: only when asked

        return coverage(cards, annotations_of, top)

    def starter(self) -> Starter:
        return load_starter()

    def versions(self) -> dict[str, RulesetVersion]:
        return dict(VERSIONS)

    def rules(self) -> dict[str, Rule]:
        return dict(RULES)


RULESET = register(AshesRuleset())
