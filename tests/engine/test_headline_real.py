"""The line a player reads first, at a glance, over every real card of every game (../shared/data): each card asked
once per question of its game (the first of the game's worked examples it answers, with the card in its place),
in-process through the path the front ends take. On the command line (text) and in Discord (the public embed),
the first line is the answer's headline (engine.plain_words.headline): one sentence shorter than HEADLINE_WORDS
words, never an assumption ahead of the answer, never only its who and when ("Kaiu Nakano after he attacks you."),
never a vague "what it changes stays changed", with the rest of the answer, every word of it (card quotes may be
cut), on the line under it (the web page's heading uses the same function: tests/engine/test_summary_first.py).
Reinforce's answer was one 96-word line."""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from bot.answers.context import Request
from bot.answers.games import answer_with_lookup
from bot.answers.service import LookupProblem, duration_question, match_json
from bot.cli.common import print_answer
from bot.discord.answers import answer_embed
from bot.discord.limits import safe
from engine.cards import Card
from engine.interface import QuestionError, examples_of, questions_of
from engine.matching import Matcher
from engine.plain_words import HEADLINE_WORDS, _has_answer, headline, outside_quotes, sentences
from engine.printings import printing_rank_of
from engine.registry import all_rulesets, find_ruleset
from tests.engine.test_plain_words_real import duration_question_game, real_cards, with_card

GAMES = sorted(r.game for r in all_rulesets())
# Lines that say something changed without saying what (trial 38300: Tsuruchi Hankyu, a Ranged 2 Attack)
VAGUE = ("what it changes stays changed", "something happens")


def said(text: str) -> list[str]:
    """The words of `text` in order, whatever their case and the stops, commas and brackets between them."""
    return [w.strip(".,;:()").casefold() for w in text.split() if w.strip(".,;:()")]


def words(text: str) -> int:
    return len([w for w in text.split() if any(ch.isalnum() for ch in w)])


@cache
def every_card(game: str) -> tuple[Card, ...]:
    return tuple(sorted({c.name: c for c in real_cards(game) if c.text.strip()}.values(), key=lambda c: c.name))


def answers(game: str) -> Iterator[tuple[Card, dict[str, Any], Any]]:
    """Every real card of `game`, asked once per question, as the front ends ask it (the answer and its question)."""
    ruleset = find_ruleset(game)
    matcher = Matcher(list(real_cards(game)), prefer=printing_rank_of(ruleset))
    if game == duration_question_game():
        question = duration_question()
        for card in every_card(game):
            verdict = question.judge(card, played_in="battle", events=("phase-ends",), annotations=(),
                                     version="current", part=None)
            yield card, question.render(verdict, match_json(matcher.match(card.name))), question
        return
    for question in questions_of(ruleset):
        examples = [e for e in examples_of(question) if with_card(e, question, "x") is not None][:3]
        for card in every_card(game) if examples else ():
            for example in examples:  # the first of the game's worked examples this card answers
                try:
                    data, _ = answer_with_lookup(Request(lambda _ruleset: matcher), ruleset,
                                                 with_card(example, question, card.name),
                                                 example.get("ruleset", "current"), question.command)
                except (QuestionError, LookupProblem):
                    continue  # a question this card does not answer: refused in one sentence (tested elsewhere)
                yield card, data, question
                break


def cli_lines(data: dict[str, Any]) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_answer(data, argparse.Namespace(json=False))
    return out.getvalue().splitlines()


@pytest.mark.parametrize("game", GAMES)
def test_every_cards_first_line_is_read_at_a_glance_on_every_surface(game):
    long, asked, split, bad = 0, 0, 0, []
    for card, data, question in answers(game):
        asked += 1
        data.setdefault("ruling_id", "XX-0000000000")
        summary = data["summary"]
        first, more = headline(summary)
        long += words(summary) >= HEADLINE_WORDS
        split += bool(more)
        problems = []
        if words(first) >= HEADLINE_WORDS:
            problems.append(f"a first line of {words(first)} words")
        if sorted(said(outside_quotes(f"{first} {more}"))) != sorted(said(outside_quotes(summary))):
            problems.append("words lost")
        if more and (sentences(first) != [first] or not first.endswith(".") or first.startswith("Assuming")):
            problems.append("not one sentence of the answer")
        if not more and first != " ".join(summary.split()) and "…”" not in first:
            problems.append("an answer neither whole nor with its quotes cut")
        if more and not _has_answer(first, sentences(" ".join(summary.split()))[0]):
            problems.append("a first line that stops at who and when")  # "X after he attacks you." (trial 38300)
        problems += [f"a vague line: {v}" for v in VAGUE if v in first]
        lines = cli_lines(data)
        if lines[:2 if more else 1] != ([first, more] if more else [first]):
            problems.append(f"the command line shows first: {lines[:2]}")
        shown = answer_embed(question.present(data), data).description.splitlines()
        if shown[0] != f"**{safe(first)}**" or (more and shown[1] != safe(more)):
            problems.append(f"Discord shows first: {shown[:2]}")
        if problems:
            bad.append(f"{card.name}: {summary}\n    -> {'; '.join(problems)}")
    assert asked * 2 >= len(every_card(game)), f"only {asked} answers for {len(every_card(game))} cards"
    if game in ("ashes", "grand-archive"):  # these games' answers run long: the rule is exercised on real cards
        assert split * 10 >= long > 0
    assert not bad, f"{len(bad)} of {asked} answers:\n" + "\n".join(bad[:10])
