"""/card and /rule: a card of any game as the engine reads it, and a rule in our own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.anywhere import card_games, game_title
from bot.discord.cards import any_card_autocomplete, show_card
from bot.discord.errors import UserFacingError
from bot.discord.limits import CHOICE, clip, safe
from bot.discord.render import rule_embed
from engine.registry import all_rulesets, rule_ranges

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot


async def rule_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    out = []
    for ruleset in all_rulesets():
        for rule in ruleset.rules().values():
            label = f"{rule.id} · {rule.name} ({ruleset.title})"
            if needle in label.lower():
                out.append(app_commands.Choice(name=clip(label, CHOICE), value=rule.id))
    return out[:25]


def _rule_examples() -> str:
    """The range of rule ids of each registered game, for the option's description."""
    ids = [list(r.rules()) for r in all_rulesets()]
    return ", ".join(f"{rule_ids[0]}-{rule_ids[-1]}" for rule_ids in ids if rule_ids)


class InfoCog(commands.Cog):
    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot

    @app_commands.command(name="card", description="A card of any game, its printings and how its rules read it")
    @app_commands.describe(name="The card (typos and nicknames are fine), looked for in every game",
                           game="Only this game's cards")
    @app_commands.choices(game=[app_commands.Choice(name=game_title(r), value=r.game) for r in card_games()])
    @app_commands.autocomplete(name=any_card_autocomplete)
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        await show_card(interaction, name, next((r for r in card_games() if r.game == game), None))

    @app_commands.command(name="rule", description="A duration rule in our own words, with its source")
    @app_commands.describe(id=f"The rule id ({_rule_examples()})"[:100])
    @app_commands.autocomplete(id=rule_autocomplete)
    async def rule(self, interaction: discord.Interaction, id: str) -> None:
        key = id.strip().upper()
        for ruleset in all_rulesets():
            rule = ruleset.rules().get(key)
            if rule is not None:
                await interaction.response.send_message(embed=rule_embed(rule, ruleset.title))
                return
        raise UserFacingError(f"Unknown rule “{safe(id, 20)}”. Rule ids: {rule_ranges()}.")
