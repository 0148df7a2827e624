"""What every button and menu Arbiter sends shares (each is a discord.py DynamicItem, bot/discord/components.py):
a press is admitted by the bot's deadline gate first, as commands are by the command tree, and whatever its
work raises is answered to the user and logged once, as a command's error is."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.errors import report_error


class ArbiterItem:
    """Mixed in before `discord.ui.DynamicItem`. A subclass does its work in `serve`; `what` names it in the log."""

    what = "component"

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
