"""Discord's 3 s under load (bot/discord/deadline.py), through the real bot and the fake Discord: an interaction
already past its window is never computed, an autocomplete that would be late is dropped quietly, a command
behind a backlog is deferred and then answered as the deferred message, and a known Discord error is no
traceback. An interaction's age is set the way Discord sets it: the time inside its snowflake id."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from discord.utils import time_snowflake, utcnow

from bot.discord import deadline
from tests.bot_harness import arbiter_on_fake

DEFERRED, MESSAGE = 5, 4


def _aged(fake, payload: dict, seconds: float) -> dict:
    """The payload with an id Discord would have made `seconds` ago (unique: the fake's counter bits)."""
    low = int(fake.snowflakes.next()) & ((1 << 22) - 1)
    return {**payload, "id": str(time_snowflake(utcnow() - timedelta(seconds=seconds)) | low)}


def _duration(fake, card: str = "Adino the Eznite") -> dict:
    return fake.interaction_payload("duration", {"card": card, "played_in": "battle", "then": "phase-ends"})


async def test_too_late_is_not_computed_and_too_slow_autocomplete_is_dropped(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        computed: list[str] = []
        duration = bot.arbiter.duration

        def counting(*args, **kwargs):
            computed.append(args[0])
            return duration(*args, **kwargs)

        bot.arbiter.duration = counting  # type: ignore[method-assign]
        late = await fake.send_interaction(_aged(fake, _duration(fake), deadline.WINDOW_S))
        slow = await fake.send_interaction(_aged(fake, fake.interaction_payload(
            "duration", {"card": "adi"}, focused="card"), deadline.AUTOCOMPLETE_BY_S + 0.1))
        fresh = await fake.send_interaction(_duration(fake, "Stricken"))
        assert (await fresh.callback())["type"] == MESSAGE  # an ordinary interaction is answered directly
        await asyncio.sleep(0.3)
        assert not late.state.acknowledged and not slow.state.acknowledged
        assert computed == ["Stricken"]  # the late one never reached the ruleset
        bot.gate.report()
        lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("under load")]
        assert lines and "1 too late to answer, not computed" in lines[-1]
        assert "1 autocompletes dropped" in lines[-1]
        assert not [r for r in caplog.records if r.exc_info]


async def test_a_command_behind_the_queue_is_deferred_then_answered(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        direct = await fake.send_interaction(_duration(fake))
        direct_embed = (await direct.callback())["data"]["embeds"][0]
        sent = await fake.send_interaction(_aged(fake, _duration(fake), deadline.DEFER_AT_S + 0.2))
        assert (await sent.callback())["type"] == DEFERRED
        edited = await sent.edit()  # the deferred "thinking" message becomes the answer
        embed = edited["embeds"][0]
        assert embed["description"] == direct_embed["description"]
        assert "/ruling id:" in embed["footer"]["text"]
        assert not fake.messages[sent.state.original_message_id]["flags"] & 128  # no longer "thinking"


async def test_a_deferred_private_answer_stays_private(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        sent = await fake.send_interaction(_aged(fake, _duration(fake, "zzzz no such card qqq"),
                                                 deadline.DEFER_AT_S + 0.2))
        assert (await sent.callback())["type"] == DEFERRED
        message = await sent.followup()
        assert message["flags"] & 64  # ephemeral: the problem sentence for the asker alone
        assert sent.state.original_message_id not in fake.messages  # the public "thinking" removed


async def test_discord_refusing_a_late_answer_is_one_counted_line_not_a_traceback(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        fake.inject_response("POST", r"/interactions/\d+/[^/]+/callback", 404,
                             {"message": "Unknown interaction", "code": 10062}, times=2)
        await fake.send_interaction(_duration(fake))
        await fake.send_interaction(fake.interaction_payload("duration", {"card": "adi"}, focused="card"))
        for _ in range(50):
            await asyncio.sleep(0.05)
            if sum(bot.gate.counts.values()) >= 2:
                break
        assert sum(bot.gate.counts.values()) == 2, bot.gate.counts
        callbacks = [r for r in fake.requests if r.path.endswith("/callback")]
        assert len(callbacks) == 2  # no apology sent to an interaction that is gone
        assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]


CALLBACK = r"/interactions/\d+/[^/]+/callback"


async def test_deferred_answers_wait_until_every_first_response_is_out(tmp_path):
    """A backlog of deferrals whose replies are slow: no deferred answer is computed while more than a few
    first responses are still owed, and every command still gets its answer afterwards."""
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        seen: list[tuple[int, int]] = []
        duration = bot.arbiter.duration

        def recording(*args, **kwargs):
            seen.append((bot.gate.waiting, bot.gate.firsts))
            return duration(*args, **kwargs)

        bot.arbiter.duration = recording  # type: ignore[method-assign]
        count = deadline.QUIET_FIRSTS + 14
        fake.slow_replies("POST", CALLBACK, 0.4, times=count)
        cards = ["Adino the Eznite", "Stricken"]
        sent = await fake.send_burst([_aged(fake, _duration(fake, cards[k % 2]), deadline.DEFER_AT_S + 0.2)
                                      for k in range(count)])
        for one in sent:
            assert (await one.callback(timeout=10))["type"] == DEFERRED
        for one in sent:
            assert "/ruling id:" in (await one.edit(timeout=10))["embeds"][0]["footer"]["text"]
        assert len(seen) == count
        assert all(waiting == 0 and firsts <= deadline.QUIET_FIRSTS for waiting, firsts in seen), seen


async def test_suggestions_wait_for_owed_first_responses_and_still_arrive_in_time(tmp_path):
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, bot):
        seen: list[int] = []
        matcher_for = bot.arbiter.matcher_for

        def recording(*args, **kwargs):
            seen.append(bot.gate.firsts)
            return matcher_for(*args, **kwargs)

        count = deadline.QUIET_FIRSTS + 8
        fake.slow_replies("POST", CALLBACK, 0.3, times=count + 1)
        commands = [_aged(fake, _duration(fake), deadline.DEFER_AT_S + 0.2) for _ in range(count)]
        suggest = fake.interaction_payload("duration", {"card": "adi"}, focused="card")
        bot.arbiter.matcher_for = recording  # type: ignore[method-assign]
        sent = await fake.send_burst([*commands, suggest])
        reply = await sent[-1].callback(timeout=10)
        assert reply["type"] == 8 and reply["data"]["choices"]  # suggestions, in time
        assert seen and seen[0] <= deadline.QUIET_FIRSTS  # computed once the deferrals were out
        assert all(s.state.response_type == DEFERRED for s in sent[:-1])


async def test_a_moderators_private_answer_stays_private_when_the_gate_defers_it(tmp_path):
    """/carddb answers only the moderator: deferred by the gate, it is deferred privately, and the confirmation
    (which may name the server's notes) never replaces a public "thinking" message."""
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        payload = fake.interaction_payload("carddb history", {"limit": 3}, user=fake.moderator)
        sent = await fake.send_interaction(_aged(fake, payload, deadline.DEFER_AT_S + 0.2))
        deferred = await sent.callback()
        assert deferred["type"] == DEFERRED and deferred["data"]["flags"] & 64
        listed = await sent.followup()
        assert listed["flags"] & 64 and listed["content"] == "No changes recorded."  # this server's: none yet


async def test_a_private_answer_to_a_public_deferral_is_private_and_the_thinking_goes(tmp_path):
    """A command whose answer is usually public (/rule) but comes back private (an unknown rule, said to the asker
    alone) after the gate deferred it publicly: the public "thinking" message is removed, the answer is private."""
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        sent = await fake.send_interaction(_aged(fake, fake.interaction_payload("rule", {"id": "ZZ99"}),
                                                 deadline.DEFER_AT_S + 0.2))
        assert (await sent.callback())["type"] == DEFERRED
        answer = await sent.followup()
        assert answer["flags"] & 64
        assert sent.state.original_message_id not in fake.messages


def _id_made(fake, seconds: float) -> str:
    low = int(fake.snowflakes.next()) & ((1 << 22) - 1)
    return str(time_snowflake(utcnow() - timedelta(seconds=seconds)) | low)


async def test_a_button_pressed_behind_the_queue_is_deferred_and_answered_as_it_would_have_been(tmp_path):
    """A component press the queue would make late: deferred as an update (nothing shown changes), then the
    asker's press edits the message and someone else's answer comes privately, the shared message untouched."""
    async with arbiter_on_fake(tmp_path / "cards.db") as (fake, _bot):
        sent = await fake.send_command("duration", {"card": "three woes", "played_in": "territory"})
        body = await sent.callback()
        message_id = sent.state.original_message_id
        button = next(b for row in body["data"]["components"] for b in row["components"]
                      if b.get("label") == "Then: result-changed")
        before = fake.messages[message_id]["embeds"][0]["description"]
        other = await fake.send_component(message_id, button["custom_id"], user=fake.moderator,
                                          interaction_id=_id_made(fake, deadline.DEFER_AT_S + 0.2))
        assert (await other.callback())["type"] == 6  # DEFERRED_UPDATE_MESSAGE
        private = await other.followup()
        assert private["flags"] & 64 and private["embeds"][0]["description"].startswith("Has ended: ")
        assert fake.messages[message_id]["embeds"][0]["description"] == before
        press = await fake.send_component(message_id, button["custom_id"],
                                          interaction_id=_id_made(fake, deadline.DEFER_AT_S + 0.2))
        assert (await press.callback())["type"] == 6
        edited = await press.edit()  # the body of the edit of the message the button is on
        assert edited["embeds"][0]["description"].startswith("Has ended: ")
        assert fake.messages[message_id]["embeds"][0]["description"] == edited["embeds"][0]["description"]
