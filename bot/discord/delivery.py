"""Getting answers to Discord when its API stumbles: interaction callbacks and follow-ups that fail with a 5xx
or a 429 are tried again inside Discord's windows, while that can still help.

discord.py's webhook adapter (which sends every interaction response, follow-up and edit) waits 1, 3, 5, ... s
between tries of a 5xx: two failures already miss the 3 s an interaction has for its first response, and the
last failure surfaces as an exception with a traceback. `RetryingAdapter` takes those decisions itself:

- the first response: retries after 0.2, 0.4, 0.8 s ... only while the interaction's 3 s are not over;
- follow-ups and edits (15 minutes): retries after 1, 2, 4 ... s (at most 30 s apart), 8 tries at most;
- a 429: waits what Discord asks, if that still fits the window;
- every failure is one log line; giving up raises discord.py's own HTTPException (callers log one line).

A retried first response that Discord says was "already acknowledged" had in fact arrived: that is success.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from contextlib import suppress
from typing import Any, Protocol

import discord
from discord.http import json_or_text
from discord.utils import snowflake_time, utcnow
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

log = logging.getLogger("arbiter.bot")
CALLBACK_WINDOW_S = 3.0
FOLLOWUP_WINDOW_S = 15 * 60.0
CALLBACK_MARGIN_S = 0.25  # a retry must be able to arrive before the window closes
FOLLOWUP_YIELD_S = 5.0    # a follow-up waits at most this long for the first responses in flight (burst)
FOLLOWUP_TRIES = 8
ALREADY_ACKNOWLEDGED = 40060
UNKNOWN_INTERACTION = 10062
KNOWN_GONE = (UNKNOWN_INTERACTION, ALREADY_ACKNOWLEDGED)  # the interaction is over: nothing more to say
CHANNEL_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT = 4, 7, 8  # interaction callback types


class _Refused(Exception):
    """A 5xx or 429 seen inside the adapter's loop, raised so the loop does not sleep and retry by itself."""

    def __init__(self, response: Any, data: Any) -> None:
        super().__init__(response.status)
        self.response = response
        self.data = data

    def retry_after(self) -> float | None:
        if self.response.status != 429:
            return None
        if isinstance(self.data, dict) and isinstance(self.data.get("retry_after"), int | float):
            return float(self.data["retry_after"])
        header = self.response.headers.get("Retry-After")
        try:
            return float(header) if header else 1.0
        except ValueError:
            return 1.0

    def error(self) -> discord.HTTPException:
        if self.response.status >= 500:
            return discord.DiscordServerError(self.response, self.data)
        return discord.HTTPException(self.response, self.data)


class _Attempt:
    """`session.request(...)` that raises _Refused for a 5xx or 429 instead of handing it to the adapter."""

    def __init__(self, context: Any) -> None:
        self._context = context

    async def __aenter__(self) -> Any:
        response = await self._context.__aenter__()
        if response.status >= 500 or response.status == 429:
            try:
                data = await json_or_text(response)
            finally:
                await self._context.__aexit__(None, None, None)
            raise _Refused(response, data)
        return response

    async def __aexit__(self, *exc: object) -> Any:
        return await self._context.__aexit__(*exc)


class _Session:
    def __init__(self, session: Any) -> None:
        self._session = session

    def request(self, *args: Any, **kwargs: Any) -> _Attempt:
        return _Attempt(self._session.request(*args, **kwargs))


def _what(route: Any) -> str:
    return "the interaction response" if route.path.endswith("/callback") else "a follow-up"


class FirstResponses(Protocol):
    """Told of every first response (interaction callback) from the moment it is sent until Discord's reply."""

    def first_response_sent(self) -> None: ...

    def first_response_done(self) -> None: ...


class RetryingAdapter(AsyncWebhookAdapter):
    def __init__(self, count: Callable[[str], None] | None = None,
                 before_answer: Callable[[], Awaitable[object]] | None = None,
                 firsts: FirstResponses | None = None,
                 not_stored: Callable[[], Mapping[str, str]] | None = None) -> None:
        super().__init__()
        self.not_stored = not_stored  # ruling ids whose rulings could not be stored: shown as "not stored"
        self.firsts = firsts  # the deadline gate: deferred work waits while first responses are owed
        self.count = count  # counts known outcomes for the periodic load line (bot/discord/deadline.py)
        self.before_answer = before_answer  # waits until the rulings answered so far are committed
        # First responses go first: under a burst, a follow-up (15 minutes to arrive) waits while first
        # responses (3 s) are in flight, instead of taking their connections.
        self._callbacks = 0
        self._no_callbacks = asyncio.Event()
        self._no_callbacks.set()

    async def request(self, route: Any, session: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        callback = route.path.endswith("/callback")
        now = time.monotonic()
        if callback:
            try:  # the interaction's own creation time: its 3 s started then, not when we got it
                age = (utcnow() - snowflake_time(int(route.webhook_id))).total_seconds()
            except (TypeError, ValueError):
                age = 0.0
            deadline = now + CALLBACK_WINDOW_S - min(max(age, 0.0), CALLBACK_WINDOW_S) - CALLBACK_MARGIN_S
        else:
            deadline = now + FOLLOWUP_WINDOW_S
        if self.before_answer is not None and _may_show_a_ruling(route, kwargs):
            await self.before_answer()  # a ruling id reaches a user only once it is stored
            unstored = self.not_stored() if self.not_stored is not None else None
            if unstored and isinstance(kwargs.get("payload"), dict):
                kwargs["payload"] = without_unstored_ids(kwargs["payload"], unstored)
        if not callback:
            if self._callbacks:
                with suppress(TimeoutError):
                    await asyncio.wait_for(self._no_callbacks.wait(), FOLLOWUP_YIELD_S)
            return await self._send(route, session, callback, deadline, kwargs)
        self._callbacks += 1
        self._no_callbacks.clear()
        if self.firsts is not None:
            self.firsts.first_response_sent()
        try:
            return await self._send(route, session, callback, deadline, kwargs)
        finally:
            self._callbacks -= 1
            if not self._callbacks:
                self._no_callbacks.set()
            if self.firsts is not None:
                self.firsts.first_response_done()

    async def _send(self, route: Any, session: Any, callback: bool, deadline: float, kwargs: dict[str, Any]) -> Any:
        attempt = 0
        while True:
            for file in kwargs.get("files") or ():
                file.reset(seek=True)
            try:
                return await super().request(route, _Session(session), **kwargs)
            except _Refused as refused:
                status = refused.response.status
                wait = refused.retry_after()
                if wait is None:
                    wait = min(0.2 * 2 ** attempt, 1.0) if callback else min(2.0 ** attempt, 30.0)
                attempt += 1
                last = (time.monotonic() + wait > deadline) or (not callback and attempt >= FOLLOWUP_TRIES)
                if last:
                    log.warning("Discord answered HTTP %s to %s (try %d); giving up: its window is over",
                                status, _what(route), attempt)
                    raise refused.error() from None
                log.warning("Discord answered HTTP %s to %s (try %d); trying again in %.1f s",
                            status, _what(route), attempt, wait)
                await asyncio.sleep(wait)
            except discord.HTTPException as exc:
                if callback and attempt and exc.code == ALREADY_ACKNOWLEDGED:
                    log.info("an earlier try of the interaction response had arrived after all")
                    return {"interaction": {"id": str(route.webhook_id), "type": 2}}
                payload = kwargs.get("payload")
                if (callback and exc.code in KNOWN_GONE and isinstance(payload, dict)
                        and payload.get("type") == AUTOCOMPLETE_RESULT):
                    # Suggestions for a user who has typed on: counted, never a traceback (discord.py would
                    # log one per autocomplete).
                    if self.count is not None:
                        self.count(f"autocompletes too late for Discord (code {exc.code})")
                    return None
                raise


def _may_show_a_ruling(route: Any, kwargs: dict[str, Any]) -> bool:
    """A message sent or edited (a follow-up, an edit, a callback with a message); not suggestions, a
    deferral, a deletion or a read."""
    if route.method not in ("POST", "PATCH"):
        return False
    payload = kwargs.get("payload")
    if route.path.endswith("/callback") and isinstance(payload, dict):
        return payload.get("type") in (CHANNEL_MESSAGE, UPDATE_MESSAGE)
    return True


NOT_STORED = "Not stored: this answer's ruling could not be saved, so it has no ruling id"


def without_unstored_ids(payload: dict[str, Any], unstored: Mapping[str, str]) -> dict[str, Any]:
    """The message with every ruling id whose ruling could not be stored taken out (a judge would cite an id that
    never opens): the footer's "Ruling ID" says it was not stored, the pointer to open it and a link to its page go.
    Buttons keep their ids (pressed, they say the ruling is not stored here)."""
    text = json.dumps(payload)
    ids = [rid for rid in list(unstored) if rid in text]
    return _unstored(payload, ids) if ids else payload


def _unstored(value: Any, ids: list[str], key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: v for k, v in ((k, _unstored(v, ids, k)) for k, v in value.items())
                if not (k == "url" and isinstance(v, str) and any(rid in v for rid in ids))}
    if isinstance(value, list):
        return [_unstored(v, ids) for v in value]
    if isinstance(value, str) and key != "custom_id":
        for rid in ids:
            if rid in value:
                value = value.replace(f" · open it later: /ruling id:{rid}", "").replace(f"Ruling {rid}", NOT_STORED)
                value = value.replace(rid, "(not stored)")
    return value


def install(count: Callable[[str], None] | None = None,
            before_answer: Callable[[], Awaitable[object]] | None = None,
            firsts: FirstResponses | None = None,
            not_stored: Callable[[], Mapping[str, str]] | None = None) -> None:
    """Use the retrying adapter for every webhook request made from the current task and those it starts."""
    async_context.set(RetryingAdapter(count, before_answer, firsts, not_stored))
