"""The README's first screen is a quick start that works: its first lines are the two set-up commands, then
import-all and the bot, then one question per game whose shown first line is what Arbiter answers (asked here on
the starter set, which holds each of those cards)."""

from __future__ import annotations

import shlex
from pathlib import Path

from engine.registry import all_rulesets
from tests.cli_helpers import new_db, run

README = Path(__file__).resolve().parents[2] / "README.md"


def quick_start() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_the_readme_opens_with_the_set_up_commands_then_the_quick_start():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("pip install . && arbiter ")
    assert lines[1] == 'pip install ".[test]" && pytest -q'
    assert lines.index("## Quick start") < 20  # on the first screen
    block = quick_start()
    assert "arbiter import-all" in block and "arbiter run" in block


def test_every_games_quick_question_answers_as_shown(tmp_path, capsys):
    db = new_db(tmp_path / "cards.db")
    lines = quick_start().splitlines()
    asked = [(i, line[2:]) for i, line in enumerate(lines) if line.startswith("$ arbiter ")]
    commands = set()
    for i, typed in asked:
        argv = shlex.split(typed)[1:]
        commands.add(argv[0])
        code, out, err = run(capsys, *argv, "--db", db)
        assert code == 0, (typed, err)
        assert out.splitlines()[0] == lines[i + 1], typed  # the line shown is the first line printed
    for ruleset in all_rulesets():  # one question per game
        own = {ruleset.game, *ruleset.aliases, *getattr(ruleset, "shortcuts", {})}
        assert commands & own, ruleset.game
