"""Regular expressions compiled once per catalog folder, not once per `arbiter` command.

Each game reads card text with a few hundred regular expressions, compiled when its modules are imported. Python
compiles a pattern in two steps: it parses it and generates a program (pure Python: most of the cost, 20-50 ms a
game), then hands the program to its C engine (`_sre.compile`, cheap). A one-shot command keeps the programs it
generated in `cards.db.patterns` beside the database and the next command hands them over directly.

Safe by construction: an entry is looked up by the exact pattern text and flags, the file is only used by the
same Python build (its version and the engine's magic number are the file's first line), only a file owned by
this user that nobody else may write is read, and it holds plain values (marshal: strings, numbers, lists), never
code objects. The C engine validates every program it is given; any failure (a missing file, a damaged one, a
program refused, an internal that changed) compiles the pattern as Python always does. Only whole `arbiter`
processes use it (bot/cli/app.py), never a caller of `main` in a longer-lived process.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

NAME = ".patterns"
KEEP = 5_000  # entries kept: enough for every game's patterns and then some; the used ones win beyond it

_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def _header() -> bytes:
    import _sre

    return f"arbiter-patterns 1 {sys.version} {_sre.MAGIC} {_sre.CODESIZE}\n".encode()


class PatternFile:
    """`re.compile` for this process, reading and recording compiled programs (`install`, then `save`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known: dict[tuple[str, int], _Entry] = {}
        self.used: set[tuple[str, int]] = set()
        self.new = 0
        self._original: Callable[..., re.Pattern[Any]] | None = None

    def load(self) -> None:
        try:
            stat = self.path.lstat()
            if stat.st_uid != os.geteuid() or stat.st_mode & 0o022 or not self.path.is_file():
                return
            data = self.path.read_bytes()
            header = _header()
            if not data.startswith(header):
                return
            known = marshal.loads(data[len(header):])
            if isinstance(known, dict):
                self.known = known
        except Exception:  # missing, damaged, another build's: compiled as usual
            self.known = {}

    def compile(self, pattern: Any, flags: Any = 0) -> re.Pattern[Any]:
        original = self._original or re.compile
        if type(pattern) is not str or not isinstance(flags, int) or int(flags) & (re.DEBUG | re.TEMPLATE):
            return original(pattern, flags)
        key = (pattern, int(flags))
        entry = self.known.get(key)
        if entry is not None:
            try:
                found = _made(pattern, entry)
                self.used.add(key)
                return found
            except Exception:  # a program the engine refuses: compiled as usual below
                del self.known[key]
        try:
            entry = _program(pattern, int(flags))
            found = _made(pattern, entry)
        except re.error:
            raise
        except Exception:  # an internal that changed: Python's own way
            return original(pattern, flags)
        self.known[key] = entry
        self.used.add(key)
        self.new += 1
        return found

    def install(self) -> None:
        self.load()
        self._original = re.compile
        re.compile = self.compile  # type: ignore[assignment]

    def uninstall(self) -> None:
        if self._original is not None and re.compile == self.compile:
            re.compile = self._original  # type: ignore[assignment]

    def save(self) -> None:
        """Write the programs back when this process generated any (atomically; never over another file)."""
        if not self.new:
            return
        known = self.known
        if len(known) > KEEP:
            known = {k: v for k, v in known.items() if k in self.used}
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            if self.path.exists():
                with self.path.open("rb") as file:
                    if file.read(len(b"arbiter-patterns ")) != b"arbiter-patterns ":
                        return
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(_header() + marshal.dumps(known))
            os.replace(temporary, self.path)
        except Exception:  # a read-only folder, a full disk: the next command compiles them again
            temporary.unlink(missing_ok=True)


def _program(pattern: str, flags: int) -> _Entry:
    """What `re.compile` hands the C engine (the steps of `re._compiler.compile`)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    # Plain ints (the opcodes are an int subclass): what marshal keeps, and what the engine reads alike.
    return (int(flags | parsed.state.flags), [int(c) for c in code], int(parsed.state.groups - 1),
            {str(k): int(v) for k, v in groupindex.items()}, tuple(indexgroup))


def _made(pattern: str, entry: _Entry) -> re.Pattern[Any]:
    import _sre

    flags, code, groups, groupindex, indexgroup = entry
    return _sre.compile(pattern, flags, code, groups, groupindex, indexgroup)  # type: ignore[no-any-return]


def database_folder_file(argv: list[str]) -> Path | None:
    """The pattern file beside the database a command line names (`--db PATH` or $ARBITER_DB), read before the
    command is parsed (parsing imports the game); None when it names none or the database does not exist."""
    db: str | None = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--db" and i + 1 < len(argv):
            db = argv[i + 1]
        elif word.startswith("--db="):
            db = word[len("--db="):]
    db = db or os.environ.get("ARBITER_DB")
    if not db or db == ":memory:":
        return None
    path = Path(db)
    return path.with_name(path.name + NAME) if path.is_file() else None  # nothing beside a database not there
