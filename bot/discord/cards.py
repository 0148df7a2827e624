"""A card in Discord, from any game: the card view (`/card`, `/<game> card`), the asker-only menu for a name that
matches several cards, the card names of every game as suggestions, and the sentence for a question asked in
the wrong game. Shared by the cogs (none imports another); nothing here names a game."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.answers.anywhere import (
    Anywhere,
    MatcherOf,
    card_elsewhere_message,
    card_games,
    elsewhere,
    elsewhere_message,
    find_anywhere,
    game_title,
)
from bot.answers.service import answer_lines, match_json, problem_message
from bot.discord.common import index_name
from bot.discord.components import CARD_PICK_PATTERN, card_pick_custom_id, owner_in
from bot.discord.errors import UserFacingError
from bot.discord.items import ArbiterItem
from bot.discord.limits import CHOICE, DESCRIPTION, FIELD_VALUE, OPTION, TITLE, clip, fit_embed, safe
from bot.discord.render import COLOUR_INFO, card_embed
from engine.matching import MatchResult, card_value
from engine.names import shown

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

MENU_SIZE = 25


def plain(text: str) -> str:
    """A card name shown literally in a message (markdown and mentions escaped)."""
    return safe(text, 200)


def matchers(bot: ArbiterBot, guild: int | str | None) -> MatcherOf:
    """Each game's matcher as the asking server sees it (its aliases, and shared ones written since)."""

    def of(game: str) -> Any:
        return bot.arbiter.matcher_for(game, guild, base=bot.indexes.get(index_name(game)))

    return of


def picked_card(bot: ArbiterBot, guild: int | str | None, value: str) -> tuple[Any, MatchResult] | None:
    """The (ruleset, match) of a card value (an autocomplete suggestion or a menu pick) from any game."""
    of = matchers(bot, guild)
    for ruleset in card_games():
        match = of(ruleset.game).match(value)
        if match.card is not None and match.query == value and card_value(match.card) == value.strip():
            return ruleset, match
    return None


def card_view_embed(bot: ArbiterBot, ruleset: Any, match: MatchResult, guild: int | str | None) -> discord.Embed:
    """The card of any game: its game first (the embed's author line), then what the name was matched to, its
    text, and how the game's rules read it."""
    from bot.answers.card_info import card_json  # the same object `arbiter card --json` prints

    data = card_json(bot.arbiter, match.query, None, guild, found=(ruleset, match))
    if "parts" in data:  # the default game's view, with its duration terms per part
        embed = card_embed(data)
    else:
        card = match.card
        lines = answer_lines(match_json(match))
        embed = discord.Embed(title=clip(safe(card.name), TITLE),
                              description=safe("\n".join([*lines, card.text or "(no text)"]), DESCRIPTION),
                              colour=COLOUR_INFO)
        embed.add_field(name="Types", value=safe(card.type, FIELD_VALUE) or "—", inline=True)
        embed.add_field(name="Set", value=safe(card.set, FIELD_VALUE) or "—", inline=True)
        for detail in data["details"][:10]:
            embed.add_field(name=clip(safe(detail["label"]), 256), value=safe(detail["text"], FIELD_VALUE) or "—",
                            inline=False)
    embed.set_author(name=clip(f"{game_title(ruleset)} card", 256))
    return fit_embed(embed)


class CardPick(ArbiterItem, discord.ui.DynamicItem[discord.ui.Select], template=CARD_PICK_PATTERN):
    """Which card a name meant, for `/card` and `/<game> card`: a menu (at most 25 cards, best first, each with
    its game) only the asker can use; the pick is posted as the card. The custom id carries the asker and each
    option a card value, so a pick is served after a restart too (bot/discord/components.py)."""

    what = "card menu"

    def __init__(self, owner: int | None, found: Anywhere | None = None, with_game: bool = False,
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            candidates = found.candidates[:MENU_SIZE] if found is not None else []
            select = discord.ui.Select(
                placeholder=clip(f"Which card is “{shown(found.query, 100) if found else ''}”?", 150), min_values=1,
                max_values=1, custom_id=card_pick_custom_id(owner),
                options=[discord.SelectOption(label=clip(c.card.label, OPTION), value=card_value(c.card),
                                              description=clip(game_title(r), 100) if with_game else None)
                         for r, c in candidates])
        super().__init__(select)
        self.owner = owner

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Select) -> CardPick:
        return cls(owner_in(match), select=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        if self.owner is not None and interaction.user.id != self.owner:
            raise UserFacingError("Only the person who asked can choose here.")
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        offered = {o.value for o in getattr(self.item, "options", ())}
        found = picked_card(bot, interaction.guild_id, values[0]) if values and values[0] in offered else None
        if found is None:  # not on the menu, or the catalog changed since it was offered
            raise UserFacingError("That card is no longer in the database; ask again with /card.")
        ruleset, match = found
        await interaction.response.edit_message(content=f"You chose {safe(match.card.label, 200)}.", view=None)
        await interaction.followup.send(embed=card_view_embed(bot, ruleset, match, interaction.guild_id))


async def show_card(interaction: discord.Interaction, name: str, game: Any = None) -> None:
    """`/card name [game]` and `/<game> card name`: one card is shown; several are offered in a menu only the
    asker can use; none gets the closest names, privately."""
    if "\x00" in name or len(name) > 500:
        raise UserFacingError("A card name is at most 500 characters.")
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    guild = interaction.guild_id
    picked = picked_card(bot, guild, name)
    if picked is not None and (game is None or picked[0].game == game.game):
        ruleset, match = picked
    else:
        of = matchers(bot, guild)
        found = find_anywhere(name, of, game)
        if found.found is None:
            if found.how == "ambiguous" and found.candidates:
                view = discord.ui.View(timeout=None)
                view.add_item(CardPick(interaction.user.id, found, with_game=game is None))
                await interaction.response.send_message(safe(found.message(), 1800), view=view, ephemeral=True)
                return
            if game is None:
                raise UserFacingError(safe(found.message(), 1800))
            match = found.matches[0].match  # one game asked: its own words, or the game whose card it is
            other = elsewhere(name, game.game, match, of)
            raise UserFacingError(clip(card_elsewhere_message(other, game, "discord", plain) if other is not None
                                       else safe(problem_message(match)), 1800))
        ruleset, match = found.found.ruleset, found.found.match
    await interaction.response.send_message(embed=card_view_embed(bot, ruleset, match, guild))


async def any_card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Card names of every game (a few of each, the game named), or of the game the `game` option names."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    wanted = getattr(interaction.namespace, "game", None)
    games = [r for r in card_games() if wanted in (None, r.game)]
    of = matchers(bot, interaction.guild_id)
    per_game = max(3, MENU_SIZE // max(1, len(games)))
    out: list[app_commands.Choice[str]] = []
    for ruleset in games:
        for choice in of(ruleset.game).autocomplete(current, per_game):
            label = choice.name if len(games) == 1 else f"{choice.name} · {game_title(ruleset)}"
            out.append(app_commands.Choice(name=clip(label, CHOICE), value=choice.value))
    return out[:MENU_SIZE]


def wrong_game(interaction: discord.Interaction, asked_game: str, match: MatchResult,
               command: str | None) -> str | None:
    """For a question whose name found no card of the asked game: "NAME is a GAME card: ask with /GAME ...",
    when the name is clearly another game's card (bot.answers.anywhere.elsewhere); else None."""
    if match.how not in ("not-found", "ambiguous"):
        return None
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    other = elsewhere(match.query, asked_game, match, matchers(bot, interaction.guild_id), command)
    return clip(elsewhere_message(other, "discord", plain), 1800) if other is not None else None
