"""Issue 31 item 2, back-references to a part that did not happen, as classes over every real card (both editions):
- "that <conjuration name>" (“Place 1 status token on that Silver Snake”) names the conjuration an earlier part put
  into play: with no room (or none left) it did not happen, so neither does this part;
- a condition in the passive about what an earlier part did (“If 3 or more tokens were removed, ...”) hangs on that
  part: it cannot be met when that part did not happen."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards

NAMED = re.compile(r"\bthat (?:\[\[)?(?-i:[A-Z])[\w'’-]+")
PASSIVE = re.compile(r"^if [^,]*\b(?:were|was) (?:removed|destroyed|discarded|dealt|placed|exhausted)\b", re.I)


@cache
def parts_saying(pattern: re.Pattern[str]) -> tuple[tuple[str, str, str, int, int, int], ...]:
    """(card, edition, ability, part n, focus, part it depends on) of every part whose text matches."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        placed = {x.places.lower() for x in a.parts if x.places}
        for part in a.parts:
            m = pattern.search(part.text)
            if not m or (pattern is NAMED and not any(
                    part.text[m.start() + 5:].lstrip("[").lower().startswith(w) for w in placed)):
                continue
            if pattern is PASSIVE and part.n == min(x.n for x in a.parts):
                continue   # the first part: it asks about the trigger's event, not an earlier part
            out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n,
                        part.focus, part.depends_on or 0))
    return tuple(out)


def test_the_classes_hold_real_cards():
    assert len(parts_saying(NAMED)) >= 6
    assert len(parts_saying(PASSIVE)) >= 1


@pytest.mark.parametrize(("card", "edition", "ability", "n", "focus", "dep"), parts_saying(NAMED))
def test_that_named_conjuration_needs_the_part_that_placed_it(card, edition, ability, n, focus, dep):
    assert dep, "it must hang on the part that puts the conjuration into play"
    a = judge(card, edition, real_cards(), ability=ability, focus=str(focus), conjurations_left="0", units="both")
    placing = next(p for p in a["parts"] if p["n"] == dep)
    assert placing["outcome"] == "skipped" and "left" in placing["why"]
    part = next(p for p in a["parts"] if p["n"] == n)
    assert part["outcome"] == "skipped" and part["link"] == "refers-back"


@pytest.mark.parametrize(("card", "edition", "ability", "n", "focus", "dep"), parts_saying(PASSIVE))
def test_a_passive_condition_about_an_earlier_part_hangs_on_it(card, edition, ability, n, focus, dep):
    assert dep and dep < n
    a = judge(card, edition, real_cards(), ability=ability, units="none")
    earlier = next(p for p in a["parts"] if p["n"] == dep)
    part = next(p for p in a["parts"] if p["n"] == n)
    if earlier["outcome"] != "resolves":
        assert part["outcome"] == "skipped"


@cache
def otherwise_after_reference() -> tuple[tuple[str, str, str, int], ...]:
    """ "If it is X, ... Otherwise, ... it ...": an if-not part acting on what a part before them chose."""
    out = []
    for r in every_ability():
        card, edition, a = r.card, r.edition, r.ability
        by_n = {x.n: x for x in a.parts}
        for part in a.parts:
            dep = by_n.get(part.depends_on or 0)
            if part.link == "if-not" and dep is not None and dep.link == "refers-back" and \
                    re.search(r"\b(?:it|them|that unit)\b", part.text) and dep.depends_on == 1 and \
                    a.parts[0].new_target is not None:
                out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), part.n))
    return tuple(out)


def test_otherwise_class_holds_real_cards():
    assert len(otherwise_after_reference()) >= 1


@pytest.mark.parametrize(("card", "edition", "ability", "n"), otherwise_after_reference())
def test_otherwise_does_not_happen_when_nothing_was_chosen(card, edition, ability, n):
    a = judge(card, edition, real_cards(), ability=ability, units="none")
    assert a["parts"][0]["outcome"] == "skipped"
    assert next(p for p in a["parts"] if p["n"] == n)["outcome"] == "skipped"
    # with something chosen, one branch happens: the "If ..." one, its condition said as assumed
    b = judge(card, edition, real_cards(), ability=ability, units="both")
    branch = next(p for p in b["parts"] if p["n"] == n)
    assert branch["outcome"] == "skipped" and "was done" in branch["why"]
    assert any(i["id"] == f"AS-I-cond-{branch['depends_on']}" for i in b["interpretations"])
