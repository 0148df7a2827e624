"""Blind round dominion-seed38341, classes 1 and 2: a card whose own text moves it to a mat or a named pile as it is
played ("Put this on your Tavern mat", the Reserve cards; "Put this and a card from your hand onto your Island mat",
Island; "Return this to the Madman pile", Madman; "When you play this, return it to the Spoils pile", Spoils) leaves
play then, not in a Clean-up, as "Return this to its pile" (Horse) already did. Chains inherit it: a Throne variant's
later play cannot move it again (the Stop-Moving rule) and Royal Galley fails to set it aside, so it is discarded
this turn (Royal Galley's FAQ). Every real card sharing the wording is found by this file's own reading of the data
and judged by the real engine."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.rulesets.dominion.behaviour import types_of
from tests.engine.dominion.test_dominion_issue34 import _cards, ask, entry
from tests.engine.dominion.test_dominion_round4 import asker  # noqa: F401 (fixture)

# The printed words, read here apart from the engine: where the card goes, said of itself as it is played.
_MAT = re.compile(r"^(?:\+?\$\d+\s*|\+\d+ \w+\s*)*put this (?:and [^.]*? )?(?:on|onto) your ([\w'-]+) mat\b", re.I)
_NAMED_PILE = re.compile(r"^(?:\+?\$\d+\s*|\+\d+ \w+\s*)*(?:when you play this, )?return (?:this|it) to the "
                         r"([\w'-]+) pile\b", re.I)


def _sentences(card) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s*", card.text) if s.strip()]


@cache
def moving_to(pattern: re.Pattern) -> dict[str, str]:
    """Every real playable card with a sentence of `pattern`: name -> the mat or pile it names."""
    found = {}
    for card in _cards().values():
        if "Duration" in types_of(card) or not {"Action", "Treasure", "Night"} & set(types_of(card)):
            continue
        for sentence in _sentences(card):
            m = pattern.search(sentence)
            if m:
                found[card.name] = m.group(1)
                break
    return found


def mat_cards() -> dict[str, str]:
    return moving_to(_MAT)


def pile_cards() -> dict[str, str]:
    return moving_to(_NAMED_PILE)


def test_the_classes_are_the_real_cards():
    mats, piles = mat_cards(), pile_cards()
    tavern = sorted(n for n, mat in mats.items() if mat == "Tavern")
    assert len(tavern) == 9 and {"Wine Merchant", "Coin of the Realm", "Ratcatcher", "Teacher"} <= set(tavern), tavern
    assert {n for n, mat in mats.items() if mat != "Tavern"} == {"Island"}, mats
    assert sorted(piles) == ["Madman", "Spoils"], piles
    assert all(piles[n] == n for n in piles)  # each returns itself to its own pile, named


def _played_by(card: str) -> str:
    return "Crown" if "Action" not in types_of(_cards()[card.lower()]) else "Throne Room"


@pytest.mark.parametrize("name", sorted({**mat_cards(), **pile_cards()}))
def test_a_card_moving_itself_leaves_play_as_it_is_played(name):
    out = ask(name)
    leaves = entry(out, name)["leaves_play"]
    assert leaves["moment"] == "removed" and leaves["cleanup"] == "removed", out["summary"]
    assert "as it is played" in out["summary"] and "Clean-up" not in out["summary"], out["summary"]
    assert not out["assumed"], out["assumed"]

    # a Throne variant plays it twice: the first play moved it, the second cannot; the Throne stays this turn only
    throne = _played_by(name)
    twice = ask(f"{throne} > {name}")
    assert entry(twice, name)["leaves_play"]["moment"] == "removed", twice["summary"]
    assert entry(twice, throne)["leaves_play"]["cleanup"] == "this-turn", twice["summary"]


@pytest.mark.parametrize("name", sorted(n for n in {**mat_cards(), **pile_cards()}
                                        if "Action" in types_of(_cards()[n.lower()])))
def test_royal_galley_fails_to_set_aside_a_card_that_moved_itself(name):
    """Royal Galley's FAQ: if the card moved elsewhere, it is not set aside and Royal Galley is discarded that turn."""
    out = ask(f"Royal Galley > {name}")
    assert entry(out, "Royal Galley")["leaves_play"]["cleanup"] == "this-turn", out["summary"]
    assert entry(out, name)["leaves_play"]["moment"] == "removed", out["summary"]


def _said(name: str) -> str:
    if name in pile_cards():
        return f"I played {name} and returned it to the {pile_cards()[name]} pile. When does it leave play?"
    return f"I played {name} and put it on my {mat_cards()[name]} mat. When does it leave play?"


@pytest.mark.parametrize("name", sorted({**mat_cards(), **pile_cards()}))
def test_the_move_said_in_a_sentence_is_read(asker, name):  # noqa: F811
    result, _ = asker.read(_said(name))
    assert result.reading is not None, result.asked
    assert result.reading.inputs["chain"] == [name]
    assert not result.unused, result.unused


def _named_with_question_words() -> list[str]:
    """Every real card whose name holds a word the reader turns away as another kind of question ("coin")."""
    from engine.rulesets.dominion.phrases_ask import DominionPhrases

    return sorted(c.name for c in _cards().values()
                  if any(re.search(p, c.name.lower()) for p in DominionPhrases.cannot))


def test_the_cards_named_with_question_words_are_the_real_ones():
    assert len(_named_with_question_words()) >= 2 and "Coin of the Realm" in _named_with_question_words()


@pytest.mark.parametrize("name", _named_with_question_words())
def test_a_card_name_is_no_question_word(asker, name):  # noqa: F811
    """"Coin of the Realm" was turned away as a question about coins; the same word outside a name still is."""
    result, _ = asker.read(f"When does {name} leave play?")
    assert result.reading is not None and result.reading.inputs["chain"] == [name], result.asked
    result, _ = asker.read(f"How many coins does {name} give?")
    assert result.reading is None and result.asked.kind == "cannot-ask"
