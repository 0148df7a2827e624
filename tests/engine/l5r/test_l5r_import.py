"""The L5R importer on the real Oracle files (read where they lie), broken copies (nothing imported, the file and
record named), idempotent re-imports, then answers, coverage and annotations over the imported cards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.answers.games import SourceImportError, import_sources, parse_sources
from bot.catalog import Catalog
from bot.cli import main
from engine.registry import find_ruleset
from engine.rulesets.l5r.abilities import Kind, read_card
from tests.cli_helpers import new_db
from tests.engine.l5r.l5r_helpers import ask
from tests.shared_paths import require_shared

L5R = find_ruleset("legend-of-the-five-rings")
TOTAL = 3535  # SOURCE.md: personalities 1354, strategies 942, ... total 3535


def real_dir() -> Path:
    return require_shared("l5r")


@pytest.fixture(scope="module")
def real_cards():
    return parse_sources(L5R.sources, real_dir())


def test_every_real_card_parses(real_cards):
    by_name = {c.name: c for c in real_cards}
    assert len(real_cards) == len(by_name) == TOTAL
    assert sum("erratum" in c.extra for c in real_cards) == 49 and sum("notes" in c.extra for c in real_cards) == 235
    kano = by_name["Akodo's Guidance • Experienced"]  # "&#149;" decoded
    assert kano.game == "l5r" and "<" not in kano.text
    wall = by_name["The Scorpion Wall is Finished"]
    assert wall.extra["erratum"] == 'The word "after" changed to "if" via technical erratum.'
    assert wall.type == "Event" and wall.set == "Embers of War"
    farm = by_name["Large Farm"]
    assert farm.text == "Bow: Produce 2 Gold." and farm.extra["html"] == ":bow:: Produce 2 Gold."
    assert [a.kind for a in read_card(farm)] == [Kind.GOLD]


def test_real_files_import_whole_then_reimport_unchanged(tmp_path: Path):
    with Catalog.open(tmp_path / "cards.db") as catalog:
        first = import_sources(catalog, L5R, real_dir(), "test:importer")
        assert first.added == first.total == catalog.count("l5r") == TOTAL
        again = import_sources(catalog, L5R, real_dir(), "test:importer")
        assert (again.added, again.updated, again.unchanged, again.audit_id) == (0, 0, TOTAL, None)


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "l5r"
    shutil.copytree(real_dir(), copy)
    return copy


@pytest.mark.parametrize(("file", "corrupt", "message"), [
    ("rings.json", lambda text: text[:-3], "oracle_json/rings.json, line"),
    ("events.json", lambda text: json.dumps([*json.loads(text)[:4], {"cardid": "x", "title": ["Bad"]}]),
     "oracle_json/events.json, record 5: cardid must be a number"),
    ("senseis.json", lambda text: json.dumps([*json.loads(text), {"cardid": 9, "title": ["No Type"]}]),
     "oracle_json/senseis.json, record 46 (cardid 9) “No Type”: type is missing"),
    ("items.json", lambda text: json.dumps(json.loads(text) + json.loads(text)[:1]),
     "oracle_json/items.json, record 228: “"),
])
def test_a_broken_copy_imports_nothing_and_names_file_and_record(tmp_path: Path, capsys, file, corrupt, message):
    copy = _copy(tmp_path)
    path = copy / "oracle_json" / file
    path.write_text(corrupt(path.read_text(encoding="utf-8")), encoding="utf-8")
    with Catalog.open(tmp_path / "cards.db") as catalog:
        with pytest.raises(SourceImportError) as raised:
            import_sources(catalog, L5R, copy, "test:importer")
        assert str(raised.value).startswith(message)
        assert catalog.count("l5r") == 0 and [e for e in catalog.history() if e.game == "l5r"] == []
    code = main(["l5r-import", str(copy), "--db", new_db(tmp_path / "c.db")])
    assert code == 1 and capsys.readouterr().err.startswith(f"arbiter: {message}")


def test_answers_on_imported_cards_show_the_oracle_erratum(imported, capsys):
    capsys.readouterr()
    answer = ask(capsys, imported, "order", "--at", "after you reveal cards in your Provinces", "--item",
                 "the scorpion wall is finshed")
    assert answer["match"][0]["card"] == "The Scorpion Wall is Finished"
    assert answer["card_notes"] == [{"card": "The Scorpion Wall is Finished", "erratum": [
        'The word "after" changed to "if" via technical erratum.'], "notes": []}]
    assert "erratum: The word" in answer["explanation"]


def test_real_cards_answer(imported, capsys):
    # Hida Tadama: "After the first time each phase Tadama is destroyed, bring him into play ..." - a trait.
    answer = ask(capsys, imported, "order", "--at", "after Tadama is destroyed", "--item", "Hida Tadama", "--item",
                 "Hida Yamadera • Experienced@opponent")
    assert [(e["step"], e["card"]) for e in answer["order"]] == [("E", "Hida Tadama")]
    # Yamadera waits for "another player's Battle action resolves": another occurrence, set aside and said so
    assert answer["skipped"][0]["card"] == "Hida Yamadera • Experienced"
    # Selfless Politics: "After the next time a target Personality attacks you (this turn), ..." - delayed, LD3.
    politics = ask(capsys, imported, "duration", "Selfless Politics", "--then", "action-resolves", "turn-ends")
    assert politics["effect"]["kind"] == "next-time" and politics["state"] == "expired"
    # Seppun Washi: "Reaction: When paying a Gold cost, bow Washi: Produce 2 Gold." - Gold for the payment, L7.
    gold = ask(capsys, imported, "order", "--at", "when paying a Gold cost", "--item", "Seppun Washi", "--item",
               "Large Farm")
    assert [e["step"] for e in gold["order"]] == ["gold", "gold"]


def test_coverage_over_the_real_file(imported, capsys):
    capsys.readouterr()
    assert main(["cards", "coverage", "--game", "l5r", "--json", "--db", str(imported)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] >= TOTAL  # the imported cards and the starter cards the import did not replace
    assert report["read"] + report["unread"] == report["abilities"]
    assert report["read_share"] > 0.98
    assert report["by_kind"]["action"] > 2000 and report["by_kind"]["reaction"] > 200
    assert report["by_kind_and_timing"]["trait:after"] > 300
    assert {"turn", "battle", "game", "paying", "while", "next-time"} <= set(report["durations_by_form"])
    assert len(report["top_unread"]) <= 15
    assert main(["cards", "coverage", "--game", "l5r", "--top", "3", "--db", str(imported)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"L5R: {report['cards']} cards, {report['abilities']} ability lines; read ")


def test_an_annotation_wins_over_the_text_and_is_reported(imported, capsys):
    capsys.readouterr()
    before = ask(capsys, imported, "order", "--at", "after Tadama is destroyed", "--item", "Hida Tadama")
    assert before["order"][0]["step"] == "E"
    assert main(["cards", "annotate", "Hida Tadama", "--game", "l5r", "--rule", "kind", "--value", "reaction",
                 "--part", "1", "--note", "test", "--db", str(imported)]) == 0
    capsys.readouterr()
    after = ask(capsys, imported, "order", "--at", "after Tadama is destroyed", "--item", "Hida Tadama")
    assert after["order"][0]["step"] == "F"
    assert any("annotated Hida Tadama #1 as reaction" in n["text"] for n in after["interpretations"])
    code = main(["cards", "annotate", "Hida Tadama", "--game", "l5r", "--rule", "kind", "--value", "sorcery",
                 "--db", str(imported)])
    assert code == 2 and "A kind is one of: action, reaction" in capsys.readouterr().err
