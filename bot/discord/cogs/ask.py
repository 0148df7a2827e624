"""`/ask question:TEXT`: a rules question in a sentence, read as one game's command and answered by it.

The reply says first how the sentence was read, as the exact per-game command (`Read as: /<game> <command>
option: value ...`), the words it did not use and each choice it made, then gives that command's own answer:
the same engine, the same ruling id, the same "Why" button. Where it had a choice (another card of that name,
another game, another reading of a phrase) buttons offer the others; where it cannot tell, it asks back with the
readings to choose from. Each such button (`arba:<key>@<owner>`) carries the key of the reading stored in the
rulings file before the message is sent (as a plug-in's "which card?" menu does), so a press is served after a
restart too. Reading and answering run in a worker thread after the reply is deferred. Nothing names a game.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers.asking import Asker, command_text, question_of
from bot.answers.service import LookupProblem
from bot.discord.answers import WhyButton, answer_embed
from bot.discord.common import guild_of, index_name
from bot.discord.components import ASK_PATTERN, STALE, ask_custom_id, owner_in, recall_question, remember_question
from bot.discord.errors import UserFacingError
from bot.discord.items import ArbiterItem
from bot.discord.limits import clip, safe
from engine.interface import QuestionError
from engine.reader import MAX_TEXT, ReadResult
from engine.registry import find_ruleset
from engine.sentence import CardSpan, Option, Reading

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

MAX_BUTTONS = 4
LABEL = 80


def asker_of(bot: ArbiterBot) -> Asker:
    """The bot's reader: the plug-in games' matchers as the bot keeps them (rebuilt with the catalog)."""
    found = getattr(bot, "_asker", None)
    if found is None or found.arbiter is not bot.arbiter:
        found = Asker(bot.arbiter, matcher_of=lambda ruleset: bot.indexes[index_name(ruleset.game)])
        bot._asker = found  # type: ignore[attr-defined]
    return found


def _answer(asker: Asker, reading: Reading, guild: str | None, cards: Sequence[CardSpan] = ()
            ) -> tuple[dict[str, Any] | None, str | None]:
    try:
        return asker.answer(reading, guild, cards=cards), None
    except LookupProblem as problem:
        return None, problem.message
    except (QuestionError, ValueError) as exc:  # the reading gave the command something it refuses
        return None, str(exc)


def _read_and_answer(asker: Asker, text: str, guild: str | None
                     ) -> tuple[ReadResult, dict[str, Any] | None, str | None]:
    result, _ = asker.read(text, guild)
    if result.reading is None:
        return result, None, None
    answer, problem = _answer(asker, result.reading, guild, result.cards)
    return result, answer, problem


def slash(reading: Reading) -> str:
    return command_text(find_ruleset(reading.game), reading, "discord")


def lead_lines(result: ReadResult | None, reading: Reading) -> list[str]:
    """What the reply says before the answer: how the sentence was read, the words not used, the choices made."""
    code = clip(slash(reading).replace("`", "'").replace("\x00", ""), 900)  # shown literally in a code span
    lines = [f"**Read as:** `{discord.utils.escape_mentions(code)}`"]
    if result is not None and result.unused:
        lines.append("Not used: " + ", ".join(f"“{safe(w, 60)}”" for w in result.unused[:12]))
    for note in reading.notes[:4]:
        lines.append(f"Reading: {safe(note.rstrip('.'), 300)}.")
    return lines


async def _option_buttons(bot: ArbiterBot, options: tuple[Option, ...], owner: int, prefix: str
                          ) -> list[discord.ui.Item[Any]]:
    """One button per reading offered, each stored first so a press is served after a restart."""
    items: list[discord.ui.Item[Any]] = []
    for option in options[:MAX_BUTTONS]:
        reading = option.reading
        inputs = dict(reading.inputs)
        version = str(inputs.pop("ruleset", "") or "")
        key = await remember_question(bot, reading.game, reading.command, {"inputs": inputs, "label": option.label},
                                      version, "ask", owner)
        if key is None:
            continue
        items.append(AskButton(key, owner, clip(f"{prefix}{option.label}", LABEL)))
    return items


async def send_answer(interaction: discord.Interaction, result: ReadResult | None, reading: Reading,
                      answer: dict[str, Any] | None, problem: str | None, *, ephemeral: bool = False) -> None:
    """The per-game command's answer (the player's answer first, in bold), the reading's lines under it, its Why
    button and the other readings; a reading that could not be answered: why, then the reading's lines."""
    bot: ArbiterBot = interaction.client  # type: ignore[assignment]
    owner = interaction.user.id
    lead = lead_lines(result, reading)
    view = discord.ui.View(timeout=None)
    if answer is None:  # why it could not be answered comes first, as an answer would; the reading under it
        lead.insert(0, safe(problem or "That reading cannot be answered.", 900))
        for item in await _option_buttons(bot, reading.others, owner, "Instead: "):
            view.add_item(item)
        await interaction.followup.send(content=clip("\n".join(lead), 1900), view=view, ephemeral=ephemeral)
        return
    question = question_of(find_ruleset(reading.game), reading.command)
    bot.recent_answers.remember(reading.game, reading.command, answer, guild_of(interaction))
    cards = [s.card for s in (result.cards if result is not None else ()) if s.card is not None]
    embed = answer_embed(question.present(answer), answer, [f"{c.name}: {c.text}" for c in cards if c.text], lead)
    view.add_item(WhyButton(str(answer["ruling_id"]), owner))
    for item in await _option_buttons(bot, reading.others, owner, "Instead: "):
        view.add_item(item)
    await interaction.followup.send(embed=embed, view=view, ephemeral=ephemeral)


class AskCog(commands.Cog):
    def __init__(self, bot: ArbiterBot) -> None:
        self.bot = bot

    @app_commands.command(name="ask", description="A rules question in a sentence: read as one game's command, "
                                                  "then answered by it")
    @app_commands.describe(question="As you would ask a judge, e.g. if I Throne Room a Wharf, when does the Throne "
                                    "Room leave?")
    async def ask(self, interaction: discord.Interaction, question: str) -> None:
        text = " ".join(question.split())
        if not text or len(text) > MAX_TEXT or "\x00" in text:
            raise UserFacingError(f"Ask in one sentence of at most {MAX_TEXT} characters, e.g. “when does Wharf "
                                  "leave play?”.")
        await interaction.response.defer(thinking=True)
        asker = asker_of(self.bot)
        result, answer, problem = await asyncio.to_thread(_read_and_answer, asker, text, guild_of(interaction))
        if result.reading is not None:
            await send_answer(interaction, result, result.reading, answer, problem)
            return
        asked = result.asked
        assert asked is not None
        lines = [safe(asked.why, 900)]
        if result.unused:
            lines.append("Not used: " + ", ".join(f"“{safe(w, 60)}”" for w in result.unused[:12]))
        view = discord.ui.View(timeout=None)
        for item in await _option_buttons(self.bot, asked.options, interaction.user.id, ""):
            view.add_item(item)
        if asked.options:
            lines.append("Pick one below, or ask again in other words.")
        await interaction.followup.send(content=clip("\n".join(lines), 1900), view=view)


class AskButton(ArbiterItem, discord.ui.DynamicItem[discord.ui.Button], template=ASK_PATTERN):
    """One reading offered by /ask (another card, another game, another reading, or an answer to its question
    back). The asker's press answers it in a new message; anyone else's, privately."""

    what = "ask reading button"

    def __init__(self, key: str, owner: int | None, label: str = "Read this way",
                 button: discord.ui.Button | None = None) -> None:
        if button is None:
            button = discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                       custom_id=ask_custom_id(key, owner))
        super().__init__(button)
        self.key, self.owner = key, owner

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Button) -> AskButton:
        return cls(match["key"], owner_in(match), button=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        stored = await recall_question(bot, self.key)
        if stored is None or not isinstance(stored.get("inputs"), dict) or "inputs" not in stored["inputs"]:
            raise UserFacingError(STALE)
        inputs = dict(stored["inputs"]["inputs"])
        if stored.get("version"):
            inputs["ruleset"] = stored["version"]
        reading = Reading(stored["command"], inputs, game=stored["game"])
        try:
            question_of(find_ruleset(reading.game), reading.command)
        except Exception as exc:  # a game or question withdrawn since
            raise UserFacingError(STALE) from exc
        mine = self.owner is None or interaction.user.id == self.owner
        await interaction.response.defer(thinking=True, ephemeral=not mine)
        answer, problem = await asyncio.to_thread(_answer, asker_of(bot), reading, guild_of(interaction))
        await send_answer(interaction, None, reading, answer, problem, ephemeral=not mine)
