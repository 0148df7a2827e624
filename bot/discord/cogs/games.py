"""A `/<game>` command group for every plug-in ruleset, built from what it declares (engine/interface.py):
`ruling` with the question's inputs and the ruleset versions, `card` for one card of that game. Card names
autocomplete and match among that game's cards only. Nothing here names a game.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.games import ask, game_matcher, game_name, plugin_rulesets
from bot.answers.layers import LayeredMatcher
from bot.answers.service import LookupProblem
from bot.discord.answers import WhyButton, answer_embed, discord_words, version_button_label
from bot.discord.cards import show_card, wrong_game
from bot.discord.common import guild_of, index_name, request_of
from bot.discord.components import (
    CHOICE_PATTERN,
    STALE,
    VERSION_PATTERN,
    choice_custom_id,
    owner_in,
    recall_question,
    remember_question,
    stored_ruling,
    version_custom_id,
)
from bot.discord.errors import UserFacingError
from bot.discord.items import ArbiterItem
from bot.discord.limits import CHOICE, OPTION, clip, safe
from bot.discord.state import owner_of
from engine.interface import Param, Question, QuestionError, chain_cards, plugin_inputs, question_named, questions_of
from engine.matching import card_value
from engine.names import shown

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

Autocomplete = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]
MAX_FIELDS = 20


def _matcher(interaction: discord.Interaction, game: str) -> LayeredMatcher:
    """The game's matcher as the asking server sees it (its own aliases, and shared ones written since)."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    return bot.arbiter.matcher_for(game, interaction.guild_id, base=bot.indexes[index_name(game)])


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
        try:  # stored under its ruling id, with the server it was asked in
            return ask(request_of(interaction), self.ruleset, self.values, self.version, self.question.command,
                       seen=seen)
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
            view = await card_choice(interaction, asked, match.query, [c.card for c in match.candidates])
            if how in ("send", "private"):
                await interaction.response.send_message(safe(problem.message, 1800), view=view, ephemeral=True)
            else:
                await interaction.response.edit_message(content=safe(problem.message, 1800), embed=None, view=view)
            return
        raise UserFacingError(safe(problem.message, 1800)) from problem
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    bot.recent_answers.remember(asked.ruleset.game, asked.question.command, data, guild_of(interaction))
    embed = answer_embed(asked.question.present(data), data, [f"{c.name}: {c.text}" for c in seen if c.text])
    view = version_buttons(asked, data["ruling_id"])
    if how == "edit":
        await interaction.response.edit_message(embed=embed, view=view)
    elif how == "choose":
        await interaction.response.edit_message(content=f"You chose {safe(picked, 200)}.", view=None)
        await interaction.followup.send(embed=embed, view=view)
    else:  # "send", or "private": someone else's press gets the answer for them alone
        await interaction.response.send_message(embed=embed, view=view, ephemeral=how == "private")


async def card_choice(interaction: discord.Interaction, asked: Asked, query: str, cards: list[Any]
                      ) -> discord.ui.View:
    """Which card a name meant: a select menu (at most 25 cards, best first) only the asker can use. The question
    is stored first (bot/discord/components.py), so a pick is served after a restart too."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    key = await remember_question(bot, asked.ruleset.game, asked.question.command, asked.values, asked.version,
                                  query, asked.owner)
    view = discord.ui.View(timeout=None)
    view.add_item(CardChoice(key or "0" * 16, asked.owner, query, cards))
    return view


class CardChoice(ArbiterItem, discord.ui.DynamicItem[discord.ui.Select], template=CHOICE_PATTERN):
    """The "which card?" menu of a plug-in question; its custom id carries the stored question's key and the
    asker. Picking a card asks the question again with exactly that printing."""

    what = "plug-in card choice menu"

    def __init__(self, key: str, owner: int | None, query: str = "", cards: Sequence[Any] = (),
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            select = discord.ui.Select(
                placeholder=clip(f"Which card is “{shown(query, 100)}”?", 150), min_values=1, max_values=1,
                options=[discord.SelectOption(label=clip(c.label, OPTION), value=card_value(c)) for c in cards[:25]],
                custom_id=choice_custom_id(key, owner))
        super().__init__(select)
        self.key, self.owner = key, owner

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Select) -> CardChoice:
        return cls(match["key"], owner_in(match), select=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        question = await recall_question(interaction.client, self.key)  # type: ignore[arg-type]
        ruleset = _ruleset_named(question["game"]) if question is not None else None
        found = question_named(ruleset, question["command"]) if ruleset is not None else None
        if question is None or found is None or question["version"] not in ruleset.versions():
            raise UserFacingError(STALE)
        if self.owner is not None and interaction.user.id != self.owner:
            raise UserFacingError("Only the person who asked can choose here.")
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        options = {o.value: o.label for o in getattr(self.item, "options", ())}
        if not values or values[0] not in options:
            raise UserFacingError("That choice is not on the menu; ask again.")
        asked = Asked(ruleset, found, question["inputs"], question["version"], interaction.user.id)
        await reply(interaction, asked.again(query=question["query"], value=values[0]), how="choose",
                    picked=options[values[0]])


def version_buttons(asked: Asked, ruling_id: str) -> discord.ui.View:
    """"Why" (the judge's reasons, bot/discord/answers.py), then one button per other ruleset version, labelled
    in players' words: what that version says. Their custom ids carry the ruling id: a press asks the stored
    question again under that version, after a restart too."""
    view = discord.ui.View(timeout=None)
    view.add_item(WhyButton(ruling_id, asked.owner))
    for version in list(asked.ruleset.versions())[:5]:
        if version != asked.version:
            view.add_item(VersionButton(ruling_id, version, asked.owner, asked.ruleset.game))
    return view


class VersionButton(ArbiterItem, discord.ui.DynamicItem[discord.ui.Button], template=VERSION_PATTERN):
    """What another ruleset version says. The asker's press changes the message; anyone else gets the other
    version's answer privately."""

    what = "plug-in versions button"

    def __init__(self, ruling_id: str, version: str, owner: int | None, game: str = "",
                 button: discord.ui.Button | None = None) -> None:
        if button is None:
            button = discord.ui.Button(label=version_button_label(game, version), style=discord.ButtonStyle.secondary,
                                       custom_id=version_custom_id(ruling_id, version, owner))
        super().__init__(button)
        self.ruling_id, self.version, self.owner = ruling_id, version, owner

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Button) -> VersionButton:
        return cls(match["id"], match["version"], owner_in(match), button=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        stored = await stored_ruling(interaction.client, self.ruling_id)  # type: ignore[arg-type]
        ruleset = _ruleset_named(stored.game) if stored is not None else None
        question = question_named(ruleset, stored.command) if ruleset is not None else None
        if stored is None or question is None or self.version not in ruleset.versions():
            raise UserFacingError(STALE)
        values = dict(stored.inputs)
        for param in plugin_inputs(question.params, "discord"):  # stored rows leave out empty inputs
            values.setdefault(param.name, [] if param.repeat else False if param.kind == "flag" else None)
        owner = owner_of(self.owner, interaction)
        if interaction.user.id == owner:
            await reply(interaction, Asked(ruleset, question, values, self.version, owner), how="edit")
            return
        await reply(interaction, Asked(ruleset, question, values, self.version, interaction.user.id), how="private")


def _ruleset_named(game: str) -> Any:
    return next((r for r in plugin_rulesets() if r.game == game), None)


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
