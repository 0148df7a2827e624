"""The `rulings` and `ruling_cards` tables (data/rulings.sql): idempotent batch upserts and the reads that open a
ruling or find the rulings about a card.

They live in a file of their own beside the card database (cards.db -> cards.rulings.db, WAL, busy timeout), so
storing a ruling is never taken for a catalog change by the bots that watch the card database, and the writer
never waits on the catalog's lock. The file is opened (and created) on first use: a command that answers
nothing never touches it. An in-memory catalog gets an in-memory store.

Several processes (shards, the command line) may start on a missing file at once. It is created whole: built
under a name of its own beside it, then linked into place only if no other process got there first, so no process
ever finds it at 0 bytes half-made and takes it for a damaged file. (A 0-byte file left by anything else is still
given a moment to fill before it is called damaged.)
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.catalog import Catalog
from bot.catalog.db import busy_timeout
from bot.catalog.paths import read_data_text
from bot.catalog.soundness import mark_new, refuse_foreign, refuse_non_sqlite, schema_missing, use_wal
from bot.catalog.storage import storage_error, storage_failures
from bot.rulings.record import Basis, RulingRecord

KIND = "stored rulings file"  # how messages name this file (never "the card database")
_COLUMNS = ("id", "game", "command", "inputs", "version", "guild", "summary", "rules", "outcome", "basis",
            "first_at", "last_at", "count")
_UPSERT = (f"INSERT INTO rulings ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' for _ in _COLUMNS)}) "
           "ON CONFLICT(id) DO UPDATE SET last_at = max(rulings.last_at, excluded.last_at), "
           "count = rulings.count + excluded.count")
_SELECT = f"SELECT {', '.join(_COLUMNS)} FROM rulings"


@dataclass(frozen=True)
class StoredRuling:
    """A ruling as it was first given, with when and how often it was asked."""

    id: str
    game: str
    command: str
    inputs: dict[str, Any]
    version: str
    guild: str | None
    summary: str
    rules: tuple[str, ...]
    outcome: str
    basis: Basis
    first_at: int
    last_at: int
    count: int

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> StoredRuling:
        data = dict(zip(_COLUMNS, row, strict=True))
        data["inputs"] = json.loads(data["inputs"])
        data["basis"] = Basis.from_json(json.loads(data["basis"]))
        data["rules"] = tuple(r for r in data["rules"].split(",") if r)
        return cls(**data)


def merge(records: Iterable[RulingRecord]) -> list[tuple[RulingRecord, int, int]]:
    """One (first record, last time, count) per id, in first-seen order: a burst of one question is one upsert."""
    merged: dict[str, tuple[RulingRecord, int, int]] = {}
    for rec in records:
        first = merged.get(rec.id)
        merged[rec.id] = (rec, rec.at, 1) if first is None else (first[0], max(first[1], rec.at), first[2] + 1)
    return list(merged.values())


def rulings_path(catalog_path: str | Path) -> str:
    """The rulings file beside a card database: cards.db -> cards.rulings.db (":memory:" stays in memory)."""
    if str(catalog_path) == ":memory:":
        return ":memory:"
    path = Path(catalog_path)
    return str(path.with_name(f"{path.stem}.rulings{path.suffix or '.db'}"))


FILLING_S = 1.0  # how long a 0-byte rulings file may take to fill before it is called damaged


def _create_whole(path: str) -> None:
    """Make a new rulings file, schema and all, under a name of this process's own, then link it into place unless
    another process has made one meanwhile (theirs is kept). No-op where the folder takes no hard links: SQLite
    then creates the file itself on opening, as before."""
    spare = f"{path}.{os.getpid()}-{threading.get_ident()}.new"
    conn = sqlite3.connect(spare)
    try:
        conn.executescript(read_data_text("rulings.sql"))
        mark_new(conn, KIND)
        conn.execute("PRAGMA journal_mode=WAL").fetchall()  # written in the header: every opener writes in WAL
        conn.commit()
    finally:
        conn.close()  # the last connection: its WAL is folded in and removed
    try:
        os.link(spare, path)
    except FileExistsError:
        pass  # another process made it first: that one is the file
    except OSError:
        pass  # no hard links here (some network or FAT folders): SQLite creates it when it is opened
    finally:
        for leftover in (spare, f"{spare}-wal", f"{spare}-shm", f"{spare}-journal"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)


class RulingStore:
    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._wal = False  # switched to WAL before this connection's first write

    @classmethod
    def for_catalog(cls, catalog: Catalog) -> RulingStore:
        return cls(rulings_path(catalog.path))

    def _connection(self) -> sqlite3.Connection:
        """Opened on first use (held under the lock); UnreadableDatabase, one sentence, when it cannot be."""
        if self._conn is None:
            if self.path != ":memory:":
                if not os.path.exists(self.path):
                    try:
                        _create_whole(self.path)
                    except (sqlite3.DatabaseError, OSError) as exc:
                        raise storage_error(exc, self.path, KIND) from exc
                refuse_non_sqlite(self.path, KIND, grace_s=FILLING_S)
            try:
                conn = sqlite3.connect(self.path, check_same_thread=False, timeout=busy_timeout())
                try:
                    schema = read_data_text("rulings.sql")
                    new = refuse_foreign(conn, self.path, KIND, schema)  # before anything is written
                    # A commit is in the operating system's hands before an answer is sent: a killed process
                    # loses nothing; only a power cut may lose the last commits (no fsync per commit).
                    conn.execute("PRAGMA synchronous=NORMAL")
                    if schema_missing(conn, schema):  # a reader of a current file writes nothing
                        if self.path != ":memory:":
                            use_wal(conn)
                        conn.executescript(schema)
                        if new:
                            mark_new(conn, KIND)
                except BaseException:
                    conn.close()
                    raise
            except (sqlite3.DatabaseError, OSError) as exc:
                raise storage_error(exc, self.path, KIND) from exc
            self._conn = conn
        return self._conn

    def check(self) -> None:
        """Open the file now and read from both tables, so a command that will need it (a write, which then counts
        the rulings it changes; `arbiter run`; `arbiter serve`) refuses before it does anything: UnreadableDatabase,
        one sentence naming the file. A file that does not exist yet is not created here."""
        if self.path != ":memory:" and not Path(self.path).exists():
            return
        for table in ("rulings", "ruling_cards"):
            self._read(f"SELECT 1 FROM {table} LIMIT 1")

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # --- writes ----------------------------------------------------------------------------------------

    def _for_writing(self, conn: sqlite3.Connection) -> None:
        """WAL before the first write (a file only read is left as it was)."""
        if not self._wal:
            if self.path != ":memory:":
                use_wal(conn)
            self._wal = True

    def write(self, records: Sequence[RulingRecord]) -> int:
        """Upsert a batch in one transaction; returns how many distinct ids it touched."""
        merged = merge(records)
        if not merged:
            return 0
        rows, links = [], []
        for rec, last, count in merged:
            row = rec.row()
            row["last_at"], row["count"] = last, count
            rows.append([row[c] for c in _COLUMNS])
            links += [(rec.game, name, rec.id) for name in rec.card_names]
            time.sleep(0)  # let other threads (the bot's event loop) run between rows
        with self._lock, storage_failures(self.path, KIND):
            conn = self._connection()
            self._for_writing(conn)
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany(_UPSERT, rows)
                conn.executemany("INSERT OR IGNORE INTO ruling_cards (game, name, ruling) VALUES (?, ?, ?)", links)
            except BaseException:
                conn.rollback()
                raise
            conn.commit()
        return len(merged)

    def put_question(self, key: str, game: str, command: str, inputs: Mapping[str, Any], version: str, query: str,
                     at: int) -> None:
        """A question waiting for a card pick (bot/discord/components.py), committed before its menu is sent."""
        with self._lock, storage_failures(self.path, KIND):
            conn = self._connection()
            self._for_writing(conn)
            with conn:
                conn.execute("INSERT OR IGNORE INTO pending_questions (key, game, command, inputs, version, query, at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)", (key, game, command, json.dumps(dict(inputs)), version,
                                                              query, at))

    def get_question(self, key: str) -> dict[str, Any] | None:
        rows = self._read("SELECT game, command, inputs, version, query FROM pending_questions WHERE key = ?", (key,))
        if not rows:
            return None
        game, command, inputs, version, query = rows[0]
        return {"game": game, "command": command, "inputs": json.loads(inputs), "version": version, "query": query}

    # --- reads -----------------------------------------------------------------------------------------

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._lock, storage_failures(self.path, KIND):
            return self._connection().execute(sql, params).fetchall()

    def get(self, ruling_id: str) -> StoredRuling | None:
        rows = self._read(_SELECT + " WHERE id = ?", (ruling_id,))
        return StoredRuling.from_row(rows[0]) if rows else None

    def about(self, game: str, names: Iterable[str]) -> list[StoredRuling]:
        """Stored rulings that looked at any of these cards (every printing of each name)."""
        found: dict[str, StoredRuling] = {}
        for name in dict.fromkeys(names):
            for row in self._read(_SELECT + " WHERE id IN (SELECT ruling FROM ruling_cards WHERE game = ? AND "
                                  "name = ?) ORDER BY first_at, id", (game, name)):
                found.setdefault(row[0], StoredRuling.from_row(row))
        return list(found.values())

    def since(self, at: int = 0, chunk: int = 2000) -> Iterator[StoredRuling]:
        """Every stored ruling last asked at or after `at` (Unix seconds), oldest first, read in chunks."""
        last_key: tuple[int, str] = (-1, "")
        while True:
            rows = self._read(_SELECT + " WHERE last_at >= ? AND (first_at, id) > (?, ?) ORDER BY first_at, id "
                              "LIMIT ?", (at, *last_key, chunk))
            for row in rows:
                yield StoredRuling.from_row(row)
            if len(rows) < chunk:
                return
            last_key = (rows[-1][10], rows[-1][0])

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM rulings")[0][0])
