"""Pointing discord.py at the fake, and running a bot against it (used by the tests and the bot benchmark)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING

from .server import FakeDiscord

if TYPE_CHECKING:
    import discord


@contextlib.contextmanager
def patched_discord(fake: FakeDiscord) -> Iterator[None]:
    """Patch every base URL discord.py builds requests from, and restore them afterwards.

    * ``discord.http.Route.BASE`` – all REST calls, *including* interaction callbacks, followups and
      webhook message edits (discord/webhook/async_.py imports the same ``Route`` class).  It is read
      when each ``Route`` is constructed, so patch before the client makes any request.
    * ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` – the gateway a plain ``Client``/``Bot`` connects
      to (it never calls /gateway/bot), and what every client falls back to after a non-resumable
      INVALID_SESSION or when ``shard_count`` is passed explicitly.
    * ``discord.asset.Asset.BASE`` – CDN URLs, so nothing can reach cdn.discordapp.com either.
    """
    import discord.asset
    import discord.gateway
    import discord.http
    import yarl

    saved = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.asset.Asset.BASE,
    )
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url + "/")
    discord.asset.Asset.BASE = fake.http_base
    try:
        yield
    finally:
        (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE,
        ) = saved


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord, bot: discord.Client, token: str | None = None, *, ready_timeout: float = 30.0
) -> AsyncIterator[discord.Client]:
    """Patch the URLs, start ``bot.start(token)`` as a task, wait until both the fake (READY sent on every
    shard) and the bot (``wait_until_ready``) agree it is ready (``ready_timeout`` is a hang guard for a loaded
    machine, not a speed claim), yield it, then close it and restore
    the URLs.  If the bot task dies during start-up (bad token, disallowed intents, ...) its exception
    is raised here."""
    token = fake.token if token is None else token
    with patched_discord(fake):
        task = asyncio.create_task(bot.start(token), name="fake-discord-bot")

        async def ready() -> None:
            await fake.wait_ready(ready_timeout)
            await bot.wait_until_ready()

        waiter = asyncio.create_task(ready())
        try:
            done, _ = await asyncio.wait(
                {task, waiter}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if waiter not in done:
                waiter.cancel()
                with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                    await waiter
                if task in done:
                    task.result()  # re-raise the bot's start-up failure
                    raise RuntimeError("bot.start() returned before the bot became ready")
                raise TimeoutError(f"bot not ready within {ready_timeout}s")
            waiter.result()
            yield bot
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError("the bot task crashed during the test") from task.exception()
            if fake.internal_errors:
                raise AssertionError(f"FakeDiscord hit internal errors: {fake.internal_errors!r}")
        finally:
            if not waiter.done():
                waiter.cancel()
            await bot.close()  # makes bot.start() return
            done, _ = await asyncio.wait({task}, timeout=2.0)
            if not done:
                task.cancel()
            await asyncio.gather(task, waiter, return_exceptions=True)
