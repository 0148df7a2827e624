"""Buttons and menus that outlive the process: what a component needs is in its custom id, or in the database.

Every component Arbiter sends is a discord.py DynamicItem, so a press is served after a restart and after any
timeout (there is none); what they share (the deadline gate, errors answered) is bot/discord/items.py.
The custom ids (at most 100 characters) are:

- `arb:` / `arbp:` / `arbc:` — /duration's next-event and ruleset buttons, its printings menu and its card
  choice menu: the whole ruling state (bot/discord/state.py);
- `arbw:<ruling id>@<owner>` — "Why" (bot/discord/answers.py);
- `arbv:<ruling id>:<version>@<owner>` — a plug-in answer's "Under <version>" button: the question is the stored
  ruling's (bot/rulings), asked again under that version;
- `arbq:<key>@<owner>` — a plug-in question's "which card?" menu: the question waiting for the pick is stored
  under `key` in the rulings file (table `pending_questions`) before the menu is sent;
- `arbk@<owner>` — `/card`'s "which card?" menu (bot/discord/cards.py): each option is a card value;
- `arba:<key>@<owner>` — one reading /ask offers (bot/discord/cogs/ask.py): the reading is stored under `key`.

Every shape is read here (its template, with the `@<owner>` end of bot/discord/state.py) and written by its
builder here; the ruling state's own codec is bot/discord/state.py. A component's class only says which fields
it takes from the match (`read`); discord.py reaches it through ArbiterItem.from_custom_id.

A press that can no longer be served (a ruling or question not stored here, a version withdrawn, a card gone,
or a component of an older Arbiter) gets one private sentence (`StaleComponent` catches any custom id that is
none of these).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.errors import send_ephemeral
from bot.discord.items import ArbiterItem
from bot.discord.state import OWNER, owner_in, owner_suffix  # noqa: F401 (owner_in: every component reads it here)

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot
    from bot.rulings.store import StoredRuling

WHY_PATTERN = r"arbw:(?P<id>[A-Za-z0-9-]{1,40})" + OWNER
CARD_PICK_PATTERN = r"arbk" + OWNER
VERSION_PATTERN = r"arbv:(?P<id>[A-Za-z0-9-]{1,40}):(?P<version>[A-Za-z0-9._-]{1,30})" + OWNER
CHOICE_PATTERN = r"arbq:(?P<key>[0-9a-f]{16})" + OWNER
ASK_PATTERN = r"arba:(?P<key>[0-9a-f]{16})" + OWNER
STALE = ("This button or menu is from a message Arbiter can no longer serve (it has been restarted or updated "
         "since); please ask the question again.")


def why_custom_id(ruling_id: str, owner: int | None) -> str:
    return f"arbw:{ruling_id}{owner_suffix(owner)}"


def card_pick_custom_id(owner: int | None) -> str:
    return "arbk" + owner_suffix(owner)


def version_custom_id(ruling_id: str, version: str, owner: int | None) -> str:
    return f"arbv:{ruling_id}:{version}{owner_suffix(owner)}"


def ask_custom_id(key: str, owner: int | None) -> str:
    return f"arba:{key}{owner_suffix(owner)}"


def choice_custom_id(key: str, owner: int | None) -> str:
    return f"arbq:{key}{owner_suffix(owner)}"


def question_key(game: str, command: str, inputs: dict[str, Any], version: str, query: str, owner: int) -> str:
    text = json.dumps([game, command, inputs, version, query, owner], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


async def stored_ruling(bot: ArbiterBot, ruling_id: str) -> StoredRuling | None:
    """The stored ruling (off the event loop); None when rulings are not stored here or the id is unknown."""
    log = bot.arbiter.rulings
    if log is None:
        return None
    return await asyncio.to_thread(log.store.get, ruling_id)


async def remember_question(bot: ArbiterBot, game: str, command: str, inputs: dict[str, Any], version: str,
                            query: str, owner: int) -> str | None:
    """Store a question waiting for a card pick (committed before its menu is sent); its key, or None when
    rulings are not stored here (the menu then works only while this process runs)."""
    log = bot.arbiter.rulings
    if log is None:
        return None
    key = question_key(game, command, inputs, version, query, owner)
    await asyncio.to_thread(log.store.put_question, key, game, command, inputs, version, query, int(time.time()))
    return key


async def recall_question(bot: ArbiterBot, key: str) -> dict[str, Any] | None:
    log = bot.arbiter.rulings
    if log is None:
        return None
    return await asyncio.to_thread(log.store.get_question, key)


class StaleComponent(ArbiterItem, discord.ui.DynamicItem[discord.ui.Button], template=r"(?P<any>.{1,100})"):
    """Any component no other Arbiter component (and no view held in memory) serves: one from a version whose
    menus lived in memory, or whose custom id this version cannot read. One private sentence instead of
    Discord's "This interaction failed". discord.py hands a press to every dynamic item whose template matches,
    so this one steps aside whenever another one matches."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)  # type: ignore[arg-type]

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> StaleComponent:
        return cls(item)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if _served_elsewhere(interaction, self.item):
            return False  # before the gate: only the component that serves it may defer it
        return await super().interaction_check(interaction)

    async def serve(self, interaction: discord.Interaction) -> None:
        await send_ephemeral(interaction, STALE)


def _served_elsewhere(interaction: discord.Interaction, item: discord.ui.Item[Any]) -> bool:
    """Whether another dynamic item's template, or a view held in memory by this process, answers this component."""
    custom_id = getattr(item, "custom_id", None) or ""
    store = getattr(getattr(interaction.client, "_connection", None), "_view_store", None)
    dynamic = getattr(store, "_dynamic_items", None)
    if isinstance(dynamic, dict) and any(
            factory is not StaleComponent and pattern.fullmatch(custom_id) for pattern, factory in dynamic.items()):
        return True
    return _live_view_has(interaction, item)


def _live_view_has(interaction: discord.Interaction, item: discord.ui.Item[Any]) -> bool:
    """Whether a view held in memory by this process (discord.py's view store) answers this component."""
    store = getattr(getattr(interaction.client, "_connection", None), "_view_store", None)
    views = getattr(store, "_views", None)
    if not isinstance(views, dict):
        return False
    key = (item.type.value, getattr(item, "custom_id", None))
    message_id = interaction.message.id if interaction.message is not None else None
    return key in views.get(message_id, {}) or key in views.get(None, {})
