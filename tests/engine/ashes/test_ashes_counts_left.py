"""Blind round 51031, classes 1-3: what a count asks is cut to what is there, never all-or-nothing.
1. "Place 2 copies of that conjuration" with 1 left places 1 (AS9: as much as possible) and with none left says so
   (it printed "no None left"): every part of both editions placing 2 or more conjurations, derived from the data.
2. "Remove 1 + X wound tokens" with X = 0 still removes 1 (it was skipped as "X is 0"); with X given, the total.
3. "As an additional cost to cast this spell, remove up to four status tokens ..." is one written-out cost (it was cut
   at "up to", leaving "four status tokens ..." as an effect part)."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.checks import PLUS_X, copies_wanted
from tests.engine.ashes.real import ask, every_ability, part


@cache
def placing_many() -> tuple[tuple[str, str, str, int, int, int], ...]:
    """(card, edition, ability, part n, its focus, copies asked) of every part placing 2 or more conjurations."""
    out = []
    for r in every_ability():
        for x in r.ability.parts:
            asked = [copies_wanted(n.words) for n in x.needs if n.kind == "conjuration"]
            if asked and max(asked) >= 2 and not re.search(r"\bfor each\b|\bX\b", x.text, re.I):
                out.append((r.name, r.edition, r.ask, x.n, x.focus, max(asked)))
    return tuple(out)


def test_the_cards_sharing_the_count():
    names = {c for c, *_ in placing_many()}
    assert {"Double Down", "Summon Sleeping Widows", "Summon Prism Tetra"} <= names and len(names) >= 8


def test_a_count_larger_than_the_pile_places_what_is_left():
    for card, edition, ability, n, focus, asked in placing_many():
        for left in range(asked):
            a = ask(card, edition, ability=ability, focus=focus, conjurations_left=left, units="mine")
            got = part(a, n)
            said = " ".join(got["result"]) + " " + got["why"] + " " + a["summary"]
            assert "None" not in said, (card, said)
            if got["outcome"] != "resolves":
                assert left == 0 or got["outcome"] in ("declined", "cancelled") or "left" not in got["why"], \
                    (card, left, got)
                continue
            assert left > 0, (card, got)
            assert f"so {left} {'is' if left == 1 else 'are'} placed, not {asked}" in said, (card, left, said)


@cache
def plus_x() -> tuple[tuple[str, str, str, int, int], ...]:
    """(card, edition, ability, part n, the number added to X) of every part whose amount is "N + X"."""
    return tuple((r.name, r.edition, r.ask, x.n, int(re.search(r"\d+", m.group(0)).group(0)))
                 for r in every_ability() for x in r.ability.parts if (m := PLUS_X.search(x.text)))


def test_n_plus_x_counts_the_number_when_x_is_0():
    assert {c for c, *_ in plus_x()} == {"Loot The Future"}
    for card, edition, ability, n, fixed in plus_x():
        for x in (0, 3):
            got = part(ask(card, edition, ability=ability, x=x, units="mine"), n)
            assert got["outcome"] == "resolves", (card, x, got)
            assert any(s.startswith(f"{fixed + x} ") and f"X = {x}" in s for s in got["result"]), got["result"]


def test_an_additional_cost_written_out_is_one_cost():
    found = [r for r in every_ability() if re.search(r"\bas an additional cost\b", r.ability.text, re.I)]
    assert found
    for r in found:
        sentence = re.search(r"as an additional cost[^,]*, (?P<what>[^.]+)", r.ability.text, re.I)
        if re.search(r"\bto place\b", sentence.group("what")):   # "discard 1 card ... to place ...": cost, then effect
            continue
        costs = [c.text for c in r.ability.costs if c.kind in ("additional", "discard")]
        assert any(c.endswith(sentence.group("what").strip()) for c in costs), (r.name, costs)
        assert all(not sentence.group("what").lower().endswith(x.text.rstrip(".").lower())
                   for x in r.ability.parts), (r.name, [x.text for x in r.ability.parts])
