"""Blind round 35031, class 6 (a refusal): a reaction to a cost being paid ("After you pay a cost that includes 3 or
more basic symbols", "... using a charm or divine die on its power side", "After you spend a charm or divine power
symbol") reads --spent as the dice of THAT cost: its words are checked against them (not met: it cannot be used),
and without --spent the trigger is said as assumed. Over every real card of both editions with such a trigger."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.checks import _AT_LEAST_BASIC, _POWER_OF, COST_TRIGGER
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def cost_triggers() -> tuple[tuple[str, str, str, str, str], ...]:
    """(card, edition, ability, dice that meet it, dice that do not) of every trigger whose words say what dice."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        if a.trigger is None or not COST_TRIGGER.match(a.trigger.words):
            continue
        ask = "play" if a.kind == "play" else str(a.index)
        basic = _AT_LEAST_BASIC.search(a.trigger.words)
        power = _POWER_OF.search(a.trigger.words)
        if basic:
            n = int(basic.group("n"))
            out.append((card.name, edition, ask, f"{n} basic", f"{n - 1} basic; 1 charm class"))
        elif power:
            magic = (power.group("magics") or power.group("spend")).split(" or ")[0].lower()
            out.append((card.name, edition, ask, f"1 {magic} power", f"1 {magic} class"))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert len(cost_triggers()) >= 4
    assert {"Magic Purity", "Royal Charm"} <= {c for c, *_ in cost_triggers()}


@pytest.mark.parametrize(("card", "edition", "ability", "meets", "misses"), cost_triggers())
def test_the_cost_that_set_it_off_decides_it(card, edition, ability, meets, misses):
    yes = judge(card, edition, real_cards(), ability=ability, spent=meets, units="both")
    assert "is not met" not in yes["usable"]["why"]
    assert not any(i["id"] == "AS-I-trigger-cost" for i in yes["interpretations"])
    no = judge(card, edition, real_cards(), ability=ability, spent=misses, units="both")
    assert no["usable"]["value"] is False and "is not met" in no["usable"]["why"]
    unsaid = judge(card, edition, real_cards(), ability=ability, units="both")
    if unsaid["usable"]["value"]:
        assert any(i["id"] == "AS-I-trigger-cost" for i in unsaid["interpretations"])
