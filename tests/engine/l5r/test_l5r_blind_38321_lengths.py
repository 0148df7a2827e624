"""Blind rounds 38321 and 38221: lengths read wrongly, each fixed as a class over every real card sharing the wording.

1. A keyword given by an action ("Give Kouka Air, Earth, Fire, or Water", "Give Reserve to ...", "give it Kharmic")
   names no length: it lasts until the end of the turn (LD8), not "a one-time change".
2. A printed line with no designator or trigger opening with "Negate", "Reduce" or "Increase" ("Negate Fear effects
   targeting this Follower") is the card's standing trait, in force while the card is in play (LD8): never a Fear.
3. A change to a Fear effect or an Attack: made by the ability that makes that Fear or Attack ("Fear 3. ... the Fear
   has +1 strength") it is part of a one-time effect; made by another ability ("After a Ranged Attack is targeted:
   Give it +2 strength") it lasts while that action resolves, never to the end of the turn.
4. A length modifies the effect it is written with (Effects, "Order of effects", Exception 1): "Reduce his Force ...
   to 0. Cards in that unit may not perform actions until this battle ends." (Nerve Strike) - the first sentence names
   no length and lasts until the end of the turn; the second ends with the battle.
5. A continuous trait written after a triggered trait's sentence ("After you Equip this Item, gain 1 Honor ... This
   Personality has +1PH.", Revered Blade) is in force while the card is in play, not until the end of the turn.

The expectations come from the rules and the cards' own words; the card lists are derived from the data."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.l5r.abilities import Kind, read_card
from engine.rulesets.l5r.parts import sentences
from tests.engine.l5r.l5r_real import duration, real_cards
from tests.shared_paths import shared_data_path

HAVE = shared_data_path("l5r").exists()
CARDS = real_cards() if HAVE else ()


def _abilities():
    for card in CARDS:
        abilities = read_card(card)
        for ability in abilities:
            name = card.name if len(abilities) == 1 else f"{card.name}#{ability.index}"
            yield card, name, ability


ABILITIES = list(_abilities())
# Every keyword printed on a real card (Air, Kharmic, Reserve, Samurai ...), from the data itself.
KEYWORDS = sorted({k.strip() for c in CARDS for k in (c.extra.get("keywords") or "").split(";")
                   if k.strip() and re.fullmatch(r"[A-Z][a-z]+", k.strip())} - {"Honor", "Strength"} | {"Home"})
_KW = "(?:" + "|".join(KEYWORDS) + ")"
GIVEN_KEYWORD = re.compile(rf"\b[Gg]ive (?:[^.:;]*? )?{_KW}(?:(?:, |,? (?:or|and) ){_KW})*(?= ?[.;]| to\b)")
# "Give Mina two +1F Fire tokens": a token's kind, no keyword.
_LENGTH_WORDS = re.compile(r"\b(?:this (?:turn|battle|phase|game)|until|permanent(?:ly)?|while|additional)\b|"
                           r"[+-]\d+\s?[FC]\b", re.I)


# -- 1. a keyword given by an action ---------------------------------------------------------------------------------

KEYWORD_GRANTS = [name for _, name, a in ABILITIES
                  if a.kind is Kind.ACTION and GIVEN_KEYWORD.search(a.rules_text)
                  and not _LENGTH_WORDS.search(re.sub(r"\((?=[A-Z])[^()]*\)", "", a.text))] if HAVE else []


def test_the_keyword_class_holds_the_judged_card_and_its_kin():
    assert {"Temple to the Elements#2", "Mahatsu", "Isawa Kouka", "Concealed Reserves", "Soshi Shinoko",
            "Study the Wheel"} <= set(KEYWORD_GRANTS)
    assert len(KEYWORD_GRANTS) >= 10, KEYWORD_GRANTS


@pytest.mark.parametrize("name", KEYWORD_GRANTS)
def test_a_given_keyword_lasts_until_the_end_of_the_turn(name):
    answer = duration(card=name, made_during="action", then=["action-resolves", "battle-ends", "turn-ends"])
    assert answer["effect"]["kind"] == "default-turn"
    assert [p["persists"] for p in answer["timeline"]] == [True, True, False]
    assert "one-time" not in answer["summary"]
    assert "lasted until the end of the turn" in answer["summary"]


# -- 2. a standing "Negate/Reduce/Increase ..." line ----------------------------------------------------------------

_IN_PLAY = {"Personality", "Follower", "Item", "Holding", "Sensei", "Region", "Stronghold", "Spell"}
STANDING = [name for card, name, a in ABILITIES
            if card.type in _IN_PLAY and not a.header and a.timing is None
            and re.match(r"(?:Negate|Reduce|Increase)\b", a.rules_text)
            and not re.search(r"\bto (?:0|zero)\b", a.rules_text)] if HAVE else []


def test_the_standing_class_holds_the_judged_card_and_its_kin():
    fearless = [n for n in STANDING if "Negate Fear effects targeting this Follower" in
                next(a.rules_text for _, m, a in ABILITIES if m == n)]
    assert "Fearless Medium Cavalry#1" in fearless and len(fearless) >= 7
    assert len(STANDING) >= 25, STANDING


@pytest.mark.parametrize("name", STANDING)
def test_a_standing_negation_or_change_works_while_its_card_is_in_play(name):
    answer = duration(card=name, then=["turn-ends", "turn-ends", "leaves-play"])
    assert [p["persists"] for p in answer["timeline"]] == [True, True, False]
    assert answer["timeline"][-1]["rule"] == "LD8"
    plain = duration(card=name)["summary"]
    assert "one-time" not in plain and "Fear bows" not in plain


# -- 3. a change to a Fear effect or an Attack ----------------------------------------------------------------------

OWN_FEAR = re.compile(r"\b(?:Fear \d|(?:Ranged|Melee) \d Attack)\b")
OWN_CHANGE = re.compile(r"\b[Tt](?:he|his) (?:Fear|(?:Ranged |Melee )?Attack) (?:has|gets) [+-]\d strength")
OWN_CHANGES = [name for _, name, a in ABILITIES
               if OWN_FEAR.search(a.rules_text) and OWN_CHANGE.search(a.rules_text)] if HAVE else []
# "After a Ranged Attack is targeted: Give it +2 strength", "Interrupt: Give a Fear effect +2 strength".
ATTACK_TRIGGER = re.compile(r"\b(?:Ranged|Melee)(?: or (?:Ranged|Melee))? [Aa]ttack (?:from [^:,]+ )?(?:is targeted|"
                            r"targets)\b")
OTHER_CHANGE = re.compile(r"\b[Gg]ive (?:it|the Ranged Attack) (?:[+-]\d(?: or [+-]\d)? strength|a strength bonus)")
OTHER_CHANGES = [name for _, name, a in ABILITIES
                 if a.kind is Kind.REACTION and ATTACK_TRIGGER.search(a.rules_text)
                 and OTHER_CHANGE.search(a.rules_text)] if HAVE else []


def test_the_attack_change_classes():
    assert {"Mysterious Murder", "Yogo Mizoguchi"} <= set(OWN_CHANGES)
    assert {"Sniping", "Archery Range#2", "Strong Defenses#1", "Isawa Kaname#1"} <= set(OTHER_CHANGES)
    assert len(OTHER_CHANGES) >= 10, OTHER_CHANGES


@pytest.mark.parametrize("name", OWN_CHANGES)
def test_a_change_to_the_abilitys_own_fear_or_attack_has_no_length(name):
    answer = duration(card=name, made_during="battle", then=["action-resolves", "turn-ends"])
    assert answer["effect"]["kind"] == "instant"
    assert not any(p["persists"] for p in answer["timeline"])
    assert any(i["id"] == "own-attack-change" for i in answer["interpretations"])
    assert "until the end of the turn" not in duration(card=name)["summary"]


@pytest.mark.parametrize("name", OTHER_CHANGES)
def test_a_change_to_another_actions_attack_lasts_while_that_action_resolves(name):
    answer = duration(card=name, then=["targets-chosen", "action-resolves", "turn-ends"])
    assert answer["effect"]["kind"] == "resolving"
    assert [p["persists"] for p in answer["timeline"]] == [True, False, False]
    assert "until the end of the turn" not in duration(card=name)["summary"]


# -- 4. a length written in a later sentence -------------------------------------------------------------------------

# a length, never a point ("After this battle ends, ...", "before this battle resolves", "the next time this battle")
_STATED = re.compile(r"\buntil (?:this|the) (?:battle|turn|phase) ends\b|"
                     r"\buntil the end of (?:the|this) (?:battle|turn|phase)\b|"
                     r"(?<!after )(?<!before )(?<!time )\bthis (?:battle|phase)\b(?! ends| resolves|'s resolution)")
_CHANGE = re.compile(r"\b(?:[Rr]educe|[Gg]ive|[Rr]aise|[Ll]ower)\b[^.]*"
                     r"(?:[+-]\d+[FC]\b|\bForce\b|\bstrength\b|\bChi\b)")
_NAMES_LENGTH = re.compile(r"\b(?:this|that) (?:turn|battle|phase|game|duel)\b|\b(?:until|while|permanently|next|after|"
                           r"before)\b", re.I)


def _later_length(text: str) -> bool:
    """A stat change naming no length, and a stated length only in a later sentence of the same ability."""
    parts = sentences(text)
    for i, sentence in enumerate(parts):
        effect = sentence.split(":")[-1]
        if _CHANGE.search(effect) and not _NAMES_LENGTH.search(effect):
            return any(_STATED.search(s) and not re.search(r"\b(?:after|before|next)\b", s, re.I)
                       for s in parts[i + 1:])
    return False


LATER_LENGTH = [name for _, name, a in ABILITIES if a.kind is Kind.ACTION and _later_length(a.rules_text)] \
    if HAVE else []


def test_the_later_length_class_holds_nerve_strike():
    assert {"Nerve Strike", "Secretive Defense#2"} <= set(LATER_LENGTH) and len(LATER_LENGTH) >= 4, LATER_LENGTH


@pytest.mark.parametrize("name", LATER_LENGTH)
def test_a_later_sentences_length_is_not_the_earlier_change(name):
    answer = duration(card=name, made_during="battle", then=["action-resolves", "battle-ends", "turn-ends"])
    unstated = [p for p in answer["parts"] if p["kind"] == "default-turn"]
    assert len(unstated) == 1 and [p["persists"] for p in unstated[0]["timeline"]] == [True, True, False]
    assert "LD8" in answer["rules"]
    plain = duration(card=name)["summary"]
    assert f"“{unstated[0]['short']}” lasts until the end of the turn" in plain


# -- 5. a continuous trait after a triggered trait -------------------------------------------------------------------

_TRAIT_AFTER = re.compile(r"^(?:This (?:Personality|Follower|Item|Holding) (?:has|may)\b|Your [\w ]+? have\b|"
                          r"You have a |You may [^.]*\b(?:as an? [\w ]+ action|even if it is not your turn)\b)")
TRAIT_AFTER = [name for _, name, a in ABILITIES
               if a.kind is Kind.TRAIT and not a.header and re.match(r"(?:After|Before|When)\b", a.rules_text)
               and any(_TRAIT_AFTER.match(s) for s in sentences(a.rules_text)[1:])] if HAVE else []


def test_the_trait_after_a_trigger_class():
    assert {"Revered Blade", "Shiotome Troupe#1"} <= set(TRAIT_AFTER)
    assert len(TRAIT_AFTER) >= 8, TRAIT_AFTER


@pytest.mark.parametrize("name", TRAIT_AFTER)
def test_a_continuous_trait_after_a_trigger_lasts_while_its_card_is_in_play(name):
    answer = duration(card=name, then=["turn-ends", "turn-ends", "leaves-play"])
    standing = answer["parts"][-1]
    assert standing["kind"] == "in-play"
    assert [p["persists"] for p in standing["timeline"]] == [True, True, False]
    summary = duration(card=name, then=["turn-ends"])["summary"]
    assert f"“{standing['short']}” is still in effect, while its card is in play" in summary
