"""The card catalog: one SQLite file (WAL) with cards, aliases, annotations, settings and an audit log.

Threads: a Catalog holds one connection opened with check_same_thread=False and serialises every call
with an internal lock, so one instance may be shared, e.g. the bot runs `import_lackey` in
`asyncio.to_thread`. Parsing happens before the lock is taken; only the write phase blocks other calls.
Processes: writes use BEGIN IMMEDIATE plus a busy timeout, so the CLI and the bot may share one file; a lock
held past the timeout raises DatabaseBusy after rolling back (nothing was changed).
Layers: the shared catalog (guild None) and one layer per Discord server (aliases and annotations that apply
only there). Every write records the server it came from or whose layer it changed (`guild`) in the audit log.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.catalog import audit, officials
from bot.catalog.audit import AuditEntry
from bot.catalog.errors import (
    DatabaseBusy,
    DuplicateAlias,
    DuplicateCard,
    ImportFileError,
    InvalidChange,
    UnknownAlias,
    UnknownAnnotation,
    UnknownCard,
)
from bot.catalog.errors import (
    check_actor as _check_actor,
)
from bot.catalog.officials import OfficialImport
from bot.catalog.paths import read_data_text
from bot.catalog.records import (
    ANNOTATION_COLUMNS,
    ANNOTATION_INSERT,
    CARD_SELECT,
    EDITABLE_FIELDS,
    Target,
    annotation_from_state,
    card_from_row,
    card_state,
    card_target,
    describe,
    dumps,
    get_state,
    put_state,
)
from bot.catalog.soundness import (
    check_sound,
    mark_new,
    refuse_foreign,
    refuse_non_sqlite,
    schema_missing,
    use_wal,
)
from bot.catalog.storage import storage_error, storage_failures
from engine.cards import Annotation, Card
from engine.names import base_name, fold, name_forms
from engine.official import OfficialRuling
from engine.registry import DEFAULT_GAME

if TYPE_CHECKING:
    import sqlite_utils

    from bot.catalog.importer import ImportReport

SCHEMA_VERSION = 2
BUSY_TIMEOUT_S = 10.0
_ANNOTATION_SELECT = "SELECT id, " + ", ".join(f'"{c}"' for c in ANNOTATION_COLUMNS) + " FROM annotations"
_ANNOTATION_INSERT_LAYER = ANNOTATION_INSERT.replace(") VALUES (", ", guild) VALUES (?, ")
# Columns added after the first schema; older files get them on open (before schema.sql indexes them).
_ADDED_COLUMNS = (("annotations", "guild", "TEXT"), ("audit", "guild", "TEXT"))
BUSY_MESSAGE = "The card database is busy (another process is writing to it); nothing was changed. Try again."


def _connect(path: Path) -> sqlite3.Connection:
    """A connection as sqlite-utils would leave it (recursive triggers on), shareable across threads."""
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=busy_timeout())
    conn.execute("PRAGMA recursive_triggers=on;")
    return conn


def _busy_error(exc: sqlite3.OperationalError, path: Path) -> DatabaseBusy:
    """The lock wait ran out: the storage sentence naming the file, and for chat users the busy sentence."""
    return DatabaseBusy(str(storage_error(exc, path)), BUSY_MESSAGE)


def busy_timeout() -> float:
    """Seconds a write waits for another connection's lock: $ARBITER_BUSY_TIMEOUT, default 10."""
    try:
        value = float(os.environ.get("ARBITER_BUSY_TIMEOUT", "") or BUSY_TIMEOUT_S)
    except ValueError:
        return BUSY_TIMEOUT_S
    return value if value > 0 else BUSY_TIMEOUT_S


def _busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _missing_columns(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    out = []
    for table, column, kind in _ADDED_COLUMNS:
        names = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
        if names and column not in names:
            out.append((table, column, kind))
    return out


def _add_missing_columns(conn: sqlite3.Connection) -> None:
    """Bring a database made by an older Arbiter up to the current tables (idempotent, safe for two processes)."""
    if not _missing_columns(conn):
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table, column, kind in _missing_columns(conn):  # checked again under the write lock
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
    except BaseException:
        conn.rollback()
        raise
    conn.commit()


def _check_text(what: str, value: Any) -> None:
    if not isinstance(value, str):
        raise InvalidChange(f"The {what} must be text, not {type(value).__name__}.")
    if "\x00" in value:  # SQLite stores it, but every consumer (Discord, terminals) chokes on it
        raise InvalidChange(f"The {what} may not contain a NUL character.")


def _check_field(field: str, value: Any) -> None:
    """A Card field value: text, or for `extra` a dict of text to text."""
    if field != "extra":
        _check_text(f"card's {field}", value)
        return
    if not isinstance(value, dict):
        raise InvalidChange("The extra field must map text to text.")
    for key, item in value.items():
        _check_text("extra field's key", key)
        _check_text(f"extra field {key!r}", item)


class Catalog:
    """Cards by (game, name, set); every write is one transaction with its audit row(s)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._db: sqlite_utils.Database | None = None
        self._lock = threading.RLock()
        self._forms_cache: dict[str, tuple[bytes, dict[str, list[str]]]] = {}
        self._wal = str(path) == ":memory:"  # switched to WAL (if it was not) before the first write

    # --- lifecycle -----------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, *, seed_starter: bool = True) -> Catalog:
        """Open (creating file and schema if needed); seed the starter set into an empty catalog.

        Any storage failure (damaged, read-only, locked, full, missing folder) is one UnreadableDatabase."""
        path = Path(path)
        schema = read_data_text("schema.sql")  # a missing file is a packaging bug, not a bad database
        conn: sqlite3.Connection | None = None
        try:
            if str(path) != ":memory:":
                if path.is_dir():
                    raise IsADirectoryError(str(path))
                path.parent.mkdir(parents=True, exist_ok=True)
            if str(path) != ":memory:":
                refuse_non_sqlite(path, "card database")  # before SQLite would take an empty file for a new one
            with storage_failures(path):
                conn = _connect(path)
                db = conn
                new = refuse_foreign(conn, path, "card database", schema)  # before anything is written
                # Only what needs creating is written: a read command on a current database takes no write lock
                # and leaves the file as it is (WAL is switched on by the first write, `_write`).
                # fetchall: a statement left unfinished would hold its read snapshot (and miss later commits)
                outdated = schema_missing(conn, schema) or (
                    db.execute("PRAGMA user_version").fetchall()[0][0] < SCHEMA_VERSION)
                if new or outdated or _missing_columns(conn):
                    use_wal(conn)
                _add_missing_columns(conn)
                if outdated:
                    db.executescript(schema)
                    if db.execute("PRAGMA user_version").fetchall()[0][0] < SCHEMA_VERSION:
                        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                if new:
                    mark_new(conn, "card database")
                empty = seed_starter and not conn.execute("SELECT EXISTS (SELECT 1 FROM cards)").fetchall()[0][0]
            catalog = cls(conn, path)
            if empty:
                load_starter(catalog, only_if_empty=True)
            return catalog
        except OSError as exc:
            if conn is not None:
                conn.close()
            raise storage_error(exc, path) from exc
        except BaseException:
            if conn is not None:
                conn.close()
            raise

    def use_wal(self) -> None:
        """Switch the file to WAL now rather than at the first write: a process that will serve reads beside
        writers (the bot) never waits for another process's commit."""
        with self._lock, storage_failures(self.path):
            if not self._wal:
                use_wal(self.conn)
                self._wal = True

    def reader(self) -> Catalog:
        """A second connection to the same file, for a thread that must never wait behind this one's writes
        (the bot's change watcher): reads in WAL mode do not wait for writers. An in-memory catalog has no
        file to share, so it is its own reader."""
        if str(self.path) == ":memory:":
            return self
        return Catalog(_connect(self.path), self.path)

    @property
    def db(self) -> sqlite_utils.Database:
        """The file through sqlite-utils, on the same connection (imported when first asked for: the
        catalog's own reads and writes are plain SQL, and a command-line question does not pay for it)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn)
        return self._db

    def close(self) -> None:
        with self._lock:
            self.conn.close()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. IMMEDIATE takes the write lock up front, so the checks made inside
        (duplicate? changed since?) still hold when the writes land, even with another process."""
        with self._lock, storage_failures(self.path):
            conn = self.conn
            try:
                if not self._wal:  # a file opened by a read stays as it was until its first write
                    use_wal(conn)
                    self._wal = True
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if _busy(exc):  # nothing was started, so nothing was changed
                    raise _busy_error(exc, self.path) from exc
                raise
            try:
                check_sound(conn, self.path, "card database")  # never write into a damaged file
                yield conn
                conn.commit()
            except BaseException as exc:
                if conn.in_transaction:  # a failed commit leaves nothing behind either
                    with suppress(sqlite3.Error):  # the original failure is the one to report
                        conn.rollback()
                if isinstance(exc, sqlite3.OperationalError) and _busy(exc):
                    raise _busy_error(exc, self.path) from exc
                raise

    def _read(self, sql: str, params: Any = ()) -> list[Any]:
        with self._lock, storage_failures(self.path):
            return self.conn.execute(sql, params).fetchall()

    # --- official rulings (bot/catalog/officials.py) -------------------------------------------------------

    def official_rulings(self, game: str | None = None) -> list[OfficialRuling]:
        """Every recorded official ruling (of one game), oldest first."""
        return officials.from_rows(self._read(*officials.officials_query(game)))

    def official_ruling(self, number: int) -> OfficialRuling:
        with self._lock:
            return officials.read_official(self.conn, number)

    def add_official(self, ruling: OfficialRuling, actor: str, guild: str | None = None) -> tuple[int, AuditEntry]:
        """Record one (guild: the maintainer server it came from, for the audit log); returns its number."""
        officials.check_new(ruling, actor)
        with self._write() as conn:
            return officials.insert_official(conn, ruling, actor, guild)

    def remove_official(self, number: int, actor: str, guild: str | None = None) -> AuditEntry:
        _check_actor(actor)
        with self._write() as conn:
            return officials.delete_official(conn, number, actor, guild)

    def import_officials(self, rulings: list[OfficialRuling], actor: str, source: str,
                         guild: str | None = None) -> OfficialImport:
        """All or nothing (every record is checked before the write); one audit batch; records already there
        (same question, answer and source) are left as they are, so importing a file again adds nothing."""
        officials.check_import(rulings, actor)
        with self._write() as conn:
            return officials.merge_officials(conn, rulings, actor, source, guild)

    # --- reads ---------------------------------------------------------------------------------------

    def cards(self, game: str | None = None) -> list[Card]:
        if game is None:
            rows = self._read(CARD_SELECT + ' ORDER BY game, name, "set"')
        else:
            rows = self._read(CARD_SELECT + ' WHERE game = ? ORDER BY name, "set"', (game,))
        return [card_from_row(r) for r in rows]

    def card(self, game: str, name: str, set: str) -> Card | None:
        rows = self._read(CARD_SELECT + ' WHERE game = ? AND name = ? AND "set" = ?', (game, name, set))
        return card_from_row(rows[0]) if rows else None

    def printings(self, game: str, name: str) -> list[Card]:
        """Every printing with exactly this name (grouping by base name is the matcher's job)."""
        rows = self._read(CARD_SELECT + ' WHERE game = ? AND name = ? ORDER BY "set"', (game, name))
        return [card_from_row(r) for r in rows]

    def aliases(self, game: str) -> list[tuple[str, str, str | None]]:
        """(alias, name, set or None for every printing), for aliases whose card exists."""
        return [tuple(r) for r in self._read(
            'SELECT a.alias, a.name, a."set" FROM aliases a WHERE a.game = ? AND EXISTS ('
            'SELECT 1 FROM cards c WHERE c.game = a.game AND c.name = a.name '
            'AND (a."set" IS NULL OR c."set" = a."set")) ORDER BY a.alias_folded', (game,))]

    def annotations(self, game: str, name: str, set: str) -> list[Annotation]:
        """Annotations of this printing plus those stored for all printings of the name (set NULL)."""
        return [note for _, note in self.annotations_with_ids(game, name, set)]

    def annotations_with_ids(self, game: str, name: str, set: str | None,
                             guild: str | None = None) -> list[tuple[int, Annotation]]:
        """As annotations(), with the ids remove_annotation takes; set None: only the all-printings ones.
        guild None: the shared catalog's; a server id: only that server's layer."""
        rows = self._read(_ANNOTATION_SELECT + ' WHERE game = ? AND name = ? AND ("set" IS NULL OR "set" = ?) '
                          "AND guild IS ? ORDER BY id", (game, name, set, guild))
        return [(r[0], annotation_from_state(dict(zip(ANNOTATION_COLUMNS, r[1:], strict=True))))
                for r in rows]

    def layer_annotations(self, game: str, name: str, set: str, guild: str) -> list[Annotation]:
        """The annotations of one server's layer for this printing (and for all printings of the name)."""
        return [note for _, note in self.annotations_with_ids(game, name, set, guild)]

    def annotation_rows(self, game: str | None = None, name: str | None = None
                        ) -> list[tuple[str | None, str, str, str | None, Annotation]]:
        """(guild, game, name, set, annotation) of every layer, optionally of one game or one name."""
        where, params = [], []
        if game is not None:
            where.append("game = ?")
            params.append(game)
        if name is not None:
            where.append("name = ?")
            params.append(name)
        rows = self._read("SELECT guild, " + ", ".join(f'"{c}"' for c in ANNOTATION_COLUMNS) + " FROM annotations"
                          + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id", params)
        return [(r[0], r[1], r[2], r[3], annotation_from_state(dict(zip(ANNOTATION_COLUMNS, r[1:], strict=True))))
                for r in rows]

    def server_aliases(self, guild: str | None = None) -> list[tuple[str, str, str, str, str | None]]:
        """(guild, game, alias, name, set) of the server layers (one server's with `guild`)."""
        sql = 'SELECT guild, game, alias, name, "set" FROM server_aliases'
        rows = self._read(sql + " WHERE guild = ? ORDER BY alias_folded", (guild,)) if guild is not None else \
            self._read(sql + " ORDER BY guild, alias_folded")
        return [tuple(r) for r in rows]

    def settings(self) -> dict[str, str]:
        return dict(self._read("SELECT key, value FROM settings"))

    def newest_change(self) -> tuple[Any, ...]:
        """The newest audit row's id, time, action and target (empty for none): what any write changes."""
        rows = self._read("SELECT id, at, action, target FROM audit ORDER BY id DESC LIMIT 1")
        return tuple(rows[0]) if rows else ()

    def last_change(self) -> int:
        """The newest audit id (0 for none): every write through this class adds at least one row."""
        return int(self._read("SELECT coalesce(max(id), 0) FROM audit")[0][0])

    def changes_since(self, audit_id: int, limit: int = 10_000
                      ) -> list[tuple[int, list[Any], str | None, str | None]]:
        """(id, target, game, card name) of the changes committed after `audit_id`, oldest first."""
        rows = self._read("SELECT id, target, game, name FROM audit WHERE id > ? ORDER BY id LIMIT ?",
                          (audit_id, limit))
        return [(int(r[0]), json.loads(r[1]), r[2], r[3]) for r in rows]

    def state(self, target: Target | list[Any]) -> dict[str, Any] | None:
        """The stored state of one audit target (None: absent), as the audit log records it."""
        with self._lock:
            return get_state(self.conn, target)

    def data_version(self) -> int:
        """SQLite's counter of commits made by OTHER connections to this file (cheap; see PRAGMA data_version)."""
        return int(self._read("PRAGMA data_version")[0][0])

    def annotation_changes(self, ids: list[int]) -> dict[int, tuple[int, int | None]]:
        """For each annotation id, the audit change that added it and that change's batch (None: on its own)."""
        if not ids:
            return {}
        targets = {dumps(["annotation", i]): i for i in ids}
        marks = ", ".join("?" for _ in targets)
        rows = self._read(f"SELECT target, id, batch FROM audit WHERE action = 'annotate' AND target IN ({marks}) "
                          "ORDER BY id", list(targets))
        return {targets[target]: (change, batch) for target, change, batch in rows}

    def count(self, game: str | None = None) -> int:
        if game is None:
            return int(self._read("SELECT count(*) FROM cards")[0][0])
        return int(self._read("SELECT count(*) FROM cards WHERE game = ?", (game,))[0][0])

    def games(self) -> list[str]:
        return [r[0] for r in self._read("SELECT DISTINCT game FROM cards ORDER BY game")]

    def get_setting(self, key: str, default: str | None = None) -> str | None:
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        return rows[0][0] if rows else default

    def settings_with_prefix(self, prefix: str) -> dict[str, str]:
        """Every setting whose name starts with `prefix` (e.g. the moderators' default printings of a game)."""
        rows = self._read("SELECT key, value FROM settings WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
        return {key: value for key, value in rows}

    def history(self, game: str | None = None, name: str | None = None, set: str | None = None,
                limit: int = 20, guild: str | None = None, setting: str | None = None) -> list[AuditEntry]:
        """Newest first; without a name only top-level entries (an import is one entry); with a guild only
        that server's own changes; with a name and `setting`, that setting's changes too (a card's default)."""
        with self._lock, storage_failures(self.path):
            return audit.history(self.conn, game, name, set, limit, guild, setting)

    def touched(self, audit_id: int) -> dict[str, set[str]]:
        """The cards (game -> names) a recorded change concerns: the entry itself and, for a batch, its members."""
        out: dict[str, set[str]] = {}
        for game, name in self._read("SELECT game, name FROM audit WHERE (id = ? OR batch = ?) AND game IS NOT NULL "
                                     "AND name IS NOT NULL", (audit_id, audit_id)):
            out.setdefault(game, set()).add(name)
        return out

    # --- writes --------------------------------------------------------------------------------------

    def _change(self, conn: sqlite3.Connection, actor: str, action: str, game: str | None, target: Target,
                after: dict[str, Any] | None, guild: str | None = None) -> AuditEntry:
        before = get_state(conn, target)
        put_state(conn, target, after)
        entry = audit.get_entry(conn, audit.record(conn, actor, action, game, target, before, after, guild=guild))
        assert entry is not None
        return entry

    def _require_card(self, conn: sqlite3.Connection, game: str, name: str, set: str | None) -> None:
        if set is None:
            found = conn.execute("SELECT 1 FROM cards WHERE game = ? AND name = ?", (game, name)).fetchone()
        else:
            found = conn.execute('SELECT 1 FROM cards WHERE game = ? AND name = ? AND "set" = ?',
                                 (game, name, set)).fetchone()
        if not found:
            label = describe(card_target(game, name, set or ""))
            raise UnknownCard(f"There is no {game} card {label}.")

    def _card_named(self, conn: sqlite3.Connection, game: str, folded: str, other_than: str) -> str | None:
        """A card of `game`, other than `other_than` and its printings, that `folded` already names exactly
        (by any name form the matcher tries before aliases: full name, without suffix, a side, a short name)."""
        own = fold(base_name(other_than))
        for name in self._name_forms(conn, game).get(folded, ()):
            if fold(base_name(name)) != own:
                return name
        return None

    def _name_forms(self, conn: sqlite3.Connection, game: str) -> dict[str, list[str]]:
        """Folded name form -> card names (in name order), remembered while the game's set of names is the same:
        reading the names costs milliseconds, folding every form of every name a tenth of a second, and this
        runs inside the write lock of every alias write."""
        names = [str(n) for (n,) in conn.execute("SELECT DISTINCT name FROM cards WHERE game = ? ORDER BY name",
                                                 (game,))]
        digest = hashlib.blake2b("\x1f".join(names).encode(), digest_size=16).digest()
        cached = self._forms_cache.get(game)
        if cached is not None and cached[0] == digest:
            return cached[1]
        forms: dict[str, list[str]] = {}
        for name in names:
            for form in dict.fromkeys(fold(f) for f in name_forms(name)):
                forms.setdefault(form, []).append(name)
        self._forms_cache[game] = (digest, forms)
        return forms

    def add_card(self, card: Card, actor: str, guild: str | None = None) -> AuditEntry:
        """`guild`: the server a (maintainer's) write came from, for the audit log; cards are always shared."""
        _check_actor(actor)
        if not isinstance(card, Card):
            raise InvalidChange("add_card takes a Card.")
        for field, value in card_state(card).items():
            _check_field(field, value)
        if not card.game.strip() or not card.name.strip():
            raise InvalidChange("A card needs a game and a name.")
        with self._write() as conn:
            target = card_target(*card.key)
            if get_state(conn, target) is not None:
                raise DuplicateCard(f"The {card.game} card {card.label} already exists.")
            return self._change(conn, actor, "add_card", card.game, target, card_state(card), guild)

    def edit_card(self, game: str, name: str, set: str, changes: dict[str, Any], actor: str,
                  guild: str | None = None) -> AuditEntry:
        """Change some fields (names as in Card, e.g. "text", "card_class"; "extra" replaces the whole dict).

        The key (game, name, set) cannot change: rename with delete_card + add_card."""
        _check_actor(actor)
        if not changes:
            raise InvalidChange("An edit needs at least one field to change.")
        for field, value in changes.items():
            if field not in EDITABLE_FIELDS:
                raise InvalidChange(f"“{field}” is not an editable card field; use one of "
                                    f"{', '.join(sorted(EDITABLE_FIELDS))}.")
            _check_field(field, value)
        with self._write() as conn:
            target = card_target(game, name, set)
            before = get_state(conn, target)
            if before is None:
                raise UnknownCard(f"There is no {game} card {describe(target)}.")
            after = {**before, **changes}
            if after == before:
                raise InvalidChange(f"{describe(target)} already has those values.")
            return self._change(conn, actor, "edit_card", game, target, after, guild)

    def delete_card(self, game: str, name: str, set: str, actor: str, guild: str | None = None) -> AuditEntry:
        """Its aliases and annotations stay stored (dormant) and apply again if the card comes back."""
        _check_actor(actor)
        with self._write() as conn:
            target = card_target(game, name, set)
            if get_state(conn, target) is None:
                raise UnknownCard(f"There is no {game} card {describe(target)}.")
            return self._change(conn, actor, "delete_card", game, target, None, guild)

    def add_alias(self, game: str, alias: str, name: str, set: str | None, actor: str,
                  guild: str | None = None, origin: str | None = None) -> AuditEntry:
        """`set` None: the alias names every printing of `name`. `guild`: in that server's layer only.
        `origin`: the server the write came from, for the audit log (default: `guild`)."""
        _check_actor(actor)
        _check_text("alias", alias)
        folded = fold(alias)
        if not folded:
            raise InvalidChange("An alias needs at least one letter or digit.")
        with self._write() as conn:
            self._require_card(conn, game, name, set)
            shadowed = self._card_named(conn, game, folded, other_than=name)
            if shadowed is not None:  # the matcher tries exact names before aliases: this one could never win
                raise InvalidChange(f"“{alias}” already names the card {shadowed}, and a card's own names always "
                                    "win over an alias, so this alias would never be used.")
            target = _alias_target(game, folded, guild)
            old = get_state(conn, target)
            if old is not None:
                raise DuplicateAlias(f"The {'server ' if guild else ''}alias “{old['alias']}” already leads to "
                                     f"{describe(card_target(game, old['name'], old['set'] or ''))}; "
                                     "remove it first.")
            return self._change(conn, actor, "add_alias", game, target,
                                {"alias": alias, "name": name, "set": set}, origin or guild)

    def remove_alias(self, game: str, alias: str, actor: str, guild: str | None = None,
                     origin: str | None = None) -> AuditEntry:
        _check_actor(actor)
        _check_text("alias", alias)
        with self._write() as conn:
            target = _alias_target(game, fold(alias), guild)
            if get_state(conn, target) is None:
                raise UnknownAlias(f"There is no {game} {'server ' if guild else ''}alias “{alias}”.")
            return self._change(conn, actor, "remove_alias", game, target, None, origin or guild)

    def annotate(self, game: str, name: str, set: str | None, annotation: Annotation, actor: str,
                 guild: str | None = None, origin: str | None = None) -> int:
        """Store a moderator annotation (set None: for all printings of the name); returns its id.
        `guild`: a server annotation, applied only to that server's answers; `origin` as for add_alias."""
        return self.add_annotation(game, name, set, annotation, actor, guild, origin)[0]

    def add_annotation(self, game: str, name: str, set: str | None, annotation: Annotation,
                       actor: str, guild: str | None = None, origin: str | None = None) -> tuple[int, AuditEntry]:
        """As annotate(), also returning the audit entry (its id is what `undo` takes)."""
        _check_actor(actor)
        if not isinstance(annotation, Annotation):
            raise InvalidChange("annotate takes an Annotation.")
        for field, value in vars(annotation).items():
            _check_text(f"annotation's {field}", value)
        if not annotation.rule.strip():
            raise InvalidChange("An annotation needs a rule.")
        state: dict[str, Any] = {"game": game, "name": name, "set": set, **vars(annotation)}
        if guild is not None:
            state["guild"] = guild
        with self._write() as conn:
            self._require_card(conn, game, name, set)
            cur = conn.execute(_ANNOTATION_INSERT_LAYER, [*(state[c] for c in ANNOTATION_COLUMNS), guild])
            new_id = int(cur.lastrowid or 0)
            entry = audit.get_entry(conn, audit.record(conn, actor, "annotate", game, ("annotation", new_id),
                                                       None, state, guild=origin or guild))
            assert entry is not None
            return new_id, entry

    def remove_annotation(self, id: int, actor: str, guild: str | None = None,
                          origin: str | None = None) -> AuditEntry:
        """guild None: a shared annotation; a server id: only an annotation of that server's layer."""
        _check_actor(actor)
        with self._write() as conn:
            target = ("annotation", id)
            before = get_state(conn, target)
            if before is None or before.get("guild") != guild:
                raise UnknownAnnotation(f"There is no annotation #{id}" + (" in this server." if guild else "."))
            return self._change(conn, actor, "remove_annotation", before["game"], target, None, origin or guild)

    def set_setting(self, key: str, value: str | None, actor: str, guild: str | None = None,
                    game: str | None = None) -> AuditEntry | None:
        """Set (None: remove) a setting; returns None and writes nothing when it already has that value.
        `game`: the game the setting belongs to, so the history of that game lists it."""
        _check_actor(actor)
        _check_text("setting name", key)
        if not key.strip():
            raise InvalidChange("A setting needs a name.")
        if value is not None:
            _check_text("setting value", value)
        with self._write() as conn:
            target = ("setting", key)
            after = None if value is None else {"value": value}
            if get_state(conn, target) == after:
                return None
            return self._change(conn, actor, "set_setting", game, target, after, guild)

    def undo(self, audit_id: int, actor: str, guild: str | None = None, may_write_shared: bool = True) -> AuditEntry:
        """Restore the before-state of a change (an import or starter load: the whole batch). With a guild:
        only that server's own changes, and shared-catalog ones only when `may_write_shared`."""
        _check_actor(actor)
        with self._write() as conn:
            return audit.undo(conn, audit_id, actor, guild=guild, may_write_shared=may_write_shared)

    def import_lackey(self, path_or_text: str | Path | bytes, actor: str,
                      game: str = DEFAULT_GAME, guild: str | None = None) -> ImportReport:
        """Import a LackeyCCG carddata.txt atomically; see bot.catalog.importer. Thread-safe.

        A Path or bytes is unambiguous; a str is file content when it holds a tab or newline, else a path.
        Front ends passing user-supplied text should call import_lackey_text, which never opens a file.
        """
        from bot.catalog.importer import read_source  # importing: not what a question pays for

        _check_actor(actor)
        text, source = read_source(path_or_text)
        return self._import(text, source, actor, game, guild)

    def import_lackey_text(self, text: str, actor: str, game: str = DEFAULT_GAME,
                           guild: str | None = None, name: str | None = None) -> ImportReport:
        """import_lackey for file content already in memory (e.g. a Discord attachment); `name`: the file's name
        as its sender gave it, said in every refusal and kept in the audit."""
        _check_actor(actor)
        _check_text("card file", text)
        label = " ".join(str(name or "").split())[:100]
        return self._import(text, label if label and label not in ("text", "bytes") else "text", actor, game, guild)

    def _import(self, text: str, source: str, actor: str, game: str, guild: str | None = None) -> ImportReport:
        from bot.catalog.importer import parse_lackey, write_import

        if not isinstance(game, str) or not game.strip():
            raise InvalidChange(f"An import needs a game, such as “{DEFAULT_GAME}”.")
        try:
            cards = parse_lackey(text, game)  # all validation happens here, before the lock
        except ImportFileError as problem:  # a file the user named is named in the message
            raise (problem.naming(source) if source not in ("text", "bytes") else problem) from None
        with self._write() as conn:
            return write_import(conn, cards, actor, game, source, guild)


def _alias_target(game: str, folded: str, guild: str | None) -> Target:
    return ("alias", game, folded) if guild is None else ("server_alias", guild, game, folded)


def load_starter(catalog: Catalog, *, only_if_empty: bool = False) -> int | None:
    """Load the bundled starter set into `catalog` (actor "starter", one audit batch); see
    bot.catalog.starter.write_starter."""
    from bot.catalog.starter import read_starter, write_official_starter, write_starter  # a new catalog only

    starter = read_starter()
    with catalog._write() as conn:
        header = write_starter(conn, starter, only_if_empty=only_if_empty)
        if header is not None:  # a new catalog: the published rulings Arbiter knows come with it
            write_official_starter(conn)
        return header
