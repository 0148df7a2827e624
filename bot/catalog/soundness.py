"""Damaged or wrong files are refused before anything is written.

- `refuse_non_sqlite`: a file that exists but is not an SQLite database (an empty file included: SQLite would
  silently take it for a new database, and the starter set would be seeded into it) is refused by every command.
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

SQLITE_HEADER = b"SQLite format 3\x00"
_CREATED = re.compile(r"CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|TRIGGER|VIEW)\s+IF\s+NOT\s+EXISTS\s+\"?(\w+)",
                      re.IGNORECASE)
# What to do, per kind of file (the same sentence SQLite's own "not a database" gets, bot/catalog/storage.py).
FIXES = {"card database": "restore it from a backup, or move it aside so a fresh one is created from the starter "
                          "set, then import your cards again",
         "stored rulings file": "restore it from a backup, or move it aside so a fresh, empty one is created"}


def refuse_non_sqlite(path: Path | str, what: str) -> None:
    """UnreadableDatabase when `path` is an existing file that is not an SQLite database (nothing is written).
    A missing file is not refused here: whether it may be created is the caller's decision."""
    path = Path(path)
    try:
        if not path.is_file():
            return
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError:
        return  # unreadable files get SQLite's own sentence when opened
    if head != SQLITE_HEADER:
        kind = "an empty file, 0 bytes" if not head else f"not a readable SQLite {what}"
        raise UnreadableDatabase(f"The {what} {path} is damaged ({kind}): {FIXES[what]}.",
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
