"""Ruling state packed into a button's custom_id, so buttons keep working across restarts.

Layout: arb:<action>:<card ref>:<zone>:<ruleset>:<part>:<events>[:<next event>][~<table>][@<owner>] — the card
ref is a short hash of game|name|set, zones and events are one character each (their index in the vocabulary; a
condition named by number, "condition-false:2", is F or T and the number), the table (only when the asker gave
it) is m or t (whose turn) and the number of players, or - for either not given, and the owner is the Discord id
(base 36) of the person whose ruling it is: only they may change the message. Buttons posted before owners (or
tables) existed have no `@<owner>` (`~<table>`) part and still parse.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import Card
from engine.registry import shortcut

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_EVENTS = 40  # with the owner, every custom_id stays below Discord's 100 characters (at most 88)
MAX_CUSTOM_ID = 100
OWNER = r"(?:@(?P<owner>[0-9a-z]{1,13}))?"  # the `@<owner>` end of every custom id (owner_suffix)
PATTERN = re.compile(
    r"arb:(?P<action>ev|rs):(?P<card>[0-9a-f]{10}):(?P<zone>[0-9a-z]):(?P<ruleset>[cp]):(?P<part>[A-Z]{0,9}|-):"
    r"(?P<events>(?:[0-9a-z]|[FT][0-9a-z]){0,40})(?::(?P<next>[0-9a-z]))?(?:~(?P<table>[mt-][2-8-]))?"
    + OWNER + "$")


# The menu of a card's other printings carries the same state (its options carry the printings' card refs).
PRINTING_PATTERN = re.compile(
    r"arbp:(?P<action>pr):(?P<card>[0-9a-f]{10}):(?P<zone>[0-9a-z]):(?P<ruleset>[cp]):(?P<part>[A-Z]{0,9}|-):"
    r"(?P<events>(?:[0-9a-z]|[FT][0-9a-z]){0,40})(?::(?P<next>[0-9a-z]))?(?:~(?P<table>[mt-][2-8-]))?"
    + OWNER + "$")


def printing_custom_id(state: RulingState) -> str:
    return "arbp" + state.custom_id("pr")[3:]


# The "which card?" menu of /duration carries the scenario the same way, with no card yet (NO_CARD); its
# options carry the candidates' card refs.
CHOICE_PATTERN = re.compile(
    r"arbc:(?P<action>ch):(?P<card>0{10}):(?P<zone>[0-9a-z]):(?P<ruleset>[cp]):(?P<part>-):"
    r"(?P<events>(?:[0-9a-z]|[FT][0-9a-z]){0,40})(?::(?P<next>[0-9a-z]))?(?:~(?P<table>[mt-][2-8-]))?"
    + OWNER + "$")
NO_CARD = "0" * 10


def choice_custom_id(state: RulingState) -> str:
    return "arbc" + state.custom_id("ch")[3:]


class StaleButton(ValueError):
    """A custom_id that matches the layout but names a zone or event this version does not know."""


def card_ref(card: Card) -> str:
    return hashlib.sha1(f"{card.game}|{card.name}|{card.set}".encode()).hexdigest()[:10]


def _base36(n: int) -> str:
    if n < 0:
        raise ValueError("a Discord id is not negative")
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _DIGITS[r] + out
        if n == 0:
            return out


def _event_code(event: str) -> str:
    """One event as the custom_id carries it: its index, or F/T and the number of a condition it names."""
    name, _, which = event.partition(":")
    if which:
        if not which.isdigit() or not 0 < int(which) < len(_DIGITS):
            raise ValueError(f"a condition in a button is named by its number, not {which!r}")
        return ("T" if name == "condition-true" else "F") + _DIGITS[int(which)]
    return _DIGITS[vocabulary()[1].index(event)]


def _decode_event(code: str) -> str:
    if code[0] in "FT":
        return f"condition-{'true' if code[0] == 'T' else 'false'}:{_DIGITS.index(code[1])}"
    return _digit(code, vocabulary()[1])


def vocabulary() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(zones, events) of the `/duration` question (engine.interface.EventScenario), in their fixed order."""
    found = shortcut("duration")
    if found is None:
        return (), ()
    return tuple(found[1].zones), tuple(found[1].events)


def owner_suffix(owner: int | None) -> str:
    """The `@<owner>` end of a custom_id: whose message it is (base 36), or nothing."""
    return "" if owner is None else "@" + _base36(owner)


def owner_in(match: re.Match[str]) -> int | None:
    """The owner an `@<owner>` end carries (owner_suffix read back; the group `owner` of OWNER), or None."""
    return int(match["owner"], 36) if match["owner"] else None


def owner_of(owner: int | None, interaction: Any) -> int | None:
    """Whose message a pressed component is on: the id its custom_id carries, else (older components) the user
    who asked for the message."""
    if owner is not None:
        return owner
    message = interaction.message
    metadata = message.interaction_metadata if message is not None else None
    return metadata.user.id if metadata is not None else None


def _digit(ch: str, vocabulary: tuple[str, ...] | list[str]) -> str:
    index = _DIGITS.index(ch)
    if index >= len(vocabulary):
        raise StaleButton(f"no entry {ch!r} in {len(vocabulary)} entries")
    return vocabulary[index]


@dataclass(frozen=True)
class RulingState:
    card: str
    zone: str
    ruleset: str
    part: str
    events: tuple[str, ...]
    owner: int | None = None  # the Discord user whose ruling this is
    turn: str | None = None  # whose turn the card was played on, when the asker said it
    players: int | None = None

    def owned_by(self, owner: int | None) -> RulingState:
        return replace(self, owner=owner)

    def custom_id(self, action: str, next_event: str | None = None) -> str:
        zones, vocabulary_events = vocabulary()
        events = "".join(_event_code(e) for e in self.events)
        cid = (f"arb:{action}:{self.card}:{_DIGITS[zones.index(self.zone)]}:{self.ruleset[0]}:"
               f"{self.part or '-'}:{events}")
        if next_event is not None:
            cid += ":" + _DIGITS[vocabulary_events.index(next_event)]
        if (self.turn, self.players) != (None, None):
            cid += f"~{(self.turn or '-')[0]}{self.players or '-'}"
        return cid + owner_suffix(self.owner)

    @classmethod
    def parse(cls, match: re.Match[str]) -> tuple[str, RulingState, str | None]:
        """(action, state, next event); raises StaleButton for an index outside this version's vocabulary."""
        zones, vocabulary_events = vocabulary()
        events = tuple(_decode_event(code) for code in re.findall(r"[FT][0-9a-z]|[0-9a-z]", match["events"]))
        ruleset = "current" if match["ruleset"] == "c" else "previous"
        part = "" if match["part"] == "-" else match["part"]
        owner = owner_in(match)
        table = match["table"] or "--"
        turn = {"m": "mine", "t": "theirs"}.get(table[0])
        players = int(table[1]) if table[1].isdigit() else None
        state = cls(match["card"], _digit(match["zone"], zones), ruleset, part, events, owner, turn, players)
        nxt = _digit(match["next"], vocabulary_events) if match["next"] else None
        return match["action"], state, nxt
