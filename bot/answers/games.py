"""Plug-in games, shared by the command line and the bot: matching, answers and imports for any ruleset that
declares `questions` (and `sources`) in engine/ — see engine/interface.py. Nothing here names a game.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.answers.context import AnnotationsOf, Request
from bot.answers.layers import LayeredMatcher, mark_plugin_answer
from bot.answers.service import Arbiter, LookupProblem, match_json, problem_message
from bot.catalog import Catalog, ImportFileError, InvalidChange, UnknownCard
from bot.officials.agreement import official_json
from bot.rulings.build import game_record, jsonable_inputs
from engine.cards import Annotation, Card
from engine.interface import Question, QuestionError, SourceError, Sources, questions_of
from engine.matching import Matcher
from engine.names import fold
from engine.printings import compare_printings, reading_key_of
from engine.registry import Ruleset, all_rulesets

if TYPE_CHECKING:
    from bot.catalog.importer import ImportReport

MAX_SOURCE_BYTES = 20_000_000
# Public card data lies beside the checkout: <parent of the repository>/shared/data/<folder>.
SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


class SourceImportError(ImportFileError):
    """A source file that cannot be imported; the message names the file and the line or record."""

    def __init__(self, problem: SourceError) -> None:
        super().__init__(problem.line, problem.reason)
        self.file = problem.file
        self.record = problem.record
        self.args = (str(problem),)

    def __str__(self) -> str:
        return str(self.args[0])


def plugin_rulesets() -> list[Ruleset]:
    """Rulesets the generic front ends offer (those declaring a question); the primary game has its own."""
    return [r for r in all_rulesets() if questions_of(r)]


def annotatable_rulesets() -> list[Ruleset]:
    """Plug-in rulesets whose cards moderators may annotate (they declare an `annotation_spec`)."""
    return [r for r in plugin_rulesets() if getattr(r, "annotation_spec", None) is not None]


def find_question(ruleset: Any, command: str | None = None) -> Question:
    """The ruleset's question with this subcommand name (its first one when None)."""
    questions = questions_of(ruleset)
    if command is None:
        return questions[0]
    for question in questions:
        if question.command == command:
            return question
    raise QuestionError(f"{game_name(ruleset)} asks: {', '.join(q.command for q in questions)}.")


def game_name(ruleset: Any) -> str:
    """The game's name without the ruleset's scope in brackets (a title "Game (Some cards)" gives "Game")."""
    return str(ruleset.title).split(" (")[0]


def game_cards(arbiter: Arbiter, ruleset: Any) -> list[Card]:
    """The game's cards: its starter set, overridden by imported cards of the same name (from memory when warm)."""
    cards: dict[str, Card] = {fold(c.name): c for c in ruleset.starter().cards}
    cards.update({fold(c.name): c for c in arbiter.cards_of(ruleset.game)})
    return list(cards.values())


def game_matcher(arbiter: Arbiter, ruleset: Any) -> Matcher:
    """The game's cards only (another game's name never matches): its starter set, overridden by imports."""
    return arbiter.kept_matcher(f"{ruleset.game}-with-starter", lambda: arbiter.build_matcher(
        ruleset.game, game_cards(arbiter, ruleset), [*ruleset.starter().aliases, *arbiter.aliases_of(ruleset.game)]))


class GameLookup:
    """The `lookup` a question gets (engine.interface.Lookup): matching among the game's cards, and the
    moderators' annotations of a card (the shared ones, then the asking server's own from `layer_of`).
    Remembers every name it matched, for the answer's `match` field, and every server annotation it gave."""

    def __init__(self, matcher: Matcher | LayeredMatcher, annotations_of: AnnotationsOf | None = None,
                 ruleset: Any = None, layer_of: AnnotationsOf | None = None) -> None:
        self.matcher = matcher
        self.annotations_of = annotations_of
        self.reading_key = reading_key_of(ruleset)
        self.layer_of = layer_of
        self.seen: dict[str, dict[str, Any]] = {}
        self.layer_used: dict[tuple[str, str, str], tuple[Card, tuple[Annotation, ...]]] = {}
        self.cards: dict[tuple[str, str, str], Card] = {}  # every card looked up, for the stored ruling's basis

    def __call__(self, name: str) -> Card:
        match = self.matcher.match(name)
        if match.card is None:
            raise LookupProblem(match, problem_message(match))
        # A ruleset may look a name up more than once (e.g. for an alternative version): report it once.
        if match.query not in self.seen:
            report = compare_printings(match.card, match.printings or (match.card,), match.chosen,
                                       lambda c: self.reading_key(c, self.annotations(c)))
            self.seen[match.query] = {**match_json(match, report), "card": match.card.name}
        self.cards.setdefault(match.card.key, match.card)
        return match.card

    def annotations(self, card: Card) -> tuple[Annotation, ...]:
        shared = tuple(self.annotations_of(card)) if self.annotations_of is not None else ()
        layer = tuple(self.layer_of(card)) if self.layer_of is not None else ()
        if layer:
            self.layer_used[card.key] = (card, layer)
        return shared + layer


def ask(request: Request, ruleset: Any, inputs: Mapping[str, Any], version: str = "current",
        command: str | None = None, *, seen: list[Card] | None = None) -> dict[str, Any]:
    """The question path: the ruleset's documented JSON answer to one request, with `match` filled in. Raises
    QuestionError or LookupProblem.

    An answer that used the asking server's own annotations (`request.layer_of`) says so in its trace and
    interpretations and gets its own ruling id (bot/answers/layers.py). With `request.rulings` the answer is
    stored under its ruling id, with the inputs that ask it again, the server it was asked in and the cards it
    looked at. `seen` (a list) gets every card the question looked up, in order. With `request.officials` the
    answer gets its `official` object: whether one recorded for this question agrees, and how many are recorded
    about its cards (bot/officials/agreement.py)."""
    data, lookup = answer_with_lookup(request, ruleset, inputs, version, command)
    matched = {q: m["card"] for q, m in lookup.seen.items()}
    if request.officials is not None:
        data["official"] = official_json(request.officials, ruleset.game, find_question(ruleset, command).command,
                                         version, jsonable_inputs(inputs), matched,
                                         [c.name for c in lookup.cards.values()], data)
    if seen is not None:
        seen.extend(lookup.cards.values())
    if request.rulings is not None:  # built later by the writer thread, from copies: the front end may change `data`
        request.rulings.add(partial(game_record, ruleset, find_question(ruleset, command), dict(data), dict(inputs),
                                    version, request.guild, list(lookup.cards.values()), matched,
                                    lookup.annotations, int(time.time())))
    return data


def game_answer(matcher: Matcher | LayeredMatcher, ruleset: Any, inputs: Mapping[str, Any], version: str = "current",
                annotations_of: AnnotationsOf | None = None, command: str | None = None, *,
                rulings: Any = None) -> dict[str, Any]:
    """`ask` on the shared catalog with this matcher (no server, no official rulings): for a caller that holds
    a matcher rather than a request, as the tests and benchmarks do."""
    return ask(Request(lambda _ruleset: matcher, annotations_of, rulings=rulings), ruleset, inputs, version, command)


def answer_with_lookup(request: Request, ruleset: Any, inputs: Mapping[str, Any], version: str,
                       command: str | None) -> tuple[dict[str, Any], GameLookup]:
    """As `ask`, never stored, with the lookup that records which cards the question looked at."""
    lookup = GameLookup(request.matcher_of(ruleset), request.annotations_of, ruleset, request.layer_of)
    question = find_question(ruleset, command)
    data = question.answer(inputs, lookup, version)
    data["match"] = list(lookup.seen.values())
    if not data.get("summary"):  # the interface asks for one; a plug-in without it gets its chat card's
        data["summary"] = question.present(data).summary
    for card, layer in lookup.layer_used.values():
        mark_plugin_answer(data, card, layer, str(request.guild))
    return data, lookup


# --- importing a game's public card data --------------------------------------------------------------

class SourcesNotFound(UnknownCard):
    """No DIR given and the game's data is in none of the places looked at; the message lists them."""


def source_dir_candidates(sources: Sources) -> list[Path]:
    """Where `arbiter <game>-import` looks without DIR, in order: ../shared/data/<folder> and
    ./shared/data/<folder> from the current directory (a checkout beside ../shared), then beside this checkout."""
    seen: dict[Path, None] = {}
    for root in (Path.cwd().parent / "shared" / "data", Path.cwd() / "shared" / "data", SHARED_DATA):
        seen.setdefault((root / sources.folder).resolve(), None)
    return list(seen)


def default_source_dir(sources: Sources, game: str = "<game>") -> Path:
    """The first candidate that is a folder; SourcesNotFound naming every place looked at when none is."""
    candidates = source_dir_candidates(sources)
    for path in candidates:
        if path.is_dir():
            return path
    raise SourcesNotFound(f"No folder given and none of {', '.join(str(p) for p in candidates)} exists; give the "
                          f"folder with {sources.description}: arbiter {game}-import DIR.")


def _read(root: Path, rel: str) -> str:
    path = root / rel
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceImportError(SourceError(rel, f"cannot read it ({exc.strerror or exc})")) from None
    if len(data) > MAX_SOURCE_BYTES:
        raise SourceImportError(SourceError(rel, f"larger than {MAX_SOURCE_BYTES} bytes"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceImportError(SourceError(rel, "not valid UTF-8", line=line)) from None
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise SourceImportError(SourceError(rel, "contains a NUL character", line=line))
    return text


def parse_sources(sources: Sources, directory: str | Path | None = None) -> list[Card]:
    """Read every declared file, then parse them all; SourceImportError on the first problem (nothing returned)."""
    return read_sources(sources, directory)[0]


def read_sources(sources: Sources, directory: str | Path | None = None) -> tuple[list[Card], dict[str, int]]:
    """parse_sources, with each file's number of records (a file without a shape: its non-blank lines)."""
    root = Path(directory) if directory is not None else default_source_dir(sources)
    if not root.is_dir():
        raise SourceImportError(SourceError(str(root), f"not a directory (expected {sources.description})"))
    from bot.catalog.source_shapes import check_shapes  # importing cards: not what a question pays for

    texts = {rel: _read(root, rel) for rel in sources.files}
    try:
        try:
            cards = sources.parse(texts)  # the game's own checks, and its own words for what it finds wrong
        except (TypeError, KeyError, AttributeError, IndexError) as crash:  # a shape the parser did not expect
            check_shapes(sources.shapes, texts)
            raise SourceError(", ".join(sources.shapes) or str(root), f"cannot be read ({crash!r})") from None
        # What the parser let through: an empty list, an object with none of the expected keys, a record
        # without its name would become no cards, pseudo-cards or emptied records.
        counts = check_shapes(sources.shapes, texts)
    except SourceError as problem:
        raise SourceImportError(problem) from None
    if len(cards) < sources.min_cards:
        raise SourceImportError(SourceError(str(root), f"gave {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                                                       f"at least {sources.min_cards} are expected "
                                                       f"({sources.description or 'its sources'})"))
    return cards, counts


def import_sources(catalog: Catalog, ruleset: Any, directory: str | Path | None, actor: str,
                   allow_shrink: bool = False) -> ImportReport:
    """Parse the game's sources, then write every card in one audited batch (undo: `arbiter cards undo ID`).
    Unless `allow_shrink`, an import that loses too much of what the catalog holds is refused
    (bot.catalog.import_floors)."""
    from bot.catalog.import_floors import check_cards, check_files, last_record_counts
    from bot.catalog.importer import write_import

    if not isinstance(actor, str) or not actor.strip():
        raise InvalidChange("Every change needs an actor, such as “cli:alice”.")
    sources: Sources = ruleset.sources
    root = Path(directory) if directory is not None else default_source_dir(sources, ruleset.game)
    cards, counts = read_sources(sources, root)  # the sources' own validation happens before the write lock
    # The catalog's public import is Lackey-specific; this is its generic batch writer inside one catalog
    # write transaction, the way bot.catalog.starter writes the starter set.
    with catalog._write() as conn:
        if not allow_shrink:  # compared with what the catalog holds, inside the transaction that would write
            try:
                check_files(game_name(ruleset), counts, last_record_counts(conn, ruleset.game))
                check_cards(conn, ruleset.game, game_name(ruleset), str(root), cards)
            except SourceError as problem:
                raise SourceImportError(problem) from None
        return write_import(conn, cards, actor, ruleset.game, f"{ruleset.game}:{root.name}", records=counts)
