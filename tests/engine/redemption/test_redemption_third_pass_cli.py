"""Issue 22 through the real `arbiter duration` entry point on the real catalog (imported into a temp database
from ../shared/data; skipped when it is absent): printed part labels, whose turn and how many players, named
conditions, triggers; the documented --json additions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import run
from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory, imported_catalog) -> Path:
    carddata = require_shared("redemption", "carddata.txt")
    return imported_catalog(("cards", "import", str(carddata)), tmp_path_factory.mktemp("real"))


@pytest.fixture
def db(real_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cards.db"
    shutil.copy(real_db, path)
    monkeypatch.setenv("ARBITER_DB", str(path))
    monkeypatch.setenv("USER", "tester")
    return path


def ask(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "duration", *argv, "--json")
    assert code == 0, (out, err)
    return json.loads(out)


def test_a_printed_part_label_is_accepted_and_an_unknown_one_lists_them(db, capsys):
    data = ask(capsys, "Angel of God [2023 - National]", "--part", "D")
    assert data["scenario"]["part"] == "DOMINANT"
    code, _, err = run(capsys, "duration", "Angel of God [2023 - National]", "--part", "EC")
    assert code == 2 and "D (DOMINANT), H (HERO)" in err and "Traceback" not in err


def test_turn_and_players_count_your_next_turn_and_are_reported(db, capsys):
    argv = ("Kinsman Redeemer", "--played-in", "battle", "--then", "triggered", "turn-ends", "turn-ends")
    assumed = ask(capsys, *argv)
    assert assumed["persists"] is True  # mine, 2 players: three turn ends
    assert assumed["scenario"]["assumed"] == ["turn", "players"]
    assert any(n["id"] == "next-turn" and "taken as yours" in n["text"] for n in assumed["interpretations"])
    theirs = ask(capsys, *argv, "--turn", "theirs")
    assert theirs["persists"] is False and theirs["scenario"]["turn"] == "theirs"
    assert theirs["scenario"]["assumed"] == ["players"] and theirs["ruling_id"] != assumed["ruling_id"]
    assert ask(capsys, *argv, "turn-ends", "turn-ends", "--players", "4")["persists"] is True  # four of five
    four = ask(capsys, *argv, "turn-ends", "turn-ends", "turn-ends", "--players", "4")
    assert four["persists"] is False and four["scenario"]["players"] == 4
    code, _, err = run(capsys, "duration", "Kinsman Redeemer", "--players", "1")
    assert code == 2 and "from 2 to 8" in err


def test_a_trigger_is_reported_until_it_happens(db, capsys):
    waiting = ask(capsys, "Kinsman Redeemer", "--played-in", "battle")
    assert waiting["started"] is False and waiting["summary"].startswith("Active, waiting for")
    (trigger,) = waiting["waits_for"]
    assert "successful" in trigger["trigger"] and trigger["started_by_event"] is None
    started = ask(capsys, "Kinsman Redeemer", "--played-in", "battle", "--then", "triggered")
    assert started["started"] is True and started["waits_for"][0]["started_by_event"] == 1


def test_a_named_condition_and_an_unknown_one(db, capsys):
    data = ask(capsys, "Balaam's Disobedience (FoM)", "--played-in", "battle", "--then", "condition-true:Angel")
    assert data["persists"] is True and data["effective"] is False
    assert data["parts"][0]["conditions"][0]["keyword"] == "unless"
    code, _, err = run(capsys, "duration", "Balaam's Disobedience (FoM)", "--then", "condition-true:5")
    assert code == 2 and "its conditions are: 1." in err
    code, _, err = run(capsys, "duration", "Balaam's Disobedience (FoM)", "--then", "phase-ends:2")
    assert code == 2 and "Unknown event" in err


def test_falling_away_never_answers_the_old_printing_silently(db, capsys):
    # "Falling Away" is the full name of the Women printing, and the title of the Rotation ones, which read
    # differently: the exact name typed answers its printing (blind round redemption-seed42011: the exact name must
    # win), never silently (issue 22): the note names the other printings and how to ask for them, and as they answer
    # differently every answer leads (blind review seed 34021; new-user trial 35300: an answer, not a question back).
    code, out, _ = run(capsys, "duration", "Falling Away", "--json")
    data = json.loads(out)
    assert code == 0 and data["card"]["set"] == "Wom" and data["match"]["chosen"] == "title"
    assert "(CoW)" in data["match"]["note"] and "differently" in data["match"]["note"]
    assert "ask with set CoW" in data["match"]["note"]
    assert data["match"]["answers_line"].startswith("The printings of Falling Away answer differently. (Wom)")
    data = ask(capsys, "Falling Away", "--set", "Wom")
    assert data["card"]["set"] == "Wom"
    data = ask(capsys, "Falling Away", "--set", "CoW")
    assert data["card"]["set"] == "CoW"
    assert ask(capsys, "Aaron's Rod")["match"]["chosen"] == "default"  # the title alone, no printing's full name
