"""Embeds for cards and rules, the colours of answers, and the footer's pointer to a stored ruling."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.limits import DESCRIPTION, FIELD_VALUE, TITLE, clip, fit_embed, safe
from bot.links import ruling_url
from engine.cards import printing_label
from engine.trace import Rule

COLOUR_PERSISTS = discord.Colour(0x2E8B57)
COLOUR_OFF = discord.Colour(0xDAA520)
COLOUR_ENDED = discord.Colour(0x8B0000)
COLOUR_INFO = discord.Colour(0x4169E1)


def link_ruling(embed: discord.Embed, ruling_id: str | None) -> None:
    """With ARBITER_PUBLIC_URL set, the embed's title links to the ruling's web page (anyone can open it)."""
    url = ruling_url(ruling_id)
    if url is not None:
        embed.url = url


def open_hint(ruling_id: str) -> str:
    """The footer's pointer to the stored ruling: anyone can open it later and see whether it still stands."""
    return f" · open it later: /ruling id:{ruling_id}"


def card_embed(data: dict[str, Any]) -> discord.Embed:
    card = data["card"]
    kind = card["type"] + (f", {card['class']}" if card["class"] else "")
    match = data.get("match") or {}
    lines = [line for line in (match.get("line"), match.get("printings_line")) if line]
    embed = discord.Embed(title=clip(safe(printing_label(card["name"], card["set"])), TITLE),
                          description=safe("\n".join([*lines, card["text"] or "(no special ability)"]), DESCRIPTION),
                          colour=COLOUR_INFO)
    embed.add_field(name="Type", value=safe(kind, FIELD_VALUE) or "—", inline=True)
    if card["brigade"]:
        embed.add_field(name="Brigade", value=safe(card["brigade"], FIELD_VALUE), inline=True)
    if card["identifier"]:
        embed.add_field(name="Identifier", value=safe(card["identifier"], FIELD_VALUE), inline=False)
    if len(data["printings"]) > 1:
        names = ", ".join(printing_label(p["name"], p["set"]) for p in data["printings"])
        embed.add_field(name="Printings", value=safe(names, FIELD_VALUE), inline=False)
    for part in data["parts"][:10]:
        label = part["part"] or "Ability"
        if not part["lasting"]:
            value = "instant: no lasting part"
        elif part["terms"]:
            value = "\n".join(f"{t['rule']} “{t['text']}” ({t['source']})" for t in part["terms"])
        else:
            value = "no stated duration: D1 default unless its type or class gives one"
        if part["annotated"]:
            value += "\n(moderator annotation)"
        embed.add_field(name=f"Terms · {label}", value=safe(value, FIELD_VALUE), inline=False)
    embed.set_footer(text=f"Usually played in: {data['default_zone']}")
    return fit_embed(embed)


def rule_embed(rule: Rule, game_title: str) -> discord.Embed:
    embed = discord.Embed(title=clip(f"{rule.id} · {rule.name}", TITLE), description=clip(rule.summary, DESCRIPTION),
                          colour=COLOUR_INFO)
    embed.add_field(name="Source", value=clip(rule.source, FIELD_VALUE), inline=False)
    embed.set_footer(text=f"{game_title} · rules in our own words, cited by id")
    return embed
