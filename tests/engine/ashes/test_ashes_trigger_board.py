"""Blind round 35031, class 2: a trigger about a unit of one side ("after a unit you control is dealt damage",
"when an opponent ... targets a unit you control", "... counter with a unit they control") is checked against the
units in play: with none of that side (of that kind, when the cards are named) it cannot happen, so the card cannot
be used; when the board does not say, or the event takes the unit out of play or brings it in ("is destroyed",
"comes into play"), the answer says it took the trigger to have happened. Over every real card of both editions."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.checks import trigger_unit
from tests.engine.ashes.real import every_ability
from tests.engine.ashes.test_ashes_cases import real_cards
from tests.engine.ashes.test_ashes_kind_classes import typed_units


@cache
def triggers() -> tuple[tuple[str, str, str, str, str, bool, bool], ...]:
    """(card, edition, ability, side, kind, checkable, the card is itself a unit in play) of each such trigger."""
    out = []
    for r in every_ability():
        card, edition, p, a = r.card, r.edition, r.printing, r.ability
        got = trigger_unit(a.trigger.words) if a.trigger else None
        if got is None or a.kind == "passive":
            continue
        itself = p.type in ("Ally", "Conjuration") and a.kind != "play"
        out.append((card.name, edition, "play" if a.kind == "play" else str(a.index), *got, itself))
    return tuple(out)


def test_the_class_holds_real_cards():
    found = triggers()
    assert len(found) >= 35
    assert sum(1 for *_, checkable, _ in found if checkable) >= 12
    assert {"Bravery", "Particle Shield", "Rin's Fury", "Golden Veil"} <= {c for c, *_ in found}


@pytest.mark.parametrize(("card", "edition", "ability", "side", "kind", "checkable", "itself"), triggers())
def test_a_trigger_about_a_unit_of_a_side_is_checked_or_said(card, edition, ability, side, kind, checkable, itself):
    cards = real_cards()
    other = "theirs" if side == "mine" else "mine"
    none = judge(card, edition, cards, ability=ability, units=other)
    if checkable and not (itself and side == "mine"):
        assert none["usable"]["value"] is False
        assert "its trigger" in none["usable"]["why"] and "there is none" in none["usable"]["why"]
        assert "cannot be" in none["summary"]
    else:
        assert "there is none" not in none["usable"]["why"]
        if not checkable and none["usable"]["value"]:
            assert any(i["id"] == "AS-I-trigger-unit" for i in none["interpretations"])
    some = judge(card, edition, cards, ability=ability, units=side)
    assert "there is none" not in some["usable"]["why"]
    silent = judge(card, edition, cards, ability=ability)
    assert "there is none" not in silent["usable"]["why"]
    if silent["usable"]["value"]:
        assert any(i["id"] == "AS-I-trigger-unit" for i in silent["interpretations"])
        assert "its trigger happened" in silent["summary"]
        assert silent["summary"].count(silent["trigger"]["words"][1:30]) == 1   # the trigger is named once
    if kind in ("ally", "conjuration") and checkable and not itself:
        # a named unit of the other kind is no such unit
        wrong = typed_units()["Conjuration" if kind == "ally" else "Ally"]
        typed = judge(card, edition, cards, ability=ability, unit=f"{wrong}@{side}")
        assert typed["usable"]["value"] is False and "are not" in typed["usable"]["why"]


def test_bravery_with_no_unit_of_yours_cannot_be_played():
    a = judge("Bravery", "reborn", real_cards(), units="none", unit="phoenixborn@mine/wounds=2")
    assert a["usable"]["value"] is False and "a unit of yours" in a["usable"]["why"]
    ally = typed_units()["Ally"]
    b = judge("Bravery", "reborn", real_cards(), unit=f"{ally}@mine")
    assert b["usable"]["value"] is True
    assert not any(i["id"] == "AS-I-trigger-unit" for i in b["interpretations"])
