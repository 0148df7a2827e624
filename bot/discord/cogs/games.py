"""A `/<game>` command group for every plug-in ruleset, built from what it declares (engine/interface.py):
`ruling` with the question's inputs and the ruleset versions, `card` for one card of that game. Card names
autocomplete and match among that game's cards only. Nothing here names a game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import WhyButton, answer_embed, discord_words, version_button_label
from bot.discord.cards import show_card, wrong_game
from bot.discord.common import guild_of, index_name
from bot.discord.errors import UserFacingError, report_error
from bot.discord.limits import CHOICE, OPTION, clip, safe
from bot.games import AnnotationsOf, game_answer, game_matcher, game_name, plugin_rulesets
from bot.layers import LayeredMatcher
from bot.service import LookupProblem
from engine.interface import Param, Question, QuestionError, chain_cards, plugin_inputs, questions_of
from engine.matching import card_value

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

Autocomplete = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]
MAX_FIELDS = 20


def _matcher(interaction: discord.Interaction, game: str) -> LayeredMatcher:
    """The game's matcher as the asking server sees it (its own aliases, and shared ones written since)."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    return bot.arbiter.matcher_for(game, interaction.guild_id, base=bot.indexes[index_name(game)])


def _annotations_of(interaction: discord.Interaction) -> AnnotationsOf:
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    return bot.arbiter.shared_annotations


def _layer_of(interaction: discord.Interaction) -> AnnotationsOf:
    """The asking server's own annotations of a card (none in a DM)."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    guild = interaction.guild_id
    return lambda card: bot.arbiter.layer_annotations(card, guild)


def card_autocomplete(game: str, separators: str) -> Autocomplete:
    """Complete the card name being typed after the last separator, keeping what was typed before it."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        head, typed = chain_cards(current, separators)
        pad = " " if head and not head.endswith(" ") else ""
        out = []
        for choice in _matcher(interaction, game).autocomplete(typed.strip(), 25):
            # Inside a chain, a printing's "(Set)" would read as a group: offer the bare name there.
            name = choice.name
            if separators and "(" in name and not typed.strip().endswith(")"):
                name = name.split(" (")[0]
            value = f"{head}{pad}{name}" if separators else choice.value
            label = f"{head}{pad}{name}" if separators else choice.name
            if len(value) <= CHOICE:
                out.append(app_commands.Choice(name=clip(label, CHOICE), value=value))
        return out[:25]

    return complete


def _check_text(param: Param, value: Any) -> None:
    if param.kind == "text" and isinstance(value, str) and ("\x00" in value or len(value) > param.max_length):
        raise UserFacingError(f"“{param.name}” is at most {param.max_length} characters of card names and "
                              "choices.")


def _signature(params: tuple[Param, ...], versions: list[str]) -> inspect.Signature:
    """The callback signature discord.py reads the options from: texts, then the version, then switches."""
    kw = inspect.Parameter.KEYWORD_ONLY
    out = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    for p in params:
        if p.kind == "text":
            out.append(inspect.Parameter(p.name, kw, annotation=str) if p.required
                       else inspect.Parameter(p.name, kw, annotation=Optional[str], default=None))  # noqa: UP045
    out.append(inspect.Parameter("ruleset", kw, annotation=str, default=versions[0]))
    out += [inspect.Parameter(p.name, kw, annotation=bool, default=False) for p in params if p.kind == "flag"]
    return inspect.Signature(out)


class Asked:
    """One question as asked: enough to ask it again with a picked card or another ruleset version."""

    def __init__(self, ruleset: Any, question: Question, values: dict[str, Any], version: str, owner: int) -> None:
        self.ruleset, self.question, self.values, self.version, self.owner = ruleset, question, values, version, owner

    def again(self, *, version: str | None = None, query: str | None = None, value: str | None = None) -> Asked:
        """The same question with another version, or with the name `query` replaced by a printing's value."""
        values = dict(self.values)
        if query is not None and value is not None:
            for p in plugin_inputs(self.question.params, "discord"):
                text = values.get(p.name)
                if p.card_names and isinstance(text, str) and query in text:
                    values[p.name] = text.replace(query, value, 1)
                    break
        return Asked(self.ruleset, self.question, values, version or self.version, self.owner)

    def answer(self, interaction: discord.Interaction, seen: list[Any] | None = None) -> dict[str, Any]:
        """The answer (`seen` gets the cards it looked up); LookupProblem or UserFacingError when it cannot be
        given (a command-line option the message names is said as the Discord option)."""
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        try:  # stored under its ruling id, with the server it was asked in
            return game_answer(_matcher(interaction, self.ruleset.game), self.ruleset, self.values, self.version,
                               annotations_of=_annotations_of(interaction), command=self.question.command,
                               layer_of=_layer_of(interaction), guild=guild_of(interaction),
                               rulings=bot.arbiter.rulings, seen=seen, officials=bot.arbiter.officials())
        except QuestionError as exc:
            raise UserFacingError(discord_words(safe(str(exc), 1800), self.question)) from exc


async def reply(interaction: discord.Interaction, asked: Asked, *, how: str = "send", picked: str = "") -> None:
    """Answer `asked`: the ruling with its versions buttons; an ambiguous name gets a select menu only the asker
    can use; a name with no card one sentence. `how`: "send" a new message, "private" one for the presser
    alone, "edit" the message a button was on, or "choose": the asker picked `picked` in a private menu, which
    says so, and the ruling is posted."""
    seen: list[Any] = []
    try:
        data = asked.answer(interaction, seen)
    except LookupProblem as problem:
        match = problem.match
        other = wrong_game(interaction, asked.ruleset.game, match, asked.question.command)
        if other is not None:  # another game's card: say which and how to ask there, not this game's near names
            raise UserFacingError(other) from problem
        if match.how == "ambiguous" and match.candidates and interaction.user.id == asked.owner:
            view = CardChoice(asked, match.query, [c.card for c in match.candidates])
            if how in ("send", "private"):
                await interaction.response.send_message(safe(problem.message, 1800), view=view, ephemeral=True)
            else:
                await interaction.response.edit_message(content=safe(problem.message, 1800), embed=None, view=view)
            return
        raise UserFacingError(safe(problem.message, 1800)) from problem
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    bot.recent_answers.remember(asked.ruleset.game, asked.question.command, data, guild_of(interaction))
    embed = answer_embed(asked.question.present(data), data, [f"{c.name}: {c.text}" for c in seen if c.text])
    view = VersionButtons(asked, data["ruling_id"])
    if how == "edit":
        await interaction.response.edit_message(embed=embed, view=view)
    elif how == "choose":
        await interaction.response.edit_message(content=f"You chose {safe(picked, 200)}.", view=None)
        await interaction.followup.send(embed=embed, view=view)
    else:  # "send", or "private": someone else's press gets the answer for them alone
        await interaction.response.send_message(embed=embed, view=view, ephemeral=how == "private")


class CardChoice(discord.ui.View):
    """Which card a name meant: a select menu (at most 25 cards, best first) only the asker can use; picking
    one asks again with exactly that printing."""

    def __init__(self, asked: Asked, query: str, cards: list[Any]) -> None:
        super().__init__(timeout=300)
        self.asked, self.query = asked, query
        self.cards = {card_value(c): c for c in cards[:25]}
        select: discord.ui.Select = discord.ui.Select(
            placeholder=clip(f"Which card is “{query}”?", 150), min_values=1, max_values=1,
            options=[discord.SelectOption(label=clip(c.label, OPTION), value=v) for v, c in self.cards.items()])
        select.callback = self.chosen  # type: ignore[method-assign]
        self.select = select
        self.add_item(select)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.asked.owner:
            await interaction.response.send_message("Only the person who asked can choose here.", ephemeral=True)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: Exception,  # type: ignore[override]
                       item: discord.ui.Item[Any], /) -> None:
        await report_error(interaction, error, "plug-in card choice menu")

    async def chosen(self, interaction: discord.Interaction) -> None:
        value = self.select.values[0]
        if value not in self.cards:
            raise UserFacingError("That choice is not on the menu; ask again.")
        self.stop()
        await reply(interaction, self.asked.again(query=self.query, value=value), how="choose",
                    picked=self.cards[value].label)


class VersionButtons(discord.ui.View):
    """"Why" (the judge's reasons, bot/discord/answers.py), then one button per other ruleset version, labelled
    in players' words: what that version says. The asker's press changes the message; anyone else gets the
    other version's answer privately."""

    def __init__(self, asked: Asked, ruling_id: str) -> None:
        super().__init__(timeout=900)
        self.asked = asked
        self.add_item(WhyButton(ruling_id, asked.owner))
        for version in list(asked.ruleset.versions())[:5]:
            if version == asked.version:
                continue
            button: discord.ui.Button = discord.ui.Button(label=version_button_label(asked.ruleset.game, version),
                                                          style=discord.ButtonStyle.secondary)
            button.callback = self._press(version)  # type: ignore[method-assign]
            self.add_item(button)

    def _press(self, version: str) -> Callable[[discord.Interaction], Coroutine[Any, Any, None]]:
        async def press(interaction: discord.Interaction) -> None:
            asked = self.asked.again(version=version)
            if interaction.user.id == asked.owner:
                await reply(interaction, asked, how="edit")
                return
            mine = Asked(asked.ruleset, asked.question, asked.values, version, interaction.user.id)
            await reply(interaction, mine, how="private")

        return press

    async def on_error(self, interaction: discord.Interaction, error: Exception,  # type: ignore[override]
                       item: discord.ui.Item[Any], /) -> None:
        await report_error(interaction, error, "plug-in versions button")


def ruling_command(ruleset: Any, question: Question) -> app_commands.Command:
    game = ruleset.game
    params = plugin_inputs(question.params, "discord")
    versions = list(ruleset.versions())

    async def ruling(interaction: discord.Interaction, **values: Any) -> None:
        for param in params:
            _check_text(param, values.get(param.name))
        version = values.pop("ruleset", versions[0])
        await reply(interaction, Asked(ruleset, question, values, version, interaction.user.id))

    ruling.__signature__ = _signature(params, versions)  # type: ignore[attr-defined]
    app_commands.describe(**{p.name: p.help for p in params}, ruleset=question.version_help)(ruling)
    app_commands.choices(ruleset=[app_commands.Choice(name=v, value=v) for v in versions])(ruling)
    completions = {p.name: card_autocomplete(game, p.separators) for p in params if p.card_names}
    if completions:
        app_commands.autocomplete(**completions)(ruling)
    return app_commands.Command(name=question.command, description=question.description, callback=ruling)


def card_command(ruleset: Any) -> app_commands.Command:
    game = ruleset.game

    @app_commands.describe(name="The card (typos are fine)")
    @app_commands.autocomplete(name=card_autocomplete(game, ""))
    async def card(interaction: discord.Interaction, name: str) -> None:
        await show_card(interaction, name, ruleset)  # the game's cards only; several: the asker's menu

    return app_commands.Command(name="card", description=f"A {game_name(ruleset)} card and its types"[:100],
                                callback=card)


class GamesCog(commands.Cog):
    """Adds one command group per plug-in ruleset to the tree, and its card matcher to the bot's indexes."""

    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot
        self.groups: list[app_commands.Group] = []
        for ruleset in plugin_rulesets():
            questions = questions_of(ruleset)
            group = app_commands.Group(name=ruleset.game, description=questions[0].group_description[:100])
            for question in questions:
                group.add_command(ruling_command(ruleset, question))
            group.add_command(card_command(ruleset))
            self.groups.append(group)
            bot.index_builders[index_name(ruleset.game)] = lambda arbiter, r=ruleset: game_matcher(arbiter, r)

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)
