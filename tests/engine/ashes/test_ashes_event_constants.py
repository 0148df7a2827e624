"""Blind round 35031, class 6 (a refusal): a constant ability that is an instruction for when the card is dealt
damage ("Illusion: If this unit receives damage as a result of a unit's attack or counter, destroy this unit.")
answers what it does then, the damage said as assumed, instead of "cannot be used". Over every real card of both
editions with such an ability."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.resolve import _EVENT, ask_value
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def event_constants() -> tuple[tuple[str, str, str], ...]:
    out = []
    for r in every_ability():
        card, edition, a, abilities = r.card, r.edition, r.ability, r.abilities
        if a.kind == "passive" and a.parts and all(x.condition and _EVENT.match(x.condition)
                                                   for x in a.parts):
            out.append((card.name, edition, ask_value(a, abilities)))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert len(event_constants()) >= 4
    assert ("False Demon", "1e", "Illusion") in event_constants()


@pytest.mark.parametrize(("card", "edition", "ability"), event_constants())
def test_a_constant_for_when_it_is_dealt_damage_answers_what_happens(card, edition, ability):
    a = judge(card, edition, real_cards(), ability=ability, units="theirs")
    assert a["usable"]["value"] is True
    assert all(p["outcome"] == "resolves" for p in a["parts"])
    assert any(i["id"] == "AS-I-event" for i in a["interpretations"])
    assert "its trigger happened" in a["summary"] and "cannot be used" not in a["summary"]
