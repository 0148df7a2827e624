"""LackeyCCG `carddata.txt` import: parse and validate the whole file, then write one batch.

Parsing is pure (no database), so benchmarks and matcher tests can use `parse_lackey` alone, and the
catalog runs it before taking its lock: a worker thread spends its time here without blocking readers.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.catalog.audit import now, record, record_many, row_values
from bot.catalog.errors import WHOLE_FILE, ImportFileError
from bot.catalog.records import CARD_SELECT, CARD_UPSERT, card_from_row, card_row, card_state, card_target
from engine.cards import Card
from engine.registry import DEFAULT_GAME  # a LackeyCCG card file is the default game's format

# Lackey header -> Card field. Other columns (ImageFile, Strength, Toughness, Sound) go to Card.extra.
LACKEY_FIELDS = {
    "Name": "name", "Set": "set", "Type": "type", "Brigade": "brigade", "Class": "card_class",
    "Identifier": "identifier", "SpecialAbility": "text", "OfficialSet": "official_set",
    "Alignment": "alignment", "Rarity": "rarity", "Reference": "reference", "Legality": "legality",
}
REQUIRED_COLUMNS = ("Name", "Set", "Type", "SpecialAbility")


@dataclass(frozen=True)
class ImportReport:
    added: int
    updated: int
    unchanged: int
    total: int
    audit_id: int | None  # the batch header to undo; None when nothing changed (nothing is written)


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def decode(data: bytes) -> str:
    """Strict UTF-8; the error names the line of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ImportFileError(line, f"not valid UTF-8 (byte 0x{data[exc.start]:02X})") from None


def read_source(path_or_text: str | Path | bytes) -> tuple[str, str]:
    """(text, source label). A str with a tab or newline is file content; any other str is a path."""
    if isinstance(path_or_text, bytes):
        return decode(path_or_text), "bytes"
    if isinstance(path_or_text, str) and ("\t" in path_or_text or "\n" in path_or_text):
        return path_or_text, "text"
    path = Path(path_or_text)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFileError(None, f"Cannot read {path}: {exc.strerror or exc}.") from None
    try:
        return decode(data), path.name
    except ImportFileError as problem:
        raise problem.naming(path.name) from None


def parse_lackey(text: str, game: str = DEFAULT_GAME) -> list[Card]:
    """Every row of a Lackey card file as a Card, text kept exactly as in the file.

    Raises ImportFileError (with the 1-based line) on the first problem: a bad header, a row with fewer
    fields than the header or with text beyond it (extra *empty* trailing fields are allowed when the row's
    own columns check out: two real rows have 30), an empty Name, Set or Type (a stray tab shifts a row and
    empties one of them), a (Name, Set) seen before, a NUL character or an unencodable character.
    """
    if "\x00" in text:
        raise ImportFileError(_line_of(text, text.index("\x00")), "contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # lone surrogates: SQLite could not store them
        raise ImportFileError(_line_of(text, exc.start), "has a character that is not valid UTF-8") from None
    lines = text.split("\n")
    while lines and lines[-1].strip("\r") == "":
        lines.pop()  # a final newline (or several) is not a row
    if not lines:
        raise ImportFileError(None, WHOLE_FILE + "is empty.")
    header = lines[0].removesuffix("\r").removeprefix("\ufeff").split("\t")
    while header and header[-1] == "":
        header.pop()
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise ImportFileError(1, f"the header lacks {', '.join(missing)}; is this a LackeyCCG carddata.txt?")
    repeated = sorted({c for c in header if header.count(c) > 1})
    if repeated:
        raise ImportFileError(1, f"the header repeats {', '.join(repeated)}")
    if len(lines) == 1:  # a header alone imports nothing: a file cut short, or the wrong file
        raise ImportFileError(None, WHOLE_FILE + "has its header line but no card rows.")
    ncols = len(header)
    mapped = [(i, LACKEY_FIELDS[c]) for i, c in enumerate(header) if c in LACKEY_FIELDS]
    extras = [(i, c) for i, c in enumerate(header) if c not in LACKEY_FIELDS]
    name_i, set_i, type_i = header.index("Name"), header.index("Set"), header.index("Type")
    seen: dict[tuple[str, str], int] = {}
    cards: list[Card] = []
    for lineno, line in enumerate(lines[1:], start=2):
        fields = line.removesuffix("\r").split("\t")
        if len(fields) < ncols or (len(fields) > ncols and any(f.strip() for f in fields[ncols:])):
            found = f"{len(fields)}" + ("" if len(fields) < ncols else " with text after the last column")
            raise ImportFileError(lineno, f"expected {ncols} tab-separated fields, found {found}")
        name, set_ = fields[name_i], fields[set_i]
        if not name.strip():
            raise ImportFileError(lineno, "the Name field is empty")
        # A stray tab shifts every later field one column right; the empty tail it pushes out would pass the
        # check above, so a row longer than the header must at least have its Set and Type where they belong.
        for column, index in (("Set", set_i), ("Type", type_i)):
            if not fields[index].strip():
                shifted = (f" ({len(fields)} fields where the header has {ncols}: is there a stray tab?)"
                           if len(fields) != ncols else "")
                raise ImportFileError(lineno, f"the {column} field is empty{shifted}")
        first = seen.setdefault((name, set_), lineno)
        if first != lineno:
            raise ImportFileError(lineno, f"“{name}” in set “{set_}” is already on line {first}")
        values = {f: fields[i] for i, f in mapped}
        extra = {c: fields[i] for i, c in extras if fields[i]}
        cards.append(Card(game=game, **values, extra=extra))
    return cards


def write_import(conn: sqlite3.Connection, cards: list[Card], actor: str, game: str,
                 source: str, guild: str | None = None, records: dict[str, int] | None = None) -> ImportReport:
    """Upsert parsed cards inside the caller's transaction; one audit batch of the rows that changed.

    Never deletes: cards missing from the file, aliases and annotations stay as they are. `records` (each
    source file's number of records) is kept in the batch header for the next import's floors.
    """
    existing = {(row[1], row[2]): row for row in conn.execute(CARD_SELECT + " WHERE game = ?", (game,))}
    changed: list[tuple[Card, tuple[object, ...], tuple[object, ...] | None]] = []
    unchanged = 0
    for card in cards:
        row, old = card_row(card), existing.get((card.name, card.set))
        if old is not None and old[:-1] == row[:-1] and json.loads(old[-1]) == card.extra:
            unchanged += 1
        else:
            changed.append((card, row, old))
    added = sum(1 for _, _, old in changed if old is None)
    report = {"source": source, "added": added, "updated": len(changed) - added, "unchanged": unchanged,
              "total": len(cards), **({"records": records} if records is not None else {})}
    if not changed:
        return ImportReport(0, 0, unchanged, len(cards), None)
    header = record(conn, actor, "import", game, ("import", game, source), None, report, guild=guild)
    conn.executemany(CARD_UPSERT, [row for _, row, _ in changed])
    at = now()
    record_many(conn, [
        row_values(at, actor, "add_card" if old is None else "edit_card", game,
                   card_target(game, card.name, card.set),
                   None if old is None else card_state(card_from_row(old)), card_state(card), batch=header,
                   guild=guild)
        for card, _, old in changed])
    return ImportReport(added, len(changed) - added, unchanged, len(cards), header)
