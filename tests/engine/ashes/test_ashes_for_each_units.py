""""For each ..." counts over units (issue 31, blind round 42031 class 5): "once for each wound token on units you
control" (Blood Brawl), "for each other conjuration you control" (Summon Radiant Leviathan), "once for each
unexhausted unit you control with a printed attack value of 0" (Rile the Meek) are counted from the units named and
their cards' types and values, the count said in the answer; a named unit whose tokens are not said has none (as its
wounds), said; units not named leave the count assumed, said. The parts are derived from the data; each board is
built here and the expected count computed from it, never taken from an answer."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes.checks import _FOR_EACH
from tests.engine.ashes.real import ask, every_part, part, printings


@cache
def counted_parts() -> list[tuple[str, str, str, int]]:
    """Every part of an ability used (not a constant one) that repeats or counts "for each ... units/conjurations
    you control / an opponent controls"."""
    return sorted({(r.name, r.edition, r.ask, x.n) for r, x in every_part()
                   if r.ability.kind != "passive" and _FOR_EACH.search(x.text)})


@cache
def _cards(edition: str, kind: str) -> list[tuple[str, int | None]]:
    return sorted((c.name, p.attack) for c, e, p in printings() if e == edition and p.type == kind
                  and p.attack is not None and "damage" not in (p.text or str(p.abilities)).lower())


def _board(text: str, edition: str) -> tuple[list[str], int]:
    """A board for the part (units of the side it counts, and one of the other side) and the count it must give."""
    m = _FOR_EACH.search(text)
    mine = m.group("side").lower() == "you control"
    side, other = ("mine", "theirs") if mine else ("theirs", "mine")
    kind = "Conjuration" if m.group("kind").lower().startswith("conjuration") else "Ally"
    value = re.match(r"^\s+with a printed attack value of (?P<n>\d+)", text[m.end():])
    pool = _cards(edition, kind)
    fits = [c for c, a in pool if value is None or a == int(value.group("n"))]
    misfits = [c for c, a in pool if value is not None and a != int(value.group("n"))]
    units, count = [], 0
    for i, name in enumerate(fits[:2]):
        detail = ""
        if m.group("tok"):
            detail = f"/{m.group('tok').lower().replace('wound', 'wounds')}={i + 1}"
            count += i + 1
        elif m.group("state") and i == 1:
            want_tired = m.group("state").strip().lower() == "exhausted"
            detail = "/exhausted" if not want_tired else "/exhaustion=0"   # the second one does not count
        else:
            count += 1
        if m.group("state") and not detail:
            detail = "/exhausted" if m.group("state").strip().lower() == "exhausted" else "/exhaustion=0"
        units.append(f"{name}@{side}{detail}")
    if not m.group("tok") and kind == "Conjuration":   # an ally of that side is no conjuration: not counted
        units.append(f"{_cards(edition, 'Ally')[0][0]}@{side}")
    if misfits:
        units.append(f"{misfits[0]}@{side}" + ("/exhaustion=0" if m.group("state") else ""))
    units.append(f"{_cards(edition, 'Ally')[1][0]}@{other}")
    return units, count


def test_the_class_is_the_real_cards():
    assert {c for c, *_ in counted_parts()} == {"Blood Brawl", "Rile the Meek", "Summon Radiant Leviathan"}


@pytest.mark.parametrize(("card", "edition", "ability", "n"), counted_parts())
def test_the_count_is_worked_out_and_said(card: str, edition: str, ability: str, n: int) -> None:
    text = next(x.text for r, x in every_part() if (r.name, r.edition, r.ask, x.n) == (card, edition, ability, n))
    units, count = _board(text, edition)
    assert count > 0
    a = ask(card, edition, ability=ability, unit=";".join(units))
    got = part(a, n)
    assert got["outcome"] == "resolves", got
    assert f"{count} time{'s' if count != 1 else ''}, once for each" in " ".join(got["result"])
    assert not any(i["id"] == f"AS-I-said-count-for-each-{n}" for i in a["interpretations"])   # counted, not assumed


@pytest.mark.parametrize(("card", "edition", "ability", "n"), counted_parts())
def test_named_units_without_tokens_have_none_and_unnamed_ones_are_assumed(card: str, edition: str, ability: str,
                                                                        n: int) -> None:
    text = next(x.text for r, x in every_part() if (r.name, r.edition, r.ask, x.n) == (card, edition, ability, n))
    m = _FOR_EACH.search(text)
    a = ask(card, edition, ability=ability, units="both")   # units not named: the count is not known, said
    assert any(i["id"] == f"AS-I-said-count-for-each-{n}" for i in a["interpretations"])
    if m.group("tok"):   # named without their tokens: none, said; nothing to repeat
        units, _ = _board(text, edition)
        bare = ";".join(re.sub(r"/\w+=\d+", "", u) for u in units)
        a = ask(card, edition, ability=ability, unit=bare)
        assert part(a, n)["outcome"] == "skipped" and "taking" in part(a, n)["why"]
