"""Rows, JSON states and audit target keys: how cards, aliases, annotations and settings are stored.

Every write goes through `get_state`/`put_state` on a target key, so undo is one generic operation:
put the recorded `before` state back.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, fields
from typing import Any

from engine.cards import Annotation, Card

Target = tuple[Any, ...]
# Target kinds that have a stored state; batch headers ("import", "starter") do not.
STATE_KINDS = frozenset({"card", "alias", "server_alias", "annotation", "setting", "official"})
# Kinds that belong to one server's layer (or settings) rather than to the shared catalog.
LAYER_KINDS = frozenset({"server_alias", "setting"})
State = dict[str, Any]

# Column order of the `cards` table; Card.card_class is stored as `class`.
CARD_COLUMNS = ("game", "name", "set", "type", "brigade", "class", "identifier", "text", "official_set",
                "alignment", "rarity", "reference", "legality", "extra")
_CARD_FIELDS = tuple("card_class" if c == "class" else c for c in CARD_COLUMNS)
# Fields edit_card may change: everything but the key (renaming is delete + add).
EDITABLE_FIELDS = frozenset(f.name for f in fields(Card)) - {"game", "name", "set"}

CARD_SELECT = "SELECT " + ", ".join(f'"{c}"' for c in CARD_COLUMNS) + " FROM cards"
CARD_UPSERT = (
    "INSERT INTO cards (" + ", ".join(f'"{c}"' for c in CARD_COLUMNS) + ") VALUES ("
    + ", ".join("?" for _ in CARD_COLUMNS) + ') ON CONFLICT (game, name, "set") DO UPDATE SET '
    + ", ".join(f'"{c}" = excluded."{c}"' for c in CARD_COLUMNS[3:])
)
ANNOTATION_COLUMNS = ("game", "name", "set", "part", "rule", "text", "value", "note")
ANNOTATION_INSERT = ("INSERT INTO annotations (" + ", ".join(f'"{c}"' for c in ANNOTATION_COLUMNS)
                     + ") VALUES (" + ", ".join("?" for _ in ANNOTATION_COLUMNS) + ")")
ALIAS_INSERT = 'INSERT INTO aliases (game, alias_folded, alias, name, "set") VALUES (?, ?, ?, ?, ?)'
SERVER_ALIAS_INSERT = ('INSERT INTO server_aliases (guild, game, alias_folded, alias, name, "set") '
                       "VALUES (?, ?, ?, ?, ?, ?)")


def dumps(obj: Any) -> str:
    """Canonical JSON: the same state always gives the same text (targets are compared as text)."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def card_row(card: Card) -> tuple[Any, ...]:
    values = [getattr(card, f) for f in _CARD_FIELDS[:-1]]
    return (*values, dumps(dict(card.extra)))


def card_from_row(row: tuple[Any, ...] | list[Any]) -> Card:
    values = dict(zip(_CARD_FIELDS, row, strict=True))
    values["extra"] = json.loads(values["extra"] or "{}")
    return Card(**values)


def card_state(card: Card) -> State:
    state = asdict(card)
    state["extra"] = dict(card.extra)
    return state


def card_from_state(state: State) -> Card:
    return Card(**{**state, "extra": dict(state.get("extra") or {})})


def annotation_from_state(state: State) -> Annotation:
    return Annotation(part=state["part"], rule=state["rule"], text=state["text"], value=state["value"],
                      note=state["note"])


def card_target(game: str, name: str, set_: str) -> Target:
    return ("card", game, name, set_)


def describe(target: Target | list[Any]) -> str:
    """A target in words, for messages."""
    kind = target[0]
    if kind == "card":
        return f"{target[2]} ({target[3]})" if target[3] else str(target[2])
    if kind == "alias":
        return f"alias “{target[2]}”"
    if kind == "server_alias":
        return f"server alias “{target[3]}”"
    if kind == "annotation":
        return f"annotation #{target[1]}"
    if kind == "setting":
        return f"setting “{target[1]}”"
    if kind == "official":
        return f"official ruling #{target[1]}"
    return f"{kind} of {target[1]}"


def get_state(conn: sqlite3.Connection, target: Target | list[Any]) -> State | None:
    kind = target[0]
    if kind == "card":
        row = conn.execute(CARD_SELECT + ' WHERE game = ? AND name = ? AND "set" = ?', target[1:]).fetchone()
        return None if row is None else card_state(card_from_row(row))
    if kind == "alias":
        row = conn.execute('SELECT alias, name, "set" FROM aliases WHERE game = ? AND alias_folded = ?',
                           target[1:]).fetchone()
        return None if row is None else {"alias": row[0], "name": row[1], "set": row[2]}
    if kind == "server_alias":
        row = conn.execute('SELECT alias, name, "set" FROM server_aliases WHERE guild = ? AND game = ? '
                           "AND alias_folded = ?", target[1:]).fetchone()
        return None if row is None else {"alias": row[0], "name": row[1], "set": row[2]}
    if kind == "annotation":
        row = conn.execute("SELECT " + ", ".join(f'"{c}"' for c in ANNOTATION_COLUMNS)
                           + ", guild FROM annotations WHERE id = ?", target[1:]).fetchone()
        if row is None:
            return None
        state = dict(zip(ANNOTATION_COLUMNS, row[:-1], strict=True))
        if row[-1] is not None:  # only server annotations carry the key, so older audit states still compare
            state["guild"] = row[-1]
        return state
    if kind == "setting":
        row = conn.execute("SELECT value FROM settings WHERE key = ?", target[1:]).fetchone()
        return None if row is None else {"value": row[0]}
    if kind == "official":
        row = conn.execute("SELECT game, name, record FROM official_rulings WHERE id = ?", target[1:]).fetchone()
        return None if row is None else {"game": row[0], "name": row[1], "record": json.loads(row[2])}
    raise ValueError(f"not a state target: {target!r}")


def put_state(conn: sqlite3.Connection, target: Target | list[Any], state: State | None) -> None:
    """Make the target's stored state exactly `state` (None: absent)."""
    kind = target[0]
    if kind == "card":
        conn.execute('DELETE FROM cards WHERE game = ? AND name = ? AND "set" = ?', target[1:])
        if state is not None:
            conn.execute(CARD_UPSERT, card_row(card_from_state(state)))
    elif kind == "alias":
        conn.execute("DELETE FROM aliases WHERE game = ? AND alias_folded = ?", target[1:])
        if state is not None:
            conn.execute(ALIAS_INSERT, (target[1], target[2], state["alias"], state["name"], state["set"]))
    elif kind == "server_alias":
        conn.execute("DELETE FROM server_aliases WHERE guild = ? AND game = ? AND alias_folded = ?", target[1:])
        if state is not None:
            conn.execute(SERVER_ALIAS_INSERT, (*target[1:4], state["alias"], state["name"], state["set"]))
    elif kind == "annotation":
        conn.execute("DELETE FROM annotations WHERE id = ?", target[1:])
        if state is not None:
            conn.execute("INSERT INTO annotations (id, " + ", ".join(f'"{c}"' for c in ANNOTATION_COLUMNS)
                         + ", guild) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (target[1], *(state[c] for c in ANNOTATION_COLUMNS), state.get("guild")))
    elif kind == "setting":
        conn.execute("DELETE FROM settings WHERE key = ?", target[1:])
        if state is not None:
            conn.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (target[1], state["value"]))
    elif kind == "official":
        conn.execute("DELETE FROM official_rulings WHERE id = ?", target[1:])
        if state is not None:
            conn.execute("INSERT INTO official_rulings (id, game, name, record) VALUES (?, ?, ?, ?)",
                         (target[1], state["game"], state["name"], dumps(state["record"])))
    else:
        raise ValueError(f"not a state target: {target!r}")


def layer_of(target: Target | list[Any], *states: State | None) -> str | None:
    """The server whose layer a target belongs to, or None for the shared catalog (cards, shared aliases and
    annotations, imports). Settings are per server by their key, so they count as that server's."""
    kind = target[0]
    if kind == "server_alias":
        return str(target[1])
    if kind == "annotation":
        for state in states:
            if state and state.get("guild"):
                return str(state["guild"])
    return None


def card_of(target: Target | list[Any], *states: State | None) -> tuple[str | None, str | None]:
    """(name, set) of the card a change concerns, for the audit's history-by-card columns."""
    if target[0] == "card":
        return target[2], target[3]
    for state in states:
        if state and "name" in state:
            return state["name"], state.get("set")
    return None, None
