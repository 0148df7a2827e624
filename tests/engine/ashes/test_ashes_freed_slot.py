"""Blind round 71031, class 1: parts resolve top to bottom (AS5/AS9), so a part that takes a unit of yours off your
battlefield ("Remove an unexhausted ally you control from play") frees its slot, and a later "If you do, place a
Tusk Mount conjuration onto your battlefield" is placed although the battlefield was full. Checked over every real
ability of both editions with such a part before a part that needs room on your battlefield (derived here)."""

from __future__ import annotations

from functools import cache

from engine.rulesets.ashes.resolve import FREES_SLOT
from tests.engine.ashes.real import ask, every_ability, part


@cache
def freeing() -> tuple[tuple[str, str, str, int, int], ...]:
    """(card, edition, ability, the freeing part, the later part needing room on your battlefield)."""
    out = []
    for r in every_ability():
        parts = r.ability.parts
        for i, x in enumerate(parts):
            if not FREES_SLOT.match(x.text) or x.focus:
                continue
            later = [y for y in parts[i + 1:] if not y.focus and any(
                n.kind == "room" and n.side in ("mine", "any") for n in y.needs)]
            if later:
                out.append((r.name, r.edition, r.ask, x.n, later[0].n))
    return tuple(out)


def test_the_cards_sharing_it():
    names = {c for c, *_ in freeing()}
    assert {"Summon Tusk Mount", "Summon Reaper Mount", "Summon Archasaurus Mount", "Dimona Odinstar"} <= names
    assert len(freeing()) >= 10


def test_a_slot_freed_by_an_earlier_part_is_used():
    checked = 0
    for card, edition, ability, first, later in freeing():
        a = ask(card, edition, ability=ability, battlefield_full=True, units="mine", conjurations_left=3)
        if part(a, first)["outcome"] != "resolves":   # the unit it removes is not there (or not as it asks)
            continue
        got = part(a, later)
        assert "battlefield is full" not in got["why"], (card, edition, got)
        if got["outcome"] == "resolves":
            checked += 1
            assert any("is free" in x for x in got["result"]), (card, got)
    assert checked >= 5


def test_nothing_removed_nothing_freed():
    for card, edition, ability, first, later in freeing():
        a = ask(card, edition, ability=ability, battlefield_full=True, units="theirs", conjurations_left=3)
        if part(a, first)["outcome"] == "resolves":   # it removes this unit itself ("Discard this unit")
            continue
        assert part(a, later)["outcome"] != "resolves", (card, edition)
        assert not any("is free" in x for x in part(a, later)["result"]), (card, edition)
