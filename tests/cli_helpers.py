"""What the command-line tests share: running `arbiter` in-process (the `db` fixture is in conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.catalog import Catalog
from bot.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `arbiter ARGV`, run through the real entry point."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def new_db(path: Path) -> str:
    """A fresh catalog (the starter set) at `path`, as `--db` takes it: a command that only reads refuses a `--db`
    file that does not exist."""
    Catalog.open(path).close()
    return str(path)
