"""Every worked case of the L5R seed (the Timing page) and of the design doc, through `arbiter l5r ... --json`
(the real matcher, catalog and starter set), plus one case per step A-F and per duration form."""

from __future__ import annotations

import pytest

from tests.cli_helpers import new_db
from tests.engine.l5r.l5r_helpers import ask, order_items, refused


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "cards.db"
    new_db(path)
    return path


# --- the design doc's worked cases (seed 004) ---------------------------------------------------------------

def test_after_one_step_ends_comes_before_the_next_begins(db, capsys):
    answer = ask(capsys, db, "order", "--compare", "before your End Phase begins", "after your Dynasty Phase ends")
    assert answer["compare"]["first"] == "after your Dynasty Phase ends"
    assert answer["compare"]["second"] == "before your End Phase begins"
    assert answer["compare"]["rules"] == ["L3"] and answer["rules"] == ["L3"]
    assert answer["order"] == [] and answer["moment"] is None


def test_a_while_bonus_starts_at_the_when_point_of_bowing(db, capsys):
    answer = ask(capsys, db, "duration", "--text", "This card has +2F while bowed.", "--then", "condition-true")
    assert answer["effect"]["kind"] == "while"
    first = answer["timeline"][0]
    assert (first["persists"], first["effective"], first["rule"]) == (True, True, "L4")
    assert "when-point" in first["why"]
    order = ask(capsys, db, "order", "--at", "when this card bows", "--item",
                "conditional:This card has +2F while bowed", "--item", "reaction:After this card bows, gain 1 Honor")
    assert [(e["step"], e["kind"]) for e in order["order"]] == [("B", "conditional")]
    assert "L4" in order["order"][0]["rules"]
    assert order["skipped"][0]["item"] == "reaction: After this card bows, gain 1 Honor"
    assert "later than this “when” moment" in order["skipped"][0]["why"]


def test_two_delayed_effects_of_one_source_each_resolve_whole(db, capsys):
    effect = "delayed:Akodo Kano:After he assigns, dishonor him and his controller loses 2 Honor"
    answer = ask(capsys, db, "order", "--at", "after he assigns", "--item", effect, "--item", effect)
    assert [e["step"] for e in answer["order"]] == ["D", "D"]
    assert [step for e in answer["order"] for step in e["effects"]] == [
        "dishonor him", "his controller loses 2 Honor", "dishonor him", "his controller loses 2 Honor"]
    assert {"L6", "LD6"} <= set(answer["rules"])


@pytest.mark.parametrize("first", [0, 1])
def test_two_personalities_destroyed_at_once_the_active_player_picks(db, capsys, first):
    # Each Personality's destruction is its own occurrence: the active player decides whether the Reactions and
    # traits of A's destruction come before or after those of B's (Timing page example), so B's trait does not
    # jump ahead of A's Reaction just because traits are step E.
    effects = ["reaction:Before Akodo Kano is destroyed, gain 1 Honor",
               "trait:Before Bayushi Kachiko is destroyed, lose 1 Honor@opponent"]
    listed = effects if first == 0 else effects[::-1]
    answer = ask(capsys, db, "order", "--at", "before a Personality is destroyed", "--active", "opponent",
                 *[arg for t in listed for arg in ("--item", t)])
    assert order_items(answer) == [t.split("@")[0].replace(":", ": ", 1) for t in listed]
    assert [e["step"] for e in answer["order"]] == (["F", "E"] if first == 0 else ["E", "F"])
    assert all(e["chosen_by"] == "active player" and "L9" in e["rules"] for e in answer["order"])
    assert "“Akodo Kano”" in answer["order"][first]["why"] and "your opponent" in answer["order"][0]["why"]
    same = ask(capsys, db, "order", "--at", "before a Personality is destroyed", "--item",
               "trait:Before a Personality is destroyed, gain 1 Honor", "--item",
               "reaction:Before a Personality is destroyed, draw a card")
    assert [e["step"] for e in same["order"]] == ["E", "F"]  # one occurrence: steps A-F decide


def test_next_time_joined_by_or_fires_on_the_first_only(db, capsys):
    text = "After the next time this turn he assigns to attack or moves to an attacking army, dishonor him."
    answer = ask(capsys, db, "duration", "--text", text, "--then", "occurs:he assigns to attack",
                 "occurs:he moves to an attacking army")
    assert [p["state"] for p in answer["timeline"]] == ["fired", "fired"]
    assert answer["timeline"][1]["rule"] == "L11" and "does not fire again" in answer["timeline"][1]["why"]
    assert "L11" in answer["rules"]


def test_an_indefinite_conditional_effect_fires_each_time_in_step_d(db, capsys):
    text = "Battle: After each time this turn a Personality assigns, gain 1 Honor."
    answer = ask(capsys, db, "duration", "--text", text, "--then", "action-resolves", "occurs:a Personality assigns",
                 "occurs:a Personality assigns", "turn-ends")
    assert answer["effect"]["kind"] == "each-time"
    assert [(p["persists"], p["state"]) for p in answer["timeline"]] == [
        (True, "waiting"), (True, "fired"), (True, "fired"), (False, "expired")]
    order = ask(capsys, db, "order", "--at", "after a Personality assigns", "--item",
                "trait:After a Personality assigns, draw a card", "--item", "delayed:" + text.split(": ", 1)[1])
    assert [e["step"] for e in order["order"]] == ["D", "E"]


# --- the Timing page's other examples ----------------------------------------------------------------------

def test_can_not_move_home_negates_at_step_a_and_stops_the_rest(db, capsys):
    answer = ask(capsys, db, "order", "--at", "before a unit moves home", "--item",
                 "reaction:Before a unit moves home, gain 1 Honor@opponent", "--item",
                 "negate:This unit can not move home", "--item", "trait:Before a unit moves home, draw a card")
    assert [(e["step"], e["kind"]) for e in answer["order"]] == [("A", "negate")]
    assert sorted(s["item"] for s in answer["skipped"]) == [
        "reaction: Before a unit moves home, gain 1 Honor", "trait: Before a unit moves home, draw a card"]
    assert all("negated the occurrence at step A" in s["why"] for s in answer["skipped"])


def test_a_time_point_fires_even_when_the_occurrence_is_negated(db, capsys):
    answer = ask(capsys, db, "order", "--at", "after armies engage", "--item",
                 "negate:Armies can not engage", "--item", "trait:After armies engage, gain 1 Honor",
                 "--item", "trait:After one or more armies engage, draw a card")
    assert order_items(answer) == ["negate: Armies can not engage", "trait: After armies engage, gain 1 Honor"]
    assert "L5" in answer["order"][1]["rules"]
    assert answer["skipped"][0]["item"] == "trait: After one or more armies engage, draw a card"


def test_next_time_with_no_before_or_after_happens_at_the_when_point(db, capsys):
    delayed = "delayed:The next time he straightens, dishonor him"
    at_when = ask(capsys, db, "order", "--at", "when he straightens", "--item", delayed)
    assert [(e["step"], e["item"]) for e in at_when["order"]] == [("D", "delayed: The next time he straightens, "
                                                                       "dishonor him")]
    at_after = ask(capsys, db, "order", "--at", "after he straightens", "--item", delayed)
    assert at_after["order"] == [] and "earlier than this “after” moment" in at_after["skipped"][0]["why"]


def test_before_would_is_before(db, capsys):
    answer = ask(capsys, db, "order", "--at", "before a Personality would be destroyed", "--item",
                 "trait:Before a Personality is destroyed, gain 1 Honor")
    assert answer["order"][0]["step"] == "E"
    assert any(n["rule"] == "L2" for n in answer["interpretations"])


def test_when_would_changes_a_choice_at_the_when_point(db, capsys):
    answer = ask(capsys, db, "order", "--at", "when another player would assign a unit to attack your province",
                 "--item", "reaction:When another player would assign a unit to attack one of your provinces, you "
                 "may assign it to a different province")
    assert [(e["step"], e["kind"]) for e in answer["order"]] == [("F", "reaction")]


def test_gold_for_one_payment_goes_in_the_payers_order(db, capsys):
    answer = ask(capsys, db, "order", "--at", "when paying a Gold cost", "--payer", "you", "--item", "Seppun Washi",
                 "--item", "gold:Your Stronghold produces 5 Gold", "--item", "Large Farm")
    assert order_items(answer) == ["Seppun Washi", "gold: Your Stronghold produces 5 Gold", "Large Farm"]
    assert {e["chosen_by"] for e in answer["order"]} == {"paying player"}
    assert all(e["rules"][0] == "L7" for e in answer["order"])


def test_reactions_come_in_an_action_round_from_the_active_player(db, capsys):
    # L6 F: the active player has the first opportunity, then each player in turn, whatever order they are listed in
    answer = ask(capsys, db, "order", "--at", "after a Personality is destroyed", "--active", "opponent", "--item",
                 "reaction:After a Personality is destroyed, gain 1 Honor", "--item",
                 "reaction:After a Personality is destroyed, lose 1 Honor@opponent", "--item",
                 "trait:After a Personality is destroyed, draw a card@opponent")
    assert [(e["step"], e["controller"]) for e in answer["order"]] == [("E", "opponent"), ("F", "opponent"),
                                                                        ("F", "you")]
    assert "action round that starts with the active player (your opponent)" in answer["order"][1]["why"]
    assert "opportunity 1 is your opponent’s" in answer["order"][1]["why"]
    assert any(n["id"] == "no-pass" for n in answer["interpretations"])
    # the other order: the active player passed first
    passed = ask(capsys, db, "order", "--at", "after a Personality is destroyed", "--active", "opponent",
                 "--passed", "opponent", "--item", "reaction:After a Personality is destroyed, gain 1 Honor",
                 "--item", "reaction:After a Personality is destroyed, lose 1 Honor@opponent")
    assert [e["controller"] for e in passed["order"]] == ["you", "opponent"]
    assert "after your opponent passed" in passed["order"][0]["why"]
    assert passed["moment"]["passed"] == ["opponent"]
    # alternation: two Reactions each, the active player's first
    four = ask(capsys, db, "order", "--at", "after a Personality is destroyed", "--item",
               "reaction:After a Personality is destroyed, gain 1 Honor@opponent", "--item",
               "reaction:After a Personality is destroyed, gain 2 Honor@opponent", "--item",
               "reaction:After a Personality is destroyed, draw a card", "--item",
               "reaction:After a Personality is destroyed, draw two cards")
    assert [e["controller"] for e in four["order"]] == ["you", "opponent", "you", "opponent"]
    assert [e["item"] for e in four["order"] if e["controller"] == "opponent"] == [
        "reaction: After a Personality is destroyed, gain 1 Honor", "reaction: After a Personality is destroyed, "
        "gain 2 Honor"]


def test_between_turns_the_next_player_is_active(db, capsys):
    answer = ask(capsys, db, "order", "--at", "before the turn begins", "--between-turns", "--active", "opponent",
                 "--item", "reaction:Before the turn begins, gain 1 Honor", "--item",
                 "reaction:Before the turn begins, draw a card@opponent")
    assert answer["moment"]["between_turns"] is True and answer["moment"]["active"] == "opponent"
    assert any(s["rule"] == "L9" and "between turns" in s["decision"] for s in answer["trace"])
    # the player who takes the next turn has the first opportunity
    assert [e["controller"] for e in answer["order"]] == ["opponent", "you"]


# --- one starter card per step A-F and for the granted phase ------------------------------------------------

def test_every_step_from_starter_cards(db, capsys):
    answer = ask(capsys, db, "order", "--at", "after this Follower is destroyed", "--item",
                 "reaction:After this Follower is destroyed, draw a card@opponent", "--item", "Disciples of Ganesh#2",
                 "--item", "rulebook:Put the destroyed Follower in the discard pile",
                 "--item", "additional:an additional Attack Phase", "--item", "delayed:Selfless Politics:After he is "
                 "destroyed, gain 2 Honor", "--item", "Weathered Armor#2")
    assert [e["step"] for e in answer["order"]] == ["C", "D", "E", "F", "additional"]
    assert answer["order"][2]["card"] == "Disciples of Ganesh" and "L8" in answer["order"][2]["rules"]
    assert answer["skipped"][0]["item"] == "Weathered Armor #2"
    assert "action" in answer["skipped"][0]["why"]
    other = ask(capsys, db, "order", "--at", "after this Follower is destroyed", "--item", "Hida Yamadera")
    assert other["order"] == [] and "shares no words with" in other["skipped"][0]["why"]  # asks back
    at_when = ask(capsys, db, "order", "--at", "when this Follower defends", "--item", "Disciples of Ganesh",
                  "--item", "Weathered Armor")
    assert [(e["step"], e["card"]) for e in at_when["order"]] == [("B", "Disciples of Ganesh")]
    assert "does not name this occurrence" in at_when["skipped"][0]["why"]  # Weathered Armor is about moving
    moving = ask(capsys, db, "order", "--at", "when an action would move this Personality", "--item",
                 "conditional:He has +1F while he moves", "--item", "Weathered Armor", "--item", "Disciples of Ganesh")
    assert [(e["step"], e["card"]) for e in moving["order"]] == [("A", "Weathered Armor")]
    why = {s["item"]: s["why"] for s in moving["skipped"]}
    assert "negated the occurrence at step A" in why["conditional: He has +1F while he moves"]
    assert "does not name this occurrence" in why["Disciples of Ganesh #1"]


def test_the_same_copy_cannot_answer_twice(db, capsys):
    answer = ask(capsys, db, "order", "--at", "after this Follower is destroyed", "--item", "Disciples of Ganesh#2",
                 "--item", "Disciples of Ganesh#2")
    assert len(answer["order"]) == 1 and answer["skipped"][0]["rules"] == ["L8"]


# --- every duration form, from starter cards ------------------------------------------------------------------

@pytest.mark.parametrize(("card", "events", "states", "rule"), [
    ("Burning Spirit", ["phase-ends", "turn-ends"], [(True, True, None), (False, False, None)], "LD7"),
    ("The Snow Has Teeth", ["battle-ends"], [(False, False, None)], "LD7"),
    ("A Welcome Reprieve", ["battle-ends", "phase-ends"], [(True, True, None), (False, False, None)], "LD7"),
    ("Inari's Festival", ["turn-ends", "turn-ends"], [(True, True, None), (False, False, None)], "LD7"),
    ("You Walk with Evil", ["turn-ends", "negated"], [(True, True, None), (False, False, None)], "LD2"),
    ("Bayushi Tarou", ["payment-made"], [(False, False, None)], "LD1"),
    ("Disciples of Ganesh", ["condition-false", "condition-true", "leaves-play"],
     [(True, False, None), (True, True, None), (False, False, None)], "L4"),
    ("Selfless Politics", ["action-resolves", "occurs:a Personality attacks you"],
     [(True, False, "waiting"), (False, False, "fired")], "LD3"),
    ("Selfless Politics", ["action-resolves", "turn-ends"], [(True, False, "waiting"), (False, False, "expired")],
     "LD3"),
    ("Haikitsu", ["occurs:an action on his card resolves", "occurs:he attacks you"],
     [(False, False, "fired"), (False, False, "fired")], "L11"),
    ("Ingenuity", ["phase-ends", "turn-ends"], [(True, False, "waiting"), (False, False, "fired")], "LD4"),
    ("Halls of the Forgotten", ["already-happened"], [(False, False, "expired")], "LD4"),
    ("Unexpected Support", ["occurs:it straightens"], [(False, False, "fired")], "LD3"),
    ("Legion of the Fallen", ["turn-ends"], [(True, False, "waiting")], "LD3"),
])
def test_duration_forms(db, capsys, card, events, states, rule):
    answer = ask(capsys, db, "duration", card, "--then", *events)
    assert [(p["persists"], p["effective"], p["state"]) for p in answer["timeline"]] == states
    assert rule in answer["rules"]
    assert answer["effect"]["card"] == card


def test_an_effect_is_made_only_when_its_action_resolves(db, capsys):
    answer = ask(capsys, db, "duration", "Burning Spirit", "--then", "action-announced", "targets-chosen",
                 "action-resolves", "turn-ends")
    assert [p["persists"] for p in answer["timeline"]] == [False, False, True, False]
    negated = ask(capsys, db, "duration", "Burning Spirit", "--then", "action-announced", "negated",
                  "action-resolves")
    assert [p["persists"] for p in negated["timeline"]] == [False, False, False]


def test_a_text_naming_no_length_gets_the_rules_length(db, capsys):
    # LD8: an action's effect naming no length lasts to the end of the turn (not refused); a card's own continuous
    # trait works while the card is in play; where it was made changes neither.
    answer = ask(capsys, db, "duration", "--text", "Give a target Personality +2F.", "--then", "battle-ends",
                 "turn-ends")
    assert answer["effect"]["kind"] == "default-turn" and answer["ends_on"] == "turn-ends"
    assert [p["persists"] for p in answer["timeline"]] == [True, False]
    assert "LD8" in answer["rules"]
    trait = ask(capsys, db, "duration", "--text", "Your Stronghold's abilities have Tireless.", "--then", "turn-ends",
                "leaves-play")
    assert trait["effect"]["kind"] == "in-play" and [p["persists"] for p in trait["timeline"]] == [True, False]
    # where it was made never shortens it (LD8): made in a battle, it still lasts past the battle's end
    asked = ask(capsys, db, "duration", "--text", "Give a target Personality +2F.", "--made-during", "battle",
                "--then", "battle-ends", "turn-ends")
    assert asked["effect"]["kind"] == "default-turn" and [p["persists"] for p in asked["timeline"]] == [True, False]
    assert any(n["id"] == "made-during" for n in asked["interpretations"])
    instant = ask(capsys, db, "duration", "--text", "Bow a target Personality.", "--then", "turn-ends")
    assert instant["effect"]["kind"] == "instant" and instant["persists"] is False


@pytest.mark.parametrize(("argv", "message"), [
    (["order", "--at", "during a battle", "--item", "Large Farm"], "the timing word is one of: before, when, after"),
    (["order", "--at", "after a battle", "--item", "interrupt:Gain 1 Honor"], "is not an item kind; kinds are: "),
    (["order", "--at", "after a battle", "--item", "Large Farm", "--active", "me2"], "--active is one of: you, "
                                                                                       "opponent."),
    (["order", "--item", "Large Farm"], "Items need a moment"),
    (["order", "--compare", "after a battle ends"], "--compare takes exactly two timing points"),
    (["order", "--compare", "after a Personality bows", "before a Holding straightens"], "these two are neither"),
    (["order", "--at", "after a battle", "--item", "Burning Spirit#7"], "#7 is not one of #1-#2"),
    (["duration", "Burning Spirit", "--then", "round-ends"], "Unknown event “round-ends”; events are: "),
    (["duration", "Burning Spirit", "--made-during", "segment"],
     "--made-during is one of: battle, duel, action, phase, turn"),
    (["duration", "Burning Spirit", "--text", "this turn"], "not both"),
])
def test_bad_input_is_one_sentence_with_the_choices(db, capsys, argv, message):
    code, err = refused(capsys, db, *argv)
    assert code == 2 and message in err
    assert err.count("\n") == 1


def test_a_duration_annotation_wins_and_is_flagged(db, capsys):
    from bot.cli import main

    before = ask(capsys, db, "duration", "Burning Spirit", "--then", "battle-ends")
    assert before["effect"]["kind"] == "turn" and before["persists"] is True
    assert main(["cards", "annotate", "Burning Spirit", "--game", "l5r", "--rule", "duration", "--value", "battle",
                 "--part", "2", "--note", "errata", "--db", str(db)]) == 0
    capsys.readouterr()
    after = ask(capsys, db, "duration", "Burning Spirit", "--then", "battle-ends")
    assert after["effect"]["kind"] == "battle" and after["persists"] is False
    assert any("annotated Burning Spirit #2 as lasting “battle”" in n["text"] and "errata" in n["text"]
               for n in after["interpretations"])
    assert main(["cards", "annotate", "Burning Spirit", "--game", "l5r", "--rule", "duration", "--value", "forever",
                 "--part", "2", "--db", str(db)]) == 2
    assert "A duration is one of: turn, battle" in capsys.readouterr().err


def test_a_timing_annotation_wins_and_is_flagged(db, capsys):
    from bot.cli import main

    moment = ("--at", "before this Follower leaves play", "--item", "Disciples of Ganesh#2")
    before = ask(capsys, db, "order", *moment)
    assert before["order"] == [] and before["skipped"][0]["card"] == "Disciples of Ganesh"
    assert main(["cards", "annotate", "Disciples of Ganesh", "--game", "l5r", "--rule", "timing", "--value",
                 "Before this Follower leaves play", "--part", "2", "--db", str(db)]) == 0
    capsys.readouterr()
    after = ask(capsys, db, "order", *moment)
    assert [(e["step"], e["timing"], e["occurrence"]) for e in after["order"]] == [
        ("E", "before", "this Follower leaves play")]
    assert any("annotated Disciples of Ganesh #2 as timed “before this Follower leaves play”" in n["text"]
               for n in after["interpretations"])


def test_the_declared_worked_examples_answer_with_their_rules(db):
    from bot.answers.games import game_answer, game_matcher
    from bot.answers.service import Arbiter
    from engine.interface import examples_of, questions_of
    from engine.registry import find_ruleset

    l5r = find_ruleset("l5r")
    arbiter = Arbiter.open(db)
    expected = {"order": [{"L6", "L8"}, {"L3"}, {"L6", "LD6"}, {"L6", "L9"}],
                "duration": [{"L11"}, {"L4"}, {"L11"}]}
    for question in questions_of(l5r):
        examples = examples_of(question)
        assert len(examples) == len(expected[question.command])
        for inputs, rules in zip(examples, expected[question.command], strict=True):
            full = {p.name: inputs.get(p.name, [] if p.repeat else None) for p in question.params}
            answer = game_answer(game_matcher(arbiter, l5r), l5r, full, "current", command=question.command)
            assert rules <= set(answer["rules"]), (question.command, inputs, answer["rules"])
