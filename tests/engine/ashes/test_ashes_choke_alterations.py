"""Issue 31 item 2, first-edition cancels: Choke (“when an opponent would use a unit or Phoenixborn ability that is
not inexhaustible”) cancels an ability an alteration gives the unit it is attached to (“This unit now has the
following ability: ...”), over every first-edition alteration that gives one; the alteration's own abilities printed
before that line, and inexhaustible ones, are not unit abilities it can cancel."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.resolve import granted_to_unit
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def given_abilities() -> tuple[tuple[str, str, bool], ...]:
    out = []
    for card in real_cards():
        p = printing(card, "1e")
        if p is None or not p.type.endswith("Alteration Spell"):
            continue
        for a in read_abilities(p):
            if a.kind in ("activated", "reaction") and granted_to_unit(p, a):
                out.append((card.name, a.label, a.inexhaustible))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert len(given_abilities()) >= 8


@pytest.mark.parametrize(("card", "ability", "inexhaustible"), given_abilities())
def test_choke_cancels_an_ability_an_alteration_gives_a_unit(card, ability, inexhaustible):
    a = judge(card, "1e", real_cards(), ability=ability, units="both", cancel_with="Choke")
    if not a["usable"]["value"] or not a["parts"]:
        return
    assert a["cancel"]["applies"] is (not inexhaustible), a["cancel"]["why"]
    if not inexhaustible:
        assert "unit ability" in a["cancel"]["why"]
