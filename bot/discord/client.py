"""The Discord client: a thin adapter that loads the catalog into memory, syncs commands and routes errors."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.discord.errors import on_tree_error
from bot.discord.state import card_ref
from bot.service import Arbiter
from engine.cards import Card
from engine.registry import all_rulesets

log = logging.getLogger("arbiter.bot")


class ArbiterBot(commands.AutoShardedBot):
    def __init__(self, arbiter: Arbiter, *, store_rulings: bool = True, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # guild and role data for permission checks; no message content needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.arbiter = arbiter
        self.card_refs: dict[str, Card] = {}
        # Other in-memory indexes (each plug-in game's matcher) rebuilt with the catalog, off the event loop.
        self.index_builders: dict[str, Callable[[Arbiter], Any]] = {}
        self.indexes: dict[str, Any] = {}
        self.tree.on_error = on_tree_error
        # Every answer is stored under its ruling id by a background writer thread (bot/rulings/writer.py).
        self.store_rulings = store_rulings

    # -- catalog in memory -----------------------------------------------------------------------------

    def load_catalog(self) -> int:
        """Build the matchers and annotation snapshot; raises when the catalog is empty or unreadable."""
        count = self.arbiter.warm()  # swaps the snapshot in one step: readers never see it half built
        if count == 0:
            raise RuntimeError("the card database is empty; import cards with `arbiter cards import FILE`")
        self.card_refs = {card_ref(c): c for c in self.arbiter.all_cards()}
        self.indexes = {name: build(self.arbiter) for name, build in self.index_builders.items()}
        return count

    async def refresh_catalog(self) -> None:
        """After a moderator write: rebuild the in-memory catalog in a worker thread."""
        await asyncio.to_thread(self.load_catalog)

    # -- start-up --------------------------------------------------------------------------------------

    def start_rulings(self) -> None:
        from bot.rulings.store import RulingStore
        from bot.rulings.writer import RulingLog

        if self.store_rulings and self.arbiter.rulings is None:
            self.arbiter.rulings = RulingLog(RulingStore.for_catalog(self.arbiter.catalog), background=True)

    async def close(self) -> None:
        await super().close()
        log, self.arbiter.rulings = self.arbiter.rulings, None
        if log is not None:
            await asyncio.to_thread(log.close)  # writes what is still queued

    async def setup_hook(self) -> None:
        from bot.discord.cogs.carddb import CardDbCog
        from bot.discord.cogs.games import GamesCog
        from bot.discord.cogs.info import InfoCog
        from bot.discord.cogs.ruling import DurationCog, RulingButton
        from bot.discord.cogs.rulings import RulingsCog

        self.start_rulings()
        await self.add_cog(DurationCog(self))
        await self.add_cog(RulingsCog(self))
        await self.add_cog(InfoCog(self))
        await self.add_cog(CardDbCog(self))
        await self.add_cog(GamesCog(self))  # one /<game> group per plug-in ruleset
        self.add_dynamic_items(RulingButton)
        count = await asyncio.to_thread(self.load_catalog)
        synced = await self.tree.sync()
        versions = "; ".join(
            f"{r.title}: " + ", ".join(f"{v.name} {v.version}" for v in r.versions().values())
            for r in all_rulesets())
        log.info("Arbiter starting: %d cards in memory, %d global commands synced; rulesets: %s",
                 count, len(synced), versions)
