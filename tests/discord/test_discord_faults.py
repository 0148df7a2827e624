"""Discord's API stumbling while the bot answers: interaction callbacks and follow-ups that fail with 5xx or 429
are tried again inside Discord's windows, each failure is one log line without a traceback, and a committed
write is never reported as failed. Real discord.py against the fake Discord, real catalog.
"""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.catalog import Catalog
from tests.bot_harness import arbiter_on_fake

QUESTION = {"card": "adino the eznite", "played_in": "battle", "then": "phase-ends"}
CALLBACK = r"/interactions/\d+/[^/]+/callback"
FOLLOWUP = r"/webhooks/\d+/[^/]+"


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cards.db"


def _ours(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("arbiter")]


async def _logged(caplog, text: str, deadline_s: float) -> list[logging.LogRecord]:
    """Our log lines containing `text`, waiting up to the deadline for the first one."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline_s
    while True:
        found = [r for r in _ours(caplog) if text in r.getMessage()]
        if found or loop.time() > end:
            return found
        await asyncio.sleep(0.02)


async def test_a_callback_failing_twice_with_503_is_answered_inside_the_3_seconds(db, caplog):
    caplog.set_level(logging.INFO)
    async with arbiter_on_fake(db) as (fake, _):
        fake.inject_response("POST", CALLBACK, 503, {"message": "upstream connect error", "code": 0}, times=2)
        sent = await fake.send_command("duration", QUESTION)
        await fake.wait_for_requests("POST", CALLBACK, count=3, timeout=3)
        answered = [r for r in fake.callbacks(sent) if r.status < 300]
        assert len(answered) == 1 and answered[0].json["data"]["embeds"][0]["title"].startswith("Adino")
    failures = [r for r in _ours(caplog) if "HTTP 503" in r.getMessage()]
    assert len(failures) == 2  # one line per failure
    assert all(r.exc_info is None for r in caplog.records)  # and never a traceback


async def test_a_rate_limited_callback_waits_as_asked_and_answers(db, caplog):
    caplog.set_level(logging.INFO)
    async with arbiter_on_fake(db) as (fake, _):
        fake.inject_response("POST", CALLBACK, 429, {"message": "You are being rate limited.", "retry_after": 0.05,
                                                     "global": False}, times=1)
        sent = await fake.send_command("duration", QUESTION)
        await fake.wait_for_requests("POST", CALLBACK, count=2, timeout=3)
        assert [r.status for r in fake.callbacks(sent)][-1] < 300
    assert len([r for r in _ours(caplog) if "HTTP 429" in r.getMessage()]) == 1
    assert all(r.exc_info is None for r in caplog.records)


async def test_a_follow_up_failing_with_502_is_retried(db, caplog):
    caplog.set_level(logging.INFO)
    async with arbiter_on_fake(db) as (fake, _):
        fake.inject_response("POST", FOLLOWUP, 502, {"message": "bad gateway", "code": 0}, times=1)
        sent = await fake.send_command("carddb alias", {"alias": "ezzy", "card": "adino the eznite"},
                                       user=fake.moderator)
        assert (await sent.callback())["type"] == 5
        done = await fake.wait_for_requests("POST", FOLLOWUP, count=2, timeout=5)
        assert done[-1].status < 300 and "now leads to Adino" in done[-1].json["content"]
    assert len([r for r in _ours(caplog) if "HTTP 502" in r.getMessage()]) == 1
    assert all(r.exc_info is None for r in caplog.records)


async def test_a_committed_write_whose_confirmation_is_lost_is_never_reported_failed(db, caplog):
    caplog.set_level(logging.INFO)
    async with arbiter_on_fake(db) as (fake, _):
        fake.inject_response("POST", FOLLOWUP, 404, {"message": "Unknown Webhook", "code": 10015}, times=5)
        sent = await fake.send_command("carddb alias", {"alias": "ezzy", "card": "adino the eznite"},
                                       user=fake.moderator)
        assert (await sent.callback())["type"] == 5
        await fake.wait_for_requests("POST", FOLLOWUP, count=1, timeout=5)
        entry = Catalog.open(db).history(limit=1)[0]
        assert entry.action == "add_alias" and entry.after["alias"] == "ezzy"  # committed
        lost = await _logged(caplog, "could not deliver the confirmation", 3.0)
        assert len(lost) == 1
        # Nothing told the moderator the write failed: one follow-up was tried, no "Sorry" after it.
        bodies = [r.json for r in fake.requests_matching("POST", FOLLOWUP)]
        assert len(bodies) == 1 and "Sorry" not in str(bodies)
    assert all(r.exc_info is None for r in caplog.records)
