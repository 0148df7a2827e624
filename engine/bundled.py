"""The data files shipped with Arbiter (starter sets, schema): the one place that reads them.

Installed, they are the `arbiter_data` package; running from a checkout, `data/` is not importable under that
name, so the repository folder is read instead.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

REPO_DATA = Path(__file__).resolve().parents[1] / "data"


def read_data_text(name: str) -> str:
    """Text of a bundled data file: the installed `arbiter_data` package first, then the repo's data/."""
    try:
        resource = importlib.resources.files("arbiter_data") / name
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pass
    return (REPO_DATA / name).read_text(encoding="utf-8")
