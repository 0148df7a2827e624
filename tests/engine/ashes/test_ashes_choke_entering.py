"""First-edition Choke ("when an opponent would use a unit or Phoenixborn ability that is not inexhaustible") answers
a unit's "When this unit comes into play" ability the same way whether the question names the ability or just plays
the unit: over every first-edition unit with such an ability."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.abilities import ENTERS, read_abilities
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.resolve import ask_value
from tests.engine.ashes.test_ashes_cases import real_cards


@cache
def entering_units() -> tuple[tuple[str, str, bool], ...]:
    out = []
    for card in real_cards():
        p = printing(card, "1e")
        if p is None or p.type not in ("Ally", "Conjuration"):
            continue
        abilities = read_abilities(p)
        entering = [a for a in abilities if a.kind != "play" and a.trigger is not None and ENTERS.match(a.text)]
        if entering and abilities[0].kind == "play":   # played from hand (a conjuration is asked by its ability)
            out.append((card.name, ask_value(entering[0], abilities), all(a.inexhaustible for a in entering)))
    return tuple(out)


def test_the_class_holds_real_cards():
    assert {"Fire Archer", "Squire"} <= {n for n, *_ in entering_units()} and len(entering_units()) >= 10


@pytest.mark.parametrize(("card", "ability", "inexhaustible"), entering_units())
def test_choke_answers_playing_the_unit_as_it_answers_its_entering_ability(card, ability, inexhaustible):
    played = judge(card, "1e", real_cards(), ability="play", units="both", cancel_with="Choke")
    if not played["parts"]:
        return
    named = judge(card, "1e", real_cards(), ability=ability, units="both", cancel_with="Choke")
    assert played["cancel"]["applies"] == named["cancel"]["applies"] == (not inexhaustible), played["summary"]
    if not inexhaustible:
        assert played["summary"].startswith(f"Choke cancels {card} as it is played")
