"""The fake Discord for the tests: benchmarks/fake_discord (no pytest needed there) plus the pytest fixture."""

from benchmarks.fake_discord import (
    DEFAULT_TOKEN,
    FakeDiscord,
    FakeGuild,
    GatewayFrame,
    GatewaySession,
    InteractionState,
    Recorded,
    RecordedFile,
    SentInteraction,
    models,
    patched_discord,
    running_bot,
    validation,
)

from .fixtures import fake_discord

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
    "models",
    "patched_discord",
    "running_bot",
    "validation",
]
