"""`arbiter ask` on Ashes, blind round 81031 #14 (ask path): "Chant of Erosion has a status token and I attach
Eroding ..." was read as playing the spell from hand. A ready spell said to have status tokens, whose one ability
removes status tokens from it as its first step ("Remove 1 status token from this spell to ..."), is read as that
ability used, with the tokens said on it. Checked over every real ready spell of that wording (derived here)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_ask_sentences import _json, full_db

__all__ = ["full_db"]  # the module's fixture: a temp database holding all five games


@cache
def removing_spells() -> list[tuple[str, str]]:
    """(card, --ability) of every reborn ready spell whose one such ability starts by removing its status tokens."""
    found: dict[str, list[str]] = {}
    for r in every_ability():
        if r.edition == "reborn" and r.printing.type == "Ready Spell" and r.ability.kind != "play" and \
                r.ability.parts and re.match(r"^remove (?:\d+|an?|one|all) status tokens? from this spell\b",
                                             r.ability.parts[0].text, re.I):
            found.setdefault(r.name, []).append(ask_value(r.ability, r.abilities))
    return sorted((c, a[0]) for c, a in found.items() if len(a) == 1)


def test_the_cards_sharing_it():
    names = {c for c, _ in removing_spells()}
    assert len(names) >= 8 and {"Chant of Erosion", "Guilt Link", "Memorialize"} <= names


def test_a_ready_spell_with_status_tokens_is_its_ability(capsys: pytest.CaptureFixture[str], full_db: str):
    for card, ability in removing_spells():
        for n, said in ((1, "a status token"), (2, "2 status tokens")):
            code, data = _json(capsys, "ask", f"{card} has {said} and I use it on my opponent's unit. What happens?",
                               "--db", full_db)
            assert code == 0 and data["read_as"] is not None, (card, data.get("asked"))
            inputs = data["read_as"]["inputs"]
            assert inputs.get("ability") == ability, (card, inputs)
            assert f"{card}@mine/status={n}" in inputs.get("unit", ""), (card, inputs)


def test_without_tokens_said_it_is_not_taken(capsys: pytest.CaptureFixture[str], full_db: str):
    for card, ability in removing_spells()[:3]:
        code, data = _json(capsys, "ask", f"I play {card}. What happens?", "--db", full_db)
        assert code == 0 and data["read_as"]["inputs"].get("ability") != ability, (card, data["read_as"])
