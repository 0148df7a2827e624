"""Where the database lives and where the bundled data files (schema, starter set) are found."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from engine.bundled import read_data_text

__all__ = ["default_db_path", "read_data_text"]


def default_db_path() -> Path:
    """$ARBITER_DB if set, else <user data dir>/arbiter/cards.db; the parent directory is created."""
    env = os.environ.get("ARBITER_DB")
    path = Path(env).expanduser() if env else Path(platformdirs.user_data_dir("arbiter")) / "cards.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path
