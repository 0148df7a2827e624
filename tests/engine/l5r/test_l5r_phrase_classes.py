"""Phrase classes of real L5R card text that a blind review found misread, each checked on several real cards
(the Oracle files read where they lie) through `arbiter l5r ... --json`: a quoted ability a card grants, a "can not"
that forbids something else, a trigger written after its effect, a delayed effect at a named point ("Before this
battle resolves", "at the start of your next turn"), "the next time (this turn) A, B, or C", and "paying" that does
or does not change a cost."""

from __future__ import annotations

import pytest

from engine.rulesets.l5r.abilities import Kind, read_text
from tests.engine.l5r.l5r_helpers import ask, refused


def steps(answer):
    return [(e["step"], e["card"] or e["item"]) for e in answer["order"]]


# -- a quoted ability the card grants is an ability of its own, with its own designator and trigger -------------------

@pytest.mark.parametrize(("card", "at", "kind"), [
    ("Severed from the Emperor", "after a Favor action targets your cards", "interrupt"),
    ("Spirit of the Yojimbo", "after another player's action targets one of your Personalities", "reaction"),
    ("Spirit of the Berserker", "after another player's action targets this Personality", "reaction"),
])
def test_a_granted_quoted_ability_answers_its_own_trigger(imported, capsys, card, at, kind):
    answer = ask(capsys, imported, "order", "--at", at, "--item", card, "--item",
                 "reaction:After an action targets a card, gain 1 Honor@opponent")
    first = answer["order"][0]
    # an Interrupt's "after ..." words wait as a delayed effect it made during the action (D); a Reaction is F
    assert (first["card"], first["step"], first["kind"]) == (card, "D" if kind == "interrupt" else "F", kind)
    assert first["text"].startswith(("Repeatable Interrupt:", "Reaction:"))  # the quoted words, not the outer line
    # the other player's Reaction still happens: nothing was negated at step A
    assert [e["controller"] for e in answer["order"]] == ["you", "opponent"] and answer["skipped"] == []


def test_the_granting_line_keeps_its_own_words_and_lengths():
    # Spirit of the Monk: "permanently give him the ability, "Battle: ... Bow him." Otherwise, permanently give him
    # Monk." - the outer Limited action lasts the game; the granted Battle ability is an action of its own.
    text = ('<b>Limited:</b> Choose your performing unbowed Personality: If he is a Monk, permanently give him the '
            'ability, "<b>Battle:</b> Target an enemy Personality without Armor: Bow him." Otherwise, permanently '
            'give him <b>Monk</b>.')
    outer, granted = read_text(text)
    assert outer.kind is Kind.ACTION and [t.form.value for t in outer.terms] == ["game", "game"]
    assert outer.text.startswith("Limited: Choose") and "Bow him" in outer.text  # shown whole
    assert (granted.kind, granted.header, granted.granted) == (Kind.ACTION, "Battle", "give him the ability")


def test_a_can_not_that_forbids_something_else_does_not_negate(imported, capsys):
    # Severed #1 "You cannot win an Honor Victory or control the Imperial Favor" shares "Favor" with the moment
    answer = ask(capsys, imported, "order", "--at", "after a Favor action targets your cards", "--item",
                 "Severed from the Emperor#1", "--item", "reaction:After a Favor action targets a card, draw a card")
    assert steps(answer) == [("F", "reaction: After a Favor action targets a card, draw a card")]
    assert answer["skipped"][0]["why"].startswith("what it forbids (“win an Honor Victory or control the Imperial")
    # a "cannot be destroyed" does negate a destruction at step A (Oracle of the Void • Experienced)
    negated = ask(capsys, imported, "order", "--at", "before the Oracle of the Void is destroyed", "--item",
                  "Oracle of the Void • Experienced", "--item", "reaction:Before a card is destroyed, gain 1 Honor")
    assert [e["step"] for e in negated["order"]] == ["A"] and negated["skipped"][0]["rules"] == ["L6"]


# -- a trigger written after its effect makes a triggered trait ----------------------------------------------------

@pytest.mark.parametrize("text", [
    "Destroy this Spell after it straightens unless this Shugenja is Air.",   # Trick of Moon's Light #1
    "Discard this Follower before it is destroyed.",
    "Gain 1 Honor after this card bows.",
])
def test_a_trailing_trigger_is_a_triggered_trait(text):
    (ability,) = read_text(text)
    assert ability.kind is Kind.TRAIT and ability.timing in ("after", "before")


def test_trick_of_moons_light_delayed_removal_then_its_own_trait(imported, capsys):
    answer = ask(capsys, imported, "order", "--at", "after Trick of Moon's Light straightens", "--item",
                 "Trick of Moon's Light#1", "--item", "Trick of Moon's Light#2")
    assert [(e["step"], e["item"]) for e in answer["order"]] == [("D", "Trick of Moon's Light #2"),
                                                                 ("E", "Trick of Moon's Light #1")]
    assert answer["order"][0]["effects"] == ["Remove the Illusion from the game"]


# -- a delayed effect at a named point of the turn --------------------------------------------------------------------

@pytest.mark.parametrize(("card", "at", "effects"), [
    ("Wedge", "before the battle resolves", ["double his Force and the Force of each Follower in his unit"]),
    ("Elemental Adroitness", "before this phase ends", ["put this Strategy into your hand"]),
    ("Battle Attendants", "after this battle ends", ["Remove it from the game"]),
])
def test_an_actions_effect_at_a_named_point_is_a_delayed_effect(imported, capsys, card, at, effects):
    answer = ask(capsys, imported, "order", "--at", at, "--item", card, "--item", "trait:" + at.capitalize()
                 + ", gain 1 Honor")
    assert [e["step"] for e in answer["order"]] == ["D", "E"] and answer["order"][0]["card"] == card
    assert answer["order"][0]["effects"] == effects


@pytest.mark.parametrize(("card", "events", "states"), [
    # "this battle" inside "Before this battle resolves" is a point, not a length
    ("Wedge", ["action-resolves", "battle-ends"], ["waiting", "fired"]),
    ("Brilliant Victory", ["action-resolves", "phase-ends"], ["waiting", "fired"]),
    ("Elemental Adroitness", ["action-resolves", "battle-ends", "phase-ends"], ["waiting", "waiting", "fired"]),
    # "at the start of your next turn": not at this turn's end, at the next one's start
    ("Boastful Proclamation", ["turn-ends", "turn-ends"], ["waiting", "fired"]),
])
def test_a_named_point_fires_when_its_period_gets_there(imported, capsys, card, events, states):
    answer = ask(capsys, imported, "duration", card, "--then", *events)
    assert answer["effect"]["kind"] == "delayed" and "LD7" not in answer["rules"]
    assert [p["state"] for p in answer["timeline"]] == states


def test_a_trait_opening_with_a_named_point_is_its_trigger_not_a_delay(imported, capsys):
    # Ambush Pits: "Before this battle resolves, bow all Followers ..." - a Terrain's triggered trait
    answer = ask(capsys, imported, "order", "--at", "before this battle resolves", "--item", "Ambush Pits")
    assert [(e["step"], e["item"]) for e in answer["order"]] == [("E", "Ambush Pits #1")]


# -- "the next time (this turn) A, B, or C" --------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "events", "fired_at"), [
    ("Bayushi Shizuka", ["occurs:his controller targets him", "occurs:his controller assigns him"], 1),
    ("Midday Shadow Court#2", ["occurs:an action that he performed ends", "occurs:he is assigned"], 1),
    ("Ceaseless Vigil#2", ["occurs:another player's action would target one of your Personalities"], 1),
])
def test_next_time_lists_fire_on_the_first_of_their_events(imported, capsys, card, events, fired_at):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", *events)
    states = [p["state"] for p in answer["timeline"]]
    assert states[0] == "waiting" and states[fired_at] == "fired"
    assert all(not f.startswith("occurs:(") for f in answer["fires_on"])
    if len(events) > 1:
        assert answer["timeline"][-1]["rule"] == "L11"  # the other event, later, does not fire it again


def test_a_shared_subject_reaches_every_event_of_the_list(imported, capsys):
    answer = ask(capsys, imported, "duration", "Bayushi Shizuka", "--then", "action-resolves", "turn-ends")
    assert answer["fires_on"] == ["occurs:his controller assigns him", "occurs:his controller targets him",
                                  "occurs:his controller resolves an action on a card in his unit"]
    assert answer["state"] == "expired"


# -- "paying": a cost change for that payment, or paying the cost as it is ------------------------------------------

@pytest.mark.parametrize("card", ["Singh Remnants#2", "Kensai's Blade#2", "Spirit of the Blade"])
def test_paying_all_costs_is_not_a_cost_change(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "turn-ends")
    assert answer["effect"]["kind"] != "paying" and "LD1" not in answer["rules"]


@pytest.mark.parametrize("card", ["Moto Rani • Experienced", "Kaeru Contractor#2", "Moto Hailung"])
def test_a_cost_changed_while_paying_lasts_for_that_payment(imported, capsys, card):
    answer = ask(capsys, imported, "duration", card, "--then", "action-resolves", "payment-made")
    assert answer["effect"]["kind"] == "paying" and answer["persists"] is False
    assert answer["timeline"][-1]["rule"] == "LD1"


# -- bad input: one sentence with the choices ------------------------------------------------------------------------

def test_a_kind_that_is_not_one_names_the_kinds(imported, capsys):
    code, err = refused(capsys, imported, "order", "--at", "after a Personality is destroyed", "--item",
                        "bogus:gain 1 Honor")
    assert code == 2 and err.startswith("arbiter: “bogus” is not an item kind; kinds are: negate, conditional")


def test_a_card_without_text_points_to_its_version_with_text(imported, capsys):
    code, err = refused(capsys, imported, "duration", "Moto Rani")
    assert code == 2
    assert err.strip() == "arbiter: Moto Rani has no ability text; its version “Moto Rani • Experienced” has some: " \
                          "name that one."


def test_delayed_effects_at_this_turns_end_share_one_occurrence(imported, capsys):
    # Recruitment Officer "Remove him from the game when this turn ends" and Ashigaru Archers "draw an additional
    # card when this turn ends": two sources at one point (step D), not two cards' own occurrences
    answer = ask(capsys, imported, "order", "--at", "when this turn ends", "--item", "Recruitment Officer",
                 "--item", "Ashigaru Archers")
    assert [(e["step"], e["card"], e["chosen_by"]) for e in answer["order"]] == [
        ("D", "Recruitment Officer", "active player"), ("D", "Ashigaru Archers", "active player")]
    assert all("for the occurrence" not in e["why"] for e in answer["order"])
    assert "L9" in answer["order"][0]["rules"]


@pytest.mark.parametrize(("card", "at"), [
    ("Suspicions", "before your Action Phase begins"),          # "until the game ends, before each of your ..."
    ("Suck the Marrow", "after your Events Phase begins"),       # "Until the game ends, after each Events Phase ..."
    ("Bayushi Rentatsu", "after your turn begins"),              # "after each of your turns begins"
])
def test_each_point_of_play_is_an_indefinite_conditional_effect(imported, capsys, card, at):
    answer = ask(capsys, imported, "order", "--at", at, "--item", card)
    assert [(e["step"], e["card"]) for e in answer["order"]] == [("D", card)]
