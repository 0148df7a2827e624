"""`arbiter grand-archive` end to end on a real SQLite file: exact output, order of typed moments, bad input,
moderator annotations (win over the text, flagged, undoable) and the coverage report."""

from __future__ import annotations

import json

import pytest

from bot.catalog import Catalog
from tests.cli_helpers import new_db, run


@pytest.fixture
def db(tmp_path):
    return new_db(tmp_path / "cards.db")


SEED_INSPIRING_CALL = """\
Inspiring Call does not reach the ally you control: it entered after the effect resolved, and a one-shot effect \
reaches only what was there then (name it before the effect if it was already on the field).
Agrees with the official ruling (Grand Archive official rules, "Types of Effects - Continuous Effects").

Scenario: 1. effect Inspiring Call; 2. object ally

ally (an ally you control), entered at 2:
  - Inspiring Call (2) [one-shot, layer E, timestamp 1, active]: does not apply — one-shot (“get” in a resolving \
effect): its set was fixed when it resolved at 1; this object entered at 2, after it. Ends: the clean-up of the \
end phase (“until end of turn”). [GA1, GA7, GA5, GA11]

All active effects in order:
1. Inspiring Call (2): layer E (GA5); timestamp 1 (GA6, GA7)

Interpretations:
- Inspiring Call's paragraph 1 is a rule of its own cost (costs 2 less); it matters only while the card is being \
played, so it is left out here: ask about it with “Inspiring Call#1”.

Ruleset: Grand Archive current (2026.08, Official comprehensive rules (continuous effects with dependencies)).
Rules: GA1 one-shot set (Continuous Effects, Instanced Effects 1-2); GA7 timestamps (Continuous Effects, \
Timestamps 1.1-1.2); GA5 layers (Continuous Effects, Layers 2.1-2.5); GA6 timestamp order (Continuous Effects, \
Timestamps (opening paragraph)); GA11 end-phase clean-up (Turn Order - End Phase, General Rules 3).
2 official rulings are recorded about Inspiring Call: arbiter official list "Inspiring Call".
Ruling id: GA-A4208C1E8D
"""


def test_seed_case_exact_text(db, capsys):
    assert run(capsys, "grand-archive", "--effect", "Inspiring Call", "--object", "ally", "--db", db) == (
        0, SEED_INSPIRING_CALL, "")
    # a typo of the card gives the same ruling (the scenario is written with the card's own name)
    code, out, _ = run(capsys, "grand-archive", "--effect", "inspirng call", "--object", "ally", "--db", db)
    assert code == 0 and out.endswith("Ruling id: GA-A4208C1E8D\n")
    assert out.splitlines()[1].startswith("Read “inspirng call” as Inspiring Call")  # under the answer


def test_moments_keep_the_order_typed(db, capsys):
    code, out, _ = run(capsys, "grand-archive", "--object", "ally", "--effect", "Inspiring Call", "--object",
                       "ally:automaton", "--then", "end-phase-skipped", "--json", "--db", db)
    answer = json.loads(out)
    assert code == 0 and answer["scenario"] == ["1. object ally", "2. effect Inspiring Call",
                                                "3. object ally:automaton", "4. then end-phase-skipped"]
    first, later = answer["objects"]
    assert (first["entered"], first["effects"][0]["applies"]) == (1, True)
    assert (later["entered"], later["effects"][0]["applies"]) == (3, False)
    assert first["effects"][0]["status"] == "active" and "GA12" in answer["rules"]
    for key in ("objects", "order", "order_reasons", "match", "rules", "interpretations", "ruling_id", "ruleset",
                "explanation"):
        assert key in answer
    assert set(first["effects"][0]) >= {"card", "part", "text", "kind", "origin", "layer", "timestamp", "applies",
                                        "status", "ends_on", "rules", "why"}


def test_ruleset_previous_differs_only_where_a_dependency_decides(db, capsys):
    argv = ["grand-archive", "--effect", "Mordred", "--object", "attack@graveyard", "--effect",
            "Caliburn of Silencing@opponent -> Mordred", "--json", "--db", db]
    current = json.loads(run(capsys, *argv)[1])
    seed = json.loads(run(capsys, *argv, "--ruleset", "previous")[1])
    assert current["objects"][0]["effects"][0]["applies"] is False
    assert seed["objects"][0]["effects"][0]["applies"] is True
    assert seed["ruleset"]["name"] == "previous" and "GA10" not in seed["rules"]
    assert any(n["id"] == "dependency-versions" for n in seed["interpretations"])
    plain = ["grand-archive", "--effect", "Claude", "--object", "ally:automaton", "--json", "--db", db]
    a, b = json.loads(run(capsys, *plain)[1]), json.loads(run(capsys, *plain, "--ruleset", "previous")[1])
    assert a["objects"] == b["objects"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--effect", "Claude", "--then", "condition-false:Claude"], "has no condition in this scenario"),
    (["--effect", "Claude", "--then", "source-leaves:Nullifying Lantern"], "not in the scenario before it"),
    (["--effect", "Claude", "--object", "wizard:automaton"], "Unknown object kind “wizard”"),
    (["--effect", "Claude", "--object", "ally@hand:them"], "“them” in “ally@hand:them” is not a controller"),
    (["--effect", "Claude", "--ruleset", "older"], "--ruleset takes current or previous, not 'older'."),
])
def test_bad_input_is_one_sentence_and_writes_nothing(db, capsys, argv, message):
    Catalog.open(db).close()
    before = Catalog.open(db).history(limit=100)
    code, out, err = run(capsys, "grand-archive", *argv, "--db", db)
    assert (code, out) == (2, "") and message in err and "Traceback" not in err
    assert err.count("\n") == 1 or "usage:" in err
    assert Catalog.open(db).history(limit=100) == before


def test_unknown_card_lists_the_closest_names(db, capsys):
    code, _, err = run(capsys, "grand-archive", "--effect", "Zzyzx Qwerty", "--db", db)
    assert code == 1 and "Zzyzx Qwerty" in err


def test_an_annotation_wins_over_the_text_is_flagged_and_undone(db, capsys):
    code, _, err = run(capsys, "cards", "annotate", "Inspiring Call", "--game", "ga", "--rule", "layer", "--value",
                       "Z", "--part", "2", "--db", db)
    assert (code, err) == (2, "arbiter: layer is one of A, B, C, D, E.\n")
    code, _, err = run(capsys, "cards", "annotate", "Inspiring Call", "--game", "ga", "--rule", "set", "--value",
                       "purple dragons of doom", "--part", "2", "--db", db)
    assert code == 2 and "is not a set Arbiter can read" in err
    code, out, _ = run(capsys, "cards", "annotate", "Inspiring Call", "--game", "grand-archive", "--rule", "kind",
                       "--value", "Static", "--part", "2", "--json", "--db", db)
    assert code == 0
    written = json.loads(out)
    answer = json.loads(run(capsys, "grand-archive", "--effect", "Inspiring Call", "--object", "ally", "--json",
                            "--db", db)[1])
    effect = answer["objects"][0]["effects"][0]
    assert (effect["kind"], effect["applies"], effect["annotated"]) == ("static", True, ["kind"])
    assert answer["ruling_id"] != "GA-A4208C1E8D"  # the annotation is part of the question
    flagged = [n for n in answer["interpretations"] if n["id"].startswith("annotation-differs")]
    assert flagged and "the text reads one-shot" in flagged[0]["text"]
    assert run(capsys, "cards", "undo", str(written["audit_id"]), "--db", db)[0] == 0
    answer = json.loads(run(capsys, "grand-archive", "--effect", "Inspiring Call", "--object", "ally", "--json",
                            "--db", db)[1])
    assert answer["objects"][0]["effects"][0]["kind"] == "one-shot" and answer["ruling_id"] == "GA-A4208C1E8D"


def test_an_annotation_reads_a_paragraph_the_reader_could_not(db, capsys):
    code, out, _ = run(capsys, "grand-archive", "--effect", "Spirit of Fire", "--db", db)
    assert code == 0 and out.startswith("Spirit of Fire's ability happens at once")  # one-time, read so (GA16)
    for field, value in (("layer", "E"), ("set", "allies you control"), ("duration", "end-of-turn")):
        assert run(capsys, "cards", "annotate", "Spirit of Fire", "--game", "ga", "--rule", field, "--value", value,
                   "--part", "1", "--db", db)[0] == 0
    answer = json.loads(run(capsys, "grand-archive", "--object", "ally", "--effect", "Spirit of Fire", "--json",
                            "--db", db)[1])
    effect = answer["objects"][0]["effects"][0]
    assert (effect["layer"], effect["applies"], effect["annotated"]) == ("E", True, ["layer", "set", "duration"])


def test_coverage_report_of_the_starter_set(db, capsys):
    code, out, _ = run(capsys, "cards", "coverage", "--game", "ga", "--json", "--db", db)
    report = json.loads(out)
    assert code == 0 and report["cards"] == 21 and report["read"] >= 20
    assert set(report["by_layer"]) == set("ABCDE") and all(report["by_layer"][k] for k in "ABCDE")
    assert {"one-shot", "static"} == set(report["by_kind"])
    assert {"end-of-turn", "until-next-turn", "during-next-turn", "as-long-as", "indefinite", "while-on-field",
            "game"} <= set(report["by_duration"])
    assert report["unread"] == sum(report["unread_by_kind"].values()) == sum(report["unread_by_duration"].values())
    code, out, _ = run(capsys, "cards", "coverage", "--game", "grand-archive", "--db", db)
    assert out.startswith("Grand Archive: 21 cards") and "Read by layer:  A " in out
