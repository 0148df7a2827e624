"""What every `arbiter` subcommand shares, the plug-in games' ones (bot/cli/games.py) included: bad input
(Usage), printing answers, errors and moderators' changes, opening the catalog with the run's rulings log,
and counting the stored rulings a change changes. Kept apart from bot/cli/app.py, which builds the parser, so
that the two command-line modules never import each other."""

from __future__ import annotations

import argparse
import getpass
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.answers.service import (
    Arbiter,
    LookupProblem,
    answer_head,
    match_json,
)
from bot.catalog import chosen_db_path
from bot.catalog.annotation_conflicts import annotation_words, conflict_warnings
from engine.cards import Annotation
from engine.names import without_controls
from engine.plain_words import headline

if TYPE_CHECKING:
    from bot.answers.context import Request
    from bot.catalog.importer import ImportReport

EXIT_OK, EXIT_LOOKUP, EXIT_USAGE = 0, 1, 2
EMPTY_NAME = "Name a card: the card name given is empty."


class Usage(Exception):
    """Bad input the user can fix: printed as one line, exit 2, nothing written."""


def lowercase(text: str) -> str:
    """argparse type for names matched case-insensitively (zones, ruleset versions)."""
    return text.strip().lower()


# Characters JSON leaves unescaped that a terminal acts on or hides (DEL and C1 controls; invisible and
# bidirectional format marks): written as \\u escapes, which parse back to the very same strings.
_INVISIBLE = re.compile("[\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
                        "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
                        "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]")


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code > 0xFFFF:  # a surrogate pair, as JSON spells characters beyond the first plane
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def print_json(obj: Any) -> None:
    print(_INVISIBLE.sub(_escaped, json.dumps(obj, ensure_ascii=False, indent=2)))


def fail(args: argparse.Namespace | None, message: str, kind: str, code: int, **extra: Any) -> int:
    """One error: a JSON object on stdout with --json, else `arbiter: <message>` on stderr."""
    if args is not None and getattr(args, "json", False):
        print_json({**extra, "error": message, "kind": kind, "exit": code})
    else:
        print(f"arbiter: {without_controls(message)}", file=sys.stderr)
    return code


def print_lookup_problem(problem: LookupProblem, args: argparse.Namespace,
                         asked: tuple[Arbiter, str, str | None] | None = None) -> int:
    """A card name that led to no card or to several: the candidates, as JSON or one line; exit 1. `asked`
    (arbiter, game, command) for a question: a name that is another game's card says so and how to ask there
    instead of offering unrelated cards of the asked game (JSON: `elsewhere` {game, card, ask, candidates})."""
    if not problem.match.query.strip():  # nothing typed is bad input, not a card that was looked for
        return fail(args, EMPTY_NAME, "usage", EXIT_USAGE)
    message, extra = problem.message, {}
    if asked is not None and problem.match.how in ("not-found", "ambiguous"):
        from bot.answers.anywhere import catalog_matchers, cli_line, elsewhere, elsewhere_message  # every game

        arbiter, game, command = asked
        other = elsewhere(problem.match.query, game, problem.match,
                          catalog_matchers(arbiter, getattr(args, "guild", None)), command)
        if other is not None:
            message = elsewhere_message(other, "cli")
            extra = {"elsewhere": {"game": other.ruleset.game, "card": other.card.name if other.card else None,
                                   "ask": cli_line(other) if other.askable else None,
                                   "candidates": [c.label for c in other.choices]}}
    if args.json:
        print_json({"match": match_json(problem.match), **extra, "error": message, "kind": problem.match.how,
                    "exit": EXIT_LOOKUP})
    else:
        print(f"arbiter: {without_controls(message)}", file=sys.stderr)
    return EXIT_LOOKUP


def json_answer(data: dict[str, Any]) -> dict[str, Any]:
    """The documented JSON answer: `summary` first, then `headline`, the line every surface shows first (the
    summary's first sentence when the summary is long: engine.plain_words.headline)."""
    if "summary" not in data:
        return data
    return {"summary": data["summary"], "headline": headline(str(data["summary"] or ""))[0], **data}


def print_answer(data: dict[str, Any], args: argparse.Namespace, lead: Sequence[str] = ()) -> int:
    """A ruling: the documented JSON object (its `summary` first), or the player's answer (`summary`) and the
    lines that matter after it (answer_head), the explanation (without its first line when that is the summary
    already) and the ruling id (or, when it could not be stored, why: `_not_stored`)."""
    not_stored = _not_stored(data)
    if args.json:
        print_json(json_answer(data))
    else:
        from bot.officials.agreement import where_line

        official = data.get("official")
        for line in answer_head(data):  # the player's answer first; what was read and official rulings after
            print(line)
        for line in lead:  # how a sentence was read (arbiter ask), under the answer it led to
            print(line)
        explanation = data["explanation"]
        summary = data.get("summary") or ""
        first, _, rest = explanation.partition("\n")
        explanation = rest if summary and first.strip() == summary.strip() else explanation
        if explanation.strip():
            print(explanation)
        if official and where_line(official):
            print(where_line(official))
        if not_stored:
            print(f"Not stored: {not_stored} This answer has no ruling id; asking again once that is fixed gives "
                  "the same answer and stores it.")
        else:
            print(f"Ruling id: {data['ruling_id']}")
            page_line(data["ruling_id"])
    return EXIT_OK


def _not_stored(data: dict[str, Any]) -> str | None:
    """Why this answer's ruling could not be stored (None: it was). An answer not stored keeps no id, since the id
    would not open: `ruling_id` becomes null, `stored` false and `not_stored` the sentence (README, --json)."""
    rid = data.get("ruling_id")
    if not rid or not LOGS:
        return None
    why = next((w for w in (log.why_not_stored(rid) for log in LOGS) if w), None)
    data["stored"] = why is None
    if why:
        data["ruling_id"], data["not_stored"] = None, why
    return why


def page_line(ruling_id: str) -> None:
    """With ARBITER_PUBLIC_URL set, the address of the ruling's web page, under its id."""
    from bot.links import ruling_url

    url = ruling_url(ruling_id)
    if url is not None:
        print(f"Page: {url}")


def actor_of(args: argparse.Namespace) -> str:
    return args.actor or f"cli:{os.environ.get('USER') or getpass.getuser()}"


LOGS: list[Any] = []  # the rulings logs of this run, closed when the command ends (main)


def open_arbiter(args: argparse.Namespace) -> Arbiter:
    """The catalog, with every answer given in this run stored (written as it is given, before it is printed; an
    answer whose ruling cannot be stored is printed saying so, without an id, bot/rulings/writer.py). A command
    that writes checks the rulings file first (it counts the stored rulings its change changes afterwards): a
    damaged or foreign one refuses the command before anything is written, the card database included."""
    from bot.rulings.store import RulingStore, rulings_path
    from bot.rulings.writer import RulingLog

    path, creating = db_path(args)
    store = RulingStore(rulings_path(path))
    LOGS.append(RulingLog(store, background=False, immediate=True))  # closed (with its store) when the run ends
    if getattr(args, "writes", False):
        store.check()
    arbiter = Arbiter.open(path)
    arbiter.matcher_files = True  # one question per process: each large game's index is read, not rebuilt
    if creating:  # said on stderr once it worked, so stdout stays the answer
        print(f"arbiter: created a new card database at {path} (filled from the starter set).", file=sys.stderr)
    arbiter.rulings = LOGS[-1]
    return arbiter


def request_of(arbiter: Arbiter) -> Request:
    """A command-line question's context: the shared catalog (no server's layer), every answer stored under its
    ruling id, and compared with the recorded official rulings."""
    from bot.answers.context import Request
    from bot.answers.games import game_matcher

    return Request(partial(game_matcher, arbiter), arbiter.annotations_for, rulings=arbiter.rulings,
                   officials=arbiter.officials())


def db_path(args: argparse.Namespace) -> tuple[Path, bool]:
    """The database this command uses, and whether opening it creates the `--db` file (bot.catalog.chosen_db_path
    decides: only commands marked `writes` may)."""
    return chosen_db_path(args.db, writes=getattr(args, "writes", False))


def close_logs() -> None:
    while LOGS:
        LOGS.pop().close()


class Impact(int):
    """What a catalog change changed: the number of stored rulings that now answer differently (the int, as
    `changed_rulings` reports it), and `officials`, the official rulings about the touched cards that Arbiter now
    answers differently. True when either is non-zero, so the callers' `if changed:` prints the sentence.
    `problem`: why they could not be counted (the change itself is made), else None."""

    officials: int
    problem: str | None

    def __new__(cls, rulings: int, officials: int = 0, problem: str | None = None) -> Impact:
        made = super().__new__(cls, rulings)
        made.officials = officials
        made.problem = problem
        return made

    def __bool__(self) -> bool:
        return int(self) > 0 or self.officials > 0


def count_changed(arbiter: Arbiter, touched: dict[str, set[str]]) -> Impact:
    """After a catalog change: how many stored rulings about the touched cards now answer differently, and how
    many official rulings about them Arbiter now answers differently. The change is committed by now, so a rulings
    file that fails here (damage past what the check before the write reads) is a warning, never a failure."""
    from bot.answers.reask import Reasker, changed_by
    from bot.catalog import UnreadableDatabase
    from bot.officials.records import disagreeing_about

    try:
        officials = arbiter.officials()
        differ = disagreeing_about(Reasker(arbiter), officials, touched) if officials and touched else []
        return Impact(len(changed_by(arbiter, touched)), len(differ))
    except UnreadableDatabase as exc:
        return Impact(0, 0, str(exc))


def impact_json(changed: int) -> dict[str, Any]:
    """`changed_rulings` of a change's --json answer: the count, or null with `rulings_problem` (the sentence) when
    the stored rulings could not be read after the change was made."""
    problem = getattr(changed, "problem", None)
    return {"changed_rulings": None, "rulings_problem": problem} if problem else {"changed_rulings": changed}


def print_impact(changed: int) -> None:
    """Text mode: the impact sentence on stdout, or (the change made, the rulings unreadable) a warning on stderr."""
    problem = getattr(changed, "problem", None)
    if problem:
        print(f"arbiter: warning: the change is made, but the stored rulings it may change could not be counted: "
              f"{problem}", file=sys.stderr)
    elif changed:
        print(impact_sentence(changed))


def impact_sentence(count: int) -> str:
    """Printed only when a change changes stored rulings or puts Arbiter at odds with an official ruling."""
    from bot.officials.records import disagreement_sentence

    lines = [f"This changes {count} stored ruling{'s' if count != 1 else ''}: "
             "`arbiter rulings changed` lists them with before and after."] if int(count) else []
    official = disagreement_sentence(getattr(count, "officials", 0))
    return "\n".join([*lines, official] if official else lines)


def undo_hint(audit_id: int | None) -> str:
    """How to take a change back: always the id `cards undo` accepts (a batch's header, never a member)."""
    return f" Undo with: arbiter cards undo {audit_id}" if audit_id else ""


def print_import(report: ImportReport, args: argparse.Namespace, what: str = "cards",
                 arbiter: Arbiter | None = None) -> int:
    """An import's added / updated / unchanged counts, how to undo it, and (given the arbiter) how many stored
    rulings about the imported cards it changes."""
    changed = None
    if arbiter is not None:
        changed = count_changed(arbiter, arbiter.catalog.touched(report.audit_id) if report.audit_id else {})
    if args.json:
        print_json({"added": report.added, "updated": report.updated, "unchanged": report.unchanged,
                    "total": report.total, "audit_id": report.audit_id,
                    **(impact_json(changed) if changed is not None else {})})
    else:
        print(f"Imported {report.total} {what}: {report.added} added, {report.updated} updated, "
              f"{report.unchanged} unchanged." + undo_hint(report.audit_id))
        if changed is not None:
            print_impact(changed)
    return EXIT_OK


def annotation_warnings(arbiter: Arbiter, card: Any, note: Annotation, exclusive: set[str] | None = None,
                        guild: str | None = None) -> list[str]:
    """What the new annotation repeats or contradicts among the part's existing ones (checked before writing);
    with a guild, the shared ones and that server's own."""
    existing = arbiter.catalog.annotations_with_ids(card.game, card.name, card.set)
    if guild:
        existing += arbiter.catalog.annotations_with_ids(card.game, card.name, card.set, guild)
    added_by = arbiter.catalog.annotation_changes([i for i, _ in existing])
    return conflict_warnings(card.label, existing, note, exclusive or set(), added_by)


def print_annotation(args: argparse.Namespace, card: Any, note: Annotation, new_id: int, audit_id: int,
                     warnings: list[str], changed: int = 0) -> int:
    """A stored annotation: its id, how to undo it, any earlier annotation of the part it may contradict, and how
    many stored rulings it changes."""
    if args.json:
        print_json({"id": new_id, "audit_id": audit_id, "card": card.name, "set": card.set,
                    "annotation": vars(note), "warnings": warnings, **impact_json(changed)})
        return EXIT_OK
    for warning in warnings:
        print(f"arbiter: warning: {warning}", file=sys.stderr)
    print(f"Annotation {new_id} added to {card.label}: {annotation_words(note)} on part {note.part or '(unlabelled)'}."
          + undo_hint(audit_id))
    print_impact(changed)
    return EXIT_OK


def print_help_for(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """A command group called without a subcommand prints its help, like --help (git prints usage too)."""
    def show(args: argparse.Namespace) -> int:
        parser.print_help()
        return EXIT_OK
    return show




_ENTRY: list[Callable[[Sequence[str]], int]] = []  # `arbiter`'s entry point, registered by bot.cli


def register_entry(main: Callable[[Sequence[str]], int]) -> None:
    """bot.cli registers its `main`, so a subcommand defined elsewhere can run another command in-process
    without importing bot.cli (which imports it)."""
    _ENTRY[:] = [main]


def run_command(argv: Sequence[str]) -> int:
    """Run another `arbiter` command in this process, as `arbiter ARGV` would (its exit code)."""
    return _ENTRY[0](argv)
