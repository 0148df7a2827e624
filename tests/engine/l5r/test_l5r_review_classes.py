"""Classes a second blind review (fresh seed) found misread, each checked on several real cards (the Oracle files read
where they lie) through `arbiter l5r ... --json`:
- a card's own continuous trait is in force from the start; an action resolving changes nothing of it, except a
  condition "while ... actions are resolving", which that end makes false;
- "While X, negate his destruction / her bowing / the straightening" is an ongoing negation (step A), printed on a
  card or made earlier by an action;
- a bow or a draw beside "you have taken ... this turn" is a one-time change; "give it a strength/Force/Chi bonus" is
  a change that lasts (LD8);
- a delayed effect at "the next Straighten / Events / Action Phase" lies in a later turn; "after the next turn
  begins" comes after one turn end;
- "Take an additional action" at the end of the action granting it comes after the Reactions to that end (LD5).
"""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from tests.engine.l5r.l5r_helpers import ask


def states(answer):
    return [(p["event"], p["persists"], p["effective"]) for p in answer["timeline"]]


# -- a card's own trait is not made by an action ------------------------------------------------------------------

@pytest.mark.parametrize("card", ["Chuda Kaito", "Shugenja Aide", "Usagi Seki, the Untouchable"])
def test_a_trait_while_actions_are_resolving_ends_as_the_action_resolves(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "condition-true", "action-resolves")
    assert answer["effect"]["kind"] == "while"
    assert states(answer) == [("condition-true", True, True), ("action-resolves", True, False)]
    assert answer["timeline"][1]["rule"] == "L4"


@pytest.mark.parametrize(("card", "kind"), [("Bayushi Shibata", "while"), ("Moto Qorin", "while"),
                                            ("Defensive Miko", "in-play")])
def test_an_action_resolving_changes_nothing_of_a_cards_own_trait(imported, capsys, card, kind):
    answer = ask(capsys, imported, "duration", card, "--then", "action-announced", "action-resolves", "turn-ends")
    assert answer["effect"]["kind"] == kind
    assert all(p["persists"] for p in answer["timeline"])  # never "not made yet", never "already ended"
    assert "not made by an action" in answer["timeline"][1]["why"]
    assert answer["timeline"][0]["rule"] is None and answer["timeline"][1]["rule"] is None


# -- "While X, negate ..." is a step A negation ---------------------------------------------------------------------

@pytest.mark.parametrize(("card", "at", "stops"), [
    ("The Mountain's Power", "before this Shugenja is destroyed", "be destroyed"),
    ("Togashi Korimi • Experienced", "before Korimi bows", "bow"),
])
def test_a_printed_while_negate_trait_negates_at_step_a(imported, capsys, card, at, stops):
    answer = ask(capsys, imported, "order", "--at", at, "--item", card, "--item",
                 "reaction:Before a Personality is destroyed or bows: Gain 2 Honor@opponent")
    assert [(e["step"], e["card"], e["kind"]) for e in answer["order"]] == [("A", card, "negate")]
    assert answer["order"][0]["stops"].startswith(stops) and answer["order"][0]["condition"]
    assert [s["item"] for s in answer["skipped"]] == ["reaction: Before a Personality is destroyed or bows: Gain 2 "
                                                       "Honor"]


@pytest.mark.parametrize("card", ["Control", "Rewards of Experience", "Fortress of Lidless Eyes"])
def test_an_actions_lasting_negation_answers_the_occurrence_it_negates(imported, capsys, card):
    answer = ask(capsys, imported, "order", "--at", "before the Personality straightens", "--item", card,
                 "--item", "trait:Before he straightens, gain 1 Honor@opponent")
    assert [(e["step"], e["card"], e["kind"]) for e in answer["order"]] == [("A", card, "negate")]
    assert answer["order"][0]["stops"].startswith("straighten")
    assert len(answer["skipped"]) == 1 and "negated the occurrence at step A" in answer["skipped"][0]["why"]


@pytest.mark.parametrize("card", ["Control", "Rewards of Experience"])
def test_an_actions_negation_does_not_answer_another_occurrence(imported, capsys, card):
    # at a moment its negation does not name, the action is still an action taken in its own time
    other = ask(capsys, imported, "order", "--at", "after a Personality is destroyed", "--item", card)
    assert other["order"] == [] and other["skipped"][0]["kind"] == "action"


# -- one-time changes and changes that last -------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "kind"), [
    ("Daidoji Narizane", "instant"),            # bow ... "Recon actions you have taken this turn"
    ("Daidoji Natsuki#2", "instant"),           # move, straighten ... "must have assigned"
    ("Advanced Intelligence#2", "instant"),     # draw ... "you have taken this battle"
    ("Sniping", "resolving"),                   # "Give it a strength bonus ...": to the one Ranged Attack
    ("Matsu Choiko", "default-turn"),           # "Give Choiko a Force or Chi bonus ..."
    ("Marshal Your Strength", "default-turn"),  # "Force and Chi bonuses equal to ..."
])
def test_one_time_changes_and_bonuses_that_last(imported, capsys, card, kind):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "turn-ends")
    assert answer["effect"]["kind"] == kind
    assert answer["timeline"][0]["persists"] is (kind == "default-turn")  # a change to an Attack ends with it
    assert answer["timeline"][-1]["persists"] is False


def test_a_condition_saying_have_is_not_a_lasting_effect(imported, capsys):
    # Short Season: "If you have not taken an action this phase, put this Event into play": nothing "have" lasts
    answer = ask(capsys, imported, "duration", "Short Season#2")
    assert not [i for i in answer["interpretations"] if "have" in i["text"]]


# -- delayed points in a later turn ---------------------------------------------------------------------------------

def test_the_next_action_phase_lies_in_a_later_turn(imported, capsys):
    answer = ask(capsys, imported, "duration", "Short Season#2", "--then", "action-resolves", "turn-ends",
                 "occurs:the current active player's next Action Phase begins")
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "waiting", "fired"]
    assert answer["timeline"][1]["rule"] == "LD3"


def test_a_delay_to_the_next_straighten_phase_keeps_waiting_past_the_turn(imported, capsys):
    # Unseasonable Weather: "... negate his straightening during his controller's next Straighten Phase"
    answer = ask(capsys, imported, "duration", "--text", "Limited: Negate his straightening during his "
                 "controller's next Straighten Phase.", "--then", "action-resolves", "turn-ends")
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "waiting"]


def test_a_point_later_in_this_turn_still_fires_by_its_end(imported, capsys):
    answer = ask(capsys, imported, "duration", "Eternal Victory Dojo", "--then", "action-resolves", "turn-ends")
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "fired"]


@pytest.mark.parametrize("card", ["Blood of the Preserver", "Kobi Sensei"])
def test_after_the_next_turn_begins_comes_after_one_turn_end(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "turn-ends")
    assert answer["effect"]["kind"] == "delayed"
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "fired"]
    mine = ask(capsys, imported, "duration", "The Blessing", "--then", "action-resolves", "turn-ends", "turn-ends")
    assert [p["state"] for p in mine["timeline"]] == ["waiting", "waiting", "fired"]  # "your next turn": two


# -- an additional action granted by the action that just ended -----------------------------------------------------

@pytest.mark.parametrize("card", ["Proper Equipment", "Startling Kiai", "Dirty Tricks", "Justice of the Crane"])
def test_an_additional_action_comes_after_the_reactions_to_the_end_of_its_action(imported, capsys, card):
    answer = ask(capsys, imported, "order", "--at", f"after {card} resolves", "--item", card, "--item",
                 "reaction:After an action resolves: Gain 1 Honor@opponent")
    assert [(e["step"], e["card"]) for e in answer["order"]] == [("F", None), ("additional", card)]
    assert answer["order"][1]["rules"] == ["LD5"] and answer["skipped"] == []


def test_an_action_described_as_additional_grants_nothing(imported, capsys):
    # Effortless Counterattack answers "a Battle action that was taken as an additional action": a Reaction
    answer = ask(capsys, imported, "order", "--at", "before the resolution of a Battle action", "--item",
                 "Effortless Counterattack")
    assert [(e["step"], e["kind"]) for e in answer["order"]] == [("F", "reaction")]


# -- second review (seed 9091): Focus Effects' delayed points, "has X while ... (this turn)", relative clauses -------

@pytest.mark.parametrize("card", ["Sadamune Blade", "Bar Fight", "Discovering a Conspiracy", "Ceaseless Vigil"])
def test_a_focus_effects_after_this_duel_ends_is_a_delayed_effect(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "duel-ends")
    assert (answer["effect"]["kind"], answer["timeline"][0]["state"]) == ("delayed", "fired")
    order = ask(capsys, imported, "order", "--at", "after this duel ends", "--item", card, "--item",
                "reaction:After a duel ends: Gain 1 Honor@opponent")
    assert [(e["step"], e["card"]) for e in order["order"]] == [("D", card), ("F", None)]


@pytest.mark.parametrize("card", ["See The Many Faces", "Asako Hiribe", "Honor Replaces Rage"])
def test_has_something_while_a_condition_this_turn_ends_with_the_turn(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "condition-true", "turn-ends")
    assert (answer["effect"]["kind"], answer["ends_on"]) == ("while", "turn-ends")
    assert states(answer)[1:] == [("condition-true", True, True), ("turn-ends", False, False)]


@pytest.mark.parametrize("card", ["Mirumoto Yozo • Experienced 2#2", "Shinjo Sihung", "Daidoji Sutebo"])
def test_a_relative_clause_does_not_swallow_the_stat_change(imported, capsys, card):
    # "Give any Personality who performed it +2F": the +2F is the effect, not part of "who performed it"
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "turn-ends")
    assert answer["effect"]["kind"] == "default-turn"
    assert [p["persists"] for p in answer["timeline"]] == [True, False]


@pytest.mark.parametrize("card", ["Komori Taruko", "Lacquered Armor#2", "Moshi Sasako • Experienced"])
def test_a_tireless_reminder_is_no_condition(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card)
    assert answer["effect"]["kind"] == "instant" and not answer["effect"]["durations"]


def test_coverage_counts_keyword_reminders_as_no_length(imported, capsys):
    assert main(["cards", "coverage", "--game", "l5r", "--db", str(imported), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["time_words_not_lengths"]["reminder"] >= 10 and data["unclassified_time_words"] == []


def test_an_actions_while_effect_naming_no_length_ends_with_the_turn(imported, capsys):
    # Kaiu Nakano: "Nakano has +3F while he is in an army and ...": the condition switches it, the turn ends it
    answer = ask(capsys, imported, "duration", "Kaiu Nakano", "--then", "action-resolves", "condition-true",
                 "battle-ends", "turn-ends")
    assert answer["ends_on"] == "turn-ends"
    # (the battle's end ends "in an army": units return home after it, blind 53021 class 1)
    assert states(answer)[2:] == [("battle-ends", True, False), ("turn-ends", False, False)]
    assert answer["timeline"][-1]["rule"] == "LD8"


@pytest.mark.parametrize("card", ["Control", "Rewards of Experience"])
def test_an_actions_effect_while_something_remains_lasts_as_long_as_that(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "condition-true", "turn-ends",
                 "condition-false", "condition-true")
    assert answer["ends_on"] == "condition-false"
    # over, not switched; "at the current battlefield" is over with the turn's battles (blind 53021 class 1)
    over_at = 2 if card == "Rewards of Experience" else 3
    assert [p["persists"] for p in answer["timeline"]] == [True] * over_at + [False] * (5 - over_at)
    assert "while its card is in play" not in answer["timeline"][2]["why"]


# -- third review (seed 5150): places named "this battle", past deeds, lasting negations with a stated length --------

@pytest.mark.parametrize(("card", "kind"), [
    ("Family Dojo#2", "default-turn"),                 # "Give each of your Followers at this battle +1F" (a place)
    ("Shinjo Archers", "instant"),                     # "... if this unit moved this turn" (a past deed)
    ("Moto Baatar", "instant"),                        # "... or he entered play this battle"
    ("Master of Clear Water Dojo", "paying"),         # "if another of your Dojos entered play this turn"
])
def test_a_place_or_a_past_deed_named_with_its_period_states_no_length(imported, capsys, card, kind):
    answer = ask(capsys, imported, "duration", card)
    assert answer["effect"]["kind"] == kind


def test_until_your_third_turn_from_now_ends_lasts_to_that_turns_end(imported, capsys):
    # Distant Expansion (made at the start of your turn): "Provinces destroyed this game" inside its granted trait
    # is card memory; its length is "until your third turn from now ends" - with 2 players, turn end number 7
    answer = ask(capsys, imported, "duration", "Distant Expansion", "--then", *["turn-ends"] * 7)
    assert answer["effect"]["kind"] == "later-turn"
    assert [p["persists"] for p in answer["timeline"]] == [True] * 6 + [False]
    three = ask(capsys, imported, "duration", "Distant Expansion", "--players", "3", "--then", *["turn-ends"] * 10)
    assert [p["persists"] for p in three["timeline"]] == [True] * 9 + [False]


@pytest.mark.parametrize(("card", "at"), [
    ("Accidental Confession", "before the Personality moves to a battlefield"),  # "he will not move ... this turn"
    ("A Quiet Transaction", "before the target moves to a battlefield"),        # "will not move, to battlefields"
    ("Soshi Kodanshi • Experienced", "before the Personality straightens"),      # "he will not straighten this turn"
    ("Isawa Haruge", "before the Personality straightens"),                      # "until the next turn ends"
])
def test_an_actions_negation_for_a_stated_length_negates_at_step_a(imported, capsys, card, at):
    answer = ask(capsys, imported, "order", "--at", at, "--item", card, "--item",
                 "reaction:Before a Personality moves or straightens: Gain 1 Honor@opponent")
    assert [(e["step"], e["card"], e["kind"]) for e in answer["order"]] == [("A", card, "negate")]
    assert len(answer["skipped"]) == 1 and "negated the occurrence at step A" in answer["skipped"][0]["why"]
    # the same negation does not stop what it does not forbid
    other = ask(capsys, imported, "order", "--at", "after a Personality is destroyed", "--item", card)
    assert all(e["step"] != "A" for e in other["order"])


# -- fourth review (seed 6174): the point a delay waits for, "until the next turn ends" --------------------------------

@pytest.mark.parametrize(("card", "end"), [
    ("Halls of the Forgotten", "battle-ends"),          # "Delay its effects on him until after this battle ends"
    ("The Compassion of the Unicorn", "turn-ends"),     # "... until after the next Dynasty Phase begins"
    ("The Courage of the Mantis", "turn-ends"),
    ("Honor Never Falls", "turn-ends"),                 # "... until the end of the turn"
])
def test_a_delay_waits_for_the_point_it_names_and_then_applies(imported, capsys, card, end):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", end)
    assert answer["effect"]["kind"] == "delay"
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "fired"]
    done = ask(capsys, imported, "duration", card, "--then", "action-resolves", "already-happened")
    assert done["timeline"][-1]["state"] == "expired"  # a delay of what already happened does nothing (LD4)


def test_until_the_next_turn_ends_counts_turns_not_your_turns(imported, capsys):
    # Isawa Haruge: "it will not straighten until the next turn ends": over at the second turn end, whoever plays
    for players in ("2", "4"):
        answer = ask(capsys, imported, "duration", "Isawa Haruge", "--players", players, "--then", "action-resolves",
                     "turn-ends", "turn-ends")
        assert [p["persists"] for p in answer["timeline"]] == [True, True, False]
    begins = ask(capsys, imported, "duration", "--text", "Battle: He will not straighten until the next turn begins.",
                 "--then", "action-resolves", "turn-ends")
    assert [p["persists"] for p in begins["timeline"]] == [True, False]


# -- fifth review (seed 2718): tokens stay, a wait's later-turn length, a bare keyword line ---------------------------

@pytest.mark.parametrize("card", ["Knowledge and Power", "Blue Tanuki Bar#2", "Togashi Meiyu", "Red Hunger's Fang#2"])
def test_giving_tokens_is_a_one_time_change_the_tokens_stay(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "turn-ends")
    assert answer["effect"]["kind"] == "instant"  # never "until the end of the turn"
    assert "tokens it gives stay" in answer["summary"]


@pytest.mark.parametrize("card", ["Ritual of Sacrifice", "Unseasonable Weather", "Rumors Travel"])
def test_each_time_until_your_next_turn_begins_ends_with_that_length(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "turn-ends", "turn-ends")
    assert answer["effect"]["kind"] == "each-time"
    assert [p["state"] for p in answer["timeline"]][1:] == ["waiting", "expired"]
    three = ask(capsys, imported, "duration", card, "--players", "3", "--then", *["turn-ends"] * 3)
    assert [p["persists"] for p in three["timeline"]] == [True, True, False]


@pytest.mark.parametrize("card", ["Knowledge and Power", "Banzai!", "Expensive Achievement"])
def test_a_bare_keyword_line_is_not_the_ability_judged(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card)
    assert not answer["effect"]["text"].startswith("Discipline")


@pytest.mark.parametrize("card", ["Moshi Ira", "The Thunderer's Protection#2", "Fearless Heavy Cavalry#2",
                                  "Shosuro Orikasa"])
def test_an_effect_written_before_after_the_action_resolves_waits_for_it(imported, capsys, card):
    # "Give the action's performer -3F after the action resolves", "straighten this Follower after it resolves"
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "occurs:the action resolves")
    assert answer["effect"]["kind"] == "delayed"
    assert [p["state"] for p in answer["timeline"]] == ["waiting", "fired"]


def test_a_reaction_with_a_trailing_wait_still_answers_its_own_trigger(imported, capsys):
    own = ask(capsys, imported, "order", "--at", "after an action targets a card in this unit", "--item", "Moshi Ira")
    assert [(e["step"], e["kind"]) for e in own["order"]] == [("F", "reaction")]
    later = ask(capsys, imported, "order", "--at", "after the action resolves", "--item", "Moshi Ira")
    assert [(e["step"], e["kind"]) for e in later["order"]] == [("D", "delayed")]
