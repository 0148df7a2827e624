"""Discord's message limits, and text made safe to show: no pings, no markdown tricks, never too long."""

from __future__ import annotations

import discord

from engine.names import without_controls

TITLE, DESCRIPTION, FIELDS, FIELD_NAME, FIELD_VALUE, FOOTER, TOTAL = 256, 4096, 25, 256, 1024, 2048, 6000
CONTENT, CHOICE, LABEL, OPTION = 2000, 100, 80, 100


def clip(text: str, limit: int) -> str:
    """Cut to `limit` characters, ending with "…" when something was cut."""
    text = text if isinstance(text, str) else str(text)
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def safe(text: str, limit: int | None = None) -> str:
    """Text from cards or users, shown literally: control characters (but newlines and tabs) and invisible or
    bidirectional marks dropped, markdown and mentions escaped."""
    text = text or ""
    if limit is not None:
        text = clip(text, limit * 2)  # bound the work before escaping hostile lengths
    text = without_controls(text)
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(text))
    return clip(text, limit) if limit is not None else text


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Trim fields from the end until the whole embed is within Discord's 6000-character total."""
    while len(embed) > TOTAL and embed.fields:
        last = embed.fields[-1]
        overflow = len(embed) - TOTAL
        if len(last.value) - overflow >= 20:
            embed.set_field_at(len(embed.fields) - 1, name=last.name,
                               value=clip(last.value, len(last.value) - overflow), inline=last.inline)
        else:
            embed.remove_field(len(embed.fields) - 1)
    if len(embed) > TOTAL and embed.description:
        embed.description = clip(embed.description, max(1, len(embed.description) - (len(embed) - TOTAL)))
    return embed
