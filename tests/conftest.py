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
