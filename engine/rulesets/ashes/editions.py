"""One card, two texts: how an Ashes card carries its Reborn and first-edition printings.

A card is ONE catalog Card per name (matched once, whatever the edition asked for); `Card.extra` holds one
JSON record per edition it was printed in, under the keys "reborn" and "1e":
  {"type", "placement", "cost": [...], "release", "conjurations": [names], "copies",
   "abilities": [{"name", "cost": [...], "text", "inexhaustible"}]}   (first edition: one entry per ability)
  or "text": "...\n\n..."                                               (Reborn: the printed text block)
Why one Card and not two printings: the matcher resolves a typed name to a single Card, so two printings
would make every name ambiguous (or pick one edition silently), and an answer must read both texts at once to
say what the other edition does. `Card.text` and `Card.type` show the Reborn printing when there is one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.rulesets.ashes.bonuses import read_bonuses

GAME = "ashes"
_TOKEN = re.compile(r"\[\[([^\]]+)\]\]")


@dataclass(frozen=True)
class Printing:
    """One edition's printing of a card, as the reader needs it."""

    edition: str
    name: str
    type: str
    placement: str
    cost: tuple[Any, ...]
    release: str
    conjurations: tuple[str, ...]
    copies: int | None
    abilities: tuple[dict[str, Any], ...] | None  # first edition: ready-split abilities
    text: str | None                               # Reborn: the text block
    life: int | None = None                        # a unit's or Phoenixborn's printed values (None: none, or X)
    attack: int | None = None
    recover: int | None = None
    # an alteration's printed value bonuses, signed (("attack", "+1"), ("life", "+X")): see bonuses.py
    bonuses: tuple[tuple[str, str], ...] = ()


def token_words(token: str) -> str:
    """A [[token]] as words: dice symbols, actions, or the name of a conjuration."""
    inner = token.strip()
    words = {"main": "Main Action", "side": "Side Action", "exhaust": "exhaust", "discard": "discard",
             "basic": "basic die"}
    if inner in words:
        return words[inner]
    if ":" in inner:
        kind, face = inner.split(":", 1)
        return f"{kind} {face} die"
    return inner


def plain(text: str) -> str:
    """Card text with its [[tokens]] as words."""
    return _TOKEN.sub(lambda m: token_words(m.group(1)), text)


def cost_words(cost: Any) -> str:
    if isinstance(cost, list):
        return " or ".join(cost_words(c) for c in cost)
    return plain(str(cost))


def printing(card: Card, edition: str) -> Printing | None:
    raw = card.extra.get(edition)
    if not raw:
        return None
    data = json.loads(raw)
    abilities = data.get("abilities")
    copies = data.get("copies")
    return Printing(edition=edition, name=card.name, type=str(data.get("type", "")),
                    placement=str(data.get("placement", "")), cost=tuple(data.get("cost") or ()),
                    release=str(data.get("release", "")), conjurations=tuple(data.get("conjurations") or ()),
                    copies=int(copies) if copies not in (None, "") else None,
                    abilities=tuple(abilities) if abilities is not None else None,
                    text=data.get("text"), life=_value(data.get("life")), attack=_value(data.get("attack")),
                    recover=_value(data.get("recover")),
                    bonuses=read_bonuses(str(data.get("type", "")), data))


def _value(raw: Any) -> int | None:
    """A printed value: a number (first-edition records write it as text), else None ("X", missing)."""
    text = str(raw).strip() if raw is not None else ""
    return int(text) if text.isdigit() else None


def editions_of(card: Card) -> tuple[str, ...]:
    return tuple(e for e in ("reborn", "1e") if card.extra.get(e))


def display_text(record: dict[str, Any]) -> str:
    if record.get("text") is not None:
        return plain(str(record["text"]))
    lines = []
    for ability in record.get("abilities") or ():
        head = f"{ability['name']}: " if ability.get("name") else ""
        cost = " - ".join(cost_words(c) for c in ability.get("cost") or ())
        lines.append(head + (f"{cost}: " if cost else "") + plain(str(ability.get("text", ""))))
    return "\n\n".join(lines)


def make_card(name: str, records: dict[str, dict[str, Any]]) -> Card:
    """The one Card of a name from its edition records (Reborn shown first when printed)."""
    shown = records.get("reborn") or records["1e"]
    release = str(shown.get("release", ""))
    set_name = release if "reborn" in records else f"{release} (first edition)".strip()
    extra = {edition: json.dumps(record, sort_keys=True) for edition, record in records.items()}
    text = display_text(shown)
    if "reborn" in records and "1e" in records and display_text(records["1e"]) != text:
        # one card, two texts: the card view shows both when they differ
        text = f"Reborn: {text}\n\nFirst edition: {display_text(records['1e'])}"
    return Card(game=GAME, name=name, set=set_name, type=str(shown.get("type", "")), text=text, extra=extra)
