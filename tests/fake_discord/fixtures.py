"""The pytest fixture for the fake Discord (the fake itself is benchmarks/fake_discord, which needs no pytest)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from benchmarks.fake_discord import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord with its default guild (import this into a conftest.py to use it)."""
    async with FakeDiscord() as fake:
        yield fake
