"""What the command-line tests share: running `arbiter` in-process (the `db` fixture is in conftest.py)."""

from __future__ import annotations

import pytest

from bot.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `arbiter ARGV`, run through the real entry point."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
