"""`arbiter ask "TEXT"`: a question in a sentence, read as one per-game command and answered by it.

Prints the player's answer first (that command's own, the same ruling id as asking it directly), then how the
sentence was read (`Read as: arbiter <game> ...`), the words not used and each choice the reader made, then the
rest of the answer. When the sentence cannot be read without guessing, prints the question back and the readings
to choose from; exit 1.
`--json`: the documented object (bot/answers/asking.py, README "arbiter ask --json").
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bot.answers.asking import Asker, command_text, result_json
from bot.answers.service import LookupProblem
from bot.cli.common import EXIT_LOOKUP, EXIT_OK, Usage, open_arbiter, print_answer, print_json
from engine.interface import QuestionError
from engine.reader import MAX_TEXT
from engine.registry import find_ruleset


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("ask", parents=[common], help="a rules question in a sentence, read as one game's command",
                       description="Ask in a sentence, as you would ask a judge. Arbiter finds the cards it names "
                                   "and their game, reads the scenario words of that game's question, says how it "
                                   "read it (the exact command) and answers with that command's answer. When it "
                                   "cannot tell (no card, cards of several games, a phrase that reads two ways, a "
                                   "question the game cannot answer) it asks back instead of guessing.",
                       epilog='examples:\n  arbiter ask "if I Throne Room a Wharf, when does the Throne Room leave '
                              'play?"\n  arbiter ask "does Adino\'s ability last after the battle ends?"\n  '
                              'arbiter ask "can Golden Veil cancel Fatal Strike on my unit?"',
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("text", nargs="+", metavar="TEXT", help="the question (quote it, or give it as several words)")
    p.add_argument("--guild", help="answer as that Discord server's players get it (its own aliases)")
    p.set_defaults(func=cmd_ask)


def cmd_ask(args: argparse.Namespace) -> int:
    text = " ".join(args.text).strip()
    if not text:
        raise Usage("Give the question, e.g. arbiter ask \"when does Wharf leave play?\"")
    if len(text) > MAX_TEXT or "\x00" in text:
        raise Usage(f"A question is at most {MAX_TEXT} characters of text.")
    arbiter = open_arbiter(args)
    asker = Asker(arbiter)
    result, read_ms = asker.read(text, args.guild)
    answer: dict[str, Any] | None = None
    answer_ms: float | None = None
    problem: str | None = None
    if result.reading is not None:
        started = time.perf_counter()
        try:
            answer = asker.answer(result.reading, args.guild, cards=result.cards)
        except LookupProblem as exc:
            problem = exc.message
        except (QuestionError, ValueError) as exc:  # the reading gave the command something it refuses
            problem = str(exc)
        answer_ms = (time.perf_counter() - started) * 1000
    if args.json:
        data = result_json(result, answer, read_ms, answer_ms, "cli")
        if problem is not None:
            data["error"] = problem
        print_json(data)
        return EXIT_OK if answer is not None else EXIT_LOOKUP
    if result.reading is None:
        asked = result.asked
        assert asked is not None
        print(asked.why)
        for option in asked.options:
            print(f"  - {option.label}: {command_text(find_ruleset(option.reading.game), option.reading, 'cli')}")
        for line in _unused(result.unused):
            print(line)
        return EXIT_LOOKUP
    lead = [f"Read as: {command_text(find_ruleset(result.reading.game), result.reading, 'cli')}",
            *_unused(result.unused), *(f"Reading: {note.rstrip('.')}." for note in result.reading.notes),
            *(f"Or: {option.label}: {command_text(find_ruleset(option.reading.game), option.reading, 'cli')}"
              for option in result.reading.others)]
    if answer is None:  # why the command refused it first, where the answer would be; the reading under it
        print(problem)
        print("\n".join(lead))
        return EXIT_LOOKUP
    return print_answer(answer, args, lead)  # the answer first, how the sentence was read under it


def _unused(words: tuple[str, ...] | list[str]) -> list[str]:
    return ["Not used: " + ", ".join(f"“{w}”" for w in words)] if words else []

