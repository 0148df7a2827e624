"""The worked cases of the Dominion design doc (shared/design/dominion-duration.md) as scenario tests.

Each case runs through the engine (starter set, exact names) and through `arbiter dominion --json`
(the fuzzy matcher, the catalog, the JSON contract), and both must give the same answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from engine.rulesets.dominion import judge
from engine.rulesets.dominion.evaluate import describe
from engine.rulesets.dominion.render import verdict_json
from tests.cli_helpers import new_db

# (chains, ruleset, {card label: (cleanup, turn)}, rules the answer must cite)
WORKED = [
    pytest.param(["Caravan[deck-empty]"], "current", {"Caravan": ("next-turn", 1)}, {"DM1", "DM2"},
                 id="caravan-deck-empty"),
    pytest.param(["Barge[now]"], "current", {"Barge": ("this-turn", 0)}, {"DM2"}, id="barge-now"),
    pytest.param(["Tactician[discarded-nothing]"], "current", {"Tactician": ("this-turn", 0)}, {"DM2"},
                 id="tactician-discarded-nothing"),
    pytest.param(["Throne Room > Tactician"], "current",
                 {"Throne Room": ("next-turn", 1), "Tactician": ("next-turn", 1)}, {"DM6"}, id="throne-tactician"),
    pytest.param(["Archive"], "current", {"Archive": ("turn-N", 2)}, {"DM3"}, id="archive"),
    pytest.param(["Outpost"], "current", {"Outpost": ("extra-turn", 1)}, {"DM3"}, id="outpost"),
    pytest.param(["Champion"], "current", {"Champion": ("never", None)}, {"DM4"}, id="champion"),
    pytest.param(["Hireling"], "current", {"Hireling": ("never", None)}, {"DM4"}, id="hireling"),
    pytest.param(["Prince"], "current", {"Prince": ("never", None)}, {"DM4"}, id="prince"),
    pytest.param(["Endless Chalice"], "current", {"Endless Chalice": ("never", None)}, {"DM4"},
                 id="endless-chalice"),
    pytest.param(["Elder > Caravan"], "current", {"Elder": ("this-turn", 0), "Caravan": ("next-turn", 1)},
                 {"DM7"}, id="elder-plays-duration"),
    pytest.param(["Vassal > Caravan"], "current", {"Vassal": ("this-turn", 0), "Caravan": ("next-turn", 1)},
                 {"DM7"}, id="vassal-plays-duration"),
    pytest.param(["Band of Misfits > Caravan"], "older-wording",
                 {"Band of Misfits": ("next-turn", 1), "Caravan": ("next-turn", 1)}, {"DM8"}, id="misfits-duration"),
    pytest.param(["Throne Room > Overlord > Swamp Hag + Archive"], "older-wording",
                 {"Throne Room": ("this-turn", 0), "Overlord": ("turn-N", 2), "Swamp Hag": ("next-turn", 1),
                  "Archive": ("turn-N", 2)}, {"DM9", "DM10"}, id="throne-overlord-hag-archive"),
    pytest.param(["Captain > nothing + Throne Room > Caravan"], "current",
                 {"Captain": ("turn-N", 2), "Throne Room": ("turn-N", 2), "Caravan": ("turn-N", 2)}, {"DM8"},
                 id="captain-second-turn-throne"),
    pytest.param(["Throne Room > Throne Room > Caravan"], "current",
                 {"Throne Room #1": ("this-turn", 0), "Throne Room #2": ("next-turn", 1),
                  "Caravan #1": ("next-turn", 1), "Caravan #2": ("next-turn", 1)}, {"DM10", "DM6"},
                 id="throne-throne-duration"),
    pytest.param(["Voyage", "Lich"], "current", {"Voyage": ("other-player", None), "Lich": ("this-turn", 0)},
                 {"DM12"}, id="voyage-and-lich"),
    pytest.param(["Throne Room > Possession"], "current",
                 {"Throne Room": ("this-turn", 0), "Possession": ("this-turn", 0)}, {"DM13"},
                 id="throne-possession"),
]


@pytest.mark.parametrize(("chains", "ruleset", "expected", "rules"), WORKED)
def test_worked_case_in_the_engine(chains, ruleset, expected, rules):
    verdict = judge(chains, ruleset)
    got = {i.label: describe(i.leave, verdict.extra_turns)[:2] for i in verdict.instances}
    assert got == expected
    assert verdict.legal
    assert rules <= set(verdict.trace.rules_cited())
    assert verdict.ruleset.name == ruleset


@pytest.mark.parametrize(("chains", "ruleset", "expected", "rules"), WORKED)
def test_worked_case_from_the_cli(chains, ruleset, expected, rules, tmp_path: Path, capsys):
    code = main(["dominion", *chains, "--ruleset", ruleset, "--db", new_db(tmp_path / "c.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {e["label"]: (e["leaves_play"]["cleanup"], e["leaves_play"]["turn"]) for e in out["chain"]} == expected
    assert rules <= set(out["rules"])
    assert out["legal"] is True and out["problems"] == [] and out["alternative"] is None
    assert out["ruleset"]["game"] == "dominion" and out["ruleset"]["name"] == ruleset
    assert out["explanation"].startswith(out["summary"] + "\n")  # the text answer opens with the summary
    assert out["explanation"].split("\n")[2].startswith(" | ".join(chains).split("[")[0].strip())
    for entry in out["chain"]:
        assert set(entry["rules"]) <= set(out["rules"])
        assert entry["leaves_play"]["why"]


def test_json_contract_of_one_answer(tmp_path: Path, capsys):
    """The exact fields of `arbiter dominion --json` for the design doc's Throne Room > Tactician."""
    code = main(["dominion", "throne room > tacticain", "--db", new_db(tmp_path / "c.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert set(out) == {"chain", "scenario", "legal", "problems", "rules", "trace", "interpretations", "ruleset",
                        "alternative", "match", "ruling_id", "explanation", "summary", "may_trash",
                        "problem_rules", "assumed", "official", "stored", "headline"}
    throne, tactician = out["chain"]
    assert throne == {
        "card": "Throne Room", "label": "Throne Room", "set": "Base", "types": ["Action"], "as": None,
        "played_by": None, "relation": None, "played_on": [0], "in_play": True, "legal": True, "problem": "",
        "problem_rule": None,
        "leaves_play": {"cleanup": "next-turn", "turn": 1, "when": "in the Clean-up of your next turn",
                        "why": "it played Tactician more than once and stays as long as it does",
                        "moment": "clean-up"},
        "leaves_this_turn": False, "illegal_play": False, "illegal_plays": [],
        "rules": ["DM6"],
    }
    assert tactician["played_by"] == "Throne Room" and tactician["relation"] == "extra"
    assert tactician["played_on"] == [0, 0] and tactician["rules"] == ["DM1", "DM2"]
    assert out["scenario"] == {"chains": ["Throne Room > Tactician"], "skip_next_turn": False, "extra_turn": False,
                               "opponent_turn": False}
    # Tactician's condition was not given: the first line says what was assumed.
    assert out["assumed"] == ["Tactician met its condition (you discarded at least one card)"]
    assert out["summary"].startswith("Assuming (not said) that Tactician met its condition")
    assert out["rules"] == ["DM1", "DM2", "DM6"]
    assert out["ruleset"] == {"game": "dominion", "name": "current", "version": "2.2", "tracking": "current",
                              "wording": "newer"}
    assert [m["how"] for m in out["match"]] == ["exact", "fuzzy"]
    assert [m["card"] for m in out["match"]] == ["Throne Room", "Tactician"]
    assert out["trace"][0] == {"rule": "DM1", "trigger": "Tactician, play 1 of 2 by Throne Room",
                               "decision": "its condition (you discarded at least one card) was met: it acts at "
                                           "the start of your next turn", "source": "scenario", "event": None}
    assert [n["id"] for n in out["interpretations"]] == ["default:Tactician"]
    assert out["ruling_id"].startswith("DM-") and len(out["ruling_id"]) == 13


def test_same_question_same_ruling_id_whatever_the_spelling():
    a = verdict_json(judge(["Throne Room > Tactician"]))
    b = verdict_json(judge(["throne room>tactician"]))
    assert a["ruling_id"] == b["ruling_id"]
    assert a["ruling_id"] != verdict_json(judge(["Throne Room > Tactician"], "prior-throne"))["ruling_id"]


def test_text_output_and_ruling_id(tmp_path: Path, capsys):
    code = main(["dominion", "Voyage", "Lich", "--db", new_db(tmp_path / "c.db")])
    out = capsys.readouterr().out
    assert code == 0
    assert "- Voyage leaves play in the next Clean-up that happens, another player's" in out
    assert "[DM12]" in out and "Ruling id: DM-" in out
    assert "Ruleset: Dominion current (2.2" in out


def test_a_redemption_name_never_matches_in_dominion(tmp_path: Path, capsys):
    db = new_db(tmp_path / "c.db")
    code = main(["dominion", "Adino, the Eznite", "--db", db, "--json"])  # a Redemption starter card
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["match"]["how"] == "not-found"
    assert all(c["name"] != "Adino, the Eznite" for c in out["match"]["candidates"])


def test_ambiguous_prefix_is_a_lookup_problem(tmp_path: Path, capsys):
    code = main(["dominion", "Ca", "--db", new_db(tmp_path / "c.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["match"]["how"] == "ambiguous"
    assert {"Caravan", "Captain"} <= {c["name"] for c in out["match"]["candidates"]}


def test_aliases_and_longhand_options(tmp_path: Path, capsys):
    db = new_db(tmp_path / "c.db")
    assert main(["dominion", "Tactician", "--played-by", "TR", "--choice", "discarded-nothing", "--db", db,
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scenario"]["chains"] == ["Throne Room > Tactician[discarded-nothing]"]
    assert [e["leaves_play"]["cleanup"] for e in out["chain"]] == ["this-turn", "this-turn"]


@pytest.mark.parametrize(("argv", "message"), [
    (["Caravan[now]"], "Caravan does not take the choice “now”"),
    (["Throne Room > (Caravan"], "is not closed"),
    (["Throne Room > Caravan", "--choice", "now"], "--played-by and --choice go with one plain card name"),
    (["Caravan", "--on", "whenever"], "Give one of: your-turn, opponent-turn"),
])
def test_bad_input_exits_2(argv, message, tmp_path: Path, capsys):
    code = main(["dominion", *argv, "--db", new_db(tmp_path / "c.db")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("arbiter: ") and message in err


@pytest.mark.parametrize(("argv", "message", "rule"), [
    (["Caravan > Wharf"], "Caravan does not play other cards", "DM14"),
    (["Captain > Caravan"], "Captain cannot play Caravan", "DM14"),
    (["Throne Room > Endless Chalice"], "it plays Action cards", "DM14"),
    (["Caravan", "--on", "opponent-turn"], "cannot be played on another player's turn", "DM15"),
    (["extra-turn", "Outpost[taken]"], "already an extra turn", "DM3"),
])
def test_forbidden_plays_are_answered_not_refused(argv, message, rule, tmp_path: Path, capsys):
    """A well-formed scenario the rules forbid: exit 0, JSON with legal false, the problem and its rule."""
    code = main(["dominion", *argv, "--db", new_db(tmp_path / "c.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["legal"] is False
    assert message in out["problems"][0] and out["problem_rules"][0] == rule
    assert rule in out["rules"] and out["summary"].startswith("Not allowed: ")
    assert rule not in out["summary"]  # (a rule id is not a player's first words; it is in problem_rules)
    assert any(e["problem_rule"] == rule for e in out["chain"])


def test_rule_command_knows_dominion(capsys):
    assert main(["rule", "DM6", "--game", "dom", "--json"]) == 0
    rule = json.loads(capsys.readouterr().out)
    assert rule["id"] == "DM6" and rule["source"].startswith(
        'Dominion Strategy wiki, "Duration" (https://wiki.dominionstrategy.com/index.php/Duration), ')
