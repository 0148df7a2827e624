"""Ashes: Rise of the Phoenixborn / Ashes Reborn: what happens, step by step, when a card or ability is used."""

from __future__ import annotations

from engine.registry import register
from engine.rulesets.ashes.editions import GAME
from engine.rulesets.ashes.question import QUESTION
from engine.rulesets.ashes.rules import RULES, VERSIONS
from engine.rulesets.ashes.sources import SOURCES
from engine.rulesets.ashes.starter import Starter, load_starter
from engine.trace import Rule, RulesetVersion

__all__ = ["GAME", "RULESET"]


class AshesRuleset:
    game = GAME
    aliases = ("ashes-reborn", "phoenixborn", "ashes reborn")
    title = "Ashes (resolving cards and abilities)"
    questions = QUESTION
    sources = SOURCES

    def starter(self) -> Starter:
        return load_starter()

    def versions(self) -> dict[str, RulesetVersion]:
        return dict(VERSIONS)

    def rules(self) -> dict[str, Rule]:
        return dict(RULES)


RULESET = register(AshesRuleset())
