"""Reading the bot's Discord replies in tests: components, embed fields, and pressing "Why" for the reasons."""

from __future__ import annotations

from typing import Any

EPHEMERAL = 64


def components(message: dict) -> list[dict]:
    """Every button and menu of a message (or of an interaction response's data), row by row."""
    return [c for row in message.get("components", []) for c in row.get("components", [])]


def fields(embed: dict) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


async def press_why(fake: Any, message_id: str, message: dict, user: Any = None) -> dict:
    """Press the message's "Why" button (as `user`, default the fake's member); the interaction response."""
    why = next(b for b in components(message) if b.get("label") == "Why")
    press = await fake.send_component(message_id, why["custom_id"], **({"user": user} if user else {}))
    return await press.callback()


async def reasons(fake: Any, sent: Any, body: dict | None = None, user: Any = None) -> dict:
    """The reply of a sent command with its reasons shown: the asker's "Why" press expands the message in place;
    returns the expanded embed."""
    body = body or await sent.callback()
    message_id = sent.state.original_message_id
    update = await press_why(fake, message_id, body["data"], user or fake.user)
    assert update["type"] == 7, update  # the asker's press changes the message itself
    return update["data"]["embeds"][0]
