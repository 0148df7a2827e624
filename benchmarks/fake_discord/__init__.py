"""A fake Discord (REST + gateway on 127.0.0.1) for driving the real discord.py client in tests and benchmarks.

Nothing here needs pytest: the test suite adds its fixture in tests/fake_discord.
"""

from . import models, validation
from .gateway import GatewayFrame, GatewaySession
from .harness import patched_discord, running_bot
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
    "models",
    "patched_discord",
    "running_bot",
    "validation",
]
