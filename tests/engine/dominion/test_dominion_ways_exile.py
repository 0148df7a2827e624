"""Blind round dominion-seed35161: two classes of a card leaving play as it is played, each checked over every real
card that shares the wording (read from ../shared/data/dominion in place, judged by the real engine).

- a Way whose words move the card played using it: "Return this to its pile" (Way of the Horse), "You may return
  this to its pile ..." (Way of the Butterfly) take it out of play as it is played; "Set this aside. If you did,
  play it at the start of your next turn" (Way of the Turtle) brings it back, so it leaves in that turn's Clean-up.
  A Throne Room playing it does not stay for it (Way of the Turtle's FAQ).
- "When you play this, Exile it" (Stockpile) moves it to Exile as it is played, like "Trash this"."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.dominion.behaviour import types_of
from engine.rulesets.dominion.reading import _text, leaves_by_itself, sets_aside_to_play_next_turn
from tests.engine.dominion.test_dominion_issue34 import _cards, ask, entry

PLAYED = ["Village", "Governor", "Caravan"]  # a plain Action, a non-Duration Governor, a Duration


def ways() -> list:
    return sorted((c for c in _cards().values() if "Way" in types_of(c)), key=lambda c: c.name)


def moving_ways() -> list[str]:
    return [c.name for c in ways() if leaves_by_itself(c)[1] and not sets_aside_to_play_next_turn(c)]


def turtle_ways() -> list[str]:
    return [c.name for c in ways() if sets_aside_to_play_next_turn(c)]


def exiled_on_play() -> list[str]:
    return sorted(c.name for c in _cards().values() if re.search(r"when you play this, exile it", _text(c), re.I))


def test_the_classes_are_the_real_cards():
    assert moving_ways() == ["Way of the Butterfly", "Way of the Horse"]
    assert turtle_ways() == ["Way of the Turtle"]
    assert exiled_on_play() == ["Stockpile"]
    # the other Ways leave the card played using them where it is (Way of the Frog only acts on its discard)
    assert not any(leaves_by_itself(c)[1] for c in ways() if c.name not in moving_ways() + turtle_ways())


@pytest.mark.parametrize("way", moving_ways())
@pytest.mark.parametrize("card", PLAYED)
def test_a_way_that_returns_the_card_takes_it_out_of_play_as_it_is_played(way, card):
    label = f"{card} as {way}"
    out = ask(label)
    assert entry(out, label)["leaves_play"]["moment"] == "removed"
    assert "as it is played" in out["summary"] and "Clean-up" not in out["summary"]
    may = "may" in leaves_by_itself(next(c for c in ways() if c.name == way))[1].lower()
    assert ("Assuming" in out["summary"]) is may  # Way of the Butterfly's "you may": taken as used, said
    thrown = ask(f"Throne Room > {label}")
    assert entry(thrown, label)["leaves_play"]["moment"] == "removed"
    assert entry(thrown, "Throne Room")["leaves_play"]["cleanup"] == "this-turn"


@pytest.mark.parametrize("way", turtle_ways())
@pytest.mark.parametrize("card", ["Village", "Governor", "Mountain Shrine"])
def test_a_way_that_sets_the_card_aside_plays_it_next_turn_so_it_leaves_then(way, card):
    label = f"{card} as {way}"
    assert entry(ask(label), label)["leaves_play"]["cleanup"] == "next-turn"
    thrown = ask(f"Throne Room > {label}")
    assert entry(thrown, label)["leaves_play"]["cleanup"] == "next-turn"
    # the Throne Room is not set aside and does not stay (Way of the Turtle's FAQ)
    assert entry(thrown, "Throne Room")["leaves_play"]["cleanup"] == "this-turn"


@pytest.mark.parametrize("card", exiled_on_play())
def test_exile_it_when_played_takes_it_out_of_play_as_it_is_played(card):
    out = ask(card)
    assert entry(out, card)["leaves_play"]["moment"] == "removed" and "Exile" in out["summary"]
    crowned = ask(f"Crown > {card}")
    assert entry(crowned, card)["leaves_play"]["moment"] == "removed"
    assert entry(crowned, "Crown")["leaves_play"]["cleanup"] == "this-turn"


def test_exile_of_another_players_card_is_not_the_class():
    gatekeeper = next(c for c in _cards().values() if c.name == "Gatekeeper")
    assert leaves_by_itself(gatekeeper) == (False, "")
