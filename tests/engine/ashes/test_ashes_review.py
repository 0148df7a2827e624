"""Rules found wrong by a blind judge review (seed 4242, /work/wt/review-ashes.md), each checked on several real
cards read from the shared data (skipped when it is absent):

- a condition asking about what an earlier part did ("If you searched ...", "If you discarded, ...", "If you
  remove at least 1 ...") holds only when that part was done (AS5), and an "If ...," lead-in covers every
  instruction its sentence joins with "and";
- abilities an effect hands out ("gain the following abilities:") are what that part gives, never parts or
  abilities of their own;
- "all units you currently control" are your units, and "that opponent's target Phoenixborn" is theirs.
"""

from __future__ import annotations

from engine.rulesets.ashes import judge
from tests.engine.ashes.test_ashes_cases import outcomes, real_cards


def part(answer, n):  # type: ignore[no-untyped-def]
    return next(p for p in answer["parts"] if p["n"] == n)


def test_if_you_searched_needs_the_search_to_have_happened() -> None:
    cards = real_cards()
    declined = judge("Ritualist", "reborn", cards, ability="Incant", decline="1")
    assert outcomes(declined) == {1: "declined", 2: "skipped", 3: "skipped"}
    assert part(declined, 3)["depends_on"] == 1
    done = judge("Ritualist", "reborn", cards, ability="Incant")
    assert outcomes(done)[3] == "resolves"
    # which pile was searched is still not known: said, not guessed silently
    assert any(i["id"] == "AS-I-cond-3" for i in done["interpretations"])


def test_if_you_remove_at_least_one_follows_the_optional_removal() -> None:
    cards = real_cards()
    a = judge("Summon Mirror Spirit", "reborn", cards, focus="1", units="both", decline="2")
    assert outcomes(a) == {1: "resolves", 2: "declined", 3: "skipped"}
    assert "part 2" in part(a, 3)["why"]
    b = judge("Summon Mirror Spirit", "reborn", cards, focus="1", units="both")
    assert outcomes(b) == {1: "resolves", 2: "resolves", 3: "resolves"}


def test_an_if_lead_in_covers_both_halves_joined_by_and() -> None:
    a = judge("Double Edge", "reborn", real_cards(), units="none")
    assert part(a, 3)["depends_on"] == 2 and part(a, 4)["depends_on"] == 2
    assert outcomes(a) == {1: "resolves", 2: "resolves", 3: "skipped", 4: "resolves"}
    assert part(a, 4)["target"] == "a Phoenixborn of theirs"  # "that opponent's target Phoenixborn"


def test_granted_abilities_are_not_parts_of_their_own() -> None:
    cards = real_cards()
    a = judge("Intercession", "reborn", cards, units="theirs")
    assert [p["n"] for p in a["parts"]] == [1, 2]
    assert "Unit Guard" in part(a, 2)["text"] and "Alert" in part(a, 2)["text"]
    assert outcomes(a) == {1: "skipped", 2: "skipped"}  # no other unit of yours to choose
    sacred = judge("Sacred Ground", "reborn", cards, units="mine")
    assert [p["n"] for p in sacred["parts"]] == [1] and "Armored 1" in part(sacred, 1)["text"]
    # "Armored 1" is what the units gain, not a second ability of the spell: asked by its name, it answers as the
    # ability of the unit given it
    armored = judge("Sacred Ground", "reborn", cards, ability="Armored 1")
    assert armored["ability"]["granted"] is True and armored["summary"].startswith(
        "Armored 1 (which Sacred Ground gives a unit of yours)")
    # an alteration's own "This unit now has the following ability:" lines stay usable abilities
    thaw = judge("Deep Freeze", "reborn", cards, ability="Thaw")
    assert thaw["ability"]["name"] == "Thaw" and outcomes(thaw) == {1: "resolves"}


def test_units_you_currently_control_are_yours() -> None:
    a = judge("Sacred Ground", "reborn", real_cards(), units="theirs")
    assert outcomes(a) == {1: "skipped"} and "yours" in part(a, 1)["why"]
    b = judge("Sacred Ground", "reborn", real_cards(), units="mine")
    assert outcomes(b) == {1: "resolves"}
