"""Floors that keep a cut-short source from wiping a game's imported cards, checked inside the import's write
transaction before anything is written (nothing here names a game).

An import never deletes, but a truncated file still does damage: the cards it no longer gives are left behind
unrefreshed, and the cards whose details came from it are rewritten without them (a card text file cut to
one record empties the text of hundreds of cards). Small synthetic sources stay importable into a game the
catalog does not hold yet; the floors are relative to what the catalog already holds:

- a file: fewer than (1 - SHRINK_SHARE) of the records the game's last import read from it (the counts are kept
  in that import's audit header, `records`);
- the cards: more than SHRINK_SHARE of the game's cards in the catalog left out or losing a filled-in detail.

`--allow-shrink` skips both (a source that really did get smaller); the files' own minimums (FileShape) stay.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import fields

from bot.catalog.records import CARD_SELECT, card_from_row, loads
from engine.cards import Card
from engine.interface import SourceError

SHRINK_SHARE = 0.10
ALLOW_OPTION = "--allow-shrink"
_PERCENT = f"{SHRINK_SHARE:.0%}"
_DETAILS = tuple(f.name for f in fields(Card) if f.name not in ("game", "name", "set", "extra"))


def last_record_counts(conn: sqlite3.Connection, game: str) -> dict[str, int]:
    """Each file's number of records in the game's last import that is still in force (not undone)."""
    rows = conn.execute("SELECT after FROM audit WHERE action = 'import' AND game = ? AND batch IS NULL "
                        "AND undone_by IS NULL ORDER BY id DESC", (game,))
    for (after,) in rows:
        records = (loads(after) or {}).get("records")
        if isinstance(records, dict):
            return {rel: n for rel, n in records.items() if isinstance(n, int) and not isinstance(n, bool)}
    return {}


def check_files(title: str, counts: Mapping[str, int], previous: Mapping[str, int]) -> None:
    """SourceError naming the first file that lost more than SHRINK_SHARE of its records since the last import."""
    for rel, now in counts.items():
        before = previous.get(rel, 0)
        if before and now < before * (1 - SHRINK_SHARE):
            raise SourceError(rel, f"has {_records(now)} where the last {title} import read {before:,}; an import "
                                   f"may lose at most {_PERCENT} of a file's records, so nothing was imported "
                                   f"(is the file cut short? {ALLOW_OPTION} imports it anyway)")


def _records(n: int) -> str:
    return f"{n:,} record{'' if n == 1 else 's'}"


def _filled(card: Card) -> set[str]:
    """The card's details that hold something: its fields and the keys of its extra details."""
    return {f for f in _DETAILS if getattr(card, f)} | {k for k, v in card.extra.items() if v not in ("", None)}


def shrinkage(existing: Iterable[Card], cards: Iterable[Card]) -> tuple[int, int, Counter[str]]:
    """(cards left out, cards left with fewer filled-in details, how often each detail is lost). A detail
    renamed by a newer parser is no loss: a card counts only when its number of filled-in details falls."""
    new = {(c.name, c.set): c for c in cards}
    left_out, emptied, lost = 0, 0, Counter[str]()
    for old in existing:
        card = new.get((old.name, old.set))
        if card is None:
            left_out += 1
            continue
        before, after = _filled(old), _filled(card)
        if len(after) < len(before):
            emptied += 1
            lost.update(before - after)
    return left_out, emptied, lost


def check_cards(conn: sqlite3.Connection, game: str, title: str, where: str, cards: list[Card]) -> None:
    """SourceError when the import would leave out or empty more than SHRINK_SHARE of the game's cards."""
    existing = [card_from_row(row) for row in conn.execute(CARD_SELECT + " WHERE game = ?", (game,))]
    left_out, emptied, lost = shrinkage(existing, cards)
    if left_out + emptied <= len(existing) * SHRINK_SHARE:
        return
    harm = [f"leave out {left_out:,}"] if left_out else []
    if emptied:
        details = ", ".join(name for name, _ in lost.most_common(3))
        harm.append(f"take details ({details}) from {emptied:,}")
    raise SourceError(where, f"these sources would {' and '.join(harm)} of the {len(existing):,} {title} cards in "
                             f"the catalog; an import may do that to at most {_PERCENT} of them, so nothing was "
                             f"imported (is a file cut short? {ALLOW_OPTION} imports it anyway)")
