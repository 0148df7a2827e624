"""The audit log: recording changes, reading history, and undoing a change or a whole batch."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.catalog.errors import SHARED_REFUSAL, SharedCatalogRefused, UndoRefused, UnknownChange
from bot.catalog.records import (
    LAYER_KINDS,
    STATE_KINDS,
    State,
    Target,
    card_of,
    describe,
    dumps,
    get_state,
    layer_of,
    loads,
    put_state,
)

_COLUMNS = ("id", "at", "actor", "action", "target", "before", "after", "undone_by", "undoes", "batch",
            "game", "guild")
_SELECT = "SELECT " + ", ".join(_COLUMNS) + " FROM audit"
_INSERT = ('INSERT INTO audit (at, actor, action, game, target, before, after, undoes, batch, name, "set", guild) '
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


@dataclass(frozen=True)
class AuditEntry:
    """One recorded change. `target` is the canonical JSON key text; before/after are decoded states.

    `batch` is the header entry's id for a member of a batch (an import's single card rows), else None.
    `guild` is the Discord server the write came from or whose layer it changed (None: the command line's
    shared-catalog writes and the starter set).
    """

    id: int
    at: str
    actor: str
    action: str
    target: str
    before: Any
    after: Any
    undone_by: int | None
    undoes: int | None
    batch: int | None = None
    game: str | None = None
    guild: str | None = None


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def row_values(at: str, actor: str, action: str, game: str | None, target: Target | list[Any],
               before: Any, after: Any, *, undoes: int | None = None,
               batch: int | None = None, guild: str | None = None) -> tuple[Any, ...]:
    """One audit row's INSERT parameters (bulk writers executemany a list of these)."""
    name, set_ = card_of(target, before, after)
    return (at, actor, action, game, dumps(list(target)),
            None if before is None else dumps(before), None if after is None else dumps(after),
            undoes, batch, name, set_, guild)


def record(conn: sqlite3.Connection, actor: str, action: str, game: str | None, target: Target | list[Any],
           before: Any, after: Any, *, undoes: int | None = None, batch: int | None = None,
           guild: str | None = None) -> int:
    cur = conn.execute(_INSERT, row_values(now(), actor, action, game, target, before, after,
                                           undoes=undoes, batch=batch, guild=guild))
    return int(cur.lastrowid or 0)


def record_many(conn: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> None:
    conn.executemany(_INSERT, rows)


def _entry(row: tuple[Any, ...]) -> AuditEntry:
    v = dict(zip(_COLUMNS, row, strict=True))
    v["before"], v["after"] = loads(v["before"]), loads(v["after"])
    return AuditEntry(**v)


def get_entry(conn: sqlite3.Connection, audit_id: int) -> AuditEntry | None:
    row = conn.execute(_SELECT + " WHERE id = ?", (audit_id,)).fetchone()
    return None if row is None else _entry(row)


def history(conn: sqlite3.Connection, game: str | None = None, name: str | None = None,
            set_: str | None = None, limit: int = 20, guild: str | None = None,
            setting: str | None = None) -> list[AuditEntry]:
    """Newest first. Without a name: top-level entries only (an import is one line). With a name: every
    entry about that card, import rows included; aliases/annotations for all printings (set NULL) match
    any set. With a guild: only that server's own changes."""
    where, params = [], []
    if guild is not None:
        where.append("guild = ?")
        params.append(guild)
    if game is not None:
        where.append("game = ?")
        params.append(game)
    if name is None:
        where.append("batch IS NULL")
    else:
        card = "name = ?" + (' AND ("set" = ? OR "set" IS NULL)' if set_ is not None else "")
        params += [name] + ([set_] if set_ is not None else [])
        if setting is not None:  # the card's default printing is a setting: its target names it
            card = f"(({card}) OR target = ?)"
            params.append(dumps(["setting", setting]))
        where.append(card)
    sql = _SELECT + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id DESC LIMIT ?"
    return [_entry(r) for r in conn.execute(sql, [*params, max(0, limit)]).fetchall()]


def _blocker(conn: sqlite3.Connection, entry: AuditEntry) -> int | None:
    """The latest still-effective later change of the same target, as the id one would undo (its batch)."""
    row = conn.execute("SELECT id, batch FROM audit WHERE target = ? AND id > ? AND undone_by IS NULL "
                       "ORDER BY id DESC LIMIT 1", (entry.target, entry.id)).fetchone()
    return None if row is None else (row[1] or row[0])


def undo(conn: sqlite3.Connection, audit_id: int, actor: str, *, guild: str | None = None,
         may_write_shared: bool = True) -> AuditEntry:
    """Put back the before-state of one entry, or of every member of a batch, inside the caller's transaction.

    Refused when already undone, when the id is a batch member, or when any target's current state is no
    longer what the entry left (the message names the later change to undo first). With a guild, only that
    server's own changes can be undone (another server's look unknown), and a change to the shared catalog
    only when `may_write_shared`.
    """
    entry = get_entry(conn, audit_id)
    if entry is None or (guild is not None and entry.guild != guild):
        raise UnknownChange(f"There is no recorded change #{audit_id}"
                            + (" in this server's history." if guild is not None else "."))
    if entry.undone_by is not None:
        raise UndoRefused(f"Change #{audit_id} was already undone by #{entry.undone_by}.")
    if entry.batch is not None:
        raise UndoRefused(f"Change #{audit_id} is part of #{entry.batch}; undo #{entry.batch} to revert it.")
    members = [_entry(r) for r in conn.execute(_SELECT + " WHERE batch = ? ORDER BY id DESC", (entry.id,))]
    changes = members or [entry]
    if not may_write_shared and any(_shared(change) for change in changes):
        raise SharedCatalogRefused(SHARED_REFUSAL)
    for change in changes:
        target = json.loads(change.target)
        current: State | None = get_state(conn, target)
        if current != change.after:
            later = _blocker(conn, change)
            where = f"by #{later}; undo #{later} first" if later else "outside the audit log"
            raise UndoRefused(f"Cannot undo #{audit_id}: {describe(target)} was changed since {where}.")
    at = now()
    header_target = json.loads(entry.target)
    undo_id = record(conn, actor, "undo", entry.game, header_target, entry.after, entry.before,
                     undoes=entry.id, guild=guild)
    if members:
        rows = []
        for change in changes:
            target = json.loads(change.target)
            put_state(conn, target, change.before)
            rows.append(row_values(at, actor, "undo", change.game, target, change.after, change.before,
                                   undoes=change.id, batch=undo_id, guild=guild))
        record_many(conn, rows)
        links = conn.execute("SELECT id, undoes FROM audit WHERE batch = ?", (undo_id,)).fetchall()
        conn.executemany("UPDATE audit SET undone_by = ? WHERE id = ?", links)
    elif header_target[0] in STATE_KINDS:
        put_state(conn, header_target, entry.before)
    conn.execute("UPDATE audit SET undone_by = ? WHERE id = ?", (undo_id, entry.id))
    result = get_entry(conn, undo_id)
    assert result is not None
    return result


def _shared(change: AuditEntry) -> bool:
    """Whether a change touched the shared catalog (not a server layer or a server's setting)."""
    target = json.loads(change.target)
    return target[0] not in LAYER_KINDS and layer_of(target, change.before, change.after) is None
