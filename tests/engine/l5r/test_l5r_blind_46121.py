"""Blind round 46121 (direct path): each wrong-fact class fixed over every real card sharing the wording.

(1) A granted quoted ability ("Give him the ability, "Battle: Target an enemy Personality: Destroy him."") is the
    effect of the granting line: the grant lasts, for the length it states, or to the end of the turn when it names
    none (LD8). The verb inside the quotes ("Destroy him") is the granted ability's own, never the grant's: no
    granting line is a one-time change.
(2) A restriction with a stated length ("Each player may only take two more non-Reaction actions this phase", "He
    may not perform actions this turn") lasts until that period ends (LD7), also when its clause opens on "Each" or
    "Only" (which otherwise marks a count or a condition).

The card lists are derived from the data; the expectations come from the rules and the cards' words."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.lifetime import puts_into_play
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()
MADE = (Kind.ACTION, Kind.REACTION, Kind.INTERRUPT)


def _named(card, ability, count):
    return card.name if count == 1 else f"{card.name}#{ability.index}"


# -- (1) a granted quoted ability --------------------------------------------------------------------------------

_QUOTED = re.compile(r"\babilit(?:y|ies),?\s*[\"“]")
GRANTING, GRANTED_BY_ACTION_UNSTATED = [], []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        if _a.granted or not _QUOTED.search(_a.text) or not any(g.granted for g in _abilities):
            continue
        name = _named(_card, _a, len(_abilities))
        GRANTING.append(name)
        if _a.kind in MADE and not _a.terms and not puts_into_play(_a.rules_text):
            GRANTED_BY_ACTION_UNSTATED.append(name)


def test_the_granting_class():
    assert len(GRANTING) >= 70, GRANTING
    assert "Unstoppable Strike#1" in GRANTED_BY_ACTION_UNSTATED, GRANTED_BY_ACTION_UNSTATED
    assert "Channel the Moon#2" in GRANTED_BY_ACTION_UNSTATED, GRANTED_BY_ACTION_UNSTATED


@pytest.mark.parametrize("name", GRANTING)
def test_a_granting_line_is_no_one_time_change(name):
    answer = duration(card=name, then=["action-resolves"])
    assert answer["effect"]["kind"] != "instant", answer["summary"]
    assert "stays destroyed" not in answer["summary"], answer["summary"]


@pytest.mark.parametrize("name", GRANTED_BY_ACTION_UNSTATED)
def test_an_ability_granted_with_no_length_lasts_to_the_end_of_the_turn(name):
    answer = duration(card=name, made_during="battle", then=["action-resolves", "battle-ends", "turn-ends"])
    persists = [step["persists"] for step in answer["timeline"]]
    assert persists == [True, True, False], answer["explanation"]
    assert "LD8" in answer["rules"], answer["rules"]
    assert "one-time" not in answer["summary"], answer["summary"]


# -- (2) a restriction with a stated length ----------------------------------------------------------------------

_LIMIT = re.compile(r"\b(?:may only|may not|cannot|can not|can only)\b(?P<mid>[^.;:]*?)\b(?P<words>(?:this|that) "
                    r"(?P<period>phase|turn|battle))\b", re.I)
RESTRICTIONS, ALONE = [], []
for _card in CARDS:
    _abilities = read_card(_card)
    for _a in _abilities:
        _m = _LIMIT.search(_a.rules_text or _a.text)
        if _a.kind not in MADE or _m is None or re.search(r"\b(?:if|unless|who|which|has|have|had)\b", _m.group("mid")):
            continue
        RESTRICTIONS.append((_named(_card, _a, len(_abilities)), _m.group("words").lower(), _m.group("period").lower()))
        # the restriction is the ability's only lasting sentence: its length is the ability's
        if not re.search(r"\b(?:after|before|until|next)\b", _a.rules_text or _a.text, re.I):
            ALONE.append(RESTRICTIONS[-1])


def test_the_restriction_class():
    names = [n for n, _, _ in RESTRICTIONS]
    assert "Urgency#1" in names and len(RESTRICTIONS) >= 14, names
    assert len(ALONE) >= 10, ALONE


@pytest.mark.parametrize(("name", "words", "period"), RESTRICTIONS)
def test_a_restriction_states_its_length(name, words, period):
    answer = duration(card=name, then=["action-resolves"])
    assert answer["effect"]["kind"] != "instant", answer["summary"]
    assert any(words in (d["words"] or "").lower() for d in answer["effect"]["durations"]), answer["effect"]


@pytest.mark.parametrize(("name", "words", "period"), ALONE)
def test_a_restriction_lasts_until_its_period_ends(name, words, period):
    answer = duration(card=name, made_during=period, then=["action-resolves", f"{period}-ends"])
    persists = [step["persists"] for step in answer["timeline"]]
    assert persists == [True, False], answer["explanation"]
    assert "one-time" not in answer["summary"], answer["summary"]
