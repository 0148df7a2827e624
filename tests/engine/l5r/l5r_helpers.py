"""Asking the L5R questions the way a user does: `arbiter l5r order|duration ... --json` on a real catalog."""

from __future__ import annotations

import json
from typing import Any

from bot.cli import main


def ask(capsys, db, *argv: str) -> dict[str, Any]:
    """The --json answer of one command; fails the test on a non-zero exit."""
    code = main(["l5r", *argv, "--json", "--db", str(db)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def refused(capsys, db, *argv: str) -> tuple[int, str]:
    """Exit code and stderr of a command that must be refused."""
    code = main(["l5r", *argv, "--db", str(db)])
    out, err = capsys.readouterr()
    assert out == ""
    return code, err


def order_items(answer: dict[str, Any]) -> list[str]:
    return [entry["item"] for entry in answer["order"]]
