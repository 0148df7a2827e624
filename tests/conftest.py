import sys
from pathlib import Path

# Tests import their helpers as `tests.…`; the package under test comes from the installed project.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


import pytest


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database path that does not exist yet (filled from the starter set on first use), as $ARBITER_DB.
    A test module that needs another kind of database defines its own `db`, which wins over this one."""
    path = tmp_path / "cards.db"
    monkeypatch.setenv("ARBITER_DB", str(path))
    monkeypatch.setenv("USER", "tester")
    return path


@pytest.fixture(scope="session")
def imported_catalog(tmp_path_factory: pytest.TempPathFactory):
    """Copies of a card database filled by one real import (`arbiter ARGV --db PATH`, e.g. ("l5r-import", DIR), or
    a function), run once per session whatever number of modules ask for it: each gets its own copy,
    taken with SQLite's backup API (so nothing still in a write-ahead log is left behind), with the stored
    rulings file beside it, in the folder it names."""
    import sqlite3

    from bot.cli import main
    from bot.rulings.store import rulings_path

    made: dict[tuple, Path] = {}

    def copy(recipe: tuple, folder: Path, name: str = "cards.db") -> Path:
        """`recipe`: the words of the `arbiter` command that fills it, or a function and its arguments, called
        with the new database's path first."""
        template = made.get(recipe)
        if template is None:
            template = tmp_path_factory.mktemp("imported") / "cards.db"
            if callable(recipe[0]):
                recipe[0](template, *recipe[1:])
            else:
                assert main([*recipe, "--db", str(template)]) == 0
            made[recipe] = template
        target = folder / name
        for source, destination in ((template, target), (Path(rulings_path(template)), Path(rulings_path(target)))):
            if source.exists():
                with sqlite3.connect(source) as origin, sqlite3.connect(destination) as into:
                    origin.backup(into)
                origin.close()
                into.close()
        return target

    return copy
