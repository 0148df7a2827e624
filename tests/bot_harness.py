"""Start the real Arbiter bot against the fake Discord, on a real catalog in a temp file."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from bot.catalog import Catalog
from bot.discord.client import ArbiterBot
from bot.discord.runner import BotConfig, build_bot
from tests.fake_discord import FakeDiscord, running_bot


@contextlib.asynccontextmanager
async def arbiter_on_fake(db: Path, **fake_options: object) -> AsyncIterator[tuple[FakeDiscord, ArbiterBot]]:
    Catalog.open(db).close()  # creates the database and loads the starter set, like a first start
    async with FakeDiscord(**fake_options) as fake:
        bot = build_bot(BotConfig(token=fake.token, db=db), guild_ready_timeout=0.05)
        async with running_bot(fake, bot):
            await fake.wait_for_request("PUT", r"/applications/\d+/commands")
            yield fake, bot
