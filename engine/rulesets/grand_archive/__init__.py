"""Grand Archive: which continuous effects reach an object, in what order they apply, how long each lasts
(rules GA1-GA17)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.interface import QuestionError
from engine.names import fold
from engine.registry import register
from engine.rulesets.grand_archive.annotations import SPEC
from engine.rulesets.grand_archive.cardinfo import GAME
from engine.rulesets.grand_archive.question import QUESTION
from engine.rulesets.grand_archive.reading import read_card
from engine.rulesets.grand_archive.rules import RULES, VERSIONS
from engine.rulesets.grand_archive.sources import SOURCES
from engine.rulesets.grand_archive.starter import Starter, load_starter
from engine.trace import Rule, RulesetVersion

__all__ = ["GAME", "RULESET", "judge", "read_card", "starter_lookup"]


class _StarterLookup:
    """Exact (folded) names and aliases of the starter set; the front ends use the fuzzy matcher instead."""

    def __call__(self, name: str) -> Card:
        starter = load_starter()
        wanted = fold(name)
        for alias, target, _ in starter.aliases:
            if fold(alias) == wanted:
                wanted = fold(target)
        for card in starter.cards:
            if fold(card.name) == wanted:
                return card
        raise QuestionError(f"No Grand Archive card named “{name}” in the starter set.")

    def annotations(self, card: Card) -> tuple[Annotation, ...]:
        return ()


starter_lookup = _StarterLookup()


def judge(pairs: Sequence[tuple[str, str]], version: str = "current", lookup: Any = None) -> dict[str, Any]:
    """The JSON answer for (kind, text) moments in order, e.g. [("effect", "Inspiring Call"), ("object", "ally")]."""
    return QUESTION.answer({"moments": list(pairs)}, lookup or starter_lookup, version)


class GrandArchiveRuleset:
    game = GAME
    aliases = ("ga", "grandarchive", "grand archive")
    title = "Grand Archive (continuous effects)"

    @property
    def phrasebook(self) -> object:
        """Asked in a sentence: arbiter ask, /ask (phrases_ask.py, imported only for them)."""
        from engine.rulesets.grand_archive.phrases_ask import PHRASEBOOK

        return PHRASEBOOK

    # What the generic front ends need to offer this game (engine/interface.py).
    questions = QUESTION
    sources = SOURCES
    annotation_spec = SPEC

    def starter(self) -> Starter:
        return load_starter()

    def versions(self) -> dict[str, RulesetVersion]:
        return dict(VERSIONS)

    def rules(self) -> dict[str, Rule]:
        return dict(RULES)

    def coverage(self, cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
                 top: int) -> dict[str, Any]:
        from engine.rulesets.grand_archive.coverage import coverage  # reads every card's text: only when asked

        return coverage(cards, annotations_of, top)


RULESET = register(GrandArchiveRuleset())
