"""The stored rulings file and foreign files, through the real `arbiter` command, real processes and real SQLite
files in a temp folder:

- a write refuses before anything is written when the rulings file it counts afterwards is damaged or another
  program's (and a change that was made is reported done, with its undo id, never as failed);
- a question whose ruling cannot be stored (the rulings file locked by another process, damaged, read-only) is
  answered, saying it was not stored and why, with no ruling id (`ruling_id` null, `stored` false with --json);
- `arbiter run` and `arbiter serve` refuse a damaged rulings file at start (exit 1, one line), and a page whose
  stored data cannot be read is one log line and a plain error page;
- another program's SQLite file is refused by every command, nothing written into it;
- a read command leaves a rollback-journal database as it is (the switch to WAL is a write).
"""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp
import pytest

from bot.answers.service import Arbiter
from bot.catalog import Catalog
from bot.discord.runner import BotConfig, StorageError, build_bot
from bot.rulings.store import RulingStore
from bot.web.pages import Site
from bot.web.server import start
from tests.cli_helpers import run
from tests.engine.dominion.test_dominion_import import small_dir

ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096
ADINO = "Adino, the Eznite"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("USER", "tester")
    monkeypatch.delenv("ARBITER_DB", raising=False)
    path = tmp_path / "cards.db"
    Catalog.open(path).close()  # the starter set
    return path


def rulings_of(db: Path) -> Path:
    return db.with_name("cards.rulings.db")


def one_line(err: str) -> str:
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


def contents(db: Path) -> list[str]:
    """Everything the database holds, as SQL (what a write would change)."""
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def foreign(path: Path) -> None:
    """Another program's SQLite file (a browser's history, say)."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    conn.execute("INSERT INTO moz_places (url) VALUES ('https://example.org/')")
    conn.commit()
    conn.close()


def damage(path: Path, kind: str) -> None:
    for stale in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        stale.unlink(missing_ok=True)
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "random":
        path.write_bytes(random.Random(5).randbytes(5 * PAGE))
    else:
        foreign(path)


# --- writes: refused before anything is written -------------------------------------------------------------

WRITES = (("cards", "alias", "ado", ADINO), ("cards", "annotate", ADINO, "--rule", "D2", "--part", "*"),
          ("cards", "undo", "{undo}"), ("cards", "default", "Adino", "--set", "{set}"),
          ("dominion-import", "{dominion}"))


@pytest.mark.parametrize("kind", ["empty", "random", "foreign"])
def test_a_write_is_refused_before_anything_is_written_when_the_rulings_file_is_bad(db, tmp_path, capsys,
                                                                                     kind) -> None:
    code, out, _err = run(capsys, "--db", str(db), "--json", "cards", "alias", "first", ADINO)
    assert code == 0
    undo = str(json.loads(out)["audit_id"])
    with Catalog.open(db) as catalog:
        printing = catalog.printings("redemption", ADINO)[0].set
    rulings = rulings_of(db)
    damage(rulings, kind)
    bad = rulings.read_bytes()
    before = contents(db)
    dominion = small_dir(tmp_path)
    for argv in WRITES:
        argv = [a.format(undo=undo, set=printing, dominion=dominion) for a in argv]
        code, out, err = run(capsys, "--db", str(db), *argv)
        assert (code, out) == (1, ""), (argv, out, err)
        assert one_line(err).startswith(f"arbiter: The stored rulings file {rulings} "), (argv, err)
        assert "Undo" not in err
        code, out, err = run(capsys, "--db", str(db), "--json", *argv)
        assert (code, err) == (1, "")
        assert json.loads(out)["kind"] == "storage"
    assert contents(db) == before  # no alias, no annotation, no undo, no audit row, no imported card
    assert rulings.read_bytes() == bad


def test_a_write_to_a_new_database_beside_a_bad_rulings_file_creates_nothing(tmp_path, capsys) -> None:
    db = tmp_path / "new.db"
    rulings = tmp_path / "new.rulings.db"
    rulings.write_bytes(b"")
    code, _out, err = run(capsys, "--db", str(db), "cards", "alias", "ado", ADINO)
    assert code == 1 and one_line(err).startswith(f"arbiter: The stored rulings file {rulings} is damaged")
    assert not db.exists()


def _ruling_cards_leaves(path: Path) -> list[int]:
    """The leaf pages of `ruling_cards` in key order (dbstat's path), after a checkpoint."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = conn.execute("SELECT pageno FROM dbstat WHERE name = 'ruling_cards' AND pagetype = 'leaf' "
                            "ORDER BY path").fetchall()
    finally:
        conn.close()
    return [p for (p,) in rows]


def test_a_change_made_before_the_rulings_file_fails_is_reported_done_with_its_undo_id(db, capsys) -> None:
    """Damage the check before the write cannot see (a later page of the rulings index): the change is committed,
    so it is reported done, with its undo id, and the rulings problem as a warning."""
    code, out, err = run(capsys, "--db", str(db), "--json", "duration", "adino", "--played-in", "battle")
    assert code == 0, err
    rulings = rulings_of(db)
    conn = sqlite3.connect(rulings)
    with conn:  # index rows about other names that sort before Adino's, so Adino's rows are on a later page
        conn.executemany("INSERT INTO ruling_cards (game, name, ruling) VALUES ('redemption', ?, ?)",
                         [(f"Aa filler {i:04d}", f"R-{i:010d}") for i in range(600)])
    conn.close()
    leaves = _ruling_cards_leaves(rulings)
    assert len(leaves) > 3
    with rulings.open("r+b") as f:
        for page in leaves[1:]:  # the first leaf (what a check reads first) stays sound
            f.seek((page - 1) * PAGE)
            f.write(random.Random(page).randbytes(PAGE))
    code, out, err = run(capsys, "--db", str(db), "cards", "alias", "ado", ADINO)
    assert code == 0, err
    assert out.startswith("Alias “ado” now leads to Adino, the Eznite. Undo with: arbiter cards undo ")
    assert one_line(err).startswith("arbiter: warning: the change is made, but the stored rulings it may change "
                                    f"could not be counted: The stored rulings file {rulings} is damaged")
    code, out, err = run(capsys, "--db", str(db), "--json", "cards", "alias", "ado2", ADINO)
    data = json.loads(out)
    assert (code, err, data["changed_rulings"]) == (0, "", None)
    assert data["audit_id"] and data["rulings_problem"].startswith(f"The stored rulings file {rulings} is damaged")
    with Catalog.open(db) as catalog:
        assert [e.action for e in catalog.history(limit=2)] == ["add_alias", "add_alias"]


# --- questions: no ruling id that was not kept ------------------------------------------------------------------

QUESTIONS = (("duration", "adino", "--played-in", "territory"), ("dominion", "Village"))


class Locker:
    """Another process in the middle of a write to a SQLite file (it holds BEGIN IMMEDIATE until released)."""

    def __init__(self, path: Path) -> None:
        code = ("import sqlite3, sys\n"
                f"conn = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
                "conn.execute('BEGIN IMMEDIATE')\n"
                "print('locked', flush=True)\n"
                "sys.stdin.readline()\n"
                "conn.rollback()\n")
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "locked"

    def release(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.close()
        self.proc.wait(30)


def not_stored(out: str) -> str:
    """The answer's last line when its ruling was not stored (and that no ruling id was printed)."""
    assert "Ruling id:" not in out and "Traceback" not in out
    last = out.rstrip("\n").split("\n")[-1]
    assert last.startswith("Not stored: ") and last.endswith(" This answer has no ruling id; asking again once that "
                                                             "is fixed gives the same answer and stores it."), out
    return last


def test_a_question_whose_ruling_cannot_be_stored_is_answered_saying_so(db, capsys, monkeypatch) -> None:
    run(capsys, "--db", str(db), "duration", "adino", "--played-in", "battle")  # the rulings file exists
    rulings = rulings_of(db)
    monkeypatch.setenv("ARBITER_BUSY_TIMEOUT", "0.5")
    locker = Locker(rulings)
    try:
        for argv in QUESTIONS:
            code, out, err = run(capsys, "--db", str(db), *argv)
            assert (code, err) == (0, ""), (argv, err)
            assert not_stored(out).startswith(f"Not stored: The stored rulings file {rulings} is locked by another "
                                              "program: wait for the other arbiter command or the bot to finish its "
                                              "write and run the command again."), out
            code, out, err = run(capsys, "--db", str(db), "--json", *argv)
            assert (code, err) == (0, "")
            data = json.loads(out)
            assert (data["ruling_id"], data["stored"]) == (None, False) and data["summary"]
            assert data["not_stored"].startswith(f"The stored rulings file {rulings} is locked by another program")
    finally:
        locker.release()
    for argv in QUESTIONS:  # once the lock is gone: the answer, and its id opens
        code, out, err = run(capsys, "--db", str(db), "--json", *argv)
        assert code == 0 and json.loads(out)["stored"] is True, err
        ruling_id = json.loads(out)["ruling_id"]
        assert run(capsys, "--db", str(db), "ruling", ruling_id)[0] == 0


@pytest.mark.parametrize("kind", ["empty", "random", "foreign"])
def test_a_question_beside_a_bad_rulings_file_is_answered_saying_it_was_not_stored(db, capsys, kind) -> None:
    rulings = rulings_of(db)
    damage(rulings, kind)
    bad = rulings.read_bytes()
    for argv in QUESTIONS:
        code, out, err = run(capsys, "--db", str(db), *argv)
        assert (code, err) == (0, ""), (argv, err)
        assert not_stored(out).startswith(f"Not stored: The stored rulings file {rulings} "), out
    assert rulings.read_bytes() == bad


# --- arbiter run and arbiter serve --------------------------------------------------------------------------------

def _arbiter(tmp_path: Path, *argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10", **env}
    for key in ("SHARD_COUNT", "SHARD_IDS", "ARBITER_DB"):
        full.pop(key, None)
    return subprocess.run([sys.executable, "-m", "bot.cli", *argv], capture_output=True, text=True, env=full,
                          timeout=60, cwd=str(tmp_path), check=False)


@pytest.mark.parametrize("kind", ["empty", "random"])
def test_run_and_serve_refuse_a_bad_rulings_file_at_start(db, tmp_path, kind) -> None:
    rulings = rulings_of(db)
    damage(rulings, kind)
    for argv in (("run",), ("serve", "--port", "0")):
        proc = _arbiter(tmp_path, "--db", str(db), *argv, DISCORD_TOKEN="not-used")
        assert (proc.returncode, proc.stdout) == (1, ""), proc.stderr
        assert one_line(proc.stderr).startswith(f"arbiter: The stored rulings file {rulings} is damaged ("), argv
        proc = _arbiter(tmp_path, "--db", str(db), "--json", *argv, DISCORD_TOKEN="not-used")
        assert (proc.returncode, proc.stderr) == (1, "")
        assert json.loads(proc.stdout)["kind"] == "storage"
    with pytest.raises(StorageError, match="stored rulings file"):
        build_bot(BotConfig(token="t", db=db))


async def test_a_page_whose_stored_rulings_cannot_be_read_is_one_log_line_and_a_plain_page(db, caplog) -> None:
    rulings = rulings_of(db)
    rulings.write_bytes(b"")  # emptied while the pages run (they open the file on first use)
    arbiter = Arbiter.open(db)
    arbiter.warm()
    site = Site(arbiter, RulingStore(str(rulings)))
    runner, address = await start(site, "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            with caplog.at_level(logging.ERROR, logger="arbiter.web"):
                for path in ("r/R-0000000000", "r/R-0000000000.json"):
                    async with session.get(address + path) as response:
                        status, text = response.status, await response.text()
                    assert status == 503
                    assert "stored data cannot be read" in text and "Traceback" not in text
                    assert str(rulings) not in text  # the server's paths stay in its log
    finally:
        await runner.cleanup()
        site.store.close()
    records = [r for r in caplog.records if r.name == "arbiter.web"]
    assert len(records) == 2 and all(r.exc_info is None for r in records)
    assert all("stored rulings file" in r.getMessage() for r in records)


# --- another program's file -------------------------------------------------------------------------------------

READS_AND_WRITES = (("card", "adino"), ("duration", "adino", "--played-in", "battle"), ("ruling", "R-0000000000"),
                    ("cards", "alias", "ado", ADINO), ("cards", "history"), ("cards", "coverage"),
                    ("dominion", "Village"))


def test_another_programs_sqlite_file_is_refused_by_every_command(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("USER", "tester")
    path = tmp_path / "places.sqlite"
    foreign(path)
    before = path.read_bytes()
    for argv in READS_AND_WRITES:
        code, out, err = run(capsys, "--db", str(path), *argv)
        assert (code, out) == (1, ""), argv
        assert one_line(err) == (f"arbiter: The card database {path} is another program's SQLite database (it has "
                                 "none of Arbiter's tables, only moz_places); nothing was written to it: point --db "
                                 "/ ARBITER_DB at Arbiter's card database, or at a new file."), err
        assert path.read_bytes() == before
    with pytest.raises(StorageError, match="another program's SQLite database"):
        build_bot(BotConfig(token="t", db=path))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["places.sqlite"]  # no rulings file, no WAL


def test_a_file_marked_as_another_programs_is_refused_and_old_unmarked_files_keep_working(db, capsys) -> None:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA application_id").fetchone()[0] != 0  # new files are marked as Arbiter's
    conn.execute("PRAGMA application_id = 0")  # as a file made before the mark
    conn.commit()
    conn.close()
    assert run(capsys, "--db", str(db), "card", "adino")[0] == 0
    assert run(capsys, "--db", str(db), "cards", "alias", "ado", ADINO)[0] == 0
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA application_id = 1234")  # Arbiter's tables, but another program's mark
    conn.commit()
    conn.close()
    code, _out, err = run(capsys, "--db", str(db), "card", "adino")
    assert code == 1 and "(it is marked as another program's (application id 1234))" in one_line(err)


# --- a read writes nothing ------------------------------------------------------------------------------------------

def test_a_read_leaves_a_rollback_journal_database_as_it_is_and_a_write_switches_it_to_wal(db, tmp_path,
                                                                                             capsys) -> None:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
    conn.close()
    before = db.read_bytes()
    for argv in (("card", "adino"), ("cards", "history"), ("duration", "adino", "--played-in", "battle")):
        assert run(capsys, "--db", str(db), *argv)[0] == 0
    assert db.read_bytes() == before
    assert run(capsys, "--db", str(db), "cards", "alias", "ado", ADINO)[0] == 0
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    other = tmp_path / "bot.db"
    Catalog.open(other).close()
    conn = sqlite3.connect(other)
    assert conn.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
    conn.close()
    build_bot(BotConfig(token="t", db=other))  # the bot switches at start: it reads beside other processes' writes
    conn = sqlite3.connect(other)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_read_only_rulings_file_answers_saying_not_stored(db, capsys) -> None:
    """File permissions, as a user they apply to (root may write anyway): the card database writable, the rulings
    file beside it read-only."""
    from tests.privileges import unprivileged_arbiter

    command, env = unprivileged_arbiter()
    place = Path(tempfile.mkdtemp(prefix="arbiter-ro-rulings-"))  # outside pytest's root-only tmp folder
    try:
        place.chmod(0o777)
        shutil.copy(db, place / "cards.db")
        (place / "cards.db").chmod(0o666)
        assert run(capsys, "--db", str(place / "cards.db"), "duration", "adino", "--played-in", "battle")[0] == 0
        rulings = place / "cards.rulings.db"
        for path in place.iterdir():
            path.chmod(0o444 if path.name.startswith("cards.rulings.db") else 0o666)
        for argv in QUESTIONS:
            done = subprocess.run([*command, "--db", str(place / "cards.db"), *argv], capture_output=True, text=True,
                                  timeout=120, cwd=place, env=env, check=False)
            assert (done.returncode, done.stderr) == (0, ""), (done.stdout, done.stderr)
            assert not_stored(done.stdout).startswith(f"Not stored: The stored rulings file {rulings} is read-only: ")
    finally:
        for path in (place, *place.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(place)
