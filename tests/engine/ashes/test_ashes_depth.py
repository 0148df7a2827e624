"""Issue 21, "Ashes in depth": each class of reading checked on several real cards of the shared data (both
editions), never on one card only:
- a part that names what an earlier part chose or did ("that unit", "it", "those units") depends on it, and is
  skipped with that reason when it did not happen; "If you cannot/do not", "Otherwise" happen only when it did not;
- conditions the board decides are decided ("If this destroys at least 2 units" with no units), the others are
  named as assumptions, never taken as met silently;
- target sets as written (a unit or a Phoenixborn, alterations on units, exhausted units, dice, a discard pile),
  with the board inputs that say what is there; a unit's own "when destroyed" ability does not target itself;
- first-edition costs and names written inside the text; placement written on the card; what playing a card
  does includes its "When this comes into play" abilities; a "choose one" card resolves the chosen effect.
"""

from __future__ import annotations

import pytest

from engine.interface import QuestionError
from engine.rulesets.ashes import judge
from tests.engine.ashes.test_ashes_cases import outcomes, real_cards


def part(answer, n):  # type: ignore[no-untyped-def]
    return next(p for p in answer["parts"] if p["n"] == n)


def interpretation_ids(answer):  # type: ignore[no-untyped-def]
    return {i["id"] for i in answer["interpretations"]}


# --- parts that depend on parts -------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "edition", "inputs", "dependents"), [
    ("Freezing Blast", "1e", {}, [2]),                                  # "Remove 2 status tokens from that unit."
    ("Adrenaline Rush", "1e", {}, [2, 3]),                              # "... that unit." / "That unit may ..."
    ("Law of Fear", "1e", {"ability": "play"}, [2]),                    # "Those units add 1 ..."
])
def test_a_back_reference_is_skipped_when_its_antecedent_did_not_happen(card, edition, inputs, dependents):
    a = judge(card, edition, real_cards(), units="none", **inputs)
    assert part(a, 1)["outcome"] == "skipped" and "no legal target" in part(a, 1)["why"]
    for n in dependents:
        p = part(a, n)
        assert (p["depends_on"], p["link"], p["outcome"]) == (1, "refers-back", "skipped")
        assert "part 1" in p["why"] and "did not happen" in p["why"]
    # with a unit to target, the same parts act on what part 1 chose
    b = judge(card, edition, real_cards(), units="mine", **inputs)
    assert all(part(b, n)["outcome"] == "resolves" for n in [1, *dependents])
    assert part(b, dependents[0])["acts_on"] == part(b, 1)["target"] == "a unit of yours"


def test_if_you_cannot_happens_only_when_the_part_before_could_not():
    cards = real_cards()
    # "Exhaust one die in your active pool. If you cannot, place 2 wound tokens on your Phoenixborn."
    with_dice = judge("Dark Reflection", "reborn", cards, ability="War Within")
    assert outcomes(with_dice) == {1: "resolves", 2: "skipped"}
    assert part(with_dice, 2)["link"] == "if-not" and "was done" in part(with_dice, 2)["why"]
    no_dice = judge("Dark Reflection", "reborn", cards, ability="War Within", dice="0")
    assert outcomes(no_dice) == {1: "skipped", 2: "resolves"}
    assert "no die" in part(no_dice, 1)["why"]


def test_if_they_do_not_or_cannot_follows_the_other_players_choice():
    cards = real_cards()
    a = judge("Anguish", "reborn", cards)
    # the controlling player's "may" is their choice: taken as done, and said so
    assert part(a, 2)["optional"] and part(a, 3)["outcome"] == "skipped"
    assert "AS-I-their-choice-2" in interpretation_ids(a)
    b = judge("Anguish", "reborn", cards, decline="2")
    assert part(b, 2)["outcome"] == "declined" and part(b, 3)["outcome"] == "resolves"


def test_if_you_do_not_is_not_if_you_do():
    a = judge("Summon Turtle Guard", "reborn", real_cards(), focus="1", units="theirs")
    assert part(a, 2)["link"] == "if-not" and part(a, 2)["depends_on"] == 1
    assert part(a, 2)["outcome"] == "skipped"
    b = judge("Summon Turtle Guard", "reborn", real_cards(), focus="1", units="theirs", decline="1",
              unit="Turtle Guard@mine")
    assert part(b, 2)["outcome"] == "resolves"
    none = judge("Summon Turtle Guard", "reborn", real_cards(), focus="1", units="theirs", decline="1")
    assert part(none, 2)["outcome"] == "skipped" and "no Turtle Guard of yours" in part(none, 2)["why"]


def test_otherwise_is_the_other_side_of_an_assumed_condition():
    a = judge("Cheat Death", "1e", real_cards())
    assert part(a, 2)["condition"] == "the unit is an ally you control"
    assert "AS-I-cond-2" in interpretation_ids(a)   # named, not silently met
    assert part(a, 3)["link"] == "if-not" and part(a, 3)["outcome"] == "skipped"
    assert part(a, 4)["outcome"] == "skipped"       # "... and draw 1 card": the same "Otherwise" sentence


def test_if_this_destroys_at_least_two_units_is_decided_by_the_board():
    cards = real_cards()
    empty = judge("Cataclysm", "reborn", cards, units="none")
    assert part(empty, 1)["outcome"] == "resolves"   # "all units and Phoenixborn": a Phoenixborn is always there
    assert part(empty, 2)["outcome"] == "skipped" and "not met" in part(empty, 2)["why"]
    assert part(empty, 2)["depends_on"] == 1
    assert "AS-I-cond-2" not in interpretation_ids(empty)
    one = judge("Cataclysm", "reborn", cards, unit="Gilder@theirs")
    assert part(one, 2)["outcome"] == "skipped"
    some = judge("Cataclysm", "reborn", cards, units="both")
    assert part(some, 2)["outcome"] == "resolves" and "AS-I-cond-2" in interpretation_ids(some)


@pytest.mark.parametrize(("card", "edition", "ability"), [
    ("Summon Fallen", "reborn", "1"),            # "... if it has fewer than 3 status tokens on it."
    ("Deepwater Hammerhead", "1e", "Consume"),   # "If the destroyed unit was an ally, ..."
])
def test_a_condition_the_board_does_not_decide_is_named(card, edition, ability):
    a = judge(card, edition, real_cards(), ability=ability)
    conditioned = [p for p in a["parts"] if p["condition"]]
    assert conditioned
    for p in conditioned:
        assert f"AS-I-cond-{p['n']}" in interpretation_ids(a)


# --- who can be targeted ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "edition", "ability"), [
    ("Guilt Link", "1e", None),
    ("Butterfly Monk", "reborn", "Mend 1"),
])
def test_a_unit_or_phoenixborn_target_with_no_unit_is_a_phoenixborn(card, edition, ability):
    a = judge(card, edition, real_cards(), units="none", **({"ability": ability} if ability else {}))
    p = part(a, 1)
    assert p["outcome"] == "resolves" and p["target"].startswith("a Phoenixborn")


@pytest.mark.parametrize(("card", "ability"), [("Gilder", "Inheritance 1"), ("Nightshade Swallow", "Pacify 1"),
                                               ("Brilliant Thorn", "Inheritance 1")])
def test_a_units_own_when_destroyed_ability_does_not_target_itself(card, ability):
    a = judge(card, "reborn", real_cards(), ability=ability, units="none")
    assert outcomes(a) == {1: "skipped"} and "no legal target" in part(a, 1)["why"]
    assert a["steps"][1]["happens"] is False
    b = judge(card, "reborn", real_cards(), ability=ability, units="theirs")
    assert outcomes(b) == {1: "resolves"}


def test_exhausted_unit_targets_read_what_is_on_the_units():
    cards = real_cards()
    ready = judge("To Shadows", "reborn", cards, unit="Gilder@theirs/status=1")
    assert outcomes(ready) == {1: "skipped"} and "exhausted" in part(ready, 1)["why"]
    tired = judge("To Shadows", "reborn", cards, unit="Gilder@theirs/exhausted")
    assert outcomes(tired) == {1: "resolves"} and part(tired, 1)["target"] == "Gilder (theirs)"
    unknown = judge("Astrea", "reborn", cards, ability="Beguile", units="theirs")   # "target unexhausted unit"
    assert outcomes(unknown) == {1: "resolves"} and "AS-I-fits-1" in interpretation_ids(unknown)


def test_alteration_targets_need_an_alteration_on_a_unit():
    cards = real_cards()
    bare = judge("Transmogrify", "reborn", cards, unit="Gilder@theirs/status=0")
    assert part(bare, 1)["outcome"] == "skipped"
    assert "no unit in play has an alteration" in part(bare, 1)["why"] or "no legal target" in part(bare, 1)["why"]
    cut = judge("Cut the Strings", "reborn", cards, unit="Gilder@mine/alteration=Regress")
    assert part(cut, 2)["target"] == "Regress (on Gilder (yours))"
    empty = judge("Cut the Strings", "reborn", cards, unit="Gilder@mine")
    assert part(empty, 2)["outcome"] in ("skipped", "resolves")
    assert "AS-I-alteration-2" in interpretation_ids(empty)   # not described: assumed, and said


def test_an_empty_discard_pile_skips_what_searches_it():
    a = judge("Encore", "1e", real_cards(), discard="0")
    assert outcomes(a) == {1: "skipped", 2: "skipped", 3: "resolves"}
    assert "discard pile is empty" in part(a, 1)["why"] and part(a, 2)["depends_on"] == 1
    unread = judge("Freezing Blast", "1e", real_cards(), discard="0")   # never looks at it: said, not refused
    assert "discard pile change nothing" in unread["summary"]


def test_x_and_dice_from_the_board():
    a = judge("Rally the Troops", "1e", real_cards(), x="0")
    assert outcomes(a) == {1: "skipped", 2: "skipped", 3: "skipped"}
    assert "X is 0" in part(a, 1)["why"] and "X is 0" in part(a, 3)["why"] and part(a, 2)["depends_on"] == 1
    poor = judge("Phoenix Barrage", "reborn", real_cards(), dice="2")
    assert poor["usable"]["value"] is False and "3 dice" in poor["usable"]["why"]
    no_x = judge("Freezing Blast", "1e", real_cards(), x="2")
    assert no_x["unused_inputs"] == ["The X given changes nothing: Freezing Blast has no X in its text."]


def test_choose_one_resolves_the_chosen_effect_only():
    cards = real_cards()
    a = judge("Future Visions", "1e", cards, ability="2", mode="2")
    modes = {p["mode"]: p["outcome"] for p in a["parts"] if p["mode"]}
    assert modes == {1: "skipped", 2: "resolves"}
    default = judge("Future Visions", "1e", cards, ability="2")
    assert {p["mode"]: p["outcome"] for p in default["parts"] if p["mode"]} == {1: "resolves", 2: "skipped"}
    assert "AS-I-mode" in interpretation_ids(default)
    with pytest.raises(QuestionError, match="offers options 1 to 2"):
        judge("Future Visions", "1e", cards, ability="2", mode="3")


# --- costs, names, placement, play ----------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "edition", "ability", "kinds"), [
    ("Temple Elder", "1e", "Wisdom 1", ["side", "magic"]),            # "[[side]] - 1 [[sympathy: class]]: ..."
    ("Jericho Kill", "1e", "Re-Tool Magic", ["side"]),                # "Re-Tool Magic: [[side]]: ..."
    ("Keepsake", "reborn", "2", ["main", "magic"]),                   # "[[main]], 1 [[illusion:class]]: ..."
    ("Summon Fallen", "1e", "1", ["main", "magic"]),                  # "Main Action - 1 basic die" in the text
])
def test_costs_and_names_written_in_the_text_are_read(card, edition, ability, kinds):
    a = judge(card, edition, real_cards(), ability=ability)
    assert a["ability"]["kind"] == "activated" and a["usable"]["value"] is True
    assert [c["kind"] for c in a["costs"]] == kinds
    assert not part(a, 1)["text"].startswith(("[[", "Main Action", "Side Action"))
    assert all(p["read"] for p in a["parts"])


def test_placement_written_on_the_card():
    cards = real_cards()
    under = judge("Resonance", "reborn", cards, ability="play", spellboard_full=True)
    assert under["usable"]["value"] is True and under["placement"]["zone"].startswith("under a ready spell")
    on_pb = judge("Tranquility", "reborn", cards, ability="play", units="none")
    assert on_pb["usable"]["value"] is True and on_pb["placement"]["zone"].startswith("attached to a Phoenixborn")
    full = judge("Summon Deepwater Hammerhead", "1e", cards, battlefield_full=True)   # "onto the battlefield"
    assert outcomes(full) == {1: "skipped"} and "battlefield is full" in part(full, 1)["why"]
    fallen = judge("Summon Fallen", "reborn", cards, ability="2", battlefield_full=True)  # "Fallen conjurations"
    assert outcomes(fallen) == {1: "resolves", 2: "skipped"}


@pytest.mark.parametrize(("card", "edition", "first"), [
    ("Law of Fear", "1e", "Choose up to 3 target units"),
    ("Augury", "reborn", "Place 3 status tokens on it"),
    ("Changing Winds", "1e", "You may draw 2 cards"),
    ("Anchornaut", "reborn", "You may deal 1 damage to another target unit"),
])
def test_play_includes_when_this_comes_into_play(card, edition, first):
    a = judge(card, edition, real_cards(), ability="play", units="theirs")
    assert a["parts"] and a["parts"][0]["text"].startswith(first)


def test_an_action_spells_own_triggered_ability_is_not_part_of_playing_it():
    cards = real_cards()
    played = judge("Hand Tricks", "1e", cards)
    assert played["ability"]["kind"] == "play" and len(played["parts"]) == 3
    returned = judge("Hand Tricks", "1e", cards, ability="Return 1")
    assert returned["ability"]["kind"] == "reaction" and returned["trigger"]["words"].startswith("When your turn")


def test_a_player_target_is_called_a_player():
    a = judge("Summon Blood Puppet", "1e", real_cards(), target="1=theirs")
    assert part(a, 1)["target"] == "the player (theirs)"
    assert "unit" not in part(a, 1)["target"]


def test_texts_shown_to_players_name_no_command_line_flags():
    cards = real_cards()
    for a in (judge("Summon Gilder", "1e", cards, units="both", cancel_with="Golden Veil"),
              judge("Summon Dread Wraith", "1e", cards, focus="2"),
              judge("Regress", "reborn", cards, units="both", cancel_with="Golden Veil")):
        texts = [i["text"] for i in a["interpretations"]] + [p["why"] for p in a["parts"]]
        assert not any("--" in t for t in texts), texts


# --- the answer in players' words, and what it assumed --------------------------------------------------------

def test_the_summary_leads_and_says_what_happens_in_players_words():
    from engine.rulesets.ashes import QUESTION

    cards = real_cards()
    a = judge("Summon Gilder", "1e", cards, units="none")
    assert a["summary"] == ("Summon Gilder: “Place a Gilder conjuration onto your battlefield” happens; “You may "
                            "deal 1 damage to a target unit” does not happen: no unit to target.")
    assert a["explanation"].split("\n", 1)[0] == a["summary"] == QUESTION.present(a).summary
    veiled = judge("Summon Gilder", "1e", cards, units="theirs", cancel_with="Golden Veil")
    assert veiled["summary"] == "Golden Veil cancels Summon Gilder: none of its effect happens (its cost stays paid)."
    blades = judge("One Hundred Blades", "1e", cards, units="theirs", cancel_with="Golden Veil")
    assert "Golden Veil cannot cancel it." in blades["summary"]
    ally = judge("Anchornaut", "reborn", cards, ability="play")
    # no units named: they are taken to be there, and that is said where the answer starts
    assert ally["summary"].startswith("Playing Anchornaut: ")
    assert "happens to a unit of your choice (yours or theirs) if you choose to" in ally["summary"]
    assert "both players have units in play" in ally["summary"]
    assumed = judge("Cataclysm", "reborn", cards, units="both")
    # what it assumed, in players' words, and never a tally or a part number
    assert assumed["summary"].endswith("Assumed: “this destroys at least 2 units” holds.")
    assert "part " not in assumed["summary"] and "point" not in assumed["summary"]


def test_every_answer_states_what_it_assumed():
    cards = real_cards()
    for a in (judge("Summon Gilder", "1e", cards, units="theirs"),
              judge("Frostback Bear", "reborn", cards),
              judge("Cataclysm", "reborn", cards, units="both", dice="5")):
        assert "\nAssumed" in a["explanation"]
        assert a["assumptions"] == [i["text"] for i in a["interpretations"]] + [
            t for t in a["assumptions"] if t not in [i["text"] for i in a["interpretations"]]]
    gilder = judge("Summon Gilder", "1e", cards, units="theirs")
    assert "You have the dice to pay its cost." in gilder["assumptions"]
    counted = judge("Cataclysm", "reborn", cards, units="both", dice="5")
    assert "You have the dice to pay its cost." not in counted["assumptions"]   # the board said how many
    assert any("destroys at least 2 units" in t for t in counted["assumptions"])


def test_no_cost_boilerplate_on_what_has_no_cost():
    a = judge("Gilder", "reborn", real_cards(), ability="Inheritance 1", units="theirs")
    assert a["costs"] == [] and "dice" not in " ".join(a["assumptions"])


# --- a reaction triggered in the middle of a card (AS10 / AS5) --------------------------------------------------

@pytest.mark.parametrize(("card", "inputs", "reaction", "part_n"), [
    ("Summon Gilder", {"units": "mine"}, "Particle Shield", 2),           # the 1 damage
    ("Phoenix Barrage", {"units": "mine"}, "Particle Shield", 1),         # the first unit damage
])
def test_reborn_pauses_the_card_for_a_triggered_reaction(card, inputs, reaction, part_n):
    a = judge(card, "reborn", real_cards(), reaction=reaction, **inputs)
    r = a["reaction"]
    assert r["applies"] and r["triggered_by"] == part_n and r["event"] == "damage" and "AS10" in r["rules"]
    assert f"right after part {part_n}" in r["when"] and "pauses" in r["when"]
    assert f"{reaction} resolves right after " in a["summary"] and "part " not in a["summary"]


def test_first_edition_reactions_wait_for_the_whole_effect():
    cards = real_cards()
    a = judge("Freezing Blast", "1e", cards, units="theirs", reaction="Particle Shield")
    assert a["reaction"]["applies"] and a["reaction"]["timing"] == "would"
    assert a["reaction"]["when"].startswith("it comes before part 1")
    assert "AS-I-would-1e" in interpretation_ids(a)
    # "after a unit ... comes into play": the Gilder placed by part 1; the first edition waits for part 2
    b = judge("Summon Gilder", "1e", cards, units="theirs", reaction="Ice Trap")
    assert b["reaction"]["triggered_by"] == 1 and b["reaction"]["event"] == "comes into play"
    assert b["reaction"]["when"].startswith("it waits until the whole effect has resolved (after part 2)")
    assert b["other_edition"] is not None and ("Ice Trap resolves right after “Place a Gilder conjuration onto "
                                               "your battlefield”, then the rest of the card") in \
        b["other_edition"]["summary"]


def test_a_reaction_nothing_triggers_says_so():
    a = judge("Summon Gilder", "reborn", real_cards(), units="none", reaction="Particle Shield", decline="2")
    assert a["reaction"]["applies"] is False and "no part that happens here" in a["reaction"]["when"]


# --- classes found by the second blind review (seed 7781) -------------------------------------------------------

@pytest.mark.parametrize(("card", "edition", "ability", "ready", "tired"), [
    ("Retreat", "reborn", None, "skipped", "resolves"),                         # "an exhausted ally you control"
    ("Summon Archasaurus Mount", "1e", None, "resolves", "skipped"),            # "an unexhausted ally you control"
    ("Summon Cerasaurus Mount", "reborn", "1", "resolves", "skipped"),
])
def test_a_unit_of_yours_with_a_state_is_needed_as_written(card, edition, ability, ready, tired):
    more = {"ability": ability} if ability else {}
    none = judge(card, edition, real_cards(), units="none", **more)
    assert part(none, 1)["outcome"] == "skipped" and "of yours is in play" in part(none, 1)["why"]
    assert judge(card, edition, real_cards(), unit="Hammer Knight@mine/status=0", **more)["parts"][0]["outcome"] \
        == ready
    assert judge(card, edition, real_cards(), unit="Hammer Knight@mine/exhausted", **more)["parts"][0]["outcome"] \
        == tired


def test_a_unit_of_yours_besides_the_target_is_needed():
    a = judge("Strange Copy", "reborn", real_cards(), units="theirs")
    assert part(a, 1)["outcome"] == "skipped" and "no unit of yours" in part(a, 1)["why"]
    assert judge("Strange Copy", "reborn", real_cards(), units="both")["parts"][0]["outcome"] == "resolves"


def test_all_opponents_units_need_one_to_affect():
    a = judge("Mist Typhoon", "1e", real_cards(), units="mine")
    assert outcomes(a) == {1: "skipped", 2: "resolves"}
    assert outcomes(judge("Mist Typhoon", "1e", real_cards(), units="theirs")) == {1: "resolves", 2: "resolves"}


def test_that_unit_is_the_latest_unit_put_into_play():
    """"Place an Archasaurus Mount ... and place that ally face down under that unit": the Mount. (With the battlefield
    full, the ally removed by part 1 frees its slot first, AS5: blind round 71031 class 1; none left in the pile is
    what stops the Mount, and "that unit" with it.)"""
    a = judge("Summon Archasaurus Mount", "1e", real_cards(), units="mine", conjurations_left=0)
    assert outcomes(a) == {1: "resolves", 2: "skipped", 3: "skipped"} and part(a, 3)["depends_on"] == 2
    b = judge("Summon Archasaurus Mount", "1e", real_cards(), units="mine", battlefield_full=True)
    assert outcomes(b) == {1: "resolves", 2: "resolves", 3: "resolves"}


def test_an_instruction_after_a_trigger_starting_with_name_is_read():
    a = judge("Imperial Ninja", "1e", real_cards(), ability="Interrogate")
    assert a["ability"]["kind"] == "reaction" and part(a, 1)["text"] == "Name a card."


def test_a_target_opponent_is_an_opponent():
    a = judge("Mind Probe", "1e", real_cards())
    assert part(a, 1)["target"] == "an opponent"


def test_coverage_shows_what_is_read_with_at_least_98_percent_of_parts():
    from engine.rulesets.ashes.coverage import coverage

    report = coverage(real_cards(), lambda card: (), 5)
    for edition in ("reborn", "1e"):
        entry = report["editions"][edition]
        assert entry["parts_read_percent"] >= 98.0, (edition, entry["parts_read_percent"])
        assert entry["costs_unread"] <= 1 and entry["abilities_read"] > 600
        assert {"refers-back", "if-you-do", "to", "if-not"} <= set(entry["links"])
        assert entry["conditions"]["named as an assumption"] > 0
    assert any("% of parts read" in line for line in report["lines"])


# --- classes found by the third blind review (seed 9150) --------------------------------------------------------

@pytest.mark.parametrize(("card", "edition", "ability"), [
    ("Enchanted Violinist", "reborn", "Song of Sorrow"),   # "If that destroyed the unit, ..."
    ("Chained Creations", "reborn", None),                 # "If that destroyed the conjuration, ..."
])
def test_if_that_destroyed_asks_what_the_earlier_part_did(card, edition, ability):
    more = {"ability": ability} if ability else {}
    a = judge(card, edition, real_cards(), units="none", **more)
    assert part(a, 2)["link"] == "result" and part(a, 2)["depends_on"] == 1
    assert outcomes(a)[2] == "skipped" and "part 1" in part(a, 2)["why"]
    b = judge(card, edition, real_cards(), units="theirs", **more)
    assert outcomes(b)[2] == "resolves" and "AS-I-cond-2" in interpretation_ids(b)


def test_that_target_unit_named_by_the_trigger_is_a_target():
    a = judge("Ice Trap", "1e", real_cards())
    assert part(a, 1)["targets"] and a["steps"][1]["happens"] is True
    assert "its trigger names" in a["steps"][1]["detail"]


def test_a_second_instruction_joined_by_and_is_its_own_part():
    a = judge("Nightmare Mount", "1e", real_cards(), ability="Dismount Rider")
    assert [p["text"] for p in a["parts"]][1] == "Dismount that ally." and part(a, 2)["depends_on"] == 1


def test_a_destroyed_trigger_can_come_from_damage_but_not_damage_from_destroy():
    """Reborn rulebook, "Resolving Effects" (AS17): damage places wounds and can destroy; destroying deals none."""
    cards = real_cards()
    a = judge("Phoenix Barrage", "reborn", cards, units="mine", reaction="Shatter Pulse")
    r = a["reaction"]
    assert r["applies"] and r["triggered_by"] == 1 and r["event"] == "destroyed by damage" and "AS17" in r["rules"]
    assert "if that damage destroys the unit" in r["when"]
    b = judge("Ice Trap", "reborn", cards, units="mine", reaction="Particle Shield")   # "Destroy that target unit."
    assert b["reaction"]["applies"] is False and "damage" in b["reaction"]["when"]


@pytest.mark.parametrize(("card", "edition", "ability"), [
    ("Alchemist", "1e", "Create Elixir"),              # "Place a die from your active pool onto this card"
    ("Dark Reflection", "reborn", "War Within"),       # "Exhaust one die in your active pool"
])
def test_no_die_in_the_active_pool_means_nothing_to_take_from_it(card, edition, ability):
    a = judge(card, edition, real_cards(), ability=ability, dice="0")
    assert part(a, 1)["outcome"] == "skipped" and "no die" in part(a, 1)["why"]
    assert judge(card, edition, real_cards(), ability=ability, dice="3")["parts"][0]["outcome"] == "resolves"
