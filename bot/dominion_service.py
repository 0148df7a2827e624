"""Dominion answers shared by `arbiter dominion` and the `/dominion` commands: same lookup, same engine."""

from __future__ import annotations

from typing import Any

from bot.service import Arbiter, LookupProblem, match_json, problem_message
from engine.cards import Card
from engine.matching import Matcher
from engine.names import fold
from engine.rulesets.dominion import GAME, RawNode, load_starter, parse_chain
from engine.rulesets.dominion.evaluate import evaluate
from engine.rulesets.dominion.render import verdict_json


def dominion_matcher(arbiter: Arbiter) -> Matcher:
    """Dominion cards only (a Redemption name never matches): the starter set, overridden by imported cards."""
    starter = load_starter()
    cards: dict[str, Card] = {fold(c.name): c for c in starter.cards}
    cards.update({fold(c.name): c for c in arbiter.catalog.cards(GAME)})
    return Matcher(list(cards.values()), [*starter.aliases, *arbiter.catalog.aliases(GAME)])


def dominion_answer(matcher: Matcher, chains: list[str], ruleset: str = "current", *,
                    skip_next_turn: bool = False) -> dict[str, Any]:
    """The documented `arbiter dominion --json` object. Raises ScenarioError or LookupProblem."""
    raws: list[RawNode] = [parse_chain(text) for text in chains]
    matches: list[dict[str, Any]] = []

    def lookup(name: str) -> Card:
        match = matcher.match(name)
        if match.card is None:
            raise LookupProblem(match, problem_message(match))
        matches.append({**match_json(match), "card": match.card.name})
        return match.card

    verdict = evaluate(raws, lookup, load_starter().behaviour, ruleset, skip_next_turn=skip_next_turn)
    # The older-wording alternative looked every name up again; report each query once.
    seen: dict[str, dict[str, Any]] = {}
    for m in matches:
        seen.setdefault(m["query"], m)
    return verdict_json(verdict, list(seen.values()))
