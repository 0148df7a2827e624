"""A ruling id shown is a ruling kept: a real `arbiter run` process answers a stream of distinct /duration
questions through the fake Discord and is killed with SIGKILL while answers are in flight; afterwards every
ruling id that reached Discord (a callback or follow-up the fake accepted) opens with the real `arbiter ruling`.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import signal
import sys
import time
from pathlib import Path

from bot.catalog import Catalog
from engine.rulesets.redemption import EVENTS, ZONES
from tests.cli_helpers import run
from tests.fake_discord import FakeDiscord

START_S = 60.0
OPEN = re.compile(r"/ruling id:([A-Z]+-[0-9A-Z]+)")


def _questions(cards: list[str]) -> list[dict[str, str]]:
    """Distinct questions (card x zone x next events): every answer a new ruling id."""
    combos = itertools.product(cards, ZONES, [e for e in EVENTS if e not in ("condition-true", "targeted")])
    return [{"card": c, "played_in": z, "then": e} for c, z, e in combos]


def _shown_ids(fake: FakeDiscord) -> list[str]:
    """Every ruling id in a message Discord accepted from the bot (one entry per answer)."""
    ids: list[str] = []
    for rec in fake.requests:
        if rec.status is not None and rec.status < 300 and isinstance(rec.json, dict):
            ids += OPEN.findall(str(rec.json))
    return ids


async def test_sigkill_while_answering_loses_no_ruling_id_anyone_saw(tmp_path: Path, capsys) -> None:
    db = tmp_path / "cards.db"
    with Catalog.open(db) as catalog:  # the starter set, as a first start loads it
        cards = sorted({c.name for c in catalog.cards("redemption")})
    questions = _questions(cards)
    async with FakeDiscord() as fake:
        env = {**os.environ, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base, "ARBITER_DB": str(db)}
        for key in ("SHARD_COUNT", "SHARD_IDS"):
            env.pop(key, None)
        log = tmp_path / "bot.log"
        with log.open("wb") as out:
            proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", "run", env=env,
                                                        stdout=out, stderr=asyncio.subprocess.STDOUT)
        try:
            await fake.wait_ready(START_S)
            await fake.wait_for_request("PUT", r"/applications/\d+/commands", timeout=START_S)
            sent, deadline = 0, time.monotonic() + START_S
            while len(_shown_ids(fake)) < 100 and time.monotonic() < deadline:  # then killed mid-stream
                if sent < len(questions):  # waves of 10 at once, faster than one process answers
                    batch = [fake.interaction_payload("duration", q) for q in questions[sent:sent + 10]]
                    sent += len(batch)
                    await fake.send_burst(batch)
                await asyncio.sleep(0.01)
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        assert proc.returncode == -signal.SIGKILL
        answers = _shown_ids(fake)
    shown = set(answers)
    assert len(answers) >= 100 and len(shown) >= 20, log.read_text(errors="replace")[-2000:]
    missing = []
    for ruling_id in sorted(shown):
        code, out, err = await asyncio.to_thread(run, capsys, "ruling", ruling_id, "--db", str(db), "--json")
        if code != 0:
            missing.append((ruling_id, (out + err).strip()[:200]))
    assert not missing, f"{len(missing)} of {len(shown)} ids shown do not open: {missing[:3]}"
