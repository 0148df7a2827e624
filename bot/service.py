"""One object both front ends share: the catalog, the in-memory matchers and the Redemption engine.

The command line and the Discord bot call the same methods, so they give the same answers.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.catalog import Catalog, default_db_path
from bot.rulings.build import duration_inputs, duration_record
from bot.rulings.record import RulingRecord
from engine.cards import Annotation, Card
from engine.matching import Candidate, Matcher, MatchResult
from engine.printings import PrintingReport, compare_printings, matched_line, printing_rank_of, reading_key_of
from engine.registry import UnknownRuleset, find_ruleset
from engine.rulesets import redemption
from engine.rulesets.redemption.render import ruling_id, summary, verdict_json
from engine.rulesets.redemption.terms import read_card

REDEMPTION = "redemption"


class LookupProblem(Exception):
    """The card name did not lead to exactly one card; `match` says why and offers candidates."""

    def __init__(self, match: MatchResult, message: str) -> None:
        super().__init__(message)
        self.match = match
        self.message = message


def candidate_json(c: Candidate) -> dict[str, Any]:
    return {"name": c.card.name, "set": c.card.set, "label": c.card.label, "score": round(c.score, 1)}


def match_json(match: MatchResult, report: PrintingReport | None = None) -> dict[str, Any]:
    """The documented `match` object: query, how, candidates; for a found card also the printing judged, how it
    was chosen, every printing of the card (judged / alike / differently) and the lines an answer starts with."""
    out: dict[str, Any] = {"query": match.query, "how": match.how,
                           "candidates": [candidate_json(c) for c in match.candidates]}
    card = match.card
    if card is not None:
        report = report or PrintingReport(card, match.chosen or "named", (), ())
        out["printing"] = {"name": card.name, "set": card.set, "label": card.label}
        out.update(report.as_json())
        out["line"] = matched_line(match)
        out["printings_line"] = report.line()
    return out


def answer_lines(match: dict[str, Any] | list[dict[str, Any]] | None) -> list[str]:
    """The lines every front end shows before an answer: what each name was taken to mean, and how the card's
    printings read (`match` is one match object, or a list of them for an answer naming several cards)."""
    matches = match if isinstance(match, list) else [match] if match else []
    return [line for m in matches for line in (m.get("line", ""), m.get("printings_line", "")) if line]


def problem_message(match: MatchResult, set_hint: str | None = None) -> str:
    names = ", ".join(c.card.label for c in match.candidates[:10])
    query = " ".join(match.query.split())[:80] or "(empty)"
    if match.how == "ambiguous":
        more = f" (and {len(match.candidates) - 10} more)" if len(match.candidates) > 10 else ""
        return f"“{query}” matches several cards: {names}{more}. Which one? Give more of the name or a set."
    if match.how == "no-printing":
        card = match.printings[0] if match.printings else None
        sets = ", ".join(dict.fromkeys(c.set for c in match.printings))
        hint = " ".join((set_hint or "").split())[:40]
        name = card.name.split(" (")[0].split(" [")[0] if card else query
        return f"{name} has no printing in set “{hint}”; its sets: {sets}."
    if names:
        return f"No card matches “{query}”. Closest: {names}."
    return f"No card matches “{query}”."


DEFAULT_PRINTING = "default-printing:"  # setting name prefix: default-printing:<game>:<card identity>


def default_printing_key(game: str, identity: str) -> str:
    return f"{DEFAULT_PRINTING}{game}:{identity}"


@dataclass
class DurationAnswer:
    verdict: redemption.Verdict
    match: MatchResult
    report: PrintingReport | None = None
    notes: tuple[Annotation, ...] = ()  # the annotations the verdict used

    def as_json(self) -> dict[str, Any]:
        return verdict_json(self.verdict, match_json(self.match, self.report))

    def record(self, inputs: dict[str, Any], version: str, guild: str | None) -> RulingRecord:
        """This answer as a stored ruling (bot/rulings)."""
        return duration_record(self.verdict, self.notes, inputs, version, guild, ruling_id(self.verdict),
                               summary(self.verdict), self.verdict.trace.rules_cited())


class Arbiter:
    """The catalog plus an in-memory matcher per game, rebuilt after every write."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._lock = threading.Lock()
        self._matchers: dict[str, Matcher] = {}
        # Annotations held in memory once warmed, so the bot answers without touching the database.
        self._notes: dict[tuple[str, str, str], list[Annotation]] | None = None
        self._cards: list[Card] = []
        self._by_key: dict[tuple[str, str, str], Card] = {}
        # Where answers are stored (bot/rulings.RulingLog); None: not stored (benchmarks, asking again).
        self.rulings: Any = None

    @classmethod
    def open(cls, db: str | Path | None = None) -> Arbiter:
        return cls(Catalog.open(db or default_db_path()))

    def matcher(self, game: str = REDEMPTION) -> Matcher:
        with self._lock:
            found = self._matchers.get(game)
            if found is None:
                found = self.build_matcher(game, self.catalog.cards(game))
                self._matchers[game] = found
            return found

    def build_matcher(self, game: str, cards: Sequence[Card],
                      aliases: Sequence[tuple[str, str, str | None]] | None = None) -> Matcher:
        """A matcher over these cards with the game's default-printing rule and the moderators' defaults."""
        return Matcher(cards, self.catalog.aliases(game) if aliases is None else aliases,
                       prefer=printing_rank_of(_ruleset(game)), defaults=self.printing_defaults(game))

    def printing_defaults(self, game: str) -> dict[str, tuple[str, str]]:
        """Moderators' default printings of this game: card identity -> (name, set)."""
        prefix = default_printing_key(game, "")
        out: dict[str, tuple[str, str]] = {}
        for key, value in self.catalog.settings_with_prefix(prefix).items():
            try:
                chosen = json.loads(value)
                out[key[len(prefix):]] = (str(chosen["name"]), str(chosen["set"]))
            except (ValueError, TypeError, KeyError):
                continue  # a hand-edited setting that is not ours: ignored
        return out

    def printing_report(self, match: MatchResult) -> PrintingReport | None:
        """How the found card's printings read for its game's question (the ruleset's reading key)."""
        card = match.card
        if card is None:
            return None
        key = reading_key_of(_ruleset(card.game))
        return compare_printings(card, match.printings or (card,), match.chosen,
                                 lambda c: key(c, self.annotations_for(c)))

    def reload(self, game: str | None = None) -> None:
        """Forget cached matchers after a write; the next lookup rebuilds from the database."""
        with self._lock:
            self._notes = None
            if game is None:
                self._matchers.clear()
            else:
                self._matchers.pop(game, None)

    def warm(self) -> int:
        """Load every card, matcher and annotation into memory; returns the number of cards."""
        cards = self.catalog.cards()
        notes: dict[tuple[str, str, str], list[Annotation]] = {}
        for card in cards:
            found = self.catalog.annotations(card.game, card.name, card.set)
            if found:
                notes[card.key] = found
            if card.game == REDEMPTION:
                read_card(card, found)  # read every card's terms once, so verdicts only evaluate
        games = sorted({c.game for c in cards})
        matchers = {g: self.build_matcher(g, [c for c in cards if c.game == g]) for g in games}
        with self._lock:
            self._matchers = matchers
            self._notes = notes
            self._cards = cards
            self._by_key = {c.key: c for c in cards}
        return len(cards)

    def all_cards(self) -> list[Card]:
        return list(self._cards) if self._notes is not None else self.catalog.cards()

    def printings(self, card: Card) -> list[Card]:
        """Cards with exactly this name (other printings), from memory once warmed."""
        if self._notes is not None:
            return [c for c in self._cards if c.game == card.game and c.name == card.name]
        return self.catalog.printings(card.game, card.name)

    def printing(self, game: str, name: str, set: str) -> Card | None:
        """One printing by its exact key, from memory once warmed."""
        if self._notes is not None:
            return self._by_key.get((game, name, set))
        return self.catalog.card(game, name, set)

    def annotations_for(self, card: Card) -> list[Annotation]:
        notes = self._notes
        if notes is not None:
            return list(notes.get(card.key, ()))
        return self.catalog.annotations(card.game, card.name, card.set)

    def find(self, query: str, set_hint: str | None = None, game: str = REDEMPTION) -> tuple[Card, MatchResult]:
        match = self.matcher(game).match(query, set_hint)
        if match.card is None:
            raise LookupProblem(match, problem_message(match, set_hint))
        return match.card, match

    def duration(self, query: str, *, set_hint: str | None = None, played_in: str | None = None,
                 events: Sequence[str] = (), ruleset: str = "current", part: str | None = None,
                 card: Card | None = None, match: MatchResult | None = None, guild: str | None = None,
                 record: bool = True) -> DurationAnswer:
        """`set_hint` picks the printing when `card` is not given; either way it is stored as the set the asker
        chose (None: whatever the name leads to). `record`: store the ruling when storing is on."""
        if card is None or match is None:
            card, match = self.find(query, set_hint)
        notes = self.annotations_for(card)
        verdict = redemption.judge(card, played_in, events, annotations=notes, ruleset=ruleset, part=part)
        answer = DurationAnswer(verdict, match, self.printing_report(match), tuple(notes))
        if record and self.rulings is not None:
            inputs = duration_inputs(card, card.set if set_hint else None, played_in, events, part)
            self.rulings.add(answer.record(inputs, ruleset, guild))
        return answer


def _ruleset(game: str) -> Any:
    try:
        return find_ruleset(game)
    except UnknownRuleset:
        return None
