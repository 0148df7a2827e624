"""The exact name typed wins (blind round redemption-seed42011 S6/S7: "Angel's Sword", the Ki card's whole name, was
answered for "Angel's Sword [RR2]", quoting that card's trigger); a form of a name that is no printing's whole name
("joshua high priest", its "the" dropped) is the card's title and answers the default printing, as `arbiter card` does
(new-user trial 42300 #1: it answered the (Pri) printing while `card` named (PoC)). Checked over every real card of
the five games whose printings share a title, derived from the data."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pytest

from engine.cards import Card
from engine.matching import Matcher
from engine.names import base_name, card_identity, fold, without_inner_the
from engine.printings import compare_printings, match_note
from engine.registry import find_ruleset
from tests.engine.test_plain_words_real import real_cards

GAMES = ("redemption", "ashes", "dominion", "grand-archive", "l5r")


@cache
def matcher(game: str) -> Matcher:
    ruleset = find_ruleset(game)
    return Matcher(real_cards(game), prefer=getattr(ruleset, "printing_rank", None))


@cache
def families(game: str) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = defaultdict(list)
    for card in {c.key: c for c in real_cards(game)}.values():
        out[card_identity(card.name)].append(card)
    return {k: v for k, v in out.items() if len(v) > 1}


def titled(game: str) -> list[tuple[Card, list[Card]]]:
    """(the printing whose whole name is the title, the card's other printings) for each card of several printings
    where one printing's name carries no printing suffix and another's does."""
    out = []
    for printings in families(game).values():
        bare = [c for c in printings if fold(c.name) == fold(base_name(c.name))]
        if len(bare) == 1 and len({fold(base_name(c.name)) for c in printings}) == 1:
            out.append((bare[0], [c for c in printings if c is not bare[0]]))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_name_typed_answers_that_printing(game):
    cases = titled(game)
    checked = 0
    for card, _others in cases:
        result = matcher(game).match(card.name)
        if result.card is None:  # asked back: another card shares the name
            continue
        checked += 1
        assert result.card == card and result.chosen == "title" and result.how == "exact", (card.name, result.card)
    if game == "redemption":
        assert checked >= 300 and any(c.name == "Angel's Sword" for c, _ in cases), checked


def test_the_other_printings_are_said_beside_it_when_they_read_differently():
    ruleset = find_ruleset("redemption")
    said = 0
    for card, _ in titled("redemption"):
        result = matcher("redemption").match(card.name)
        if result.card != card:
            continue
        report = compare_printings(card, result.printings, result.chosen, lambda c: ruleset.reading_key(c, ()))
        note = match_note(result, report)
        if report.differ:
            said += 1
            assert note.startswith(f"answered for {card.label}, the printing of that exact name"), note
            assert "differently" in note, note
    assert said >= 100, said


def test_a_form_of_the_name_is_the_cards_title_and_answers_the_default():
    """A name with its inner "the" dropped is a form of every printing's name alike: the default printing answers,
    whichever printing happens to print the bare title."""
    checked = 0
    for game in GAMES:
        for card, others in titled(game):
            short = without_inner_the(fold(card.name))
            if short == fold(card.name):
                continue
            result = matcher(game).match(short)
            if result.card is None or card_identity(result.card.name) != card_identity(card.name):
                continue
            checked += 1
            assert result.chosen == "default", (card.name, result.card.label, result.chosen)
            rank = getattr(find_ruleset(game), "printing_rank", None)
            if rank is not None:  # the stated rule's highest printing, as a card's title answers it
                assert rank(result.card) == max(rank(c) for c in [card, *others]), (card.name, result.card.label)
    assert checked >= 20, checked


def test_a_moderators_default_still_answers_the_title():
    """A server's moderators chose which printing the card's title means: it answers, as before."""
    ruleset = find_ruleset("redemption")
    cases = [(card, others) for card, others in titled("redemption")
             if matcher("redemption").match(card.name).card == card]
    chosen = {card_identity(card.name): (others[0].name, others[0].set) for card, others in cases[::25]}
    moderated = Matcher(real_cards("redemption"), prefer=ruleset.printing_rank, defaults=chosen)
    for card, others in cases[::25]:
        result = moderated.match(card.name)
        assert (result.card, result.chosen) == (others[0], "moderator"), (card.name, result.card.label)
    assert len(chosen) >= 10
