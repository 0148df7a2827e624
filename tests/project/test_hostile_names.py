"""Hostile card names on both surfaces: control and bidirectional characters, NUL, 4,000 characters, 200 items,
markdown and mentions, fed to every command that takes a card name — on the command line (in-process, the real
entry point) and in Discord (the real bot on the fake Discord). Nothing may show or log a traceback, and what is
echoed back carries none of the invisible or terminal-control characters typed.

Beside the fixed list, each game gets an ambiguous name of every other game wrapped in such characters: the path
where the asked game has no card and another game asks back between its own (the traceback of issue 37)."""

from __future__ import annotations

import itertools
import logging
import re
import unicodedata

import pytest

from bot.answers.games import plugin_rulesets
from engine.interface import plugin_inputs, questions_of
from engine.registry import all_rulesets
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run
from tests.discord.test_every_menu import MENU_CASES, ambiguous_query

Q = "{q}"
HOSTILE = [
    "\u202eTh\u200brone\a Ro\u2026",                     # the report: bidi override, zero-width space, BEL
    "\x00", "Throne\x00Room",                                # NUL alone and inside a name
    "x" * 4000,                                             # far past any name
    " > ".join(["Throne Room"] * 200), "; ".join(["Legion of the Fallen"] * 200),  # 200 items
    "**bold** __under__ `code` ||spoiler|| [link](http://127.0.0.1/)",  # markdown
    "@everyone @here <@123> <@&456> <#789>",                # mentions
    "\u2066\u2067\u2068\u2069\u200e\u200f\ufeff",            # only invisible marks
    "\x1b[31mred\x1b[0m\r\n\t\x7f",                          # terminal escapes and other controls
    "   ",
]
# What must never be echoed back: C0/C1 controls (a newline or tab is layout), and bidirectional and invisible
# format characters (a right-to-left override turns the rest of the line around on screen).
_LAYOUT = {"\n", "\t"}


def raw_marks(text: str) -> list[str]:
    return sorted({f"U+{ord(c):04X}" for c in text if c not in _LAYOUT and unicodedata.category(c) in ("Cc", "Cf")})


def wrapped(name: str) -> str:
    return f"\u202e{name}\u200b\a"


# --- the command line ----------------------------------------------------------------------------------------

# Every card-name argument of every command, Q where the hostile name goes.
CLI_CASES: list[list[str]] = [
    ["card", Q], *(["card", Q, "--game", r.game] for r in all_rulesets()),
    ["duration", Q, "--played-in", "battle"],
    ["cards", "alias", "nick-hostile", Q], ["cards", "annotate", Q, "--rule", "D1"], ["cards", "default", Q],
    ["cards", "history", Q], ["official", "list", Q],
    ["ashes", Q, "--units", "none"], ["ashes", "Summon Gilder", "--units", "both", "--cancel-with", Q],
    ["ashes", "Summon Gilder", "--units", "mine", "--reaction", Q],
    ["dominion", Q], ["dominion", "Throne Room", Q],
    ["dominion", "Throne Room", "Cargo Ship", "--may-trash", Q], ["dominion", "Throne Room", "--played-by", Q],
    ["grand-archive", "--effect", Q, "--object", "ally"],
    ["l5r", "order", "--at", "before a Personality is destroyed", "--item", "Legion of the Fallen", "--item", Q],
    ["l5r", "duration", Q],
]


def test_the_cli_cases_cover_every_card_name_argument_of_every_question():
    for ruleset in plugin_rulesets():
        cases = [argv for argv in CLI_CASES if argv[0] == ruleset.game]
        for question in questions_of(ruleset):
            for param in plugin_inputs(question.params, "cli"):
                if not param.card_names:
                    continue
                if param.cli_flag is None:
                    assert any(Q in argv and argv[argv.index(Q) - 1][:2] != "--" for argv in cases), param.name
                else:
                    assert any((param.cli_flag, Q) in itertools.pairwise(argv) for argv in cases), (ruleset.game,
                                                                                                 param.cli_flag)


def _names_for(argv: list[str], others: dict[str, str]) -> list[str]:
    game = argv[0] if argv[0] in others else (argv[argv.index("--game") + 1] if "--game" in argv else None)
    return HOSTILE + [wrapped(q) for g, q in others.items() if g != game]


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    path = tmp_path_factory.mktemp("hostile") / "cards.db"
    new_db(path)
    return str(path)


@pytest.fixture(scope="module")
def others() -> dict[str, str]:
    return {r.game: ambiguous_query(r) for r in plugin_rulesets()}


@pytest.mark.parametrize("argv", CLI_CASES, ids=lambda a: " ".join(a))
def test_hostile_names_on_the_command_line(argv, catalog, others, capsys, caplog, monkeypatch):
    monkeypatch.setenv("USER", "tester")
    caplog.set_level(logging.WARNING)
    for name in _names_for(argv, others):
        words = [name if w == Q else w for w in argv]
        for extra in ([], ["--json"]):
            code, out, err = run(capsys, *words, "--db", catalog, *extra)
            shown = out + err
            assert code in (0, 1, 2), (words, code, err)
            assert "Traceback" not in shown and not any(r.exc_info for r in caplog.records), (words, shown[-800:])
            assert not raw_marks(shown), (words, raw_marks(shown), shown[:300])
            assert max(map(len, shown.splitlines()), default=0) <= 2_000, words


# --- Discord ---------------------------------------------------------------------------------------------------

SLASH_CASES: list[tuple[str, dict[str, str]]] = [
    ("card", {"name": Q}), *(("card", {"name": Q, "game": r.game}) for r in all_rulesets()),
    *((f"{r.game} card", {"name": Q}) for r in plugin_rulesets()),
    ("duration", {"card": Q, "played_in": "battle"}),
    ("official", {"card": Q}),
    ("carddb alias", {"alias": "nick-hostile", "card": Q}), ("carddb edit", {"card": Q, "field": "text", "value": "x"}),
    ("carddb annotate", {"card": Q, "rule": "D2"}), ("carddb history", {"card": Q}),
    *((f"{game} {command}", case) for (game, command), cases in MENU_CASES.items() for case in cases),
]
WENT_WRONG = "something went wrong"


async def test_hostile_names_in_discord(tmp_path, others, caplog):
    caplog.set_level(logging.WARNING)
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        for command, options in SLASH_CASES:
            game = command.split()[0] if command.split()[0] in others else options.get("game")
            for name in HOSTILE + [wrapped(q) for g, q in others.items() if g != game]:
                filled = {k: v.replace(Q, name) for k, v in options.items()}
                sent = await fake.send_command(command, filled, user=fake.moderator)
                body = await sent.callback()
                data = body.get("data") or {}
                if body["type"] == 5:  # deferred: the answer is the follow-up
                    data = await sent.followup()
                text = _text(data)
                assert WENT_WRONG not in text, (command, filled, text[:300])
                assert not any(r.exc_info for r in caplog.records), (command, name, caplog.text[-2000:])
                # (discord.py's escape_mentions writes "@\u200beveryone": the one mark a reply may carry)
                assert not raw_marks(text.replace("@\u200b", "@")), (command, name, raw_marks(text), text[:300])
                assert (data.get("allowed_mentions") or {}).get("parse", []) == [], (command, data)
                assert not re.search(r"(?<!\u200b)@(everyone|here)", text), (command, text[:300])


def _text(data: dict) -> str:
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title", ""), embed.get("description", ""),
                  *(f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])),
                  (embed.get("footer") or {}).get("text", "")]
    for row in data.get("components") or []:
        for c in row.get("components", []):
            parts += [c.get("label") or "", c.get("placeholder") or "",
                      *(o.get("label", "") + "\n" + (o.get("description") or "") for o in c.get("options", []))]
    return "\n".join(parts)
