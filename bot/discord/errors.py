"""One error handler for commands, buttons and menus: known problems become one plain sentence."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.catalog import UnreadableDatabase
from bot.discord.delivery import KNOWN_GONE

log = logging.getLogger("arbiter.bot")


class UserFacingError(app_commands.AppCommandError):
    """A problem the user can fix; its message is shown as is, ephemerally."""


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    text = text[:1900]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:  # a known HTTP failure: one line, no traceback
        log.warning("could not tell user %s in server %s about a problem (HTTP %s): %s",
                    interaction.user.id if interaction.user else "?", interaction.guild_id, exc.status, text[:120])


def user_message(error: Exception) -> str | None:
    original = getattr(error, "original", error)
    if isinstance(original, UserFacingError):
        return str(original)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You are not allowed to use this command."
    if isinstance(error, app_commands.TransformerError):
        return "That value is not valid for this option."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s."
    return None


async def report_error(interaction: discord.Interaction, error: Exception, where: str) -> None:
    """Tell the user in one ephemeral sentence; log the traceback of anything that is not a known problem."""
    message = user_message(error)
    original = getattr(error, "original", error)
    if isinstance(original, UnreadableDatabase):  # the operator's problem: the log names the file, the user not
        log.error("%s failed for user %s in guild %s: %s", where, interaction.user.id if interaction.user else "?",
                  interaction.guild_id, original)
        message = original.public
    elif message is None and isinstance(original, discord.HTTPException) and original.code in KNOWN_GONE:
        # The interaction is over (its 3 s passed, or it was answered): no one to tell; one counted line.
        gate = getattr(interaction.client, "gate", None)
        if gate is not None:
            gate.count(f"answers Discord no longer took (code {original.code})")
        else:
            log.info("%s: Discord no longer takes answers to this interaction (code %s)", where, original.code)
        return
    elif message is None and isinstance(original, discord.HTTPException):
        # Discord refused or lost our answer (after the delivery retries): one line, and one try to say sorry.
        log.warning("%s for user %s in server %s: Discord answered HTTP %s (code %s)", where,
                    interaction.user.id if interaction.user else "?", interaction.guild_id, original.status,
                    original.code)
        message = "Sorry, Discord did not accept the answer; please try again."
    elif message is None:
        log.error("%s failed for user %s in guild %s", where, interaction.user.id if interaction.user else "?",
                  interaction.guild_id, exc_info=getattr(error, "original", error))
        message = "Sorry, something went wrong on our side; it has been logged."
    await send_ephemeral(interaction, message)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    command = interaction.command.qualified_name if interaction.command else "?"
    await report_error(interaction, error, f"command {command}")
