"""Where the database lives, whether a command may create it, and where the bundled data files are found."""

from __future__ import annotations

import os
from pathlib import Path

from bot.catalog.errors import UnreadableDatabase
from engine.bundled import read_data_text

__all__ = ["MissingDatabase", "chosen_db_path", "default_db_path", "read_data_text"]


class MissingDatabase(UnreadableDatabase):
    """A database file named on the command line does not exist and the command only reads: nothing is created."""


def default_db_path() -> Path:
    """$ARBITER_DB if set, else <user data dir>/arbiter/cards.db; the parent directory is created."""
    env = os.environ.get("ARBITER_DB")
    if env:
        path = Path(env).expanduser()
    else:
        import platformdirs  # only when no database is named

        path = Path(platformdirs.user_data_dir("arbiter")) / "cards.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def chosen_db_path(named: str | Path | None, *, writes: bool) -> tuple[Path, bool]:
    """The database a command uses, and whether opening it will create the file named with `--db`.

    A path named with `--db` is the user's word for one file: a typo must not quietly become a new database
    answering from the starter set. So only a command that writes may create it (with its folders; the caller
    says so), and a command that reads raises MissingDatabase and creates nothing. $ARBITER_DB and the per-user
    default are configured places, created on first use by any command."""
    if named is None:
        return default_db_path(), False
    path = Path(named).expanduser()
    if path.exists() or str(path) == ":memory:":
        return path, False  # a directory or a damaged file is Catalog.open's to refuse
    if not writes:
        raise MissingDatabase(f"The card database {path} does not exist: check the --db path (only a command "
                              "that changes the catalog, such as `arbiter cards import`, creates a new one).")
    return path, True
