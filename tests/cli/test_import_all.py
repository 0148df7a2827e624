"""Setting up every game at once: `arbiter import-all [DIR]` imports each game found under the data folder in its
own transaction (a refused game leaves the others imported) and says one line per game; the default game's
importer is named like the others (`arbiter redemption-import [DIR]`, `cards import FILE` still works); the
wrong game's folder or file is refused naming the game it holds, exit 2, before anything is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.catalog import Catalog
from engine.registry import all_rulesets, default_game, find_ruleset
from tests.catalog_fixtures import lackey_row, lackey_text
from tests.cli_helpers import new_db, run
from tests.shared_paths import require_shared

GAME = default_game()


def _data(tmp_path: Path, *, broken: str | None = None) -> Path:
    """A data folder: the default game's carddata.txt (two cards), and `broken` game's folder with a damaged
    file; no folder for the other games."""
    root = tmp_path / "data"
    (root / GAME).mkdir(parents=True)
    (root / GAME / "carddata.txt").write_text(lackey_text(lackey_row("Setup Hero"), lackey_row("Setup Angel")))
    if broken is not None:
        sources = find_ruleset(broken).sources
        for rel in sources.files:
            (root / sources.folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / sources.folder / rel).write_text("{ not json")
    return root


def test_every_game_found_is_imported_each_on_its_own(tmp_path, capsys):
    broken = next(r.game for r in all_rulesets() if getattr(r, "sources", None) is not None)
    root, db = _data(tmp_path, broken=broken), new_db(tmp_path / "cards.db")
    starter = sorted(c.key for c in Catalog.open(db).cards(broken))
    code, out, err = run(capsys, "import-all", str(root), "--db", db)
    lines = out.splitlines()
    assert code == 1, err  # one game refused
    titles = {r.game: str(r.title).split(" (")[0] for r in all_rulesets()}
    assert len(lines) == len(titles)  # a line per game with an importer, the default game's first
    assert lines[0].startswith(f"{titles[GAME]}: 2 cards (2 added, 0 updated, 0 unchanged). Undo with: ")
    refused = next(line for line in lines if line.startswith(f"{titles[broken]}: "))
    assert refused.startswith(f"{titles[broken]}: refused, nothing of it imported: ")
    assert sum("skipped (no folder" in line for line in lines) == len(titles) - 2
    catalog = Catalog.open(db)
    assert {c.name for c in catalog.cards(GAME)} >= {"Setup Hero", "Setup Angel"}  # imported despite the other
    assert sorted(c.key for c in catalog.cards(broken)) == starter  # the refused game: its starter cards alone
    catalog.close()

    code, out, _ = run(capsys, "import-all", str(root), "--db", db, "--json")
    data = json.loads(out)
    assert code == 1 and data["root"] == str(root)
    by_game = {g["game"]: g for g in data["games"]}
    assert by_game[GAME]["status"] == "imported" and by_game[GAME]["unchanged"] == 2  # again: nothing changes
    assert by_game[GAME]["audit_id"] is None and by_game[broken]["status"] == "refused"


def test_a_folder_without_any_games_data_is_bad_input(tmp_path, capsys):
    db = new_db(tmp_path / "cards.db")
    (tmp_path / "empty").mkdir()
    code, out, err = run(capsys, "import-all", str(tmp_path / "empty"), "--db", db)
    assert (code, out) == (2, "") and "holds no game's card data" in err and err.count("\n") == 1
    code, _, err = run(capsys, "import-all", str(tmp_path / "nowhere"), "--db", db)
    assert code == 2 and "is not a folder" in err


def test_the_default_games_importer_is_named_like_the_others(tmp_path, capsys):
    root, db = _data(tmp_path), new_db(tmp_path / "cards.db")
    code, out, _ = run(capsys, f"{GAME}-import", str(root / GAME), "--db", db)
    assert code == 0 and out.startswith("Imported 2 ")
    code, out, _ = run(capsys, f"{GAME}-import", str(root / GAME / "carddata.txt"), "--db", db, "--json")
    assert code == 0 and json.loads(out)["unchanged"] == 2
    code, out, _ = run(capsys, "cards", "import", str(root / GAME / "carddata.txt"), "--db", db)  # the old name
    assert code == 0 and "2 unchanged" in out


@pytest.mark.parametrize("other", [r.game for r in all_rulesets() if getattr(r, "sources", None) is not None])
def test_the_wrong_games_folder_names_the_game_it_holds(tmp_path, capsys, other):
    db = new_db(tmp_path / "cards.db")
    ruleset = find_ruleset(other)
    folder = require_shared(ruleset.sources.folder)
    before = Catalog.open(db).history(limit=5)
    title = str(ruleset.title).split(" (")[0]
    code, out, err = run(capsys, f"{GAME}-import", str(folder), "--db", db)
    assert (code, out) == (2, "") and f"holds {title} card data" in err and f"arbiter {other}-import" in err
    someone_else = next(r for r in all_rulesets() if getattr(r, "sources", None) is not None and r.game != other)
    code, _, err = run(capsys, f"{someone_else.game}-import", str(folder), "--db", db)
    assert code == 2 and f"holds {title} card data" in err
    first = folder / ruleset.sources.files[0]
    if first.suffix == ".json":  # a game's own file given to the Lackey importer
        code, _, err = run(capsys, f"{GAME}-import", str(first), "--db", db)
        assert code == 2 and f"is {title} card data" in err
    assert Catalog.open(db).history(limit=5) == before  # nothing written


def test_the_redemption_folder_given_to_another_games_importer(tmp_path, capsys):
    root, db = _data(tmp_path), new_db(tmp_path / "cards.db")
    other = next(r for r in all_rulesets() if getattr(r, "sources", None) is not None)
    code, _, err = run(capsys, f"{other.game}-import", str(root / GAME), "--db", db)
    assert code == 2 and f"arbiter {GAME}-import " in err
