"""/ask through the fake Discord (the starter sets): the reply says how it read the question as the exact per-game
command, then gives that command's answer with its ruling id and Why button; other readings are buttons; a
question it cannot read without guessing is asked back with the readings as buttons, which answer when pressed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.answers.games import game_answer, game_matcher
from engine.registry import find_ruleset
from tests.bot_harness import arbiter_on_fake
from tests.discord_helpers import components, press_why

EPHEMERAL = 64


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "cards.db"


async def test_ask_reads_then_answers_as_the_game_command(db: Path) -> None:
    async with arbiter_on_fake(db) as (fake, bot):
        sent = await fake.send_command("ask", {"question": "if I throne room a wharf, when does the TR really leave?"})
        deferred = await sent.callback()
        assert deferred["type"] == 5  # deferred: reading and answering run off the event loop
        reply = await sent.followup()
        dominion = find_ruleset("dominion")
        direct = game_answer(game_matcher(bot.arbiter, dominion), dominion, {"chain": ["Throne Room > Wharf"]})
        embed = reply["embeds"][0]
        assert f"Ruling {direct['ruling_id']}" in embed["footer"]["text"]
        lines = embed["description"].splitlines()
        assert not reply.get("content")  # nothing above the answer (issue 33: the player's answer first)
        assert lines[0] == f"**{direct['summary']}**"  # the player's answer first, in bold
        assert "**Read as:** `/dominion ruling chain: Throne Room > Wharf`" in lines[1:3]  # how it was read, under it
        assert "Not used: “really”" in lines
        message_id = sent.state.original_message_id or sent.state.followup_ids[0]
        why = await press_why(fake, message_id, fake.messages[message_id], fake.user)
        assert why["type"] == 7 and why["data"]["embeds"][0]["fields"]  # the judge's reasons, as /dominion gives


async def test_another_reading_is_a_button(db: Path) -> None:
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("ask", {"question": "Throne Room and Wharf"})
        await sent.callback()
        reply = await sent.followup()
        assert reply["content"].startswith("“Throne Room and Wharf” reads two ways")
        buttons = {b["label"]: b for b in components(reply)}
        assert set(buttons) == {"Throne Room played Wharf", "played one after the other"}
        message_id = sent.state.original_message_id or sent.state.followup_ids[0]
        press = await fake.send_component(message_id, buttons["played one after the other"]["custom_id"],
                                          user=fake.user)
        assert (await press.callback())["type"] == 5
        answer = await press.followup()
        assert "**Read as:** `/dominion ruling chain: Throne Room also: Wharf`" in \
            answer["embeds"][0]["description"].splitlines()[1:3]
        assert answer["embeds"][0]["footer"]["text"].startswith("Dominion ruleset")
        other = await fake.send_component(message_id, buttons["Throne Room played Wharf"]["custom_id"],
                                          user=fake.moderator)  # someone else's press: answered for them alone
        deferred = await other.callback()
        assert deferred["data"]["flags"] & EPHEMERAL


@pytest.mark.parametrize(("question", "start"), [
    ("how long does it last?", "Which card is it about, and in which game?"),
    ("How much does Wharf cost?", "Dominion questions here are about when each card"),
    ("when does Throne Room leave play and can Golden Veil cancel it", "This names cards of several games"),
])
async def test_it_asks_back_instead_of_guessing(db: Path, question: str, start: str) -> None:
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("ask", {"question": question})
        await sent.callback()
        reply = await sent.followup()
        assert reply["content"].startswith(start)
        assert not reply.get("embeds")  # no answer given on a guess


async def test_a_too_long_question_is_one_sentence(db: Path) -> None:
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("ask", {"question": "x " * 300})
        body = await sent.callback()
        assert body["data"]["flags"] & EPHEMERAL
        assert body["data"]["content"].startswith("Ask in one sentence of at most 500 characters")


async def test_a_reading_the_command_refuses_says_why_first(db: Path) -> None:
    async with arbiter_on_fake(db) as (fake, _):
        sent = await fake.send_command("ask", {"question": "how long does fracturize last?"})
        await sent.callback()
        reply = await sent.followup()
        lines = reply["content"].splitlines()
        assert lines[0].startswith("Fracturize") and "needs a target" in lines[0]  # why, where the answer would be
        assert lines[1].startswith("**Read as:** `/grand-archive")
        assert not reply.get("embeds")
