"""Discord's 3 s under a burst: what is too late is never computed, what would be late is deferred first.

Discord gives an interaction 3 s (from its creation, the time in its snowflake id) for a first response; after
that it answers 10062 "Unknown interaction" and the user sees "This interaction failed". Under a burst of
thousands the bot's one event loop is the bottleneck (measured: about 1.7 ms of CPU per interaction, half of it
the HTTP request of the answer), so answering in arrival order makes every answer after the first ~1,500 late,
and computing those late ones only makes the backlog longer. `Gate` decides for each interaction:

- past its window already (less a margin for the request itself): dropped before discord.py even builds it;
- an autocomplete that cannot be answered in time (its age plus the queue ahead of it): dropped quietly;
- a command whose answer would be late behind the queue: deferred first (Discord shows "thinking"; one cheap
  request), computed once the queue of first responses is out, and sent as the deferred message's follow-up;
- otherwise answered directly, exactly as without the gate.

Counts go to the log as one line per interval (never one line per interaction, never a traceback).
Components (buttons, menus) only get the first rule: they go through discord.py's view store, not the tree.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import discord
from discord.utils import MISSING, snowflake_time, utcnow

log = logging.getLogger("arbiter.bot")
WINDOW_S = 3.0
MARGIN_S = 0.35            # what the response itself needs to reach Discord (a request on a busy loop)
COST_S = 0.002             # loop time one direct answer takes, measured under the burst (benchmarks/burst.py)
DEFER_AT_S = 0.5           # a command deferred when its age plus the queue ahead would pass this
AUTOCOMPLETE_BY_S = 1.5    # an autocomplete dropped when its age plus the queue ahead would pass this
DRAIN_WAIT_S = 20.0        # a deferred command waits at most this long for the queue before computing
REPORT_EVERY_S = 10.0
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4


def age_of(interaction_id: str | int) -> float:
    """Seconds since Discord created the interaction (0 for an id that is not a snowflake)."""
    try:
        return max((utcnow() - snowflake_time(int(interaction_id))).total_seconds(), 0.0)
    except (TypeError, ValueError, OverflowError):
        return 0.0


class Gate:
    def __init__(self) -> None:
        self.waiting = 0  # commands and autocompletes parsed whose task has not started yet
        self._drained = asyncio.Event()
        self._drained.set()
        self.counts: Counter[str] = Counter()
        self._reported = time.monotonic()

    # -- at parse time (synchronous, on the gateway's reader) ----------------------------------------

    def wrap_parser(self, parse: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
        def parse_interaction_create(data: dict[str, Any]) -> None:
            if age_of(data.get("id", 0)) > WINDOW_S - MARGIN_S:
                self.count("too late to answer, not computed")
                return
            if data.get("type") in (APPLICATION_COMMAND, AUTOCOMPLETE):
                self.waiting += 1
                self._drained.clear()
            parse(data)

        return parse_interaction_create

    # -- when its task starts (the tree's interaction_check) -----------------------------------------

    async def admit(self, interaction: discord.Interaction) -> bool:
        """False: dropped (nothing is sent). A command may be deferred here first."""
        self._started()
        expected = age_of(interaction.id) + self.waiting * COST_S
        if interaction.type is discord.InteractionType.autocomplete:
            if expected > AUTOCOMPLETE_BY_S:
                self.count("autocompletes dropped (could not be answered in time)")
                return False
            return True
        if age_of(interaction.id) > WINDOW_S - MARGIN_S:
            self.count("too late to answer, not computed")
            return False
        if expected > DEFER_AT_S and interaction.type is discord.InteractionType.application_command:
            try:
                await interaction.response.defer(thinking=True)
            except discord.HTTPException as exc:
                self.count(f"deferral refused (HTTP {exc.status}, code {exc.code})")
                return False
            interaction._cs_response = DeferredResponse(interaction)  # type: ignore[attr-defined]
            self.count("deferred (answered as a follow-up)")
            with suppress(TimeoutError):  # the queue's first responses go out before this one's work
                await asyncio.wait_for(self._drained.wait(), DRAIN_WAIT_S)
        return True

    def _started(self) -> None:
        self.waiting = max(self.waiting - 1, 0)
        if self.waiting == 0:
            self._drained.set()

    # -- counts -----------------------------------------------------------------------------------------

    def count(self, what: str) -> None:
        self.counts[what] += 1
        now = time.monotonic()
        if now - self._reported >= REPORT_EVERY_S:
            self.report(now)

    def report(self, now: float | None = None) -> None:
        if self.counts:
            log.info("under load, last %.0f s: %s", (now or time.monotonic()) - self._reported,
                     "; ".join(f"{n} {what}" for what, n in self.counts.most_common()))
        self.counts.clear()
        self._reported = now or time.monotonic()


def _given(**kwargs: Any) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not MISSING and v is not None}


class DeferredResponse(discord.InteractionResponse):  # type: ignore[type-arg]
    """The response of a command the gate deferred: the cogs answer as usual (`send_message`,
    `edit_message`), and the answer becomes the deferred message. A private answer replaces the public
    "thinking" message by a private follow-up (a deferral cannot be made private afterwards)."""

    def __init__(self, parent: discord.Interaction) -> None:
        super().__init__(parent)
        self._answered = False

    def is_done(self) -> bool:
        return self._answered

    async def defer(self, **_: Any) -> None:  # already deferred
        return None

    async def send_message(self, content: Any = None, *, embed: Any = MISSING, embeds: Any = MISSING,
                           view: Any = MISSING, ephemeral: bool = False, allowed_mentions: Any = MISSING,
                           file: Any = MISSING, files: Any = MISSING, **_: Any) -> None:
        parent = self._parent
        self._answered = True
        kwargs = _given(content=content, embed=embed, embeds=embeds, view=view, allowed_mentions=allowed_mentions,
                        file=file, files=files)
        if ephemeral:
            try:
                await parent.delete_original_response()
            except discord.HTTPException as exc:  # the public "thinking" stays; the answer still goes
                log.info("could not remove a deferred message (HTTP %s)", exc.status)
            await parent.followup.send(ephemeral=True, **kwargs)
        else:
            await parent.edit_original_response(**_given(content=content, embed=embed, embeds=embeds, view=view,
                                                         allowed_mentions=allowed_mentions))

    async def edit_message(self, *, content: Any = MISSING, embed: Any = MISSING, embeds: Any = MISSING,
                           view: Any = MISSING, **_: Any) -> None:
        self._answered = True
        await self._parent.edit_original_response(**_given(content=content, embed=embed, embeds=embeds,
                                                           view=view))
