"""Blind round 38331: each class checked over every real card of both editions sharing it (card lists built from the
data by tests/engine/ashes/real.py):
- a plain question (no units named) about an ability that acts on or reads units in play ("a target unit", "each
  unexhausted unit", "all units", "attached to a unit") takes units of both players to be there and says so in its
  first sentence; never "does not happen: no unit" from a board nobody described. Told there are none, it says so
  as fact."""

from __future__ import annotations

from functools import cache

from engine.rulesets.ashes.resolve import needs_units
from tests.engine.ashes.real import ask, every_ability

ASSUMED = "assuming both players have units in play"


# --- a plain question takes units to be in play, and says it ------------------------------------------------------
@cache
def unit_abilities() -> tuple[tuple[str, str, str], ...]:
    """(card, edition, ability) of every ability, not a constant one, whose parts act on or read units in play."""
    return tuple(dict.fromkeys((r.name, r.edition, r.ask) for r in every_ability() if needs_units(r.ability)))


def test_a_plain_question_takes_units_to_be_in_play_and_says_it_first():
    found = unit_abilities()
    names = {c for c, *_ in found}
    assert {"Kneel", "Nature's Wrath", "Harold Westraven", "Shared Sorrow", "Cataclysm"} <= names
    assert len(names) > 250, len(names)
    for card, edition, ability in found:
        a = ask(card, edition, ability=ability)
        if not a["usable"]["value"]:
            continue
        for p in a["parts"]:   # the units a plain question did not describe are never taken as none
            assert not (p["outcome"] == "skipped" and "no unit" in p["why"]
                        and "condition is not met" not in p["why"]), (card, edition, ability, p)
        first = a["summary"].split(": ", 1)[0]
        assert ASSUMED in first or "a unit is in play to attach it to" in a["summary"], (card, a["summary"])
        assert not any(i["id"] == "AS-I-no-units" for i in a["interpretations"]), card


def test_told_there_are_no_units_the_unit_parts_do_not_happen_as_fact():
    for card, edition, ability in unit_abilities():
        a = ask(card, edition, ability=ability)
        targeted = [p["n"] for p in a["parts"] if p["outcome"] == "resolves" and p["target"]
                    and p["target"].startswith("a unit of")]
        if not a["usable"]["value"] or not targeted:
            continue
        none = ask(card, edition, ability=ability, units="none")
        assert ASSUMED not in none["summary"], card
        for n in targeted:
            got = next(p for p in none["parts"] if p["n"] == n)
            assert got["outcome"] != "resolves" or not (got["target"] or "").startswith("a unit of"), (card, got)


def test_each_and_all_units_parts_happen_in_a_plain_question():
    for card, edition in (("Kneel", "reborn"), ("Nature's Wrath", "reborn")):
        a = ask(card, edition)
        assert a["parts"][0]["outcome"] == "resolves" and a["summary"].startswith(f"{card}, {ASSUMED}: ")
        b = ask(card, edition, units="none")
        assert b["parts"][0]["outcome"] == "skipped" and "no unit" in b["parts"][0]["why"]
