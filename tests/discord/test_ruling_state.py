"""The ruling state in a button's custom_id: its owner, its length, and ids from older versions."""

from __future__ import annotations

import pytest

from bot.discord.state import MAX_CUSTOM_ID, MAX_EVENTS, PATTERN, RulingState, StaleButton
from engine.rulesets.redemption import EVENTS, ZONES


def _roundtrip(cid: str) -> tuple[str, RulingState, str | None]:
    match = PATTERN.fullmatch(cid)
    assert match is not None, cid
    return RulingState.parse(match)


def test_longest_custom_id_fits_and_keeps_its_owner():
    state = RulingState("0123456789", ZONES[-1], "previous", "ABCDEFGHI", tuple(EVENTS[-1:]) * MAX_EVENTS,
                        2**64 - 1)
    cid = state.custom_id("ev", EVENTS[-1])
    assert len(cid) <= MAX_CUSTOM_ID
    assert _roundtrip(cid) == ("ev", state, EVENTS[-1])


def test_owner_round_trips_and_older_ids_parse_without_one():
    state = RulingState("0123456789", "territory", "current", "", ("phase-ends",), 80351110224678912)
    assert _roundtrip(state.custom_id("rs")) == ("rs", state, None)
    legacy = state.owned_by(None).custom_id("ev", "round-ends")
    assert "@" not in legacy
    assert _roundtrip(legacy) == ("ev", state.owned_by(None), "round-ends")


def test_an_index_this_version_does_not_know_is_a_stale_button():
    match = PATTERN.fullmatch("arb:ev:0123456789:z:c:-:")
    assert match is not None
    with pytest.raises(StaleButton):
        RulingState.parse(match)


def test_the_table_and_numbered_conditions_round_trip_and_older_ids_have_neither():
    state = RulingState("0123456789", "battle", "current", "", ("condition-false:2", "phase-ends",
                                                                 "condition-true:1"), 42, "theirs", 5)
    cid = state.custom_id("ev", "turn-ends")
    assert "~t5" in cid and len(cid) <= MAX_CUSTOM_ID
    assert _roundtrip(cid) == ("ev", state, "turn-ends")
    half = RulingState("0123456789", "battle", "current", "", (), None, None, 4)
    assert _roundtrip(half.custom_id("rs")) == ("rs", half, None)
    plain = RulingState("0123456789", "battle", "current", "", ("phase-ends",))
    assert "~" not in plain.custom_id("rs")  # ids from before the table existed read the same


def test_a_condition_named_by_a_word_cannot_be_carried():
    with pytest.raises(ValueError):
        RulingState("0123456789", "battle", "current", "", ("condition-false:angel",)).custom_id("rs")
