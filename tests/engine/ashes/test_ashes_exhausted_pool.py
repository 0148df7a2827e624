"""Blind round 35031, class 6 (a refusal): the dice in your exhausted pool are an input (--exhausted-dice N, as the
effect resolves, the dice paid for it included). A part that takes dice from it does not happen with none there,
takes as many as there are when there are fewer than it names, and is said as assumed when the pool is not given.
Over every real part of both editions that takes dice from your exhausted pool."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.checks import _POOL_COUNT, EXHAUSTED_POOL
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def pool_parts() -> tuple[tuple[str, str, str, int, int | None], ...]:
    """(card, edition, ability, part n, how many dice it selects when it says) of every such part."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        if a.kind == "passive":
            continue
        part = next((x for x in a.parts if EXHAUSTED_POOL.search(x.text)), None)
        if part is not None and not part.focus and not part.mode:
            m = _POOL_COUNT.search(part.text)
            out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n,
                        int(m.group("n")) if m else None))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert len(pool_parts()) >= 35
    assert sum(1 for *_, n in pool_parts() if n and n > 1) >= 8


@pytest.mark.parametrize(("card", "edition", "ability", "n", "count"), pool_parts())
def test_the_exhausted_pool_decides_a_part_that_takes_dice_from_it(card, edition, ability, n, count):
    both = {"units": "both"}
    empty = judge(card, edition, real_cards(), ability=ability, exhausted_dice="0", **both)
    part = next(p for p in empty["parts"] if p["n"] == n)
    if empty["usable"]["value"] and part["depends_on"] is None and not part["condition"]:
        assert part["outcome"] == "skipped", part
        assert part["why"] == "no die is in your exhausted pool" or "target" in part["why"], part
    unsaid = judge(card, edition, real_cards(), ability=ability, **both)
    part = next(p for p in unsaid["parts"] if p["n"] == n)
    if part["outcome"] == "resolves":
        assert any(i["id"] == f"AS-I-dice-{n}" for i in unsaid["interpretations"])
    if count and count > 1:
        few = judge(card, edition, real_cards(), ability=ability, exhausted_dice=str(count - 1), **both)
        part = next(p for p in few["parts"] if p["n"] == n)
        if part["outcome"] == "resolves":
            assert f"only {count - 1} in your exhausted pool" in " ".join(part["result"])
            assert not any(i["id"] == f"AS-I-dice-{n}" for i in few["interpretations"])
