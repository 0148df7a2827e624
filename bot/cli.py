"""`arbiter`: the offline twin of the Discord bot. Same engine, same catalog, text or --json."""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bot.catalog import CatalogError, ImportReport
from bot.catalog.annotation_values import D4_HELP, RULES, InvalidAnnotation, check_annotation
from bot.service import REDEMPTION, Arbiter, LookupProblem, answer_lines, match_json
from engine.cards import Annotation, printing_label
from engine.registry import UnknownRuleset, find_ruleset
from engine.rulesets import redemption
from engine.rulesets.redemption.coverage import coverage, render_coverage
from engine.rulesets.redemption.scenario import EVENTS, ZONES, ScenarioError, parse_events
from engine.rulesets.redemption.terms import read_card

EXIT_OK, EXIT_LOOKUP, EXIT_USAGE = 0, 1, 2


class Usage(Exception):
    """Bad input the user can fix: printed as one line, exit 2, nothing written."""


def print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def print_lookup_problem(problem: LookupProblem, args: argparse.Namespace) -> int:
    """A card name that led to no card or to several: the candidates, as JSON or one line; exit 1."""
    if args.json:
        print_json({"match": match_json(problem.match), "error": problem.message})
    else:
        print(problem.message, file=sys.stderr)
    return EXIT_LOOKUP


def print_answer(data: dict[str, Any], args: argparse.Namespace) -> int:
    """A ruling: the documented JSON object, or what each name was matched to, the explanation and ruling id."""
    if args.json:
        print_json(data)
    else:
        for line in answer_lines(data.get("match")):
            print(line)
        print(data["explanation"])
        print(f"Ruling id: {data['ruling_id']}")
    return EXIT_OK


def _actor(args: argparse.Namespace) -> str:
    return args.actor or f"cli:{os.environ.get('USER') or getpass.getuser()}"


_LOGS: list[Any] = []  # the rulings logs of this run, written together when the command ends (main)


def _open(args: argparse.Namespace) -> Arbiter:
    """The catalog, with every answer given in this run stored (written at exit, see main)."""
    from bot.rulings.store import RulingStore
    from bot.rulings.writer import RulingLog

    arbiter = Arbiter.open(args.db)
    arbiter.rulings = RulingLog(RulingStore.for_catalog(arbiter.catalog), background=False)
    _LOGS.append(arbiter.rulings)
    return arbiter


def _close_logs() -> None:
    while _LOGS:
        _LOGS.pop().close()


def print_impact(arbiter: Arbiter, touched: dict[str, set[str]], args: argparse.Namespace) -> int:
    """After a catalog change: how many stored rulings about the touched cards now answer differently."""
    from bot.rulings.reask import changed_by

    count = len(changed_by(arbiter, touched))
    if count and not args.json:
        print(impact_sentence(count))
    return count


def impact_sentence(count: int) -> str:
    """Printed only when a change changes stored rulings."""
    return (f"This changes {count} stored ruling{'s' if count != 1 else ''}: "
            "`arbiter rulings changed` lists them with before and after.")


# --- duration ------------------------------------------------------------------------------------------

def cmd_duration(args: argparse.Namespace) -> int:
    events = parse_events(args.then)
    bad = [e for e in events if e not in EVENTS]
    if bad:
        raise Usage(f"Unknown event {bad[0]!r}; valid events: {', '.join(EVENTS)}.")
    arbiter = _open(args)
    try:
        answer = arbiter.duration(args.card, set_hint=args.set, played_in=args.played_in, events=events,
                                  ruleset=args.ruleset, part=args.part)
    except LookupProblem as problem:
        return print_lookup_problem(problem, args)
    except (ScenarioError, ValueError) as exc:
        raise Usage(str(exc)) from exc
    return print_answer(answer.as_json(), args)


# --- stored rulings ------------------------------------------------------------------------------------------

def cmd_ruling(args: argparse.Namespace) -> int:
    from bot.rulings.reask import Reasker
    from bot.rulings.report import standing_json, standing_lines

    arbiter = Arbiter.open(args.db)
    stored = arbiter_store(arbiter).get(args.id.strip()) or arbiter_store(arbiter).get(args.id.strip().upper())
    if stored is None:
        message = unknown_ruling(args.id)
        if args.json:
            print_json({"ruling_id": args.id, "error": message})
        else:
            print(message, file=sys.stderr)
        return EXIT_LOOKUP
    standing = Reasker(arbiter).standing(stored)
    if args.json:
        print_json(standing_json(standing))
    else:
        print("\n".join(standing_lines(standing)))
    return EXIT_OK


def unknown_ruling(ruling_id: str) -> str:
    shown = " ".join(str(ruling_id).split())[:40] or "(empty)"
    return f"No stored ruling has the id “{shown}”: check the id as printed under the ruling."


def arbiter_store(arbiter: Arbiter) -> Any:
    """A store on the arbiter's catalog file, closed when the command ends."""
    from bot.rulings.store import RulingStore
    from bot.rulings.writer import RulingLog

    if arbiter.rulings is None:
        arbiter.rulings = RulingLog(RulingStore.for_catalog(arbiter.catalog), background=False)
        _LOGS.append(arbiter.rulings)
    return arbiter.rulings.store


def parse_since(text: str | None) -> int:
    """`--since` as Unix seconds: a date (YYYY-MM-DD, midnight UTC) or an ISO date and time (UTC unless it says)."""
    if text is None:
        return 0
    from datetime import UTC, datetime

    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise Usage(f"--since takes a date such as 2025-01-31 or 2025-01-31T18:00, not {text!r}.") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return int(when.timestamp())


def cmd_rulings_changed(args: argparse.Namespace) -> int:
    from bot.rulings.reask import Reasker
    from bot.rulings.report import changed_lines, standing_json

    since = parse_since(args.since)
    arbiter = Arbiter.open(args.db)
    found = list(Reasker(arbiter).changed(arbiter_store(arbiter).since(since)))
    if args.json:
        print_json([standing_json(s, answer=False) for s in found])
        return EXIT_OK
    if not found:
        print("No stored ruling answers differently today." if since == 0 else
              "No stored ruling asked since then answers differently today.")
    for standing in found:
        print("\n".join(changed_lines(standing)))
        print()
    return EXIT_OK


# --- card and rule ---------------------------------------------------------------------------------------

def card_json(arbiter: Arbiter, query: str, set_hint: str | None) -> dict[str, Any]:
    card, match = arbiter.find(query, set_hint)
    notes = arbiter.annotations_for(card)
    parts = []
    for reading in read_card(card, notes):
        parts.append({
            "part": reading.part.label, "text": reading.part.text, "lasting": reading.lasting,
            "annotated": reading.annotated,
            "terms": [{"rule": t.rule, "text": t.text, "source": t.source, "length": t.length}
                      for t in reading.terms],
            "unclassified": reading.unclassified,
        })
    printings = arbiter.printings(card)
    return {
        "card": {"name": card.name, "set": card.set, "type": card.type, "class": card.card_class,
                 "brigade": card.brigade, "identifier": card.identifier, "text": card.text,
                 "official_set": card.official_set},
        "match": match_json(match),
        "printings": [{"name": p.name, "set": p.set, "official_set": p.official_set} for p in printings],
        "parts": parts,
        "annotations": [vars(a) for a in notes],
        "default_zone": redemption.default_zone(card),
    }


def cmd_card(args: argparse.Namespace) -> int:
    arbiter = _open(args)
    try:
        data = card_json(arbiter, args.name, args.set)
    except LookupProblem as problem:
        return print_lookup_problem(problem, args)
    if args.json:
        print_json(data)
        return EXIT_OK
    c = data["card"]
    print(f"{c['name']} [{c['set']}] - {c['type']}" + (f", {c['class']}" if c["class"] else ""))
    if c["brigade"]:
        print(f"Brigade: {c['brigade']}")
    if c["identifier"]:
        print(f"Identifier: {c['identifier']}")
    print(f"Text: {c['text'] or '(none)'}")
    if len(data["printings"]) > 1:
        print("Printings: " + ", ".join(printing_label(p["name"], p["set"]) for p in data["printings"]))
    for part in data["parts"]:
        label = part["part"] or "ability"
        if not part["lasting"]:
            print(f"{label}: instant, no lasting part" + (" (annotated)" if part["annotated"] else ""))
            continue
        terms = "; ".join(f"{t['rule']} “{t['text']}” ({t['source']})" for t in part["terms"]) or \
            "no stated duration (D1 default unless the type or class gives one)"
        print(f"{label}: {terms}")
    return EXIT_OK


def cmd_rule(args: argparse.Namespace) -> int:
    try:
        ruleset = find_ruleset(args.game)
    except UnknownRuleset as exc:
        raise Usage(str(exc)) from exc
    rules = ruleset.rules()
    if args.id is None:
        chosen = list(rules.values())
    else:
        key = args.id.strip().upper()
        if key not in rules:
            raise Usage(f"Unknown rule {args.id!r}; valid: {', '.join(rules)}.")
        chosen = [rules[key]]
    if args.json:
        print_json([vars(r) for r in chosen] if args.id is None else vars(chosen[0]))
        return EXIT_OK
    for rule in chosen:
        print(f"{rule.id} ({rule.name}): {rule.summary}")
        print(f"   Source: {rule.source}")
    return EXIT_OK


# --- cards (moderation) ------------------------------------------------------------------------------

def _resolve(arbiter: Arbiter, name: str, set_hint: str | None, game: str = "redemption"):
    try:
        card, _ = arbiter.find(name, set_hint, game)
    except LookupProblem as problem:
        raise Usage(problem.message) from problem
    return card


def print_import(report: ImportReport, args: argparse.Namespace, what: str = "cards",
                 arbiter: Arbiter | None = None) -> int:
    """An import's added / updated / unchanged counts, how to undo it, and (given the arbiter) how many stored
    rulings about the imported cards it changes."""
    changed = None
    if arbiter is not None:
        from bot.rulings.reask import changed_by

        changed = len(changed_by(arbiter, arbiter.catalog.touched(report.audit_id) if report.audit_id else {}))
    if args.json:
        print_json({"added": report.added, "updated": report.updated, "unchanged": report.unchanged,
                    "total": report.total, "audit_id": report.audit_id,
                    **({"changed_rulings": changed} if changed is not None else {})})
    else:
        print(f"Imported {report.total} {what}: {report.added} added, {report.updated} updated, "
              f"{report.unchanged} unchanged." + (f" Undo with: arbiter cards undo {report.audit_id}"
                                                 if report.audit_id else ""))
        if changed:
            print(impact_sentence(changed))
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    arbiter = _open(args)
    report = arbiter.catalog.import_lackey(args.file, _actor(args), game=args.game)
    arbiter.reload()
    return print_import(report, args, arbiter=arbiter)


def cmd_alias(args: argparse.Namespace) -> int:
    arbiter = _open(args)
    card = _resolve(arbiter, args.card, args.set)
    arbiter.catalog.add_alias(card.game, args.alias, card.name, card.set if args.set else None, _actor(args))
    print(f"Alias “{args.alias}” now leads to {card.label if args.set else card.name}.")
    print_impact(arbiter, {card.game: {card.name}}, args)
    return EXIT_OK


def cmd_annotate(args: argparse.Namespace) -> int:
    if args.game.strip().lower() != REDEMPTION:
        from bot import cli_games  # plug-in games check their own fields (engine.interface.AnnotationSpec)

        return cli_games.annotate(args)
    try:  # checked before the database is opened: bad input writes nothing
        rule, value = check_annotation(args.rule, args.value)
    except InvalidAnnotation as exc:
        raise Usage(str(exc)) from exc
    arbiter = _open(args)
    card = _resolve(arbiter, args.card, args.set)
    note = Annotation(part=(args.part or "").upper(), rule=rule, text=args.text or "", value=value,
                      note=args.note or "")
    labels = {r.part.label for r in read_card(card)}
    if note.part not in labels | {"*"}:
        raise Usage(f"{card.name} has no part {note.part or '(unlabelled)'!r}; its parts: "
                    f"{', '.join(sorted(x or '-' for x in labels))}.")
    new_id = arbiter.catalog.annotate(card.game, card.name, card.set, note, _actor(args))
    print(f"Annotation {new_id} added to {card.label}: {rule.upper()} {note.text!r} on part {note.part or '-'}.")
    arbiter.reload()
    print_impact(arbiter, {card.game: {card.name}}, args)
    return EXIT_OK


def cmd_history(args: argparse.Namespace) -> int:
    arbiter = _open(args)
    name = set_ = None
    if args.card:
        card = _resolve(arbiter, args.card, args.set)
        name, set_ = card.name, card.set
    entries = arbiter.catalog.history(game=None if not args.card else "redemption", name=name, set=set_,
                                      limit=args.limit)
    if args.json:
        print_json([vars(e) for e in entries])
        return EXIT_OK
    if not entries:
        print("No changes recorded.")
    for e in entries:
        undone = f" (undone by #{e.undone_by})" if e.undone_by else ""
        print(f"#{e.id} {e.at} {e.actor} {e.action} {e.target}{undone}")
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    arbiter = _open(args)
    entry = arbiter.catalog.undo(args.id, _actor(args))
    arbiter.reload()
    print(f"Change #{args.id} undone (recorded as #{entry.id}).")
    print_impact(arbiter, arbiter.catalog.touched(args.id), args)
    return EXIT_OK


def cmd_coverage(args: argparse.Namespace) -> int:
    if args.game.strip().lower() != REDEMPTION:
        from bot import cli_games

        return cli_games.coverage(args)
    arbiter = _open(args)
    cards = arbiter.catalog.cards("redemption")
    report = coverage(cards, lambda c: arbiter.catalog.annotations(c.game, c.name, c.set))
    if args.json:
        print_json(report.as_json(args.top))
    else:
        print(render_coverage(report, args.top))
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    from bot.discord.runner import run_bot  # imported late: the offline commands do not need discord.py

    return run_bot(args.db)


# --- parser ------------------------------------------------------------------------------------------------

def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text!r}")
    return number


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbiter", description="Card rulings with the rule that decides them.")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", help="card database (default: $ARBITER_DB or the per-user data directory)")
    common.add_argument("--json", action="store_true", help="print one JSON object")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("duration", parents=[common], help="how long a Redemption card's ability persists")
    p.add_argument("card", help="card name (typos, nicknames and aliases are matched)")
    p.add_argument("--set", help="set code or name to pick one printing")
    p.add_argument("--played-in", choices=ZONES, help="where the card was played (default: by its type)")
    p.add_argument("--then", action="append", nargs="+", metavar="EVENT",
                   help=f"events in order; repeatable. One of: {', '.join(EVENTS)}")
    p.add_argument("--ruleset", default="current", choices=sorted(redemption.RULESET.versions()),
                   help="current (the nine bullets) or previous (the ruling it replaced)")
    p.add_argument("--part", help="ability part to judge (STAR, GE, TOP, ...); default: the one that "
                                  "applies where it was played")
    p.set_defaults(func=cmd_duration)

    p = sub.add_parser("card", parents=[common], help="a card, its printings and its duration terms")
    p.add_argument("name")
    p.add_argument("--set")
    p.set_defaults(func=cmd_card)

    p = sub.add_parser("rule", parents=[common], help="a rule in our own words, with its source")
    p.add_argument("id", nargs="?", help="rule id, e.g. D3 (all rules when omitted)")
    p.add_argument("--game", default="redemption")
    p.set_defaults(func=cmd_rule)

    cards = sub.add_parser("cards", help="moderate the card database")
    csub = cards.add_subparsers(dest="cards_command", required=True)
    mod = argparse.ArgumentParser(add_help=False, parents=[common])
    mod.add_argument("--actor", help="who is making the change (default: cli:<user>)")

    p = csub.add_parser("import", parents=[mod], help="import a LackeyCCG carddata.txt (atomic)")
    p.add_argument("file")
    p.add_argument("--game", default="redemption")
    p.set_defaults(func=cmd_import)

    p = csub.add_parser("alias", parents=[mod], help="add a nickname for a card")
    p.add_argument("alias")
    p.add_argument("card")
    p.add_argument("--set", help="tie the alias to one printing")
    p.set_defaults(func=cmd_alias)

    p = csub.add_parser("annotate", parents=[mod], help="set a duration term (or a plug-in game's field) for a "
                                                        "card part")
    p.add_argument("card")
    p.add_argument("--game", default=REDEMPTION, help="the card's game (default redemption; other games take "
                                                     "the fields their rules read)")
    p.add_argument("--rule", required=True, help=f"Redemption: {', '.join(RULES)}; another game: the field "
                                                 "annotated (its list is shown when wrong)")
    p.add_argument("--part", default="", help="ability part label (STAR, GE, TOP, ...); empty for "
                                              "an unlabelled ability, * for every part")
    p.add_argument("--text", help="the words the term comes from")
    p.add_argument("--value", help=f"D4 length ({D4_HELP.replace('%', '%%')}) or 'self' for a D3 placement of "
                                   "the card itself; no value for other rules")
    p.add_argument("--note", help="why")
    p.add_argument("--set")
    p.set_defaults(func=cmd_annotate)

    p = csub.add_parser("history", parents=[mod], help="recorded changes, newest first")
    p.add_argument("card", nargs="?")
    p.add_argument("--set")
    p.add_argument("--limit", type=positive_int, default=20, help="how many (a positive whole number)")
    p.set_defaults(func=cmd_history)

    p = csub.add_parser("undo", parents=[mod], help="undo one recorded change")
    p.add_argument("id", type=int)
    p.set_defaults(func=cmd_undo)

    p = csub.add_parser("coverage", parents=[mod], help="how much card text the engine understands")
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--game", default=REDEMPTION, help="which game's cards (default redemption)")
    p.set_defaults(func=cmd_coverage)

    p = sub.add_parser("ruling", parents=[common], help="open a ruling by its id: the question, the answer given, "
                                                        "and whether it still stands")
    p.add_argument("id", help="the ruling id printed under a ruling, e.g. R-158C71D84E")
    p.set_defaults(func=cmd_ruling)

    rulings = sub.add_parser("rulings", help="stored rulings")
    rsub = rulings.add_subparsers(dest="rulings_command", required=True)
    p = rsub.add_parser("changed", parents=[common], help="stored rulings whose answer is different today")
    p.add_argument("--since", metavar="DATE", help="only rulings asked on or after DATE (YYYY-MM-DD, UTC)")
    p.set_defaults(func=cmd_rulings_changed)

    p = sub.add_parser("run", parents=[common], help="start the Discord bot (needs DISCORD_TOKEN)")
    p.set_defaults(func=cmd_run)

    for hook in _extensions():
        hook(sub, common)
    return parser


def _extensions() -> list[Callable[[Any, argparse.ArgumentParser], None]]:
    """Subcommands for the plug-in games, built from what each ruleset declares (bot/cli_games.py)."""
    from bot import cli_games

    return [cli_games.add_parsers]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except Usage as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except CatalogError as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_LOOKUP
    except BrokenPipeError:
        return EXIT_OK
    finally:
        _close_logs()  # the rulings answered in this run, in one transaction


if __name__ == "__main__":
    # Run through the imported module, so `python -m bot.cli` and the plug-in commands share one Usage class.
    from bot.cli import main as _main

    sys.exit(_main())
