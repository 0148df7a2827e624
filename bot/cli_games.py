"""`arbiter <game> ...` and `arbiter <game>-import [DIR]` for every plug-in ruleset, built from what the
ruleset declares (engine/interface.py): its question's inputs, help text, versions and card sources.

Exit codes as for the other commands: 0 answered, 1 a card was not found or is ambiguous (or an import was
refused), 2 bad input.
"""

from __future__ import annotations

import argparse
from typing import Any

from bot.cli import Usage, _actor, print_answer, print_import, print_lookup_problem
from bot.games import default_source_dir, game_answer, game_matcher, game_name, import_sources, plugin_rulesets
from bot.service import Arbiter, LookupProblem
from engine.interface import Param, QuestionError, plugin_inputs


def _add_param(parser: argparse.ArgumentParser, param: Param) -> None:
    if param.kind == "flag":
        parser.add_argument(param.cli_flag or f"--{param.name.replace('_', '-')}", dest=param.name,
                            action="store_true", help=param.help)
    elif param.cli_flag is None:
        nargs = ("+" if param.required else "*") if param.repeat else (None if param.required else "?")
        parser.add_argument(param.name, nargs=nargs, metavar=param.metavar, help=param.help)
    else:
        parser.add_argument(param.cli_flag, dest=param.name, metavar=param.metavar, help=param.help,
                            action="append" if param.repeat else "store", default=[] if param.repeat else None,
                            required=param.required)


def _ask(ruleset: Any, args: argparse.Namespace) -> int:
    params = plugin_inputs(ruleset.questions.params, "cli")
    inputs = {p.name: getattr(args, p.name) for p in params}
    for p in params:
        values = [inputs[p.name]] if isinstance(inputs[p.name], str) else inputs[p.name] or []
        if p.kind == "text" and any(len(v) > p.max_length or "\x00" in v for v in values):
            raise Usage(f"{p.metavar or p.name} is at most {p.max_length} characters of text.")
    arbiter = Arbiter.open(args.db)
    try:
        data = game_answer(game_matcher(arbiter, ruleset), ruleset, inputs, args.ruleset)
    except LookupProblem as problem:
        return print_lookup_problem(problem, args)
    except QuestionError as exc:
        raise Usage(str(exc)) from exc
    return print_answer(data, args)


def _import(ruleset: Any, args: argparse.Namespace) -> int:
    arbiter = Arbiter.open(args.db)
    report = import_sources(arbiter.catalog, ruleset, args.path, _actor(args))  # CatalogError: cli.main, exit 1
    arbiter.reload()
    return print_import(report, args, f"{game_name(ruleset)} cards")


def add_parsers(subparsers: Any, common: argparse.ArgumentParser) -> None:
    """Called by bot.cli.build_parser: one subcommand per plug-in ruleset, and one importer per card source."""
    for ruleset in plugin_rulesets():
        question = ruleset.questions  # type: ignore[attr-defined]
        p = subparsers.add_parser(
            ruleset.game, parents=[common], help=question.description[:1].lower() + question.description[1:],
            description=getattr(question, "cli_description", question.description), epilog=question.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter)
        for param in plugin_inputs(question.params, "cli"):
            _add_param(p, param)
        versions = list(ruleset.versions())
        p.add_argument("--ruleset", default=versions[0], choices=versions,
                       help=f"rules version (default {versions[0]})")
        p.set_defaults(func=lambda args, r=ruleset: _ask(r, args))

        sources = getattr(ruleset, "sources", None)
        if sources is None:
            continue
        p = subparsers.add_parser(f"{ruleset.game}-import", parents=[common],
                                  help=f"import {game_name(ruleset)} cards from shared/data/{sources.folder} "
                                       "(atomic, re-import safe)")
        p.add_argument("path", nargs="?", default=None, metavar="DIR",
                       help=f"folder with {sources.description} (default: {default_source_dir(sources)})")
        p.add_argument("--actor", help="who is making the change (default: cli:<user>)")
        p.set_defaults(func=lambda args, r=ruleset: _import(r, args))
