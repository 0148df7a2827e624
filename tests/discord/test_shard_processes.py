"""Two real `arbiter run` processes splitting the shards (SHARD_COUNT=2, one shard each) on one SQLite file,
against the fake Discord with several servers: a maintainer server's write reaches both processes within 2 s,
a server's own layer never changes another server's answers, a command-line write reaches the running bots,
a lock held by another process gets the honest sentence, and no interaction is ever left unanswered.

The processes find the gateway through DISCORD_API_BASE's /gateway/bot (SHARD_COUNT set), as a deployment
behind a REST proxy would. Every wait polls with a deadline.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.catalog import Catalog
from tests.discord_helpers import reasons
from tests.fake_discord import FakeDiscord
from tests.fake_discord import models as m

pytestmark = pytest.mark.asyncio(loop_scope="module")
FRESH_S = 2.0  # the promise: any committed change is served by every process within this
START_S = 60.0  # two Python processes importing discord.py on a shared 2-core machine
BUSY = "The card database is busy (another process is writing to it); nothing was changed. Try again."


@dataclass
class Cluster:
    fake: FakeDiscord
    db: Path
    logs: list[Path]
    a: m.FakeGuild  # maintainer server, shard 0
    a2: m.FakeGuild  # another server on shard 1 with no layer of its own
    b: m.FakeGuild  # an ordinary server, shard 1
    c: m.FakeGuild  # an ordinary server, shard 0

    def log_text(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in self.logs)


def _server(fake: FakeDiscord, name: str, shard: int) -> m.FakeGuild:
    guild = fake.add_guild(name, shard=(shard, 2))
    guild.add_channel("general")
    return guild


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def cluster(tmp_path_factory) -> AsyncIterator[Cluster]:
    tmp = tmp_path_factory.mktemp("shards")
    db = tmp / "cards.db"
    Catalog.open(db).close()  # the starter set, as a first start would load it
    async with FakeDiscord(shard_count=2, default_guild=False) as fake:
        a, a2 = _server(fake, "Maintainers", 0), _server(fake, "Quiet", 1)
        b, c = _server(fake, "Server B", 1), _server(fake, "Server C", 0)
        fake.user = fake.add_user("alice")  # the default user of send_command
        for guild in (a, a2, b, c):
            guild.add_member(fake.user)
        env = {**os.environ, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base, "SHARD_COUNT": "2",
               "ARBITER_DB": str(db), "ARBITER_MAINTAINER_GUILDS": a.id, "ARBITER_BUSY_TIMEOUT": "1"}
        logs = [tmp / f"shard{i}.log" for i in (0, 1)]
        procs = []
        for shard, log in zip((0, 1), logs, strict=True):
            with log.open("wb") as out:
                procs.append(await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot.cli", "run", env={**env, "SHARD_IDS": str(shard)},
                    stdout=out, stderr=asyncio.subprocess.STDOUT))
        cluster = Cluster(fake, db, logs, a, a2, b, c)
        try:
            try:
                await fake.wait_ready(START_S)
                await fake.wait_for_requests("PUT", r"/applications/\d+/commands", count=2, timeout=START_S)
            except TimeoutError:
                raise AssertionError("the shard processes did not start:\n" + cluster.log_text()) from None
            yield cluster
            unanswered = [i for i in fake.interactions.values() if not i.acknowledged]
            assert not unanswered, f"{len(unanswered)} interaction(s) never answered"
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.terminate()
            for proc in procs:
                try:
                    await asyncio.wait_for(proc.wait(), 10)
                except TimeoutError:
                    proc.kill()
                    await proc.wait()


async def _duration(cl: Cluster, guild: m.FakeGuild, card: str) -> dict:
    sent = await cl.fake.send_command("duration", {"card": card, "played_in": "battle", "then": "phase-ends"},
                                      user=cl.fake.user, guild=guild)
    body = await sent.callback(timeout=10)
    return body["data"]


def _verdict(data: dict) -> str:
    """Whether the ability still persists after the phase ended, read off the player's answer (the summary)."""
    embeds = data.get("embeds") or []
    if not embeds:
        return data.get("content", "")
    summary = embeds[0]["description"].splitlines()[-1]
    return f"Persists: **{'yes' if summary.startswith('Still going') else 'no'}** ({summary})"


async def _reasons(cl: Cluster, guild: m.FakeGuild, card: str) -> dict:
    """The answer in that server with the judge's reasons shown (the asker pressed "Why")."""
    sent = await cl.fake.send_command("duration", {"card": card, "played_in": "battle", "then": "phase-ends"},
                                      user=cl.fake.user, guild=guild)
    return await reasons(cl.fake, sent, await sent.callback(timeout=10), user=cl.fake.user)


async def _until(cl: Cluster, guild: m.FakeGuild, card: str, wanted, deadline_s: float) -> float:
    """Ask in `guild` until `wanted(answer)` holds; the seconds it took. Fails after the deadline."""
    started = time.monotonic()
    while True:
        data = await _duration(cl, guild, card)
        if wanted(data):
            return time.monotonic() - started
        if time.monotonic() - started > deadline_s:
            raise AssertionError(f"not served by the {guild.name} shard within {deadline_s} s: {data}\n"
                                 + cl.log_text())
        await asyncio.sleep(0.05)


async def _moderate(cl: Cluster, guild: m.FakeGuild, user: dict, command: str, options: dict) -> str:
    sent = await cl.fake.send_command(f"carddb {command}", options, user=user, guild=guild)
    body = await sent.callback(timeout=3)  # an interaction has 3 s for its first answer
    if body["type"] == 4:
        return body["data"]["content"]
    assert body["type"] == 5
    return (await sent.followup(timeout=30))["content"]


async def _moderator(cl: Cluster, guild: m.FakeGuild, name: str) -> dict:
    """A member with Manage Server through a new role (announced, as Discord would, on the guild's shard)."""
    user = cl.fake.add_user(name)
    role = guild.add_role(f"{name}-admin", m.MANAGE_GUILD)
    await cl.fake.dispatch("GUILD_ROLE_CREATE", {"guild_id": guild.id, "role": role}, shard_id=guild.shard_id(2))
    guild.add_member(user, roles=[role])
    return user


async def test_a_maintainer_write_reaches_both_shard_processes(cluster):
    cl = cluster
    assert "Persists: **no**" in _verdict(await _duration(cl, cl.a2, "moabite marauders"))
    mod = await _moderator(cl, cl.a, "maya")
    said = await _moderate(cl, cl.a, mod, "annotate", {"card": "moabite marauders", "rule": "D4", "value": "round"})
    assert said.startswith("Annotation "), said + cl.log_text()
    persists = lambda data: "Persists: **yes**" in _verdict(data)  # noqa: E731
    assert persists(await _duration(cl, cl.a, "moabite marauders"))  # the writing process: the very next answer
    assert await _until(cl, cl.a2, "moabite marauders", persists, FRESH_S) < FRESH_S  # the other process
    assert await _until(cl, cl.b, "moabite marauders", persists, FRESH_S) < FRESH_S


async def test_a_servers_layer_never_changes_another_servers_answers(cluster):
    cl = cluster
    shared = await _duration(cl, cl.a, "promised land")
    assert "Persists: **no**" in _verdict(shared)
    bea = await _moderator(cl, cl.b, "bea")
    said = await _moderate(cl, cl.b, bea, "annotate", {"card": "promised land", "rule": "D4", "value": "round"})
    assert said.startswith("Server annotation"), said
    # A later shared write is the signal that the shard-0 process has taken in everything before it.
    mod = await _moderator(cl, cl.a, "max")
    await _moderate(cl, cl.a, mod, "alias", {"alias": "fence post", "card": "hezekiahs signet ring"})
    await _until(cl, cl.c, "fence post", lambda d: "Hezekiah" in str(d.get("embeds")), FRESH_S)
    for guild in (cl.a, cl.c, cl.a2):
        assert await _duration(cl, guild, "promised land") == shared
    b_answer = await _duration(cl, cl.b, "promised land")
    assert "Persists: **yes**" in _verdict(b_answer)
    assert "Server annotation" in str(await _reasons(cl, cl.b, "promised land"))
    # B cannot touch the shared catalog from its process either.
    said = await _moderate(cl, cl.b, bea, "edit", {"card": "promised land", "field": "text", "value": "instant"})
    assert said.startswith("Only the bot's operators change the shared card catalog")


async def test_a_command_line_write_reaches_the_running_bots(cluster):
    cl = cluster
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "cards", "alias", "cli nickname", "voice from heaven", "--db", str(cl.db),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await proc.communicate()
    assert proc.returncode == 0, out
    named = lambda d: "Voice from Heaven" in str(d.get("embeds"))  # noqa: E731
    assert await _until(cl, cl.a, "cli nickname", named, FRESH_S) < FRESH_S
    assert await _until(cl, cl.b, "cli nickname", named, FRESH_S) < FRESH_S


async def test_a_lock_held_by_another_process_gets_the_honest_sentence(cluster):
    cl = cluster
    mod = await _moderator(cl, cl.a, "lou")
    holder = sqlite3.connect(cl.db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program in the middle of a long write
    try:
        before = holder.execute("SELECT count(*), max(id) FROM audit").fetchone()
        sent = await cl.fake.send_command("carddb alias", {"alias": "locked out", "card": "captain of the host"},
                                          user=mod, guild=cl.a)
        started = time.monotonic()
        assert (await sent.callback(timeout=3))["type"] == 5  # deferred at once: the check reads memory
        assert time.monotonic() - started < 3
        # Players are answered meanwhile: answers come from memory, never from the locked file.
        assert "Persists" in _verdict(await _duration(cl, cl.b, "captain of the host"))
        assert (await sent.followup(timeout=30))["content"] == BUSY
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with sqlite3.connect(cl.db) as check:
        assert check.execute("SELECT count(*), max(id) FROM audit").fetchone() == before  # nothing was changed
        assert check.execute("SELECT 1 FROM aliases WHERE alias = 'locked out'").fetchone() is None
    check.close()
