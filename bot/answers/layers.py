"""Server layers on top of the shared catalog: name matching that sees one server's nicknames and the shared
aliases written since the matcher was built, and the words an answer gets when a server's entry decided it.

The shared `Matcher` is immutable and costs a fraction of a second to build on the real catalog, so an alias
write must not rebuild it: `LayeredMatcher` consults two small maps first (this server's aliases, and the
shared aliases that differ from what the matcher was built with) and hands everything else to the matcher.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from bot.rulings.record import SERVER_ANNOTATION
from engine.cards import Annotation, Card
from engine.matching import MAX_QUERY, Candidate, Choice, Matcher, MatchResult, card_value
from engine.names import fold

# (alias as typed, card name, set or None for every printing)
AliasRow = tuple[str, str, str | None]
SERVER_ALIAS = "server-alias"
NO_ALIASES: Mapping[str, AliasRow] = {}


@dataclass(frozen=True)
class LayeredMatch(MatchResult):
    """A match result that says whether this server's own alias chose the card."""

    server_alias: str | None = None


@dataclass(frozen=True)
class AliasOverlay:
    """Shared aliases changed since the base matcher was built: added or retargeted, and removed."""

    added: Mapping[str, AliasRow]
    removed: frozenset[str]


EMPTY_OVERLAY = AliasOverlay({}, frozenset())


class LayeredMatcher:
    """The same questions as engine.matching.Matcher (match, autocomplete, resolve_value), seen from one server.

    Order: an exact card name wins; then this server's alias; then a shared alias added since the base was
    built; then whatever the base says (except a shared alias removed since, which no longer leads anywhere).
    """

    def __init__(self, base: Matcher, overlay: AliasOverlay = EMPTY_OVERLAY,
                 server: Mapping[str, AliasRow] = NO_ALIASES) -> None:
        self.base = base
        self.overlay = overlay
        self.server = server

    @property
    def cards(self) -> list[Card]:
        return self.base.cards

    def resolve_value(self, value: str) -> Card | None:
        return self.base.resolve_value(value)

    def match(self, query: str, set_hint: str | None = None) -> MatchResult:
        found = self.base.match(query, set_hint)
        if found.how == "exact" or (not self.server and not self.overlay.added and not self.overlay.removed):
            return found
        q = fold((query or "")[:MAX_QUERY])
        row, server = self.server.get(q), True
        if row is None:
            row, server = self.overlay.added.get(q), False
        if row is not None:
            chosen = self._alias(query, row, set_hint, server)
            if chosen is not None:
                return chosen
        if q in self.overlay.removed and _through_alias(found):
            return MatchResult(query, "not-found", None, [])
        return found

    def autocomplete(self, query: str, limit: int = 25) -> list[Choice]:
        q = fold((query or "")[:MAX_QUERY])
        extra: list[Choice] = []
        if q:
            for table in (self.server, self.overlay.added):
                for key, row in table.items():
                    if key.startswith(q):
                        extra += [Choice(c.label, card_value(c)) for c in self._targets(row)]
        out = {c.value: c for c in extra}
        for choice in self.base.autocomplete(query, limit):
            out.setdefault(choice.value, choice)
        return list(out.values())[:limit]

    def _targets(self, row: AliasRow) -> list[Card]:
        found = self.base.match(row[1], row[2])
        cards = [found.card] if found.card is not None else [c.card for c in found.candidates]
        return [c for c in cards if fold(c.name) == fold(row[1])]

    def _alias(self, query: str, row: AliasRow, set_hint: str | None, server: bool) -> MatchResult | None:
        """The alias's card, decided as the base decides an exact name; None when its card is gone."""
        alias, name, set_ = row
        found = self.base.match(name, set_ or set_hint)
        layer = alias if server else None
        if found.card is not None and fold(found.card.name) == fold(name):
            return _layered(found, query, "alias", found.card, found.candidates, layer)
        if found.how == "ambiguous" and any(fold(c.card.name) == fold(name) for c in found.candidates):
            named = [Candidate(c.card, c.score, "alias") for c in found.candidates if fold(c.card.name) == fold(name)]
            return _layered(found, query, "ambiguous", None, named, layer)
        return None


def _layered(found: MatchResult, query: str, how: str, card: Card | None, candidates: list[Candidate],
             server_alias: str | None) -> LayeredMatch:
    """The base's result for the alias's card, told as a match of the query typed (every other field kept)."""
    kept = {f.name: getattr(found, f.name) for f in fields(MatchResult)}
    kept.update(query=query, how=how, card=card, candidates=candidates)
    return LayeredMatch(**kept, server_alias=server_alias)


def _through_alias(found: MatchResult) -> bool:
    return found.how == "alias" or (found.how == "ambiguous" and bool(found.candidates)
                                    and all(c.how == "alias" for c in found.candidates))


# --- what an answer says when a server's entry decided it --------------------------------------------

def describe_note(note: Annotation) -> str:
    value = f" ({note.value})" if note.value else ""
    text = f" “{note.text}”" if note.text else ""
    part = f"part {note.part}" if note.part and note.part != "*" else ("every part" if note.part else "the ability")
    return f"{note.rule}{value}{text} on {part}"


def server_annotation_text(card: Card, notes: Sequence[Annotation]) -> str:
    said = "; ".join(describe_note(n) for n in notes)
    return (f"Server annotation: this server's moderators set {said} for {card.name}; this is a house ruling "
            "of this server only, and other servers' answers follow the shared catalog.")


def server_alias_text(alias: str, card: Card) -> str:
    return f"“{alias}” is this server's own nickname (a server alias) for {card.name}; other servers do not know it."


def layered_ruling_id(shared_id: str, guild: str, notes: Sequence[Annotation]) -> str:
    """A ruling decided with a server's annotations gets its own id: never the shared answer's, stable for the
    same server and annotations."""
    key = json.dumps([shared_id, str(guild), sorted(json.dumps(vars(n), sort_keys=True) for n in notes)])
    return "R-" + hashlib.sha256(key.encode()).hexdigest()[:10].upper()


def mark_plugin_answer(data: dict[str, Any], card: Card, notes: Sequence[Annotation], guild: str) -> None:
    """A plug-in game's JSON answer (engine/interface.py shapes) decided with server annotations: say so in its
    trace and interpretations, and give it its own ruling id."""
    text = server_annotation_text(card, notes)
    rule = notes[0].rule if len({n.rule for n in notes}) == 1 else None
    if isinstance(data.get("interpretations"), list):
        data["interpretations"].append({"id": SERVER_ANNOTATION, "rule": rule, "text": text})
    if isinstance(data.get("trace"), list):
        data["trace"].append({"rule": rule, "trigger": "server annotation", "decision": text,
                              "source": SERVER_ANNOTATION, "event": None})
    if isinstance(data.get("ruling_id"), str):
        data["ruling_id"] = layered_ruling_id(data["ruling_id"], guild, notes)
