"""Several processes starting at once on a missing rulings file: it is created whole (never seen at 0 bytes
half-made and called damaged), and every ruling any of them stored is there.

- Processes: six real processes open the same missing file at the same instant and each store a ruling.
- The deployment: two real `arbiter run` processes (SHARD_COUNT=2) and `arbiter` command lines answer together on
  a fresh card database whose rulings file does not exist yet; every ruling id any of them showed opens.
- A 0-byte file that fills within a moment (another program creating it) is waited for, not refused; one that
  stays empty is still refused as damaged.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.catalog import Catalog
from bot.catalog.errors import UnreadableDatabase
from bot.rulings.record import Basis, CardBasis, RulingRecord
from bot.rulings.store import RulingStore, rulings_path
from tests.cli_helpers import run
from tests.fake_discord import FakeDiscord

START_S = 60.0
OPEN = re.compile(r"/ruling id:([A-Z]+-[0-9A-Z]+)")
CLI_ID = re.compile(r"^Ruling id: (\S+)$", re.MULTILINE)


def _record(n: int) -> RulingRecord:
    name = f"Card {n}"
    return RulingRecord(f"T-{n:010d}", "toy", "ask", {"card": name}, "current", None, f"{name}: yes", ("T1",),
                        Basis("1", (CardBasis(name, "S", "00000000", ""),)), int(time.time()))


# One process: waits for the common instant, opens the rulings file and stores one ruling.
STORE_ONE = """
import sys, time
from bot.rulings.record import Basis, CardBasis, RulingRecord
from bot.rulings.store import RulingStore
path, n, start_at = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
name = f"Card {n}"
record = RulingRecord(f"T-{n:010d}", "toy", "ask", {"card": name}, "current", None, f"{name}: yes", ("T1",),
                      Basis("1", (CardBasis(name, "S", "00000000", ""),)), int(time.time()))
time.sleep(max(0.0, start_at - time.time()))
store = RulingStore(path)
store.write([record])
store.close()
"""


def test_processes_opening_a_missing_rulings_file_at_once_all_store(tmp_path: Path) -> None:
    path = str(tmp_path / "cards.rulings.db")
    start_at = time.time() + 4.0  # after every process has imported
    procs = [subprocess.Popen([sys.executable, "-c", STORE_ONE, path, str(n), str(start_at)],
                              stderr=subprocess.PIPE, text=True) for n in range(6)]
    errors = [p.communicate(timeout=60)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, errors
    conn = sqlite3.connect(path)
    assert sorted(r[0] for r in conn.execute("SELECT id FROM rulings")) == [_record(n).id for n in range(6)]
    conn.close()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".new")]  # no process left its spare behind


def test_a_zero_byte_file_that_fills_is_waited_for_and_one_that_stays_empty_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.rulings.db"
    path.touch()  # another program has just created it

    def fill() -> None:
        time.sleep(0.3)
        made = tmp_path / "made.db"
        other = RulingStore(str(made))
        other.write([_record(1)])
        other.close()
        os.replace(made, path)

    filler = threading.Thread(target=fill)
    filler.start()
    store = RulingStore(str(path))
    store.write([_record(2)])
    filler.join()
    assert {s.id for s in store.since()} == {_record(1).id, _record(2).id}
    store.close()

    empty = tmp_path / "empty.rulings.db"
    empty.touch()
    with pytest.raises(UnreadableDatabase, match="is damaged"):
        RulingStore(str(empty)).write([_record(3)])
    assert empty.stat().st_size == 0


def _shown_ids(fake: FakeDiscord) -> list[str]:
    ids: list[str] = []
    for rec in fake.requests:
        if rec.status is not None and rec.status < 300 and isinstance(rec.json, dict):
            ids += OPEN.findall(str(rec.json))
    return ids


async def _cli(db: Path, card: str, zone: str) -> str:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "--db", str(db), "duration", card, "--played-in", zone,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    assert proc.returncode == 0, err.decode()
    return out.decode()


async def test_two_shards_and_the_command_line_on_a_fresh_rulings_file_keep_every_id_shown(tmp_path, capsys):
    db = tmp_path / "cards.db"
    with Catalog.open(db) as catalog:  # the starter set; no rulings file yet
        cards = sorted({c.name for c in catalog.cards("redemption")})
    assert not Path(rulings_path(db)).exists()
    async with FakeDiscord(shard_count=2, default_guild=False) as fake:
        guilds = [fake.add_guild(f"Server {shard}", shard=(shard, 2)) for shard in (0, 1)]
        fake.user = fake.add_user("alice")
        for guild in guilds:
            guild.add_channel("general")
            guild.add_member(fake.user)
        env = {**os.environ, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base, "SHARD_COUNT": "2",
               "ARBITER_DB": str(db)}
        logs = [tmp_path / f"shard{i}.log" for i in (0, 1)]
        procs = []
        for shard, log in enumerate(logs):
            with log.open("wb") as out:
                procs.append(await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot.cli", "run", env={**env, "SHARD_IDS": str(shard)},
                    stdout=out, stderr=asyncio.subprocess.STDOUT))
        try:
            await fake.wait_ready(START_S)
            await fake.wait_for_requests("PUT", r"/applications/\d+/commands", count=2, timeout=START_S)
            assert not Path(rulings_path(db)).exists()  # nobody has answered yet: the file is still to be made
            zones = ("battle", "territory", "artifact-pile")
            payloads = [fake.interaction_payload("duration", {"card": card, "played_in": zone}, guild=guild)
                        for card in cards[:6] for zone in zones for guild in guilds]
            clis = [_cli(db, card, zone) for card in cards[6:9] for zone in zones[:2]]
            printed, _ = await asyncio.gather(asyncio.gather(*clis), fake.send_burst(payloads))
            deadline = time.monotonic() + 30
            while len(_shown_ids(fake)) < len(payloads) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
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
        shown = _shown_ids(fake)
    log_text = "\n".join(p.read_text(errors="replace")[-2000:] for p in logs)
    assert len(shown) == len(payloads), log_text
    printed_ids = [found for out in printed for found in CLI_ID.findall(out)]
    assert len(printed_ids) == len(clis)
    assert "damaged" not in log_text and "could not store" not in log_text, log_text
    missing = []
    for ruling_id in sorted(set(shown) | set(printed_ids)):
        code, out, err = await asyncio.to_thread(run, capsys, "ruling", ruling_id, "--db", str(db), "--json")
        if code != 0:
            missing.append((ruling_id, (out + err).strip()[:200]))
    assert not missing, f"{len(missing)} ids shown do not open: {missing[:3]}"
