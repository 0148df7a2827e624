"""The data files shipped with Arbiter (starter sets, schema): the one place that reads them.

Installed, they are the `arbiter_data` package; running from a checkout, `data/` is not importable under that
name, so the repository folder is read instead.
"""

from __future__ import annotations

from pathlib import Path

REPO_DATA = Path(__file__).resolve().parents[1] / "data"


def read_data_text(name: str) -> str:
    """Text of a bundled data file: the installed `arbiter_data` package first, then the repo's data/. An
    installed package is plain files, read directly (importlib.resources only for anything else, e.g. a zip)."""
    try:
        import arbiter_data  # type: ignore[import-not-found]
    except ModuleNotFoundError:
        return (REPO_DATA / name).read_text(encoding="utf-8")
    path = Path(arbiter_data.__file__).parent / name
    if path.is_file():
        return path.read_text(encoding="utf-8")
    import importlib.resources

    resource = importlib.resources.files("arbiter_data") / name
    if resource.is_file():
        return resource.read_text(encoding="utf-8")
    return (REPO_DATA / name).read_text(encoding="utf-8")
