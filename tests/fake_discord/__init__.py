"""A fake Discord (REST + gateway on 127.0.0.1) for driving the real discord.py client in tests."""

from .fixtures import fake_discord, patched_discord, running_bot
from .gateway import GatewayFrame, GatewaySession
from .models import FakeGuild
from .server import DEFAULT_TOKEN, FakeDiscord, InteractionState, Recorded, RecordedFile, SentInteraction

__all__ = [
    "DEFAULT_TOKEN",
    "FakeDiscord",
    "FakeGuild",
    "GatewayFrame",
    "GatewaySession",
    "InteractionState",
    "Recorded",
    "RecordedFile",
    "SentInteraction",
    "fake_discord",
    "patched_discord",
    "running_bot",
]
