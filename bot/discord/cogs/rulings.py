"""/ruling id: open a stored ruling (the question, the answer given, whether it still stands)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.reask import Standing
from bot.answers.report import house_lines, iso, question_text, verdict_lines
from bot.discord.common import find_standing
from bot.discord.errors import UserFacingError
from bot.discord.limits import DESCRIPTION, FIELD_VALUE, TITLE, clip, fit_embed, safe
from bot.discord.render import COLOUR_ENDED, COLOUR_INFO, COLOUR_PERSISTS, link_ruling

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

MAX_ID = 40


def standing_embed(standing: Standing, server: str | None = None) -> discord.Embed:
    """`server`: how to name the server of a house ruling (its name when the bot is in it)."""
    stored = standing.stored
    colour = COLOUR_PERSISTS if standing.stands else COLOUR_ENDED if standing.now is not None else COLOUR_INFO
    embed = discord.Embed(title=clip(f"Ruling {stored.id}", TITLE),
                          description=safe(f"{stored.game} {stored.command}: {question_text(stored)}", DESCRIPTION),
                          colour=colour)
    embed.add_field(name="Answer given", value=safe(stored.summary, FIELD_VALUE), inline=False)
    embed.add_field(name="Rules cited", value=", ".join(stored.rules) or "none", inline=True)
    where = f" · server {stored.guild}" if stored.guild else ""
    embed.add_field(name="Ruleset", value=safe(f"{stored.version} ({stored.basis.version}){where}", FIELD_VALUE),
                    inline=True)
    if standing.house:  # before "Now": a house ruling is no answer of the shared catalog
        embed.add_field(name="House ruling", value=safe("\n".join(house_lines(standing, server)), FIELD_VALUE),
                        inline=False)
    embed.add_field(name="Now", value=safe("\n".join(verdict_lines(standing)), FIELD_VALUE), inline=False)
    times = "once" if stored.count == 1 else f"{stored.count} times"
    embed.set_footer(text=f"Asked {times}: first {iso(stored.first_at)}, last {iso(stored.last_at)}")
    link_ruling(embed, stored.id)
    return fit_embed(embed)


class RulingsCog(commands.Cog):
    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot

    @app_commands.command(name="ruling", description="Open a ruling by its id: the question, the answer given, "
                                                     "and whether it still stands")
    @app_commands.describe(id="The ruling id from a ruling's footer, e.g. R-158C71D84E")
    async def ruling(self, interaction: discord.Interaction, id: str) -> None:
        if len(id) > MAX_ID or "\x00" in id or not id.strip():
            raise UserFacingError("A ruling id is a short code such as R-158C71D84E, from a ruling's footer.")
        standing = await asyncio.to_thread(find_standing, self.bot, id)
        if standing is None:
            raise UserFacingError(f"No stored ruling has the id “{safe(id.strip(), MAX_ID)}”: check the id as "
                                  "printed under the ruling.")
        house = self.bot.get_guild(int(standing.house)) if standing.house and standing.house.isdigit() else None
        server = f"server “{house.name}” ({standing.house})" if house is not None else None
        await interaction.response.send_message(embed=standing_embed(standing, server))
