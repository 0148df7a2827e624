"""`arbiter official add|list|show|remove|import|verify`: published rulings recorded beside the computed ones.

`add` takes the question exactly as the command takes it, after `--` (`arbiter official add --expect
persists=false --source "…" --says "…" -- duration "adino the eznite" --played-in battle --then phase-ends`): the
question is asked once through the real command, and kept as its stored ruling keeps it (the cards by their exact
names). Every write is audited and undone with `arbiter cards undo ID`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
from pathlib import Path
from typing import Any

from bot.answers.reask import Reasker
from bot.catalog import ImportFileError
from bot.cli import common as cli_common
from bot.officials.agreement import named_inputs
from bot.officials.records import Asked, ask, asked_json, read_records, settle_all, verify
from bot.rulings.store import RulingStore, rulings_path
from engine.names import fold, shown
from engine.official import Expectation, OfficialError, OfficialRuling, Source, absent, check, check_record


def _cli() -> Any:
    """The command line's shared helpers (bot/cli/common.py; bot/cli/app.py loads this module, so never it)."""
    return cli_common


def _expectations(values: list[str]) -> tuple[Expectation, ...]:
    try:
        return tuple(Expectation.parse(v) for v in values)
    except OfficialError as exc:
        raise _cli().Usage(str(exc)) from exc


def _ask_once(args: argparse.Namespace, tokens: list[str]) -> tuple[dict[str, Any], Any]:
    """The question asked through the real command (stored like every answer), and its stored ruling."""
    cli = _cli()
    if not tokens:
        raise cli.Usage("Give the question after `--`, exactly as you would ask it: -- duration \"adino the "
                        "eznite\" --played-in battle")
    db = cli.open_arbiter(args).catalog.path
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.run_command([*tokens, "--json", "--db", str(db)])
    try:
        answer = json.loads(out.getvalue() or "{}")
    except json.JSONDecodeError:
        answer = {}
    if code != 0 or "ruling_id" not in answer:
        reason = answer.get("error") or "it is not a question Arbiter answers"
        raise cli.Usage(f"The question cannot be asked: {reason}")
    store = RulingStore(rulings_path(db))
    try:
        stored = store.get(answer["ruling_id"])
    finally:
        store.close()
    if stored is None:
        raise cli.Usage("The question was answered but not stored; ask it again.")
    return answer, stored


def cmd_add(args: argparse.Namespace) -> int:
    cli = _cli()
    tokens = list(args.question)
    answer, stored = _ask_once(args, tokens[1:] if tokens[:1] == ["--"] else tokens)
    cards = list(dict.fromkeys(c.name for c in stored.basis.cards))
    ruling = OfficialRuling(stored.game, stored.command, named_inputs(stored.inputs, stored.basis.matched),
                            stored.version, _expectations(args.expect),
                            Source(args.source, args.url or "", args.date or ""), args.says, tuple(cards))
    try:
        check_record(ruling)
    except OfficialError as exc:
        raise cli.Usage(str(exc)) from exc
    missing = [e.path for e in ruling.expect if absent(answer, e)]
    if missing:
        raise cli.Usage(f"The answer has no field {', '.join(missing)}: the paths are those of the game's --json "
                        "answer (e.g. persists, upper_bound.rule, chain[0].cleanup).")
    arbiter = cli.open_arbiter(args)
    number, entry = arbiter.catalog.add_official(ruling, cli.actor_of(args))  # CatalogError: refused, exit 1
    result = check(ruling, answer)
    if args.json:
        cli.print_json({"id": number, "audit_id": entry.id, "official": {**ruling.as_json(), "id": number},
                        "agrees": result.agrees, "differences": [d.as_json() for d in result.differences]})
        return cli.EXIT_OK
    print(f"Recorded official ruling #{number} on {', '.join(cards)} ({ruling.source.cite()}).")
    print("Arbiter agrees with it." if result.agrees else
          "Arbiter's computed answer differs: " + "; ".join(d.words() for d in result.differences) + ".")
    print(cli.undo_hint(entry.id).strip())
    return cli.EXIT_OK



def _line(ruling: OfficialRuling) -> str:
    question = " · ".join(f"{k}: {' | '.join(map(str, v)) if isinstance(v, list) else v}"
                          for k, v in ruling.question.items() if v not in (None, "", [], False))
    version = "" if ruling.version == "current" else f" [{ruling.version}]"
    return (f"#{ruling.id} {ruling.game} {ruling.command}{version} · {question}\n"
            f"    expects {', '.join(map(str, ruling.expect))} · {ruling.source.cite()}"
            + (f" <{ruling.source.url}>" if ruling.source.url else "") + f"\n    {ruling.says}")


def cmd_list(args: argparse.Namespace) -> int:
    cli = _cli()
    game = _game(args.game)
    rulings = cli.open_arbiter(args).catalog.official_rulings(game)
    if args.card:
        wanted = fold(args.card)
        rulings = [r for r in rulings if any(wanted == fold(c) for c in r.cards)] or \
            [r for r in rulings if any(wanted in fold(c) for c in r.cards)]
    if args.json:
        cli.print_json([r.as_json() for r in rulings])
        return cli.EXIT_OK
    if not rulings:
        print("No official ruling is recorded" + (f" about “{shown(args.card)}”." if args.card else "."))
    for ruling in rulings:
        print(_line(ruling))
    return cli.EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    cli = _cli()
    arbiter = cli.open_arbiter(args)
    ruling = arbiter.catalog.official_ruling(args.id)  # UnknownOfficial: refused, exit 1
    asked = ask(Reasker(arbiter), ruling)
    if args.json:
        cli.print_json(asked_json(asked))
        return cli.EXIT_OK
    print(_line(ruling))
    print("    " + _standing(asked))
    return cli.EXIT_OK


def _standing(asked: Asked) -> str:
    if asked.result is None:
        return f"Cannot be asked today: {asked.problem}"
    if asked.result.agrees:
        return "Arbiter agrees today."
    return "Arbiter answers differently today: " + "; ".join(d.words() for d in asked.result.differences) + "."


def cmd_remove(args: argparse.Namespace) -> int:
    cli = _cli()
    entry = cli.open_arbiter(args).catalog.remove_official(args.id, cli.actor_of(args))
    if args.json:
        cli.print_json({"id": args.id, "audit_id": entry.id})
    else:
        print(f"Removed official ruling #{args.id}.{cli.undo_hint(entry.id)}")
    return cli.EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    cli = _cli()
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFileError(None, f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from exc
    records = read_records(text, path.name)                      # the file's shape, every line
    arbiter = cli.open_arbiter(args)
    rulings = settle_all(Reasker(arbiter), records)              # every question askable, every path present
    report = arbiter.catalog.import_officials(rulings, cli.actor_of(args), path.name)
    if args.json:
        cli.print_json({"added": report.added, "unchanged": report.unchanged, "total": report.total,
                        "audit_id": report.audit_id})
    else:
        print(f"Imported {report.total} official rulings from {path.name}: {report.added} added, "
              f"{report.unchanged} already recorded.{cli.undo_hint(report.audit_id)}")
    return cli.EXIT_OK


def cmd_verify(args: argparse.Namespace) -> int:
    cli = _cli()
    arbiter = cli.open_arbiter(args)
    rulings = arbiter.catalog.official_rulings(_game(args.game))
    differ = verify(Reasker(arbiter), rulings)
    if args.json:
        cli.print_json({"checked": len(rulings), "differ": [asked_json(a) for a in differ]})
    else:
        for asked in differ:
            print(_line(asked.ruling))
            print("    " + _standing(asked))
        print(f"{len(rulings) - len(differ)} of {len(rulings)} official rulings agree with Arbiter"
              + ("." if not differ else f"; {len(differ)} differ."))
    return cli.EXIT_LOOKUP if differ else cli.EXIT_OK


def _game(name: str | None) -> str | None:
    if name is None:
        return None
    from engine.registry import UnknownRuleset, find_ruleset

    try:
        return find_ruleset(name).game
    except UnknownRuleset as exc:
        raise _cli().Usage(str(exc)) from exc


def _positive(text: str) -> int:
    if not text.lstrip("#").isdigit() or int(text.lstrip("#")) < 1:
        raise argparse.ArgumentTypeError(f"an official ruling's number, such as 3, not {text!r}")
    return int(text.lstrip("#"))


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    group = sub.add_parser("official", parents=[common], help="published rulings beside the computed ones",
                           description="Official (published) rulings: the question as a command takes it, the "
                                       "official answer as expected values of the answer's fields, and the source. "
                                       "Every answer says whether it agrees with one recorded for its question.")
    group.set_defaults(func=lambda args: (group.print_help(), 0)[1])  # `arbiter official` alone: its help
    osub = group.add_subparsers(dest="official_command", metavar="COMMAND")
    mod = argparse.ArgumentParser(add_help=False)
    mod.add_argument("--actor", help="who is making the change (default: cli:<user>)")

    p = osub.add_parser("add", parents=[common, mod], help="record a published ruling",
                        description="Record a published ruling. The question comes after `--`, exactly as you "
                                    "would ask it; it is asked once and kept with the cards' exact names.",
                        epilog='example: arbiter official add --expect persists=false --source "Defining Duration"'
                               ' --url https://landofredemption.com/defining-duration --says "Adino\'s ability '
                               'ends with the phase" -- duration "adino the eznite" --played-in battle --then '
                               "phase-ends")
    p.add_argument("--expect", action="append", required=True, metavar="PATH=VALUE",
                   help="an expected value of the answer (repeatable): persists=false, chain[0].cleanup=next-turn, "
                        "order=A,B")
    p.add_argument("--source", required=True, metavar="TITLE", help="where it was published (title)")
    p.add_argument("--url", help="the source's address (http/https)")
    p.add_argument("--date", help="when it was published: YYYY, YYYY-MM or YYYY-MM-DD")
    p.add_argument("--says", required=True, help="what it says, briefly, in our own words")
    p.add_argument("question", nargs=argparse.REMAINDER, help="-- then the question as you would ask it")
    p.set_defaults(func=cmd_add, writes=True)  # may create a --db file that does not exist

    p = osub.add_parser("list", parents=[common], help="the recorded official rulings (of a card)")
    p.add_argument("card", nargs="?", help="only those about this card (its name or a word of it)")
    p.add_argument("--game", help="only this game's")
    p.set_defaults(func=cmd_list)

    p = osub.add_parser("show", parents=[common], help="one official ruling, and whether Arbiter agrees today")
    p.add_argument("id", type=_positive, help="its number, as `list` shows it")
    p.set_defaults(func=cmd_show)

    p = osub.add_parser("remove", parents=[common, mod], help="remove one (undo brings it back)")
    p.add_argument("id", type=_positive, help="its number, as `list` shows it")
    p.set_defaults(func=cmd_remove, writes=True)  # may create a --db file that does not exist

    p = osub.add_parser("import", parents=[common, mod], help="import a JSON or CSV file of official rulings "
                                                             "(all or nothing; re-import adds nothing)")
    p.add_argument("file", help="the file (see the README's record format)")
    p.set_defaults(func=cmd_import, writes=True)  # may create a --db file that does not exist

    p = osub.add_parser("verify", parents=[common], help="ask every recorded official ruling again; exit 1 if "
                                                        "Arbiter answers any differently")
    p.add_argument("--game", help="only this game's")
    p.set_defaults(func=cmd_verify)

