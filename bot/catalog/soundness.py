"""Damaged or wrong files are refused before anything is written.

- `refuse_non_sqlite`: an empty file is refused by every command (SQLite would silently take it for a new
  database, and the starter set would be seeded into it); any other file that is not SQLite is refused by SQLite
  at the first read, before anything is written.
- `check_sound`: every write first runs `PRAGMA quick_check` inside its transaction (under the write lock, so
  what is checked is what is written into) and refuses with one sentence when the file is damaged. Its cost is
  measured by the freshness benchmark (a few ms on the full catalog; writes are moderators' and imports).
- `schema_missing`: whether opening needs to create anything, so a read command on a current database runs no
  schema script (which would take the write lock and wait behind any writer).
- `refuse_foreign`: another program's SQLite file (a non-empty database with none of Arbiter's tables, or one
  marked with another `PRAGMA application_id`) is refused before anything is written into it. New files are marked
  with Arbiter's application id (`mark_new`); older files without one keep working.
- `use_wal`: the switch to WAL is a write, so it is made only when writing (or creating), never by a read.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

from bot.catalog.errors import UnreadableDatabase

_CREATED = re.compile(r"CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|TRIGGER|VIEW)\s+IF\s+NOT\s+EXISTS\s+\"?(\w+)",
                      re.IGNORECASE)
_TABLE = re.compile(r"CREATE\s+TABLE\s+IF\s+NOT\s+EXISTS\s+\"?(\w+)", re.IGNORECASE)
# `PRAGMA application_id` of the files Arbiter creates ("ArbC" and "ArbR" in ASCII); 0 is a file made before.
APPLICATION_IDS = {"card database": 0x41726243, "stored rulings file": 0x41726252}
# What to do, per kind of file (the same sentence SQLite's own "not a database" gets, bot/catalog/storage.py).
FIXES = {"card database": "restore it from a backup, or move it aside so a fresh one is created from the starter "
                          "set, then import your cards again",
         "stored rulings file": "restore it from a backup, or move it aside so a fresh, empty one is created"}


def refuse_non_sqlite(path: Path | str, what: str, grace_s: float = 0.0) -> None:
    """UnreadableDatabase when `path` is an existing empty file (nothing is written). A missing file is not
    refused here (whether it may be created is the caller's decision); a non-empty file that is not SQLite is
    refused by SQLite itself at the first read (SQLITE_NOTADB, the same sentence through storage_error).

    Only the size is looked at, never the bytes: opening and closing the file in this process would drop the
    POSIX locks SQLite holds on it for this process's other connections (and they would read stale data).
    `grace_s`: how long an empty file may take to fill (another process may be creating it) before it is refused."""
    path = Path(path)
    deadline = time.monotonic() + grace_s
    while True:
        try:
            empty = path.is_file() and path.stat().st_size == 0
        except OSError:
            return  # unreadable files get SQLite's own sentence when opened
        if not empty or time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    if empty:
        raise UnreadableDatabase(f"The {what} {path} is damaged (an empty file, 0 bytes): {FIXES[what]}.",
                                 f"The {what} is damaged; the bot's operator has to fix it. Nothing was changed.")


def check_sound(conn: sqlite3.Connection, path: Path | str, what: str) -> None:
    """Inside a write transaction: UnreadableDatabase, one sentence, when the file fails SQLite's quick check."""
    try:
        rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    except sqlite3.DatabaseError as exc:
        problem = str(exc)
    else:
        problem = "" if rows == [("ok",)] else "; ".join(str(r[0]) for r in rows)
    if problem:
        raise UnreadableDatabase(
            f"The {what} {path} is damaged (SQLite's check: {' '.join(problem.split())[:160]}); nothing was "
            f"changed: {FIXES[what]}.",
            f"The {what} is damaged; the bot's operator has to fix it. Nothing was changed.")


def schema_missing(conn: sqlite3.Connection, schema: str) -> bool:
    """True when a table, index or trigger the schema script creates is not in the database yet."""
    wanted = {name.lower() for name in _CREATED.findall(schema)}
    have = {row[0].lower() for row in conn.execute("SELECT name FROM sqlite_master")}
    return not wanted <= have


def _tables(conn: sqlite3.Connection) -> list[str]:
    return [str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                            "'sqlite!_%' ESCAPE '!' ORDER BY name")]


def refuse_foreign(conn: sqlite3.Connection, path: Path | str, what: str, schema: str) -> bool:
    """Before anything is written: UnreadableDatabase, one sentence naming the file, when it is another program's
    SQLite database. Returns True when the database is new (no tables yet), so the caller marks it (mark_new)."""
    app_id = int(conn.execute("PRAGMA application_id").fetchall()[0][0])
    tables = _tables(conn)
    ours = {name.lower() for name in _TABLE.findall(schema)}
    if app_id in (0, APPLICATION_IDS[what]) and (not tables or ours & {t.lower() for t in tables}):
        return not tables
    shown = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
    why = (f"it has none of Arbiter's tables, only {shown}" if app_id in (0, APPLICATION_IDS[what])
           else f"it is marked as another program's (application id {app_id})")
    fix = ("point --db / ARBITER_DB at Arbiter's card database, or at a new file" if what == "card database"
           else "move it aside so a fresh, empty one is created beside the card database")
    raise UnreadableDatabase(
        f"The {what} {path} is another program's SQLite database ({why}); nothing was written to it: {fix}.",
        f"The {what} is another program's file; the bot's operator has to fix it. Nothing was changed.")


def mark_new(conn: sqlite3.Connection, what: str) -> None:
    """Mark a file Arbiter has just created as its own (`PRAGMA application_id`)."""
    conn.execute(f"PRAGMA application_id = {APPLICATION_IDS[what]}")


def use_wal(conn: sqlite3.Connection) -> None:
    """Switch to WAL (readers never wait for a writer) if the file is not in it yet: called before a write only,
    since the switch itself writes the file's header."""
    if conn.execute("PRAGMA journal_mode").fetchall()[0][0].lower() != "wal":
        conn.execute("PRAGMA journal_mode=WAL").fetchall()
