"""The Grand Archive importer: the real shared files (whole, idempotent), a broken copy imports nothing and
names the record, and the seed's cases answer the same on the printed text as on the starter set."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from bot.answers.games import SourceImportError, import_sources, parse_sources
from bot.catalog import Catalog
from bot.cli import main
from engine.registry import find_ruleset
from engine.rulesets.grand_archive.sources import ARENA, EFFECTS
from tests.shared_paths import require_shared

GA = find_ruleset("ga")


def real_dir() -> Path:
    return require_shared("grand_archive")


def small_dir(tmp_path: Path, records: list | dict | None = None, arena: dict | None = None) -> Path:
    root = tmp_path / "grand_archive"
    root.mkdir()
    records = records if records is not None else [
        {"slug": "nullifying-lantern", "name": "Nullifying Lantern", "uuid": "u1", "home_deck": "material",
         "types": ["REGALIA", "ITEM"], "subtypes": ["CLERIC", "ACCESSORY"],
         "effect": "Cards in graveyards are norm element."},
        {"slug": "blank", "name": "Blank", "uuid": "u2", "home_deck": "none", "types": ["TOKEN", "ALLY"],
         "subtypes": [], "effect": None},
    ]
    arena = arena if arena is not None else {"u1": {"id": "u1", "name": "Nullifying Lantern", "type": "REGALIA / ITEM",
                                                    "cost": "0"}}
    (root / EFFECTS).write_text(json.dumps(records), encoding="utf-8")
    (root / ARENA).write_text(json.dumps(arena), encoding="utf-8")
    return root


def test_real_files_parse_whole():
    cards = parse_sources(GA.sources, real_dir())
    by_name = {c.name: c for c in cards}
    assert len(cards) == len(by_name) == 1893
    lantern = by_name["Nullifying Lantern"]
    assert (lantern.type, lantern.card_class, lantern.identifier) == ("REGALIA ITEM", "CLERIC ACCESSORY", "urKxcUjz9a")
    assert lantern.extra == {"home_deck": "material", "cost": "0"}
    assert by_name["Claude, Fated Visionary"].text.endswith('have taunt and "On Death: Glimpse 3."')
    assert sum(1 for c in cards if "cost" in c.extra) > 1700


def test_real_files_import_then_reimport_unchanged(tmp_path: Path):
    with Catalog.open(tmp_path / "c.db", seed_starter=False) as catalog:
        first = import_sources(catalog, GA, real_dir(), "test")
        assert first.added == first.total == catalog.count("grand-archive") == 1893
        again = import_sources(catalog, GA, real_dir(), "test")
        assert (again.added, again.updated, again.unchanged, again.audit_id) == (0, 0, 1893, None)
        catalog.undo(first.audit_id, "test")
        assert catalog.count("grand-archive") == 0


def test_seed_cases_on_the_printed_text(tmp_path: Path, capsys):
    db = str(tmp_path / "c.db")
    assert main(["grand-archive-import", str(real_dir()), "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["added"] == 1893
    argv = ["grand-archive", "--db", db, "--json"]
    assert main([*argv, "--effect", "Inspiring Call", "--object", "ally"]) == 0
    effect = json.loads(capsys.readouterr().out)["objects"][0]["effects"][0]
    assert (effect["kind"], effect["layer"], effect["applies"]) == ("one-shot", "E", False)
    assert main([*argv, "--effect", "Claude", "--object", "ally:automaton"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["match"][0]["card"] == "Claude, Fated Visionary"
    assert [(e["kind"], e["layer"], e["applies"]) for e in out["objects"][0]["effects"]] == [("static", "D", True)] * 2
    assert main([*argv, "--effect", "Nullifying Lantern", "--object", "card@graveyard",
                 "--then", "loses-abilities:Nullifying Lantern"]) == 0
    effect = json.loads(capsys.readouterr().out)["objects"][0]["effects"][0]
    assert (effect["layer"], effect["applies"], effect["text"]) == ("C", True, "Cards in graveyards are norm element.")
    assert main(["cards", "coverage", "--game", "ga", "--json", "--db", db]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] == 1893 and report["read"] > 800 and 0 < report["unread"] < report["read"]
    assert sum(report["by_kind"].values()) == sum(report["by_layer"].values()) + report["no_layer"] == report["read"]
    assert sum(report["unread_by_kind"].values()) == sum(report["unread_by_layer"].values()) == report["unread"]
    assert report["unread_phrases"][0]["count"] >= report["unread_phrases"][-1]["count"]


def test_reimport_counts_added_updated_unchanged(tmp_path: Path):
    root = small_dir(tmp_path)
    with Catalog.open(tmp_path / "c.db", seed_starter=False) as catalog:
        first = import_sources(catalog, GA, root, "test")
        assert (first.added, first.updated, first.unchanged) == (2, 0, 0)
        path = root / EFFECTS
        path.write_text(path.read_text().replace("norm element", "water element"))
        second = import_sources(catalog, GA, root, "test")
        assert (second.added, second.updated, second.unchanged) == (0, 1, 1)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"records": [{"slug": "x", "name": "X", "types": "ALLY", "subtypes": []}]},
     "ga_cards_effects.json, record 1 (slug “x”): types of “X” must be a non-empty list"),
    ({"records": [{"slug": "x", "types": ["ALLY"], "subtypes": []}]}, "record 1 (slug “x”): name is missing"),
    ({"records": {"name": "X"}}, "must be a list of card records"),
    ({"records": [{"name": "A", "types": ["ALLY"], "subtypes": []}, {"name": "a", "types": ["ALLY"], "subtypes": []}]},
     "record 2: “a” appears twice (also record 1)"),
    ({"records": [{"name": "A", "types": ["ALLY"], "subtypes": [], "effect": 3}]}, "effect of “A” must be text"),
    ({"arena": {"u1": "oops"}}, "TCG_Arena_Cardlist.json, entry “u1”: must be an object with a name"),
])
def test_problems_are_named_and_nothing_is_returned(tmp_path: Path, kwargs, message):
    with pytest.raises(SourceImportError, match=re.escape(message)):
        parse_sources(GA.sources, small_dir(tmp_path, **kwargs))


def test_a_corrupted_copy_imports_nothing(tmp_path: Path, capsys):
    copy = tmp_path / "grand_archive"
    shutil.copytree(real_dir(), copy)  # a scratch copy in the test's temp dir, never in the repository
    path = copy / EFFECTS
    path.chmod(0o644)
    records = json.loads(path.read_text(encoding="utf-8"))
    records[1200]["subtypes"] = "CLERIC"
    path.write_text(json.dumps(records), encoding="utf-8")
    code = main(["grand-archive-import", str(copy), "--db", str(tmp_path / "c.db")])
    err = capsys.readouterr().err
    assert code == 1 and f"ga_cards_effects.json, record 1201 (slug “{records[1200]['slug']}”)" in err
    with Catalog.open(tmp_path / "c.db", seed_starter=False) as catalog:
        assert catalog.count("grand-archive") == 0
