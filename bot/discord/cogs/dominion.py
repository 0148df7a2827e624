"""/dominion: in which Clean-up each card of a chain of plays leaves play, with the rules that decide it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.errors import UserFacingError
from bot.discord.limits import CHOICE, DESCRIPTION, FIELD_VALUE, FOOTER, TITLE, clip, fit_embed, safe
from bot.discord.render import COLOUR_INFO
from bot.dominion_service import dominion_answer, dominion_matcher
from bot.service import LookupProblem
from engine.matching import Matcher
from engine.rulesets.dominion import ScenarioError
from engine.rulesets.dominion.rules import VERSIONS

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

INDEX = "dominion-matcher"
_SEPARATORS = (">", "+", "(", ")")


def _matcher(interaction: discord.Interaction) -> Matcher:
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    return bot.indexes[INDEX]


async def chain_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Complete the card name being typed after the last '>' or '+', keeping the chain before it."""
    cut = max(current.rfind(sep) for sep in _SEPARATORS)
    head, typed = current[: cut + 1], current[cut + 1:]
    pad = " " if head and not head.endswith(" ") else ""
    out = []
    for choice in _matcher(interaction).autocomplete(typed.strip(), 25):
        name = choice.name.split(" (")[0] if "(" in choice.name and not typed.strip().endswith(")") else choice.name
        value = f"{head}{pad}{name}"
        if len(value) <= CHOICE:
            out.append(app_commands.Choice(name=clip(value, CHOICE), value=value))
    return out[:25]


def dominion_embed(data: dict[str, Any]) -> discord.Embed:
    summary = data["explanation"].split("\n", 1)[0]
    embed = discord.Embed(title=clip("Dominion: when each card leaves play", TITLE),
                          description=safe(summary, DESCRIPTION), colour=COLOUR_INFO)
    for entry in data["chain"][:20]:
        leaves = entry["leaves_play"]
        rules = ", ".join(entry["rules"])
        by = f" (played by {entry['played_by']})" if entry.get("played_by") else ""
        value = f"**{safe(leaves['when'], 200)}** [{rules}]\n{safe(leaves['why'], 600)}"
        if entry.get("problem"):
            value += f"\n⚠ {safe(entry['problem'], 150)}"
        embed.add_field(name=clip(safe(entry["label"] + by), 256), value=clip(value, FIELD_VALUE), inline=False)
    embed.add_field(name="Rules cited", value=", ".join(data["rules"]) or "none", inline=True)
    if data["interpretations"]:
        notes = "\n".join(f"• {n['text']}" for n in data["interpretations"])
        embed.add_field(name="Interpretations", value=safe(notes, FIELD_VALUE), inline=False)
    rs = data["ruleset"]
    embed.set_footer(text=clip(f"Dominion ruleset {rs['name']} {rs['version']} · Ruling {data['ruling_id']}", FOOTER))
    return fit_embed(embed)


class DominionCog(commands.GroupCog, group_name="dominion",
                  group_description="Dominion: when Duration cards and what played them leave play"):
    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot
        bot.index_builders[INDEX] = dominion_matcher
        super().__init__()

    @app_commands.command(name="ruling", description="In which Clean-up each card of a chain of plays leaves play")
    @app_commands.describe(
        chain="Cards in play order, e.g. Throne Room > Tactician[discarded-nothing] (choices in brackets)",
        also="Another card played this turn (its own chain), e.g. Lich",
        ruleset="current, older-wording (Command variants may play Durations), prior-chain or prior-throne",
        skip_next_turn="Your next turn is skipped (e.g. after Lich or Voyage by another player)",
    )
    @app_commands.choices(ruleset=[app_commands.Choice(name=name, value=name) for name in VERSIONS])
    @app_commands.autocomplete(chain=chain_autocomplete, also=chain_autocomplete)
    async def ruling(self, interaction: discord.Interaction, chain: str, also: str | None = None,
                     ruleset: str = "current", skip_next_turn: bool = False) -> None:
        chains = [c for c in (chain, also) if c and c.strip()]
        if any("\x00" in c or len(c) > 500 for c in chains):
            raise UserFacingError("A chain is at most 500 characters of card names, '>', '+' and [choices].")
        try:
            data = dominion_answer(_matcher(interaction), chains, ruleset, skip_next_turn=skip_next_turn)
        except LookupProblem as problem:
            raise UserFacingError(safe(problem.message, 1800)) from problem
        except ScenarioError as exc:
            raise UserFacingError(safe(str(exc), 1800)) from exc
        await interaction.response.send_message(embed=dominion_embed(data))

    @app_commands.command(name="card", description="A Dominion card and its types")
    @app_commands.describe(name="The card (typos are fine)")
    @app_commands.autocomplete(name=chain_autocomplete)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        match = _matcher(interaction).match(name)
        if match.card is None:
            from bot.service import problem_message

            raise UserFacingError(safe(problem_message(match), 1800))
        card = match.card
        embed = discord.Embed(title=clip(safe(card.name), TITLE), description=safe(card.text, DESCRIPTION),
                              colour=COLOUR_INFO)
        embed.add_field(name="Types", value=safe(card.type, FIELD_VALUE) or "—", inline=True)
        embed.add_field(name="Set", value=safe(card.set, FIELD_VALUE) or "—", inline=True)
        await interaction.response.send_message(embed=fit_embed(embed))
