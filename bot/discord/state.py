"""Ruling state packed into a button's custom_id, so buttons keep working across restarts.

Layout: arb:<action>:<card ref>:<zone>:<ruleset>:<part>:<events>[:<next event>] — the card ref is a short
hash of game|name|set, zones and events are one character each (their index in the vocabulary).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from engine.cards import Card
from engine.rulesets.redemption import EVENTS, ZONES

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_EVENTS = 40  # keeps every custom_id far below Discord's 100 characters
PATTERN = re.compile(
    r"arb:(?P<action>ev|rs):(?P<card>[0-9a-f]{10}):(?P<zone>[0-9a-z]):(?P<ruleset>[cp]):(?P<part>[A-Z]{0,9}|-):"
    r"(?P<events>[0-9a-z]{0,40})(?::(?P<next>[0-9a-z]))?$")


def card_ref(card: Card) -> str:
    return hashlib.sha1(f"{card.game}|{card.name}|{card.set}".encode()).hexdigest()[:10]


@dataclass(frozen=True)
class RulingState:
    card: str
    zone: str
    ruleset: str
    part: str
    events: tuple[str, ...]

    def custom_id(self, action: str, next_event: str | None = None) -> str:
        events = "".join(_DIGITS[EVENTS.index(e)] for e in self.events)
        cid = (f"arb:{action}:{self.card}:{_DIGITS[ZONES.index(self.zone)]}:{self.ruleset[0]}:"
               f"{self.part or '-'}:{events}")
        if next_event is not None:
            cid += ":" + _DIGITS[EVENTS.index(next_event)]
        return cid

    @classmethod
    def parse(cls, match: re.Match[str]) -> tuple[str, RulingState, str | None]:
        events = tuple(EVENTS[_DIGITS.index(ch)] for ch in match["events"])
        ruleset = "current" if match["ruleset"] == "c" else "previous"
        part = "" if match["part"] == "-" else match["part"]
        state = cls(match["card"], ZONES[_DIGITS.index(match["zone"])], ruleset, part, events)
        nxt = EVENTS[_DIGITS.index(match["next"])] if match["next"] else None
        return match["action"], state, nxt
