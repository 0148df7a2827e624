"""Chain syntax, choices, and the engine's behaviour kinds beyond the design doc's worked cases."""

from __future__ import annotations

import pytest

from engine.rulesets.dominion import RawNode, ScenarioError, judge, parse_chain
from engine.rulesets.dominion.evaluate import describe


def answers(chains: list[str], ruleset: str = "current", **kw) -> dict[str, tuple[str, int | None]]:
    verdict = judge(chains, ruleset, **kw)
    return {i.label: describe(i.leave, verdict.extra_turns)[:2] for i in verdict.instances}


def rules(chains: list[str], label: str, ruleset: str = "current") -> list[str]:
    return next(i.rules for i in judge(chains, ruleset).instances if i.label == label)


# --- syntax ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "canonical"), [
    ("Caravan", "Caravan"),
    ("Throne Room>Tactician[ discarded-nothing ]", "Throne Room > Tactician[discarded-nothing]"),
    ("Throne Room > Overlord > Swamp Hag + Archive", "Throne Room > Overlord > Swamp Hag + Archive"),
    ("Captain > - + Throne Room > Caravan", "Captain > nothing + Throne Room > Caravan"),
    ("Captain > (Throne Room > Caravan) + Village", "Captain > (Throne Room > Caravan) + Village"),
    ("Village as Way of the Mouse > Caravan", "Village as Way of the Mouse > Caravan"),
    ("Barge[now/next-turn, deck-empty]", "Barge[now/next-turn, deck-empty]"),
])
def test_chain_text_round_trips(text, canonical):
    assert parse_chain(text).text() == canonical
    assert parse_chain(canonical) == parse_chain(text)


def test_plus_continues_the_innermost_list():
    node = parse_chain("A > B > C + D")
    assert node.children == (RawNode("B", children=(RawNode("C"), RawNode("D"))),)
    node = parse_chain("A > (B > C) + D")
    assert node.children == (RawNode("B", children=(RawNode("C"),)), RawNode("D"))


@pytest.mark.parametrize(("text", "message"), [
    ("", "An empty chain"),
    ("nothing", "must start with a card"),
    ("Throne Room >", "ends too early"),
    ("Throne Room > Caravan +", "ends too early"),
    ("Barge[now", "unclosed"),
    ("Throne Room ) Caravan", "Unexpected"),
    ("nothing[now]", "cannot have choices"),
    ("x" * 501, "at most 500"),
])
def test_syntax_errors_say_what_is_wrong(text, message):
    with pytest.raises(ScenarioError, match=message):
        parse_chain(text)


@pytest.mark.parametrize(("chains", "message"), [
    (["Caravan[met=2]"], "Caravan does not take the choice “met=2”; it takes: removed, not-followed, deck-empty"),
    (["Throne Room > Barge[now/next-turn/now]"], "Barge is played 2 time"),
    (["Barge[now, next-turn]"], "give one of now, next-turn"),
    (["Archive[left=x]"], "left= takes a whole number"),
    (["Throne Room > Caravan + Wharf + Haven"], "Throne Room makes 1 play"),
    (["King's Court > King's Court > King's Court > King's Court > King's Court > Caravan"], "more than 120 cards"),
    (["Nonesuch"], "No Dominion card named"),
])
def test_scenario_errors(chains, message):
    with pytest.raises(ScenarioError, match=message):
        judge(chains, "older-wording")


# --- behaviour kinds ---------------------------------------------------------------------------------

def test_start_of_turn_leavers_keep_their_throne_until_clean_up():
    assert answers(["Throne Room > Conjurer"]) == {"Throne Room": ("next-turn", 1), "Conjurer": ("removed", 1)}
    assert "odd-leaving" in {n.id for n in judge(["Crew"]).trace.interpretations}


def test_removed_duration_discards_its_throne_this_turn():
    assert answers(["Throne Room > Caravan[removed]"]) == {"Throne Room": ("this-turn", 0), "Caravan": ("removed", 0)}
    assert rules(["Throne Room > Caravan[removed]"], "Throne Room") == ["DM11"]
    assert "removed-effects" in {n.id for n in judge(["Caravan[removed]"]).trace.interpretations}


def test_instructions_not_followed_means_no_later_effect():
    assert answers(["Caravan[not-followed]"]) == {"Caravan": ("this-turn", 0)}
    assert rules(["Caravan[not-followed]"], "Caravan") == ["DM2"]


def test_mastermind_chain_can_stay_for_several_turns():
    assert answers(["Mastermind > Mastermind > Caravan"])["Mastermind #1"] == ("turn-N", 3)
    assert answers(["Mastermind > Caravan"]) == {"Mastermind": ("turn-N", 2), "Caravan": ("turn-N", 2)}


@pytest.mark.parametrize(("chain", "expected", "rule"), [
    ("Specialist > Caravan", ("next-turn", 1), "DM6"),
    ("Specialist[gain] > Caravan", ("this-turn", 0), "DM7"),
    ("Scepter > Caravan", ("next-turn", 1), "DM6"),
    ("Daimyo > Caravan", ("next-turn", 1), "DM6"),
    ("Flagship > Caravan", ("next-turn", 1), "DM6"),
    ("Ghost > Caravan", ("turn-N", 2), "DM6"),
    ("Contract > Caravan", ("next-turn", 1), "DM7"),
])
def test_throne_variants_and_single_players(chain, expected, rule):
    first = chain.split(" >")[0].split("[")[0]
    assert answers([chain])[first] == expected
    assert rule in rules([chain], first)


@pytest.mark.parametrize(("chain", "expected"), [
    ("Flagship", ("never", None)),
    ("Flagship[met=0]", ("this-turn", 0)),
    ("Flagship[met=2]", ("turn-N", 2)),
    ("Abundance[never]", ("never", None)),
    ("Search[met=1]", ("removed", 1)),
])
def test_waiting_for_a_condition(chain, expected):
    assert answers([chain])[chain.split("[")[0]] == expected


@pytest.mark.parametrize(("chain", "expected"), [
    ("Archive[left=0]", ("this-turn", 0)),
    ("Archive[left=1]", ("next-turn", 1)),
    ("Crypt[left=4]", ("turn-N", 4)),
    ("Throne Room > Archive[left=2/1]", ("turn-N", 2)),
])
def test_set_aside_cards_one_per_turn(chain, expected):
    assert answers([chain])["Archive" if "Archive" in chain else "Crypt"] == expected


def test_extra_turns():
    assert answers(["Outpost[not-taken]"]) == {"Outpost": ("this-turn", 0)}
    assert answers(["Throne Room > Outpost"]) == {"Throne Room": ("extra-turn", 1), "Outpost": ("extra-turn", 1)}
    assert answers(["Outpost", "Caravan"]) == {"Outpost": ("extra-turn", 1), "Caravan": ("extra-turn", 1)}
    assert answers(["Outpost[skipped]"]) == {"Outpost": ("other-player", None)}
    assert answers(["Outpost"], skip_next_turn=True) == {"Outpost": ("other-player", None)}


def test_a_skipped_normal_turn_does_not_move_next_turn_durations():
    verdict = judge(["Caravan", "Lich"])
    assert describe(verdict.instances[0].leave, verdict.extra_turns)[:2] == ("next-turn", 1)
    assert "skipped-normal-turn" in {n.id for n in verdict.trace.interpretations}


def test_repeated_condition_defaults_and_explicit_values():
    assert rules(["Throne Room > Tactician[discarded]"], "Tactician") == ["DM1"]
    verdict = judge(["Throne Room > Tactician[discarded]"], "prior-throne")
    assert describe(verdict.instances[0].leave, set())[:2] == ("next-turn", 1)  # taken as given
    assert "repeated-condition:Tactician" in {n.id for n in verdict.trace.interpretations}


def test_commanded_cards_are_not_in_play():
    verdict = judge(["Village as Way of the Mouse > Caravan"], "older-wording")
    village, caravan = verdict.instances
    assert village.in_play and not caravan.in_play
    assert village.lent_by is not None and village.lent_by.name == "Way of the Mouse"
    assert "commanded-not-in-play" in {n.id for n in verdict.trace.interpretations}


def test_prince_plays_every_turn_and_never_leaves():
    assert answers(["Prince > Village"]) == {"Prince": ("never", None), "Village": ("next-turn", 1)}


def test_every_step_cites_a_known_rule():
    verdict = judge(["Captain > (Throne Room > Tactician) + Village", "Outpost", "Archive", "Lich"], "older-wording")
    known = {f"DM{i}" for i in range(1, 14)}
    assert {s.rule for s in verdict.trace.steps if s.rule} <= known
    assert all(i.why for i in verdict.instances)


def test_a_command_variant_playing_a_command_is_illegal_not_unreadable():
    verdict = judge(["Band of Misfits > Overlord > Caravan"], "older-wording")
    assert not verdict.legal and verdict.problem_rules == ["DM14"]
    assert "may not play a Command card under any wording" in verdict.problems[0]
