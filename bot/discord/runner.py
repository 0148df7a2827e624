"""`arbiter run`: read the environment, load the catalog (failing loudly), start the sharded bot."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord

from bot.catalog import default_db_path

log = logging.getLogger("arbiter.bot")
EXIT_CONFIG = 2
EXIT_STORAGE = 1


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""

    kind, exit_code = "config", EXIT_CONFIG


class StorageError(ConfigError):
    """The card database or the stored rulings file cannot be used: the storage failure of every command
    (kind `storage`, exit 1)."""

    kind, exit_code = "storage", EXIT_STORAGE


@dataclass(frozen=True)
class BotConfig:
    token: str
    db: Path
    api_base: str | None = None
    shard_count: int | None = None
    shard_ids: list[int] | None = None
    maintainer_guilds: frozenset[int] = frozenset()

    @classmethod
    def from_env(cls, db: str | None = None, env: dict[str, str] | None = None) -> BotConfig:
        env = dict(os.environ if env is None else env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("DISCORD_TOKEN is not set: export DISCORD_TOKEN=<your bot token> "
                              "(Discord Developer Portal > your application > Bot > Reset Token), then run again.")
        count = env.get("SHARD_COUNT", "").strip()
        ids = env.get("SHARD_IDS", "").strip()
        try:
            shard_count = int(count) if count else None
            shard_ids = [int(x) for x in ids.replace(",", " ").split()] if ids else None
        except ValueError as exc:
            raise ConfigError("SHARD_COUNT is a number and SHARD_IDS a comma-separated list of numbers.") from exc
        if shard_ids is not None and shard_count is None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT too (the total number of shards).")
        if shard_ids and shard_count is not None and any(not 0 <= i < shard_count for i in shard_ids):
            raise ConfigError("Every id in SHARD_IDS must be between 0 and SHARD_COUNT - 1.")
        path = Path(db or env.get("ARBITER_DB") or default_db_path())
        api = env.get("DISCORD_API_BASE", "").strip().rstrip("/") or None
        maintainers = env.get("ARBITER_MAINTAINER_GUILDS", "").replace(",", " ").split()
        if not all(m.isdigit() for m in maintainers):
            raise ConfigError("ARBITER_MAINTAINER_GUILDS is a comma-separated list of Discord server ids (numbers).")
        return cls(token, path, api, shard_count, shard_ids, frozenset(int(m) for m in maintainers))


def use_api_base(base: str | None) -> None:
    """Point discord.py's REST client (and with it interaction callbacks and follow-ups) at `base`."""
    if base:
        discord.http.Route.BASE = base


def build_bot(config: BotConfig, **options: object):
    from bot.answers.service import Arbiter
    from bot.catalog import Catalog, UnreadableDatabase
    from bot.discord.client import ArbiterBot

    if config.db.is_dir():
        raise ConfigError(f"The card database {config.db} is a directory, not a file.")
    # A new file is filled from the starter set, as on the command line; an existing empty one is an error.
    fresh = not config.db.exists()
    try:
        # The stored rulings file first: the bot writes every answer's ruling there, so one it cannot read stops it
        # before the card database is created or seeded (and before any ruling id is handed out).
        check_rulings(config.db)
        arbiter = Arbiter(Catalog.open(config.db, seed_starter=fresh))
        arbiter.catalog.use_wal()  # the bot writes (moderators) and reads beside other processes' writes
        count = arbiter.warm()
    except UnreadableDatabase as exc:  # damaged, read-only, locked, full: one sentence naming the file and the fix
        raise StorageError(str(exc)) from exc
    except Exception as exc:  # anything else about the file: refuse to start
        raise ConfigError(f"Cannot read the card database {config.db}: {exc}") from exc
    if count == 0:
        raise ConfigError(f"The card database {config.db} is empty; import cards with `arbiter cards import FILE`.")
    use_api_base(config.api_base)
    kwargs: dict[str, object] = dict(options)
    kwargs.setdefault("maintainer_guilds", config.maintainer_guilds)
    kwargs.setdefault("gateway_from_api", config.api_base is not None)
    if config.shard_count is not None:
        kwargs["shard_count"] = config.shard_count
    if config.shard_ids is not None:
        kwargs["shard_ids"] = config.shard_ids
    return ArbiterBot(arbiter, **kwargs)


def check_rulings(db: Path) -> None:
    """Open the stored rulings file beside `db` and read it (UnreadableDatabase, one sentence, when it cannot be);
    a missing one is created by the first answer."""
    from bot.rulings.store import RulingStore, rulings_path

    store = RulingStore(rulings_path(db))
    try:
        store.check()
    finally:
        store.close()


def api_base(config: BotConfig) -> str:
    return config.api_base or discord.http.Route.BASE


def start_failure(error: BaseException, config: BotConfig) -> str | None:
    """One line saying why the bot could not start and what to check; None for an unexpected error."""
    base = api_base(config)
    if isinstance(error, discord.LoginFailure):
        return ("Discord rejected DISCORD_TOKEN (LoginFailure): check the token (Developer Portal > your application "
                "> Bot > Reset Token) and export it again" + (f"; DISCORD_API_BASE is {base}" if config.api_base
                                                                else "") + ".")
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return ("Discord refused the gateway connection (PrivilegedIntentsRequired): Arbiter asks only for the "
                "guilds intent, so check that DISCORD_TOKEN belongs to this bot and that DISCORD_API_BASE "
                f"({base}) is Discord's API.")
    if isinstance(error, discord.GatewayNotFound):
        return f"Cannot find Discord's gateway through DISCORD_API_BASE ({base}): check that it is Discord's API."
    if isinstance(error, discord.HTTPException):
        return (f"Discord's API at DISCORD_API_BASE ({base}) answered HTTP {error.status} while logging in: "
                "check DISCORD_API_BASE.")
    if isinstance(error, aiohttp.ClientError | OSError):  # TimeoutError is an OSError
        reason = " ".join(str(error).split()) or type(error).__name__
        return (f"Cannot connect to Discord at DISCORD_API_BASE ({base}): {reason}. Check DISCORD_API_BASE and "
                "the network.")
    return None


def quiet_logging() -> None:
    """discord.py's logs at INFO, without lines that say nothing to an Arbiter operator: the voice-library
    warnings (Arbiter has no voice) and "logging in using static token", so a refused token is one line."""
    discord.utils.setup_logging()
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    logging.getLogger("discord.client").setLevel(logging.WARNING)


async def serve(bot: discord.Client, token: str, web: tuple[str, int] | None = None) -> None:
    """Log in and run until the bot is closed. SIGTERM (what `docker stop` sends) and SIGINT close the gateway
    connection cleanly (close code 1000) and end the process with exit 0, instead of killing it mid-write.
    With `web` (host, port), the read-only web pages are served from the same loop over the bot's own catalog."""
    loop = asyncio.get_running_loop()
    pages = await start_web(bot, web) if web is not None else None
    closing: list[asyncio.Task[None]] = []

    def stop(sig: signal.Signals) -> None:
        if not closing:
            log.info("%s received: closing the Discord connection", sig.name)
            closing.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with suppress(NotImplementedError, RuntimeError):  # no signal handlers on Windows or off the main thread
            loop.add_signal_handler(sig, stop, sig)
    try:
        async with bot:
            try:
                await bot.start(token)
            except (discord.DiscordException, aiohttp.ClientError, OSError):
                if not closing:  # a failure while stopping on request is not a start-up failure
                    raise
        if closing:
            await closing[0]
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
        if pages is not None:
            runner, site = pages
            await runner.cleanup()
            site.store.close()


async def start_web(bot: discord.Client, address: tuple[str, int]):
    """The web pages beside the bot: its warm catalog (kept fresh by its watcher), a rulings connection of their
    own; the page work runs in threads, never on the bot's loop."""
    from bot.web.command import open_site
    from bot.web.server import start

    site = open_site(bot.arbiter)  # type: ignore[attr-defined]
    runner, shown = await start(site, *address)
    log.info("serving the web pages on %s", shown)
    return runner, site


def run_bot(db: str | None = None, report: Callable[[str, str, int], object] | None = None,
            web: tuple[str, int] | None = None) -> int:
    """Start the bot; a setting or start-up problem is one sentence (`report(message, kind, exit code)`, default
    `arbiter: ...` on stderr): exit 2, or 1 for a card database or rulings file that cannot be used (as every
    command)."""
    def say(message: str, kind: str = "config", code: int = EXIT_CONFIG) -> None:
        if report is None:
            print(f"arbiter: {message}", file=sys.stderr)
        else:
            report(message, kind, code)

    try:
        config = BotConfig.from_env(db)
        quiet_logging()
        bot = build_bot(config)
    except ConfigError as exc:
        say(str(exc), exc.kind, exc.exit_code)
        return exc.exit_code
    try:
        asyncio.run(serve(bot, config.token, web))
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers were in place
        return 0
    except (discord.DiscordException, aiohttp.ClientError, OSError) as exc:
        message = start_failure(exc, config)
        if message is None:
            raise
        say(message)
        return EXIT_CONFIG
    return 0
