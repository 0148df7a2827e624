"""A name that starts or words several cards of the game asked is answered there, with that game's menu, even when
another game has a card of exactly that name ("Summon": a dozen Ashes cards begin with it, Dominion has a card so
named). The pointer to another game is for names the asked game does not have (tests/test_card_anywhere.py).

For every plug-in game the name is one its own starter cards make ambiguous (tests/test_every_menu.py), and a card
of exactly that name is added to another game here, on both surfaces."""

from __future__ import annotations

import json

import pytest

from bot.answers.games import plugin_rulesets
from bot.catalog import Catalog
from engine.cards import Card
from engine.interface import plugin_inputs, questions_of
from tests.bot_harness import arbiter_on_fake
from tests.cli.test_card_anywhere import question_argv
from tests.cli_helpers import new_db, run
from tests.discord.test_every_menu import MENU_CASES, Q, ambiguous_query

EPHEMERAL = 64


def _other_game(game: str) -> str:
    games = [r.game for r in plugin_rulesets()]
    return games[(games.index(game) + 1) % len(games)]


def _with_twins(db) -> dict[str, str]:
    """game -> its ambiguous name, each added to another game as a card of exactly that name."""
    catalog = Catalog.open(db)
    names = {}
    for ruleset in plugin_rulesets():
        name = ambiguous_query(ruleset).title()
        catalog.add_card(Card(_other_game(ruleset.game), name, "TWIN", type="Action", text="Does a thing."), "tester")
        names[ruleset.game] = name
    catalog.close()
    return names


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("USER", "tester")
    path = tmp_path / "cards.db"
    new_db(path)
    return path


def test_the_asked_games_menu_comes_before_another_games_exact_card(db, capsys):
    names = _with_twins(db)
    for ruleset in plugin_rulesets():
        code, out, _ = run(capsys, "card", names[ruleset.game], "--game", _other_game(ruleset.game), "--db",
                           str(db), "--json")
        assert code == 0 and json.loads(out)["card"]["set"] == "TWIN"  # the twin is really there, exactly
        for question in questions_of(ruleset):
            param = next((p for p in plugin_inputs(question.params, "cli") if p.card_names), None)
            if param is None:
                continue
            argv = question_argv(ruleset, question, param, names[ruleset.game])
            code, out, _ = run(capsys, *argv, "--db", str(db), "--json")
            data = json.loads(out)
            assert code == 1 and data["kind"] == "ambiguous" and "elsewhere" not in data, (argv, data["error"])
            assert data["match"]["candidates"] and all(c["set"] != "TWIN" for c in data["match"]["candidates"])


async def test_slash_question_offers_the_asked_games_menu(db):
    names = _with_twins(db)
    async with arbiter_on_fake(db) as (fake, _):
        for (game, command), cases in MENU_CASES.items():
            options = {k: v.replace(Q, names[game]) for k, v in cases[0].items()}
            sent = await fake.send_command(f"{game} {command}", options, user=fake.user)
            body = await sent.callback()
            data = body["data"]
            assert data["flags"] & EPHEMERAL, data
            assert data["content"].startswith(f"“{names[game]}” matches several cards:"), (game, data["content"])
            (select,) = [c for row in data.get("components", []) for c in row["components"]]
            assert select["type"] == 3 and len(select["options"]) >= 2
