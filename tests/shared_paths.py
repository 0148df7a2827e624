"""Where the shared public data lies (beside the repository); tests read it there and never copy it."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def shared_data_path(*parts: str) -> Path:
    return SHARED.joinpath("data", *parts)


def require_shared(*parts: str) -> Path:
    """The path, or skip the test with the reason when the shared data is not beside the checkout."""
    path = shared_data_path(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (clone ../shared beside the repository to run this)")
    return path
