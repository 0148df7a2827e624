"""A game's card matcher kept in a file beside the card database (`cards.db.<game>.matcher`), so a command-line
question loads it instead of reading and indexing every card of the game again.

It is used only while it is what a fresh build would give: its first line is a key over the code that builds
matchers (the engine's files, this room's, the bundled starter sets, the Python version) and the catalog as
the question finds it (the card database's size and time, its WAL's when it holds commits, the newest audit
row: any write, even one made by hand, changes them). Another key, or any failure to read it, and the matcher
is built as before and the file written again (never over a file that is not one of these). Only a file owned
by this user and writable by nobody else is read, since it is a pickle; a folder that cannot be written just
goes without. Small games are not kept: building them is as quick as reading them.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import TypeVar

from engine.cards import Card
from engine.matching import Matcher

MAGIC = b"arbiter-matcher 1 "
INDEX_MAGIC = b"arbiter-index 1 "
KEEP_FROM = 200  # printings: below this (a starter set) a build costs about what reading the file does
IN_MEMORY = 6  # matchers a process keeps (a matcher is immutable, so one may serve every question)
_LOCK = threading.Lock()
T = TypeVar("T")
_IN_MEMORY: OrderedDict[tuple[str, str], tuple[bytes, Matcher]] = OrderedDict()


def path_for(db: Path, game: str) -> Path:
    return db.with_name(f"{db.name}.{game}.matcher")


@cache
def code_mark(game: str) -> str:
    """What the code that builds this game's matcher is: the files it reads (the engine's own modules, its game's
    package with its starter set, this room's modules, the bundled data), by size and modification time."""
    import engine
    from engine.bundled import REPO_DATA

    top = Path(engine.__file__).parent
    try:
        import arbiter_data  # type: ignore[import-not-found]

        data = Path(arbiter_data.__file__).parent
    except ModuleNotFoundError:
        data = REPO_DATA
    files = [*top.glob("*.py"), *Path(__file__).parent.glob("*.py"), *data.glob("*.json")]
    package = top / "rulesets" / game.replace("-", "_")
    if package.is_dir():
        files += [p for p in package.rglob("*") if p.suffix in (".py", ".json")]
    digest = hashlib.sha256(f"{sys.version}\0{game}".encode())
    for path in sorted(files):
        stat = path.stat()
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def catalog_mark(db: Path, newest_change: tuple[object, ...]) -> str:
    """The catalog as found now: taken before its cards are read, so a matcher is never older than its key."""
    parts = [repr(newest_change)]
    try:
        stat = db.stat()
        parts.append(f"{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ino}")
        wal = db.with_name(db.name + "-wal").stat()
        if wal.st_size:  # commits not yet in the file itself (an empty one is only touched by opening it)
            parts.append(f"{wal.st_size}:{wal.st_mtime_ns}")
    except OSError:
        pass
    return "|".join(parts)


def key_for(name: str, catalog: str) -> bytes:
    """`name`: the game, or the game and what else its matcher holds ("<game>-with-starter")."""
    game = name.split("-with-")[0]
    return hashlib.sha256(f"{code_mark(game)}\0{name}\0{catalog}".encode()).hexdigest().encode()


def _ours(path: Path) -> bool:
    """Only a file this user owns, which nobody else may write, is unpickled."""
    stat = path.lstat()
    return stat.st_uid == os.geteuid() and not stat.st_mode & 0o022 and path.is_file() and not path.is_symlink()


class _Printings:
    """The matcher's cards as kept in the file: each printing pickled on its own and made a `Card` when a question
    first reaches it (an exact name reaches a handful of the thousands, and making them all was a sixth of a
    question's time). A printing is made once, so it stays one object; a misspelt name reaches a few dozen."""

    __slots__ = ("_made", "_rows")

    def __init__(self, rows: list[bytes]) -> None:
        self._rows = rows
        self._made: list[Card | None] = [None] * len(rows)

    def __getstate__(self) -> list[bytes]:
        return self._rows

    def __setstate__(self, rows: list[bytes]) -> None:
        self.__init__(rows)  # type: ignore[misc]

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, i: int) -> Card:
        card = self._made[i]
        if card is None:
            card = self._made[i] = pickle.loads(self._rows[i])
        return card

    def __iter__(self) -> Iterator[Card]:
        return map(self.__getitem__, range(len(self._rows)))


class _Deferred(Matcher):
    """A matcher read back with the parts an exact name never touches (fuzzy and word indexes, autocomplete)
    still unread: the first use of any of them reads them all, with the same unpickler (so objects the two parts
    share stay one object)."""

    def __getattr__(self, name: str) -> object:  # only for attributes not there yet
        rest = self.__dict__.get("_rest")
        if rest is None or name not in rest[1]:
            raise AttributeError(name)
        with _LOCK:
            if "_rest" in self.__dict__:
                unpickler, _ = self.__dict__.pop("_rest")
                self.__dict__.update(unpickler.load())
        return object.__getattribute__(self, name)


def _touched_by_exact_names(matcher: Matcher) -> set[str]:
    """The attributes the matcher reads to answer exact names of its own cards (and their printings)."""
    touched: set[str] = set()

    class Tracing(type(matcher)):  # type: ignore[misc]
        def __getattribute__(self, name: str) -> object:
            touched.add(name)
            return object.__getattribute__(self, name)

    tracing = Tracing.__new__(Tracing)
    tracing.__dict__.update(matcher.__dict__)
    cards = matcher.cards
    for card in cards[:: max(1, len(cards) // 25)]:
        for query in (card.name, card.label, card.name.lower()):
            found = tracing.match(query).card
            if found is not None:
                tracing.printings_of(found)
                tracing.identity(found)
    return touched


def load(path: Path, key: bytes) -> Matcher | None:
    try:
        if not _ours(path):
            return None
        with path.open("rb") as file:
            if file.readline() != MAGIC + key + b"\n":
                return None
            unpickler = pickle.Unpickler(io.BytesIO(file.read()))
        eager, deferred = unpickler.load(), unpickler.load()
        found = _Deferred.__new__(_Deferred)
        found.__dict__.update(eager)
        if deferred:
            found.__dict__["_rest"] = (unpickler, frozenset(deferred))
        return found
    except Exception:  # a damaged, truncated or older file is rebuilt, never an error
        return None


def save(path: Path, key: bytes, matcher: Matcher) -> None:
    """Written beside the database, atomically; never over a file that is not one of these. Two parts: what
    an exact name reads, then the rest (read only when a question needs it)."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        if path.exists():
            with path.open("rb") as file:
                if file.read(len(MAGIC)) != MAGIC:
                    return
        needed = _touched_by_exact_names(matcher)
        state = dict(matcher.__dict__)
        # Each printing on its own, made when reached; the printings of cards the trace looked at are found again.
        state["_cards"] = _Printings([pickle.dumps(c, protocol=pickle.HIGHEST_PROTOCOL) for c in state["_cards"]])
        state["_printings_of"] = {}
        eager = {k: v for k, v in state.items() if k in needed}
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(MAGIC + key + b"\n")
            pickler = pickle.Pickler(file, protocol=pickle.HIGHEST_PROTOCOL)
            pickler.dump(eager)
            pickler.dump(sorted(k for k in state if k not in needed))  # the names the second part holds
            pickler.dump({k: v for k, v in state.items() if k not in needed})
        os.replace(temporary, path)
    except Exception:  # a read-only folder, a full disk, a matcher that cannot be pickled: no file, same answer
        temporary.unlink(missing_ok=True)


def kept(db: Path, game: str, newest_change: tuple[object, ...], build: Callable[[], Matcher]) -> Matcher:
    """The game's matcher from its file when that is current, else built (and kept for the next question). A
    process asking several questions of one catalog (the tests, a script calling `main`) keeps the last few
    it used in memory as well, under the same key."""
    if str(db) == ":memory:":
        return build()
    key = key_for(game, catalog_mark(db, newest_change))
    place = (str(db.resolve()), game)
    held = _IN_MEMORY.get(place)
    if held is not None and held[0] == key:
        _IN_MEMORY.move_to_end(place)
        return held[1]
    path = path_for(db, game)
    found = load(path, key) if path.exists() else None
    if found is None:
        found = build()
        if len(found.cards) >= KEEP_FROM:
            save(path, key, found)
    _IN_MEMORY[place] = (key, found)
    while len(_IN_MEMORY) > IN_MEMORY:
        _IN_MEMORY.popitem(last=False)
    return found


def kept_index(db: Path, name: str, key: bytes, build: Callable[[], T]) -> T:
    """Another index built from the catalog (`arbiter ask`'s name words), kept beside the database the same
    way, in one part, as `cards.db.<name>.index`: read back while `key` (made with `key_for`) is unchanged,
    else built and written again. In memory only for a database in memory."""
    if str(db) == ":memory:":
        return build()
    path = db.with_name(f"{db.name}.{name}.index")
    try:
        if path.exists() and _ours(path):
            with path.open("rb") as file:
                if file.readline() == INDEX_MAGIC + key + b"\n":
                    return pickle.Unpickler(file).load()  # type: ignore[no-any-return]
    except Exception:  # a damaged, truncated or older file is rebuilt, never an error
        pass
    found = build()
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        if path.exists():
            with path.open("rb") as file:
                if file.read(len(INDEX_MAGIC)) != INDEX_MAGIC:
                    return found  # never over a file that is not one of these
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(INDEX_MAGIC + key + b"\n")
            pickle.dump(found, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except Exception:  # a read-only folder, a full disk: no file, same answer
        temporary.unlink(missing_ok=True)
    return found
