"""What every benchmark section shares: paths, the run's settings, timing loops, statistics, child processes."""

from __future__ import annotations

import contextlib
import gc
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SEED = 20240

T = TypeVar("T")
R = TypeVar("R")


def default_carddata() -> Path:
    """The real Redemption card data, read where it lies (beside the repository, never copied into it)."""
    return Path(REPO_ROOT).parent / "shared" / "data" / "redemption" / "carddata.txt"


@dataclass(frozen=True)
class Settings:
    seed: int = DEFAULT_SEED
    quick: bool = False
    carddata: Path | None = None  # None: the default location
    catalog: Path | None = None  # the cli section: a card database to copy (None: one made by importing)

    @property
    def data_path(self) -> Path:
        return self.carddata if self.carddata is not None else default_carddata()

    def data_found(self) -> bool:
        return self.data_path.is_file()

    def skipped(self) -> dict[str, str]:
        return {"skipped": f"data not found: {self.data_path}"}


_STARTED = time.perf_counter()


def data_subset(path: Path, rows: int, tmp: Path) -> Path:
    """The header and the first `rows` rows of a card file, for --quick (in a temp dir, never the repo)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    small = tmp / "carddata-subset.txt"
    small.write_text("\n".join(lines[: rows + 1]), encoding="utf-8")
    return small


def progress(message: str) -> None:
    """Progress goes to stderr so `--json` keeps stdout to one JSON object."""
    print(f"[benchmarks {time.perf_counter() - _STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Collect first, then keep the collector out of the timed loop (it would land on random queries)."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def timed(fn: Callable[[T], R], items: Sequence[T], warmup: int = 20) -> tuple[list[int], list[R]]:
    """(latency in ns per item, result per item): a warm-up on the first items, then one timed call each."""
    for item in items[:warmup]:
        fn(item)
    latencies: list[int] = []
    results: list[R] = []
    clock = time.perf_counter_ns
    with gc_paused():
        for item in items:
            t0 = clock()
            result = fn(item)
            t1 = clock()
            latencies.append(t1 - t0)
            results.append(result)
    return latencies, results


def percentile(sorted_values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of already sorted values (p in 0..100)."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return float(sorted_values[min(rank, len(sorted_values)) - 1])


def latency_stats(latencies_ns: Sequence[int]) -> dict[str, float]:
    """n, p50/p99/max in ms and throughput (calls per second of time spent in the calls)."""
    values = sorted(latencies_ns)
    total = sum(values)
    return {
        "n": len(values),
        "p50_ms": percentile(values, 50) / 1e6,
        "p99_ms": percentile(values, 99) / 1e6,
        "max_ms": (values[-1] / 1e6) if values else math.nan,
        "mean_ms": (total / len(values) / 1e6) if values else math.nan,
        "per_s": (len(values) * 1e9 / total) if total else math.nan,
    }


def proc_status() -> dict[str, int]:
    """Vm* lines of /proc/self/status in kB (Linux); empty elsewhere."""
    out: dict[str, int] = {}
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Vm"):
                    key, _, rest = line.partition(":")
                    out[key] = int(rest.split()[0])
    except OSError:
        pass
    return out


def reset_peak_rss() -> bool:
    """Reset VmHWM to the current RSS (Linux >= 4.0: write 5 to clear_refs); False where not possible."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def run_child(code: str, *args: str, timeout: float = 300.0) -> dict[str, Any]:
    """Run `code` in a fresh interpreter (so its memory is its own) and return the JSON it prints last."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO_ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"benchmark child failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return json.loads(lines[-1])
