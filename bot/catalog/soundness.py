"""Damaged or wrong files are refused before anything is written.

- `refuse_non_sqlite`: an empty file is refused by every command (SQLite would silently take it for a new
  database, and the starter set would be seeded into it); any other file that is not SQLite is refused by SQLite
  at the first read, before anything is written.
- `check_sound`: every write first runs `PRAGMA quick_check` inside its transaction (under the write lock, so
  what is checked is what is written into) and refuses with one sentence when the file is damaged. Its cost is
  measured by the freshness benchmark (a few ms on the full catalog; writes are moderators' and imports).
- `schema_missing`: whether opening needs to create anything, so a read command on a current database runs no
  schema script (which would take the write lock and wait behind any writer).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from bot.catalog.errors import UnreadableDatabase

_CREATED = re.compile(r"CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|TRIGGER|VIEW)\s+IF\s+NOT\s+EXISTS\s+\"?(\w+)",
                      re.IGNORECASE)
# What to do, per kind of file (the same sentence SQLite's own "not a database" gets, bot/catalog/storage.py).
FIXES = {"card database": "restore it from a backup, or move it aside so a fresh one is created from the starter "
                          "set, then import your cards again",
         "stored rulings file": "restore it from a backup, or move it aside so a fresh, empty one is created"}


def refuse_non_sqlite(path: Path | str, what: str) -> None:
    """UnreadableDatabase when `path` is an existing empty file (nothing is written). A missing file is not
    refused here (whether it may be created is the caller's decision); a non-empty file that is not SQLite is
    refused by SQLite itself at the first read (SQLITE_NOTADB, the same sentence through storage_error).

    Only the size is looked at, never the bytes: opening and closing the file in this process would drop the
    POSIX locks SQLite holds on it for this process's other connections (and they would read stale data)."""
    path = Path(path)
    try:
        empty = path.is_file() and path.stat().st_size == 0
    except OSError:
        return  # unreadable files get SQLite's own sentence when opened
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
