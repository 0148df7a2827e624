"""`arbiter dominion` and `arbiter dominion-import`: the Dominion Duration ruling from the command line.

    arbiter dominion CHAIN [CHAIN ...] [--played-by CARD ...] [--choice CHOICE ...] [--skip-next-turn]
                     [--ruleset current|older-wording|prior-chain|prior-throne] [--db PATH] [--json]
    arbiter dominion-import [DIR] [--actor WHO] [--db PATH] [--json]

Each CHAIN is one card played from your hand this turn and what it played, e.g.
"Throne Room > Tactician[discarded-nothing]" (syntax: engine/rulesets/dominion/scenario.py). Card names
are matched among Dominion cards only (starter set plus imported cards): typos, aliases and prefixes work,
and a Redemption name never matches. Exit codes as for the other commands: 0 answered, 1 a card was not
found or is ambiguous (or an import was refused), 2 bad input.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from typing import Any

from bot.dominion_import import DEFAULT_DIR, import_dominion
from bot.dominion_service import dominion_answer, dominion_matcher
from bot.service import Arbiter, LookupProblem, match_json
from engine.rulesets.dominion import ScenarioError
from engine.rulesets.dominion.rules import VERSIONS

EXIT_OK, EXIT_LOOKUP, EXIT_USAGE = 0, 1, 2

CHAIN_HELP = """\
chain syntax: "A > B" means A played B. A Throne variant is followed by the one card it played several
times; a card making several plays (Captain now and next turn, an Overlord played twice) by one card for
all of them or one per play separated by "+" ("nothing" for none); brackets group:
  "Throne Room > Tactician[discarded-nothing]"     "Throne Room > Overlord > Swamp Hag + Archive"
  "Captain > nothing + Throne Room > Caravan"      "Village as Way of the Mouse > Caravan"
several CHAIN arguments are several cards played this turn: "Voyage" "Lich"
choices in [...] (comma-separated, a/b = one value per play): removed, not-followed, deck-empty,
now | next-turn, met | not-met (or the card's words), left=N, taken | not-taken | skipped,
met=N | never, and a card's own options (Specialist: again | gain)
rulesets: current (newer wording: Command variants may not play Durations), older-wording,
prior-chain (every card up a Throne chain stayed), prior-throne (before Empires)"""


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def _usage(message: str) -> int:
    print(f"arbiter: {message}", file=sys.stderr)
    return EXIT_USAGE


def chain_texts(args: argparse.Namespace) -> list[str]:
    """The chains to judge; --played-by and --choice are a longhand for one single-card chain."""
    chains: list[str] = list(args.chain)
    if not (args.played_by or args.choice):
        return chains
    if len(chains) != 1 or any(ch in chains[0] for ch in ">+[]()"):
        raise ScenarioError("--played-by and --choice go with one plain card name; write longer chains "
                            "with “>” and choices in [brackets].")
    card = chains[0] + (f"[{', '.join(args.choice)}]" if args.choice else "")
    return [" > ".join([*args.played_by, card])]


def cmd_dominion(args: argparse.Namespace) -> int:
    try:
        chains = chain_texts(args)
    except ScenarioError as exc:
        return _usage(str(exc))
    arbiter = Arbiter.open(args.db)
    try:
        data = dominion_answer(dominion_matcher(arbiter), chains, args.ruleset, skip_next_turn=args.skip_next_turn)
    except LookupProblem as problem:
        if args.json:
            _print_json({"match": match_json(problem.match), "error": problem.message})
        else:
            print(problem.message, file=sys.stderr)
        return EXIT_LOOKUP
    except ScenarioError as exc:
        return _usage(str(exc))
    if args.json:
        _print_json(data)
    else:
        print(data["explanation"])
        print(f"Ruling id: {data['ruling_id']}")
    return EXIT_OK


def cmd_dominion_import(args: argparse.Namespace) -> int:
    arbiter = Arbiter.open(args.db)
    actor = args.actor or f"cli:{os.environ.get('USER') or getpass.getuser()}"
    report = import_dominion(arbiter.catalog, args.path, actor)  # CatalogError: cli.main prints it, exit 1
    arbiter.reload()
    result = {"added": report.added, "updated": report.updated, "unchanged": report.unchanged,
              "total": report.total, "audit_id": report.audit_id}
    if args.json:
        _print_json(result)
    else:
        print(f"Imported {report.total} Dominion cards: {report.added} added, {report.updated} updated, "
              f"{report.unchanged} unchanged." + (f" Undo with: arbiter cards undo {report.audit_id}"
                                                 if report.audit_id else ""))
    return EXIT_OK


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    """Called by bot.cli.build_parser: adds `dominion` and `dominion-import`."""
    p = subparsers.add_parser(
        "dominion", parents=[common], help="when each card of a Dominion chain of plays leaves play",
        description="In which Clean-up each card of a turn's chain of plays leaves play, with the Duration "
                    "rules (DM1-DM13) that decide it.",
        epilog=CHAIN_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("chain", nargs="+", metavar="CHAIN", help="a card played from your hand and what it played")
    p.add_argument("--played-by", action="append", default=[], metavar="CARD",
                   help="with a single card: what played it, outermost first (repeatable)")
    p.add_argument("--choice", action="append", default=[], metavar="CHOICE",
                   help="with a single card: a choice for it, e.g. now, discarded-nothing, left=1 (repeatable)")
    p.add_argument("--skip-next-turn", action="store_true",
                   help="your next turn is skipped (as if a Lich was played this turn)")
    p.add_argument("--ruleset", default="current", choices=list(VERSIONS),
                   help="rules version (default current: newer wording, current tracking)")
    p.set_defaults(func=cmd_dominion)

    p = subparsers.add_parser("dominion-import", parents=[common],
                              help="import Dominion cards from shared/data/dominion (atomic, re-import safe)")
    p.add_argument("path", nargs="?", default=None, metavar="DIR",
                   help=f"folder with dominiontabs/ and randomkingdominion/ (default: {DEFAULT_DIR})")
    p.add_argument("--actor", help="who is making the change (default: cli:<user>)")
    p.set_defaults(func=cmd_dominion_import)
