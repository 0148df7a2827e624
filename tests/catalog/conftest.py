"""What the catalog tests share: a catalog on a temp file with the starter set."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalog_fixtures import open_catalog


@pytest.fixture
def cat(tmp_path: Path):
    catalog = open_catalog(tmp_path)
    yield catalog
    catalog.close()
