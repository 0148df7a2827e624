"""Blind round 35031, class 4: the dice a question says were spent (--spent) pay the magic cost face by face: a power
symbol only by a die of its magic on its power side, a class symbol by its magic's class or power side, a basic one
by any die, a printed choice by either alternative. Dice that cannot pay it, or too few, answer "cannot be used"
(never an input error). Over every real magic cost of both editions, and end to end over every ability with a power
symbol in its cost."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.paying import alternatives, shortfall
from engine.rulesets.ashes.state import Spent
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards


def as_spent(symbols) -> tuple[Spent, ...]:  # type: ignore[no-untyped-def]
    return tuple(Spent(1, magic, side) for magic, side in symbols)


@cache
def dice_costs() -> tuple[tuple[str, str, str, tuple], ...]:
    """(card, edition, ability, costs) of every ability whose magic cost is dice only."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        magic = [c for c in a.costs if c.kind == "magic"]
        if magic and all(alternatives(c) for c in magic):
            out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), a.costs))
    return tuple(out)


def test_the_class_holds_real_cards():
    power = {c for c, _, _, costs in dice_costs() if any("power" in x.text for x in costs)}
    assert len(dice_costs()) > 500 and len(power) >= 80


@pytest.mark.parametrize(("card", "edition", "ability", "costs"), dice_costs())
def test_each_cost_is_paid_by_its_faces_only(card, edition, ability, costs):
    magic = [c for c in costs if c.kind == "magic"]
    first = [s for c in magic for s in alternatives(c)[0]]
    assert shortfall(costs, as_spent(first)) is None
    assert "were spent" in (shortfall(costs, as_spent(first[1:])) or "")
    # a die one side higher pays a class symbol; any die pays a basic one
    higher = [(m, "power") if side == "class" else ("divine", "class") if m == "basic" else (m, side)
              for m, side in first]
    assert shortfall(costs, as_spent(higher)) is None
    # a power symbol paid by the class side, or a class symbol by another magic: cannot be paid
    for i, (m, side) in enumerate(first):
        if m == "basic":
            continue
        worse = (m, "class") if side == "power" else ("basic", None)
        wrong = [*first[:i], worse, *first[i + 1:]]
        if not any(sorted(wrong, key=str) == sorted(alt, key=str) for alt in alternatives(magic[0])):
            assert "cannot pay" in (shortfall(costs, as_spent(wrong)) or ""), (first, wrong)


@cache
def power_abilities() -> tuple[tuple[str, str, str, str], ...]:
    return tuple((c, e, a, "; ".join(f"1 {m} {s}" for m, s in
                                      (x for cost in costs if cost.kind == "magic" for x in alternatives(cost)[0])
                                      if m != "basic") or "none")
                 for c, e, a, costs in dice_costs() if any(re.search(r"\bpower\b", x.text) for x in costs))


@pytest.mark.parametrize(("card", "edition", "ability", "spent"), power_abilities())
def test_a_power_cost_paid_with_class_dice_cannot_be_used(card, edition, ability, spent):
    costs = next(x[3] for x in dice_costs() if x[:3] == (card, edition, ability))
    symbols = [s for c in costs if c.kind == "magic" for s in alternatives(c)[0]]
    classes = "; ".join(f"1 {m} class" if m != "basic" else "1 basic" for m, _ in symbols)
    a = judge(card, edition, real_cards(), ability=ability, spent=classes)
    assert a["usable"]["value"] is False and "cannot pay its cost" in a["usable"]["why"]
    fewer = "; ".join(f"1 {m} power" if m != "basic" else "1 basic" for m, _ in symbols[1:]) or "none"
    b = judge(card, edition, real_cards(), ability=ability, spent=fewer)
    assert b["usable"]["value"] is False and "were spent" in b["usable"]["why"]
    good = "; ".join(f"1 {m} {side}" if m != "basic" else "1 basic" for m, side in symbols)
    c = judge(card, edition, real_cards(), ability=ability, spent=good)
    assert "the dice spent" not in c["usable"]["why"]
    assert "You have the dice to pay its cost." not in c["explanation"]
