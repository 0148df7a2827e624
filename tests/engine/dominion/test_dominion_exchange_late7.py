"""Dominion (blind round dominion-81041, direct #25): a card whose own text exchanges it ("At the end of your Buy phase
this turn, if you didn't gain any cards in it, exchange this for a Madman", Hermit; "Exchange this for a Bat",
Vampire; "If you trashed at least one, exchange this for a Vampire", Bat) leaves play then, not in Clean-up. When the
scenario does not say whether it was exchanged, the first line says what it assumed; `X[removed]` says it was. A
Traveller's "When you discard this from play, you may exchange it" is exchanged as Clean-up discards it: not one.
The cards are derived from their text, over every real Dominion card."""

from __future__ import annotations

import re
from functools import cache

from tests.engine.dominion.test_dominion_issue34 import _cards, ask, entry

EXCHANGES_ITSELF = re.compile(r"\bexchange this\b", re.I)
# the words that make it happen only sometimes ("if you didn't gain any cards", "If you trashed at least one")
ONLY_IF = re.compile(r"\bif\b[^.]*\bexchange this\b", re.I)


@cache
def exchangers() -> list[str]:
    return sorted({c.name for c in _cards().values() if EXCHANGES_ITSELF.search(c.text)})


def _text(name: str) -> str:
    return next(c.text for c in _cards().values() if c.name == name)


def test_the_class_from_the_card_words():
    names = exchangers()
    assert {"Hermit", "Vampire", "Bat"} <= set(names), names
    travellers = sorted({c.name for c in _cards().values() if "Traveller" in c.type})
    assert travellers and not set(travellers) & set(names)  # "exchange it" as discarded from play: not this class


def test_an_exchange_said_by_the_card_is_never_a_silent_clean_up():
    for name in exchangers():
        out = ask(name)
        first = out["summary"].split("\n")[0]
        if ONLY_IF.search(_text(name)):  # sometimes: said aloud as an assumption, on the first line
            assert "assuming (not said)" in first.lower() and name in first, (name, first)
            assert "exchange" in first, (name, first)
        else:  # always: out of play as it is played
            assert "Clean-up" not in first and "as it is played" in first, (name, first)
            assert entry(out, name)["leaves_play"]["moment"] != "clean-up", (name, out["chain"])


def test_said_exchanged_it_leaves_play_before_clean_up():
    for name in exchangers():
        out = ask(f"{name}[removed]")
        leaves = entry(out, name)["leaves_play"]
        assert leaves["moment"] != "clean-up" and leaves["turn"] == 0, (name, leaves)
        assert "assuming" not in out["summary"].lower(), (name, out["summary"])


def test_a_traveller_is_still_discarded_in_clean_up():
    travellers = sorted({c.name for c in _cards().values() if "Traveller" in c.type})
    for name in travellers[:4]:
        out = ask(name)
        assert entry(out, name)["leaves_play"]["moment"] == "clean-up", (name, out["chain"])
