"""What the Grand Archive tests on the real card data share: a catalog with the real data imported once per
module (the fixture `db`: import `real_catalog` into the test module), and asking `arbiter grand-archive --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from tests.shared_paths import require_shared


@pytest.fixture(scope="module", name="db")
def real_catalog(tmp_path_factory: pytest.TempPathFactory, imported_catalog) -> str:
    root: Path = require_shared("grand_archive")
    return str(imported_catalog(("grand-archive-import", str(root)), tmp_path_factory.mktemp("ga"), "c.db"))


def ask(db: str, capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(["grand-archive", "--db", db, "--json", *args])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out
    return out
