"""The bundled starter set: a few annotated cards so a fresh install answers before any import.

File format (data/starter_redemption.json, shipped as the `arbiter_data` package):
{"game", "version", "source", "cards": [{name, set, type, brigade, class, identifier, text, official_set,
alignment, aliases: [str], annotations: [{part, rule, text, value, note}]}]}.
Aliases lead to every printing of the card's name; annotations attach to the card's own printing.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from bot.catalog.audit import now, record, record_many, row_values
from bot.catalog.errors import StarterError
from bot.catalog.officials import OFFICIAL_IMPORT, write_officials
from bot.catalog.paths import read_data_text
from bot.catalog.records import (
    ANNOTATION_COLUMNS,
    ANNOTATION_INSERT,
    card_state,
    card_target,
    get_state,
    put_state,
)
from engine.cards import Annotation, Card
from engine.names import fold
from engine.official import OfficialRuling

STARTER_FILE = "starter_redemption.json"
STARTER_ACTOR = "starter"
_CARD_KEYS = {"name": "name", "set": "set", "type": "type", "brigade": "brigade", "class": "card_class",
              "identifier": "identifier", "text": "text", "official_set": "official_set",
              "alignment": "alignment", "rarity": "rarity", "reference": "reference", "legality": "legality"}


@dataclass(frozen=True)
class Starter:
    game: str
    version: int
    source: str
    cards: list[Card]
    aliases: list[tuple[str, str, str]]  # (alias, name, set of the card that lists it)
    annotations: list[tuple[str, str, Annotation]]  # (name, set, annotation)


def read_starter(text: str | None = None) -> Starter:
    """Parse the starter file (the bundled one unless `text` is given); StarterError if it is malformed."""
    try:
        data = json.loads(read_data_text(STARTER_FILE) if text is None else text)
        game = data["game"]
        cards, aliases, notes = [], [], []
        for entry in data["cards"]:
            card = Card(game=game, **{_CARD_KEYS[k]: str(v) for k, v in entry.items() if k in _CARD_KEYS})
            if not card.name.strip():
                raise ValueError("a card has no name")
            cards.append(card)
            aliases += [(str(a), card.name, card.set) for a in entry.get("aliases", [])]
            notes += [(card.name, card.set, Annotation(**{k: str(n.get(k) or "") for k in
                                                          ("part", "rule", "text", "value", "note")}))
                      for n in entry.get("annotations", [])]
        return Starter(game, int(data.get("version", 1)), str(data.get("source", "")), cards, aliases, notes)
    except FileNotFoundError as exc:
        raise StarterError(f"The starter set {STARTER_FILE} is missing ({exc.filename}).") from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StarterError(f"The starter set {STARTER_FILE} is malformed: {exc!r}.") from None


def write_starter(conn: sqlite3.Connection, starter: Starter, *, only_if_empty: bool = False) -> int | None:
    """Add what is not there yet (cards, aliases, identical annotations are skipped) as one audit batch.

    Returns the batch id, or None when nothing was new (nothing is written). Runs in the caller's transaction.
    """
    if only_if_empty and conn.execute("SELECT 1 FROM cards LIMIT 1").fetchone():
        return None
    game = starter.game
    changes: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    for card in starter.cards:
        target = card_target(game, card.name, card.set)
        if get_state(conn, target) is None and all(t != target for t, _ in changes):
            changes.append((target, card_state(card)))
    for alias, name, _set in starter.aliases:
        target = ("alias", game, fold(alias))
        if target[2] and get_state(conn, target) is None and all(t != target for t, _ in changes):
            changes.append((target, {"alias": alias, "name": name, "set": None}))
    new_notes = []
    for name, set_, note in starter.annotations:
        state = {"game": game, "name": name, "set": set_, **vars(note)}
        where = " AND ".join(f'"{c}" IS ?' for c in ANNOTATION_COLUMNS)
        if not conn.execute(f"SELECT 1 FROM annotations WHERE {where}", [state[c] for c in ANNOTATION_COLUMNS]
                            ).fetchone():
            new_notes.append(state)
    if not changes and not new_notes:
        return None
    summary = {"source": starter.source, "version": starter.version, "changes": len(changes) + len(new_notes)}
    header = record(conn, STARTER_ACTOR, "starter", game, ("starter", game), None, summary)
    rows = []
    at = now()
    for target, state in changes:
        put_state(conn, target, state)
        rows.append(row_values(at, STARTER_ACTOR, "add_card" if target[0] == "card" else "add_alias", game,
                               target, None, state, batch=header))
    for state in new_notes:
        cur = conn.execute(ANNOTATION_INSERT, [state[c] for c in ANNOTATION_COLUMNS])
        target = ("annotation", cur.lastrowid)
        rows.append(row_values(at, STARTER_ACTOR, "annotate", game, target, None, state, batch=header))
    record_many(conn, rows)
    return header


OFFICIAL_STARTER = "official_rulings.json"


def write_official_starter(conn: sqlite3.Connection) -> int | None:
    """The shipped official rulings (data/official_rulings.json) as one audit batch, into a catalog that has
    none yet; returns the batch id (None: nothing written)."""
    if conn.execute("SELECT 1 FROM official_rulings LIMIT 1").fetchone():
        return None
    try:
        data = json.loads(read_data_text(OFFICIAL_STARTER))
        rulings = [OfficialRuling.from_json(r) for r in data["rulings"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise StarterError(f"The official rulings {OFFICIAL_STARTER} are malformed: {exc!r}.") from None
    return write_officials(conn, rulings, STARTER_ACTOR, OFFICIAL_STARTER, action=OFFICIAL_IMPORT)
