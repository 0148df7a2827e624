"""Where the database lives and where the bundled data files (schema, starter set) are found."""

from __future__ import annotations

import importlib.resources
import os
from pathlib import Path

import platformdirs

# Running from a checkout, `data/` is not importable as `arbiter_data`; fall back to the repo folder.
REPO_DATA = Path(__file__).resolve().parents[2] / "data"


def default_db_path() -> Path:
    """$ARBITER_DB if set, else <user data dir>/arbiter/cards.db; the parent directory is created."""
    env = os.environ.get("ARBITER_DB")
    path = Path(env).expanduser() if env else Path(platformdirs.user_data_dir("arbiter")) / "cards.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def read_data_text(name: str) -> str:
    """Text of a bundled data file: the installed `arbiter_data` package first, then the repo's data/."""
    try:
        resource = importlib.resources.files("arbiter_data") / name
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pass
    return (REPO_DATA / name).read_text(encoding="utf-8")
