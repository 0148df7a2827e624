"""Running `arbiter` as a user file permissions apply to (root may write anyway), for the tests of read-only
files: probed first, so a test skips with the reason where it cannot run (as root without `setpriv` or a system
Python, or with a checkout in a folder that user cannot read)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _unprivileged_command() -> list[str] | None:
    """A command line that runs `python -m bot.cli` as a user file permissions apply to: this Python when the
    tests do not run as root; as root, `setpriv` to nobody with a system Python of the same version (root's own
    Python may be unreadable to nobody); None when neither is possible."""
    if os.name != "posix":
        return None
    if os.geteuid() != 0:
        return [sys.executable, "-m", "bot.cli"]
    python = shutil.which(f"python{sys.version_info.major}.{sys.version_info.minor}", path="/usr/bin:/usr/local/bin")
    setpriv = shutil.which("setpriv")
    if python is None or setpriv is None:
        return None
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", python, "-m", "bot.cli"]


def unprivileged_arbiter() -> tuple[list[str], dict[str, str]]:
    """The command and its environment, after `arbiter --version` ran that way; else the test is skipped with
    the reason."""
    command = _unprivileged_command()
    if command is None:
        pytest.skip("running as root without setpriv and a system Python to drop to an unprivileged user")
    site = [p for p in sys.path if p.endswith("site-packages")]
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "PYTHONPATH": os.pathsep.join([str(ROOT), *site])}
    probe = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=120, cwd="/tmp",
                           env=env, check=False)
    if probe.returncode != 0 or not probe.stdout.startswith("arbiter"):
        pytest.skip(f"cannot run arbiter as an unprivileged user here: {(probe.stderr or probe.stdout)[-200:]}")
    return command, env
