"""Storage failures through the real `arbiter` command: a damaged, read-only, locked or full database is one
sentence naming the file and what to do, exit 1, never a traceback (and with --json, one JSON object).

SQLite itself produces every error here: a file of garbage, a valid file with damaged pages, a second
connection holding the write lock, `PRAGMA max_page_count` as a full disk, and a read-only open (`mode=ro`, or
file permissions when the tests do not run as root, who may write anyway)."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import bot.catalog.db as catalog_db
from bot.catalog import Catalog
from tests.catalog_fixtures import lackey_row, lackey_text
from tests.cli_helpers import run
from tests.privileges import unprivileged_arbiter

ROOT = Path(__file__).resolve().parents[2]
REAL_CONNECT = sqlite3.connect


def one_line(err: str) -> str:
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("USER", "tester")
    monkeypatch.delenv("ARBITER_DB", raising=False)
    path = tmp_path / "cards.db"
    Catalog.open(path).close()  # a good catalog with the starter set
    return path


DAMAGED = "is damaged (not a readable SQLite card database): restore it from a backup, or move it aside so a fresh " \
          "one is created from the starter set, then import your cards again."


def test_a_file_that_is_not_a_database(tmp_path, capsys):
    path = tmp_path / "cards.db"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    code, out, err = run(capsys, "--db", str(path), "duration", "adino", "--played-in", "battle")
    assert (code, out) == (1, "")
    assert one_line(err) == f"arbiter: The card database {path} {DAMAGED}"
    code, out, err = run(capsys, "--db", str(path), "card", "adino", "--json")
    assert (code, err) == (1, "")
    assert json.loads(out) == {"error": f"The card database {path} {DAMAGED}", "kind": "storage", "exit": 1}
    assert path.read_bytes().startswith(b"these are my notes")  # left as it was


def test_a_database_with_damaged_pages(db, capsys):
    with REAL_CONNECT(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    assert pages > 8
    with db.open("r+b") as f:  # keep the header page, overwrite the tables' pages
        f.seek(page_size * 2)
        f.write(b"\xff" * page_size * (pages - 3))
    for argv in (["cards", "history"], ["card", "adino"], ["cards", "alias", "ezzy", "adino"]):
        code, out, err = run(capsys, "--db", str(db), *argv)
        assert (code, out) == (1, ""), argv
        assert one_line(err) == f"arbiter: The card database {db} {DAMAGED}", argv


def test_a_locked_database(db, capsys, monkeypatch):
    monkeypatch.setattr(catalog_db, "BUSY_TIMEOUT_S", 0.1)  # the real wait is 10 s
    holder = REAL_CONNECT(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program in the middle of a write
    try:
        before = holder.execute("SELECT count(*) FROM aliases").fetchone()
        code, out, err = run(capsys, "--db", str(db), "cards", "alias", "ezzy", "adino the eznite")
        assert (code, out) == (1, "")
        assert one_line(err) == (f"arbiter: The card database {db} is locked by another program: wait for the other "
                                 "arbiter command or the bot to finish its write and run the command again.")
        code, out, err = run(capsys, "--db", str(db), "--json", "cards", "alias", "ezzy", "adino the eznite")
        assert (code, err, json.loads(out)["kind"]) == (1, "", "storage")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with REAL_CONNECT(db) as check:
        assert check.execute("SELECT count(*) FROM aliases").fetchone() == before
    check.close()


def test_a_full_disk(db, capsys, monkeypatch, tmp_path):
    def no_room_to_grow(*args, **kwargs):
        conn = REAL_CONNECT(*args, **kwargs)
        conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
        return conn

    lackey = tmp_path / "carddata.txt"
    lackey.write_text(lackey_text(*(lackey_row(f"Hero Number {i}", text="x" * 200) for i in range(2000))),
                      encoding="utf-8")
    before = Catalog.open(db).count()
    monkeypatch.setattr(sqlite3, "connect", no_room_to_grow)
    code, out, err = run(capsys, "--db", str(db), "cards", "import", str(lackey))
    assert (code, out) == (1, "")
    assert one_line(err) == (f"arbiter: The card database {db} is full (the disk or the database's size limit): "
                             "free some disk space and run the command again; nothing was changed.")
    monkeypatch.setattr(sqlite3, "connect", REAL_CONNECT)
    assert Catalog.open(db).count() == before  # the import rolled back as a whole


READ_ONLY = "is read-only: make the file and its folder writable for this user, or point --db / ARBITER_DB at a " \
            "writable copy."


def test_a_read_only_database_still_answers_but_refuses_writes(db, capsys, monkeypatch):
    # The card database only: a question whose ruling cannot be stored prints no ruling id (test_storage_safety.py)
    monkeypatch.setattr(sqlite3, "connect", lambda path, **kw: REAL_CONNECT(f"file:{path}?mode=ro", uri=True, **kw)
                        if str(path) == str(db) else REAL_CONNECT(path, **kw))
    code, out, err = run(capsys, "--db", str(db), "duration", "adino", "--played-in", "battle", "--json")
    assert code == 0, err
    assert json.loads(out)["card"]["name"] == "Adino, the Eznite"
    code, out, err = run(capsys, "--db", str(db), "cards", "alias", "ezzy", "adino the eznite")
    assert (code, out) == (1, "")
    assert one_line(err) == f"arbiter: The card database {db} {READ_ONLY}"


def test_read_only_file_and_folder_by_file_permissions(db):
    command, env = unprivileged_arbiter()
    place = Path(tempfile.mkdtemp(prefix="arbiter-ro-"))  # outside pytest's root-only tmp folder
    try:
        place.chmod(0o755)
        read_only_file = place / "ro.db"
        shutil.copy(db, read_only_file)
        read_only_file.chmod(0o444)
        folder = place / "folder"
        folder.mkdir()
        shutil.copy(db, folder / "cards.db")
        (folder / "cards.db").chmod(0o666)
        folder.chmod(0o555)  # the file is writable, its folder is not (SQLite needs it for the WAL files)
        for path, argv in ((read_only_file, ["cards", "alias", "ezzy", "adino the eznite"]),
                           (read_only_file, ["card", "adino"]),
                           (folder / "cards.db", ["cards", "alias", "ezzy", "adino the eznite"])):
            done = subprocess.run([*command, "--db", str(path), *argv], capture_output=True, text=True, timeout=120,
                                  cwd=place, env=env, check=False)
            assert (done.returncode, done.stdout) == (1, ""), done.stderr
            assert done.stderr == f"arbiter: The card database {path} {READ_ONLY}\n"
        done = subprocess.run([*command, "--db", str(folder / "new.db"), "cards", "alias", "ezzy", "adino"],
                              capture_output=True,
                              text=True, timeout=120, cwd=place, env=env, check=False)
        assert (done.returncode, done.stdout) == (1, "")
        assert done.stderr == (f"arbiter: The card database {folder / 'new.db'} cannot be opened: check that its "
                               "folder exists and that this user may read and write there.\n")
    finally:
        for path in (place, *place.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(place)


def test_a_missing_folder_that_cannot_be_created(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    path = blocker / "cards.db"  # its "folder" is a file
    code, out, err = run(capsys, "--db", str(path), "card", "adino")
    assert (code, out) == (1, "")
    line = one_line(err)
    assert line.startswith(f"arbiter: The card database {path} ") and line.endswith(".")


def test_a_subprocess_sees_the_same_one_line(tmp_path):
    """The installed entry point, not only main(): `python -m bot.cli` on a damaged file."""
    path = tmp_path / "cards.db"
    path.write_bytes(b"\x00garbage" * 500)
    done = subprocess.run([sys.executable, "-m", "bot.cli", "--db", str(path), "cards", "history"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"arbiter: The card database {path} {DAMAGED}\n"


async def test_the_bot_says_it_in_one_sentence_without_the_path(tmp_path, caplog):
    from tests.bot_harness import arbiter_on_fake

    db = tmp_path / "cards.db"
    async with arbiter_on_fake(db) as (fake, bot):
        bot.arbiter.catalog.db.conn.execute("PRAGMA query_only = ON")  # SQLite now refuses every write
        sent = await fake.send_command("carddb alias", {"alias": "ezzy", "card": "adino the eznite"},
                                       user=fake.moderator)
        await sent.callback()
        reply = (await sent.followup())["content"]
    assert reply == "The card database is read-only; the bot's operator has to fix it. Nothing was changed."
    assert str(db) not in reply
    logged = [r for r in caplog.records if r.name == "arbiter.bot" and str(db) in r.getMessage()]
    assert logged and logged[0].exc_info is None  # the operator's log names the file, without a traceback


@pytest.mark.parametrize(("error", "what"), [
    (OSError(28, "No space left on device"), "is full (the disk or the database's size limit)"),
    (OSError(30, "Read-only file system"), "is read-only"),
    (PermissionError(13, "Permission denied"), "is not accessible to this user"),
    (sqlite3.OperationalError("disk I/O error"), "could not be read or written (a disk I/O error)"),
])
def test_file_system_errors_in_words(error, what):
    """The same sentences for the errors the folder itself raises before SQLite opens anything."""
    from bot.catalog.storage import describe_failure

    assert describe_failure(error)[0] == what
