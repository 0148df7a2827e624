"""The official examples of the Timing page and the glossary entries (Paying, Permanent, Next, Delay, Additional)
that test_l5r_cases.py does not already ask, through `arbiter l5r ... --json` on the starter catalog. Together
the two files ask every example the seed (004) and the glossary entries give; see the checklist at the end."""

from __future__ import annotations

import pytest

from tests.cli_helpers import new_db
from tests.engine.l5r.l5r_helpers import ask, order_items


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "cards.db"
    new_db(path)
    return path


def test_focus_effects_resolving_names_a_time_point_a_definite_focus_effect_does_not(db, capsys):
    # Timing page, time points: "After Focus Effects resolve in a duel:" against "After a Focus Effect resolves:"
    answer = ask(capsys, db, "order", "--at", "after Focus Effects resolve in a duel", "--item",
                 "negate:Focus Effects can not resolve", "--item",
                 "trait:After Focus Effects resolve in a duel, gain 1 Honor", "--item",
                 "trait:After a Focus Effect resolves, draw a card")
    assert order_items(answer) == ["negate: Focus Effects can not resolve",
                                   "trait: After Focus Effects resolve in a duel, gain 1 Honor"]
    assert "L5" in answer["order"][1]["rules"]
    assert answer["skipped"][0]["item"] == "trait: After a Focus Effect resolves, draw a card"


def test_rehonoring_instead_of_honor_gain_is_a_rulebook_effect_at_step_c(db, capsys):
    # Timing page, step C: "rehonoring Personalities instead of Honor gain", after B and before D-F
    answer = ask(capsys, db, "order", "--at", "when a Personality would gain Honor", "--item",
                 "trait:When a Personality would gain Honor, draw a card", "--item",
                 "rulebook:Rehonor the Personality instead of the Honor gain", "--item",
                 "conditional:He has +1F while he gains Honor", "--item",
                 "delayed:The next time a Personality would gain Honor, lose 1 Honor")
    assert [e["step"] for e in answer["order"]] == ["B", "C", "D", "E"]


def test_a_gold_producing_reaction_may_come_before_the_stronghold(db, capsys):
    # Timing page, EXCEPTION on Gold: a gold-producing Reaction before the rulebook-granted Stronghold Gold
    answer = ask(capsys, db, "order", "--at", "when paying a Gold cost", "--item", "Seppun Washi", "--item",
                 "gold:Your Stronghold produces 5 Gold")
    assert order_items(answer) == ["Seppun Washi", "gold: Your Stronghold produces 5 Gold"]
    assert answer["order"][0]["kind"] == "gold" and answer["order"][0]["chosen_by"] == "paying player"


def test_responses_to_a_periods_end_are_not_part_of_the_next_period(db, capsys):
    # Timing page: responses before or after a period are not part of it
    answer = ask(capsys, db, "order", "--compare", "after your Attack Phase begins", "after your Action Phase ends")
    assert answer["compare"]["first"] == "after your Action Phase ends"
    assert "L10" in answer["compare"]["rules"] and "not part of the neighbouring step" in answer["compare"]["why"]


def test_a_triggered_trait_is_not_optional(db, capsys):
    answer = ask(capsys, db, "order", "--at", "after a Personality is destroyed", "--item",
                 "trait:After a Personality is destroyed, lose 1 Honor")
    assert "L8" in answer["order"][0]["rules"] and "not optional" in answer["order"][0]["why"]


def test_next_time_waits_this_turn_unless_it_states_the_game(db, capsys):
    # glossary "Next": a delayed effect waits only the rest of the turn, unless it says "this game"
    turn = ask(capsys, db, "duration", "--text", "Limited: The next time he straightens, dishonor him.", "--then",
               "action-resolves", "turn-ends")
    assert [p["state"] for p in turn["timeline"]] == ["waiting", "expired"] and "LD3" in turn["rules"]
    game = ask(capsys, db, "duration", "--text", "Limited: Negate his next straightening this game.", "--then",
               "action-resolves", "turn-ends", "turn-ends", "occurs:he straightens")
    assert [p["state"] for p in game["timeline"]] == ["waiting", "waiting", "waiting", "fired"]


def test_an_action_counts_as_resolved_while_its_delayed_effect_waits(db, capsys):
    # glossary "Delay": the action has resolved even though its delayed effect has not happened yet
    answer = ask(capsys, db, "duration", "--text", "Battle: After the battle ends, destroy him.", "--then",
                 "action-announced", "action-resolves", "battle-ends")
    assert [p["state"] for p in answer["timeline"]] == ["not yet", "waiting", "fired"]
    assert answer["timeline"][1]["rule"] == "LD4" and "action resolves" in answer["timeline"][1]["why"]


def test_permanent_lasts_the_game_but_negation_still_ends_it(db, capsys):
    # glossary "Permanent(ly)"
    answer = ask(capsys, db, "duration", "--text", "Open: Permanently give him +1F.", "--then", "turn-ends",
                 "game-ends")
    assert [p["persists"] for p in answer["timeline"]] == [True, False]
    negated = ask(capsys, db, "duration", "--text", "Open: Permanently give him +1F.", "--then", "turn-ends",
                  "negated")
    assert [p["persists"] for p in negated["timeline"]] == [True, False] and "LD2" in negated["rules"]


# Checklist, seed 004 (Timing page) and the glossary entries, each asked by a test:
#   "before X would happen" = before X ............ test_l5r_cases::test_before_would_is_before
#   after-end before before-begin (Dynasty/End) .... test_l5r_cases::test_after_one_step_ends_comes_before_the_next_...
#   when: Gold for one payment simultaneous ........ test_l5r_cases::test_gold_for_one_payment_goes_in_the_payers_order
#   when ... would (assign to a different province)  test_l5r_cases::test_when_would_changes_a_choice_at_the_when_point
#   +2F while bowed (when-point) ................... test_l5r_cases::test_a_while_bonus_starts_at_the_when_point_...
#   "The next time he straightens" at the when-point test_l5r_cases::test_next_time_with_no_before_or_after_...
#   time points (armies engage / Focus Effects) .... test_l5r_cases::test_a_time_point_fires_..., this file
#   A: "can not move home" ......................... test_l5r_cases::test_can_not_move_home_negates_at_step_a_...
#   C: rehonoring instead of Honor gain ............ this file
#   D: next time / each time this turn ............. test_l5r_cases::test_an_indefinite_conditional_effect_...
#   D: two delayed effects of one source ........... test_l5r_cases::test_two_delayed_effects_of_one_source_...
#   F: action round from the active player ......... test_l5r_cases::test_reactions_come_in_an_action_round_...
#   Gold EXCEPTION (Reaction before Stronghold) .... this file; test_l5r_order_depth (real cards)
#   traits not optional; same Reaction twice ....... this file; test_l5r_cases::test_the_same_copy_cannot_answer_twice
#   two Personalities destroyed at once ............ test_l5r_cases::test_two_personalities_destroyed_at_once_...
#   between turns: next turn's player is active .... test_l5r_cases::test_between_turns_the_next_player_is_active
#   responses before/after a period ................ this file
#   next/first time "or" (assign or move) .......... test_l5r_cases::test_next_time_joined_by_or_fires_on_the_first_only
#   glossary Paying, Permanent, Next, Delay, Additional: test_l5r_cases::test_duration_forms and
#   test_every_step_from_starter_cards (Additional), this file (Next, Delay, Permanent)
