"""`arbiter run` configuration: a missing token, shard settings, and a catalog that cannot serve."""

from __future__ import annotations

import asyncio
import signal
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.catalog import Catalog
from bot.discord.runner import BotConfig, ConfigError, build_bot, start_failure
from tests.fake_discord import FakeDiscord

ROOT = str(Path(__file__).resolve().parents[2])


async def _run_arbiter(tmp_path: Path, **env: str) -> tuple[int, str, str]:
    """`arbiter run` in a subprocess; asyncio's subprocess keeps this loop (and a fake Discord in it) serving."""
    base = {"PATH": "/usr/bin:/bin", "ARBITER_DB": str(tmp_path / "cards.db"), "HOME": str(tmp_path),
            "PYTHONPATH": ROOT}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(['run']))",
        env={**base, **env}, cwd=str(tmp_path), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 60)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise
    return proc.returncode or 0, out.decode(), err.decode()


def test_missing_token_says_how_to_set_it_without_a_traceback(tmp_path):
    root = str(Path(__file__).resolve().parents[2])
    env = {"PATH": "/usr/bin:/bin", "ARBITER_DB": str(tmp_path / "cards.db"), "HOME": str(tmp_path),
           "PYTHONPATH": root}
    proc = subprocess.run([sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(['run']))"],
                          capture_output=True, text=True, env=env, timeout=60, cwd=str(tmp_path),
                          check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("arbiter: DISCORD_TOKEN is not set: export DISCORD_TOKEN=")
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(("env", "message"), [
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT is a number"),
    ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "between 0 and SHARD_COUNT - 1"),
])
def test_bad_shard_settings(env, message, tmp_path):
    with pytest.raises(ConfigError, match=message):
        BotConfig.from_env(env={"DISCORD_TOKEN": "t", "ARBITER_DB": str(tmp_path / "c.db"), **env})


def test_shard_settings_reach_the_client(tmp_path):
    config = BotConfig.from_env(env={"DISCORD_TOKEN": "t", "ARBITER_DB": str(tmp_path / "c.db"),
                                     "SHARD_COUNT": "4", "SHARD_IDS": "1, 3",
                                     "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/"})
    assert (config.shard_count, config.shard_ids, config.api_base) == (4, [1, 3], "http://127.0.0.1:9/api/v10")
    import discord

    saved = discord.http.Route.BASE
    try:
        bot = build_bot(config)
        assert bot.shard_count == 4 and bot.shard_ids == [1, 3]
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    finally:
        discord.http.Route.BASE = saved


def test_empty_catalog_fails_at_start_up(tmp_path):
    path = tmp_path / "empty.db"
    Catalog.open(path, seed_starter=False).close()
    with pytest.raises(ConfigError, match="is empty"):
        build_bot(BotConfig(token="t", db=path))


def test_unreadable_catalog_fails_at_start_up(tmp_path):
    path = tmp_path / "broken.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(ConfigError, match=r"The card database .* is damaged"):
        build_bot(BotConfig(token="t", db=path))
    with pytest.raises(ConfigError, match="is a directory"):
        build_bot(BotConfig(token="t", db=tmp_path))
    assert sqlite3  # the error above is sqlite's, reported in one line


async def test_wrong_token_is_one_line_and_exit_2(tmp_path):
    async with FakeDiscord() as fake:
        code, out, err = await _run_arbiter(tmp_path, DISCORD_TOKEN="not-" + fake.token,
                                            DISCORD_API_BASE=fake.api_base)
        assert [(r.method, r.path, r.status) for r in fake.requests] == [("GET", "/users/@me", 401)]
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1
    assert err == ("arbiter: Discord rejected DISCORD_TOKEN (LoginFailure): check the token (Developer Portal > your "
                   "application > Bot > Reset Token) and export it again; DISCORD_API_BASE is "
                   f"{fake.api_base}.\n")


async def test_unreachable_api_base_is_one_line_naming_it(tmp_path):
    with socket.socket() as sock:  # a port nobody listens on once this socket is closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}/api/v10"
    code, out, err = await _run_arbiter(tmp_path, DISCORD_TOKEN="t", DISCORD_API_BASE=base)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"arbiter: Cannot connect to Discord at DISCORD_API_BASE ({base}): ")
    assert lines[0].endswith(". Check DISCORD_API_BASE and the network.")


def test_privileged_intents_and_other_refusals_are_one_line(tmp_path):
    config = BotConfig(token="t", db=tmp_path / "c.db", api_base="http://127.0.0.1:9/api/v10")
    message = start_failure(discord.PrivilegedIntentsRequired(0), config)
    assert message is not None and message.startswith("Discord refused the gateway connection "
                                                      "(PrivilegedIntentsRequired): ")
    assert "DISCORD_API_BASE (http://127.0.0.1:9/api/v10)" in message and "\n" not in message
    assert start_failure(discord.GatewayNotFound(), config) == (
        "Cannot find Discord's gateway through DISCORD_API_BASE (http://127.0.0.1:9/api/v10): check that it is "
        "Discord's API.")
    assert start_failure(RuntimeError("a bug"), config) is None  # a bug keeps its traceback


async def test_sigterm_closes_the_gateway_and_exits_0(tmp_path):
    """`docker stop` sends SIGTERM: the real `arbiter run` process closes its gateway connection with a normal
    close (1000, so Discord ends the session at once) and exits 0, instead of being killed mid-write."""
    base = {"PATH": "/usr/bin:/bin", "ARBITER_DB": str(tmp_path / "cards.db"), "HOME": str(tmp_path),
            "PYTHONPATH": ROOT}
    async with FakeDiscord() as fake:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(['run']))",
            env={**base, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base}, cwd=str(tmp_path),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            await fake.wait_for_request("PUT", r"/applications/\d+/commands", timeout=60)  # started and synced
            await fake.wait_ready(timeout=30)
            live = [c for c in fake.gateway_connections if not c.ws.closed]
            assert len(live) == 1
            proc.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(proc.communicate(), 30)  # a hang guard, not a speed claim
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        connection = live[0]
        assert connection.ws.closed and connection.ws.close_code == 1000
        assert not connection.server_closed  # the bot closed it, not the fake
        assert not [c for c in fake.gateway_connections if not c.ws.closed]
    assert proc.returncode == 0, err.decode()
    assert "Traceback" not in err.decode()
    assert "SIGTERM received: closing the Discord connection" in err.decode()
