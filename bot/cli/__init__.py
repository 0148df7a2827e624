"""The `arbiter` command (pyproject's entry point `bot.cli:main`, and `python -m bot.cli`): its parser and the
catalog, ruling and duration commands (app.py), what every subcommand shares (common.py), every plug-in
game's subcommands built from its declarations (games.py) and `arbiter official ...` (official.py)."""

from bot.cli.app import main

__all__ = ["main"]
