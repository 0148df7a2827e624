"""Section 3: importing the full Redemption carddata.txt into a fresh database, then again unchanged.

Each run is a child interpreter, so its memory figures are its own: the catalog is opened first (schema and
starter set, as on a first start), then `Catalog.import_lackey` is timed. Memory: the peak RSS during the
call over the RSS before it (VmHWM reset through /proc/self/clear_refs), the ru_maxrss growth, and, in a
separate child because tracing slows the import down, the tracemalloc peak of Python allocations.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.common import Settings, data_subset, progress, run_child

IMPORT_TARGET_S = 2.0
QUICK_ROWS = 300
_CHILD = "from benchmarks.children import import_child; import_child()"


def run(settings: Settings) -> dict[str, Any]:
    if not settings.data_found():
        return settings.skipped()
    repeats = 1 if settings.quick else 3
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-import-") as tmp_dir:
        tmp = Path(tmp_dir)
        data = data_subset(settings.data_path, QUICK_ROWS, tmp) if settings.quick else settings.data_path
        runs = []
        for k in range(repeats):
            progress(f"import: run {k + 1}/{repeats} (child process)")
            # --quick: a single child, traced, gives every figure (the seconds then include tracing)
            runs.append(run_child(_CHILD, "trace" if settings.quick else "time", str(data), str(tmp / f"{k}.db")))
        if settings.quick:
            traced = runs[0]
        else:
            progress("import: tracemalloc run (child process)")
            traced = run_child(_CHILD, "trace", str(data), str(tmp / "trace.db"))
    out: dict[str, Any] = {"file": str(settings.data_path) + (f" (--quick: first {QUICK_ROWS} rows, traced)"
                                                               if settings.quick else ""),
                           "runs": repeats, "db_mb": runs[0]["db_mb"]}
    for label in ("fresh", "reimport"):
        figures = {key: statistics.median(r[label][key] for r in runs) for key in ("seconds", "rss_before_mb")}
        for key in ("peak_rss_delta_mb", "ru_maxrss_delta_mb"):
            known = [r[label][key] for r in runs if r[label][key] is not None]
            figures[key] = statistics.median(known) if known else None
        figures["seconds_all"] = [r[label]["seconds"] for r in runs]
        figures["tracemalloc_peak_mb"] = traced[label]["tracemalloc_peak_mb"]
        figures["seconds_traced"] = traced[label]["seconds"]
        for key in ("added", "updated", "unchanged", "total"):
            figures[key] = runs[0][label][key]
        out[label] = figures
    out["targets"] = [
        {"id": f"import:{label}", "what": f"{'full import' if label == 'fresh' else 're-import, unchanged'}"
                                          f" (median of {repeats})",
         "value": out[label]["seconds"], "op": "<=", "limit": IMPORT_TARGET_S, "unit": "s",
         "pass": out[label]["seconds"] <= IMPORT_TARGET_S}
        for label in ("fresh", "reimport")]
    return out
