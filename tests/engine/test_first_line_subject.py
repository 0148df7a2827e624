"""A first line says what it is about (new-user trial 53300 D4): `arbiter dominion "sentinal" --on opponent-turn`
answered "Not allowed." alone, the card and the reason on the line under it. A bare verdict before a ": " ("Not
allowed") keeps the words after it that say what is not allowed (engine.plain_words.headline); checked over every
real Dominion card played on another player's turn, through the path the front ends take."""

from __future__ import annotations

from bot.answers.context import Request
from bot.answers.games import answer_with_lookup
from bot.answers.service import LookupProblem
from engine.interface import QuestionError, questions_of
from engine.matching import Matcher
from engine.plain_words import HEADLINE_WORDS, headline
from engine.printings import printing_rank_of
from engine.registry import find_ruleset
from tests.engine.test_headline_real import every_card, real_cards, words


def test_a_verdict_word_never_stands_alone_on_the_first_line():
    ruleset = find_ruleset("dominion")
    matcher = Matcher(list(real_cards("dominion")), prefer=printing_rank_of(ruleset))
    question = questions_of(ruleset)[0]  # its one question (`arbiter dominion`)
    refused = 0
    for card in every_card("dominion"):
        try:
            data, _ = answer_with_lookup(Request(lambda _ruleset: matcher), ruleset,
                                         {"chain": card.name, "on": "opponent-turn"}, "current", question.command)
        except (QuestionError, LookupProblem):
            continue
        first, _ = headline(data["summary"])
        if not first.startswith("Not allowed"):
            continue
        refused += 1
        assert first.startswith("Not allowed: ") and card.name.split(" (")[0] in first, (card.name, first)
        assert words(first) < HEADLINE_WORDS, first
    assert refused >= 100, refused  # most Dominion cards cannot be played on another player's turn
