"""Reactions read against the units named (seed 31011, E4/R15), over every real card of both editions sharing the
wording:
1. a reaction to "a unit you control is destroyed" (Final Cry and the like) asked with `--reaction`: set off only when
   the damage destroyed a named unit, and it is the reaction of that unit's controller;
2. first edition: a unit's reaction to its own damage waits for the whole effect (AS5); when the effect exhausted the
   unit meanwhile (Meteor: an exhaustion token on each unit), its text is inactive then (AS13) and it does not
   resolve, unless the reaction is inexhaustible."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def destroyed_watchers() -> tuple[tuple[str, str], ...]:
    """(card, edition) for every card whose reaction waits for a unit its player controls to be destroyed."""
    out = []
    for card in real_cards():
        for edition in ("reborn", "1e"):
            p = printing(card, edition)
            if p is None:
                continue
            abilities = [a for a in read_abilities(p) if a.trigger is not None]
            if abilities and re.search(r"\b(?:a|an) (?:unit|ally) you control is destroyed\b",
                                       abilities[0].trigger.words, re.I) and \
                    not re.search(r"attack|battle|counter", abilities[0].trigger.words, re.I):
                out.append((card.name, edition))
    return tuple(out)


def test_the_watchers_class_holds_real_cards():
    assert ("Final Cry", "1e") in destroyed_watchers() and len(destroyed_watchers()) >= 3


@pytest.mark.parametrize(("card", "edition"), destroyed_watchers())
def test_a_reaction_to_a_destroyed_unit_needs_one_destroyed_and_is_its_controllers(card, edition):
    for side, whose in (("theirs", "your opponent's reaction"), ("mine", "your reaction")):
        dead = judge("Freezing Blast", edition, real_cards(), unit=f"Hammer Knight@{side}/wounds=3",
                     target=f"1=Hammer Knight@{side}", reaction=card)
        assert dead["reaction"]["applies"] and whose in dead["reaction"]["when"], dead["summary"]
        assert f"{card} ({whose})" in dead["summary"]
    alive = judge("Freezing Blast", edition, real_cards(), unit="Hammer Knight@theirs/wounds=0",
                  target="1=Hammer Knight@theirs", reaction=card)
    assert not alive["reaction"]["applies"] and "nothing is destroyed" in alive["summary"], alive["summary"]


@cache
def own_damage_reactions_1e() -> tuple[tuple[str, str, bool], ...]:
    """(unit, ability, inexhaustible) for every first-edition unit with a printed life whose reaction answers damage
    to itself (not only an attack's)."""
    out = []
    for card in real_cards():
        p = printing(card, "1e")
        if p is None or p.type not in ("Ally", "Conjuration") or p.life is None or p.life < 3:
            continue
        for a in read_abilities(p):
            words = a.trigger.words if a.trigger else ""
            if a.kind == "reaction" and re.search(r"\bthis unit (?:receives|is dealt|takes) damage\b", words, re.I) \
                    and not re.search(r"attack|guard|block|counter", words, re.I) and not (
                        a.parts and re.match(r"^prevent \d+ damage", a.parts[0].text, re.I)):
                out.append((card.name, a.label, a.inexhaustible))
    return tuple(out)


def test_the_own_damage_class_holds_real_cards():
    assert "Pain Shaman" in {n for n, *_ in own_damage_reactions_1e()}


@pytest.mark.parametrize(("card", "ability", "inexhaustible"), own_damage_reactions_1e())
def test_a_first_edition_reaction_waits_and_an_exhausted_card_does_not_resolve_it(card, ability, inexhaustible):
    a = judge("Meteor", "1e", real_cards(), unit=f"{card}@mine/wounds=0")
    fired = [x for x in a["board_reactions"] if x["card"] == card and x["ability"] == ability]
    assert fired and fired[0]["when"].startswith("after the whole effect"), a["summary"]
    assert bool(fired[0].get("blocked")) != inexhaustible, a["summary"]
    if not inexhaustible:
        assert "the card is exhausted, so its text is inactive and it does not resolve" in a["summary"]
    reborn = printing(next(c for c in real_cards() if c.name == card), "reborn")
    if reborn is not None:   # Reborn: it resolves right after the damage, before anything else happens
        b = judge("Meteor", "reborn", real_cards(), unit=f"{card}@mine/wounds=0", spent="2 divine power")
        assert not any(x.get("blocked") for x in b["board_reactions"]), b["summary"]
