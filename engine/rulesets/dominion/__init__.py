"""Dominion: in which Clean-up each card of a turn's chain of plays leaves play (Duration rules DM1-DM13)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Annotation, Card
from engine.names import fold
from engine.registry import register
from engine.rulesets.dominion.behaviour import Behaviour, BehaviourError, Kind, parse_behaviour
from engine.rulesets.dominion.evaluate import Instance, Lookup, Verdict, evaluate
from engine.rulesets.dominion.question import QUESTION
from engine.rulesets.dominion.rules import POLICIES, RULES, VERSIONS
from engine.rulesets.dominion.scenario import RawNode, ScenarioError, parse_chain, valid_choices
from engine.rulesets.dominion.sources import SOURCES
from engine.rulesets.dominion.starter import GAME, Starter, load_starter
from engine.trace import Rule, RulesetVersion

__all__ = ["GAME", "POLICIES", "RULESET", "Behaviour", "BehaviourError", "Instance", "Kind", "RawNode",
           "ScenarioError", "Starter", "Verdict", "judge", "load_starter", "parse_behaviour", "parse_chain",
           "starter_lookup", "valid_choices"]


def starter_lookup(name: str) -> Card:
    """Exact (folded) name lookup in the starter set; the CLI uses the fuzzy matcher instead."""
    starter = load_starter()
    for card in starter.cards:
        if fold(card.name) == fold(name):
            return card
    raise ScenarioError(f"No Dominion card named “{name}” in the starter set.")


def judge(chains: Sequence[str | RawNode], ruleset: str = "current", *, lookup: Lookup | None = None,
          skip_next_turn: bool = False, extra_turn: bool = False, opponent_turn: bool = False) -> Verdict:
    """The verdict for the chains played in one turn. Raises ScenarioError for input the user can fix."""
    raws = [parse_chain(c) if isinstance(c, str) else c for c in chains]
    return evaluate(raws, lookup or starter_lookup, load_starter().behaviour, ruleset,
                    skip_next_turn=skip_next_turn, extra_turn=extra_turn, opponent_turn=opponent_turn)


class DominionRuleset:
    game = GAME
    aliases = ("dom", "dominion duration")
    title = "Dominion (Duration cards)"

    @property
    def phrasebook(self) -> object:
        """Asked in a sentence: arbiter ask, /ask (phrases_ask.py, imported only for them)."""
        from engine.rulesets.dominion.phrases_ask import PHRASEBOOK

        return PHRASEBOOK

    # What the generic front ends need to offer this game (engine/interface.py).
    questions = QUESTION
    sources = SOURCES

    def starter(self) -> Starter:
        return load_starter()

    def versions(self) -> dict[str, RulesetVersion]:
        return dict(VERSIONS)

    def rules(self) -> dict[str, Rule]:
        return dict(RULES)

    def coverage(self, cards: Sequence[Card], annotations_of: Callable[[Card], Sequence[Annotation]],
                 top: int = 10) -> dict[str, Any]:
        from engine.rulesets.dominion.coverage import coverage  # reads every card's text: only when asked

        return coverage(cards, annotations_of, top)


RULESET = register(DominionRuleset())
