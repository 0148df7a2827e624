"""The Ashes importer: both real sources into one card per name (two texts), errata applied last, all or nothing
on broken copies (the file and record named), idempotent re-imports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.answers.games import SourceImportError, import_sources, parse_sources
from bot.catalog import Catalog
from bot.cli import main
from engine.registry import find_ruleset
from engine.rulesets.ashes.editions import printing
from engine.rulesets.ashes.sources import FIRST_EDITION_FLOOR, FIRST_FILES, REBORN_FILE, REBORN_FLOOR
from tests.shared_paths import require_shared

ASHES = find_ruleset("ashes")


FILLERS = max(REBORN_FLOOR, FIRST_EDITION_FLOOR)


def filler(n: int, edition: str = "1e") -> list[dict]:
    """Cards only there to give the Reborn file and the first edition's initial import their minimum of records
    (FileShape); a filler of both editions is one card (joined by stub), so there are FILLERS of them."""
    text: object = [] if edition == "1e" else ""
    return [{"name": f"Filler {i}", "stub": f"filler-{i}", "type": "Ally", "text": text} for i in range(n)]


def small_dir(tmp_path: Path, reborn: list | None = None, first: dict[str, list] | None = None,
              raw: dict[str, str] | None = None) -> Path:
    """Both sources in miniature, written in code (our own words)."""
    root = tmp_path / "ashes"
    (root / "ashteki").mkdir(parents=True)
    (root / "ashes_live_legacy_1e").mkdir()
    reborn = reborn if reborn is not None else [
        {"name": "Spark Toss", "stub": "spark-toss", "type": "Action Spell", "release": {"name": "Toy Set"},
         "placement": "Discard", "cost": ["[[main]]"], "text": "Deal 1 damage to a target unit."}]
    reborn = reborn + filler(REBORN_FLOOR, "reborn")  # never tiny either: given its floor of fillers
    (root / REBORN_FILE).write_text(json.dumps({"results": reborn}), encoding="utf-8")
    first = first or {}
    for rel in FIRST_FILES:
        records = first.get(rel.rsplit("/", 1)[1].removesuffix(".json"), [])
        if rel == FIRST_FILES[0]:  # the initial import is never tiny: given its floor of fillers
            records = records + filler(FIRST_EDITION_FLOOR)
        (root / rel).write_text(json.dumps(records), encoding="utf-8")
    for rel, text in (raw or {}).items():
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_real_sources_make_one_card_per_name_with_both_texts():
    cards = parse_sources(ASHES.sources, require_shared("ashes"))
    by_name = {c.name: c for c in cards}
    assert len(cards) == 611
    assert sum(1 for c in cards if "reborn" in c.extra and "1e" in c.extra) == 276
    veil = by_name["Golden Veil"]
    assert "after an opponent targets" in printing(veil, "reborn").text
    assert "would target" in printing(veil, "1e").abilities[0]["text"]
    # errata files come last: Redirect's 2017 errata and the Empower typo patch win
    assert "would be dealt damage" in printing(by_name["Redirect"], "1e").abilities[0]["text"]
    assert printing(by_name["Empower"], "1e").abilities[1]["text"].startswith("In addition,")
    assert veil.set == "Master Set" and veil.type == "Reaction Spell"


def test_real_import_then_reimport_is_unchanged(tmp_path: Path, capsys):
    db = str(tmp_path / "cards.db")
    assert main(["ashes-import", "--db", db]) == 0
    assert "Imported 611 Ashes cards: 611 added" in capsys.readouterr().out
    assert main(["ashes-import", "--db", db]) == 0
    assert "0 added, 0 updated, 611 unchanged" in capsys.readouterr().out
    assert main(["ashes", "Phoenix Barrage", "--ruleset", "1e", "--units", "none", "--json", "--db", db]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [p["outcome"] for p in answer["parts"]] == ["skipped", "resolves"]


@pytest.mark.parametrize(("raw", "message"), [
    ({REBORN_FILE: "{not json"}, "ashteki/all-cards.json, line 1: not valid JSON"),
    ({REBORN_FILE: json.dumps({"results": [{"name": "X", "stub": "x"}]})},
     "ashteki/all-cards.json, record 1 (“X”): type is missing or not text"),
    ({FIRST_FILES[-2]: json.dumps([{"name": "Y", "stub": "y", "type": "Ally", "text": "no list"}])},
     "5bc042a1c94d_errata_2018.json, record 1 (“Y”): text must be a list of abilities"),
])
def test_a_broken_copy_imports_nothing_and_names_file_and_record(tmp_path: Path, raw, message):
    root = small_dir(tmp_path, raw=raw)
    catalog = Catalog.open(tmp_path / "cards.db")
    with pytest.raises(SourceImportError) as info:
        import_sources(catalog, ASHES, root, "test:alice")
    assert message in str(info.value)
    assert catalog.cards("ashes") == []


def test_errata_replace_earlier_records_and_editions_join_by_stub(tmp_path: Path):
    first = {
        "1516f4cb9756_initial_import": [{"name": "Spark Toss", "stub": "spark-toss", "type": "Action Spell",
                                         "cost": ["[[main]]"], "text": [{"text": "Deal 9 damage to a unit."}]}],
        "c0b05d2841bf_errata_2017": [{"name": "Spark Toss", "stub": "spark-toss", "type": "Action Spell",
                                      "cost": ["[[main]]"], "text": [{"text": "Deal 2 damage to a target unit."}]}],
        "286ac25d59ba_rimea_xander": [{"name": "Old Only", "stub": "old-only", "type": "Ally",
                                       "text": [{"name": "Nap", "text": "This unit sleeps."}]}],
    }
    cards = {c.name: c for c in parse_sources(ASHES.sources, small_dir(tmp_path, first=first))}
    assert set(cards) - {f["name"] for f in filler(FILLERS)} == {"Spark Toss", "Old Only"}
    assert printing(cards["Spark Toss"], "1e").abilities[0]["text"] == "Deal 2 damage to a target unit."
    assert printing(cards["Old Only"], "reborn") is None
    assert cards["Old Only"].set.endswith("(first edition)")


def test_reimport_counts_updates(tmp_path: Path):
    catalog = Catalog.open(tmp_path / "cards.db")
    first = import_sources(catalog, ASHES, small_dir(tmp_path), "test:alice")
    fillers = FILLERS
    assert (first.added, first.updated, first.unchanged) == (1 + fillers, 0, 0)
    changed = [{"name": "Spark Toss", "stub": "spark-toss", "type": "Action Spell", "release": {"name": "Toy Set"},
                "placement": "Discard", "cost": ["[[main]]"], "text": "Deal 2 damage to a target unit."}]
    second = import_sources(catalog, ASHES, small_dir(tmp_path / "b", reborn=changed), "test:alice")
    assert (second.added, second.updated, second.unchanged) == (0, 1, fillers)
