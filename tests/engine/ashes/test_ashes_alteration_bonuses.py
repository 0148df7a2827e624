"""Blind round 53031, class 1: an alteration spell's printed value bonuses ("+1" in its attack box, "+4" life) apply
to the unit it is attached to (AS21; Reborn glossary, "Attach": "its effects and value bonuses"). Before, playing
Inflame said only that the unit has Threatening, and Frozen Crown (no text, +3 attack) "does nothing more".

Checked over every real alteration of both editions that prints a bonus (derived from the data here, never listed
by hand); each expectation is worked from the data's own values: the unit's printed value plus the bonuses of
every alteration the question puts on it."""

from __future__ import annotations

import re
from functools import cache

from engine.rulesets.ashes.bonuses import read_bonuses
from engine.rulesets.ashes.editions import printing
from tests.engine.ashes.real import ask, every_ability, printings, real_cards

HOST = "Iron Worker"   # an ally of both editions with printed attack, life and recover


@cache
def bonused() -> tuple[tuple[str, str, str, tuple[tuple[str, str], ...]], ...]:
    """(card, edition, type, bonuses) of every alteration printing whose data gives signed values."""
    return tuple((c.name, e, p.type, p.bonuses) for c, e, p in printings() if p.bonuses)


def host(edition: str):  # type: ignore[no-untyped-def]
    card = next(c for c in real_cards() if c.name == HOST)
    return printing(card, edition)


def _shown(stat: str, value: str, edition: str, others: tuple[str, ...] = ()) -> str | None:
    """The worked value the answer must say, from the data: printed + each bonus (None: X or unknown)."""
    printed = getattr(host(edition), stat, None)
    adds = [value, *others]
    if printed is None or any(a.upper().endswith("X") for a in adds):
        return None
    return f"{stat} {max(printed + sum(int(a) for a in adds), 0)}: {printed} printed"


def test_the_cards_sharing_it():
    cards = bonused()
    reborn = {c for c, e, _, _ in cards if e == "reborn"}
    # the Reborn count round 53031 gave (28), and first-edition alterations print them too
    assert len(reborn) == 28 and {"Inflame", "Frozen Crown", "Massive Growth", "Shining Hydra Head"} <= reborn
    assert any(e == "1e" for _, e, _, _ in cards)
    # only alterations: a unit's "2" is a value, never a bonus
    assert all("Alteration" in t for _, _, t, _ in cards)
    assert read_bonuses("Ally", {"attack": "+1"}) == ()


def test_playing_one_says_what_it_adds_to_the_unit():
    played = [(c, e, b) for c, e, t, b in bonused() if t == "Alteration Spell"]
    assert len(played) > 20
    for card, edition, bonuses in played:
        a = ask(card, edition, ability="play", unit=f"{HOST}@theirs", target=f"0={HOST}@theirs")
        if not a["usable"]["value"]:   # "can only be attached to a unit you control" and the like: nothing attached
            assert a["bonus"] is None, card
            continue
        assert a["card"]["bonuses"] == dict(bonuses)
        assert a["bonus"]["unit"] == f"{HOST} (theirs)", card
        assert "AS21" in a["rules"], card
        for stat, value in bonuses:
            assert f"{value} {stat}" in a["summary"], (card, a["summary"])
            shown = _shown(stat, value, edition)
            if shown and stat in ("attack", "life", "recover"):
                assert f"{shown} {value}" in a["summary"], (card, a["summary"])
        assert "does nothing more" not in a["summary"], card


def test_the_bonuses_of_alterations_already_on_it_add_up():
    played = [(c, e, b) for c, e, t, b in bonused() if t == "Alteration Spell"
              and all(not v.upper().endswith("X") for _, v in b)]
    for card, edition, bonuses in played:
        a = ask(card, edition, ability="play", unit=f"{HOST}@mine/alteration={card}", target=f"0={HOST}@mine")
        if not a["usable"]["value"]:
            continue
        for stat, value in bonuses:
            shown = _shown(stat, value, edition, (value,))
            if shown and stat in ("attack", "life", "recover"):
                assert f"{shown} {value} ({card}) {value}" in a["summary"], (card, a["summary"])


def test_one_in_play_says_it_too_and_unnamed_units_are_not_worked_out():
    names = {(c, e) for c, e, _, _ in bonused()}
    asked = [r for r in every_ability() if (r.name, r.edition) in names and r.ability.kind == "passive"]
    assert {r.name for r in asked} >= {"Shining Hydra Head", "Inflame"}
    for r in asked:
        a = ask(r.name, r.edition, ability=r.ask, unit=f"{HOST}@mine/alteration={r.name}")
        assert a["bonus"]["unit"] == f"{HOST} (yours)", r.name
        assert all(not row["others"] for row in a["bonus"]["worked"]), r.name   # itself is counted once
        if not a["usable"]["value"] and not a["ability"]["granted"]:   # its constant text: the line says the bonus
            assert f"gets {a['bonus']['words']}" in a["summary"], (r.name, a["summary"])
    a = ask("Inflame", "reborn")
    assert a["bonus"]["unit"] is None and re.search(r"the unit it is on gets \+1 attack\b", a["summary"])
