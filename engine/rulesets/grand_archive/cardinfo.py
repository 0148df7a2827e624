"""What a Grand Archive Card row carries: types in `type` ("UNIQUE ALLY"), subtypes in `card_class`
("CLERIC AUTOMATON"), the GA index uuid in `identifier`, the cost and deck in `extra`."""

from __future__ import annotations

import re

from engine.cards import Card

GAME = "grand-archive"
PERMANENT_TYPES = frozenset({"ally", "item", "weapon", "champion", "phantasia", "domain", "regalia", "mastery"})
RESOLVING_TYPES = frozenset({"action", "attack"})


def types_of(card: Card) -> frozenset[str]:
    return frozenset(w.lower() for w in re.split(r"[\s,/]+", card.type) if w)


def subtypes_of(card: Card) -> frozenset[str]:
    return frozenset(w.lower() for w in re.split(r"[\s,/]+", card.card_class) if w)


def is_permanent(card: Card) -> bool:
    """A card that stays on the field as an object (its paragraphs without a trigger are standing abilities)."""
    types = types_of(card)
    return bool(types & PERMANENT_TYPES) and not (types & RESOLVING_TYPES and not types & {"ally", "phantasia"})


def paragraphs_of(card: Card) -> list[str]:
    """The card's paragraphs (blank-line separated), as printed."""
    return [p.strip() for p in re.split(r"\n\s*\n", card.text or "") if p.strip()]


def short_names(card: Card) -> list[str]:
    """How the card's text names itself: the full name, the part before a comma ("Claude"), the part after a
    colon ("Terminus")."""
    names = [card.name]
    if "," in card.name:
        names.append(card.name.split(",")[0].strip())
    if ": " in card.name:  # "Spirit Blade: Terminus" calls itself Terminus
        names.append(card.name.split(": ", 1)[1].strip())
    return names
