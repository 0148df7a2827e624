"""Storage failures in one sentence: what went wrong with which file, and what to do about it.

SQLite reports a full disk, a read-only file, a lock held by another program or a damaged file as
`sqlite3.OperationalError` / `DatabaseError` (and the folder as `OSError`); a front end should never show
those as a traceback. `storage_error` turns one into an `UnreadableDatabase` whose message names the file
and the fix, and whose `public` text leaves the server's path out (for Discord).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.catalog.errors import UnreadableDatabase

# (SQLite error names (prefixes), message fragments, what happened, what to do). First match wins. The names
# come from Python 3.11's `sqlite_errorname`; the fragments cover OSError texts and older messages.
_KINDS: tuple[tuple[tuple[str, ...], tuple[str, ...], str, str], ...] = (
    (("SQLITE_FULL",), ("database or disk is full", "no space left"), "is full (the disk or the database's size "
     "limit)", "free some disk space and run the command again; nothing was changed"),
    (("SQLITE_READONLY",), ("readonly database", "read-only"), "is read-only",
     "make the file and its folder writable for this user, or point --db / ARBITER_DB at a writable copy"),
    (("SQLITE_BUSY", "SQLITE_LOCKED"), ("database is locked", "table is locked"), "is locked by another program",
     "wait for the other arbiter command or the bot to finish its write and run the command again"),
    (("SQLITE_NOTADB", "SQLITE_CORRUPT"), ("not a database", "malformed"), "is damaged (not a readable SQLite "
     "card database)", "restore it from a backup, or move it aside so a fresh one is created from the starter "
     "set, then import your cards again"),
    (("SQLITE_CANTOPEN",), ("unable to open database",), "cannot be opened",
     "check that its folder exists and that this user may read and write there"),
    (("SQLITE_IOERR",), ("disk i/o error",), "could not be read or written (a disk I/O error)",
     "check the disk and the file system holding it, then run the command again"),
)


def describe_failure(error: BaseException) -> tuple[str, str]:
    """(what happened, what to do) for a SQLite or file-system error."""
    name = str(getattr(error, "sqlite_errorname", "") or "")
    text = str(error)
    for names, fragments, what, fix in _KINDS:
        if name.startswith(names) or any(f in text.lower() for f in fragments):
            return what, fix
    if isinstance(error, PermissionError):
        return "is not accessible to this user", "give this user read and write access to the file and its folder"
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a file", "point --db / ARBITER_DB at a file"
    reason = " ".join(text.split()).rstrip(".") or type(error).__name__
    return f"failed ({reason})", "check the file and run the command again"


def storage_error(error: BaseException, path: str | Path, kind: str = "card database") -> UnreadableDatabase:
    """`kind` names the file: "card database", or "stored rulings file" (cards.rulings.db beside it)."""
    what, fix = describe_failure(error)
    if kind != "card database":
        what = what.replace("SQLite card database", f"SQLite {kind}")
        fix = fix.replace("so a fresh one is created from the starter set, then import your cards again",
                          "so a fresh, empty one is created")
    return UnreadableDatabase(f"The {kind} {path} {what}: {fix}.",
                              f"The {kind} {what}; the bot's operator has to fix it. Nothing was changed.")


def is_storage_failure(error: BaseException) -> bool:
    """SQLite errors about the file itself; programming errors (bad SQL, constraint bugs) keep their traceback."""
    return type(error) in (sqlite3.OperationalError, sqlite3.DatabaseError) and not _is_sql_bug(error)


def _is_sql_bug(error: BaseException) -> bool:
    text = str(error)
    return text.startswith(("no such table", "no such column", "near ", "table ")) and "locked" not in text


@contextmanager
def storage_failures(path: str | Path, kind: str = "card database") -> Iterator[None]:
    """Re-raise a storage failure inside the block as one UnreadableDatabase sentence naming the file."""
    try:
        yield
    except (sqlite3.OperationalError, sqlite3.DatabaseError) as exc:
        if not is_storage_failure(exc):
            raise
        raise storage_error(exc, path, kind) from exc
