"""Start the real Arbiter bot against the fake Discord, on a real catalog in a temp file."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from bot.catalog import Catalog
from bot.discord.client import ArbiterBot
from bot.discord.runner import BotConfig, build_bot
from tests.fake_discord import FakeDiscord, running_bot


@contextlib.asynccontextmanager
async def arbiter_on_fake(db: Path, *, maintainer: bool = True, setup: Callable[[FakeDiscord], object] | None = None,
                          **fake_options: object) -> AsyncIterator[tuple[FakeDiscord, ArbiterBot]]:
    """The bot on a fake Discord. `maintainer`: the fake's default server keeps the shared catalog (is listed in
    ARBITER_MAINTAINER_GUILDS); `setup(fake)` adds servers, roles and members before the bot connects."""
    Catalog.open(db).close()  # creates the database and loads the starter set, like a first start
    async with FakeDiscord(**fake_options) as fake:
        if setup is not None:
            setup(fake)
        maintainers = frozenset({int(fake.guild.id)}) if maintainer and hasattr(fake, "guild") else frozenset()
        bot = build_bot(BotConfig(token=fake.token, db=db, maintainer_guilds=maintainers), guild_ready_timeout=0.05)
        async with running_bot(fake, bot):
            await fake.wait_for_request("PUT", r"/applications/\d+/commands")
            yield fake, bot
