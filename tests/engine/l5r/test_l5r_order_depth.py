"""Order questions read as the Timing page gives them, over real L5R cards (the Oracle files read where they lie),
through `arbiter l5r order --json`: Gold-producing Reactions of every wording in the payer's Gold (L7), ongoing
"will not / may not ... while X" negations at step A with what they stop, a keyword's reminder ability read but not
judged before the card's own, colour text never an effect, several occurrences named in the moment, CARD after
CARD#2, a Repeatable ability and a Reaction to a Reaction."""

from __future__ import annotations

import pytest

from tests.engine.l5r.l5r_helpers import ask


def steps(answer):
    return [(e["step"], e["item"]) for e in answer["order"]]


@pytest.mark.parametrize("card", ["Seppun Washi", "Asahina Keigo", "Coin Pouch#3", "Kenro-ji-jin's Bounty",
                                  "Yasuki Tanimura"])
def test_a_gold_producing_reaction_is_gold_in_the_payers_order(imported, capsys, card):
    # L7: the payer orders all Gold for one payment, a Gold-producing Reaction before the Stronghold's if he likes
    answer = ask(capsys, imported, "order", "--at", "when paying a Gold cost", "--item", card, "--item",
                 "gold:Your Stronghold produces 5 Gold", "--item", "reaction:When paying a Gold cost, gain 1 Honor")
    assert [e["step"] for e in answer["order"]] == ["gold", "gold", "F"]
    assert answer["order"][0]["card"] == card.split("#")[0] and answer["order"][0]["chosen_by"] == "paying player"
    assert any(n["rule"] == "L7" for n in answer["interpretations"])


@pytest.mark.parametrize(("card", "at", "stops"), [
    ("Thunder's Stamina", "before battle resolution bows a card in this unit", "bow cards in this unit"),
    ("Hitomi's Devotion", "before battle resolution destroys a card in this unit", "destroy cards in this unit"),
    ("Raido no Oni#3", "before Raido performs a Battle action", "perform Battle actions"),
    ("Jahan", "before another player plays a Terrain", "play Terrains"),
])
def test_a_negation_while_a_condition_holds_is_step_a(imported, capsys, card, at, stops):
    answer = ask(capsys, imported, "order", "--at", at, "--item", card, "--item",
                 f"trait:{at[0].upper()}{at[1:]}, gain 1 Honor@you")
    assert [e["step"] for e in answer["order"]] == ["A"]
    first = answer["order"][0]
    assert first["kind"] == "negate" and first["stops"] == stops and first["condition"]
    assert answer["skipped"][0]["why"].endswith("negated the occurrence at step A, so nothing that needs it happens")
    assert any(n["id"].startswith("negation-condition") for n in answer["interpretations"])


@pytest.mark.parametrize("card", ["Fearless Devotion", "Mukudori's Wisdom", "Suffer the Consequences"])
def test_a_keyword_reminder_ability_is_read_but_the_printed_one_judged(imported, capsys, card):
    named = ask(capsys, imported, "order", "--at", "after a Personality is destroyed", "--item", f"{card}#1")
    skipped_or_placed = named["order"] + named["skipped"]
    assert skipped_or_placed and skipped_or_placed[0]["kind"] in ("interrupt", "action")
    bare = ask(capsys, imported, "duration", card)
    assert bare["effect"]["ability"] == 2 and not bare["effect"]["text"].startswith("(")


@pytest.mark.parametrize(("card", "flavour"), [("Treasure Hunter", "He plunders enough wealth to retire"),
                                              ("Discovering a Conspiracy#2", "His lord casts him out"),
                                              ("Sandalwood Incense#2", "Meditation begets readiness")])
def test_colour_text_is_never_an_effect(imported, capsys, card, flavour):
    answer = ask(capsys, imported, "order", "--at", "after a battle resolves", "--item", card)
    entry = (answer["order"] or [None])[0]
    effects = entry["effects"] if entry else []
    assert not any(flavour in e for e in effects)


def test_a_moment_naming_one_card_sets_aside_another_cards_occurrence(imported, capsys):
    answer = ask(capsys, imported, "order", "--at", "before Akodo Kano is destroyed", "--item",
                 "reaction:Before Akodo Kano is destroyed, gain 1 Honor", "--item",
                 "trait:Before Bayushi Kachiko is destroyed, lose 1 Honor@opponent")
    assert steps(answer) == [("F", "reaction: Before Akodo Kano is destroyed, gain 1 Honor")]
    assert "an occurrence this moment does not name" in answer["skipped"][0]["why"]


def test_a_moment_naming_two_occurrences_groups_them_in_its_order(imported, capsys):
    answer = ask(capsys, imported, "order", "--at", "before Bayushi Kachiko and Akodo Kano are destroyed",
                 "--item", "reaction:Before Akodo Kano is destroyed, gain 1 Honor", "--item",
                 "trait:Before Bayushi Kachiko is destroyed, lose 1 Honor@opponent")
    assert [e["step"] for e in answer["order"]] == ["E", "F"]  # Kachiko's occurrence first, as the moment says
    assert all(e["chosen_by"] == "active player" for e in answer["order"])
    assert not any(n["id"] == "simultaneous" for n in answer["interpretations"])
    generic = ask(capsys, imported, "order", "--at", "before a Personality is destroyed", "--item",
                  "reaction:Before Akodo Kano is destroyed, gain 1 Honor", "--item",
                  "trait:Before Bayushi Kachiko is destroyed, lose 1 Honor@opponent")
    assert [e["step"] for e in generic["order"]] == ["F", "E"]
    assert any(n["id"] == "simultaneous" for n in generic["interpretations"])


@pytest.mark.parametrize("items", [["Disciples of Ganesh#2", "Disciples of Ganesh"],
                                   ["Disciples of Ganesh", "Disciples of Ganesh#2"],
                                   ["Social Grace#1", "Social Grace"]])
def test_a_card_named_again_without_a_number_is_its_other_ability(imported, capsys, items):
    answer = ask(capsys, imported, "order", "--at", "after this Follower is destroyed",
                 *[a for i in items for a in ("--item", i)])
    labels = [e["item"] for e in answer["order"]] + [s["item"] for s in answer["skipped"]]
    assert len(set(labels)) == 2 and all(s["rules"] != ["L8"] for s in answer["skipped"])


def test_a_repeatable_ability_still_answers_one_occurrence_once(imported, capsys):
    answer = ask(capsys, imported, "order", "--at", "after a Favor action targets your cards", "--item",
                 "Severed from the Emperor#2", "--item", "Severed from the Emperor#2")
    assert len(answer["order"]) == 1 and answer["skipped"][0]["rules"] == ["L8"]
    assert "Repeatable" in answer["skipped"][0]["why"] and "later occurrence" in answer["skipped"][0]["why"]


def test_a_reaction_to_a_reaction_answers_that_later_occurrence(imported, capsys):
    answer = ask(capsys, imported, "order", "--at", "after a Personality is destroyed", "--item",
                 "reaction:After a Reaction resolves, gain 1 Honor", "--item",
                 "reaction:After a Personality is destroyed, draw a card")
    assert [e["item"] for e in answer["order"]] == ["reaction: After a Personality is destroyed, draw a card"]
    assert "a Reaction to a Reaction answers a new occurrence" in answer["skipped"][0]["why"]
    later = ask(capsys, imported, "order", "--at", "after a Reaction resolves", "--item",
                "reaction:After a Reaction resolves, gain 1 Honor")
    assert [e["step"] for e in later["order"]] == ["F"]
