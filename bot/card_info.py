"""What `arbiter card` and `/card` show about one card: the printing, how the name was matched, every printing,
and what its game reads off it (its ruleset's `card_info(card, annotations)`, e.g. the duration terms
per part and the zone it is usually played in). Shared by the command line and the Discord cog, so neither
imports the other."""

from __future__ import annotations

from typing import Any

from bot.service import Arbiter, match_json
from engine.registry import UnknownRuleset, find_ruleset


def card_json(arbiter: Arbiter, query: str, set_hint: str | None, guild: str | int | None = None) -> dict[str, Any]:
    """A card, its printings and terms; with a guild, as that server sees it (its aliases and annotations too)."""
    card, match = arbiter.find(query, set_hint, guild=guild)
    notes = arbiter.annotations_for(card, guild)
    try:
        read = getattr(find_ruleset(card.game), "card_info", None)
    except UnknownRuleset:
        read = None
    info = read(card, notes) if read is not None else {}
    printings = arbiter.printings(card)
    return {
        "card": {"name": card.name, "set": card.set, "type": card.type, "class": card.card_class,
                 "brigade": card.brigade, "identifier": card.identifier, "text": card.text,
                 "official_set": card.official_set},
        "match": match_json(match, arbiter.printing_report(match, guild)),
        "printings": [{"name": p.name, "set": p.set, "official_set": p.official_set} for p in printings],
        "parts": info.get("parts", []),
        "annotations": [vars(a) for a in notes],
        "default_zone": info.get("default_zone"),
    }
