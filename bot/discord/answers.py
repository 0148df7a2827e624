"""Every game's answer as Discord shows it: the player's answer in public, the judge's reasons on demand.

The public reply: the title, the lines saying what each typed name was matched to, the `summary`, the card's
ability text (trimmed to fit) and the rules cited. The "Why" button shows the presentation's fields, the trace
and the interpretations: the asker's press expands the message, anyone else gets them privately. The button
carries the ruling id (and its owner) in its custom_id and asks the stored question again (bot/rulings), so it
works after a restart. Command-line options named in reasons and errors are said as Discord options.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.answers.service import answer_lines
from bot.discord.common import find_standing, guild_of
from bot.discord.components import WHY_PATTERN, owner_in, why_custom_id
from bot.discord.errors import UserFacingError
from bot.discord.items import ArbiterItem
from bot.discord.limits import DESCRIPTION, FIELD_VALUE, FOOTER, LABEL, TITLE, clip, fit_embed, safe
from bot.discord.render import COLOUR_ENDED, COLOUR_INFO, COLOUR_OFF, COLOUR_PERSISTS, link_ruling, open_hint
from bot.discord.state import owner_of
from bot.officials.agreement import agree_lines, lead_lines, where_line
from engine.interface import Presentation, Question, question_named
from engine.registry import UnknownRuleset, find_ruleset

if TYPE_CHECKING:
    from bot.discord.client import ArbiterBot

TONES = {"info": COLOUR_INFO, "lasts": COLOUR_PERSISTS, "off": COLOUR_OFF, "ended": COLOUR_ENDED}
CARD_TEXT = 700          # the public reply's ability text, trimmed to this many characters
MAX_FIELDS = 20          # the presentation's fields shown under "Why" (Discord allows 25 in all)
PUBLIC = ("Card text", "Rules cited", "Official rulings")
# An option as text names it; escaping a line's first "-" (limits.safe) leaves a backslash in front of it.
FLAG = re.compile(r"(?:\\(?=--))?(?<![\w-])--([a-z][a-z0-9-]*)")


def discord_words(text: str, question: Question | None) -> str:
    """`text` with every command-line option ("--active") said as the Discord option it is (`active`):
    the question's own option of that spelling or name, its `discord_words`, else the option's name."""
    params = [p for p in (question.params if question is not None else ()) if "discord" in p.surfaces]
    names = {p.cli_flag: p.name for p in params if p.cli_flag}
    names.update({f"--{p.name.replace('_', '-')}": p.name for p in params})
    names.setdefault("--ruleset", "ruleset")
    own: Mapping[str, str] = getattr(question, "discord_words", None) or {}

    def said(match: re.Match[str]) -> str:
        flag = match.group(0).lstrip("\\")
        if flag in own:
            return own[flag]
        return f"`{names.get(flag, match.group(1).replace('-', '_'))}`"

    return FLAG.sub(said, text)


def answer_embed(presentation: Presentation, answer: Mapping[str, Any],
                 card_texts: Sequence[str] = ()) -> discord.Embed:
    """The public reply: what each name was matched to, the player's answer, the ability text, the rules."""
    official = answer.get("official")  # a published ruling it differs from leads; one that agrees follows
    lines = [*lead_lines(official), *answer_lines(answer.get("match")),  # type: ignore[arg-type]
             presentation.summary, *agree_lines(official)]
    embed = discord.Embed(title=clip(safe(presentation.title), TITLE), description=safe("\n".join(lines), DESCRIPTION),
                          colour=TONES.get(presentation.tone, COLOUR_INFO))
    text = presentation.card_text or "\n".join(t for t in card_texts if t.strip())
    if text.strip():
        embed.add_field(name="Card text", value=safe(text, CARD_TEXT), inline=False)
    embed.add_field(name="Rules cited", value=", ".join(answer.get("rules") or ()) or "none", inline=True)
    if official and where_line(official, "discord"):
        embed.add_field(name="Official rulings", value=safe(where_line(official, "discord"), FIELD_VALUE), inline=False)
    embed.set_footer(text=clip(presentation.footer + open_hint(str(answer["ruling_id"])), FOOTER))
    link_ruling(embed, str(answer["ruling_id"]))  # the title links to the ruling's page when pages are served
    return fit_embed(embed)


def with_reasons(embed: discord.Embed, presentation: Presentation, answer: Mapping[str, Any],
                 question: Question | None, note: str = "") -> discord.Embed:
    """The public reply (any reasons shown before taken off) with the judge's reasons added under it."""
    out = embed.copy()
    keep = [f for f in out.fields if f.name in PUBLIC]
    out.clear_fields()
    for f in keep:
        out.add_field(name=f.name, value=f.value, inline=f.inline)
    if note:
        out.add_field(name="Asked again today", value=safe(note, FIELD_VALUE), inline=False)
    for field in presentation.fields[:MAX_FIELDS]:
        value = f"**{safe(field.lead, 200)}**" + (f" [{', '.join(field.rules)}]" if field.rules else "")
        value += f"\n{safe(field.text, 600)}" if field.text else ""
        if field.warning:
            value += f"\n⚠ {safe(field.warning, 150)}"
        out.add_field(name=clip(safe(field.name), 256), value=clip(value, FIELD_VALUE), inline=False)
    steps = [s for s in answer.get("trace") or () if s.get("source") != "scenario" and s.get("decision")]
    if steps:
        lines = [(f"[{s['rule']}] " if s.get("rule") else "") + f"{s.get('trigger', '')}: {s['decision']}"
                 for s in steps]
        out.add_field(name="Trace", value=discord_words(safe("\n".join(lines), FIELD_VALUE), question)[:FIELD_VALUE],
                      inline=False)
    notes = answer.get("interpretations") or ()
    if notes:
        text = safe("\n".join(f"• {n['text']}" for n in notes), FIELD_VALUE)
        out.add_field(name="Interpretations", value=discord_words(text, question)[:FIELD_VALUE], inline=False)
    return fit_embed(out)


def version_label(game: str, version: str) -> str:
    """A ruleset version as players call it ("the 2023 rules"); its internal key only when it has no label."""
    try:
        found = find_ruleset(game).versions().get(version)
    except UnknownRuleset:
        found = None
    return (found.label if found is not None else "") or version


def version_button_label(game: str, version: str) -> str:
    """A version button says what it shows in players' words; the internal key is in the footer only."""
    return clip(f"Under {version_label(game, version)}", LABEL)


class RecentAnswers:
    """The answers given lately, by ruling id and server: "Why" shows exactly the answer given (how a name was
    matched included) while it is here; after a restart, or once it is pushed out, the stored question is asked
    again. Only touched on the event loop."""

    def __init__(self, size: int = 500) -> None:
        self.size = size
        self._answers: OrderedDict[tuple[str, str | None], tuple[str, str, dict[str, Any]]] = OrderedDict()

    def remember(self, game: str, command: str, answer: dict[str, Any], guild: str | None) -> None:
        key = (str(answer["ruling_id"]), guild)
        self._answers[key] = (game, command, answer)
        self._answers.move_to_end(key)
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)

    def get(self, ruling_id: str, guild: str | None) -> tuple[str, str, dict[str, Any]] | None:
        return self._answers.get((ruling_id, guild))


def question_of(game: str, command: str) -> Question | None:
    try:
        return question_named(find_ruleset(game), command)
    except UnknownRuleset:
        return None


class WhyButton(ArbiterItem, discord.ui.DynamicItem[discord.ui.Button], template=WHY_PATTERN):
    """"Why": the judge's reasons for the ruling whose id the button carries. The asker's press expands the
    message; anyone else gets the reasons privately. Works after a restart: the stored question is asked again."""

    what = "why button"

    def __init__(self, ruling_id: str, owner: int | None = None, button: discord.ui.Button | None = None) -> None:
        if button is None:
            button = discord.ui.Button(label=clip("Why", LABEL), style=discord.ButtonStyle.secondary,
                                       custom_id=why_custom_id(ruling_id, owner))
        super().__init__(button)
        self.ruling_id = ruling_id
        self.owner = owner

    @classmethod
    def read(cls, match: re.Match[str], item: discord.ui.Button) -> WhyButton:
        return cls(match["id"], owner_in(match), button=item)

    async def serve(self, interaction: discord.Interaction) -> None:
        bot: ArbiterBot = interaction.client  # type: ignore[assignment]
        game, command, answer, note = await self._answer(bot, interaction)
        question = question_of(game, command)
        if question is None:
            raise UserFacingError(f"The game of ruling {self.ruling_id} is no longer offered.")
        presentation = question.present(answer)
        if note:
            note += f" {presentation.summary} (ruling {answer['ruling_id']})"
        message = interaction.message
        public = message.embeds[0] if message is not None and message.embeds else answer_embed(presentation, answer)
        embed = with_reasons(public, presentation, answer, question, note)
        if owner_of(self.owner, interaction) == interaction.user.id:
            await interaction.response.edit_message(embed=embed)
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _answer(self, bot: ArbiterBot, interaction: discord.Interaction
                      ) -> tuple[str, str, dict[str, Any], str]:
        """(game, command, answer, note): the answer as given when it is still in memory, else the stored
        question asked again (off the event loop), with a note when today's answer differs."""
        recent = getattr(bot, "recent_answers", None)
        found = recent.get(self.ruling_id, guild_of(interaction)) if recent is not None else None
        if found is not None:
            return (*found, "")
        standing = await asyncio.to_thread(find_standing, bot, self.ruling_id)
        if standing is None:
            raise UserFacingError(f"Ruling {self.ruling_id} is not stored here, so its reasons cannot be shown; "
                                  "ask the question again.")
        if standing.answer is None:
            raise UserFacingError(safe(f"The reasons of ruling {self.ruling_id} cannot be shown: "
                                       f"{standing.problem}", 1800))
        note = "" if standing.stands else "Today this question answers differently:"
        return standing.stored.game, standing.stored.command, standing.answer, note
