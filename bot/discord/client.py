"""The Discord client: a thin adapter that loads the catalog into memory, syncs commands and routes errors."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import Any

import aiohttp
import discord
import discord.gateway
import yarl
from discord import app_commands
from discord.ext import commands

from bot.answers.freshness import CatalogWatcher
from bot.answers.service import Arbiter
from bot.discord import delivery
from bot.discord.answers import RecentAnswers, WhyButton
from bot.discord.deadline import Gate
from bot.discord.errors import on_tree_error
from bot.discord.state import card_ref
from engine.cards import Card
from engine.registry import all_rulesets

log = logging.getLogger("arbiter.bot")
HTTP_CONNECTIONS = 256  # concurrent requests to Discord's API; more wait for a free kept-alive connection


class ArbiterTree(app_commands.CommandTree):
    """The command tree, with every command and autocomplete admitted by the bot's deadline gate first."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await self.client.gate.admit(interaction)  # type: ignore[attr-defined]


class ArbiterBot(commands.AutoShardedBot):
    def __init__(self, arbiter: Arbiter, *, maintainer_guilds: Iterable[int] = (), gateway_from_api: bool = False,
                 store_rulings: bool = True, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # guild and role data for permission checks; no message content needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), tree_cls=ArbiterTree, **options)
        self.gate = Gate()  # Discord's 3 s under a burst (bot/discord/deadline.py)
        self.arbiter = arbiter
        # Servers whose moderators keep the shared catalog (ARBITER_MAINTAINER_GUILDS); every other server's
        # moderators keep only their own server layer.
        self.maintainer_guilds: frozenset[int] = frozenset(int(g) for g in maintainer_guilds)
        self.gateway_from_api = gateway_from_api
        self.card_refs: dict[str, Card] = {}
        self.recent_answers = RecentAnswers()  # what "Why" shows while the answer is recent
        # Other in-memory indexes (each plug-in game's matcher) rebuilt with the catalog, off the event loop.
        self.index_builders: dict[str, Callable[[Arbiter], Any]] = {}
        self.indexes: dict[str, Any] = {}
        self.watcher = CatalogWatcher(arbiter)
        arbiter.reload_hooks.append(self._rebuild_indexes)
        arbiter.compact_hooks.append(self._compact_index)
        self.tree.on_error = on_tree_error
        # Every answer is stored under its ruling id by a background writer thread (bot/rulings/writer.py).
        self.store_rulings = store_rulings

    async def login(self, token: str) -> None:
        # discord.py opens one connection per concurrent request (no limit): a burst of thousands of answers
        # would open thousands of connections (a TLS handshake each). A bounded pool reuses kept-alive ones.
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
        await super().login(token)

    def is_maintainer(self, guild_id: int | None) -> bool:
        return guild_id is not None and guild_id in self.maintainer_guilds

    # -- catalog in memory -----------------------------------------------------------------------------

    def load_catalog(self) -> int:
        """Build the matchers and annotation snapshot; raises when the catalog is empty or unreadable."""
        count = self.arbiter.warm()  # swaps the snapshot in one step: readers never see it half built
        if count == 0:
            raise RuntimeError("the card database is empty; import cards with `arbiter cards import FILE`")
        self._rebuild_indexes()
        return count

    def _rebuild_indexes(self) -> None:
        """After the snapshot was rebuilt (cards changed): the card refs and the plug-in games' matchers."""
        self.card_refs = {card_ref(c): c for c in self.arbiter.all_cards()}
        self.indexes = {name: build(self.arbiter) for name, build in self.index_builders.items()}

    def _compact_index(self, game: str) -> None:
        """A game's shared aliases changed: rebuild the plug-in matcher of that game (if any) with them."""
        for name, build in self.index_builders.items():
            if name.startswith(f"{game}-"):
                self.indexes = {**self.indexes, name: build(self.arbiter)}

    async def refresh_catalog(self) -> None:
        """After a moderator write: take it in now (off the loop), so the next answer here already uses it.
        A failure is one log line: the write is committed, and the watcher takes it in at its next look."""
        try:
            await asyncio.to_thread(self.arbiter.sync)
        except Exception as exc:  # anything here must not turn a committed write into a reported failure
            log.warning("could not take in a committed change now (the watcher will): %s", exc)

    # -- start-up --------------------------------------------------------------------------------------

    def start_rulings(self) -> None:
        from bot.rulings.store import RulingStore
        from bot.rulings.writer import RulingLog

        if self.store_rulings and self.arbiter.rulings is None:
            self.arbiter.rulings = RulingLog(RulingStore.for_catalog(self.arbiter.catalog), background=True)

    async def rulings_settled(self) -> None:
        """Before an answer goes out: the rulings answered so far are committed (bot/rulings/writer.py)."""
        log = self.arbiter.rulings
        if log is not None:
            await log.settled()

    def rulings_not_stored(self) -> dict[str, str]:
        """Ruling ids whose rulings could not be stored: their answers go out saying so, without the id."""
        log = self.arbiter.rulings
        return log.not_stored if log is not None else {}

    async def setup_hook(self) -> None:
        from bot.discord.cards import CardPick
        from bot.discord.cogs.ask import AskButton, AskCog
        from bot.discord.cogs.carddb import CardDbCog
        from bot.discord.cogs.games import CardChoice, GamesCog, VersionButton
        from bot.discord.cogs.info import InfoCog
        from bot.discord.cogs.official import OfficialCog
        from bot.discord.cogs.ruling import DurationChoice, DurationCog, PrintingSelect, RulingButton
        from bot.discord.cogs.rulings import RulingsCog
        from bot.discord.components import StaleComponent

        self.start_rulings()
        parsers = self._connection.parsers  # what is already too late is dropped before discord.py builds it
        parsers["INTERACTION_CREATE"] = self.gate.wrap_parser(parsers["INTERACTION_CREATE"])
        await self.add_cog(DurationCog(self))
        await self.add_cog(RulingsCog(self))
        await self.add_cog(InfoCog(self))
        await self.add_cog(CardDbCog(self))
        await self.add_cog(GamesCog(self))  # one /<game> group per plug-in ruleset
        await self.add_cog(OfficialCog(self))
        await self.add_cog(AskCog(self))  # /ask: a question in a sentence, read as one game's command
        # Every component is a DynamicItem: served after a restart and after any timeout (bot/discord/components.py).
        self.add_dynamic_items(RulingButton, PrintingSelect, DurationChoice, WhyButton, VersionButton, CardChoice,
                               CardPick, AskButton, StaleComponent)
        # Interaction responses and follow-ups: retried inside Discord's windows, sent once their rulings are stored.
        delivery.install(self.gate.count, self.rulings_settled, self.gate, self.rulings_not_stored)
        count = await asyncio.to_thread(self.load_catalog)
        self.watcher.start()  # other processes' writes (shards, the command line) reach this one
        if self.gateway_from_api and self.shard_count is not None:
            # With SHARD_COUNT set discord.py would connect to its hard-wired gateway; ask the configured API.
            _shards, url, _limit = await self.http.get_bot_gateway()
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        synced = await self.tree.sync()
        versions = "; ".join(
            f"{r.title}: " + ", ".join(f"{v.name} {v.version}" for v in r.versions().values())
            for r in all_rulesets())
        log.info("Arbiter starting: %d cards in memory, %d global commands synced; rulesets: %s",
                 count, len(synced), versions)

    async def close(self) -> None:
        self.gate.report()  # the load counts not yet logged
        self.watcher.stop()
        await super().close()
        log, self.arbiter.rulings = self.arbiter.rulings, None
        if log is not None:
            await asyncio.to_thread(log.close)  # writes what is still queued
