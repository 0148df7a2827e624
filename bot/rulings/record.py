"""What one stored ruling holds: the inputs that ask it again, the answer as given, and a fingerprint of what
the answer depended on (the ruleset version, and per card its printing, words and annotations).

Pure data and hashing: no database, no Discord. Built by the front ends right after answering.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Annotation, Card

# The interpretation an answer carries when a server's own annotation decided it (bot/answers/layers.py adds it)
SERVER_ANNOTATION = "server-annotation"
SUMMARY_CHARS = 300  # the verdict line as stored; the comparison uses a hash of the whole line
_WORDS = ("type", "brigade", "card_class", "identifier", "text", "alignment")


def short_hash(value: Any) -> str:
    """8 hex digits of a canonical JSON dump: enough to tell that one card's data changed."""
    dumped = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(dumped.encode(), digest_size=4).hexdigest()


def words_hash(card: Card) -> str:
    """The rules-relevant data of a printing (not its rarity, image or legality)."""
    return short_hash([getattr(card, f) for f in _WORDS] + [sorted(card.extra.items())])


def notes_hash(notes: Iterable[Annotation]) -> str:
    """The moderators' annotations that applied, in a stable order; "" when there were none."""
    found = sorted([n.part, n.rule, n.value, n.text] for n in notes)
    return short_hash(found) if found else ""


def outcome_hash(verdict: str, rules: Sequence[str]) -> str:
    """What is compared to tell whether a ruling still stands: the verdict line and the rules it cites."""
    return short_hash([verdict, list(rules)])


@dataclass(frozen=True)
class CardBasis:
    """One card an answer looked at: its printing, a hash of its words and one of its annotations."""

    name: str
    set: str
    words: str
    notes: str

    def as_json(self) -> list[str]:
        return [self.name, self.set, self.words, self.notes]

    @classmethod
    def of(cls, card: Card, notes: Iterable[Annotation]) -> CardBasis:
        return cls(card.name, card.set, words_hash(card), notes_hash(notes))

    @classmethod
    def from_json(cls, row: Sequence[str]) -> CardBasis:
        return cls(*row[:4])


@dataclass(frozen=True)
class Basis:
    """What an answer depended on; compared field by field to say what changed since."""

    version: str                      # the ruleset version number, e.g. "2024.2"
    cards: tuple[CardBasis, ...]
    matched: Mapping[str, str] = field(default_factory=dict)  # typed name -> card name (plug-in games)
    house: str | None = None          # the server whose own annotations decided the answer (its layer), if any
    # Whether `house` was recorded with the answer (always, since house rulings were recorded); rows stored before
    # that say nothing, and only for them is a house ruling recognised from the answer asked again.
    house_recorded: bool = field(default=True, compare=False)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"v": self.version, "cards": [c.as_json() for c in self.cards]}
        if self.matched:
            out["matched"] = dict(self.matched)
        out["house"] = self.house or None  # null too: "recorded, a ruling of the shared catalog"
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Basis:
        return cls(str(data.get("v", "")), tuple(CardBasis.from_json(c) for c in data.get("cards", ())),
                   dict(data.get("matched") or {}), data.get("house") or None, "house" in data)


@dataclass(frozen=True)
class RulingRecord:
    """One answer as given; the store keeps the first one per id and counts the askings."""

    id: str
    game: str
    command: str
    inputs: Mapping[str, Any]
    version: str                      # the version name as asked, e.g. "current"
    guild: str | None
    verdict: str                      # one line: the decisive outcome
    rules: tuple[str, ...]
    basis: Basis
    at: int = field(default_factory=lambda: int(time.time()))

    @property
    def outcome(self) -> str:
        return outcome_hash(self.verdict, self.rules)

    @property
    def card_names(self) -> list[str]:
        return sorted({c.name for c in self.basis.cards})

    def row(self) -> dict[str, Any]:
        """The `rulings` table row (first_at = last_at = at, count 1)."""
        return {"id": self.id, "game": self.game, "command": self.command,
                "inputs": json.dumps(self.inputs, ensure_ascii=False, separators=(",", ":")),
                "version": self.version, "guild": self.guild, "summary": self.verdict[:SUMMARY_CHARS],
                "rules": ",".join(self.rules), "outcome": self.outcome,
                "basis": json.dumps(self.basis.as_json(), ensure_ascii=False, separators=(",", ":")),
                "first_at": self.at, "last_at": self.at, "count": 1}
