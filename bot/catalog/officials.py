"""Official rulings in the catalog: recorded, removed and imported as audited writes (undo puts them back or takes
them out), read back as engine.official.OfficialRuling. Shared catalog only: the front ends let the command line
and the maintainer servers write here, nobody else.

Every function works on a connection inside the caller's lock or transaction; the Catalog's methods
(`official_rulings`, `add_official`, ...) are the way in (bot/catalog/db.py).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.catalog import audit
from bot.catalog.audit import AuditEntry
from bot.catalog.errors import CatalogError, InvalidChange
from bot.catalog.errors import check_actor as _check_actor
from bot.catalog.records import dumps, get_state
from engine.official import OfficialError, OfficialRuling, check_record


class UnknownOfficial(CatalogError):
    """No official ruling has that number."""


class DuplicateOfficial(CatalogError):
    """The same question, expectations and source are recorded already."""


@dataclass(frozen=True)
class OfficialImport:
    added: int
    unchanged: int
    total: int
    audit_id: int | None


def _state(ruling: OfficialRuling) -> dict[str, object]:
    record = ruling.as_json()
    record.pop("id", None)
    return {"game": ruling.game, "name": ruling.cards[0] if ruling.cards else "", "record": record}


def _same(a: OfficialRuling, b: OfficialRuling) -> bool:
    return (a.key(), a.expect, a.source.title) == (b.key(), b.expect, b.source.title)


def _checked(ruling: OfficialRuling) -> OfficialRuling:
    try:
        check_record(ruling)
    except OfficialError as exc:
        raise InvalidChange(str(exc)) from exc
    return ruling


OFFICIALS_SELECT = "SELECT id, record FROM official_rulings"


def officials_query(game: str | None = None) -> tuple[str, tuple[str, ...]]:
    """The query for every recorded official ruling (of one game), oldest first: rows for `from_rows`."""
    return OFFICIALS_SELECT + (" WHERE game = ?" if game else "") + " ORDER BY id", (game,) if game else ()


def from_rows(rows: Sequence[tuple[int, str]]) -> list[OfficialRuling]:
    return [replace(OfficialRuling.from_json(json.loads(record)), id=int(row_id)) for row_id, record in rows]


def read_official(conn: sqlite3.Connection, number: int) -> OfficialRuling:
    state = get_state(conn, ("official", number))
    if state is None:
        raise UnknownOfficial(f"There is no official ruling #{number}: `arbiter official list` shows them.")
    return replace(OfficialRuling.from_json(state["record"]), id=number)  # type: ignore[arg-type]


def check_new(ruling: OfficialRuling, actor: str) -> None:
    """Refused before the write transaction: no actor, or a record the engine cannot check."""
    _check_actor(actor)
    _checked(ruling)


def insert_official(conn: sqlite3.Connection, ruling: OfficialRuling, actor: str,
                    guild: str | None = None) -> tuple[int, AuditEntry]:
    """Record one (guild: the maintainer server it came from, for the audit log); returns its number."""
    for row_id, record in conn.execute("SELECT id, record FROM official_rulings WHERE game = ?", (ruling.game,)):
        if _same(OfficialRuling.from_json(json.loads(record)), ruling):
            raise DuplicateOfficial(f"Official ruling #{row_id} records the same question, answer and source.")
    state = _state(ruling)
    cur = conn.execute("INSERT INTO official_rulings (game, name, record) VALUES (?, ?, ?)",
                       (ruling.game, state["name"], dumps(state["record"])))
    number = int(cur.lastrowid or 0)
    entry = audit.get_entry(conn, audit.record(conn, actor, "add_official", ruling.game, ("official", number),
                                               None, state, guild=guild))
    assert entry is not None
    return number, entry


def delete_official(conn: sqlite3.Connection, number: int, actor: str, guild: str | None = None) -> AuditEntry:
    before = get_state(conn, ("official", number))
    if before is None:
        raise UnknownOfficial(f"There is no official ruling #{number}: `arbiter official list` shows them.")
    conn.execute("DELETE FROM official_rulings WHERE id = ?", (number,))
    entry = audit.get_entry(conn, audit.record(conn, actor, "remove_official", str(before["game"]),
                                               ("official", number), before, None, guild=guild))
    assert entry is not None
    return entry


def check_import(rulings: Sequence[OfficialRuling], actor: str) -> None:
    """All or nothing: every record is checked before the write transaction."""
    _check_actor(actor)
    for ruling in rulings:
        _checked(ruling)


def merge_officials(conn: sqlite3.Connection, rulings: Sequence[OfficialRuling], actor: str, source: str,
                    guild: str | None = None) -> OfficialImport:
    """One audit batch; records already there (same question, answer and source) are left as they are, so
    importing a file again adds nothing."""
    existing = [OfficialRuling.from_json(json.loads(r)) for (r,) in conn.execute("SELECT record FROM "
                                                                                  "official_rulings")]
    new: list[OfficialRuling] = []
    for ruling in rulings:
        if not any(_same(ruling, other) for other in [*existing, *new]):
            new.append(ruling)
    header = write_officials(conn, new, actor, source, guild, total=len(rulings))
    return OfficialImport(len(new), len(rulings) - len(new), len(rulings), header)


OFFICIAL_IMPORT = "import_official"


def write_officials(conn: sqlite3.Connection, rulings: Sequence[OfficialRuling], actor: str, source: str,
                    guild: str | None = None, *, total: int | None = None, action: str = OFFICIAL_IMPORT
                    ) -> int | None:
    """Insert records inside the caller's transaction as one audit batch (undo takes them all out again)."""
    if not rulings:
        return None
    total = len(rulings) if total is None else total
    report = {"source": source, "added": len(rulings), "unchanged": total - len(rulings), "total": total}
    header = audit.record(conn, actor, action, None, ("official_import", source), None, report, guild=guild)
    for ruling in rulings:
        state = _state(ruling)
        cur = conn.execute("INSERT INTO official_rulings (game, name, record) VALUES (?, ?, ?)",
                           (ruling.game, state["name"], dumps(state["record"])))
        audit.record(conn, actor, "add_official", ruling.game, ("official", int(cur.lastrowid or 0)), None, state,
                     batch=header, guild=guild)
    return header
