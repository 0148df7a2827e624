"""Public addresses of the web pages (`ARBITER_PUBLIC_URL`), for the bot's embeds and the command line.

Pure string work: unset or blank, there is no page to link to and every function returns None.
"""

from __future__ import annotations

import os
from urllib.parse import quote

ENV = "ARBITER_PUBLIC_URL"


def public_base(environ: dict[str, str] | None = None) -> str | None:
    """The site's address without a trailing slash, or None when it is not set (or not http/https)."""
    value = ((environ if environ is not None else os.environ).get(ENV) or "").strip().rstrip("/")
    return value if value.startswith(("http://", "https://")) else None


def ruling_path(ruling_id: str) -> str:
    return f"/r/{quote(ruling_id, safe='')}"


def card_path(game: str, name: str, set_: str | None = None) -> str:
    path = f"/card/{quote(game, safe='')}/{quote(name, safe='')}"
    return f"{path}?set={quote(set_, safe='')}" if set_ else path


def ruling_url(ruling_id: str | None, environ: dict[str, str] | None = None) -> str | None:
    base = public_base(environ)
    return f"{base}{ruling_path(ruling_id)}" if base and ruling_id else None
