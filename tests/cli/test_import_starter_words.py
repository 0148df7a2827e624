"""A new user's first import (trial 53300): on a new database the cards an import "updates" are the starter set's,
loaded on first use, and the line says so; an import over data imported before says plain "updated"."""

from __future__ import annotations

from pathlib import Path

from bot.catalog import Catalog
from engine.registry import default_game
from tests.catalog_fixtures import lackey_row, lackey_text
from tests.cli_helpers import new_db, run

GAME = default_game()
SAID = "from the starter set loaded on first use"


def test_the_starter_sets_cards_are_said_on_the_first_import(tmp_path: Path, capsys) -> None:
    db = new_db(tmp_path / "cards.db")
    catalog = Catalog.open(db)
    starter = catalog.cards(GAME)[0]
    catalog.close()
    root = tmp_path / "data"
    (root / GAME).mkdir(parents=True)
    rows = [lackey_row(starter.name, starter.set, SpecialAbility="Words of the full data."), lackey_row("New Hero")]
    (root / GAME / "carddata.txt").write_text(lackey_text(*rows))
    code, out, err = run(capsys, "import-all", str(root), "--db", db)
    assert code == 0, err
    assert f"(1 added, 1 updated {SAID}, 0 unchanged)" in out.splitlines()[0], out
    rows[0] = lackey_row(starter.name, starter.set, SpecialAbility="Other words again.")
    (root / GAME / "carddata.txt").write_text(lackey_text(*rows))
    code, out, err = run(capsys, "import-all", str(root), "--db", db, "--allow-shrink")
    assert code == 0 and "(0 added, 1 updated, 1 unchanged)" in out.splitlines()[0] and SAID not in out, out
