"""`arbiter`'s parser, its catalog, ruling and duration commands, and main(): the offline twin of the Discord
bot. Same engine, same catalog, text or --json.

Conventions (git and sqlite-utils are the models): `--db` and `--json` go before or after the subcommand;
`arbiter` or `arbiter cards` alone prints its help (exit 0, as with --help); exit codes are 0 done, 1 not
found / ambiguous / refused / the database cannot be used, 2 bad input; with --json every error is one JSON
object on stdout too: `{"error", "kind", "exit"}` (plus `match` for a card lookup, `usage` for bad arguments).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import TYPE_CHECKING, Any, NoReturn

from bot.answers.service import (
    DEFAULT_GAME,
    Arbiter,
    LookupProblem,
    answer_lines,
    default_printing_key,
    for_writing,
    problem_message,
)
from bot.catalog import (
    CatalogError,
    UnknownAlias,
    UnknownAnnotation,
    UnknownCard,
    UnknownChange,
    UnreadableDatabase,
)
from bot.catalog.annotation_values import D4_HELP, RULES, InvalidAnnotation, check_annotation
from bot.catalog.audit_words import entry_line
from bot.cli.common import (
    EXIT_LOOKUP,
    EXIT_OK,
    EXIT_USAGE,
    Usage,
    actor_of,
    annotation_warnings,
    close_logs,
    count_changed,
    fail,
    impact_json,
    lowercase,
    open_arbiter,
    page_line,
    print_annotation,
    print_answer,
    print_help_for,
    print_impact,
    print_import,
    print_json,
    print_lookup_problem,
    register_entry,
    undo_hint,
)
from engine.cards import Annotation, printing_label
from engine.matching import MatchResult
from engine.names import base_name, without_controls
from engine.registry import UnknownRuleset, all_rulesets, find_ruleset, rule_ranges, rules_with_id, shortcut

if TYPE_CHECKING:
    from bot.answers.anywhere import Anywhere  # imported by the commands that look in every game

# The subcommands built here, and those of bot/web/command.py, bot/cli/official.py and bot/cli/ask.py: every
# other one is a plug-in game's (bot/cli/games.py).
BUILTIN_COMMANDS = ("duration", "card", "rule", "cards", "ruling", "rulings", "run")
OTHER_COMMANDS = ("serve", "official", "ask")
SERVICES = ("run", "serve")  # they keep running: Python's garbage collector stays on for them


@cache
def default_game_ruleset() -> tuple[Any, str, Any, Any]:
    """(ruleset, title) of the default game (engine.registry.default_game), and (ruleset, question) of
    `arbiter duration` (its `shortcuts`): loaded when a command uses them, so another game's question never
    loads the default game."""
    ruleset = find_ruleset(DEFAULT_GAME)
    found = shortcut("duration")
    assert found is not None, "no ruleset declares the duration shortcut"
    return ruleset, str(ruleset.title).split(" (")[0], found[0], found[1]


NOT_FOUND = (UnknownCard, UnknownAlias, UnknownAnnotation, UnknownChange)


class CommandLineError(Exception):
    """An argparse usage error, raised instead of exiting so main() can print it (as JSON with --json)."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser
        self.message = message


class CliParser(argparse.ArgumentParser):
    """argparse, except that a usage error is raised (subcommand parsers are built with this class too)."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(self, message)


class SubcommandParser(CliParser):
    """A subcommand's parser. argparse hands an option it does not know up to the top-level parser, whose usage
    names none of the subcommand's options; here it is the subcommand's own usage error."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:  # a parent never consumes what its subcommand left: argparse gives it every later argument
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


class VersionAction(argparse.Action):
    """argparse's "version" action, with the version read only when it is asked for."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        print(version_text())
        parser.exit()


def version_text() -> str:
    from importlib import metadata  # read only when asked: a question does not pay for it

    try:
        return f"arbiter {metadata.version('arbiter')}"
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "arbiter (not installed)"


# --- duration ------------------------------------------------------------------------------------------

def cmd_duration(args: argparse.Namespace) -> int:
    _, _, _, DURATION = default_game_ruleset()
    events = DURATION.parse_events(args.then or [])
    known = getattr(DURATION, "event_ok", lambda e: e in DURATION.events)  # names one condition: condition-false:2
    bad = [e for e in events if not known(e)]
    if bad:
        raise Usage(f"Unknown event {bad[0]!r}; valid events: {', '.join(DURATION.events)} (condition-false and "
                    "condition-true may name one condition: condition-false:2, condition-false:equipped).")
    arbiter = open_arbiter(args)
    try:
        answer = arbiter.duration(args.card, set_hint=args.set, played_in=args.played_in, events=events,
                                  ruleset=args.ruleset, part=args.part, guild=args.guild,
                                  extra={"turn": args.turn, "players": args.players})
    except LookupProblem as problem:
        return print_lookup_problem(problem, args, (arbiter, DEFAULT_GAME, args.command))
    except ValueError as exc:  # a scenario the engine refuses
        raise Usage(str(exc)) from exc
    return print_answer(answer.as_json(), args)


# --- stored rulings ------------------------------------------------------------------------------------------

def cmd_ruling(args: argparse.Namespace) -> int:
    from bot.answers.reask import Reasker
    from bot.answers.report import standing_json, standing_lines

    arbiter = open_arbiter(args)
    store = arbiter.rulings.store  # asking again (Reasker) stores nothing
    stored = store.get(args.id.strip()) or store.get(args.id.strip().upper())
    if stored is None:
        return fail(args, unknown_ruling(args.id), "not-found", EXIT_LOOKUP, ruling_id=args.id)
    standing = Reasker(arbiter).standing(stored)
    if args.json:
        print_json(standing_json(standing))
    else:
        lines = standing_lines(standing)
        print(lines[0])
        page_line(stored.id)
        print("\n".join(lines[1:]))
    return EXIT_OK


def unknown_ruling(ruling_id: str) -> str:
    shown = " ".join(str(ruling_id).split())[:40] or "(empty)"
    return f"No stored ruling has the id “{shown}”: check the id as printed under the ruling."


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
    from bot.answers.reask import Reasker
    from bot.answers.report import changed_lines, standing_json

    since = parse_since(args.since)
    arbiter = open_arbiter(args)
    found = list(Reasker(arbiter).changed(arbiter.rulings.store.since(since)))
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

def find_card(arbiter: Arbiter, name: str, game: str | None, set_hint: str | None) -> tuple[Any, MatchResult]:
    """The card `arbiter card` shows: looked for in every game (only in GAME with --game). LookupProblem for one
    game's failure (a set the card lacks says its sets); AnywhereProblem for no single card across games."""
    from bot.answers.anywhere import card_elsewhere_message, catalog_matchers, elsewhere, find_anywhere

    try:
        only = find_ruleset(game) if game else None
    except UnknownRuleset as exc:
        raise Usage(str(exc)) from exc
    found = find_anywhere(name, catalog_matchers(arbiter), only, set_hint)
    if found.found is not None:
        return found.found.ruleset, found.found.match
    lacking = [g.match for g in found.matches if g.match.how == "no-printing"]
    if only is not None or (lacking and found.how == "not-found"):
        match = lacking[0] if lacking else found.matches[0].match
        other = elsewhere(name, only.game, match, catalog_matchers(arbiter)) if only is not None else None
        raise LookupProblem(match, card_elsewhere_message(other, only, "cli") if other is not None
                            else problem_message(match, set_hint))
    raise AnywhereProblem(found)


class AnywhereProblem(Exception):
    """A name that led to no single card across the games: the candidates, each with its game."""

    def __init__(self, found: Anywhere) -> None:
        super().__init__(found.message())
        self.found = found


def cmd_card(args: argparse.Namespace) -> int:
    from bot.answers.anywhere import candidates_json
    from bot.answers.card_info import card_json

    arbiter = open_arbiter(args)
    try:
        data = card_json(arbiter, args.name, args.set, found=find_card(arbiter, args.name, args.game, args.set))
    except LookupProblem as problem:
        return print_lookup_problem(problem, args)
    except AnywhereProblem as problem:
        if args.json:
            print_json({"match": candidates_json(problem.found), "error": str(problem), "kind": problem.found.how,
                        "exit": EXIT_LOOKUP})
        else:
            print(f"arbiter: {without_controls(str(problem))}", file=sys.stderr)
        return EXIT_LOOKUP
    if args.json:
        print_json(data)
        return EXIT_OK
    for line in answer_lines(data["match"]):  # what the name was matched to, and how its printings read
        print(line)
    c = data["card"]
    print(f"{printing_label(c['name'], c['set'])} - {c['type']}" + (f", {c['class']}" if c["class"] else ""))
    print(f"Game: {data['game_title']}")
    if c["brigade"]:
        print(f"Brigade: {c['brigade']}")
    if c["identifier"]:
        print(f"Identifier: {c['identifier']}")
    print(f"Text: {c['text'] or '(none)'}")
    # Every printing of the card (the match's list: printings whose names carry their set too), and which of
    # them read differently from the one shown.
    listed = data["match"].get("printings") or data["printings"]
    if len(listed) > 1:
        print(f"Printings ({len(listed)}): " + ", ".join(
            printing_label(p["name"], p["set"]) + (" (reads differently)" if p.get("reads") == "differently" else "")
            for p in listed))
    for part in data.get("parts", ()):
        label = part["part"] or "ability"
        if not part["lasting"]:
            print(f"{label}: instant, no lasting part" + (" (annotated)" if part["annotated"] else ""))
            continue
        terms = "; ".join(f"{t['rule']} “{t['text']}” ({t['source']})" for t in part["terms"]) or \
            "no stated duration (D1 default unless the type or class gives one)"
        print(f"{label}: {terms}")
    if "parts" not in data:  # another game: how its rules read the card
        for detail in data["details"]:
            print(f"{detail['label']}: {detail['text']}")
    if data["ask"]:
        print(f"Ask with: {data['ask']}")
    return EXIT_OK


def cmd_rule(args: argparse.Namespace) -> int:
    """A rule by its id (its game found from the id unless --game names one), or every rule of a game or of all."""
    try:
        games = [find_ruleset(args.game)] if args.game else all_rulesets()
    except UnknownRuleset as exc:
        raise Usage(str(exc)) from exc
    if args.id is None:
        chosen = [(ruleset, rule) for ruleset in games for rule in ruleset.rules().values()]
    else:
        chosen = [(r, rule) for r, rule in rules_with_id(args.id) if r in games]
        if not chosen:
            elsewhere = [r for r, _ in rules_with_id(args.id)]
            if elsewhere:  # --game named another game
                raise Usage(f"{args.id.strip().upper()} is a {elsewhere[0].title} rule, not one of "
                            f"{games[0].title}'s: ask with `arbiter rule {args.id.strip().upper()}`.")
            where = f"{games[0].title}'s rules are {', '.join(games[0].rules())}" if args.game else \
                f"rule ids: {rule_ranges()}"
            raise Usage(f"Unknown rule {args.id!r}; {where}.")
    if args.json:
        rows = [{**vars(rule), "game": ruleset.game} for ruleset, rule in chosen]
        print_json(rows if args.id is None or len(rows) > 1 else rows[0])
        return EXIT_OK
    for ruleset, rule in chosen:
        print(f"{rule.id} ({rule.name}): {rule.summary}")
        print(f"   Source: {rule.source}")
        print(f"   Game: {ruleset.title}")
    return EXIT_OK


# --- cards (moderation) ------------------------------------------------------------------------------

def _resolve(arbiter: Arbiter, name: str, set_hint: str | None, game: str = DEFAULT_GAME):
    # Writes only: an exact name, label or alias; else LookupProblem (main() prints the candidates, exit 1).
    return arbiter.find_for_writing(name, set_hint, game)


def lackey_game(name: str) -> str:
    """The game a LackeyCCG carddata.txt is imported into: the default game's format; another is refused."""
    try:
        ruleset = find_ruleset(name)
    except UnknownRuleset as exc:
        raise Usage(str(exc)) from exc
    if ruleset.game == DEFAULT_GAME:
        return ruleset.game
    title = str(ruleset.title).split(" (")[0]
    how = (f"import them with `arbiter {ruleset.game}-import [DIR]`" if getattr(ruleset, "sources", None)
           else "this game has no card importer")
    DEFAULT_TITLE = default_game_ruleset()[1]
    raise Usage(f"`arbiter cards import` reads {DEFAULT_TITLE}'s LackeyCCG carddata.txt, not {title} cards; "
                f"{how}.")


def cmd_import(args: argparse.Namespace) -> int:
    game = lackey_game(args.game)  # checked before the database is opened
    arbiter = open_arbiter(args)
    report = arbiter.catalog.import_lackey(args.file, actor_of(args), game=game)
    arbiter.reload()
    return print_import(report, args, arbiter=arbiter)


def cmd_alias(args: argparse.Namespace) -> int:
    arbiter = open_arbiter(args)
    _game, matcher = game_and_matcher(arbiter, args.game)  # matched among that game's cards only
    card = for_writing(matcher.match(args.card, args.set), args.set)
    if arbiter.catalog.card(*card.key) is None:  # a plug-in game's starter card: stored so the alias has a target
        arbiter.catalog.add_card(card, actor_of(args))
    entry = arbiter.catalog.add_alias(card.game, args.alias, card.name, card.set if args.set else None, actor_of(args),
                                      args.guild)
    target = card.label if args.set else card.name  # without a set, the alias covers every printing
    arbiter.reload()
    changed = count_changed(arbiter, {card.game: {card.name}})
    if args.json:
        print_json({"alias": args.alias, "card": card.name, "set": card.set if args.set else None,
                    "audit_id": entry.id, "guild": args.guild, **impact_json(changed)})
    else:
        where = f" in server {args.guild} only" if args.guild else ""
        print(f"Alias “{args.alias}” now leads to {target}{where}." + undo_hint(entry.id))
        print_impact(changed)
    return EXIT_OK


def cmd_annotate(args: argparse.Namespace) -> int:
    if args.game.strip().lower() != DEFAULT_GAME:
        from bot.cli import games as cli_games  # plug-in games check their own fields (engine.interface.AnnotationSpec)

        return cli_games.annotate(args)
    try:  # checked before the database is opened: bad input writes nothing
        rule, value = check_annotation(args.rule, args.value)
    except InvalidAnnotation as exc:
        raise Usage(str(exc)) from exc
    arbiter = open_arbiter(args)
    card = _resolve(arbiter, args.card, args.set)
    note = Annotation(part=(args.part or "").upper(), rule=rule, text=args.text or "", value=value,
                      note=args.note or "")
    labels = set(find_ruleset(card.game).part_labels(card))
    if note.part not in labels | {"*"}:
        raise Usage(f"{card.name} has no part {note.part or '(unlabelled)'!r}; its parts: "
                    f"{', '.join(sorted(x or '(unlabelled)' for x in labels))}.")
    warnings = annotation_warnings(arbiter, card, note, exclusive={"instant"}, guild=args.guild)
    new_id, entry = arbiter.catalog.add_annotation(card.game, card.name, card.set, note, actor_of(args), args.guild)
    arbiter.reload()
    return print_annotation(args, card, note, new_id, entry.id, warnings,
                            count_changed(arbiter, {card.game: {card.name}}))


def game_and_matcher(arbiter: Arbiter, name: str) -> tuple[str, Any]:
    """The game named (or an alias of it) and the matcher over its cards; Usage naming the games."""
    game = name.strip().lower()
    if game == DEFAULT_GAME:
        return game, arbiter.matcher(game)
    from bot.answers.games import game_matcher, plugin_rulesets

    ruleset = next((r for r in plugin_rulesets() if game in (r.game, *r.aliases)), None)
    if ruleset is None:
        raise Usage(f"Unknown game {name!r}; games: {DEFAULT_GAME}"
                    + "".join(f", {r.game}" for r in plugin_rulesets()) + ".")
    return ruleset.game, game_matcher(arbiter, ruleset)


def cmd_history(args: argparse.Namespace) -> int:
    arbiter = open_arbiter(args)
    name = set_ = game = setting = None
    if args.card or args.game:  # with or without a card, --game lists that game's entries only
        game, matcher = game_and_matcher(arbiter, args.game or DEFAULT_GAME)
    if args.card:
        card = for_writing(matcher.match(args.card, args.set), args.set)  # loose or unknown: asked back, exit 1
        name, set_ = card.name, card.set if args.set else None
        setting = default_printing_key(game, matcher.identity(card))  # its default printing's changes too
    entries = arbiter.catalog.history(game=game, name=name, set=set_, limit=args.limit, guild=args.guild,
                                      setting=setting)
    if args.json:
        print_json([{**vars(e), "words": entry_line(e)} for e in entries])
        return EXIT_OK
    if not entries:
        print("No changes recorded.")
    for e in entries:
        print(entry_line(e))
    return EXIT_OK


def cmd_default(args: argparse.Namespace) -> int:
    """`arbiter cards default CARD --set SET`: the printing that answers when CARD is named without a set
    (audited; `--clear` goes back to the game's stated rule; undo with `arbiter cards undo ID`)."""
    if not args.clear and not args.set:  # checked before the database is opened
        raise Usage("Name the printing with --set SET (or use --clear to go back to the stated rule).")
    arbiter = open_arbiter(args)
    game, matcher = game_and_matcher(arbiter, args.game)
    # Not found, ambiguous, loose or no such printing: the candidates, exit 1, nothing written.
    card = for_writing(matcher.match(args.card, None if args.clear else args.set), args.set)
    key = default_printing_key(game, matcher.identity(card))
    value = None if args.clear else json.dumps({"name": card.name, "set": card.set}, ensure_ascii=False)
    entry = arbiter.catalog.set_setting(key, value, actor_of(args), game=game)
    arbiter.reload()
    name = base_name(card.name)
    changed = 0
    if entry is not None:  # the rulings about any printing of the name that were asked without a set
        changed = count_changed(arbiter, {game: {c.name for c in matcher.cards if base_name(c.name) == name}})
    if args.json:
        print_json({"card": name, "game": game, "set": None if args.clear else card.set, "cleared": args.clear,
                    "changed": entry is not None, "audit_id": entry.id if entry else None,
                    **impact_json(changed)})
        return EXIT_OK
    if entry is None:
        print(f"Nothing changed: {name} already answers as " +
              ("the stated rule says." if args.clear else f"{card.label}."))
    elif args.clear:
        print(f"{name} answers again by the stated rule. Undo with: arbiter cards undo {entry.id}")
    else:
        print(f"{name} named without a set now answers as {card.label}. Undo with: arbiter cards undo {entry.id}")
    print_impact(changed)
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    arbiter = open_arbiter(args)
    entry = arbiter.catalog.undo(args.id, actor_of(args), guild=args.guild)
    arbiter.reload()
    changed = count_changed(arbiter, arbiter.catalog.touched(args.id))
    if args.json:
        print_json({"undone": args.id, "audit_id": entry.id, **impact_json(changed)})
    else:
        print(f"Change #{args.id} undone (recorded as #{entry.id}; undo #{entry.id} to put it back).")
        print_impact(changed)
    return EXIT_OK


def cmd_coverage(args: argparse.Namespace) -> int:
    if args.game.strip().lower() != DEFAULT_GAME:
        from bot.cli import games as cli_games

        return cli_games.coverage(args)
    arbiter = open_arbiter(args)
    cards = arbiter.catalog.cards(DEFAULT_GAME)
    DEFAULT_RULESET = default_game_ruleset()[0]
    report = DEFAULT_RULESET.coverage_report(cards, lambda c: arbiter.catalog.annotations(c.game, c.name, c.set),
                                             args.top)
    if args.json:
        print_json(report["json"])
    else:
        print(report["text"])
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    from bot.discord.runner import run_bot  # imported late: the offline commands do not need discord.py

    # With --json a setting the bot cannot start with is a JSON error too (kind "config", exit 2; a card database
    # or rulings file that cannot be used: kind "storage", exit 1).
    report = (lambda message, kind, code: fail(args, message, kind, code)) if args.json else None
    # the bot writes: a new --db file is created and filled at start-up
    return run_bot(args.db, report=report, web=args.web)


# --- parser ------------------------------------------------------------------------------------------------

def web_address(text: str) -> tuple[str, int]:
    from bot.web.command import host_port

    return host_port(text)


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text!r}")
    return number


def guild_id(text: str) -> str:
    """argparse type: a Discord server id (a snowflake: digits only)."""
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"must be a Discord server id (digits), not {text!r}")
    return text.strip()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """`arbiter`'s parser. `only`: the subcommand this run names, the only one built (so a question loads its
    own game alone); None builds them all (for help, and for an error that lists them)."""
    parser = CliParser(prog="arbiter", description="Card rulings with the rule that decides them.",
                       epilog="Exit codes: 0 done; 1 not found, ambiguous, refused or the database cannot be "
                              "used; 2 bad input. --db and --json may also follow the subcommand.")
    parser.add_argument("--version", action=VersionAction, nargs=0, help="print the version and exit")
    parser.add_argument("--db", help="card database (default: $ARBITER_DB or the per-user data directory)")
    parser.add_argument("--json", action="store_true", help="print one JSON object (errors too)")
    parser.set_defaults(func=print_help_for(parser))
    # The same options after the subcommand. SUPPRESS: when they are not given there, the value given before
    # the subcommand (or the default above) stays.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS,
                        help="card database (default: $ARBITER_DB or the per-user data directory)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print one JSON object (errors too)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=SubcommandParser)
    if only is None or only in BUILTIN_COMMANDS:
        _add_builtins(sub, common, only)
    for hook in _extensions(only):
        hook(sub, common)
    return parser


def _add_builtins(sub: Any, common: argparse.ArgumentParser, only: str | None = None) -> None:
    """The subcommands built here, in their order (with `only`, that one alone)."""
    for name, add in (("duration", _add_duration), ("card", _add_card), ("rule", _add_rule), ("cards", _add_cards),
                      ("ruling", _add_ruling), ("rulings", _add_rulings), ("run", _add_run)):
        if only is None or only == name:
            add(sub, common)


def _add_duration(sub: Any, common: argparse.ArgumentParser) -> None:
    _, DEFAULT_TITLE, DURATION_RULESET, DURATION = default_game_ruleset()

    p = sub.add_parser("duration", parents=[common], help=f"how long a {DEFAULT_TITLE} card's ability persists")
    p.add_argument("card", help="card name (typos, nicknames and aliases are matched)")
    p.add_argument("--set", help="set code or name to pick one printing")
    p.add_argument("--guild", type=guild_id, metavar="ID", help="answer as that Discord server's players get it "
                                                                "(with its own aliases and annotations)")
    p.add_argument("--played-in", type=lowercase, choices=DURATION.zones,
                   help="where the card was played (default: by its type)")
    p.add_argument("--then", action="append", nargs="+", metavar="EVENT",
                   help=f"events in order; repeatable. One of: {', '.join(DURATION.events)}; condition-false and "
                        "condition-true may name one condition by its number or a word (condition-false:2)")
    p.add_argument("--ruleset", default="current", type=lowercase, choices=sorted(DURATION_RULESET.versions()),
                   help="current (the nine bullets) or previous (the ruling it replaced)")
    p.add_argument("--part", help="ability part to judge, as printed on the card (STAR, GE, A, D, H, ...) or by "
                                  "its long name (Artifact, Dominant, Hero); default: the one that applies where "
                                  "it was played")
    p.add_argument("--turn", type=lowercase, choices=("mine", "theirs"),
                   help="whose turn the card was played on (default: mine); counts \"your next turn\" and the like")
    p.add_argument("--players", type=int, metavar="N",
                   help="how many players (default: 2); counts \"your next turn\" and the like")
    p.set_defaults(func=cmd_duration)


def _add_card(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("card", parents=[common], help="a card of any game, its printings and how its rules read it")
    p.add_argument("name", help="card name (typos, nicknames and aliases are matched), looked for in every game")
    p.add_argument("--game", help="only this game's cards (a game name or alias)")
    p.add_argument("--set", help="set code or name to pick one printing")
    p.set_defaults(func=cmd_card)


def _add_rule(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("rule", parents=[common], help="a rule in our own words, with its source")
    p.add_argument("id", nargs="?", help="rule id, e.g. D3 or DM6: its game is found from the id (all rules when "
                                         "omitted)")
    p.add_argument("--game", help="only this game's rules (a game name or alias; default: every game)")
    p.set_defaults(func=cmd_rule)


def _add_cards(sub: Any, common: argparse.ArgumentParser) -> None:
    DEFAULT_TITLE = default_game_ruleset()[1]

    cards = sub.add_parser("cards", parents=[common], help="moderate the card database")
    cards.set_defaults(func=print_help_for(cards))
    csub = cards.add_subparsers(dest="cards_command", metavar="ACTION")
    mod = argparse.ArgumentParser(add_help=False, parents=[common])
    mod.add_argument("--actor", help="who is making the change (default: cli:<user>)")
    layer = argparse.ArgumentParser(add_help=False)
    layer.add_argument("--guild", type=guild_id, metavar="ID",
                       help="a Discord server id: that server's own layer (aliases and annotations that apply only "
                            "there; its history and undo) instead of the shared catalog")

    p = csub.add_parser("import", parents=[mod], help="import a LackeyCCG carddata.txt (atomic)")
    p.add_argument("file", help="the carddata.txt file (tab-separated, with its header line)")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"the game the file's cards belong to ({DEFAULT_GAME}; other "
                                                        "games have `arbiter <game>-import`)")
    p.set_defaults(func=cmd_import, writes=True)

    p = csub.add_parser("alias", parents=[mod, layer], help="add a nickname for a card")
    p.add_argument("alias", help="the nickname (not another card's exact name)")
    p.add_argument("card", help="the card it leads to")
    p.add_argument("--set", help="tie the alias to one printing")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"the card's game (default {DEFAULT_GAME}, or a plug-in game)")
    p.set_defaults(func=cmd_alias, writes=True)

    p = csub.add_parser("annotate", parents=[mod, layer], help="set a duration term (or a plug-in game's field) for a "
                                                        "card part")
    p.add_argument("card", help="the card (typos, nicknames and aliases are matched)")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"the card's game (default {DEFAULT_GAME}; other games take "
                                                     "the fields their rules read)")
    p.add_argument("--rule", required=True, help=f"{DEFAULT_TITLE}: {', '.join(RULES)}; another game: the field "
                                                 "annotated (its list is shown when wrong)")
    p.add_argument("--part", default="", help="ability part label (STAR, GE, TOP, ...); empty for "
                                              "an unlabelled ability, * for every part")
    p.add_argument("--text", help="the words the term comes from")
    p.add_argument("--value", help=f"D4 length ({D4_HELP.replace('%', '%%')}) or 'self' for a D3 placement of "
                                   "the card itself; no value for other rules")
    p.add_argument("--note", help="why")
    p.add_argument("--set", help="the printing to annotate (default: the one the name matches)")
    p.set_defaults(func=cmd_annotate, writes=True)

    p = csub.add_parser("history", parents=[common, layer], help="recorded changes, newest first")
    p.add_argument("card", nargs="?", help="only changes to this card (all changes when omitted)")
    p.add_argument("--set", help="only this printing of the card")
    p.add_argument("--limit", type=positive_int, default=20, help="how many (a positive whole number)")
    p.add_argument("--game", help=f"only this game's changes (with a card: the card's game, default {DEFAULT_GAME})")
    p.set_defaults(func=cmd_history)

    p = csub.add_parser("default", parents=[mod], help="the printing that answers when a card is named "
                                                       "without a set (audited, undoable)")
    p.add_argument("card", help="the card (any of its printings' names or labels)")
    p.add_argument("--set", help="the printing to answer with: its set code or name, or its printing suffix")
    p.add_argument("--clear", action="store_true", help="go back to the game's stated rule")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"{DEFAULT_GAME} (default) or a plug-in game")
    p.set_defaults(func=cmd_default, writes=True)

    p = csub.add_parser("undo", parents=[mod, layer], help="undo one recorded change")
    p.add_argument("id", type=positive_int, help="the change's number from `arbiter cards history` (a batch: "
                                                 "its header)")
    p.set_defaults(func=cmd_undo, writes=True)

    p = csub.add_parser("coverage", parents=[common], help="how much card text the engine understands")
    p.add_argument("--top", type=positive_int, default=15, help="how many unclassified phrases to list")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"which game's cards (default {DEFAULT_GAME})")
    p.set_defaults(func=cmd_coverage)


def _add_ruling(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("ruling", parents=[common], help="open a ruling by its id: the question, the answer given, "
                                                        "and whether it still stands")
    p.add_argument("id", help="the ruling id printed under a ruling, e.g. R-158C71D84E")
    p.set_defaults(func=cmd_ruling)


def _add_rulings(sub: Any, common: argparse.ArgumentParser) -> None:
    rulings = sub.add_parser("rulings", parents=[common], help="stored rulings")
    rulings.set_defaults(func=print_help_for(rulings))
    rsub = rulings.add_subparsers(dest="rulings_command", metavar="ACTION")
    p = rsub.add_parser("changed", parents=[common], help="stored rulings whose answer is different today")
    p.add_argument("--since", metavar="DATE", help="only rulings asked on or after DATE (YYYY-MM-DD, UTC)")
    p.set_defaults(func=cmd_rulings_changed)


def _add_run(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("run", parents=[common], help="start the Discord bot (needs DISCORD_TOKEN)",
                       description="Start the Discord bot: the same engine and catalog as these commands, answering "
                                   "slash commands. The bot token is read from the DISCORD_TOKEN environment "
                                   "variable (never from an argument); the catalog is --db or $ARBITER_DB.")
    p.add_argument("--web", metavar="HOST:PORT", type=web_address, default=None,
                   help="also serve the read-only web pages (as `arbiter serve`) in the same process, e.g. "
                        "0.0.0.0:8080")
    p.set_defaults(func=cmd_run, writes=True)  # the bot creates and fills a new --db file at start-up


def _extensions(only: str | None = None) -> list[Callable[[Any, argparse.ArgumentParser], None]]:
    """Subcommands for the plug-in games, built from what each ruleset declares (bot/cli/games.py; with `only`,
    that subcommand's game alone), then `serve`, `official` and `ask`: each module imported only when needed."""
    hooks: list[Callable[[Any, argparse.ArgumentParser], None]] = []
    if only is None or (only and only not in (*BUILTIN_COMMANDS, *OTHER_COMMANDS)):
        from bot.cli import games as cli_games

        hooks.append(partial(cli_games.add_parsers, only=only))
    if only in (None, "serve"):
        from bot.web import command as web_command

        hooks.append(web_command.add_parsers)
    if only in (None, "official"):
        from bot.cli import official as official_cli

        hooks.append(official_cli.add_parsers)
    if only in (None, "ask"):
        from bot.cli import ask as ask_cli

        hooks.append(ask_cli.add_parsers)
    return hooks


def _named_command(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` names (the first word that is no global option or its value); "" for
    `arbiter --version`, which needs none; None when help lists them all."""
    words = list(argv[: list(argv).index("--")] if "--" in argv else argv)
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "--db":
            skip = True
        elif not word.startswith("-"):
            return word
    return "" if "--version" in words and not {"-h", "--help"} & set(words) else None


def _wants_json(argv: Sequence[str]) -> bool:
    return "--json" in (argv[: list(argv).index("--")] if "--" in argv else argv)


def _usage_error(error: CommandLineError, as_json: bool) -> int:
    """argparse's complaint: usage + `prog: error: ...` on stderr as argparse prints it, or one JSON object."""
    message = f"{error.parser.prog}: {error.message}"
    if as_json:
        print_json({"error": message, "kind": "usage", "exit": EXIT_USAGE,
                    "usage": " ".join(error.parser.format_usage().split())})
    else:
        error.parser.print_usage(sys.stderr)
        print(f"{error.parser.prog}: error: {without_controls(error.message)}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    whole_process = argv is None  # the `arbiter` script or `python -m bot.cli`, not a caller in a process
    argv = list(sys.argv[1:] if argv is None else argv)
    # One answer per process: its games' regular expressions read compiled (`run` and `serve` compile them once).
    patterns = _pattern_file(argv) if whole_process and _named_command(argv) not in SERVICES else None
    try:
        return _main(argv, whole_process)
    finally:
        if patterns is not None:
            patterns.uninstall()
            patterns.save()


def _pattern_file(argv: list[str]) -> Any:
    """The game's regular expressions read compiled from beside the database (bot/cli/patterns.py)."""
    from bot.cli.patterns import PatternFile, database_folder_file

    path = database_folder_file(argv)
    if path is None:
        return None
    patterns = PatternFile(path)
    patterns.install()
    return patterns


def _main(argv: list[str], whole_process: bool) -> int:
    only = _named_command(argv)
    parser = build_parser(only)
    try:
        try:
            args = parser.parse_args(argv)
        except CommandLineError:
            if only is None:
                raise
            args = build_parser().parse_args(argv)  # said as the whole parser says it (every command listed)
    except CommandLineError as error:
        return _usage_error(error, _wants_json(argv))
    except SystemExit as done:  # --help and --version print and stop
        return int(done.code or 0) if not isinstance(done.code, str) else EXIT_USAGE
    collecting = gc.isenabled()
    if args.command not in SERVICES:  # one short answer: what it allocates ends with it, so no collector passes
        gc.disable()
    try:
        return int(args.func(args) or 0)
    except Usage as exc:
        return fail(args, str(exc), "usage", EXIT_USAGE)
    except LookupProblem as problem:
        return print_lookup_problem(problem, args)
    except UnreadableDatabase as exc:  # damaged, read-only, locked or full: the sentence names file and fix
        return fail(args, str(exc), "storage", EXIT_LOOKUP)
    except NOT_FOUND as exc:
        return fail(args, str(exc), "not-found", EXIT_LOOKUP)
    except CatalogError as exc:
        return fail(args, str(exc), "refused", EXIT_LOOKUP)
    except BrokenPipeError:
        return EXIT_OK
    finally:
        close_logs()  # the rulings answered in this run, in one transaction
        if whole_process and args.command not in SERVICES:
            # The process ends with this answer: its exit need not walk every object (the card indexes) once
            # more looking for cycles, which took a fifth of a question's time. Files are closed as usual.
            gc.freeze()
        elif collecting:
            gc.enable()



register_entry(main)  # for subcommands defined elsewhere that ask a question through `arbiter`
