"""Stored rulings: every answer is kept under its ruling id, opens again with `arbiter ruling ID`, and a catalog
change reports which stored rulings it changes. Real SQLite temp files, the real engine, the real CLI."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.answers.games import find_question, game_answer, game_matcher, plugin_rulesets
from bot.answers.service import Arbiter
from bot.catalog import Catalog
from bot.rulings.build import verdict_line
from bot.rulings.record import Basis, CardBasis, RulingRecord
from bot.rulings.store import RulingStore, rulings_path
from bot.rulings.writer import RulingLog
from engine import registry
from engine.cards import Card
from engine.interface import examples_of, questions_of
from tests.cli_helpers import run
from tests.engine.test_plugin_hooks import TileRuleset

ADINO = ("duration", "adino the eznite", "--played-in", "battle", "--then", "phase-ends")


def ask_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def rows(db) -> list[tuple]:
    if not Path(rulings_path(db)).exists():
        return []
    with sqlite3.connect(rulings_path(db)) as conn:
        return conn.execute("SELECT id, game, command, count FROM rulings ORDER BY first_at, id").fetchall()


# --- the command line ---------------------------------------------------------------------------------------

def test_an_answered_question_opens_by_its_id_and_still_stands(db, capsys):
    answer = ask_json(capsys, *ADINO)
    ask_json(capsys, *ADINO)  # asked twice: one row, counted twice
    assert rows(db) == [(answer["ruling_id"], "redemption", "duration", 2)]

    opened = ask_json(capsys, "ruling", answer["ruling_id"])
    assert opened["ruling_id"] == answer["ruling_id"] and opened["stands"] is True
    assert opened["asked"]["inputs"] == {"card": "Adino, the Eznite", "set": None, "played_in": "battle",
                                         "events": ["phase-ends"], "part": None}
    assert opened["asked"]["count"] == 2 and opened["asked"]["version_number"] == answer["ruleset"]["version"]
    assert opened["given"] == {"verdict": answer["explanation"].split("\n")[0], "rules": answer["rules"]}
    assert opened["now"]["ruling_id"] == answer["ruling_id"] and opened["changes"] == []
    assert opened["now"]["answer"]["persists"] == answer["persists"]

    code, out, _ = run(capsys, "ruling", answer["ruling_id"].lower())
    assert code == 0
    assert "Now: still stands under today's catalog and ruleset." in out.splitlines()
    assert "Question: Adino, the Eznite · played in battle · then phase-ends" in out.splitlines()


def test_unknown_id_is_one_sentence_and_exit_1(db, capsys):
    code, out, err = run(capsys, "ruling", "R-0000000000")
    assert (code, out) == (1, "")
    assert err == "arbiter: No stored ruling has the id “R-0000000000”: check the id as printed under the ruling.\n"
    code, out, _ = run(capsys, "ruling", "nope", "--json")
    assert code == 1 and json.loads(out) == {
        "ruling_id": "nope", "error": "No stored ruling has the id “nope”: check the id as printed under the ruling.",
        "kind": "not-found", "exit": 1}
    code, out, _ = run(capsys, "rulings")  # a bare group prints its help
    assert code == 0 and "changed" in out


def test_an_annotation_that_changes_a_ruling_is_reported(db, capsys):
    answer = ask_json(capsys, *ADINO)
    untouched = ask_json(capsys, "duration", "moabite marauders", "--played-in", "battle")
    code, out, err = run(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "turn")
    assert code == 0, err
    assert ("This changes 1 stored ruling: `arbiter rulings changed` lists them with before and after."
            in out.splitlines())

    changed = ask_json(capsys, "rulings", "changed")
    assert [c["ruling_id"] for c in changed] == [answer["ruling_id"]]
    entry = changed[0]
    assert entry["stands"] is False and entry["given"]["verdict"] == answer["explanation"].split("\n")[0]
    assert entry["now"]["verdict"] != entry["given"]["verdict"] and "D4" in entry["now"]["rules"]
    assert [c["what"] for c in entry["changes"]] == ["annotations"]
    assert untouched["ruling_id"] not in {c["ruling_id"] for c in changed}

    code, out, _ = run(capsys, "rulings", "changed")
    assert f"{answer['ruling_id']} · redemption duration · Adino, the Eznite" in out
    assert "Now: CHANGED. Before: " + answer["explanation"].split("\n")[0] in out
    assert "Since then: the moderators' annotations of Adino, the Eznite (II) changed." in out

    assert ask_json(capsys, "rulings", "changed", "--since", "2999-01-01") == []
    code, _, err = run(capsys, "rulings", "changed", "--since", "last week")
    assert code == 2 and "--since takes a date" in err

    newest = Catalog.open(db).history(limit=1)[0].id
    code, out, _ = run(capsys, "cards", "undo", str(newest))
    assert code == 0 and "stored ruling" not in out  # back to the answer given: nothing is changed any more
    assert ask_json(capsys, "rulings", "changed") == []


def test_what_changed_card_text_and_ruleset_version(db, capsys):
    answer = ask_json(capsys, *ADINO)
    with Catalog.open(db) as catalog:
        card = catalog.card("redemption", "Adino, the Eznite", "II")
        catalog.edit_card(*card.key, {"text": card.text + " (reworded)"}, "test")
    with sqlite3.connect(rulings_path(db)) as conn:  # as if it had been answered under an older version number
        basis = json.loads(conn.execute("SELECT basis FROM rulings").fetchone()[0])
        conn.execute("UPDATE rulings SET basis = ?", (json.dumps({**basis, "v": "2019.1"}),))
    opened = ask_json(capsys, "ruling", answer["ruling_id"])
    assert opened["stands"] is True  # same verdict, though what it rests on changed
    assert [c["what"] for c in opened["changes"]] == ["ruleset", "card"]
    assert opened["now"]["ruling_id"] != answer["ruling_id"]  # Redemption ids cover the card's words
    _, out, _ = run(capsys, "ruling", answer["ruling_id"])
    assert "Since then: ruleset current was version 2019.1, now 2024.2; the card data of Adino, the Eznite (II) " \
           "changed" in out


def test_a_card_that_is_gone_cannot_be_asked_again(db, capsys):
    answer = ask_json(capsys, *ADINO)
    with Catalog.open(db) as catalog:
        catalog.delete_card("redemption", "Adino, the Eznite", "II", "test")
    opened = ask_json(capsys, "ruling", answer["ruling_id"])
    assert opened["stands"] is False and opened["now"] is None
    assert opened["problem"].startswith("it cannot be asked again: ")
    assert [c["ruling_id"] for c in ask_json(capsys, "rulings", "changed")] == [answer["ruling_id"]]


def test_bad_input_stores_nothing(db, capsys):
    code, _, _ = run(capsys, "duration", "adino the eznite", "--then", "nonsense")
    assert code == 2
    code, _, _ = run(capsys, "duration", "zzzzqqq", "--played-in", "battle")
    assert code == 1
    assert not db.exists() or rows(db) == []


# --- every plug-in game -------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", plugin_rulesets(), ids=lambda r: r.game)
def test_every_game_stores_its_first_worked_example(db, capsys, ruleset):
    for question in questions_of(ruleset):
        examples = examples_of(question)
        assert examples, f"{ruleset.game} {question.command}: declare `examples` (engine/interface.py)"
        inputs = dict(examples[0])
        version = inputs.pop("ruleset", next(iter(ruleset.versions())))
        for param in question.params:
            inputs.setdefault(param.name, [] if param.repeat else False if param.kind == "flag" else None)
        arbiter = Arbiter.open(db)
        log = RulingLog(RulingStore.for_catalog(arbiter.catalog), background=False)
        answer = game_answer(game_matcher(arbiter, ruleset), ruleset, inputs, version,
                             annotations_of=arbiter.annotations_for, command=question.command, rulings=log)
        log.close()
        opened = ask_json(capsys, "ruling", answer["ruling_id"])
        assert opened["stands"] is True, opened
        assert (opened["asked"]["game"], opened["asked"]["command"]) == (ruleset.game, question.command)
        assert opened["given"]["verdict"] == verdict_line(find_question(ruleset, question.command), answer)[:300]
        assert opened["now"]["ruling_id"] == answer["ruling_id"]
        assert {c["name"] for c in opened["asked"]["cards"]} == {m["card"] for m in answer["match"]}


def test_a_plugin_ruling_asked_on_the_command_line_opens(db, capsys):
    answer = ask_json(capsys, "dominion", "Throne Room > Tactician[discarded-nothing]")
    opened = ask_json(capsys, "ruling", answer["ruling_id"])
    assert opened["stands"] is True and opened["asked"]["inputs"] == {
        "chain": ["Throne Room > Tactician[discarded-nothing]"]}
    assert {c["name"] for c in opened["asked"]["cards"]} == {"Throne Room", "Tactician"}


# --- the writer ---------------------------------------------------------------------------------------------

def _record(ruling_id: str, at: int, name: str = "Card") -> RulingRecord:
    return RulingRecord(ruling_id, "toy", "ask", {"card": name}, "current", None, f"{name}: yes", ("T1",),
                        Basis("1", (CardBasis(name, "S", "00000000", ""),)), at)


def test_background_writer_batches_and_upserts_idempotently(db):
    catalog = Catalog.open(db)
    log = RulingLog(RulingStore.for_catalog(catalog), background=True, flush_s=60.0, batch_rows=1000)
    assert threading.current_thread() is not log._thread
    for at in (100, 300, 200):
        log.add(_record("T-1", at))
    log.add(_record("T-2", 150, "Other"))
    assert rows(db) == []  # nothing written before the batch is due
    assert log.flush() is True
    assert rows(db) == [("T-1", "toy", "ask", 3), ("T-2", "toy", "ask", 1)]
    log.add(_record("T-1", 400))
    log.close()
    log.add(_record("T-3", 500))  # after close: ignored, never raises
    stored = RulingStore.for_catalog(catalog).get("T-1")
    assert (stored.first_at, stored.last_at, stored.count) == (100, 400, 4)
    assert [s.id for s in RulingStore.for_catalog(catalog).about("toy", ["Other"])] == ["T-2"]
    assert [s.id for s in RulingStore.for_catalog(catalog).since(300)] == ["T-1"]


def test_a_failed_write_drops_the_batch_without_raising(tmp_path):
    store = RulingStore(str(tmp_path / "no such folder" / "cards.rulings.db"))  # cannot be created
    log = RulingLog(store, background=True)
    log.add(_record("T-1", 1))
    assert log.flush() is True
    assert (log.written, log.dropped) == (0, 1)
    log.close()


def test_batches_are_cut_at_batch_rows(db):
    catalog = Catalog.open(db)
    log = RulingLog(RulingStore.for_catalog(catalog), background=True, flush_s=60.0, batch_rows=2)
    for i in range(5):
        log.add(_record(f"T-{i}", i))
    log.flush()
    assert log.written == 5 and len(rows(db)) == 5
    log.close()


def test_a_new_default_printing_is_reported(db, capsys):
    answer = ask_json(capsys, *ADINO)  # no set: the name leads to the only printing, II
    with Catalog.open(db) as catalog:
        adino = catalog.card("redemption", "Adino, the Eznite", "II")
        catalog.add_card(Card("redemption", adino.name, "Zz", type=adino.type, brigade=adino.brigade,
                              text="Protect all your heroes until end of turn."), "test")
    code, out, err = run(capsys, "cards", "default", "adino the eznite", "--set", "Zz")
    assert code == 0, err
    assert any(line.startswith("This changes 1 stored ruling") for line in out.splitlines())
    opened = ask_json(capsys, "ruling", answer["ruling_id"])
    assert opened["stands"] is False and opened["now"]["cards"] == [{"name": "Adino, the Eznite", "set": "Zz"}]
    assert [c["what"] for c in opened["changes"]] == ["printing"]
    assert opened["changes"][0]["text"] == ("Adino, the Eznite led to the printing Adino, the Eznite (II), now to "
                                            "Adino, the Eznite (Zz)")


def test_rulings_live_beside_the_card_database_and_never_touch_it(db, capsys):
    """A bot watching the card database (PRAGMA data_version) must not take a stored ruling for a catalog change."""
    Catalog.open(db).close()
    with sqlite3.connect(db) as watcher:
        before = watcher.execute("PRAGMA data_version").fetchone()[0]
        answer = ask_json(capsys, *ADINO)
        assert watcher.execute("PRAGMA data_version").fetchone()[0] == before
    assert rulings_path(db) == str(db.with_name("cards.rulings.db"))
    assert rows(db) == [(answer["ruling_id"], "redemption", "duration", 1)]


def test_moderators_json_counts_the_rulings_a_change_changes(db, capsys):
    ask_json(capsys, *ADINO)
    note = ask_json(capsys, "cards", "annotate", "adino the eznite", "--rule", "D4", "--value", "turn")
    assert note["changed_rulings"] == 1
    undone = ask_json(capsys, "cards", "undo", str(note["audit_id"]))
    assert undone["changed_rulings"] == 0  # back to the answer given
    alias = ask_json(capsys, "cards", "alias", "ezzy", "adino the eznite")
    assert alias["changed_rulings"] == 0  # a Redemption ruling is stored by the card's exact name


@pytest.fixture
def toy_game(monkeypatch):
    """The toy plug-in game of tests/engine/test_plugin_hooks.py, registered for one test."""
    registry.all_rulesets()
    monkeypatch.setitem(registry._REGISTRY, "tiles", TileRuleset())
    monkeypatch.setitem(registry._ALIASES, "tiles", "tiles")


@pytest.mark.usefixtures("toy_game")
def test_a_plugin_annotation_that_changes_a_ruling_is_reported(db, capsys):
    """Through the generic path only: a toy game registered for the tests (tests/engine/test_plugin_hooks.py)."""
    answer = ask_json(capsys, "tiles", "lay", "red tile + sky")
    note = ask_json(capsys, "cards", "annotate", "red tile", "--game", "tiles", "--rule", "colour", "--value",
                    "green", "--part", "1")
    assert note["changed_rulings"] == 1
    opened = ask_json(capsys, "ruling", answer["ruling_id"])
    assert opened["stands"] is False and opened["asked"]["command"] == "lay"
    assert opened["given"]["verdict"] == ("Red Tile is red (from its text), Sky Tile is blue (from its text) · "
                                          "colours: red, blue")
    assert opened["now"]["verdict"].endswith("colours: green, blue")
    assert [(c["what"], c["card"]) for c in opened["changes"]] == [("annotations", "Red Tile")]
    assert [c["ruling_id"] for c in ask_json(capsys, "rulings", "changed")] == [answer["ruling_id"]]
