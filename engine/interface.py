"""What a plug-in ruleset declares so the generic front ends can offer it without game-specific code.

A ruleset that sets `questions` (one Question, or a tuple of them) gets, from `bot/` and with no code of its
own there:
- `arbiter <game> ...` on the command line (arguments built from `Question.params`, text or `--json`); with
  several questions, `arbiter <game> <command> ...` for each;
- a `/<game>` slash command group (one subcommand per question, built from the same params; `card` for one
  card);
- autocomplete and matching over its own cards only (starter cards plus imported ones of that game).
A ruleset that sets `sources` also gets `arbiter <game>-import [DIR]`: the front end reads the declared files
(size, encoding and NUL checks) and hands their text to `Sources.parse`, which is pure.
A ruleset that sets `annotation_spec` gets `arbiter cards annotate CARD --game <game> --rule FIELD ...`
(audited, undoable); the question reads the annotations through `lookup.annotations(card)`.
A ruleset that defines `coverage(cards, annotations_of, top)` gets `arbiter cards coverage --game <game>`.
A ruleset that defines `card_details(card) -> Sequence[tuple[str, str]]` gets those (label, text) lines shown
under the card in `/<game> card` (e.g. a source's erratum and notes).
Every answer is stored under its `ruling_id` (bot/rulings) and opens with `arbiter ruling ID` and `/ruling id:`;
a question may define `verdict(answer) -> str` (one line: the decisive outcome, compared to tell whether a stored
ruling still stands; default: the presentation's summary and each field's lead) and must declare `examples`
(worked examples as inputs dicts; tests ask every game's first one, open it by its id and check it stands).

A ruleset that sets `shortcuts` ({command: question}) gets that top-level command (`arbiter duration`,
`/duration` for Redemption) answering one of its questions; such a question may declare its scenario
vocabulary (`EventScenario`: zones, events, which events can still change an answer — the "Then:" buttons) and
its verdict path (`TracedQuestion`: judge, then render, so a server's own annotations are noted in the trace).
A ruleset may define `warm(card, annotations)` (read every card once when the catalog is loaded) and
`part_labels(card)` (the parts an annotation may name). Each version (engine.trace.RulesetVersion) has a `label`
in players' words ("the 2023 rules"): version buttons show it, the internal key stays in the footer.

Every answer begins with a player's answer: `answer()` returns a top-level `summary` (one sentence in the
players' words, e.g. "Throne Room and Tactician both leave play in the Clean-up of your next turn"), and
`present(answer).summary` is that same string. Both front ends show it first, right after the lines saying what
each typed name was matched to; the fields, rules, trace and interpretations are the judge's reasons below it
(in Discord behind a "Why" button). A plug-in that returns no `summary` gets its presentation's one.

A ruleset that sets `phrasebook` (a Phrasebook, usually in engine/rulesets/<game>/phrases_ask.py) can be
asked in a sentence: `arbiter ask "TEXT"` and `/ask question:TEXT` find the cards a sentence names and their
game (engine/reader.py), then the game's phrasebook reads the scenario words into the inputs of one of its
questions (engine/sentence.py), and the answer is that question's own.

Everything here is data and pure functions: no Discord, no argparse, no file access.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from engine.cards import Annotation, Card

Surface = Literal["cli", "discord"]
BOTH: frozenset[Surface] = frozenset({"cli", "discord"})


class Lookup(Protocol):
    """What a question gets to find cards: the front end's matching, and the moderators' annotations."""

    def __call__(self, name: str) -> Card:
        """The card a typed name means (typos, aliases, prefixes) among the game's cards; raises when it cannot."""
        ...

    def annotations(self, card: Card) -> tuple[Annotation, ...]:
        """Moderator annotations of this printing and of all its printings (oldest first)."""
        ...


class QuestionError(ValueError):
    """Input the user can fix (a malformed chain, an unknown choice); the message says how."""


@dataclass(frozen=True)
class Param:
    """One input of a ruleset's question, as both front ends offer it."""

    name: str                      # the Discord option name and the key in `inputs`
    help: str                      # the option's description (Discord: at most 100 characters)
    kind: Literal["text", "flag"] = "text"
    required: bool = False
    repeat: bool = False           # command line: several values (positional: one or more; option: repeatable)
    cli_flag: str | None = None    # command line spelling, e.g. "--played-by"; None: a positional argument
    metavar: str | None = None
    card_names: bool = False       # holds card names: autocomplete offers the game's cards
    separators: str = ""           # card names inside are separated by these; autocomplete completes the last
    max_length: int = 500
    surfaces: frozenset[Surface] = BOTH
    many: bool = False             # command line, with repeat and cli_flag: each use takes one or more values
                                   # ("--then a b --then c" gives [a, b, c]; "--compare X Y" gives [X, Y])
    # Command line: options sharing a sequence name are also gathered, in the order typed, into
    # inputs[sequence] as (param name, value) pairs (a scenario where the order of different options matters).
    sequence: str | None = None


@dataclass(frozen=True)
class Field:
    """One card (or line) of an answer as a chat embed shows it: a bold lead with its rule ids, then why."""

    name: str
    lead: str
    rules: tuple[str, ...]
    text: str
    warning: str | None = None


Tone = Literal["info", "lasts", "off", "ended"]


@dataclass(frozen=True)
class Presentation:
    """A chat card. The public reply shows the title, the matched-card lines, `summary`, `card_text` and the
    rules cited; the `fields`, the answer's `trace` and its interpretations are the judge's reasons, shown on
    demand ("Why")."""

    title: str
    summary: str                  # the answer's `summary`: shown first, right after the matched-card lines
    fields: tuple[Field, ...]
    footer: str                   # the ruleset's internal version key and the ruling id
    card_text: str = ""           # the ability text the answer is about; "" = the looked-up cards' texts
    tone: Tone = "info"           # the card's colour: info, lasts (works), off (switched off), ended


class Question(Protocol):
    """The question a plug-in ruleset answers, and how its answer is shown."""

    command: str          # the slash subcommand, e.g. "ruling"
    description: str      # one line: what the question decides
    group_description: str
    epilog: str           # command-line help: the syntax of the inputs, with examples
    version_help: str     # what the ruleset versions mean (Discord description of the `ruleset` option)
    params: tuple[Param, ...]

    def answer(self, inputs: Mapping[str, Any], lookup: Lookup, version: str) -> dict[str, Any]:
        """The documented JSON object: keys `summary` (the answer in one sentence, players' words), `rules`,
        `interpretations`, `ruling_id`, `explanation` and `match` (left empty: the front end fills it with one
        entry per name it looked up). QuestionError on bad input."""
        ...

    def present(self, answer: Mapping[str, Any]) -> Presentation:
        """How a chat card shows the answer; its `summary` is `answer["summary"]`."""
        ...

    # Optional: `discord_words: Mapping[str, str]`, how a command-line option named in the answer's
    # interpretations or errors is said in Discord when no Discord option has its name ("--item" -> "items").
    # Without an entry, "--played-in" is said as the option `played_in`.


class EventScenario(Protocol):
    """Optional, for a question asked as "played in ZONE, then EVENT, EVENT ..." (Redemption's duration): the
    vocabulary its `/<shortcut>` offers as choices and as "Then: EVENT" buttons. The order of `zones` and
    `events` is kept forever (a button's custom_id stores positions); new entries are added at the end."""

    zones: tuple[str, ...]
    events: tuple[str, ...]
    event_help: Mapping[str, str]

    def parse_events(self, texts: Sequence[str]) -> tuple[str, ...]:
        """Event names from typed text ("a b", "a,b"), lower-cased, in order."""
        ...

    def next_events(self, answer: Mapping[str, Any]) -> list[str]:
        """The events that can still change this answer, in `events` order (the "Then:" buttons)."""
        ...


class TracedQuestion(Protocol):
    """Optional, for a shortcut's question whose verdict the front end annotates before it is rendered (a
    server's own annotations and aliases noted in the trace): judge one card, then render it with the match."""

    def judge(self, card: Card, *, played_in: str | None, events: Sequence[str], annotations: Sequence[Annotation],
              version: str, part: str | None) -> Any:
        """A verdict with `card`, `ruleset` (a RulesetVersion) and `trace` (engine.trace.Trace)."""
        ...

    def render(self, verdict: Any, match: Mapping[str, Any]) -> dict[str, Any]: ...

    def verdict_id(self, verdict: Any) -> str: ...

    def verdict_summary(self, verdict: Any) -> str: ...


@dataclass(frozen=True)
class SourceError(ValueError):
    """A source file that cannot be imported: the file, and the line or record, are named."""

    file: str
    reason: str
    line: int | None = None
    record: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line is not None else self.record or ""
        return f"{self.file}{', ' + where if where else ''}: {self.reason}"


@dataclass(frozen=True)
class FileShape:
    """What a JSON source file must look like, checked by the front end before the game's parser sees it (and
    before anything is written): a file of the wrong shape is refused naming the file and what is wrong."""

    kind: str                                     # "list": a list of records; "object": records keyed by id
    required: Mapping[str, type | tuple[type, ...]] = field(default_factory=dict)  # key -> JSON type(s)
    min_records: int = 1                          # fewer means a wrong or truncated file
    under: str | None = None                      # the records are under this key of a top-level object


def require_coverage(file: str, covered: int, total: int, of: str) -> None:
    """SourceError when `file` has an entry for fewer than half of the `total` things (`of`: "cards in X.json")
    another file of the same import lists: a file cut short, whose details those cards would be imported without.
    Checked whatever the catalog holds, so a first import is guarded too; real sources cover nearly all."""
    if total and covered * 2 < total:
        raise SourceError(file, f"has an entry for only {covered:,} of the {total:,} {of}; at least half are "
                                f"expected (is it the right file, complete?)")


@dataclass(frozen=True)
class Sources:
    """Where a game's public card data lies and how to read it."""

    folder: str                                   # under shared/data/
    files: tuple[str, ...]                        # paths inside that folder, all read before parsing
    parse: Callable[[Mapping[str, str]], list[Card]]  # file path -> text; raises SourceError
    description: str = ""
    shapes: Mapping[str, FileShape] = field(default_factory=dict)  # JSON files' shapes, checked first
    min_cards: int = 1                            # an import giving fewer cards is refused


class StarterSet(Protocol):
    """Cards a fresh install knows before any import (in our own words), with their aliases."""

    cards: tuple[Card, ...]
    aliases: tuple[tuple[str, str, str | None], ...]  # (alias, card name, set or None for every printing)


@dataclass(frozen=True)
class AnnotationSpec:
    """What a moderator may annotate on a part of one of the game's cards, and how a value is checked.

    An annotation is stored as `engine.cards.Annotation(part, rule=<field>, value=<checked value>, text, note)`.
    """

    fields: Mapping[str, str]                 # field -> help: which values it takes
    check: Callable[[str, str], str]          # (field, value) -> the value as stored; QuestionError if invalid
    part_help: str = "which ability or paragraph of the card (e.g. 1, 2); empty for the whole card"
    parts: Callable[[Card], Sequence[str]] | None = None  # the part labels a card has; None: any label


class Phrasebook(Protocol):
    """How a game's questions are asked in a sentence (optional; see engine/sentence.py and engine/reader.py)."""

    names: tuple[str, ...]      # regexes over the sentence's words that name the game ("dominion", "l5r")
    hints: tuple[str, ...]      # regexes of phrases only this game's questions use ("buff counters?")
    answers: str                # the question(s) it answers, in players' words, for asking back
    cannot: tuple[str, ...]     # regexes of questions it cannot ask (what a card costs, deck legality, ...)
    filler: frozenset[str]      # its question words, never named as "not used" ("last", "leave")

    def read(self, sentence: Any) -> Any:
        """An engine.sentence.Reading (a question's command and its inputs, as the command line takes them)
        or an engine.sentence.Ask (a question back), from a Sentence whose cards are this game's."""
        ...

    def slash_inputs(self, command: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        """The same inputs as the Discord command's options (for its "Read as" line)."""
        ...


def phrasebook_of(ruleset: Any) -> Phrasebook | None:
    """A ruleset's phrasebook, or None when it cannot be asked in a sentence."""
    return getattr(ruleset, "phrasebook", None)


def shortcuts_of(ruleset: Any) -> dict[str, Question]:
    """Top-level commands a ruleset declares for one of its questions (`shortcuts`: name -> question), e.g.
    Redemption's `arbiter duration` and `/duration`, beside its own `arbiter <game> ...` commands."""
    return dict(getattr(ruleset, "shortcuts", None) or {})


def question_named(ruleset: Any, command: str) -> Question | None:
    """The ruleset's question answering `command` (one of its questions, or a shortcut), or None."""
    for question in questions_of(ruleset):
        if question.command == command:
            return question
    return shortcuts_of(ruleset).get(command)


def questions_of(ruleset: Any) -> tuple[Question, ...]:
    """A ruleset's questions as a tuple: `questions` may be one Question or several."""
    found = getattr(ruleset, "questions", None)
    if found is None:
        return ()
    return tuple(found) if isinstance(found, tuple | list) else (found,)


def examples_of(question: Any) -> tuple[Mapping[str, Any], ...]:
    """A question's worked examples: each an inputs dict keyed by param name (as the front ends pass them, a
    repeated param as a list); an optional "ruleset" key names the version to ask under."""
    return tuple(getattr(question, "examples", ()) or ())


def event_words(scenario: Any, event: str) -> str:
    """An event of an EventScenario as players say it, for a button ("Then: the phase ends", not "phase-ends"):
    its `event_help` entry without the bracket after it, or the key's words ("condition-false:2" keeps its number
    as "condition 2")."""
    key, _, which = event.partition(":")
    help_text = str((getattr(scenario, "event_help", None) or {}).get(key, ""))
    words = help_text.split(" (")[0].strip() or key.replace("-", " ")
    return f"{words} (condition {which})" if which else words


def typed_inputs(params: Sequence[Param], inputs: Mapping[str, Any], surface: Surface,
                 order: Callable[[Mapping[str, Any]], Sequence[tuple[str, str]]] | None = None
                 ) -> list[tuple[Param, Any]]:
    """A question's inputs as the player typed them on `surface`: (param, value) in the order typed where the
    order is the question (a `sequence`: `--object ally --effect X` is not `--effect X --object ally`), then the
    rest in the params' order; empty inputs left out. A value is a string, a list of strings, or True (a flag).
    `order` (a question's `typed_order`): the sequence of inputs given without one (asked on a surface that has
    no typed order, such as Discord's options), so the other surface writes the same scenario."""
    shown = [p for p in plugin_inputs(params, surface)]
    out: list[tuple[Param, Any]] = []
    done: set[str] = set()
    for sequence in dict.fromkeys(p.sequence for p in shown if p.sequence):
        by_name = {p.name: p for p in shown if p.sequence == sequence}
        given = inputs.get(str(sequence)) or (order(inputs) if order is not None else ())
        pairs = [pair for pair in given if len(pair) == 2 and pair[0] in by_name]
        if pairs:
            out += [(by_name[name], value) for name, value in pairs]
            done.update(by_name)
    for p in shown:
        value = inputs.get(p.name)
        if p.name in done or value in (None, "", [], False):
            continue
        out.append((p, value))
    return out


def chain_cards(text: str, separators: str) -> tuple[str, str]:
    """Split typed text into what comes before the last separator and the name being typed after it."""
    cut = max((text.rfind(sep) for sep in separators), default=-1)
    return text[: cut + 1], text[cut + 1:]


def plugin_inputs(params: Sequence[Param], surface: Surface) -> tuple[Param, ...]:
    return tuple(p for p in params if surface in p.surfaces)
