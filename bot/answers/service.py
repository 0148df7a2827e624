"""One object both front ends share: the catalog, the in-memory matchers, and the verdict path of the
`duration` shortcut (the question a ruleset declares for it, engine/interface.py `shortcuts`).

The command line and the Discord bot call the same methods, so they give the same answers.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.answers import matcher_file
from bot.answers.layers import (
    SERVER_ALIAS,
    SERVER_ANNOTATION,
    AliasRow,
    LayeredMatch,
    LayeredMatcher,
    house_json,
    layered_ruling_id,
    server_alias_text,
    server_annotation_text,
)
from bot.catalog import Catalog, default_db_path
from bot.officials.agreement import official_json
from bot.rulings.build import duration_inputs, duration_record
from bot.rulings.record import RulingRecord
from engine.cards import Annotation, Card
from engine.interface import QuestionError
from engine.matching import Candidate, Matcher, MatchResult
from engine.names import base_name, fold, shown
from engine.official import OfficialRuling
from engine.plain_words import capitalised, headline
from engine.printings import (
    PrintingReport,
    compare_printings,
    match_note,
    matched_line,
    own_answer,
    printing_rank_of,
    reading_key_of,
)
from engine.registry import UnknownRuleset, default_game, find_ruleset, shortcut
from engine.trace import Interpretation, Step

if TYPE_CHECKING:  # the bot's snapshot: a command-line answer never builds one
    from bot.answers.snapshot import ApplyReport, CatalogSnapshot

DEFAULT_GAME = default_game()  # the game a lookup means when it names none
DURATION = "duration"
MAX_COMPARED = 12  # printings that read differently judged again to say whether their answer differs


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
        out["note"] = match_note(match, report)
    return out


def note_line(match: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None) -> str:
    """One short line about the cards an answer read, only when it matters ('' else): a name read loosely, and
    printings that read differently when none was named (each match's `note`, engine.printings.match_note)."""
    matches = match if isinstance(match, list) else [match] if match else []
    notes = list(dict.fromkeys(str(m.get("note")) for m in matches if m.get("note")))
    return capitalised("; ".join(notes)) + "." if notes else ""


def answer_head(data: Mapping[str, Any], summary: str | None = None) -> list[str]:
    """The lines every surface shows first, in this order: the player's answer (`summary`) as the line read at a
    glance and the rest of it under that line (engine.plain_words.headline: a long answer is not one line), then,
    each only when it matters, one line about the cards read (`note_line`), the server's own annotations that
    decided it (its `house` line) and a published ruling on the same question (agreeing or not). A published
    ruling Arbiter's own reading differs from leads instead: it is the answer a player should go by. The judge's
    reasons follow."""
    official, house = data.get("official") or {}, data.get("house") or {}
    said = summary if summary is not None else str(data.get("summary") or "")
    first, more = headline(said)
    lines = [first, more, note_line(data.get("match")), str(house.get("line") or ""),
             str(official.get("line") or "") if official.get("agrees") is not None else ""]
    if official.get("agrees") is False and not house:  # a published ruling Arbiter's reading differs from: it leads
        lines = [lines[4], *lines[:4]]
    match = data.get("match")
    if isinstance(match, Mapping) and match.get("answers_line"):
        # No printing named and the card's printings answer differently: every answer, each with its printings,
        # leads, so a player holding another printing is not given the default's answer as theirs
        lines = [str(match["answers_line"]), *lines]
    return [line for line in lines if line]


def answer_lines(match: dict[str, Any] | list[dict[str, Any]] | None) -> list[str]:
    """The lines every front end shows before an answer: what each name was taken to mean, and how the card's
    printings read (`match` is one match object, or a list of them for an answer naming several cards)."""
    matches = match if isinstance(match, list) else [match] if match else []
    return [line for m in matches for line in (m.get("line", ""), m.get("printings_line", "")) if line]


def problem_message(match: MatchResult, set_hint: str | None = None) -> str:
    names = ", ".join(c.card.label for c in match.candidates[:10])
    query = shown(match.query) or "(empty)"
    if match.how == "ambiguous" and len(match.candidates) == 1:  # one card, found too loosely to answer for it
        return f"“{query}” may be {names}, read too loosely to answer for it: ask with that name if it is the card."
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


WRITE_HOWS = ("exact", "alias")  # how a name may lead to a card that a catalog change is written onto

HOW_WORDS = {"prefix": "by the start of its name", "word": "by words of its name", "fuzzy": "by a similar spelling"}


def for_writing(match: MatchResult, set_hint: str | None = None) -> Card:
    """The card a moderator's change is written onto: only one named exactly (its name, a label or an existing
    alias). A loose match (start of a name, words, spelling) is asked back naming what it found, so a change never
    lands silently on a card the moderator did not mean; a LookupProblem means nothing was changed."""
    if match.card is None:
        raise LookupProblem(match, problem_message(match, set_hint))
    if match.how in WRITE_HOWS:
        return match.card
    found = [Candidate(match.card, 100.0, match.how), *(c for c in match.candidates if c.card != match.card)]
    asked = replace(match, how="ambiguous", card=None, candidates=found)
    query = shown(match.query)
    names = ", ".join(f"“{c.card.label}”" for c in found[:10])
    message = (f"“{query}” is not the exact name of a card (it matched {match.card.label} "
                      f"{HOW_WORDS.get(match.how, 'loosely')}); a catalog change needs the exact name, a label or "
                      f"an existing alias, so nothing was changed. Did you mean {names}?")
    raise LookupProblem(asked, message)


DEFAULT_PRINTING = "default-printing:"  # setting name prefix: default-printing:<game>:<card identity>


def compare_answers(report: PrintingReport, verdict: Any, judge: Callable[[Card], Any]) -> PrintingReport:
    """The report with `same_answer`: which printings that read differently still get the judged printing's answer
    (the question's `answer_key` equal, or the same first line but for the printing it names; one it cannot judge
    answers differently), and the first line of each other answer with its printings (`answers`, said first by
    `answer_head`). Unchanged when the question declares no key."""
    question = duration_question()
    key = getattr(question, "answer_key", None)
    if key is None:
        return report
    mine = key(verdict)
    summary = question.verdict_summary(verdict)
    told = own_answer(summary, report.judged)
    same = []
    answers: dict[str, tuple[str, list[Card]]] = {}  # another answer (as its first line says it): its printings
    for other in report.differ[:MAX_COMPARED]:
        try:
            theirs = judge(other)
        except QuestionError:
            continue
        said = question.verdict_summary(theirs)
        if key(theirs) == mine or own_answer(said, other) == told:  # what the player is told is the same
            same.append(other)
        else:
            answers.setdefault(own_answer(said, other), (said, []))[1].append(other)
    if len(report.differ) > MAX_COMPARED:  # not all judged: say only that they read differently
        return report
    return replace(report, same_answer=tuple(same), compared=True, summary=summary,
                   answers=tuple((said, tuple(cards)) for said, cards in answers.values()))


def default_printing_key(game: str, identity: str) -> str:
    return f"{DEFAULT_PRINTING}{game}:{identity}"


def duration_question() -> Any:
    """The question behind the `duration` shortcut (engine.interface.TracedQuestion)."""
    found = shortcut(DURATION)
    if found is None:
        raise UnknownRuleset("No game declares the duration shortcut.")
    return found[1]


@dataclass
class DurationAnswer:
    verdict: Any  # the shortcut question's verdict (card, ruleset, trace)
    match: MatchResult
    report: PrintingReport | None = None
    guild: str | None = None
    layer: tuple[Annotation, ...] = ()  # this server's annotations the answer used
    notes: tuple[Annotation, ...] = ()  # every annotation the verdict used (shared, then the server's)
    # (ruling id, verdict line, rules) as as_json rendered them, so storing the ruling does not render them again
    rendered: tuple[str, str, list[str]] | None = field(default=None, repr=False, compare=False)
    # The recorded published rulings and this question as its stored ruling keeps it (for the `official` object)
    officials: Sequence[OfficialRuling] | None = field(default=None, repr=False, compare=False)
    question: tuple[str, dict[str, Any]] | None = field(default=None, repr=False, compare=False)
    # The same question judged on the shared catalog alone, when this server's own annotations decided it
    shared: Any = field(default=None, repr=False, compare=False)

    def as_json(self) -> dict[str, Any]:
        data = duration_question().render(self.verdict, match_json(self.match, self.report))
        house = bool(self.layer) and self.guild is not None
        shared = duration_question().render(self.shared, match_json(self.match, self.report)) \
            if house and self.shared is not None else None
        if house:
            data["ruling_id"] = layered_ruling_id(data["ruling_id"], str(self.guild), self.layer)
            data["house"] = house_json(str(self.guild), [self.verdict.card], data, shared)
        if self.officials is not None and self.question is not None:
            version, inputs = self.question
            data["official"] = official_json(self.officials, self.verdict.card.game, DURATION, version, inputs, {},
                                             [self.verdict.card.name], data, shared, house)
        self.rendered = (data["ruling_id"], data["explanation"].split("\n", 1)[0], list(data["rules"]))
        return data

    def ruling_id(self) -> str:
        """The id as_json gives, without rendering the whole answer."""
        shared = duration_question().verdict_id(self.verdict)
        return layered_ruling_id(shared, self.guild, self.layer) if self.layer and self.guild is not None else shared

    def record(self, inputs: dict[str, Any], version: str, at: int | None = None) -> RulingRecord:
        """This answer as a stored ruling (bot/rulings), with the server it was asked in."""
        rid, line, rules = self.rendered or (self.ruling_id(), duration_question().verdict_summary(self.verdict),
                                             self.verdict.trace.rules_cited())
        return duration_record(self.verdict, self.notes, inputs, version, self.guild, rid, line, rules, at,
                               house=self.guild if self.layer else None)


def _warm_card(card: Card, notes: list[Annotation]) -> None:
    """A ruleset may read every card once when the catalog is loaded (`warm`), so answers only evaluate."""
    warm = getattr(_ruleset(card.game), "warm", None)
    if warm is not None:
        warm(card, notes)


def _note_layer(verdict: Any, card: Card, layer: Sequence[Annotation], match: MatchResult) -> None:
    """Say in the trace and the interpretations that this server's own entries decided the answer."""
    trace = verdict.trace
    if isinstance(match, LayeredMatch) and match.server_alias:
        trace.interpret(Interpretation(SERVER_ALIAS, None, server_alias_text(match.server_alias, card)))
    if not layer:
        return
    text = server_annotation_text(card, layer)
    rule = layer[0].rule if len({n.rule for n in layer}) == 1 else None
    step = Step(rule, "server annotation", text, SERVER_ANNOTATION)
    at = next((i for i, s in enumerate(trace.steps) if s.source == "annotation"), len(trace.steps))
    trace.steps.insert(at, step)
    trace.interpret(Interpretation(SERVER_ANNOTATION, rule, text))


class Arbiter:
    """The catalog plus the in-memory snapshot the bot serves from (see bot/answers/snapshot.py).

    The command line uses it cold: every read goes to the database. The bot warms it once (`warm`), then keeps
    it current with `sync`, which takes in whatever was committed since — by this process, another shard
    process or the command line — at the cost of the change (bot/answers/freshness.py calls it on a timer).
    """

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._lock = threading.Lock()
        self._matchers: dict[str, Matcher] = {}  # cold use: built on first lookup
        self._snapshot: CatalogSnapshot | None = None
        self._reader: Catalog | None = None
        self._sync_lock = threading.Lock()
        self._data_version: int | None = None
        # Called (in the syncing thread) after a full rebuild, and before a game's matcher is rebuilt with its
        # new aliases: the bot rebuilds its own indexes (card refs, plug-in games' matchers) there.
        self.reload_hooks: list[Callable[[], None]] = []
        self.compact_hooks: list[Callable[[str], None]] = []
        # Where answers are stored (bot/rulings.RulingLog); None: not stored (benchmarks, asking again).
        self.rulings: Any = None
        # Cold use keeps each large game's matcher in a file beside the database (the command line: one question
        # per process), read back while the catalog is unchanged (bot/answers/matcher_file.py).
        self.matcher_files = False

    @classmethod
    def open(cls, db: str | Path | None = None) -> Arbiter:
        return cls(Catalog.open(db or default_db_path()))

    @property
    def snapshot(self) -> CatalogSnapshot | None:
        return self._snapshot

    def matcher(self, game: str = DEFAULT_GAME) -> Matcher:
        """The shared matcher of a game (without the aliases written since it was built: see `matcher_for`)."""
        snap = self._snapshot
        if snap is not None:
            return snap.matchers.get(game) or self.build_matcher(game, [], [])
        with self._lock:
            found = self._matchers.get(game)
            if found is None:
                found = self.kept_matcher(game, lambda: self.build_matcher(game, self.catalog.cards(game)))
                self._matchers[game] = found
            return found

    def kept_matcher(self, name: str, build: Callable[[], Matcher]) -> Matcher:
        """`build()`, or (with `matcher_files`) the matcher it gave last time, kept under `name` beside the
        database while the catalog and the code are unchanged."""
        if not self.matcher_files:
            return build()
        return matcher_file.kept(self.catalog.path, name, self.catalog.newest_change(), build)

    def build_matcher(self, game: str, cards: Sequence[Card],
                      aliases: Sequence[tuple[str, str, str | None]] | None = None) -> Matcher:
        """A matcher over these cards with the game's default-printing rule and the moderators' defaults."""
        return Matcher(cards, self.aliases_of(game) if aliases is None else aliases,
                       prefer=printing_rank_of(_ruleset(game)), defaults=self.printing_defaults(game))

    def _snapshot_matcher(self, game: str, cards: Sequence[Card], aliases: Sequence[AliasRow],
                          settings: dict[str, str]) -> Matcher:
        """build_matcher for a snapshot being built: its defaults come from the snapshot's own settings."""
        return Matcher(cards, aliases, prefer=printing_rank_of(_ruleset(game)),
                       defaults=_defaults(game, settings.items()))

    def printing_defaults(self, game: str) -> dict[str, tuple[str, str]]:
        """Moderators' default printings of this game: card identity -> (name, set) (from memory once warm)."""
        snap = self._snapshot
        if snap is not None:
            return _defaults(game, snap.settings.items())
        return _defaults(game, self.catalog.settings_with_prefix(default_printing_key(game, "")).items())

    def part_elsewhere(self, card: Card, part: str) -> str:
        """When the card found has no such part: another card whose name begins with this one's and has it ("" if
        none), said as how to ask for it."""
        stem = fold(base_name(card.name))
        for other in self.catalog.cards(card.game):
            if other.key == card.key or not fold(other.name).startswith(stem + " "):
                continue
            try:
                duration_question().judge(other, played_in=None, events=(), annotations=(), version="current",
                                          part=part)
            except ValueError:
                continue
            return f"“{other.name}” has a “{part}” part: ask for it by that name."
        return ""

    def printing_report(self, match: MatchResult, guild: str | int | None = None) -> PrintingReport | None:
        """How the found card's printings read for its game's question (the ruleset's reading key)."""
        card = match.card
        if card is None:
            return None
        key = reading_key_of(_ruleset(card.game))
        return compare_printings(card, match.printings or (card,), match.chosen,
                                 lambda c: key(c, self.annotations_for(c, guild)))

    def matcher_for(self, game: str = DEFAULT_GAME, guild: str | int | None = None,
                    base: Matcher | None = None) -> LayeredMatcher:
        """What names mean in one server (None: the shared catalog): its aliases, then the shared ones."""
        snap = self._snapshot
        if snap is not None:
            return snap.layered(game, base, None if guild is None else str(guild))
        server = {}
        if guild is not None:
            server = {fold(a): (a, n, s) for g, gm, a, n, s in self.catalog.server_aliases(str(guild)) if gm == game}
        return LayeredMatcher(base or self.matcher(game), server=server)

    def reload(self, game: str | None = None) -> None:
        """Cold use: forget cached matchers after a write; the next lookup rebuilds from the database."""
        with self._lock:
            if game is None:
                self._matchers.clear()
            else:
                self._matchers.pop(game, None)

    def warm(self) -> int:
        """Load every card, matcher, layer and setting into memory; returns the number of cards."""
        from bot.answers.snapshot import CatalogSnapshot

        if self._reader is None:
            self._reader = self.catalog.reader()  # never waits behind this process's own writes
        with self._sync_lock:
            self._data_version = self._reader.data_version()
            self._snapshot = CatalogSnapshot.build(self._reader, _warm_card, self._snapshot_matcher)
        return len(self._snapshot.cards)

    def sync(self) -> ApplyReport:
        """Take in every change committed since the last sync (no-op when cold). Thread-safe; off the loop."""
        from bot.answers.snapshot import ApplyReport, CatalogSnapshot

        snap = self._snapshot
        if snap is None or self._reader is None:
            return ApplyReport()
        reader = self._reader
        with self._sync_lock:
            started = time.perf_counter()
            changes = reader.changes_since(snap.last_change)
            version = reader.data_version()
            outside = False
            if not changes and version != self._data_version:
                changes = reader.changes_since(snap.last_change)  # a commit may have landed in between
                outside = not changes  # something wrote without the audit log: only a rebuild is safe
            self._data_version = version
            if not changes and not outside:
                return ApplyReport()
            if outside or snap.needs_rebuild(changes, (DEFAULT_PRINTING,)):
                self._snapshot = CatalogSnapshot.build(reader, _warm_card, self._snapshot_matcher)
                for hook in self.reload_hooks:
                    hook()
                report = ApplyReport(changes=len(changes), rebuilt=True)
            else:
                report = snap.apply(reader, changes, _warm_card)
            report.seconds = time.perf_counter() - started
            return report

    def compact(self, idle: float) -> list[str]:
        """Rebuild the matchers of games whose shared aliases changed and then stayed quiet for `idle` s. The
        builds do not hold up `sync` (see CatalogSnapshot.compact); the bot runs this in its own thread."""
        snap = self._snapshot
        if snap is None:
            return []
        done = []
        for game in snap.pending_compaction(idle):
            for hook in self.compact_hooks:  # the bot's plug-in matchers of that game, with the aliases as now
                hook(game)
            if snap.compact(game, self._snapshot_matcher, self._sync_lock):
                done.append(game)
        return done

    def setting(self, key: str) -> str | None:
        """A setting from memory once warmed (the bot's permission checks never wait on the database)."""
        snap = self._snapshot
        if snap is not None:
            return snap.settings.get(key)
        return self.catalog.get_setting(key)

    def officials(self) -> list[OfficialRuling]:
        """The recorded published rulings (from memory once warm)."""
        snap = self._snapshot
        if snap is not None:
            return snap.officials
        return self.catalog.official_rulings()

    def all_cards(self) -> list[Card]:
        snap = self._snapshot
        return list(snap.cards) if snap is not None else self.catalog.cards()

    def cards_of(self, game: str) -> list[Card]:
        snap = self._snapshot
        if snap is not None:
            return [c for c in snap.cards if c.game == game]
        return self.catalog.cards(game)

    def aliases_of(self, game: str) -> list[tuple[str, str, str | None]]:
        """The shared aliases of a game as they are now."""
        snap = self._snapshot
        if snap is not None:
            return list(snap.aliases.get(game, {}).values())
        return self.catalog.aliases(game)

    def printing(self, game: str, name: str, set: str) -> Card | None:
        """One printing by its exact key, from memory once warmed."""
        snap = self._snapshot
        if snap is not None:
            return next((c for c in snap.printings(game, name) if c.set == set), None)
        return self.catalog.card(game, name, set)

    def printings(self, card: Card) -> list[Card]:
        """Cards with exactly this name (other printings), from memory once warmed."""
        snap = self._snapshot
        if snap is not None:
            return snap.printings(card.game, card.name)
        return self.catalog.printings(card.game, card.name)

    def annotations_for(self, card: Card, guild: str | int | None = None) -> list[Annotation]:
        """The shared annotations of the printing, then (with a guild) that server's own."""
        return self.shared_annotations(card) + self.layer_annotations(card, guild)

    def shared_annotations(self, card: Card) -> list[Annotation]:
        snap = self._snapshot
        if snap is not None:
            return list(snap.notes.get(card.key, ()))
        return self.catalog.annotations(card.game, card.name, card.set)

    def layer_annotations(self, card: Card, guild: str | int | None) -> list[Annotation]:
        if guild is None:
            return []
        snap = self._snapshot
        if snap is not None:
            return snap.layer(card, str(guild))
        return self.catalog.layer_annotations(card.game, card.name, card.set, str(guild))

    def find_for_writing(self, query: str, set_hint: str | None = None, game: str = DEFAULT_GAME,
                         guild: str | int | None = None) -> Card:
        """The card a catalog change names: exactly (see for_writing), else LookupProblem and nothing changes."""
        return for_writing(self.matcher_for(game, guild).match(query, set_hint), set_hint)

    def find(self, query: str, set_hint: str | None = None, game: str = DEFAULT_GAME,
             guild: str | int | None = None) -> tuple[Card, MatchResult]:
        match = self.matcher_for(game, guild).match(query, set_hint)
        if match.card is None:
            raise LookupProblem(match, problem_message(match, set_hint))
        return match.card, match

    def duration(self, query: str, *, set_hint: str | None = None, played_in: str | None = None,
                 events: Sequence[str] = (), ruleset: str = "current", part: str | None = None,
                 card: Card | None = None, match: MatchResult | None = None,
                 guild: str | int | None = None, record: bool = True,
                 extra: Mapping[str, Any] | None = None) -> DurationAnswer:
        """The ruling; with a guild, as that server sees it (its aliases and annotations, said so).

        `set_hint` picks the printing when `card` is not given; either way it is stored as the set the asker chose
        (None: whatever the name leads to). `record`: store the ruling when storing is on (bot/rulings).
        `extra`: the question's further inputs, when the asker gives them (such as whose turn it is)."""
        if card is None or match is None:
            card, match = self.find(query, set_hint, guild=guild)
        layer = self.layer_annotations(card, guild)
        notes = self.shared_annotations(card) + layer
        # The question's own further inputs (whose turn, how many players) only when given, so a
        # question without them is judged exactly as before.
        more = {"extra": dict(extra)} if extra else {}
        try:
            verdict = duration_question().judge(card, played_in=played_in, events=events, annotations=notes,
                                                version=ruleset, part=part, **more)
        except ValueError as problem:  # (QuestionError is one)
            hint = self.part_elsewhere(card, part) if part else ""
            if hint:  # "Nicodemus --part H": the two-sided card named "Nicodemus, the Seeker / ..." has it
                raise type(problem)(f"{problem} {hint}") from None
            raise
        _note_layer(verdict, card, layer, match)
        report = self.printing_report(match, guild)
        if report is not None and report.differ and report.chosen != "named":
            # A name that did not pick its printing answers for the default one; the others that read differently
            # are judged too, so the answer can say whether a player holding one gets another answer.
            report = compare_answers(report, verdict, lambda other: duration_question().judge(
                other, played_in=played_in, events=events, version=ruleset, part=part,
                annotations=self.shared_annotations(other) + self.layer_annotations(other, guild), **more))
        answer = DurationAnswer(verdict, match, report,
                                None if guild is None else str(guild), tuple(layer), tuple(notes))
        if layer:  # a house ruling: what the shared catalog answers is said beside it
            answer.shared = duration_question().judge(card, played_in=played_in, events=events,
                                                      annotations=self.shared_annotations(card), version=ruleset,
                                                      part=part, **more)
        answer.officials = self.officials()
        if any(card.name in r.cards for r in answer.officials):  # the question as its stored ruling keeps it
            by_name = not set_hint and self.matcher_for(card.game, guild).match(card.name).card == card
            answer.question = (ruleset, duration_inputs(card, None if by_name else card.set, played_in, events,
                                                        part))
        else:
            answer.question = (ruleset, {})
        if record and self.rulings is not None:
            # Built later by the writer thread: the event loop only queues this (bot/rulings/writer.py).
            self.rulings.add(partial(self._duration_record, answer, bool(set_hint), played_in, tuple(events), part,
                                     ruleset, guild, int(time.time()), extra))
        return answer

    def _duration_record(self, answer: DurationAnswer, set_chosen: bool, played_in: str | None,
                         events: tuple[str, ...], part: str | None, ruleset: str, guild: str | int | None,
                         at: int, extra: Mapping[str, Any] | None = None) -> RulingRecord:
        """The stored ruling asks again by the card's name alone only when the asker chose no printing and the
        name alone leads to the one judged; otherwise it keeps the printing."""
        card = answer.verdict.card
        by_name = not set_chosen and self.matcher_for(card.game, guild).match(card.name).card == card
        inputs = duration_inputs(card, None if by_name else card.set, played_in, events, part, extra)
        return answer.record(inputs, ruleset, at)


def _ruleset(game: str) -> Any:
    try:
        return find_ruleset(game)
    except UnknownRuleset:
        return None


def _defaults(game: str, settings: Any) -> dict[str, tuple[str, str]]:
    """Default printings of a game from (key, value) settings: card identity -> (name, set)."""
    prefix = default_printing_key(game, "")
    out: dict[str, tuple[str, str]] = {}
    for key, value in settings:
        if not key.startswith(prefix):
            continue
        try:
            chosen = json.loads(value)
            out[key[len(prefix):]] = (str(chosen["name"]), str(chosen["set"]))
        except (ValueError, TypeError, KeyError):
            continue  # a hand-edited setting that is not ours: ignored
    return out
