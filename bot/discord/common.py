"""What the Discord cogs share, kept out of the cogs so that no cog imports another: the server an
interaction comes from and its request context, the name of a game's matcher among the bot's indexes, the
default game's card names as suggestions, finding a stored ruling, and telling moderators what their change
changed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.answers.context import Request
from bot.answers.reask import Reasker, Standing, changed_by
from bot.answers.service import Arbiter
from bot.officials.records import disagreeing_about, disagreement_sentence
from engine.registry import default_game

SHOWN_IDS = 10  # stored rulings a moderator's reply names

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


def request_of(interaction: discord.Interaction) -> Request:
    """An interaction's context: the server it comes from, each game's matcher from the bot's indexes as that
    server sees it, the shared annotations and that server's own, every answer stored under its ruling id and
    compared with the recorded official rulings."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    arbiter, guild = bot.arbiter, interaction.guild_id

    def matcher_of(ruleset: Any) -> Any:
        return arbiter.matcher_for(ruleset.game, guild, base=bot.indexes[index_name(ruleset.game)])

    return Request(matcher_of, arbiter.shared_annotations, lambda card: arbiter.layer_annotations(card, guild),
                   guild_of(interaction), arbiter.rulings, arbiter.officials())


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


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Card names of the default game as the asking server sees them (its aliases too)."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    return [app_commands.Choice(name=c.name, value=c.value)
            for c in bot.arbiter.matcher_for(default_game(), interaction.guild_id).autocomplete(current, 25)]


async def changed_sentence(bot: ArbiterBot, touched: Mapping[str, Iterable[str]]) -> str:
    """For a moderator's reply: how many stored rulings the change just made changes, and which."""
    if bot.arbiter.rulings is None or not touched:
        return ""
    ids = await asyncio.to_thread(changed_by, bot.arbiter, touched, indexed_matcher(bot))
    officials = bot.arbiter.officials()
    differ = await asyncio.to_thread(disagreeing_about, Reasker(bot.arbiter, indexed_matcher(bot)), officials,
                                     touched) if officials else []
    official = disagreement_sentence(len(differ), "discord")
    if not ids:  # silent when nothing changes: the reply stays as it was
        return f" {official}" if official else ""
    shown = ", ".join(ids[:SHOWN_IDS]) + (", …" if len(ids) > SHOWN_IDS else "")
    return (f" This changes {len(ids)} stored ruling{'s' if len(ids) != 1 else ''}: {shown} "
            "(open one with /ruling id:…)." + (f" {official}" if official else ""))
