"""Damaged or wrong data is refused before anything is written (bot/catalog/soundness.py), through the real
command line and the real bot on the fake Discord: an empty or non-SQLite file is refused by every command and
by `arbiter run`; a database whose pages were overwritten refuses every write in one sentence, on the command
line and from Discord; a read command never waits on another process's write lock; a damaged rulings file is
named as the rulings file, never as the card database."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pytest

from bot.catalog import Catalog
from bot.discord.runner import BotConfig, ConfigError, build_bot
from tests.bot_harness import arbiter_on_fake
from tests.cli_helpers import run

COMMANDS = (("card", "adino"), ("duration", "adino", "--played-in", "battle"), ("ruling", "R-0000000000"),
            ("cards", "alias", "ado", "Adino, the Eznite"), ("cards", "history"), ("cards", "coverage"),
            ("dominion", "Voyage"))
PAGE = 4096


@pytest.fixture(autouse=True)
def _user(monkeypatch) -> None:
    monkeypatch.setenv("USER", "tester")
    monkeypatch.delenv("ARBITER_DB", raising=False)


def _one_line(text: str) -> str:
    assert text.count("\n") <= 1 and "Traceback" not in text, text
    return text.strip()


@pytest.mark.parametrize("content", [b"", b"my notes, not a database\n" * 50], ids=["empty", "text"])
def test_a_file_that_is_not_sqlite_is_refused_by_every_command(tmp_path, capsys, content) -> None:
    db = tmp_path / "cards.db"
    db.write_bytes(content)
    for argv in COMMANDS:
        code, _out, err = run(capsys, "--db", str(db), *argv)
        assert code != 0, argv
        assert _one_line(err).startswith(f"arbiter: The card database {db} is damaged ("), (argv, err)
        assert db.read_bytes() == content  # never seeded, never written
    with pytest.raises(ConfigError, match="is damaged"):
        build_bot(BotConfig(token="x", db=db))
    assert db.read_bytes() == content
    assert not (tmp_path / "cards.rulings.db").exists()


def _damage(db: Path, seed: int) -> None:
    """Overwrite a few random leaf pages of the audit log with random bytes: the file stays an SQLite file whose
    schema and cards read fine, so only the write's own soundness check can find the damage (the newest audit
    pages are spared: every process reads the newest audit id)."""
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        leaves = [p for (p,) in conn.execute("SELECT pageno FROM dbstat WHERE name = 'audit' AND pagetype = 'leaf' "
                                             "ORDER BY pageno")]
    conn.close()
    rng = random.Random(seed)
    with db.open("r+b") as f:
        for page in rng.sample(leaves[:-3], min(4, len(leaves) - 3)):
            f.seek((page - 1) * PAGE)  # dbstat numbers pages from 1
            f.write(rng.randbytes(PAGE))


def _big_catalog(db: Path) -> None:
    with Catalog.open(db) as catalog:  # starter set plus enough cards for many pages
        for i in range(400):
            catalog.add_alias("redemption", f"nick {i:03d} " + "x" * 40, "Adino, the Eznite", None, "test")


def test_a_damaged_database_refuses_writes_in_one_sentence(tmp_path, capsys) -> None:
    db = tmp_path / "cards.db"
    _big_catalog(db)
    _damage(db, seed=7)
    before = db.read_bytes()
    code, _out, err = run(capsys, "--db", str(db), "cards", "alias", "strk", "Stricken")
    assert code == 1
    # SQLite's own refusal when a page opening needs is hit, else the check before the write: one sentence
    assert _one_line(err).startswith(f"arbiter: The card database {db} is damaged ("), err
    assert db.read_bytes() == before


async def test_a_damaged_database_refuses_a_moderators_write_from_discord(tmp_path) -> None:
    db = tmp_path / "cards.db"
    _big_catalog(db)
    async with arbiter_on_fake(db) as (fake, _bot):
        _damage(db, seed=11)
        sent = await fake.send_command("carddb alias", {"card": "Stricken", "alias": "strk"},
                                       user=fake.moderator)
        await sent.callback()
        reply = await sent.followup()  # /carddb thinks first (a write may wait on the lock)
        assert reply["flags"] & 64, reply
        assert reply["content"] == ("The card database is damaged; the bot's operator has to fix it. "
                                           "Nothing was changed.")


def test_a_read_command_does_not_wait_for_a_writer(tmp_path, capsys, monkeypatch) -> None:
    db = tmp_path / "cards.db"
    Catalog.open(db).close()
    run(capsys, "--db", str(db), "duration", "adino", "--played-in", "battle")  # the rulings file exists too
    monkeypatch.setenv("ARBITER_BUSY_TIMEOUT", "2")
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another process in the middle of a write
    try:
        for argv in (("card", "adino"), ("cards", "history"), ("duration", "adino", "--played-in", "battle")):
            started = time.monotonic()
            code, _out, err = run(capsys, "--db", str(db), *argv)
            assert code == 0, (argv, err)
            assert time.monotonic() - started < 1.5, argv  # did not sit out the 2 s busy timeout
        code, _out, err = run(capsys, "--db", str(db), "cards", "alias", "strk", "Stricken")
        assert code == 1 and "is locked by another program" in err  # a write does wait, and says so
    finally:
        writer.rollback()
        writer.close()


@pytest.mark.parametrize(("content", "kind"), [(b"", "an empty file, 0 bytes"),
                                               (b"not rulings\n" * 99, "not a readable SQLite stored rulings file")],
                         ids=["empty", "text"])
def test_a_damaged_rulings_file_is_named_as_the_rulings_file(tmp_path, capsys, content, kind) -> None:
    db = tmp_path / "cards.db"
    Catalog.open(db).close()
    rulings = tmp_path / "cards.rulings.db"
    rulings.write_bytes(content)
    code, _out, err = run(capsys, "--db", str(db), "ruling", "R-0000000000")
    assert code == 1
    assert _one_line(err) == (f"arbiter: The stored rulings file {rulings} is damaged ({kind}): "
                              "restore it from a backup, or move it aside so a fresh, empty one is created.")
    assert "card database" not in err
    assert rulings.read_bytes() == content
