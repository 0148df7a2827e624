"""`arbiter ask` and `/ask`, shared by both front ends: read a sentence as one per-game command (engine/reader.py),
then answer that command exactly as the per-game command does (same engine, same ruling id, stored alike).

The documented `--json` object (a stable contract, see README):
  {"question": TEXT,
   "read_as": {"game", "command", "inputs", "text", "slash", "cli"} | null,
   "unused": [words], "notes": [choices the reader made], "others": [{"label", "read_as"}],
   "asked": null | {"kind", "why", "options": [{"label", "read_as"}]},
   "answer": the per-game command's own JSON answer | null,
   "timing": {"read_ms", "answer_ms"}}
`inputs` are exactly what the per-game command takes (its command-line param names).
Nothing here names a game: the games are those whose ruleset declares a `phrasebook` (engine/interface.py).
"""

from __future__ import annotations

import hashlib
import shlex
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.answers import matcher_file
from bot.answers.context import Request
from bot.answers.games import ask, find_question, game_cards, game_matcher, game_name
from bot.answers.service import Arbiter
from engine.card_spans import SpanIndex, common_words
from engine.interface import Param, phrasebook_of, plugin_inputs, questions_of, shortcuts_of
from engine.matching import MatchResult
from engine.plain_words import headline
from engine.printings import PrintingReport, match_note
from engine.reader import GameCards, ReadResult, inputs_json, read
from engine.registry import all_rulesets, find_ruleset
from engine.sentence import CardSpan, Option, Reading

_LOCK = threading.Lock()
_INDEXES: weakref.WeakKeyDictionary[Any, SpanIndex] = weakref.WeakKeyDictionary()
_COMMON: dict[tuple[int, ...], frozenset[str]] = {}


def askable_rulesets() -> list[Any]:
    return [r for r in all_rulesets() if phrasebook_of(r) is not None]


def question_of(ruleset: Any, command: str) -> Any:
    shortcut = shortcuts_of(ruleset).get(command)
    return shortcut if shortcut is not None else find_question(ruleset, command)


def is_shortcut(ruleset: Any, command: str) -> bool:
    return command in shortcuts_of(ruleset) and not any(q.command == command for q in questions_of(ruleset))


def command_text(ruleset: Any, reading: Reading, surface: str) -> str:
    """The per-game command the reading stands for, as that surface writes it: `/<game> <command> name: value`
    in Discord, `arbiter <game> [<command>] ...` on the command line."""
    question = question_of(ruleset, reading.command)
    inputs = dict(reading.inputs)
    version = inputs.pop("ruleset", None)
    shortcut = is_shortcut(ruleset, reading.command)
    if surface == "discord":
        book = phrasebook_of(ruleset)
        options = book.slash_inputs(reading.command, inputs) if book is not None else inputs
        head = f"/{reading.command}" if shortcut else f"/{ruleset.game} {reading.command}"
        parts = [head] + [f"{k}: {_slash_value(v)}" for k, v in options.items() if v not in (None, "", [], False)]
        if version:
            parts.append(f"ruleset: {version}")
        return " ".join(parts)
    several = len(questions_of(ruleset)) > 1
    words = ["arbiter", reading.command] if shortcut else ["arbiter", ruleset.game] + ([reading.command] if several
                                                                                        else [])
    params = {p.name: p for p in plugin_inputs(question.params, "cli")}
    sequence = next((p.sequence for p in params.values() if p.sequence), None)
    if sequence and inputs.get(sequence):
        for name, value in inputs[sequence]:
            words += [params[name].cli_flag or name, value]
    for name, value in inputs.items():
        param = params.get(name)
        if param is None or (sequence and param.sequence == sequence) or value in (None, "", [], False):
            continue
        words += _cli_words(param, value)
    if version:
        words += ["--ruleset", str(version)]
    return " ".join(shlex.quote(w) if w not in ("arbiter",) else w for w in words)


def _cli_words(param: Param, value: Any) -> list[str]:
    values = list(value) if isinstance(value, list | tuple) else [value]
    if param.kind == "flag":
        return [param.cli_flag or f"--{param.name.replace('_', '-')}"]
    if param.cli_flag is None:
        return [str(v) for v in values]
    if param.many:
        return [param.cli_flag, *map(str, values)]
    out: list[str] = []
    for v in values:
        out += [param.cli_flag, str(v)]
    return out


def _slash_value(value: Any) -> str:
    if value is True:
        return "True"
    if isinstance(value, list | tuple):
        return "; ".join(str(v) for v in value)
    return str(value)


class Asker:
    """Reads sentences against one Arbiter's catalog (per server: its own aliases) and answers them."""

    def __init__(self, arbiter: Arbiter, matcher_of: Any = None) -> None:
        """`matcher_of(ruleset)`: a plug-in game's shared matcher as the front end keeps it (the bot's indexes);
        by default built once here."""
        self.arbiter = arbiter
        self._matcher_of = matcher_of
        self._own: dict[str, Any] = {}

    def games(self, guild: str | int | None = None) -> list[GameCards]:
        out = []
        rulesets = askable_rulesets()
        matchers = {r.game: self._matcher(r, guild) for r in rulesets}
        loaded: dict[str, tuple[list[Any], list[tuple[str, str, str | None]]]] = {}

        def cards_of(ruleset: Any) -> tuple[list[Any], list[tuple[str, str, str | None]]]:
            if ruleset.game not in loaded:
                loaded[ruleset.game] = self._cards_and_aliases(ruleset)
            return loaded[ruleset.game]

        def build() -> tuple[frozenset[str], dict[str, SpanIndex]]:
            common = self._common(rulesets, matchers, cards_of)
            return common, {r.game: self._index(r, matchers[r.game], common, cards_of) for r in rulesets}

        _, indexes = self._kept(rulesets, matchers, build) if self.arbiter.matcher_files else build()
        for ruleset in rulesets:
            matcher = matchers[ruleset.game]
            out.append(GameCards(ruleset.game, game_name(ruleset), phrasebook_of(ruleset), indexes[ruleset.game],
                                 matcher.match, lambda reading, surface, r=ruleset: command_text(r, reading, surface)))
        return out

    def _kept(self, rulesets: Sequence[Any], matchers: Mapping[str, Any],
              build: Callable[[], tuple[frozenset[str], dict[str, SpanIndex]]]
              ) -> tuple[frozenset[str], dict[str, SpanIndex]]:
        """The command line: every game's name words kept beside the database (bot/answers/matcher_file.py) while
        the catalog and the code are unchanged, so a question reads them instead of building them again (seconds
        over the five games). Taken into this process's own indexes as if built here."""
        bases = [getattr(matchers[r.game], "base", matchers[r.game]) for r in rulesets]
        with _LOCK:
            held = [_INDEXES.get(base) for base in bases]
            common = _COMMON.get(tuple(map(id, bases)))
        if common is not None and all(index is not None and index.common is common for index in held):
            return common, {r.game: index for r, index in zip(rulesets, held, strict=True)}  # type: ignore[misc]
        catalog = self.arbiter.catalog
        mark = matcher_file.catalog_mark(catalog.path, catalog.newest_change())
        names = [r.game if not questions_of(r) else f"{r.game}-with-starter" for r in rulesets]
        key = hashlib.sha256(b"ask\0" + b"\0".join(matcher_file.key_for(n, mark) for n in names)).hexdigest()
        common, indexes = matcher_file.kept_index(catalog.path, "ask", key.encode(), build)
        with _LOCK:
            _COMMON.clear()
            _COMMON[tuple(map(id, bases))] = common
            for ruleset, base in zip(rulesets, bases, strict=True):
                _INDEXES[base] = indexes[ruleset.game]
        return common, indexes

    def _matcher(self, ruleset: Any, guild: str | int | None) -> Any:
        if not questions_of(ruleset):
            return self.arbiter.matcher_for(ruleset.game, guild)
        if self._matcher_of is not None:
            base = self._matcher_of(ruleset)
        else:
            base = self._own.get(ruleset.game)
            if base is None:
                base = self._own[ruleset.game] = game_matcher(self.arbiter, ruleset)
        return base if guild is None else self.arbiter.matcher_for(ruleset.game, guild, base=base)

    def _cards_and_aliases(self, ruleset: Any) -> tuple[list[Any], list[tuple[str, str, str | None]]]:
        if questions_of(ruleset):
            return game_cards(self.arbiter, ruleset), [*ruleset.starter().aliases,
                                                       *self.arbiter.aliases_of(ruleset.game)]
        return self.arbiter.cards_of(ruleset.game), self.arbiter.aliases_of(ruleset.game)

    def _common(self, rulesets: Sequence[Any], matchers: Mapping[str, Any], cards_of: Any) -> frozenset[str]:
        """The rules words of every game's card texts (built again when any game's matcher is new)."""
        key = tuple(id(getattr(matchers[r.game], "base", matchers[r.game])) for r in rulesets)
        with _LOCK:
            found = _COMMON.get(key)
        if found is None:
            found = common_words(c.text for r in rulesets for c in cards_of(r)[0])
            with _LOCK:
                _COMMON.clear()
                _COMMON[key] = found
        return found

    def _index(self, ruleset: Any, matcher: Any, common: frozenset[str], cards_of: Any) -> SpanIndex:
        base = getattr(matcher, "base", matcher)  # a server's layered matcher: its shared one's index
        with _LOCK:
            found = _INDEXES.get(base)
        if found is None or found.common is not common:
            cards, aliases = cards_of(ruleset)
            found = SpanIndex(ruleset.game, cards, aliases, common)
            with _LOCK:
                _INDEXES[base] = found
        return found

    def read(self, text: str, guild: str | int | None = None) -> tuple[ReadResult, float]:
        games = self.games(guild)
        started = time.perf_counter()
        result = read(text, games)
        return result, (time.perf_counter() - started) * 1000

    def answer(self, reading: Reading, guild: str | int | None = None, version: str | None = None,
               cards: Sequence[CardSpan] = ()) -> dict[str, Any]:
        """The per-game command's own answer to a reading (stored as that command stores it). `cards`: the card
        spans the sentence was read with; a card named there loosely or without its printing gets the note the
        command gives for the name as typed (the reading names each card exactly, which needs no note)."""
        answer = self._answer(reading, guild, version, cards)
        if reading.unread:
            unread_first(answer, reading.unread, reading.unread_of_read)
        if cards:
            typed_notes(answer, cards, lambda game: self._matcher(find_ruleset(game), guild),
                        lambda match: self.arbiter.printing_report(match, guild))
        return answer

    def _typed_match(self, ruleset: Any, asked: str, cards: Sequence[CardSpan],
                     guild: str | int | None) -> MatchResult | None:
        """The match of the card's name as the sentence typed it, when it leads to the card read (the default
        printing of a name whose printings read apart): the duration answer then judges those printings too and
        says whether a player holding one gets another answer, as the command asked by that name does."""
        span = _typed_card(cards, asked)
        if span is None:
            return None
        typed = self._matcher(ruleset, guild).match(span.typed)
        if typed.card is None or typed.card != span.card:
            return None
        return typed

    def _answer(self, reading: Reading, guild: str | int | None, version: str | None,
                cards: Sequence[CardSpan] = ()) -> dict[str, Any]:
        ruleset = find_ruleset(reading.game)
        inputs = dict(reading.inputs)
        version = str(inputs.pop("ruleset", None) or version or next(iter(ruleset.versions())))
        if is_shortcut(ruleset, reading.command):
            question = question_of(ruleset, reading.command)
            events = question.parse_events(inputs.get("then") or [])
            extra = {k: inputs[k] for k in ("turn", "players") if inputs.get(k)}
            typed = self._typed_match(ruleset, str(inputs["card"]), cards, guild)
            answer = self.arbiter.duration(str(inputs["card"]), played_in=inputs.get("played_in"), events=events,
                                           ruleset=version, part=inputs.get("part"), guild=guild,
                                           extra=extra or None, card=typed.card if typed else None, match=typed)
            return answer.as_json()
        matcher = self._matcher(ruleset, guild)
        layer = (lambda card: self.arbiter.layer_annotations(card, guild)) if guild is not None else None
        request = Request(lambda _ruleset: matcher, self.arbiter.shared_annotations, layer,
                          None if guild is None else str(guild), self.arbiter.rulings, self.arbiter.officials())
        return ask(request, ruleset, inputs, version, reading.command)


def _typed_card(cards: Sequence[CardSpan], asked: str) -> CardSpan | None:
    return next((c for c in cards if c.card is not None and asked in (c.card.name, c.card.label, c.named)), None)


def unread_first(answer: dict[str, Any], unread: Sequence[str], of_read: Sequence[str] = ()) -> None:
    """The answer's first line says what of the question's conditions it leaves out, words the reader found no
    condition of the card's text to turn on (what does, engine/sentence.py `bearing`, is asked back instead): the
    player knows the answer is not to those words."""
    summary = str(answer.get("summary") or "")
    if not summary:
        return
    said = "”, “".join(unread)
    why = "said of what it read" if set(unread) <= set(of_read) else \
        "no condition in the card's text turns on it" if not set(unread) & set(of_read) else \
        "said of what it read, or no condition in the card's text turns on it"
    told = f"Leaving out “{said}” ({why}) — {summary}"
    explanation = str(answer.get("explanation") or "")
    first, newline, rest = explanation.partition("\n")
    if first.strip() == summary.strip():
        answer["explanation"] = told + newline + rest
    answer["summary"] = told
    answer["unread"] = list(unread)


def typed_notes(answer: dict[str, Any], cards: Sequence[CardSpan], matcher_of: Callable[[str], Any],
                report_of: Callable[[MatchResult], PrintingReport | None]) -> None:
    """Each match of `answer` without a note gets the note its card's words as typed in the sentence would give
    (“plague of flies”: its (Promo), (UL) printings read differently), when they lead to the same card."""
    matches = answer.get("match")
    for m in matches if isinstance(matches, list) else [matches] if isinstance(matches, dict) else []:
        printing = m.get("printing") or {}
        if m.get("note") or not printing:
            continue
        span = next((c for c in cards if c.card is not None and c.card.name == printing.get("name")
                     and c.card.set == printing.get("set")), None)
        if span is None:
            continue
        typed = matcher_of(span.game).match(span.typed)
        if typed.card is not None and typed.card.name == span.card.name and typed.card.set == span.card.set:
            m["note"] = match_note(typed, report_of(typed))


def read_as_json(reading: Reading, surface: str = "cli") -> dict[str, Any]:
    ruleset = find_ruleset(reading.game)
    return {"game": reading.game, "command": reading.command, "inputs": inputs_json(reading.inputs),
            "text": command_text(ruleset, reading, surface), "slash": command_text(ruleset, reading, "discord"),
            "cli": command_text(ruleset, reading, "cli")}


def option_json(option: Option, surface: str = "cli") -> dict[str, Any]:
    return {"label": option.label, "read_as": read_as_json(option.reading, surface)}


def result_json(result: ReadResult, answer: Mapping[str, Any] | None, read_ms: float, answer_ms: float | None,
                surface: str = "cli") -> dict[str, Any]:
    """The documented `arbiter ask --json` object; its first field `summary` is the player's answer (the answer's
    own `summary`), null when it asked back; `headline` the line of it every surface shows first."""
    reading = result.reading
    asked = None
    if result.asked is not None:
        asked = {"kind": result.asked.kind, "why": result.asked.why,
                 "options": [option_json(o, surface) for o in result.asked.options]}
    summary = answer.get("summary") if answer is not None else None
    return {"summary": summary,
            "headline": headline(str(summary))[0] if summary else None,
            "question": result.text,
            "read_as": read_as_json(reading, surface) if reading is not None else None,
            "unused": list(result.unused),
            "unread": list(reading.unread) if reading is not None else [],
            "notes": list(reading.notes) if reading is not None else list(result.notes),
            "others": [option_json(o, surface) for o in reading.others] if reading is not None else [],
            "asked": asked,
            "answer": dict(answer) if answer is not None else None,
            "timing": {"read_ms": round(read_ms, 3),
                       "answer_ms": round(answer_ms, 3) if answer_ms is not None else None}}

