"""`arbiter ashes`: exact text output, the documented --json contract, and bad input as one sentence (exit 2)."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import new_db, run

GILDER_FULL_1E = """\
Summon Gilder: “Place a Gilder conjuration onto your battlefield” does not happen: your battlefield is full.
“You may deal 1 damage to a target unit” happens to a unit of theirs if you choose to.
Agrees with the official ruling (Sniper Troll's Rules Corner, "Resolving Effects" (Strange Copy), 2016-06-09).

1. pay-cost: pay main: Main Action; exhaust: exhaust; magic: 1 natural class die [AS2, AS8, AS16]
2. choose-targets: targets are chosen now, before any part resolves: part 2: a unit of theirs [AS3]
3. place-card (does not happen): already in play (spellboard): nothing is placed [AS4]
4. resolve-effect: 1 resolves, 1 skipped (top to bottom, each part on its own) [AS5]

Parts:
  1. “Place a Gilder conjuration onto your battlefield.”: skipped — no room: your battlefield is full [AS4, AS5]
  2. “You may deal 1 damage to a target unit.” [target, you may]: resolves — the player chose to do this “you may” \
part [AS5, AS3]

Its other abilities (ask about one by naming it as the ability):
- playing it from hand: ask with ability “play”

Placement: spellboard; controller you, owner you.

Assumed:
- You have the dice to pay its cost.
- No other card reacts to it or changes it while it resolves.

Under reborn: the same answer.

Ruleset: Ashes 1e (2016, Ashes: Rise of the Phoenixborn, first edition (texts with errata, seed article)).
1 official ruling is recorded about Summon Gilder: arbiter official list "Summon Gilder".
Ruling id: AS-47EAA7F7DD
"""


@pytest.fixture
def db(tmp_path):
    return new_db(tmp_path / "cards.db")


def test_exact_text_output(db, capsys):
    code, out, err = run(capsys, "ashes", "summon gilder", "--battlefield-full", "--units", "theirs",
                         "--ruleset", "1e", "--db", db)
    assert (code, err) == (0, "")
    assert out == GILDER_FULL_1E


def test_json_contract(db, capsys):
    code, out, _ = run(capsys, "ashes", "Summon Gilder", "--units", "theirs", "--cancel-with", "veil",
                       "--ruleset", "1e", "--json", "--db", db)
    assert code == 0
    a = json.loads(out)
    for key in ("usable", "steps", "costs", "trigger", "parts", "cancel", "placement", "other_edition", "match",
                "rules", "interpretations", "ruling_id", "ruleset", "explanation"):
        assert key in a, key
    assert a["usable"] == {"value": True, "why": "nothing in this board state prevents it"}
    assert [(s["step"], s["name"]) for s in a["steps"]] == [(1, "pay-cost"), (2, "choose-targets"),
                                                            (3, "place-card"), (4, "resolve-effect")]
    assert all(set(s) >= {"happens", "detail", "rules"} for s in a["steps"])
    assert [c["kind"] for c in a["costs"]] == ["main", "exhaust", "magic"]
    assert a["trigger"] is None
    assert [set(p) >= {"n", "text", "targets", "optional", "outcome", "why", "rules"} for p in a["parts"]] == [True] * 2
    assert a["cancel"]["card"] == "Golden Veil" and a["cancel"]["applies"] is True
    assert a["placement"] == {"zone": "spellboard", "controller": "you", "owner": "you"}
    assert a["other_edition"]["ruleset"] == "reborn"
    # the cards the answer read: the card used, the cancel, and the conjuration it places (its own "comes into play")
    assert [m["card"] for m in a["match"]] == ["Summon Gilder", "Golden Veil", "Gilder"]
    assert a["ruleset"]["name"] == "1e"
    # the same question gives the same ruling id
    assert json.loads(run(capsys, "ashes", "Summon Gilder", "--units", "theirs", "--cancel-with", "Golden Veil",
                          "--ruleset", "1e", "--json", "--db", db)[1])["ruling_id"] == a["ruling_id"]


def test_reaction_trigger_in_json(db, capsys):
    a = json.loads(run(capsys, "ashes", "Golden Veil", "--json", "--db", db)[1])
    assert a["trigger"]["timing"] == "after" and a["trigger"]["words"].startswith("after an opponent targets")
    assert a["other_edition"]["summary"].endswith("would target a unit you control” (when).")
    a = json.loads(run(capsys, "ashes", "Golden Veil", "--ruleset", "1e", "--json", "--db", db)[1])
    assert a["trigger"]["timing"] == "when"


@pytest.mark.parametrize(("argv", "message"), [
    (["Gilder", "--ability", "7"], "arbiter: Gilder has no ability “7”; its abilities: 1 (Unit Guard), "
                                   "2 (Inheritance 1).\n"),
    (["Blood Puppet", "--ability", "Curse"], "arbiter: Blood Puppet has no ability “Curse”; its abilities: 1 "
                                             "(Cursed 1), 2 (Self Inflict 1).\n"),
    (["Summon Gilder", "--decline", "1"], "arbiter: --decline 1: only optional (“you may”) parts can be declined; "
                                          "optional parts here: 2.\n"),
    (["Phoenix Barrage", "--target", "3=mine", "--ruleset", "1e"], "arbiter: --target 3: part 3 chooses no target "
                                                                   "(no such part); parts with a target to choose: "
                                                                   "1, 2.\n"),
    (["Summon Gilder", "--units", "lots"], "arbiter: --units must be one of none, mine, theirs, both, not “lots”.\n"),
    (["Summon Gilder", "--unit", "Gilder"], "arbiter: --unit “Gilder” must be NAME@mine or NAME@theirs.\n"),
    (["Summon Dread Wraith", "--focus", "3"], "arbiter: --focus must be a whole number from 0 to 2, not “3”.\n"),
])
def test_bad_input_is_one_sentence_and_exit_2(db, capsys, argv, message):
    code, out, err = run(capsys, "ashes", *argv, "--db", db)
    assert (code, out, err) == (2, "", message)


def test_unknown_card_exits_1_with_the_closest_names(db, capsys):
    code, out, err = run(capsys, "ashes", "Adino, the Eznite", "--db", db)
    assert code == 1
    assert "Adino" in (out + err) and "Summon" not in out


def test_game_aliases_share_the_rules(capsys, db):
    for alias in ("ashes", "ashes-reborn", "phoenixborn"):
        code, out, _ = run(capsys, "rule", "AS6", "--game", alias)
        assert code == 0 and "AS6" in out


def test_a_moderator_annotation_wins_and_is_flagged(db, capsys):
    before = json.loads(run(capsys, "ashes", "Summon Gilder", "--ruleset", "1e", "--units", "none", "--json",
                            "--db", db)[1])
    assert before["parts"][1]["outcome"] == "skipped"           # no unit: no legal target
    code, out, _ = run(capsys, "cards", "annotate", "Summon Gilder", "--game", "ashes", "--rule", "targets",
                       "--value", "no", "--part", "1e/1.2", "--db", db)
    assert code == 0 and "Undo with" in out
    after = json.loads(run(capsys, "ashes", "Summon Gilder", "--ruleset", "1e", "--units", "none", "--json",
                           "--db", db)[1])
    assert after["parts"][1]["targets"] is False and after["parts"][1]["outcome"] == "resolves"
    assert any("moderator annotation" in i["text"] for i in after["interpretations"])
    assert after["ruling_id"] != before["ruling_id"]
    reborn = json.loads(run(capsys, "ashes", "Summon Gilder", "--json", "--db", db)[1])
    assert reborn["parts"][1]["targets"] is True                 # the annotation was for the 1e printing only
    assert run(capsys, "cards", "annotate", "Summon Gilder", "--game", "ashes", "--rule", "targets", "--value",
               "maybe", "--part", "1.2", "--db", db)[0] == 2


def test_coverage_report_per_edition(db, capsys):
    code, out, _ = run(capsys, "cards", "coverage", "--game", "ashes", "--json", "--db", db)
    assert code == 0
    report = json.loads(out)
    for edition in ("reborn", "1e"):
        e = report["editions"][edition]
        assert e["cards"] == 17 and e["parts_unread"] == 0
        assert e["abilities_read"] > 0 and e["costs_read"] > 0
    code, out, _ = run(capsys, "cards", "coverage", "--game", "ashes", "--db", db)
    assert out.startswith("Ashes: 17 cards\nreborn: 17 cards; abilities")
