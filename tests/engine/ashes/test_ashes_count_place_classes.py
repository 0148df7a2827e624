"""Issue 31 item 2, counts the board settles and placement wordings, as classes over every real card sharing the
wording (both editions):
- "Place ... onto your battlefield" (an ally, this unit, it, a Sun Scarab or Moon Moth conjuration) puts a unit into
  play: a full battlefield stops it, and a conjuration placed that way needs one left in the pile;
- "Resolve the following effect once for each wound token on units you control": zero of them, nothing happens;
- "Remove N status tokens from this unit" when the question says the unit has none: nothing to remove, so an
  "If you do" after it does not happen;
- dice: what the cost exhausted is no longer in the active pool ("Change 2 dice in your active pool" after the
  only die paid the cost); "if you have a divine die ... in your active pool" is not met with an empty pool;
- "the chosen unit" is the unit chosen, not the latest one targeted."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

ONTO = re.compile(r"\b(?:place|put)\b[^.]*\bonto (?:your|the) battlefield\b", re.I)
FOR_EACH = re.compile(r"\bonce for each (?:wound|status) tokens? on units you control\b", re.I)
OWN = re.compile(r"^(?:you may )?remove (?:\d+|all|an?|one|two) status tokens? from this unit\b", re.I)


@cache
def first_parts(pattern: re.Pattern[str], first_only: bool = True) -> tuple[tuple[str, str, str, int, int], ...]:
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        if a.kind == "passive":
            continue
        for part in a.parts:
            if pattern.search(part.text) and part.depends_on is None and not part.mode and \
                    part.condition is None and (part.n == 1 or not first_only):
                out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n,
                            part.focus))
    return tuple(out)


def test_the_classes_hold_real_cards():
    assert len(first_parts(ONTO)) >= 40
    assert len(first_parts(FOR_EACH, False)) >= 1
    assert len(first_parts(OWN)) >= 4


@pytest.mark.parametrize(("card", "edition", "ability", "n", "focus"), first_parts(ONTO))
def test_placing_onto_your_battlefield_needs_room(card, edition, ability, n, focus):
    a = judge(card, edition, real_cards(), ability=ability, focus=str(focus), battlefield_full=True, units="both")
    part = next(p for p in a["parts"] if p["n"] == n)
    if a["usable"]["value"]:
        assert part["outcome"] == "skipped" and "battlefield is full" in part["why"], part


@pytest.mark.parametrize(("card", "edition", "ability", "n", "focus"), first_parts(FOR_EACH, False))
def test_once_for_each_with_none_to_count_does_nothing(card, edition, ability, n, focus):
    none = judge(card, edition, real_cards(), ability=ability, units="theirs")
    assert next(p for p in none["parts"] if p["n"] == n)["outcome"] == "skipped"
    two = judge(card, edition, real_cards(), ability=ability, units="theirs", unit="Gilder@mine/wounds=2/status=2")
    part = next(p for p in two["parts"] if p["n"] == n)
    assert part["outcome"] == "resolves"
    assert not any(i["id"].startswith("AS-I-said-count-for-each") for i in two["interpretations"])


@pytest.mark.parametrize(("card", "edition", "ability", "n", "focus"), first_parts(OWN))
def test_removing_tokens_this_unit_does_not_have_does_nothing(card, edition, ability, n, focus):
    if printing(next(c for c in real_cards() if c.name == card), edition).type not in ("Ally", "Conjuration"):
        return   # an alteration's "this unit" is the unit it is attached to, described as that unit
    a = judge(card, edition, real_cards(), ability=ability, units="both", unit=f"{card}@mine/status=0")
    if not a["usable"]["value"]:
        return
    part = next(p for p in a["parts"] if p["n"] == n)
    assert part["outcome"] == "skipped" and "no status tokens" in part["why"]
    for later in a["parts"]:
        if later["depends_on"] == n and later["link"] in ("if-you-do", "to", "refers-back"):
            assert later["outcome"] == "skipped"
    b = judge(card, edition, real_cards(), ability=ability, units="both", unit=f"{card}@mine/status=3")
    assert next(p for p in b["parts"] if p["n"] == n)["outcome"] == "resolves"


def test_dice_paid_for_the_cost_are_not_left_in_the_active_pool():
    cards = real_cards()
    changed = []
    for card in cards:
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None:
                continue
            for a in read_abilities(p):
                first = next((x for x in a.parts if re.match(r"^change \d+ dice? in your active pool", x.text, re.I)
                              and x.depends_on is None and x.condition is None), None)
                if first is None:
                    continue
                paid = sum(int(m.group(1)) for c in a.costs if c.kind == "magic"
                           for m in [re.match(r"^(\d+)", c.text)] if m)
                if not paid:
                    continue
                key = "play" if a.kind == "play" else str(a.index)
                ans = judge(card.name, edition, cards, ability=key, dice=str(paid))
                got = next(x for x in ans["parts"] if x["n"] == first.n)
                assert got["outcome"] == "skipped" and "paid its cost" in got["why"], got
                changed.append(card.name)
    assert changed


def test_a_divine_die_condition_is_not_met_with_an_empty_pool():
    cards = real_cards()
    found = 0
    for card in cards:
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None:
                continue
            for a in read_abilities(p):
                for part in a.parts:
                    if part.condition and re.search(r"divine die", part.condition):
                        key = "play" if a.kind == "play" else str(a.index)
                        ans = judge(card.name, edition, cards, ability=key, dice="0", units="both")
                        got = next(x for x in ans["parts"] if x["n"] == part.n)
                        assert got["outcome"] == "skipped", got
                        found += 1
    assert found >= 1


def test_the_chosen_unit_is_the_one_chosen():
    a = judge("Close Combat", "reborn", real_cards(), units="both")
    chosen = next(p for p in a["parts"] if p["text"].startswith("Place 1 wound token"))
    assert chosen["depends_on"] == 1 and chosen["link"] == "refers-back"
