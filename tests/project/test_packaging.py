"""The explicit package list in pyproject.toml must name every package, or an install would miss code."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_listed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("engine", "bot")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, f"add to pyproject.toml packages: {sorted(found - listed)}"
    assert "arbiter_data" in listed and (ROOT / "data" / "__init__.py").exists()


def test_engine_imports_nothing_from_discord():
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import discord" not in text and "from discord" not in text, path
