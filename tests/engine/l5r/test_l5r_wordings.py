"""Wordings of issue 32, item 4, each over every real card that shares it: additional actions in every wording,
standing cost rules and payment changes, delayed effects inside triggered traits, "in the duel's resolution",
reminder text that limits a trait (Courtesy), and "while" inside a trigger."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.conditions import trigger_conditions
from engine.rulesets.l5r.durations import Form
from engine.rulesets.l5r.lifetime import OWN_ENTRY
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()


def _abilities(pattern, kinds=None):
    found = []
    for card in real_cards() if HAVE else ():
        for a in read_card(card):
            if re.search(pattern, a.rules_text) and (kinds is None or a.kind in kinds) and not a.reminder:
                found.append((f"{card.name}#{a.index}", a))
    return found


GRANTS = _abilities(r"\b[Tt]ake (?:two|three|one or two|an|one) additional (?:[\w/]+ ){0,2}?actions?\b",
                    kinds=(Kind.ACTION,))


def test_the_additional_action_class():
    names = {n for n, _ in GRANTS}
    assert {"Unforgivable#1", "Daigotsu Kanpeki, the Shadow Emperor • Experienced 3#2"} <= names or \
        {"Unforgivable#1"} <= names
    assert len(GRANTS) >= 30


@pytest.mark.parametrize(("item", "ability"), GRANTS, ids=[n for n, _ in GRANTS])
def test_every_grant_of_additional_actions_comes_after_its_action(item, ability):
    name = item.split("#")[0]
    answer = order(at=f"after {name} resolves", item=[item])
    assert [e["kind"] for e in answer["order"]] == ["additional"], answer["skipped"]
    assert re.search(r"additional", answer["order"][0]["effects"][0])


COST_RULES = _abilities(r"^When (?:Recruiting|Equipping)\b")


def test_a_standing_cost_rule_is_no_one_time_trait():
    assert {"Respect#1", "Kiyoteru Sensei#2"} <= {n for n, _ in COST_RULES}
    for item, ability in COST_RULES:
        assert ability.kind is Kind.CONTINUOUS, item
        assert duration(card=item)["effect"]["kind"] == "in-play"
    respect = order(at="when you pay the Gold cost to Recruit a Personality", item=["Respect"])
    assert respect["order"][0]["step"] == "A"


PAYMENT_CHANGES = _abilities(r"\bWhen paying for [^,:]+, (?:it|he|she|they) (?:enters?|costs?)", kinds=(Kind.ACTION,))


def test_a_payment_change_lasts_for_that_payment():
    assert {"Temple of Harmony#2", "Akodo Dojo#2", "Exotic Market#2", "Deep Harbor#2", "School of Wizardry#1",
            "Colonial Dojo#1"} <= {n for n, _ in PAYMENT_CHANGES}
    for item, _ in PAYMENT_CHANGES:
        answer = duration(card=item, then=["payment-made"])
        assert answer["effect"]["kind"] == "paying" and answer["persists"] is False, item


ENTRY_RULES = _abilities(r"\b(?:enters?|enter) play (?:for|paying) (?:\d|X|one|two) (?:less|more)",
                         kinds=(Kind.CONTINUOUS,))


@pytest.mark.parametrize(("item", "ability"), ENTRY_RULES, ids=[n for n, _ in ENTRY_RULES])
def test_an_entering_cost_rule_changes_each_payment(item, ability):
    answer = duration(card=item)
    notes = {n["id"] for n in answer["interpretations"]}
    # the card's own entry, named by "This Holding" or by the card's name ("Toshi enters play for 1 less Gold")
    own = OWN_ENTRY.match(ability.rules_text)
    if own:
        assert answer["effect"]["kind"] == "paying" and "own-cost" in notes
    else:
        assert answer["effect"]["kind"] == "in-play" and "standing-cost" in notes


def test_in_the_duels_resolution_lasts_for_the_duel():
    answer = duration(card="Kakita Burei", then=["duel-ends"])
    assert answer["effect"]["kind"] == "duel" and answer["persists"] is False


DELAYED_IN_TRAITS = [(n, a) for n, a in _abilities(r".", kinds=(Kind.TRAIT, Kind.REACTION))
                     if any(t.form is Form.DELAYED_POINT and t.events for t in a.delayed_terms)]


def test_the_class_of_delays_inside_triggered_traits():
    names = {n for n, _ in DELAYED_IN_TRAITS}
    assert {"Watch Commander#1", "Mirumoto Hikaro#2", "Hida Osote#2"} <= names


@pytest.mark.parametrize(("item", "ability"), DELAYED_IN_TRAITS, ids=[n for n, _ in DELAYED_IN_TRAITS])
def test_a_delay_inside_a_trait_is_step_d_at_its_point(item, ability):
    term = next(t for t in ability.delayed_terms if t.form is Form.DELAYED_POINT and t.events)
    word = term.words.split()[0].lower()
    at = f"{word if word in ('before', 'after', 'when') else 'when'} {term.events[0]}"
    answer = order(at=at, item=[item], times="1", by="opponent", active="you")
    assert [e["step"] for e in answer["order"]] == ["D"], (at, answer["skipped"])


COURTESY = [(n, a) for n, a in _abilities(r".") if "Courtesy traits" in a.text and a.timing]


def test_courtesy_is_said_aloud():
    assert len(COURTESY) >= 4
    for item, ability in COURTESY:
        conditions = trigger_conditions(ability.occurrence, "", "", ability.text)
        assert any(c.cls == "reminder" for c in conditions), item
    answer = order(at="when this Holding produces Gold", item=["Slave Pits"])
    assert "you did not go first" in answer["summary"]


def test_while_inside_a_trigger_is_no_condition_of_the_effect():
    for name in ("The Ivory Sword#3", "Explored Territory#1", "The Killing Grounds#1"):
        card, index = name.split("#")
        ability = next(a for c in real_cards() if c.name == card for a in read_card(c) if a.index == int(index))
        assert not any(t.form is Form.WHILE for t in ability.terms), name
        assert any(c.cls == "qualifier" and "while" in c.words for c in trigger_conditions(ability.occurrence)), name
