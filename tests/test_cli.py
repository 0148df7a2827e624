"""The `arbiter` command: exact output, exit codes, and nothing written on bad input."""

from __future__ import annotations

import json

import pytest

from bot.catalog import Catalog
from bot.cli import main


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "cards.db"
    monkeypatch.setenv("ARBITER_DB", str(path))
    monkeypatch.setenv("USER", "tester")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_readme_first_command_prints_d8_then_d1_for_adino(db, capsys):
    code, out, err = run(capsys, "duration", "adino the eznite", "--played-in", "battle", "--then", "phase-ends")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == ("Adino, the Eznite after phase-ends: the ability has ended. Upper bound: D1 (D8 needs "
                        "another duration as its bound and none of D2-D7 applies, so the D1 default bounds it).")
    d8 = next(i for i, line in enumerate(lines) if line.startswith("2. [D8]"))
    d1 = next(i for i, line in enumerate(lines) if "[D1] no D2-D7 duration" in line)
    assert d8 < d1
    assert lines[-1].startswith("Ruling id: R-")


def test_json_contract(db, capsys):
    code, out, _ = run(capsys, "duration", "adino", "--played-in", "battle", "--then", "phase-ends", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"card", "match", "scenario", "terms", "upper_bound", "persists", "effective", "rules",
                         "interpretations", "ruleset", "explanation"}
    assert data["card"] == {"name": "Adino, the Eznite", "set": "II", "type": "Hero", "class": "Warrior",
                            "brigade": "Purple", "text": data["card"]["text"]}
    assert data["match"]["query"] == "adino" and data["match"]["how"] in {"exact", "alias"}
    assert data["scenario"] == {"played_in": "battle", "events": ["phase-ends"], "part": ""}
    assert data["upper_bound"]["rule"] == "D1"
    assert data["persists"] is False and data["effective"] is False
    assert data["rules"][:2] == ["D8", "D1"]
    assert data["ruleset"] == {"game": "redemption", "name": "current", "version": "2024.2"}
    assert {t["rule"] for t in data["terms"]} == {"D8", "D1"}
    for term in data["terms"]:
        assert set(term) >= {"rule", "text", "source", "part", "status"}


def test_then_groups_and_repeats_are_the_same(db, capsys):
    _, a, _ = run(capsys, "duration", "moabites marauders", "--played-in", "battle", "--then", "leaves-battle",
                  "phase-ends", "--json")
    _, b, _ = run(capsys, "duration", "moabites marauders", "--played-in", "battle", "--then", "leaves-battle",
                  "--then", "phase-ends", "--json")
    assert json.loads(a)["scenario"]["events"] == ["leaves-battle", "phase-ends"]
    assert json.loads(a) == json.loads(b)


def test_same_question_same_ruling_id_across_processes(db, capsys):
    _, a, _ = run(capsys, "duration", "three woes", "--played-in", "territory", "--then", "result-changed", "--json")
    _, b, _ = run(capsys, "duration", "three woes", "--played-in", "territory", "--then", "result-changed", "--json")
    assert json.loads(a)["ruling_id"] == json.loads(b)["ruling_id"]
    _, c, _ = run(capsys, "duration", "three woes", "--played-in", "territory", "--then", "result-changed",
                  "--ruleset", "previous", "--json")
    assert json.loads(c)["ruling_id"] != json.loads(a)["ruling_id"]
    assert json.loads(c)["ruleset"]["name"] == "previous"


def test_unknown_card_exits_1_with_closest_names(db, capsys):
    code, out, err = run(capsys, "duration", "zzqx flarn", "--played-in", "battle")
    assert code == 1
    assert out == ""
    assert err.startswith("No card matches “zzqx flarn”.")
    code, out, _ = run(capsys, "duration", "zzqx flarn", "--played-in", "battle", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["match"]["how"] == "not-found"
    assert isinstance(data["match"]["candidates"], list)


def test_unknown_event_and_zone_list_the_valid_ones_and_write_nothing(db, capsys):
    code, _, err = run(capsys, "duration", "adino", "--played-in", "battle", "--then", "explodes")
    assert code == 2
    assert "Unknown event 'explodes'; valid events: phase-ends, turn-ends" in err
    assert not db.exists()  # refused before the database was even opened
    with pytest.raises(SystemExit) as exc:
        main(["duration", "adino", "--played-in", "moon"])
    assert exc.value.code == 2
    assert "battle" in capsys.readouterr().err


def test_rule_command(db, capsys):
    code, out, _ = run(capsys, "rule", "d3")
    assert code == 0
    assert out.startswith("D3 (target result): ")
    assert "Source: " in out
    code, _, err = run(capsys, "rule", "D42")
    assert code == 2 and "valid: D1, D2" in err


def test_card_command_shows_terms(db, capsys):
    code, out, _ = run(capsys, "card", "teaching in parables", "--json")
    assert code == 0
    data = json.loads(out)
    parts = {p["part"]: p for p in data["parts"]}
    assert parts["STAR"]["lasting"] is False
    assert [t["rule"] for t in parts["GE"]["terms"]] == ["D4"]


def test_alias_annotate_history_undo(db, capsys):
    code, out, err = run(capsys, "cards", "alias", "eznite", "adino the eznite")
    assert code == 0, err
    code, out, _ = run(capsys, "duration", "eznite", "--played-in", "battle", "--json")
    assert json.loads(out)["match"]["how"] == "alias"
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "turn",
                         "--text", "this turn")
    assert code == 0, err
    code, out, _ = run(capsys, "duration", "eznite", "--played-in", "battle", "--then", "phase-ends", "--json")
    data = json.loads(out)
    assert data["persists"] is True and data["upper_bound"]["rule"] == "D4"
    code, out, _ = run(capsys, "cards", "history", "--json")
    entries = json.loads(out)
    assert entries[0]["actor"] == "cli:tester"
    newest = entries[0]["id"]
    code, out, err = run(capsys, "cards", "undo", str(newest))
    assert code == 0, err
    code, out, _ = run(capsys, "duration", "eznite", "--played-in", "battle", "--then", "phase-ends", "--json")
    assert json.loads(out)["persists"] is False
    code, _, err = run(capsys, "cards", "undo", str(newest))
    assert code == 1 and err.startswith("arbiter: ")


def test_annotate_rejects_unknown_part_and_writes_nothing(db, capsys):
    before = Catalog.open(db).history(limit=100)
    code, _, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--part", "STAR")
    assert code == 2 and "has no part 'STAR'" in err
    assert Catalog.open(db).history(limit=100) == before
