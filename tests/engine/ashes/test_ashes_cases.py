"""The worked cases of the seed article and the design doc (shared/design/ashes-resolution.md) as scenario
tests, in the edition they belong to (first edition: the seed dates from 2016), each also saying what Reborn
does. Every case runs on the starter set (our own words) AND on the real card texts of both public sources,
so the answer comes from reading the words, not from the starter's paraphrase."""

from __future__ import annotations

from functools import cache

import pytest

from engine.rulesets.ashes import judge
from engine.rulesets.ashes.sources import SOURCES
from tests.shared_paths import require_shared


@cache
def real_cards():  # type: ignore[no-untyped-def]
    root = require_shared("ashes")
    return tuple(SOURCES.parse({rel: (root / rel).read_text(encoding="utf-8") for rel in SOURCES.files}))


@pytest.fixture(params=["starter", "real"])
def cards(request):  # type: ignore[no-untyped-def]
    return None if request.param == "starter" else real_cards()


def outcomes(answer):  # type: ignore[no-untyped-def]
    return {p["n"]: p["outcome"] for p in answer["parts"]}


def test_gilder_with_full_battlefield_still_deals_the_damage(cards):
    a = judge("Summon Gilder", "1e", cards, battlefield_full=True, units="theirs")
    assert a["usable"]["value"] is True
    assert outcomes(a) == {1: "skipped", 2: "resolves"}
    assert "battlefield is full" in a["parts"][0]["why"]
    assert {"AS5", "AS3"} <= set(a["rules"])
    assert a["other_edition"] is None  # Reborn reads the same here
    assert "Under reborn: the same answer." in a["explanation"]


def test_gilder_with_no_units_skips_the_damage_in_1e_but_not_in_reborn(cards):
    a = judge("Summon Gilder", "1e", cards, units="none")
    assert outcomes(a) == {1: "resolves", 2: "skipped"}
    assert "no legal target" in a["parts"][1]["why"]
    assert a["steps"][1]["name"] == "choose-targets" and "before any part resolves" in a["steps"][1]["detail"]
    # the seed: with no legal target when it is used, the "Choose Targets" step is skipped
    assert a["steps"][1]["happens"] is False
    # Reborn: one effect at a time, so the Gilder just placed can be the target (an interpretation, flagged)
    assert a["other_edition"]["ruleset"] == "reborn"
    assert a["other_edition"]["summary"] == ("“Place a Gilder conjuration onto your battlefield” happens; "
                                             "“You may deal 1 damage to a target unit” happens.")
    reborn = judge("Summon Gilder", "reborn", cards, units="none")
    assert outcomes(reborn) == {1: "resolves", 2: "resolves"}
    assert any(i["id"] == "AS-I-reborn-targets" for i in reborn["interpretations"])


def test_phoenix_barrage_with_no_units_only_hits_the_phoenixborn(cards):
    a = judge("Phoenix Barrage", "1e", cards, units="none")
    assert outcomes(a) == {1: "skipped", 2: "resolves"}
    assert a["parts"][0]["targets"] and a["parts"][1]["targets"]
    assert a["placement"]["zone"] == "discard pile"
    # Reborn's printing has two 2-damage unit parts: both skipped, the Phoenixborn part resolves
    assert a["other_edition"]["summary"] == ("“Deal 2 damage to a target unit” does not happen: no unit to target; "
                                             "“Deal 2 damage to a target unit” does not happen: no unit to target; "
                                             "“Deal 2 damage to a target Phoenixborn” happens.")


def test_golden_veil_cancels_all_of_summon_gilder_in_1e(cards):
    a = judge("Summon Gilder", "1e", cards, units="theirs", cancel_with="Golden Veil")
    assert a["cancel"]["applies"] is True
    assert outcomes(a) == {1: "cancelled", 2: "cancelled"}
    assert a["steps"][0]["happens"] is True            # the cost stays paid
    assert a["parts"][1]["target"] == "a unit of theirs"  # the target stays chosen
    assert "AS6" in a["rules"]
    # Reborn's Golden Veil reacts after the target is chosen: the Gilder is already placed
    assert a["other_edition"]["summary"].startswith("“Place a Gilder conjuration onto your battlefield” happens; "
                                                    "“You may deal 1 damage to a target unit” is cancelled")


def test_golden_veil_cannot_cancel_one_hundred_blades(cards):
    a = judge("One Hundred Blades", "1e", cards, units="theirs", cancel_with="Golden Veil")
    assert a["cancel"]["applies"] is False
    assert "target Phoenixborn" in a["cancel"]["why"]
    assert [p["targets"] for p in a["parts"]] == [True, False, False]
    assert outcomes(a) == {1: "resolves", 2: "resolves", 3: "resolves"}
    assert a["other_edition"] is None


def test_dread_wraith_focused_twice_with_both_wraiths_out(cards):
    a = judge("Summon Dread Wraith", "1e", cards, focus="2", conjurations_left="0")
    assert a["steps"][0]["happens"] is True
    assert outcomes(a) == {1: "skipped", 2: "resolves"}
    assert "none left" in a["parts"][0]["why"]
    assert a["other_edition"] is None


def test_dread_wraith_focus_part_with_a_named_wraith(cards):
    a = judge("Summon Dread Wraith", "1e", cards, focus="2", unit=["Dread Wraith@mine"], battlefield_full=True)
    assert outcomes(a) == {1: "skipped", 2: "resolves"}
    a = judge("Summon Dread Wraith", "1e", cards, focus="2", battlefield_full=True)
    assert outcomes(a) == {1: "skipped", 2: "skipped"}
    assert "no Dread Wraith of yours is in play" in a["parts"][1]["why"]


def test_empower_1e_written_costs_and_optional_parts(cards):
    a = judge("Empower", "1e", cards, ability="1", units="both", focus="1", decline=["2"])
    kinds = [c["kind"] for c in a["costs"]]
    assert kinds == ["magic", "exhaust"]          # "spend 1 basic and place 1 exhaustion token on this spell"
    assert a["trigger"] == {"words": "After a player has declared attackers", "timing": "after"}
    assert a["parts"][0]["targets"] and not a["parts"][0]["optional"]
    by_n = {p["n"]: p for p in a["parts"]}
    assert by_n[2]["optional"] and by_n[2]["outcome"] == "declined"
    assert by_n[3]["outcome"] == "skipped"         # "If you do, discard": the draw was declined
    assert by_n[4]["optional"] and by_n[4]["outcome"] == "resolves"  # the Focus line's choice is separate
    assert by_n[5]["outcome"] == "resolves" and by_n[5]["depends_on"] == 4


def test_cancel_never_undoes_cost_or_placement_of_a_played_card(cards):
    a = judge("Phoenix Barrage", "1e", cards, units="theirs", cancel_with="Golden Veil")
    assert a["cancel"]["applies"] is True
    assert a["steps"][0]["happens"] and a["steps"][2]["happens"]
    assert a["placement"]["zone"] == "discard pile"
    assert set(outcomes(a).values()) == {"cancelled"}


def test_choke_cancels_a_unit_ability_in_1e_only(cards):
    a = judge("Blood Puppet", "1e", cards, ability="Self Inflict 1", cancel_with="Choke")
    assert a["cancel"]["applies"] is True and outcomes(a) == {1: "cancelled"}
    r = judge("Blood Puppet", "reborn", cards, ability="Self Inflict 1", cancel_with="Choke")
    assert r["cancel"]["applies"] is False and "cancels nothing" in r["cancel"]["why"]
    assert r["other_edition"]["ruleset"] == "1e"


def test_attaching_an_alteration_targets_in_reborn_only(cards):
    r = judge("Root Armor", "reborn", cards, ability="play", units="theirs", cancel_with="Golden Veil")
    assert r["cancel"]["applies"] is True and "AS14" in r["cancel"]["rules"]
    assert r["steps"][1]["happens"] is True and "attaching it targets a unit of theirs" in r["steps"][1]["detail"]
    assert r["placement"]["zone"] == "attached to a unit of theirs"
    assert r["placement"]["controller"].startswith("your opponent") and r["placement"]["owner"] == "you"
    first = judge("Root Armor", "1e", cards, ability="play", units="theirs", cancel_with="Golden Veil")
    assert first["cancel"]["applies"] is False and "does not target" in first["cancel"]["why"]
    assert r["other_edition"]["ruleset"] == "1e" and "Golden Veil does not apply" in r["other_edition"]["summary"]


def test_an_alteration_with_no_unit_in_play_cannot_be_played(cards):
    a = judge("Root Armor", "1e", cards, ability="play", units="none")
    assert a["usable"]["value"] is False and "no unit is in play" in a["usable"]["why"]
    assert not any(s["happens"] for s in a["steps"])


def test_if_you_do_makes_the_first_instruction_effect_not_cost(cards):
    a = judge("Blood Transfer", "1e", cards, units="theirs")
    assert [c["kind"] for c in a["costs"]] == ["side", "exhaust", "magic", "magic"]
    assert "part 1 is effect, not cost" in a["steps"][0]["detail"]
    # "If you do, you may remove 2 wound tokens from another unit you control or remove 1 wound token from your
    # Phoenixborn": a choice of two, each hanging on part 1
    assert [(p["n"], p["outcome"]) for p in a["parts"]] == [(1, "skipped"), (2, "skipped"), (3, "skipped")]
    assert "no legal target" in a["parts"][0]["why"]
    taken = [p for p in a["parts"][1:] if not p["why"].startswith("not chosen")]
    assert len(taken) == 1 and "only if part 1 was done" in taken[0]["why"]


def test_golden_veil_cancels_the_parts_that_hurt_the_user_too(cards):
    """AS6: a cancel of the whole effect also stops the parts aimed at the user's own unit (Small Sacrifice)."""
    a = judge("Small Sacrifice", "1e", cards, units="both", focus="1", cancel_with="Golden Veil")
    assert a["cancel"]["applies"] is True
    assert set(outcomes(a).values()) == {"cancelled"}
    assert a["parts"][2]["text"].startswith("If both targeted units are unexhausted")  # the condition is shown
    reborn = judge("Small Sacrifice", "reborn", cards, units="both", focus="1", cancel_with="Golden Veil")
    assert outcomes(reborn) == {1: "resolves", 2: "cancelled", 3: "cancelled"}  # Reborn: after part 2 targets


def test_a_declined_part_keeps_its_chosen_target_in_1e(cards):
    """Seed: with only your own units in play, Summon Gilder must target one of them; "may" is about dealing it."""
    a = judge("Summon Gilder", "1e", cards, units="mine", decline=["2"])
    part = a["parts"][1]
    assert part["outcome"] == "declined" and part["target"] == "a unit of yours"
    assert "its target was still chosen" in part["why"]
    assert a["parts"][0]["outcome"] == "resolves"


def test_an_ability_without_an_action_cost_says_so(cards):
    a = judge("Anchornaut", "1e", cards, ability="Throw 1", units="theirs")
    assert [c["kind"] for c in a["costs"]] == ["exhaust"]
    assert "costs no action" in a["usable"]["why"] and "AS16" in a["rules"]
    assert a["other_edition"]["ruleset"] == "reborn"  # Reborn's Throw is a "comes into play" reaction


def test_a_conjuration_for_a_target_player_needs_room_on_that_battlefield(cards):
    full_mine = judge("Summon Blood Puppet", "1e", cards, battlefield_full=True, target=["1=player@mine"])
    assert full_mine["parts"][0]["outcome"] == "skipped" and "no room" in full_mine["parts"][0]["why"]
    theirs = judge("Summon Blood Puppet", "1e", cards, battlefield_full=True, target=["1=player@theirs"])
    assert theirs["parts"][0]["outcome"] == "resolves"
    assert "controlled by the player whose battlefield it goes to" in theirs["parts"][0]["why"]
