"""What the Discord cogs share, kept out of the cogs so that no cog imports another: the server an
interaction comes from, the name of a game's matcher among the bot's indexes, and finding a stored ruling."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.rulings.reask import Reasker, Standing
from bot.service import Arbiter

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot


def guild_of(interaction: discord.Interaction) -> str | None:
    """The server a ruling was asked in (stored with it), None in a direct message."""
    return str(interaction.guild_id) if interaction.guild_id is not None else None


def index_name(game: str) -> str:
    """The key of a game's card matcher in the bot's indexes (rebuilt with the catalog)."""
    return f"{game}-matcher"


def indexed_matcher(bot: ArbiterBot) -> Callable[[Any], Any]:
    """Each game's matcher from the bot's indexes, for asking stored rulings again."""

    def matcher(ruleset: Any) -> Any:
        return bot.indexes[index_name(ruleset.game)]

    return matcher


def find_standing(bot: ArbiterBot, ruling_id: str) -> Standing | None:
    """Blocking (a worker thread): the stored ruling asked again; a ruling still queued is written first."""
    arbiter: Arbiter = bot.arbiter
    log = arbiter.rulings
    if log is None:
        return None
    key = ruling_id.strip()
    stored = log.store.get(key) or log.store.get(key.upper())
    if stored is None and log.flush():
        stored = log.store.get(key) or log.store.get(key.upper())
    return None if stored is None else Reasker(arbiter, indexed_matcher(bot)).standing(stored)
