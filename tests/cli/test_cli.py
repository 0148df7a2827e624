"""The `arbiter` command: exact output, exit codes, and nothing written on bad input."""

from __future__ import annotations

import json

import pytest

from bot.catalog import Catalog
from bot.cli import main
from engine.registry import all_rulesets
from tests.cli_helpers import run


def test_readme_first_command_prints_d8_then_d1_for_adino(db, capsys):
    code, out, err = run(capsys, "duration", "adino the eznite", "--played-in", "battle", "--then", "phase-ends")
    assert code == 0, err
    lines = out.splitlines()
    # How long in plain words first, then the rules; the state and the bound's reason follow.
    assert lines[0] == "Has ended: the phase ended. (Adino, the Eznite (II); rules D8, D1, D9)"
    # The starter set's official ruling on this very question agrees, right under the answer.
    assert lines[1] == 'Agrees with the official ruling (Land of Redemption, "Defining Duration", 2024).'
    assert lines[2] == ("Adino, the Eznite after phase-ends: the ability has ended. Upper bound: D1 (D8 needs "
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
    assert data["scenario"] == {"played_in": "battle", "events": ["phase-ends"], "part": "", "turn": "mine",
                                "players": 2, "assumed": ["turn", "players"]}  # the last three added (issue 22)
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
    assert err.startswith("arbiter: No card matches “zzqx flarn”.")
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
    assert main(["duration", "adino", "--played-in", "moon"]) == 2
    assert "battle" in capsys.readouterr().err


def test_rule_command(db, capsys):
    code, out, _ = run(capsys, "rule", "d3")
    assert code == 0
    assert out.startswith("D3 (target result): ")
    assert "Source: " in out
    code, _, err = run(capsys, "rule", "D42")
    assert code == 2 and "rule ids: " in err
    from engine.registry import all_rulesets

    for ruleset in all_rulesets():  # every game's range, with the game's name
        ids = list(ruleset.rules())
        assert f"{ids[0]}-{ids[-1]} ({ruleset.title.split(' (')[0]})" in err


def test_rule_finds_its_game_from_the_id(db, capsys):
    from engine.registry import all_rulesets

    for ruleset in all_rulesets():  # every game's every rule, without --game
        for rule_id, rule in ruleset.rules().items():
            code, out, _ = run(capsys, "rule", rule_id.lower(), "--json")
            assert code == 0, rule_id
            assert json.loads(out) == {**vars(rule), "game": ruleset.game}
    code, out, _ = run(capsys, "rule", "DM6")
    assert code == 0 and out.startswith("DM6 (") and "Game: Dominion" in out
    code, _, err = run(capsys, "rule", "DM6", "--game", "redemption")
    assert code == 2 and err.startswith("arbiter: DM6 is a Dominion (Duration cards) rule") and "D1, D2" not in err
    code, out, _ = run(capsys, "rule", "--json")  # every game's rules, each saying its game
    listed = json.loads(out)
    assert {r["game"] for r in listed} == {r.game for r in all_rulesets()}
    assert len(listed) == sum(len(r.rules()) for r in all_rulesets())


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
    code, _, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "turn",
                         "--part", "STAR")
    assert code == 2 and "has no part 'STAR'" in err
    assert Catalog.open(db).history(limit=100) == before


D4_HELP = ("phase, battle, turn, round, next-turn, game, turns:N, rounds:N (N a positive whole number or X) or "
           "next-<phase>-phase (phase: draw, upkeep, preparation, battle, discard)")


def test_rule_for_an_unknown_game_is_a_usage_error(db, capsys):
    code, out, err = run(capsys, "rule", "--game", "chess")
    assert (code, out) == (2, "")
    known = ", ".join(r.game for r in all_rulesets())  # every registered game, sorted (each plug-in adds one)
    assert known.startswith("ashes, dominion") and "redemption" in known
    assert err == f"arbiter: Unknown game 'chess'; known games: {known}.\n"
    assert not db.exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["--rule", "D4", "--value", "fortnight"], f"'fortnight' is not a D4 length; use {D4_HELP}."),
    (["--rule", "D4"], f"A D4 annotation needs a value: {D4_HELP}."),
    (["--rule", "D4", "--value", "turns:0"], f"'turns:0' is not a D4 length; use {D4_HELP}."),
    (["--rule", "D4", "--value", "rounds:-2"], f"'rounds:-2' is not a D4 length; use {D4_HELP}."),
    (["--rule", "D4", "--value", "next-lunch-phase"], f"'next-lunch-phase' is not a D4 length; use {D4_HELP}."),
    (["--rule", "D4", "--value", "self"], f"'self' is not a D4 length; use {D4_HELP}."),
    (["--rule", "D2", "--value", "self"],
     "Rule D2 takes no value (values are D4 lengths and the D3 'self'), not 'self'."),
    (["--rule", "D3", "--value", "turn"], "A D3 annotation's value is empty or 'self' (the card places itself), "
                                          "not 'turn'."),
    (["--rule", "lasting", "--value", "turn"],
     "Rule lasting takes no value (values are D4 lengths and the D3 'self'), not 'turn'."),
    (["--rule", "D9"], "An annotation's rule is one of D2, D3, D4, D5, D8, instant, lasting."),
])
def test_annotate_refuses_a_value_the_engine_cannot_read(db, capsys, argv, message):
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", *argv)
    assert (code, out, err) == (2, "", f"arbiter: {message}\n")
    assert not db.exists()  # refused before the database was opened


@pytest.mark.parametrize(("rule", "value", "stored"), [
    ("D4", "turns:X", "turns:X"), ("d4", "Rounds:x", "rounds:X"), ("D4", "turns:02", "turns:2"),
    ("D4", "next-upkeep-phase", "next-upkeep-phase"), ("D4", "next-turn", "next-turn"), ("D3", "self", "self"),
    ("D3", "", ""), ("instant", "", ""),
])
def test_annotate_accepts_every_documented_value(db, capsys, rule, value, stored):
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", rule, "--value", value)
    assert code == 0, err
    shown = rule.upper() if rule[1:].isdigit() else rule
    assert out.startswith("Annotation ") and f": {shown}{' ' + stored if stored else ''} on part (unlabelled)." in out
    notes = Catalog.open(db).annotations("redemption", "Adino, the Eznite", "II")
    assert notes[-1].value == stored


@pytest.mark.parametrize("limit", ["0", "-3", "ten"])
def test_history_limit_must_be_positive(db, capsys, limit):
    assert main(["cards", "history", "--limit", limit]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: arbiter cards history ")
    assert err.splitlines()[-1] == (f"arbiter cards history: error: argument --limit: must be a positive whole "
                                    f"number, not {limit!r}")
    assert not db.exists()
