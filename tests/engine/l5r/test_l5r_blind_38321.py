"""Blind round seed 38321, class 1: an effect whose own words make it last "while this card remains in play" /
"while this Spell remains attached" ends when that card leaves play. The card's stated condition beats the general
rule that a resolved action's effects do not depend on the card that made them (LD8 yields to LD7).

Checked over every real card with the wording; the expectation comes from the rule, not from stored answers."""

from __future__ import annotations

import re

import pytest

from tests.engine.l5r.l5r_real import duration, real_cards

# The card's own self-reference ("this card", "this Spell", "this Celestial", "this Event").
SELF = re.compile(r"\bthis (?:card|[A-Z]\w+) remains (?:in play|attached)\b")
# "while it remains in play": "it" is the card an ability put into play (a Ring), not the card that made the effect.
OTHER = re.compile(r"\bit remains in play\b")


def _named(pattern: re.Pattern[str]) -> list[str]:
    return sorted({c.name for c in real_cards() if pattern.search(c.text or "")})


SELF_CARDS = _named(SELF)
OTHER_CARDS = _named(OTHER)


def test_the_class_is_every_real_card_with_the_wording():
    # the blind report counted ~20 matches over printings; by card: 10 name themselves, 7 name a Ring put in play
    assert len(SELF_CARDS) == 10, SELF_CARDS
    assert {"The Yari of the Shabura", "Blood of Isawa's Tribe"} <= set(SELF_CARDS)
    assert sum("remains attached" in (c.text or "") and c.name in SELF_CARDS for c in real_cards()) >= 1
    assert len(OTHER_CARDS) == 7, OTHER_CARDS


@pytest.mark.parametrize("name", SELF_CARDS)
def test_an_effect_tied_to_its_own_card_ends_when_that_card_leaves_play(name):
    kept = duration(card=name, then=["action-resolves", "turn-ends", "turn-ends"])
    left = duration(card=name, then=["action-resolves", "turn-ends", "turn-ends", "leaves-play"])
    before = kept["timeline"][-1]
    after = left["timeline"][-1]
    assert after["event"] == "leaves-play"
    # whatever lasted up to then (a "while" naming no other length outlives turn ends), nothing lasts after
    assert after["persists"] is False and after["effective"] is False
    if before["persists"]:
        words = SELF.search(next(c.text for c in real_cards() if c.name == name)).group(0).lower()
        assert words in after["why"].lower()
        assert after["rule"] == "LD7"
        assert "ended" in left["summary"]


def test_the_yari_ends_mid_battle_when_it_leaves_play():
    answer = duration(card="The Yari of the Shabura", made_during="battle",
                      then=["action-resolves", "leaves-play", "battle-ends"])
    points = {p["event"]: p for p in answer["timeline"]}
    assert points["action-resolves"]["persists"] is True
    assert points["leaves-play"]["persists"] is False


@pytest.mark.parametrize("name", OTHER_CARDS)
def test_a_condition_on_another_card_is_not_ended_by_the_maker_leaving(name):
    # "while it remains in play" names the Ring the ability put into play; the maker leaving changes nothing (LD8)
    after = duration(card=name, then=["action-resolves", "leaves-play"])["timeline"][-1]
    assert after["persists"] is True and after["rule"] == "LD8"
