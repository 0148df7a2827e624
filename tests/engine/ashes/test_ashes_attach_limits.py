"""Blind round 71031, class 4 (its alteration part): "This spell can only be attached to an ally / a unit with an
attack value of 2 or less / units with the Illusion ability" was taken as met, even with the unit named. It is now
checked against the unit it goes on when the question names it (--target 0=, or the only unit named): not met, the
card cannot be played there (AS4). Checked over every real alteration of both editions with such a limit (derived
here); each expectation comes from the named unit's printed type, values and ability names in the data."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.resolve import _LIMIT
from tests.engine.ashes.real import ask, every_ability, lookup, printings

UNITS = ("Iron Worker", "Hammer Knight", "Frost Talon")   # an ally of attack 2, an ally of attack 3, a conjuration


@cache
def limited() -> tuple[tuple[str, str, str], ...]:
    """(card, edition, limit) of every alteration whose play says which units it can be attached to (checkable)."""
    return tuple(sorted({(r.name, r.edition, lim) for r in every_ability() if r.ability.kind == "play"
                         and "Alteration" in r.printing.type for lim in r.ability.limits if _LIMIT.search(lim)}))


def _expected(limit: str, unit: str, edition: str) -> bool | None:
    p = printing(lookup()(unit), edition) or printing(lookup()(unit), "reborn")
    m = _LIMIT.search(limit)
    if m.group("ally"):
        return p.type == "Ally"
    if m.group("atk"):
        return p.attack is not None and p.attack <= int(m.group("atk"))
    wanted = m.group("ability").lower()
    return any(re.sub(r"\s+(?:\d+|x)$", "", (a.name or "").lower()) == wanted for a in read_abilities(p))


def test_the_cards_sharing_it():
    names = {c for c, _, _ in limited()}
    assert {"Massive Growth", "Hunting Weapons", "Bring Forth"} <= names


def test_the_limit_is_checked_on_the_unit_named():
    seen = set()
    for card, edition, limit in limited():
        units = list(UNITS)
        m = _LIMIT.search(limit)
        if m.group("ability"):   # a unit printing that ability, from the data, and one without it
            units += [c.name for c, e, p in printings() if e == edition and p.type in ("Ally", "Conjuration")
                      and _expected(limit, c.name, edition)][:1]
        for unit in units:
            if printing(lookup()(unit), edition) is None:
                continue
            a = ask(card, edition, ability="play", unit=f"{unit}@mine", target=f"0={unit}@mine")
            want = _expected(limit, unit, edition)
            assert a["usable"]["value"] is want, (card, edition, unit, a["usable"])
            assert not any(i["id"].startswith("AS-I-limit") and limit.rstrip(".") in i["text"]
                           for i in a["interpretations"]), (card, unit)
            seen.add(want)
    assert seen == {True, False}


def test_no_unit_named_it_stays_assumed():
    for card, edition, _limit in limited():
        a = ask(card, edition, ability="play")
        assert any(i["id"].startswith("AS-I-limit") for i in a["interpretations"]), (card, edition)


def _removing_from_attached() -> list[tuple[str, str]]:
    """(card, edition) of every alteration played onto a unit whose play removes tokens from "the attached unit" or
    "this unit" (Undaunted): the unit named is the one it reads."""
    return sorted({(r.name, r.edition) for r in every_ability() if r.ability.kind == "play"
                   and r.printing.type == "Alteration Spell" and r.printing.placement == "Unit"
                   and any(re.match(r"^remove (?:1|an?) (?:exhaustion|status|wound) tokens? from (?:the attached|this) "
                                    r"unit\b", x.text, re.I) for x in r.ability.parts)})


def test_tokens_removed_from_the_unit_it_is_played_onto():
    cards = _removing_from_attached()
    assert ("Undaunted", "reborn") in cards
    for card, edition in cards:
        for on, have in (("/exhaustion=1", True), ("/status=0/wounds=0", False)):
            a = ask(card, edition, ability="play", unit=f"Iron Worker@mine{on}", target="0=Iron Worker@mine")
            removing = next(p for p in a["parts"] if p["text"].lower().startswith("remove"))
            if "exhaustion" in removing["text"].lower() or not have:
                assert (removing["outcome"] == "resolves") is have, (card, on, removing)
                assert not any("has the tokens it removes" in x for x in a["assumptions"]), (card, a["assumptions"])
