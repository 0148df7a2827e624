"""`python -m benchmarks`: run the benchmark sections and print a table (or, with --json, one JSON object).

    python -m benchmarks                        # everything, full sizes (a few minutes)
    python -m benchmarks --quick --json         # tiny sizes, for the smoke test
    python -m benchmarks --only matching,bot --seed 7

Each figure is printed with its target and PASS/MISS. Parts that need the real Redemption card data
(../shared/data/redemption/carddata.txt beside the repository, or --data PATH) say "skipped: data not
found" when it is absent. Progress goes to stderr. Exit status 1 if a section failed to run, or with --check
if a target was missed; 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.common import DEFAULT_SEED, REPO_ROOT, Settings, progress

SECTIONS = ("matching", "players", "typos", "rulings", "import", "bot", "freshness", "web", "burst", "ask",
            "cli")


def _runner(name: str) -> Callable[[Settings], dict[str, Any]]:
    if name == "matching":
        from benchmarks.matching import run
    elif name == "players":
        from benchmarks.players import run
    elif name == "typos":
        from benchmarks.typos import run
    elif name == "rulings":
        from benchmarks.rulings import run
    elif name == "import":
        from benchmarks.importing import run
    elif name == "freshness":
        from benchmarks.freshness import run
    elif name == "web":
        from benchmarks.web import run
    elif name == "burst":
        from benchmarks.burst import run
    elif name == "ask":
        from benchmarks.ask import run
    elif name == "cli":
        from benchmarks.cli import run
    else:
        from benchmarks.bot import run
    return run


def _sections(text: str) -> list[str]:
    names = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [s for s in names if s not in SECTIONS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"choose from {','.join(SECTIONS)} (got {text!r})")
    return [s for s in SECTIONS if s in names]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (seconds, for the smoke test)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"seed for everything random "
                                                                        f"(default {DEFAULT_SEED})")
    parser.add_argument("--only", type=_sections, default=list(SECTIONS), metavar="SECTIONS",
                        help=f"comma-separated subset of {','.join(SECTIONS)}")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed (as when a section "
                                                                 "fails to run), for CI")
    parser.add_argument("--data", type=Path, default=None, help="the Redemption carddata.txt (default: "
                        "../shared/data/redemption/carddata.txt beside the repository)")
    parser.add_argument("--catalog", type=Path, default=None, help="the cli section: a card database to copy and "
                        "ask (default: every game imported from ../shared/data into a temp database)")
    return parser.parse_args(argv)


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "-"


def _commit() -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                              text=True, timeout=10, check=False)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO_ROOT,
                               capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    head = done.stdout.strip() or "unknown"
    return head + (" + uncommitted changes" if dirty.stdout.strip() else "")


def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings(seed=args.seed, quick=args.quick, carddata=args.data, catalog=args.catalog)
    started = time.perf_counter()
    meta: dict[str, Any] = {
        "seed": settings.seed, "quick": settings.quick, "sections": args.only,
        "python": platform.python_version(), "platform": f"{platform.system()} {platform.machine()}",
        "cpus": os.cpu_count(), "load_before": _load(), "data": str(settings.data_path),
        "data_found": settings.data_found(), "commit": _commit(),
    }
    if not settings.data_found():
        progress(f"real card data not found at {settings.data_path}: its parts are skipped")
    results: dict[str, Any] = {"meta": meta, "sections": {}, "targets": []}
    for name in args.only:
        progress(f"section {name}")
        try:
            section = _runner(name)(settings)
        except Exception as exc:  # one broken section should not hide the others' figures
            traceback.print_exc(file=sys.stderr)
            section = {"error": f"{type(exc).__name__}: {exc}"}
        results["targets"] += section.get("targets", [])
        results["sections"][name] = section
    meta["load_after"] = _load()
    meta["seconds"] = time.perf_counter() - started
    return results


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    results = run(args)
    if args.json:
        from benchmarks.report import clean

        print(json.dumps(clean(results), ensure_ascii=False))
    else:
        from benchmarks.report import render

        print(render(results))
    return exit_status(results, check=args.check)


def exit_status(results: dict[str, Any], *, check: bool) -> int:
    """1 when a section failed to run, or (with --check) when a target was missed; else 0."""
    crashed = any("error" in s for s in results["sections"].values())
    missed = any(not t["pass"] for t in results["targets"])
    return 1 if crashed or (check and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
