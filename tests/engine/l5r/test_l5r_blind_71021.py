"""Blind round 71021, its direct-path classes, each over every real card sharing the wording.

(#4 "the next Personality you bring into play" answered by a named card: test_l5r_blind_53021.py, class 4.)
(#10) A bare card name judges the card's real ability, never an attachment's rule for how it attaches ("Equips to
    Kakita Daitsu for 1 less Gold.", "Can only attach to a Samurai.", "Will not attach to a Water Personality.") when
    the card has another ability; the answer says which ability it judged.
(#10b) What a one-time change leaves is read from its effect, never from an "If ...," condition before it ("If your
    card bowed this Personality, straighten him" straightens).

The card lists are derived from the data."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import read_card
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()

_ATTACH = re.compile(r"^(?:Equips to|Can only attach to|May only attach to|Will not attach to) [^.]*\.$")
ATTACH_FIRST = [card.name for card in CARDS if len(abilities := read_card(card)) > 1
                and _ATTACH.match(abilities[0].rules_text or abilities[0].text)]


def test_the_attach_rule_class_names_the_real_cards():
    assert {"Taketori", "Takatsume", "Uguisu", "Court Attendants", "Ancestral Armor of the Spider Clan"} <= set(
        ATTACH_FIRST), ATTACH_FIRST
    assert len(ATTACH_FIRST) >= 18, len(ATTACH_FIRST)


@pytest.mark.parametrize("name", ATTACH_FIRST)
def test_a_bare_name_judges_the_real_ability_and_says_which(name):
    answer = duration(card=name, then=["turn-ends"])
    assert answer["effect"]["ability"] != 1, answer["summary"]
    choice = next(i for i in answer["interpretations"] if i["id"] == "ability-choice")
    assert f"#{answer['effect']['ability']}" in choice["text"] and "#1" in choice["text"], choice


_IF_THEN = re.compile(r"^(?:[^:]{0,40}:\s*)+If [^,]*\b(?P<cond>bow(?:ed|s)?|destroy(?:ed|s)?|discard(?:ed|s)?|"
                      r"mov(?:ed|es))\b[^,]*, (?P<verb>straighten|bow|destroy|move|discard|draw|gain)\b(?![^.]*:)",
                      re.I)
# (a verb before a colon is a cost: "If this card is in your discard pile, bow your performer: Ranged 4 Attack")
IF_THEN = [(card.name if len(abilities) == 1 else f"{card.name}#{a.index}", m.group("cond"), m.group("verb"))
           for card in CARDS for abilities in [read_card(card)] for a in abilities
           if (m := _IF_THEN.match(a.rules_text or a.text)) is not None
           and m.group("cond")[:4].lower() != m.group("verb")[:4].lower()]


def test_the_if_then_class_names_the_real_cards():
    assert "Taketori#2" in {n for n, *_ in IF_THEN}, IF_THEN


_SAID = {"straighten": "straightens", "bow": "bows", "destroy": "destroys", "move": "moves", "discard": "discards",
         "draw": "drawn", "gain": "gained"}


@pytest.mark.parametrize("name,cond,verb", IF_THEN)
def test_what_stays_is_the_effects_never_the_conditions(name, cond, verb):
    answer = duration(card=name, then=["turn-ends"])
    if answer["effect"]["kind"] != "instant":
        return  # a lasting effect answers by its own words
    assert _SAID[verb.lower()] in answer["summary"], answer["summary"]


# (#6) "permanently give him Ninja and Shadowlands ...", then the card it is on leaves play (occurs:he leaves play):
# a card that leaves play forgets every effect on it, even a permanent one; the answer said "still in effect, until
# the end of the game" ("only a delayed effect waits for an occurrence"). Every effect an ability makes that lasts
# (permanent, to the end of the turn, ...) ends so; the reading of "he" as that card is said aloud.
PERMANENT = [(card.name if len(abilities) == 1 else f"{card.name}#{a.index}")
             for card in CARDS for abilities in [read_card(card)] for a in abilities
             if a.header and re.search(r"\bpermanently give (?:him|her|it|them|target|\w+ target)\b",
                                       a.rules_text or a.text)]


def test_the_permanent_class_names_the_real_cards():
    assert "Shadows Walk" in PERMANENT and len(PERMANENT) >= 10, PERMANENT


@pytest.mark.parametrize("name", PERMANENT)
def test_a_permanent_effect_ends_as_the_card_it_is_on_leaves_play(name):
    kept = duration(card=name, then=["action-resolves", "turn-ends"])
    if not kept["persists"] or kept["effect"]["kind"] != "game" or kept["state"] is not None:
        return  # judged as another length or part
    gone = duration(card=name, then=["action-resolves", "turn-ends", "occurs:he leaves play"])
    assert not gone["persists"], gone["summary"]
    assert "left play" in gone["summary"] and "until the end of the game" not in gone["summary"], gone["summary"]
    assert any(i["id"] == "affected-leaves-play" for i in gone["interpretations"])
