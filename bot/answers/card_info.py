"""What `arbiter card` and `/card` show about one card of any game: the printing, how the name was matched, every
printing (bot.answers.anywhere.card_view), and what its game reads off it (its ruleset's `card_info(card, annotations)`,
e.g. the duration terms per part and the zone it is usually played in). Shared by the command line and the
Discord cog, so neither imports the other."""

from __future__ import annotations

from typing import Any

from bot.answers.anywhere import card_view
from bot.answers.service import Arbiter
from engine.matching import MatchResult
from engine.registry import default_game, find_ruleset


def card_json(arbiter: Arbiter, query: str, set_hint: str | None, guild: str | int | None = None, *,
              found: tuple[Any, MatchResult] | None = None) -> dict[str, Any]:
    """A card, its printings and how its game reads it; with a guild, as that server sees it (its aliases and
    annotations too). `found`: the (ruleset, match) a lookup across the games made; without it the name is
    looked up among the default game's cards."""
    if found is None:
        _card, match = arbiter.find(query, set_hint, guild=guild)
        ruleset = find_ruleset(default_game())
    else:
        ruleset, match = found
    data = card_view(arbiter, ruleset, match, guild)
    read = getattr(ruleset, "card_info", None)
    if read is None or match.card is None:
        return data
    return {**data, **read(match.card, arbiter.annotations_for(match.card, guild))}
