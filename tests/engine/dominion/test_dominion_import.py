"""The Dominion importer: the real shared data, atomicity on broken copies, idempotent re-imports."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from bot.answers.games import SourceImportError, import_sources, parse_sources
from bot.catalog import Catalog, InvalidChange
from bot.cli import main
from engine.registry import find_ruleset
from engine.rulesets.dominion.sources import RK_CARDS, TABS_DB, clean_markup
from tests.shared_paths import require_shared

RK_HEADER = "Name;Expansion;Types;Cost;Text"
DOMINION = find_ruleset("dominion")


def parse_dominion(directory: Path):
    return parse_sources(DOMINION.sources, directory)


def import_dominion(catalog: Catalog, directory: Path, actor: str):
    return import_sources(catalog, DOMINION, directory, actor)


def real_dir() -> Path:
    return require_shared("dominion")  # skips with the reason when ../shared is not beside the checkout


def small_dir(tmp_path: Path, rk_rows: list[str] | None = None, records: list[dict] | None = None,
              texts: dict | None = None) -> Path:
    """Both sources in miniature, written in code."""
    root = tmp_path / "dominion"
    (root / "dominiontabs").mkdir(parents=True)
    (root / "randomkingdominion").mkdir()
    records = records if records is not None else [
        {"card_tag": "Band of Misfits", "cardset_tags": ["darkAges"], "types": ["Action", "Command"], "cost": "5"},
        {"card_tag": "Caravan", "cardset_tags": ["seaside"], "types": ["Action", "Duration"], "cost": "4"},
        {"card_tag": "Loot", "cardset_tags": ["plunder"], "types": ["Treasure", "Loot"]},
    ]
    texts = texts if texts is not None else {
        "Band of Misfits": {"name": "Band of Misfits", "description": "Play a non-Command Action card, once."},
        "Caravan": {"name": "Caravan", "description": "+1 Card<n>+1 Action<line>Next turn: +1 Card"},
        "Loot": {"name": "Loot", "description": "<left><u>A</u>: one</left><left><u>B</u>: two</left>"},
    }
    (root / TABS_DB).write_text(json.dumps(records), encoding="utf-8")
    (root / "dominiontabs" / "cards_en_us.json").write_text(json.dumps(texts), encoding="utf-8")
    (root / "dominiontabs" / "sets_en_us.json").write_text(json.dumps({"darkAges": {"set_name": "Dark Ages"},
                                                                       "seaside": {"set_name": "Seaside"}}))
    rows = rk_rows if rk_rows is not None else [
        "Band of Misfits;Dark Ages;['Action', 'Command'];$5;Play a non-Command non-Duration Action card, once.",
        "Caravan;Seaside;['Action', 'Duration'];$4;+1 Card +1 Action Next turn: +1 Card",
        "Busy Busy;Base;['Twist'];;At the start of your turn, +1 Action.",
    ]
    (root / RK_CARDS).write_text("\n".join([RK_HEADER, *rows]) + "\n", encoding="utf-8")
    return root


# --- the real data ------------------------------------------------------------------------------------

def test_real_data_parses_into_one_card_per_name():
    cards = parse_dominion(real_dir())
    by_name = {c.name: c for c in cards}
    assert len(cards) == len(by_name) > 800
    assert all(c.game == "dominion" and c.name and c.set for c in cards)
    assert not any("Twist" in c.type or "Stamp" in c.type for c in cards)
    captain = by_name["Captain"]
    assert captain.type == "Action, Duration, Command" and captain.set == "Promo"
    assert captain.extra["dominiontabs_types"] == "Action, Duration"
    misfits = by_name["Band of Misfits"]
    assert "non-Duration" in misfits.text and "non-Duration" not in misfits.extra["dominiontabs_text"]
    assert misfits.extra["source"] == "both" and misfits.extra["dominiontabs_sets"] == "darkAges"
    assert by_name["Endless Chalice"].type == "Treasure, Duration, Loot"  # a Loot only the csv lists alone
    assert by_name["Loot"].extra["source"] == "dominiontabs"
    assert "<" not in by_name["Loot"].text and "\n" in by_name["Loot"].text


def test_real_data_imports_then_reimports_unchanged(tmp_path: Path):
    with Catalog.open(tmp_path / "c.db", seed_starter=False) as catalog:
        first = import_dominion(catalog, real_dir(), "test")
        assert first.added == first.total == catalog.count("dominion") > 800
        assert first.updated == first.unchanged == 0 and first.audit_id is not None
        again = import_dominion(catalog, real_dir(), "test")
        assert (again.added, again.updated, again.unchanged, again.audit_id) == (0, 0, first.total, None)
        catalog.undo(first.audit_id, "test")
        assert catalog.count("dominion") == 0


def test_real_data_through_the_cli_then_a_ruling_on_imported_cards(tmp_path: Path, capsys):
    db = str(tmp_path / "c.db")
    assert main(["dominion-import", str(real_dir()), "--db", db, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["added"] == report["total"] > 800
    assert main(["dominion", "Bnad of Misfits > Caravan", "--ruleset", "older-wording", "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["match"][0]["how"] == "fuzzy" and out["match"][0]["card"] == "Band of Misfits"
    assert out["chain"][0]["set"] == "Dark Ages" and out["chain"][0]["leaves_play"]["cleanup"] == "next-turn"
    # An imported card without a starter annotation is read from its text, and the trace says so.
    assert main(["dominion", "Riverboat", "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["chain"][0]["leaves_play"]["cleanup"] == "next-turn"
    assert out["trace"][0]["source"] == "text" and out["trace"][0]["rule"] == "DM1"


@pytest.mark.parametrize(("target", "corrupt", "message"), [
    (RK_CARDS, lambda lines: lines.__setitem__(500, lines[500].replace(";", "", 1)),
     "randomkingdominion/good_card_data.csv, line 501: expected"),
    (RK_CARDS, lambda lines: lines.__setitem__(300, lines[300].replace("['", "[", 1)),
     "randomkingdominion/good_card_data.csv, line 301: Types of"),
    (TABS_DB, lambda lines: lines.__setitem__(40, lines[40] + " ,,"),
     "dominiontabs/cards_db.json, line 41: not valid JSON"),
])
def test_a_corrupted_copy_imports_nothing(tmp_path: Path, target, corrupt, message, capsys):
    copy = tmp_path / "dominion"
    shutil.copytree(real_dir(), copy)  # a scratch copy in the test's temp dir, never in the repository
    path = copy / target
    path.chmod(0o644)
    lines = path.read_text(encoding="utf-8").split("\n")
    corrupt(lines)
    path.write_text("\n".join(lines), encoding="utf-8")
    with Catalog.open(tmp_path / "c.db", seed_starter=False) as catalog:
        with pytest.raises(SourceImportError) as raised:
            import_dominion(catalog, copy, "test")
        assert str(raised.value).startswith(message)
        assert catalog.count("dominion") == 0 and catalog.history() == []
    code = main(["dominion-import", str(copy), "--db", str(tmp_path / "c.db")])
    assert code == 1 and capsys.readouterr().err.startswith(f"arbiter: {message}")


# --- small sources built in code ----------------------------------------------------------------------

def test_merge_prefers_the_newer_source_and_keeps_the_older_text(tmp_path: Path):
    cards = {c.name: c for c in parse_dominion(small_dir(tmp_path))}
    assert set(cards) == {"Band of Misfits", "Caravan", "Loot"}  # the Twist row is skipped
    misfits = cards["Band of Misfits"]
    assert misfits.text.endswith("non-Duration Action card, once.")
    assert misfits.extra == {"dominiontabs_sets": "darkAges", "cost": "5", "source": "both",
                             "dominiontabs_text": "Play a non-Command Action card, once."}
    assert "dominiontabs_text" not in cards["Caravan"].extra  # same words, other markup
    assert cards["Loot"].set == "plunder" and cards["Loot"].text == "A: one\nB: two"


def test_reimport_counts_added_updated_unchanged(tmp_path: Path):
    root = small_dir(tmp_path)
    with Catalog.open(tmp_path / "c.db", seed_starter=False) as catalog:
        first = import_dominion(catalog, root, "test")
        assert (first.added, first.updated, first.unchanged) == (3, 0, 0)
        csv_path = root / RK_CARDS
        csv_path.write_text(csv_path.read_text().replace("Next turn: +1 Card", "Next turn: draw 1"))
        second = import_dominion(catalog, root, "test")
        assert (second.added, second.updated, second.unchanged) == (0, 1, 2)
        with pytest.raises(InvalidChange):
            import_dominion(catalog, root, " ")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"records": [{"card_tag": "X", "cardset_tags": ["s"], "types": "Action"}]},
     "dominiontabs/cards_db.json, record 1 (card_tag “X”): types must be a non-empty list"),
    ({"records": [{"cardset_tags": ["s"], "types": ["Action"]}]}, "record 1: card_tag is missing"),
    ({"records": {"card_tag": "X"}}, "must be a list of card records"),
    ({"rk_rows": [";Base;['Action'];$2;x"]}, "good_card_data.csv, line 2: the Name field is empty"),
    ({"rk_rows": ["A;Base;['Action'];$2;x", "a;Base;['Action'];$2;y"]}, "“a” appears twice"),
    ({"texts": {"Caravan": "oops"}}, "cards_en_us.json, entry “Caravan”: must map each card_tag to an object"),
])
def test_problems_are_named_and_nothing_is_returned(tmp_path: Path, kwargs, message):
    with pytest.raises(SourceImportError, match=re.escape(message)):
        parse_dominion(small_dir(tmp_path, **kwargs))


def test_missing_directory_and_markup(tmp_path: Path):
    with pytest.raises(SourceImportError, match="not a directory"):
        parse_dominion(tmp_path / "nowhere")
    assert clean_markup("+2 <*COIN*><br><b>Bold</b><line>Setup") == "+2 Coin\nBold\n---\nSetup"
