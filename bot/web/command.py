"""`arbiter serve`: the web pages on their own, over the same catalog and stored rulings as the bot."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080


def host_port(text: str) -> tuple[str, int]:
    """argparse type for `--web HOST:PORT` (a bare PORT listens on 127.0.0.1)."""
    host, _, port = text.strip().rpartition(":")
    host = host.strip("[]") or DEFAULT_HOST
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT such as 127.0.0.1:8080, not {text!r}")
    return host, int(port)


def port_number(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return int(text)


def open_site(arbiter: Any) -> Any:
    """The pages' data over a warm catalog, with a read connection of its own to the stored rulings."""
    from bot.rulings.store import RulingStore
    from bot.web.pages import Site

    return Site(arbiter, RulingStore.for_catalog(arbiter.catalog))


def cmd_serve(args: argparse.Namespace) -> int:
    from bot.answers.freshness import CatalogWatcher
    from bot.answers.service import Arbiter
    from bot.catalog import chosen_db_path
    from bot.web.server import serve_until_stopped

    arbiter = Arbiter.open(chosen_db_path(args.db, writes=False)[0])  # reads only: never creates a --db file
    arbiter.warm()
    site = open_site(arbiter)
    try:  # a rulings file the pages cannot read refuses the start in one sentence (bot.cli: kind storage, exit 1)
        site.store.check()
    except BaseException:
        site.store.close()
        raise
    watcher = CatalogWatcher(arbiter)  # catalog changes reach the pages as they reach the bot
    watcher.start()

    def announce(address: str) -> None:
        print(f"Serving Arbiter's pages on {address} (read-only; Ctrl-C stops).", flush=True)

    try:
        asyncio.run(serve_until_stopped(site, args.host, args.port, announce))
    except OSError as exc:  # the port is taken, or the address is not this machine's
        print(f"arbiter: cannot serve on {args.host}:{args.port}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    finally:
        watcher.stop()
        site.store.close()
    return 0


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("serve", parents=[common], help="serve the read-only web pages (rulings, cards, rules)",
                       description="Serve read-only web pages: /r/ID for a stored ruling (and /r/ID.json), "
                                   "/card/GAME/NAME, /rules/GAME and a search over every game at /. Set "
                                   "ARBITER_PUBLIC_URL to the address people reach it at, so the bot links to it.")
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    p.add_argument("--port", type=port_number, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 picks "
                                                                          "a free one and prints it)")
    p.set_defaults(func=cmd_serve)
