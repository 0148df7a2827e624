"""Blind round 35031, class 5: a unit whose own "when this unit comes into play" ability is asked about has just
been placed: it has no tokens and is unexhausted (AS4), so "a target exhausted unit", "a target unit with a status
token", "a target damaged unit" never find it, and nothing is assumed about it. Over every real unit card of both
editions with such an ability; naming it with tokens (NAME@mine/exhausted) still says otherwise."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import ENTERS, read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.state import Unit
from engine.rulesets.ashes.targets import WITH_TOKENS, fits
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def entering() -> tuple[tuple[str, str, str, int, bool], ...]:
    """(card, edition, ability, part n, the unit just placed is not of the state its target asks for) of every first
    unit-target part of a unit's own comes-into-play ability."""
    out = []
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None or p.type not in ("Ally", "Conjuration"):
                continue
            for a in read_abilities(p):
                if a.kind == "play" or a.trigger is None or not ENTERS.match(a.trigger.words + ","):
                    continue
                part = next((x for x in a.parts if x.new_target and x.new_target.kind == "unit"), None)
                if part is not None and not part.focus and not part.mode:
                    words = part.new_target.words
                    fresh = Unit(card.name, "mine", described=True, exhausted=False, exhaustion=0, card_type=p.type)
                    out.append((card.name, edition, str(a.index), part.n, bool(WITH_TOKENS.search(words))
                                and fits(fresh, words) is False))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert len(entering()) >= 12
    assert sum(1 for *_, state in entering() if state) >= 1
    assert "False Demon" in {c for c, *_, state in entering() if state}


@pytest.mark.parametrize(("card", "edition", "ability", "n", "state"), entering())
def test_a_unit_that_just_came_into_play_is_unexhausted_with_no_tokens(card, edition, ability, n, state):
    a = judge(card, edition, real_cards(), ability=ability, units="none")
    part = next(p for p in a["parts"] if p["n"] == n)
    assert not any(card in i["text"] and i["id"].startswith("AS-I-fits") for i in a["interpretations"])
    if state:   # it asks for tokens or exhaustion: the unit just placed has none, so nothing is left to target
        assert part["outcome"] != "resolves" or card not in (part["target"] or ""), part
    elif part["outcome"] == "skipped" and "no legal target" in part["why"]:
        assert "theirs" in part["why"] or "another" in part["text"].lower() or "ally" in part["why"] \
            or "the target needs a" in part["why"], part   # a value limit (Scrawler alone: 1 is not less than 1)
    described = judge(card, edition, real_cards(), ability=ability, unit=f"{card}@mine/exhausted/status=1/wounds=1")
    part = next(p for p in described["parts"] if p["n"] == n)
    if state and part["outcome"] == "resolves":
        assert card in (part["target"] or "")
