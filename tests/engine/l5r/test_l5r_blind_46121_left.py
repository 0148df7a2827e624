"""Blind round 46121, the classes left from it (direct path), each over every real card sharing the wording.

(3) "After the next action resolves, lose 1 Honor" (and any "after/before the next <occurrence>" that is no period
    and no "next time"): the lead word is the delayed effect's point. It waits for the after-point of that
    occurrence (L4) and is placed at step D there, never read as timed at the when-point (blind 46121 S19).
(4) A card named without #N in a duration question, with occurrences given (occurs:...) that its default ability does
    not wait for but another ability's effect does (Tsujiken Sensei: #1 standing traits, #2 "After the next time
    this turn it bows, ..."): the answer judges the ability the occurrences fit, and says so (blind 46121 S20).

The card lists are derived from the data; the expectations come from the Timing page (L4: before/when/after, L6 D)."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card, read_text
from engine.rulesets.l5r.durations import Form
from engine.rulesets.l5r.lifetime import awaits
from engine.rulesets.l5r.question import first_to_judge
from tests.engine.l5r.l5r_real import duration, order, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()

# -- (3) "after/before the next <occurrence>" ---------------------------------------------------------------------

# The occurrence named after "the next": no period ("the next battle ends" is a named point), no "next time".
_LEAD_NEXT = re.compile(r"\b(?P<lead>after|before)\s+(?:the|your|his|her|its|their)\s+next\s+(?!time\b|turn\b|"
                        r"(?:[A-Z]\w+ )?Phase\b|(?:battle|duel|phase)\s+(?:ends|begins|resolves))", re.I)
LEAD_NEXT = []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _text = _a.rules_text or _a.text
        for _m in _LEAD_NEXT.finditer(_text):
            if re.search(r"\buntil\s+$", _text[:_m.start()], re.I):
                continue  # "until after their next opportunity ...": the end of a length, not a delayed point
            LEAD_NEXT.append((_card.name if len(_abilities) == 1 else f"{_card.name}#{_a.index}", _a.index,
                              _m.group("lead").lower(), _m.start()))


def test_the_lead_next_class_names_the_real_cards():
    names = {n for n, *_ in LEAD_NEXT}
    # Moshi Ino ("After the next action not performed by a Thunder Personality resolves this battle"), and the two
    # Strategies whose "After the next resolution ... of your action" were read so before (blind 42121)
    assert {"Moshi Ino", "The Honesty of the Phoenix#2", "The Sincerity of the Dragon#2"} <= names, names


@pytest.mark.parametrize("name,index,lead,at", LEAD_NEXT)
def test_a_lead_next_waits_for_the_point_its_lead_word_names(name, index, lead, at):
    card = next(c for c in CARDS if c.name == name.split("#")[0])
    ability = read_card(card)[index - 1]
    term = next((t for t in ability.terms if t.start <= at < t.start + len(t.words)), None)
    assert term is not None and term.form is Form.NEXT_TIME, ability.terms
    assert term.words.lower().startswith(lead), term.words
    # at the after-point of what it waits for, it answers as a delayed effect (step D)
    event = term.events[0]
    placed = order(at=f"{lead} {event}", item=[name])
    assert [p["step"] for p in placed["order"]] == ["D"], placed["summary"]


TYPED = ("After the next action resolves, lose 1 Honor", "After the next Personality enters play, draw a card",
         "Before the next action resolves, gain 2 Honor")


@pytest.mark.parametrize("text", TYPED)
def test_a_typed_delayed_effect_keeps_its_lead_word(text):
    lead = text.split()[0].lower()
    ability = read_text(text)[0]
    assert ability.kind is Kind.DELAYED and ability.timing == lead, (ability.timing, ability.occurrence)
    event = ability.delayed_term.events[0]
    # at its own point it acts at step D, before a triggered trait and a Reaction (L6 D-F)
    answer = order(at=f"{lead} an {event}" if not event.startswith(("a ", "an ")) else f"{lead} {event}",
                   item=[f"delayed:Hida Trap:{text}@opponent", f"trait:{lead.title()} an {event}, gain 1 Honor",
                         f"reaction:{lead.title()} an {event}, draw a card"],
                   active="opponent")
    assert [p["step"] for p in answer["order"]] == ["D", "E", "F"], answer["summary"]
    # at the other point of the same occurrence it does not act (L4)
    other = "when"
    elsewhere = order(at=f"{other} an {event}", item=[f"delayed:{text}"])
    assert not elsewhere["order"], elsewhere["summary"]


def test_made_by_an_action_it_fires_after_another_action_resolves_once():
    answer = duration(text="Battle: After the next action resolves, lose 1 Honor", made_during="battle",
                      then=["action-resolves", "occurs:an action resolves", "occurs:an action resolves",
                            "turn-ends"])
    assert [s["state"] for s in answer["timeline"]] == ["waiting", "fired", "fired", "fired"], answer["explanation"]
    # the point it fires at is the occurrence's after-point, never its when-point
    assert "when-point" not in answer["timeline"][1]["why"], answer["timeline"][1]["why"]


# -- (4) the ability the occurrences given fit --------------------------------------------------------------------

WAITING_ELSEWHERE = []
for _card in CARDS:
    _abilities = read_card(_card)
    if len(_abilities) < 2:
        continue
    _default = first_to_judge(_abilities)
    for _a in _abilities:
        _waits = [w for t in _a.terms for w in (*t.events, t.point) if w]
        if _a is not _default and not _a.reminder and _waits and not awaits(_waits[0], _default.terms):
            WAITING_ELSEWHERE.append((_card.name, _a.index, _waits[0]))


def test_the_waiting_elsewhere_class_names_the_real_cards():
    assert len(WAITING_ELSEWHERE) >= 20, WAITING_ELSEWHERE
    assert ("Tsujiken Sensei", 2, "it bows") in WAITING_ELSEWHERE, WAITING_ELSEWHERE


@pytest.mark.parametrize("name,index,waits", WAITING_ELSEWHERE)
def test_the_occurrence_given_picks_the_ability_waiting_for_it(name, index, waits):
    answer = duration(card=name, then=["action-resolves", f"occurs:{waits}"])
    assert answer["effect"]["ability"] == index, answer["summary"]
    note = next(n["text"] for n in answer["interpretations"] if n["id"] == "ability-choice")
    assert f"judges #{index}" in note and waits in note, note
    # named with #N it is the same ability (the choice only saves naming it)
    same = duration(card=f"{name}#{index}", then=["action-resolves", f"occurs:{waits}"])
    assert [s["state"] for s in same["timeline"]] == [s["state"] for s in answer["timeline"]]


def test_tsujiken_sensei_bowing_twice_costs_honor_once():
    # the blind scenario's shape, with the rule's answer: "the next time this turn" fires once (LD3, LD4)
    answer = duration(card="Tsujiken Sensei", made_during="action",
                      then=["action-resolves", "occurs:it bows", "occurs:it bows", "turn-ends"])
    assert [s["state"] for s in answer["timeline"]] == ["waiting", "fired", "fired", "fired"], answer["explanation"]


def test_without_occurrences_or_when_the_default_waits_for_them_the_default_stays():
    for name, _index, _waits in WAITING_ELSEWHERE[:5]:
        card = next(c for c in CARDS if c.name == name)
        default = first_to_judge(read_card(card)).index
        assert duration(card=name, then=["action-resolves", "turn-ends"])["effect"]["ability"] == default
        # an occurrence no ability waits for changes nothing
        other = duration(card=name, then=["action-resolves", "occurs:a Sumo wrestler sneezes"])
        assert other["effect"]["ability"] == default
