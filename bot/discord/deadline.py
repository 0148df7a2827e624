"""Discord's 3 s under a burst: what is too late is never computed, first responses go before any other work.

Discord gives an interaction 3 s (from its creation, the time in its snowflake id) for a first response; after
that it answers 10062 "Unknown interaction" and the user sees "This interaction failed". Under a burst of
thousands the bot's one event loop is the bottleneck. Measured (benchmarks/burst.py, 2,000 /duration and 1,000
autocompletes at once, quiet 2-core machine): reading and building an interaction costs about 0.25 ms, its
first response (one HTTP request) about 0.3 ms, computing an answer about 1 ms. Answering in arrival order,
or deferring and then computing as soon as every task had started, put the computing of early answers in
front of later deferrals: first responses trickled out over 3 s (p50 1.9 s, some late). `Gate` decides:

- past its window already (less a margin for the request itself): dropped before discord.py even builds it;
- a command whose answer would be late behind the queue: deferred at once (Discord shows "thinking"; one
  cheap request); its answer is computed only when no first response is owed any more (every interaction
  read has started, and at most QUIET_FIRSTS callbacks await Discord's reply), one per pass of the event loop
  (the turn), and sent as the deferred message's edit;
- an autocomplete waits the same way, but only until AUTOCOMPLETE_BY_S after its creation: then it is
  dropped quietly (its answer could no longer reach Discord in time);
- otherwise answered directly, exactly as without the gate.

With this order the same burst has every deferral out within 1.35 s (p50 1.2 s) and every autocomplete answered.
Counts go to the log as one line per interval (never one line per interaction, never a traceback).
Components (buttons, menus) are admitted the same way (bot/discord/items.py): a press behind the queue is
deferred as an update (nothing shown changes) and its answer edits the message or follows up, as it would have.
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
AUTOCOMPLETE_BY_S = 2.0    # an autocomplete still waiting at this age is dropped (its answer would be late)
DRAIN_WAIT_S = 20.0        # a deferred command waits at most this long for the queue before computing
QUIET_FIRSTS = 16          # first responses still awaiting Discord's reply that count as "none owed"
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
        self.waiting = 0   # commands and autocompletes parsed whose task has not started yet
        self.firsts = 0    # first responses (interaction callbacks) sent whose reply has not come back
        self._quiet = asyncio.Event()  # no first response is owed beyond the few already on the wire
        self._quiet.set()
        self._turn = asyncio.Lock()    # one deferred answer computed per pass of the event loop
        self.counts: Counter[str] = Counter()
        self._reported = time.monotonic()

    def _update(self) -> None:
        if self.waiting == 0 and self.firsts <= QUIET_FIRSTS:
            self._quiet.set()
        else:
            self._quiet.clear()

    # -- at parse time (synchronous, on the gateway's reader) ----------------------------------------

    def wrap_parser(self, parse: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
        def parse_interaction_create(data: dict[str, Any]) -> None:
            if age_of(data.get("id", 0)) > WINDOW_S - MARGIN_S:
                self.count("too late to answer, not computed")
                return
            counted = data.get("type") in (APPLICATION_COMMAND, AUTOCOMPLETE)
            if counted:
                self.waiting += 1
                self._quiet.clear()
            try:
                parse(data)
            except Exception:
                if counted:  # it never reaches admission: it must not hold deferred answers back
                    self._started()
                raise

        return parse_interaction_create

    # -- first responses in flight (bot/discord/delivery.py) --------------------------------------------

    def first_response_sent(self) -> None:
        self.firsts += 1
        self._update()

    def first_response_done(self) -> None:
        self.firsts = max(self.firsts - 1, 0)
        self._update()

    # -- when its task starts (the tree's interaction_check) -----------------------------------------

    async def admit(self, interaction: discord.Interaction) -> bool:
        """False: dropped (nothing is sent). A command or a component press may be deferred here first, and then
        waits for its turn: every first response owed is out before a deferred answer is computed."""
        component = interaction.type is discord.InteractionType.component
        queued = self.waiting + self.firsts
        if not component:  # components are not counted as they arrive (discord.py may never hand one on)
            self._started()
        age = age_of(interaction.id)
        if interaction.type is discord.InteractionType.autocomplete:
            return await self._admit_autocomplete(interaction, age)
        if age > WINDOW_S - MARGIN_S:
            self.count("too late to answer, not computed")
            return False
        if age + queued * COST_S > DEFER_AT_S and (
                component or interaction.type is discord.InteractionType.application_command):
            private = bool(getattr(getattr(interaction.command, "binding", None), "private_answers", False))
            try:
                if component:  # nothing shown changes until the answer edits the message or follows up
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(thinking=True, ephemeral=private)
            except discord.HTTPException as exc:
                self.count(f"deferral refused (HTTP {exc.status}, code {exc.code})")
                return False
            interaction._cs_response = DeferredResponse(  # type: ignore[attr-defined]
                interaction, private=private, update=component)
            self.count("deferred (answered as a follow-up)")
            await self._take_turn()
        return True

    async def _admit_autocomplete(self, interaction: discord.Interaction, age: float) -> bool:
        """Suggestions wait while first responses are owed (commands' 3 s come first); dropped quietly when
        they could no longer reach the user in time."""
        if not self._quiet.is_set() and age < AUTOCOMPLETE_BY_S:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._quiet.wait(), AUTOCOMPLETE_BY_S - age)
        if age_of(interaction.id) >= AUTOCOMPLETE_BY_S:
            self.count("autocompletes dropped (could not be answered in time)")
            return False
        return True

    async def _take_turn(self) -> None:
        """Wait until no first response is owed (at most DRAIN_WAIT_S), then take the computing turn for the
        rest of this step of the task: a deferred answer is computed synchronously right after admission, and
        the turn passes on at the next pass of the event loop. So one deferred answer is computed per pass, the
        gateway reader and new interactions are never starved by a backlog, and a command that waits on a
        thread (a write, a stored ruling) holds nobody up while it waits."""
        give_up = time.monotonic() + DRAIN_WAIT_S
        while True:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._quiet.wait(), max(give_up - time.monotonic(), 0.0))
            await self._turn.acquire()
            asyncio.get_running_loop().call_soon(self._turn.release)
            if self._quiet.is_set() or time.monotonic() >= give_up:
                return
            # a new burst arrived while waiting: its first responses go first

    def _started(self) -> None:
        self.waiting = max(self.waiting - 1, 0)
        self._update()

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
    """The response of a command the gate deferred: the cogs answer as usual (`send_message`, `edit_message`,
    their own `defer` and follow-ups), and the answer becomes the deferred message when it is as visible as the
    deferral. The gate defers privately the commands whose answers are always private (their cog says
    `private_answers = True`); any other answer of the other visibility replaces the "thinking" message by a
    follow-up of its own (a deferral's visibility cannot change afterwards, and Discord turns the first follow-up
    into the deferred message, keeping the deferral's visibility)."""

    def __init__(self, parent: discord.Interaction, *, private: bool = False, update: bool = False) -> None:
        super().__init__(parent)
        self._answered = False
        self._private = private
        # A component press deferred as an update: its "original" is the message the component is on, which only
        # `edit_message` changes; anything sent is a follow-up of its own.
        self._update = update
        self._original = not update  # the "thinking" message is still there

    def is_done(self) -> bool:
        return self._answered

    async def defer(self, *, ephemeral: bool = False, **_: Any) -> None:
        """Already deferred; a cog that defers privately gets its later follow-ups private."""
        if ephemeral and not self._private and not self._update:
            await self._remove_original()

    async def _remove_original(self) -> None:
        if self._original:
            self._original = False
            try:
                await self._parent.delete_original_response()
            except discord.HTTPException as exc:  # the "thinking" stays; the answer still goes
                log.info("could not remove a deferred message (HTTP %s)", exc.status)

    async def send_message(self, content: Any = None, *, embed: Any = MISSING, embeds: Any = MISSING,
                           view: Any = MISSING, ephemeral: bool = False, allowed_mentions: Any = MISSING,
                           file: Any = MISSING, files: Any = MISSING, **_: Any) -> None:
        parent = self._parent
        self._answered = True
        if self._original and ephemeral == self._private and file is MISSING and files is MISSING:
            await parent.edit_original_response(**_given(content=content, embed=embed, embeds=embeds, view=view,
                                                         allowed_mentions=allowed_mentions))
            return
        await self._remove_original()
        await parent.followup.send(ephemeral=ephemeral, **_given(
            content=content, embed=embed, embeds=embeds, view=view, allowed_mentions=allowed_mentions,
            file=file, files=files))

    async def edit_message(self, *, content: Any = MISSING, embed: Any = MISSING, embeds: Any = MISSING,
                           view: Any = MISSING, **_: Any) -> None:
        self._answered = True
        await self._parent.edit_original_response(**_given(content=content, embed=embed, embeds=embeds,
                                                           view=view))
