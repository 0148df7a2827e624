"""Plain words on every game's real cards: a seeded sample of each game's real card data (../shared/data), asked
in-process through the same path the front ends take (engine questions, the front ends' matcher and match
objects), each of the game's worked examples with the sampled card in place of its own. Every answer's first
line (`summary`) keeps the plain-words rules of engine/plain_words.py: no rule ids, part numbers, layer or step
letters, event keys, tallies or code; sentences under 40 words; quotes of the card cut at a whole word. Buttons
and labels (the "Then:" events, the version buttons) are in players' words too."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest

from bot.answers.context import Request
from bot.answers.games import answer_with_lookup
from bot.answers.service import LookupProblem, duration_question, match_json
from bot.catalog.importer import parse_lackey
from engine.cards import Card
from engine.interface import QuestionError, event_words, examples_of, questions_of
from engine.matching import Matcher
from engine.plain_words import code_words, problems
from engine.printings import printing_rank_of
from engine.registry import all_rulesets, find_ruleset
from engine.rulesets.grand_archive.scenario import EVENTS as GA_EVENTS
from engine.rulesets.l5r.lifetime import EVENTS as L5R_EVENTS
from tests.shared_paths import require_shared

SEED = 3303
SAMPLE = 120  # cards per game: a new seed draws others; SAMPLE=None in a local run checks every card
GAMES = sorted(r.game for r in all_rulesets())


@cache
def real_cards(game: str) -> tuple[Card, ...]:
    ruleset = find_ruleset(game)
    sources = getattr(ruleset, "sources", None)
    if sources is None:  # Redemption: LackeyCCG's carddata.txt, imported by `arbiter redemption-import`
        path = require_shared("redemption", "carddata.txt")
        return tuple(parse_lackey(path.read_text(encoding="utf-8")))
    root = require_shared(sources.folder)  # parsed as `arbiter <game>-import` parses it, without the import's checks
    return tuple(sources.parse({rel: (root / rel).read_text(encoding="utf-8-sig") for rel in sources.files}))


@cache
def sample(game: str) -> tuple[Card, ...]:
    pool = sorted({c.name: c for c in real_cards(game) if c.text.strip()}.values(), key=lambda c: c.name)
    return tuple(random.Random(f"{SEED}-{game}").sample(pool, min(SAMPLE or len(pool), len(pool))))


@cache
def matcher(game: str) -> Matcher:
    """The front ends' matcher over every printing of the sampled cards (the whole catalog takes seconds to index)."""
    names = {c.name for c in sample(game)}
    return Matcher([c for c in real_cards(game) if c.name in names], prefer=printing_rank_of(find_ruleset(game)))


def event_keys() -> set[str]:
    return {*duration_question().events, *L5R_EVENTS, *GA_EVENTS}


def with_card(example: Mapping[str, Any], question: Any, name: str) -> dict[str, Any] | None:
    """The worked example asked about another card: its first card input holds `name` instead (None for an
    example that names no card)."""
    inputs = {k: v for k, v in example.items() if k != "ruleset"}
    param = next((p for p in question.params if p.card_names and p.name in inputs), None)
    if param is None:
        return None
    inputs[param.name] = [name] if param.repeat else name
    for other in question.params:  # a second list of cards ("items" beside "item") would ask two questions
        if other.card_names and other is not param and other.name in inputs and other.separators:
            inputs.pop(other.name)
    return inputs


def answers(game: str) -> Iterator[tuple[Card, dict[str, Any]]]:
    """Each sampled card asked every way the game's examples ask, as the front ends ask it."""
    ruleset = find_ruleset(game)
    if game == duration_question_game():
        question = scenario = duration_question()
        for card in sample(game):
            match = matcher(game).match(card.name)
            for played_in, events in ((None, ()), ("battle", ("phase-ends",))):
                verdict = question.judge(card, played_in=played_in, events=events, annotations=(),
                                         version="current", part=None)
                data = question.render(verdict, match_json(match))
                yield card, data
                for event in scenario.next_events(data)[:2]:
                    later = question.judge(card, played_in=played_in, events=(*events, event), annotations=(),
                                           version="current", part=None)
                    yield card, question.render(later, match_json(match))
        return
    for question in questions_of(ruleset):
        for example in examples_of(question)[:3]:
            for card in sample(game):
                inputs = with_card(example, question, card.name)
                if inputs is None:
                    break
                try:
                    data, _ = answer_with_lookup(Request(lambda _ruleset: matcher(game)), ruleset, inputs,
                                                 example.get("ruleset", "current"), question.command)
                except (QuestionError, LookupProblem):
                    continue  # a question this card does not answer: refused in one sentence (tested elsewhere)
                yield card, data


def duration_question_game() -> str:
    return next(r.game for r in all_rulesets() if getattr(r, "shortcuts", None))


@pytest.mark.parametrize("game", GAMES)
def test_every_first_line_is_in_plain_words(game):
    ruleset = find_ruleset(game)
    ids, keys = list(ruleset.rules()), event_keys()
    bad, asked = [], 0
    for card, data in answers(game):
        asked += 1
        matches = data["match"] if isinstance(data["match"], list) else [data["match"]]
        names = [card.name, card.label, *(m.get("card", "") for m in matches),
                 *(m.get("printing", {}).get("name", "") for m in matches)]
        texts = [card.text, *(c.text for c in matcher(game).cards if c.name in names[2:])]
        found = problems(data["summary"], rule_ids=ids, event_keys=keys, sources=texts, names=names)
        found += [f"code in the explanation: {c}" for c in code_words(data["explanation"])]
        if found:
            bad.append(f"{card.name}: {data['summary']}\n    -> {'; '.join(found)}")
    assert asked * 3 >= len(sample(game)), f"only {asked} answers for {game}"
    assert not bad, f"{len(bad)} of {asked} first lines break the plain-words rules:\n" + "\n".join(bad[:15])


def test_buttons_and_version_labels_are_in_players_words():
    question, keys = duration_question(), event_keys()
    for event in question.events:
        label = f"Then: {event_words(question, event)}"
        assert not problems(label, event_keys=keys), label
        assert "-" not in event or event not in label
    for ruleset in all_rulesets():
        for key, version in ruleset.versions().items():
            assert version.label and key not in version.label.split(), (ruleset.game, key)
            assert not problems(version.label, rule_ids=list(ruleset.rules()), event_keys=keys), version.label
