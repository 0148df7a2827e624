"""Blind round seed 38321, class 6: a negation limited to "the first ... each turn" and to what "other players'" /
"another player's" cards do (Stalwart) negates only that occurrence. Checked over every real card with the wording,
across which time this turn it is (--times) and whose card does it (--by); the expectation comes from the limits."""

from __future__ import annotations

import re

import pytest

from tests.engine.l5r.l5r_real import order, real_cards

# "negate their first bowing each turn by other players' cards", "Negate the first destruction each turn of cards in
# this unit from another player's card". (Kyuden Kitsune counts "each battle", which --times (this turn) cannot say.)
WORDING = re.compile(r"negate (?:its|his|her|their|the) first (?P<noun>\w+) each turn [^.)]*?"
                     r"(?:other players'|another player's) (?:cards?|actions?)", re.I)
OCCURRENCE = {"bowing": "he bows", "destruction": "a card in this unit is destroyed"}
CASES = sorted({(c.name, m.group(0), m.group("noun").lower()) for c in real_cards()
                for m in WORDING.finditer(c.text or "")})


def test_the_class_is_every_real_card_with_the_wording():
    names = {name for name, _, _ in CASES}
    assert len(names) == 6, names
    assert "Tamori Tsuchiya" in names and {noun for _, _, noun in CASES} <= set(OCCURRENCE)


@pytest.mark.parametrize(("name", "words", "noun"), CASES)
@pytest.mark.parametrize("times", ["1", "2", "3"])
@pytest.mark.parametrize("by", ["opponent", "you"])
def test_a_limited_negation_negates_only_the_occurrence_it_names(name, words, noun, times, by):
    answer = order(at=f"before {OCCURRENCE[noun]}", item=[f"negate:{words}"], times=times, by=by, active="you")
    acts = [p["item"] for p in answer["order"]]
    skipped = {s["item"]: s for s in answer["skipped"]}
    should = times == "1" and by == "opponent"  # the first time, by a card of a player other than its controller
    assert bool(acts) is should, (acts, skipped)
    if not should:
        (why,) = [s["why"] for s in skipped.values()]
        assert ("first" in why) if times != "1" else ("other players'" in why or "another player's" in why)


def test_unsaid_limits_are_said_as_assumptions():
    _name, words, noun = CASES[0]
    answer = order(at=f"before {OCCURRENCE[noun]}", item=[f"negate:{words}"], active="you")
    assert answer["order"] and len(answer["assumed"]) == 2
