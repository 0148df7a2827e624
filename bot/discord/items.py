"""What every button and menu Arbiter sends shares (each is a discord.py DynamicItem, bot/discord/components.py):
the way back from its custom id; a press admitted by the bot's deadline gate first, as commands are by the
command tree; and whatever its work raises answered to the user and logged once, as a command's error is."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.errors import report_error


class ArbiterItem:
    """Mixed in before `discord.ui.DynamicItem`. A subclass does its work in `serve`; `what` names it in the log."""

    what = "component"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Any:
        """discord.py's way back from a custom id (after a restart too), the same for every component: the
        match of its template (bot/discord/components.py) read by the component's `read`."""
        return cls.read(match, item)

    @classmethod
    def read(cls, match: re.Match[str], item: Any) -> Any:
        """The component a custom id's fields describe, around the item Discord sent back."""
        raise NotImplementedError

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        gate = getattr(interaction.client, "gate", None)
        return True if gate is None else await gate.admit(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        # discord.py would only log what a dynamic item raises, and the user would see "This interaction failed".
        try:
            await self.serve(interaction)
        except Exception as error:  # reported to the user and logged by report_error
            await report_error(interaction, error, f"{self.what} {getattr(self, 'custom_id', '')}".strip())

    async def serve(self, interaction: discord.Interaction) -> Any:
        raise NotImplementedError
