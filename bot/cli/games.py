"""`arbiter <game> ...` and `arbiter <game>-import [DIR]` for every plug-in ruleset, built from what the
ruleset declares (engine/interface.py): its question's inputs, help text, versions and card sources.

Exit codes as for the other commands: 0 answered, 1 a card was not found or is ambiguous (or an import was
refused), 2 bad input.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.answers.games import (
    ask,
    data_roots,
    default_source_dir,
    game_cards,
    game_matcher,
    game_name,
    game_of_file,
    game_of_folder,
    import_sources,
    plugin_rulesets,
)
from bot.answers.service import Arbiter, LookupProblem, for_writing
from bot.catalog import CatalogError
from bot.cli.common import (
    EXIT_LOOKUP,
    EXIT_OK,
    Usage,
    actor_of,
    annotation_warnings,
    count_changed,
    db_path,
    lowercase,
    open_arbiter,
    print_annotation,
    print_answer,
    print_help_for,
    print_import,
    print_json,
    print_lookup_problem,
    request_of,
)
from engine.cards import Annotation
from engine.interface import Param, Question, QuestionError, plugin_inputs, questions_of
from engine.registry import UnknownRuleset, default_game, find_ruleset


class _InOrder(argparse.Action):
    """Appends like action="append", and also records (param name, value) in the param's shared sequence."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        # copies, never the parser's default list (parsers are reused in one process)
        setattr(namespace, self.dest, [*(getattr(namespace, self.dest, None) or []), values])
        sequence = f"_sequence_{self.const}"
        setattr(namespace, sequence, [*(getattr(namespace, sequence, None) or []), (self.dest, values)])


def _add_param(parser: argparse.ArgumentParser, param: Param) -> None:
    if param.kind == "flag":
        parser.add_argument(param.cli_flag or f"--{param.name.replace('_', '-')}", dest=param.name,
                            action="store_true", help=param.help)
    elif param.cli_flag is None:
        nargs = ("+" if param.required else "*") if param.repeat else (None if param.required else "?")
        parser.add_argument(param.name, nargs=nargs, metavar=param.metavar, help=param.help)
    elif param.sequence and param.repeat:
        parser.add_argument(param.cli_flag, dest=param.name, metavar=param.metavar, help=param.help, action=_InOrder,
                            const=param.sequence, default=[], required=param.required)
    elif param.many and param.repeat:
        parser.add_argument(param.cli_flag, dest=param.name, metavar=param.metavar, help=param.help,
                            action="extend", nargs="+", default=[], required=param.required)
    else:
        parser.add_argument(param.cli_flag, dest=param.name, metavar=param.metavar, help=param.help,
                            action="append" if param.repeat else "store", default=[] if param.repeat else None,
                            required=param.required)


def _ask(ruleset: Any, question: Question, args: argparse.Namespace) -> int:
    params = plugin_inputs(question.params, "cli")
    inputs = {p.name: getattr(args, p.name) for p in params}
    for sequence in {p.sequence for p in params if p.sequence}:
        inputs[sequence] = list(getattr(args, f"_sequence_{sequence}", None) or [])
    for p in params:
        values = [inputs[p.name]] if isinstance(inputs[p.name], str) else inputs[p.name] or []
        if p.kind == "text" and any(len(v) > p.max_length or "\x00" in v for v in values):
            raise Usage(f"{p.metavar or p.name} is at most {p.max_length} characters of text.")
    arbiter = open_arbiter(args)
    try:
        data = ask(request_of(arbiter), ruleset, inputs, args.ruleset, question.command)
    except LookupProblem as problem:
        return print_lookup_problem(problem, args, (arbiter, ruleset.game, question.command))
    except QuestionError as exc:
        raise Usage(str(exc)) from exc
    return print_answer(data, args)


LACKEY_FILE = "carddata.txt"  # the default game's card data: LackeyCCG's tab-separated file


def wrong_folder(root: Path, wanted: Any) -> None:
    """Usage naming the game whose card data the folder holds, when it is not the asked game's (nothing read)."""
    if not root.is_dir():
        return
    found = game_of_folder(root, (default_game(), LACKEY_FILE))
    if found is None or found.game == wanted.game:
        return
    raise Usage(f"{root} holds {game_name(found)} card data, not {game_name(wanted)}'s: import it with "
                f"`arbiter {import_command(found)} {root}`" + (f", or give the folder with {wanted.sources.description}"
                                                              if getattr(wanted, "sources", None) else "") + ".")


def import_command(ruleset: Any) -> str:
    return f"{ruleset.game}-import"


def _import(ruleset: Any, args: argparse.Namespace) -> int:
    # Found (or refused, naming where it looked) before the database is opened.
    root = args.path if args.path is not None else default_source_dir(ruleset.sources, ruleset.game)
    wrong_folder(Path(root), ruleset)
    arbiter = open_arbiter(args)
    report = import_sources(arbiter.catalog, ruleset, root, actor_of(args),  # CatalogError: cli.main, exit 1
                            allow_shrink=args.allow_shrink)
    arbiter.reload()
    return print_import(report, args, f"{game_name(ruleset)} cards", arbiter)


def _plugin(game: str, needs: str, what: str) -> Any:
    """The plug-in ruleset named `game` (or an alias) that declares `needs`; Usage naming the valid games."""
    offered = [r for r in plugin_rulesets() if getattr(r, needs, None) is not None]
    for ruleset in offered:
        if game.strip().lower() in (ruleset.game, *ruleset.aliases):
            return ruleset
    raise Usage(f"No {what} for the game {game!r}; games: {default_game()}"
                + "".join(f", {r.game}" for r in offered) + ".")


def annotate(args: argparse.Namespace) -> int:
    """`arbiter cards annotate CARD --game GAME --rule FIELD --value V`: a moderator statement about a part of a
    plug-in game's card, checked by the game's `annotation_spec` before anything is written."""
    ruleset = _plugin(args.game, "annotation_spec", "annotations")
    spec = ruleset.annotation_spec
    field = (args.rule or "").strip().lower()
    if field not in spec.fields:
        raise Usage(f"A {game_name(ruleset)} annotation is about one of: "
                    + "; ".join(f"{f} ({h})" for f, h in spec.fields.items()) + ".")
    try:
        value = spec.check(field, (args.value or "").strip())
    except QuestionError as exc:
        raise Usage(str(exc)) from exc
    arbiter = open_arbiter(args)
    # Not found, ambiguous or only loosely matched: the candidates, exit 1 (bot.cli.main), nothing written.
    card = for_writing(game_matcher(arbiter, ruleset).match(args.card, args.set), args.set)
    part = (args.part or "").strip()
    labels = list(spec.parts(card)) if spec.parts is not None else None
    if labels is not None and part not in [*labels, "*"]:
        raise Usage(f"{card.label} has no part {part or '(empty)'!r}; its parts: {', '.join(labels) or 'none'}.")
    actor = actor_of(args)
    if arbiter.catalog.card(*card.key) is None:
        arbiter.catalog.add_card(card, actor)  # a starter card: stored so the annotation has a card to belong to
    note = Annotation(part=part, rule=field, text=args.text or "", value=value, note=args.note or "")
    warnings = annotation_warnings(arbiter, card, note, guild=getattr(args, "guild", None))
    new_id, entry = arbiter.catalog.add_annotation(card.game, card.name, card.set, note, actor,
                                                   getattr(args, "guild", None))
    arbiter.reload()
    return print_annotation(args, card, note, new_id, entry.id, warnings,
                            count_changed(arbiter, {card.game: {card.name}}))


def coverage(args: argparse.Namespace) -> int:
    """`arbiter cards coverage --game GAME`: what the game's reader understands of its cards' text."""
    ruleset = _plugin(args.game, "coverage", "coverage report")
    arbiter = Arbiter.open(db_path(args)[0])  # a read: never creates a --db file
    report = ruleset.coverage(game_cards(arbiter, ruleset), arbiter.annotations_for, args.top)
    if args.json:
        from bot.cli.common import print_json

        print_json({key: value for key, value in report.items() if key != "lines"})
    else:
        print("\n".join(report["lines"]))
    return 0


def _help(question: Question) -> dict[str, Any]:
    return {"help": question.description[:1].lower() + question.description[1:],
            "description": getattr(question, "cli_description", question.description), "epilog": question.epilog,
            "formatter_class": argparse.RawDescriptionHelpFormatter}


def _add_question(p: argparse.ArgumentParser, ruleset: Any, question: Question) -> None:
    for param in plugin_inputs(question.params, "cli"):
        _add_param(p, param)
    versions = list(ruleset.versions())
    p.add_argument("--ruleset", default=versions[0], type=lowercase, choices=versions,
                   help=f"rules version (default {versions[0]})")
    p.set_defaults(func=lambda args: _ask(ruleset, question, args))


def command_aliases(ruleset: Any) -> list[str]:
    """The game's aliases that can be typed as one command word (a short name, an older name)."""
    return [a for a in dict.fromkeys(ruleset.aliases) if a != ruleset.game and a.replace("-", "").isalnum()]


def _named_game(command: str) -> list[Any]:
    """The plug-in game whose subcommand (or importer) `command` is, loaded alone when it is the game's own
    name; none for another command."""
    if not command or command.startswith("-"):
        return []
    try:
        ruleset = find_ruleset(command.removesuffix("-import"))
    except UnknownRuleset:
        return []
    return [ruleset] if questions_of(ruleset) else []


def add_parsers(subparsers: Any, common: argparse.ArgumentParser, only: str | None = None) -> None:
    """Called by bot.cli.app.build_parser: one subcommand per plug-in ruleset, and one importer per card source
    (with `only`, the subcommand a run names: that game's alone, none when it names no game)."""
    for ruleset in plugin_rulesets() if only is None else _named_game(only):
        questions = questions_of(ruleset)
        aliases = command_aliases(ruleset)
        if len(questions) == 1:  # `arbiter <game> ...`
            _add_question(subparsers.add_parser(ruleset.game, aliases=aliases, parents=[common],
                                                **_help(questions[0])),
                          ruleset, questions[0])
        else:  # `arbiter <game> <command> ...`, one subcommand per question
            p = subparsers.add_parser(ruleset.game, aliases=aliases, parents=[common], help=f"{game_name(ruleset)}: "
                                      f"{', '.join(q.command for q in questions)}",
                                      description=questions[0].group_description)
            p.set_defaults(func=print_help_for(p))  # `arbiter <game>` alone lists its questions
            qsub = p.add_subparsers(dest=f"{ruleset.game}_command", metavar="QUESTION")
            for question in questions:
                _add_question(qsub.add_parser(question.command, parents=[common], **_help(question)),
                              ruleset, question)

        sources = getattr(ruleset, "sources", None)
        if sources is None:
            continue
        p = subparsers.add_parser(f"{ruleset.game}-import", aliases=[f"{a}-import" for a in aliases],
                                  parents=[common],
                                  help=f"import {game_name(ruleset)} cards from shared/data/{sources.folder} "
                                       "(atomic, re-import safe)")
        p.add_argument("path", nargs="?", default=None, metavar="DIR",
                       help=f"folder with {sources.description} (default: the first of ../shared/data/"
                            f"{sources.folder} and ./shared/data/{sources.folder} from the current directory, "
                            f"then beside the checkout)")
        p.add_argument("--actor", help="who is making the change (default: cli:<user>)")
        p.add_argument("--allow-shrink", action="store_true",
                       help="import even when a file has more than 10%% fewer records than at the last import, or "
                            "more than 10%% of the game's cards would be left out or lose details")
        p.set_defaults(func=lambda args, r=ruleset: _import(r, args), writes=True)


# --- the default game's importer named like the others, and every game at once ------------------------------

def lackey_file(path: str | Path | None) -> Path:
    """The default game's carddata.txt: the file given, or in the folder given (default: shared/data/<game>)."""
    if path is None:
        folders = [root / default_game() for root in data_roots()]
        found = next((f for f in folders if (f / LACKEY_FILE).is_file()), None)
        if found is None:
            raise Usage(f"No folder given and none of {', '.join(str(f) for f in folders)} holds {LACKEY_FILE}; "
                        f"give the folder (or the file): arbiter {default_game()}-import DIR.")
        return found / LACKEY_FILE
    given = Path(path)
    if given.is_dir():
        wrong_folder(given, find_ruleset(default_game()))
        return given / LACKEY_FILE
    other = game_of_file(given)
    if other is not None:
        raise Usage(f"{given} is {game_name(other)} card data: import its folder with "
                    f"`arbiter {import_command(other)} DIR`.")
    return given


def _lackey_import(args: argparse.Namespace) -> int:
    path = lackey_file(args.path)  # found (or refused) before the database is opened
    arbiter = open_arbiter(args)
    report = arbiter.catalog.import_lackey(path, actor_of(args), game=default_game())
    arbiter.reload()
    return print_import(report, args, f"{game_name(find_ruleset(default_game()))} cards", arbiter)


def importable() -> list[tuple[Any, str]]:
    """(ruleset, folder under a data root) of every game with an importer: the default game's first."""
    return [(find_ruleset(default_game()), default_game()),
            *((r, r.sources.folder) for r in plugin_rulesets() if getattr(r, "sources", None) is not None)]


def _import_all(args: argparse.Namespace) -> int:
    """Every game found under the data folder, each in its own transaction (one refused leaves the others
    imported), a line each; exit 1 when one was refused, 2 when the folder holds no game's data."""
    if args.path is not None:
        root = Path(args.path)
        if not root.is_dir():
            raise Usage(f"{root} is not a folder; give the folder holding each game's card data (one sub-folder "
                        "per game, as in shared/data).")
    else:
        root = next((r for r in data_roots() if r.is_dir()), None)  # type: ignore[assignment]
        if root is None:
            raise Usage(f"No folder given and none of {', '.join(str(r) for r in data_roots())} exists; give the "
                        "folder holding each game's card data: arbiter import-all DIR.")
    games = [(ruleset, root / folder) for ruleset, folder in importable()]
    if not any(folder.is_dir() for _, folder in games):
        raise Usage(f"{root} holds no game's card data: expected one of the folders "
                    f"{', '.join(folder.name for _, folder in games)}.")
    arbiter = open_arbiter(args)
    results: list[dict[str, Any]] = []
    for ruleset, folder in games:
        entry: dict[str, Any] = {"game": ruleset.game, "title": game_name(ruleset), "folder": str(folder)}
        if not folder.is_dir():
            results.append({**entry, "status": "skipped", "error": f"no folder {folder.name}/ under {root}"})
            continue
        try:
            if ruleset.game == default_game():
                report = arbiter.catalog.import_lackey(lackey_file(folder), actor_of(args), game=ruleset.game)
            else:
                report = import_sources(arbiter.catalog, ruleset, folder, actor_of(args),
                                        allow_shrink=args.allow_shrink)
        except (Usage, CatalogError) as problem:  # this game refused, nothing of it written; the others go on
            results.append({**entry, "status": "refused", "error": str(problem)})
            continue
        results.append({**entry, "status": "imported", "added": report.added, "updated": report.updated,
                        "unchanged": report.unchanged, "total": report.total, "audit_id": report.audit_id})
    arbiter.reload()
    refused = any(r["status"] == "refused" for r in results)
    if args.json:
        print_json({"root": str(root), "games": results})
    else:
        for r in results:
            print(import_line(r))
    return EXIT_LOOKUP if refused else EXIT_OK


def import_line(result: Mapping[str, Any]) -> str:
    title = result["title"]
    if result["status"] == "skipped":
        return f"{title}: skipped ({result['error']})."
    if result["status"] == "refused":
        return f"{title}: refused, nothing of it imported: {result['error']}"
    undo = f" Undo with: arbiter cards undo {result['audit_id']}" if result["audit_id"] else ""
    return (f"{title}: {result['total']:,} cards ({result['added']:,} added, {result['updated']:,} updated, "
            f"{result['unchanged']:,} unchanged).{undo}")


def add_import_parsers(subparsers: Any, common: argparse.ArgumentParser) -> None:
    """`arbiter import-all [DIR]` and the default game's `arbiter <game>-import [DIR]`."""
    ruleset = find_ruleset(default_game())
    p = subparsers.add_parser(import_command(ruleset), parents=[common],
                              help=f"import {game_name(ruleset)} cards from LackeyCCG's {LACKEY_FILE} in shared/data/"
                                   f"{default_game()} (atomic, re-import safe; as `arbiter cards import FILE`)")
    p.add_argument("path", nargs="?", default=None, metavar="DIR",
                   help=f"the folder holding {LACKEY_FILE}, or the file itself (default: the first of ../shared/data/"
                        f"{default_game()} and ./shared/data/{default_game()}, then beside the checkout)")
    p.add_argument("--actor", help="who is making the change (default: cli:<user>)")
    p.set_defaults(func=_lackey_import, writes=True)
    p = subparsers.add_parser("import-all", parents=[common],
                              help="import every game's card data found under the data folder (each game atomic)")
    p.add_argument("path", nargs="?", default=None, metavar="DIR",
                   help="the folder with one sub-folder per game, as shared/data (default: ../shared/data or "
                        "./shared/data from the current directory, then beside the checkout)")
    p.add_argument("--actor", help="who is making the change (default: cli:<user>)")
    p.add_argument("--allow-shrink", action="store_true", help="as for each game's -import")
    p.set_defaults(func=_import_all, writes=True)
