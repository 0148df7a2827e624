"""Blind round dominion-seed41041, class 1 (direct #6): "Invasion > Jewels" was refused as fact ("Not allowed:
Invasion cannot play Jewels: it plays Action cards"). Invasion: "You may play an Attack from your hand. Gain a
Duchy. Gain an Action onto your deck. Gain a Loot; play it." It makes two separate plays: an Attack from your hand,
then the Loot it gains (every Loot is a Treasure). "Gain a Loot; play it" says itself what "it" is: the sentence
before ("Gain an Action onto your deck") is not what is played. Checked over every real card whose text plays
separate cards one after the other, and every real Loot."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.dominion.behaviour import types_of
from engine.rulesets.dominion.scenario import ScenarioError
from tests.engine.dominion.test_dominion_issue34 import _cards, ask, entry

# The test's own reading of the words: a play of a card from the hand, and later a gained card played ("Gain a X;
# play it"), in two sentences.
_TWO_PLAYS = re.compile(r"\bplay an? (\w+) from your hand\.(?:[^.]*\.)*?\s*gain an? (\w+); play it\b", re.I)


@cache
def separate_players() -> list[tuple[str, str, str]]:
    """(card, the type played from hand, what it gains and plays)."""
    return sorted((c.name, m.group(1), m.group(2)) for c in _cards().values() if (m := _TWO_PLAYS.search(c.text)))


@cache
def loots() -> list[str]:
    return sorted(c.name for c in _cards().values() if "Loot" in types_of(c))


def attacks() -> list[str]:
    return sorted(c.name for c in _cards().values() if "Attack" in types_of(c) and "Action" in types_of(c))


def test_the_class_from_the_card_words():
    assert separate_players() == [("Invasion", "Attack", "Loot")]
    assert len(loots()) >= 10 and "Jewels" in loots()


@pytest.mark.parametrize("player", [p[0] for p in separate_players()])
def test_it_plays_any_loot_as_its_second_play_and_an_attack_as_its_first(player):
    for loot in loots():
        alone = ask(loot)
        played = ask(f"{player} > {loot}")
        assert played["legal"], (player, loot, played["summary"])
        assert entry(played, loot)["leaves_play"] == entry(alone, loot)["leaves_play"], loot
    for attack in attacks()[:25]:
        both = ask(f"{player} > {attack} + {loots()[0]}")
        assert both["legal"], (attack, both["summary"])
    village = ask(f"{player} > Village")  # not an Attack, not a Loot: it cannot play it
    assert not village["legal"] and entry(village, "Village")["problem_rule"] == "DM14"
    with pytest.raises(ScenarioError, match="at most 2"):
        ask(f"{player} > {attacks()[0]} + {loots()[0]} + {loots()[1]}")
