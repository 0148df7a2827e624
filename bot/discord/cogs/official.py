"""/official card: the published rulings recorded about a card (any game), each with its source and whether
Arbiter agrees with it today. Read-only: official rulings are recorded from the command line."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.reask import Reasker
from bot.discord.common import indexed_matcher
from bot.discord.errors import UserFacingError
from bot.discord.limits import CHOICE, FIELD_VALUE, TITLE, clip, fit_embed, safe
from bot.discord.render import COLOUR_INFO
from bot.officials.records import Asked, ask
from engine.names import fold
from engine.official import OfficialRuling

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

MAX_CARD = 100
SHOWN = 10


def about(rulings: list[OfficialRuling], text: str) -> tuple[str, list[OfficialRuling]]:
    """The card a typed name means among those with official rulings (exact first, then a part of a name), and
    its rulings; ("", []) when none."""
    wanted = fold(text)
    names = sorted({c for r in rulings for c in r.cards})
    card = next((n for n in names if fold(n) == wanted), None) or \
        next((n for n in names if wanted and wanted in fold(n)), None)
    if card is None:
        return "", []
    return card, [r for r in rulings if card in r.cards]


def _standing(asked: Asked) -> str:
    if asked.result is None:
        return f"cannot be asked today: {asked.problem}"
    if asked.result.agrees:
        return "Arbiter agrees"
    return "Arbiter differs: " + "; ".join(d.words() for d in asked.result.differences)


def official_embed(card: str, checked: list[Asked], total: int) -> discord.Embed:
    embed = discord.Embed(title=clip(safe(f"Official rulings about {card}"), TITLE), colour=COLOUR_INFO,
                          description=f"{total} recorded" + (f"; the first {SHOWN} shown" if total > SHOWN else ""))
    for asked in checked[:SHOWN]:
        ruling = asked.ruling
        question = " · ".join(f"{k}: {' | '.join(map(str, v)) if isinstance(v, list) else v}"
                              for k, v in ruling.question.items() if v not in (None, "", [], False))
        source = f"[{ruling.source.cite()}]({ruling.source.url})" if ruling.source.url else ruling.source.cite()
        value = (f"{safe(ruling.says, 300)}\nExpects {safe(', '.join(map(str, ruling.expect)), 200)} · "
                 f"{_standing(asked)}\nSource: {safe(source, 300)}")
        embed.add_field(name=clip(safe(f"#{ruling.id} {ruling.game} {ruling.command} · {question}"), 256),
                        value=clip(value, FIELD_VALUE), inline=False)
    return fit_embed(embed)


class OfficialCog(commands.Cog):
    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot

    @app_commands.command(name="official", description="The published rulings recorded about a card, and whether "
                                                       "Arbiter agrees with each")
    @app_commands.describe(card="A card with official rulings (any game)")
    async def official(self, interaction: discord.Interaction, card: str) -> None:
        if not card.strip() or len(card) > MAX_CARD or "\x00" in card:
            raise UserFacingError("Give a card's name, e.g. /official card:Throne Room.")
        rulings = self.bot.arbiter.officials()
        name, found = about(rulings, card)
        if not found:
            raise UserFacingError(f"No official ruling is recorded about “{safe(card.strip(), MAX_CARD)}”.")
        await interaction.response.defer(thinking=True)  # asking each again takes a moment
        reasker = Reasker(self.bot.arbiter, indexed_matcher(self.bot))
        checked = await asyncio.to_thread(lambda: [ask(reasker, r) for r in found[:SHOWN]])
        await interaction.followup.send(embed=official_embed(name, checked, len(found)))

    @official.autocomplete("card")
    async def card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        names = sorted({c for r in self.bot.arbiter.officials() for c in r.cards})
        return [app_commands.Choice(name=clip(n, CHOICE), value=clip(n, CHOICE))
                for n in names if wanted in fold(n)][:25]
