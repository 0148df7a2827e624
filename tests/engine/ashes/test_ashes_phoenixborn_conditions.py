"""A condition about your Phoenixborn's tokens ("If your Phoenixborn is exhausted", "If there are 12 or more wound
tokens on your Phoenixborn", "... and your Phoenixborn is unexhausted") is decided by what the question says is on it
(`--unit "phoenixborn@mine/wounds=12/exhausted"`), else said as assumed: over every real part of both editions."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

STATE = re.compile(r"(?:^|\band )your phoenixborn is (exhausted|unexhausted)$|^there are (\d+) or more (status|wound) "
                   r"tokens on your phoenixborn$", re.I)


@cache
def pb_conditions() -> tuple[tuple[str, str, str, int, str], ...]:
    out = []
    for r in every_ability():
        card, edition, a, abilities = r.card, r.edition, r.ability, r.abilities
        for x in a.parts:
            if x.condition and STATE.search(x.condition) and x.focus == 0 and a.kind != "passive":
                out.append((card.name, edition, ask_value(a, abilities), x.n, x.condition))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert {"Take to the Skies", "Final Stand", "Trusted Boomerang"} <= {n for n, *_ in pb_conditions()}


def _board(condition: str, met: bool) -> str:
    m = STATE.search(condition)
    if m.group(1):
        tired = (m.group(1).lower() == "exhausted") == met
        return "phoenixborn@mine/" + ("exhausted" if tired else "exhaustion=0")
    n = int(m.group(2)) + (0 if met else -1)
    return f"phoenixborn@mine/{'wounds' if m.group(3).lower() == 'wound' else 'status'}={n}"


@pytest.mark.parametrize(("card", "edition", "ability", "n", "condition"), pb_conditions())
def test_the_phoenixborn_described_decides_the_condition(card, edition, ability, n, condition):
    def part(**board):  # type: ignore[no-untyped-def]
        a = judge(card, edition, real_cards(), ability=ability, units="both", **board)
        return a, next(p for p in a["parts"] if p["n"] == n)

    silent, p = part()
    assert any(i["id"] == f"AS-I-cond-{n}" for i in silent["interpretations"]) or p["outcome"] != "resolves"
    _, off = part(unit=_board(condition, False))
    assert off["outcome"] == "skipped" and "condition is not met" in off["why"], off
    if " and " not in condition:   # a condition of two halves: the other half is still assumed
        met, _on = part(unit=_board(condition, True))
        assert not any(i["id"] == f"AS-I-cond-{n}" for i in met["interpretations"]), met["summary"]
