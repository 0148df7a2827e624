"""An instruction set for a later moment about the card itself ("Discard this spell when it no longer has any status
tokens on it": Deep Freeze, Chant of Protection, Protect, Augury) does not happen now: the first line says when it
happens. Built over every real part of both editions with that wording."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.test_ashes_cases import real_cards

LATER = re.compile(r"^(?:discard|destroy) this (?:spell|card|unit) when it no longer has\b", re.I)


@cache
def later_parts() -> tuple[tuple[str, str, str, int], ...]:
    out = []
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None:
                continue
            abilities = read_abilities(p)
            out += [(card.name, edition, ask_value(a, abilities), x.n) for a in abilities for x in a.parts
                    if LATER.match(x.text)]
    return tuple(out)


def test_the_class_holds_real_cards():
    assert {"Deep Freeze", "Chant Of Protection", "Protect", "Augury"} <= {n for n, *_ in later_parts()}
    assert len(later_parts()) >= 10


@pytest.mark.parametrize(("card", "edition", "ability", "n"), later_parts())
def test_a_part_for_later_says_it_does_not_happen_now(card, edition, ability, n):
    a = judge(card, edition, real_cards(), ability=ability, units="both")
    text = next(p["text"] for p in a["parts"] if p["n"] == n)
    head = text[:text.lower().index(" when ")]
    assert f"“{head}” happens later, when it no longer has" in a["summary"], a["summary"]
    assert f"“{text.rstrip('.')}” happens" not in a["summary"]
