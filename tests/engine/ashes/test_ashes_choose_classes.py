"""Choosing without targeting still needs something to choose (AS5: an effect with nothing to act on does nothing),
over every real part of both editions with the wording:
1. "Choose 2 units you control" (Exhortation, Clashing Tempers): two named units of yours, else it does not happen
   (and what hangs on it neither); units of yours not counted: said;
2. "Choose a unit they control" / "Choose a unit an opponent has in play" (Law of Domination, Strange Copy): a unit of
   theirs;
3. "For each unit, place 1 exhaustion token on that unit ..." (Meteor, first edition): nothing with no unit in play;
   with units named, no assumption about what it counts."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

CHOOSE = re.compile(r"^(?:you may )?choose (a|an|2|two) (?:units?|all(?:y|ies)) (you control|they control|an opponent "
                    r"controls|an opponent has in play)\b", re.I)


@cache
def choose_parts() -> tuple[tuple[str, str, str, int, int, str], ...]:
    """(card, edition, ability, part, how many, side) for every such part that is not a constant ability's."""
    out = []
    for r in every_ability():
        card, edition, a, abilities = r.card, r.edition, r.ability, r.abilities
        for x in a.parts:
            m = CHOOSE.match(x.text)
            if m and a.kind != "passive" and x.focus == 0:
                out.append((card.name, edition, ask_value(a, abilities), x.n,
                            2 if m.group(1).lower() in ("2", "two") else 1,
                            "mine" if m.group(2).lower() == "you control" else "theirs"))
    return tuple(out)


def test_the_class_holds_real_cards():
    names = {n for n, *_ in choose_parts()}
    assert {"Exhortation", "Clashing Tempers", "Law of Domination", "Strange Copy", "Full Moon"} <= names
    assert sum(1 for *_, k, _s in choose_parts() if k == 2) >= 3


def _part(answer, n):  # type: ignore[no-untyped-def]
    return next(p for p in answer["parts"] if p["n"] == n)


@pytest.mark.parametrize(("card", "edition", "ability", "n", "count", "side"), choose_parts())
def test_a_choice_with_too_few_units_does_not_happen(card, edition, ability, n, count, side):
    other = "theirs" if side == "mine" else "mine"
    few = judge(card, edition, real_cards(), ability=ability, unit=f"Iron Worker@{side}" if count > 1 else
                f"Iron Worker@{other}")
    assert _part(few, n)["outcome"] == "skipped", few["summary"]
    enough = ";".join(f"{u}@{side}" for u in ("Iron Worker", "Hammer Knight")[:count]) + f";Anchornaut@{other}"
    ok = judge(card, edition, real_cards(), ability=ability, unit=enough)
    assert _part(ok, n)["outcome"] == "resolves" or "not so" in _part(ok, n)["why"] \
        or "did not happen" in _part(ok, n)["why"] or "depends" in _part(ok, n)["why"], ok["summary"]
    if count > 1:
        generic = judge(card, edition, real_cards(), ability=ability, units="both")
        assert any(i["id"] == f"AS-I-count-{n}" for i in generic["interpretations"])
        assert "there are enough units for" in generic["summary"]


def test_for_each_unit_needs_a_unit_and_counts_the_units_named():
    none = judge("Meteor", "1e", real_cards(), units="none")
    assert _part(none, 2)["outcome"] == "skipped" and "no unit" in _part(none, 2)["why"]
    named = judge("Meteor", "1e", real_cards(), unit="Iron Worker@mine;Hammer Knight@theirs")
    assert not any(i["id"].startswith("AS-I-said-count-for-each") for i in named["interpretations"])
    assert "what it counts for each of" not in named["summary"]
