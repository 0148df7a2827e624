"""What the L5R tests share: a catalog with the real Oracle files imported (`arbiter l5r-import`), once per
session, a copy per module."""

from __future__ import annotations

import pytest

from tests.shared_paths import require_shared


@pytest.fixture(scope="module")
def imported(tmp_path_factory, imported_catalog):
    source = require_shared("l5r")
    return imported_catalog(("l5r-import", str(source), "--json"), tmp_path_factory.mktemp("l5r"))
