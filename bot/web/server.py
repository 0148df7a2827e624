"""The read-only web pages on aiohttp: a ruling by its id, a card, a game's rules, and one search over every game.

Only GET and HEAD; the page data is gathered in a worker thread (SQLite reads, asking a ruling again), so serving
beside the bot (`arbiter run --web`) never blocks its event loop. Every string from card data, aliases and
annotations goes through Jinja2's autoescaping; links are built from our own paths, never from data.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any
from urllib.parse import quote

import jinja2
from aiohttp import web

from bot.catalog.errors import UnreadableDatabase
from bot.links import card_path, public_base, ruling_path
from bot.web.pages import MAX_QUERY, BadRequest, NotFound, Site

log = logging.getLogger("arbiter.web")
MAX_REQUEST_BYTES = 4096       # a GET has no body; anything larger is refused
MAX_QUERY_STRING = 1024        # characters after "?"
_HEADERS = {
    # No script runs on these pages and nothing is loaded from elsewhere.
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

SITE_KEY: web.AppKey[Site] = web.AppKey("site", Site)
EXECUTOR_KEY: web.AppKey[ThreadPoolExecutor] = web.AppKey("executor", ThreadPoolExecutor)
TEMPLATES_KEY: web.AppKey[jinja2.Environment] = web.AppKey("templates", jinja2.Environment)


def templates() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("bot.web", "templates"), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["when"] = lambda iso: iso.replace("T", " ")[:16] + " UTC" if iso else ""
    env.globals.update(ruling_path=ruling_path, card_path=card_path, rules_path=lambda g: f"/rules/{quote(g, safe='')}",
                       public_base=public_base, max_query=MAX_QUERY)
    return env


def _css() -> bytes:
    return resources.files("bot.web").joinpath("static/site.css").read_bytes()


async def _in_thread(request: web.Request, work: Callable[[], Any]) -> Any:
    return await asyncio.get_running_loop().run_in_executor(request.app[EXECUTOR_KEY], work)


def _page(request: web.Request, template: str, status: int = 200, **context: Any) -> web.Response:
    base = public_base()
    html = request.app[TEMPLATES_KEY].get_template(template).render(
        canonical=f"{base}{request.rel_url.path}" if base else None, **context)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


async def _render(request: web.Request, template: str, work: Callable[[Site], dict[str, Any]]) -> web.Response:
    site = request.app[SITE_KEY]
    env = request.app[TEMPLATES_KEY]
    base = public_base()

    def build() -> tuple[str, dict[str, Any]]:
        data = work(site)
        if "redirect" in data:
            return "", data
        html = env.get_template(template).render(
            canonical=f"{base}{request.rel_url.path}" if base else None, **data)
        return html, data

    html, data = await _in_thread(request, build)
    if "redirect" in data:
        raise web.HTTPFound(data["redirect"])
    return web.Response(text=html, content_type="text/html", charset="utf-8")


# --- handlers --------------------------------------------------------------------------------------------------

async def index(request: web.Request) -> web.Response:
    query = request.query.get("q", "")

    def work(site: Site) -> dict[str, Any]:
        data = site.search(query)
        if data["go"] is not None:
            found = data["go"]
            return {"redirect": card_path(found["game"], found["name"])}
        return data

    return await _render(request, "search.html", work)


async def ruling(request: web.Request) -> web.StreamResponse:
    key = request.match_info["id"]
    if key.endswith(".json"):
        data = await _in_thread(request, lambda: request.app[SITE_KEY].ruling_json(key[:-5]))
        return web.Response(text=json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json",
                            charset="utf-8")
    return await _render(request, "ruling.html", lambda site: site.ruling(key))


async def card(request: web.Request) -> web.Response:
    game, name, set_ = request.match_info["game"], request.match_info["name"], request.query.get("set")

    def work(site: Site) -> dict[str, Any]:
        data = site.card(game, name, set_)
        if "redirect" in data:
            found = data["redirect"]
            return {"redirect": card_path(found.game, found.name)}
        return data

    return await _render(request, "card.html", work)


async def rules(request: web.Request) -> web.Response:
    game = request.match_info["game"]
    return await _render(request, "rules.html", lambda site: site.rules(game))


async def stylesheet(request: web.Request) -> web.Response:
    return web.Response(body=_css(), content_type="text/css", charset="utf-8",
                        headers={"Cache-Control": "public, max-age=3600"})


# --- guards and errors ------------------------------------------------------------------------------------------

@web.middleware
async def guard(request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
    """GET and HEAD only, short queries; a known problem is a page in the site's style, anything else is logged
    once and answered with an apology (never a traceback)."""
    if request.method not in ("GET", "HEAD"):
        return _error(request, 405, "These pages can only be read.", headers={"Allow": "GET, HEAD"})
    if len(request.rel_url.raw_query_string) > MAX_QUERY_STRING:
        return _error(request, 414, "That address is too long.")
    try:
        return await handler(request)
    except NotFound as exc:
        return _error(request, 404, str(exc))
    except BadRequest as exc:
        return _error(request, 400, str(exc))
    except web.HTTPException as exc:
        if exc.status in (404, 405):
            text = "There is no page here." if exc.status == 404 else "These pages can only be read."
            return _error(request, exc.status, text, headers={"Allow": "GET, HEAD"} if exc.status == 405 else None)
        raise
    except UnreadableDatabase as exc:  # a damaged, locked or missing file: one line per page, no traceback
        log.error("web page %s: %s", request.rel_url.path[:200], exc)
        return _error(request, 503, "This page cannot be shown right now: Arbiter's stored data cannot be read "
                                    "(the site's operator has been told in the log).")
    except Exception:
        log.exception("web page %s failed", request.rel_url.path[:200])
        return _error(request, 500, "Sorry, something went wrong showing this page.")


def _error(request: web.Request, status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
    response = _page(request, "error.html", status=status, status_code=status, message=message,
                     query="", games=[])
    if headers:
        response.headers.update(headers)
    return response


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(_HEADERS)


def make_app(site: Site, executor: ThreadPoolExecutor | None = None) -> web.Application:
    app = web.Application(middlewares=[guard], client_max_size=MAX_REQUEST_BYTES)
    app[SITE_KEY] = site
    app[EXECUTOR_KEY] = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="arbiter-web")
    app[TEMPLATES_KEY] = templates()
    app.router.add_get("/", index)
    app.router.add_get("/r/{id}", ruling)
    app.router.add_get("/card/{game}/{name:.+}", card)
    app.router.add_get("/rules/{game}", rules)
    app.router.add_get("/static/site.css", stylesheet)
    app.on_response_prepare.append(_headers)

    async def close_executor(app: web.Application) -> None:
        app[EXECUTOR_KEY].shutdown(wait=False)

    app.on_cleanup.append(close_executor)
    return app


async def start(site: Site, host: str, port: int) -> tuple[web.AppRunner, str]:
    """Serve the pages on host:port in the running loop; returns the runner (to clean up) and the address."""
    runner = web.AppRunner(make_app(site), access_log=None, handle_signals=False)
    await runner.setup()
    tcp = web.TCPSite(runner, host, port)
    await tcp.start()
    bound = runner.addresses[0] if runner.addresses else (host, port)
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    return runner, f"http://{shown}:{bound[1]}/"


async def serve_until_stopped(site: Site, host: str, port: int, announce: Callable[[str], None]) -> None:
    """`arbiter serve`: serve until SIGTERM or SIGINT, then close cleanly."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    runner, address = await start(site, host, port)
    announce(address)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
