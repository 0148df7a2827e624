"""A player's answer first, in every game: one real question per game asked through both front ends (the
command line as text and as JSON, and Discord through the fake Discord with the real discord.py client). The
JSON answer's `summary` is what the game's presentation shows, and it is the first line after the lines that
say what each typed name was matched to, in the text answer and in the Discord embed alike."""

from __future__ import annotations

import json

import pytest

from bot.answers.service import answer_lines
from engine.interface import questions_of
from engine.registry import all_rulesets, find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import new_db, run

# (game, question, command-line arguments, slash command, its options): real cards of each game's starter set
QUESTIONS = [
    ("redemption", "duration", ["duration", "Adino, the Eznite", "--played-in", "battle", "--then", "phase-ends"],
     "duration", {"card": "Adino, the Eznite", "played_in": "battle", "then": "phase-ends"}),
    ("dominion", "ruling", ["dominion", "Throne Room > Tactician"],
     "dominion ruling", {"chain": "Throne Room > Tactician"}),
    ("grand-archive", "ruling", ["grand-archive", "--effect", "Inspiring Call", "--object", "ally"],
     "grand-archive ruling", {"effect": "Inspiring Call", "later": "ally"}),  # Discord: "later" enters after
    ("l5r", "order", ["l5r", "order", "--at", "when this Follower defends", "--item", "Disciples of Ganesh",
                      "--item", "Weathered Armor"],
     "l5r order", {"at": "when this Follower defends", "items": "Disciples of Ganesh; Weathered Armor"}),
    ("l5r", "duration", ["l5r", "duration", "Haikitsu", "--then", "action-resolves", "--then",
                         "occurs:he attacks you"],
     "l5r duration", {"card": "Haikitsu", "then": "action-resolves"}),
    ("ashes", "ruling", ["ashes", "Summon Gilder", "--units", "none"],
     "ashes ruling", {"card": "Summon Gilder", "units": "none"}),
]


def test_every_game_is_asked_here():
    asked = {game for game, *_ in QUESTIONS}
    assert asked == {r.game for r in all_rulesets()}
    plugin_questions = {(r.game, q.command) for r in all_rulesets() for q in questions_of(r)}
    assert plugin_questions <= {(game, question) for game, question, *_ in QUESTIONS}


def _question(game: str, command: str):
    ruleset = find_ruleset(game)
    return next((q for q in questions_of(ruleset) if q.command == command), None)


@pytest.mark.parametrize(("game", "command", "argv"), [q[:3] for q in QUESTIONS],
                         ids=[" ".join(q[:2]) for q in QUESTIONS])
def test_the_text_answer_begins_with_the_summary(tmp_path, capsys, game, command, argv):
    db = new_db(tmp_path / "cards.db")
    code, out, err = run(capsys, *argv, "--json", "--db", db)
    assert code == 0, err
    data = json.loads(out)
    summary = data["summary"]
    assert summary.strip() and "\n" not in summary
    question = _question(game, command)
    if question is not None:  # a plug-in question's chat card shows the very same sentence
        assert question.present(data).summary == summary
    code, out, err = run(capsys, *argv, "--db", db)
    assert code == 0, err
    lines = out.splitlines()
    matched = answer_lines(data["match"])
    assert lines[:len(matched)] == matched
    assert lines[len(matched)] == summary
    assert lines.count(summary) == 1  # said once, not repeated by the explanation under it


async def test_the_discord_embed_begins_with_the_summary(tmp_path, capsys):
    db = tmp_path / "cards.db"
    async with arbiter_on_fake(db) as (fake, _bot):
        for game, _command, argv, slash, options in QUESTIONS:
            sent = await fake.send_command(slash, options)
            body = await sent.callback()
            assert body["type"] == 4, (game, body)
            embed = body["data"]["embeds"][0]
            ruling_id = embed["footer"]["text"].split("Ruling ")[1].split(" ")[0]
            # The same question on the command line (Discord's options carry the same inputs): same ruling,
            # and its summary is the embed's first line after the matched-card lines.
            cli_argv = argv if slash != "l5r duration" else argv[:5]
            code, out, err = run(capsys, *cli_argv, "--json", "--db", str(db))
            assert code == 0, err
            data = json.loads(out)
            assert data["ruling_id"] == ruling_id, game
            lines = embed["description"].splitlines()
            matched = answer_lines(data["match"])
            assert lines[:len(matched)] == matched
            assert lines[len(matched)] == data["summary"], game
