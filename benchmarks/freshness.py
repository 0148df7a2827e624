"""Section 5: how fast a committed change reaches every process, and what one moderator write costs.

- Cost per write, on the real catalog: an alias (and an annotation) written, then taken into memory the way the
  bot does it. "Before" is what every write cost until the catalog learned to take changes in incrementally:
  the whole in-memory catalog rebuilt (cards, annotations, term readings, every game's matcher, the card refs
  and the plug-in games' matchers). "After" is `Arbiter.sync`, which takes in one alias or one card name.
- Propagation, median and worst of N writes: this process holds a warmed `Arbiter` with the bot's own
  `CatalogWatcher` thread (what every `arbiter run` process runs), and
  * "shard to shard": a second Python process (another shard process) writes aliases through the catalog;
  * "CLI to bot": the real `arbiter cards alias` command, one process per write.
  The time is from the writer's confirmation to the moment the alias is in this process's snapshot (the
  matcher consults it directly). tests/discord/test_shard_processes.py checks the same end to end through Discord.

Runs with a plain `pip install .` (no test helpers). `python -m benchmarks --only freshness`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import Settings, data_subset, progress
from bot.answers.freshness import CatalogWatcher
from bot.answers.games import game_matcher, plugin_rulesets
from bot.answers.service import DEFAULT_GAME as REDEMPTION
from bot.answers.service import Arbiter
from bot.catalog import Catalog
from bot.discord.state import card_ref
from engine.cards import Annotation
from engine.names import fold

FRESH_TARGET_S = 2.0
QUICK_ROWS = 300
CARD = "Adino, the Eznite"  # in the starter set and in the real catalog
_WRITER = "from benchmarks.freshness import writer_child; writer_child()"


def _full_rebuild(arbiter: Arbiter) -> None:
    """What the bot did after every write before: the snapshot, the card refs and plug-in matchers rebuilt."""
    arbiter.warm()
    {card_ref(c): c for c in arbiter.all_cards()}  # the card refs the ruling buttons use
    for ruleset in plugin_rulesets():
        game_matcher(arbiter, ruleset)


def _stats(values: list[float]) -> dict[str, float]:
    return {"median_s": statistics.median(values), "worst_s": max(values), "best_s": min(values), "n": len(values)}


def _write_costs(arbiter: Arbiter, n: int) -> dict[str, Any]:
    """Per kind and way: the whole write (commit + taking it in), and taking it in alone."""
    catalog = arbiter.catalog
    out: dict[str, Any] = {}
    for label, take_in in (("before", _full_rebuild), ("after", lambda a: a.sync())):
        figures: dict[str, dict[str, list[float]]] = {k: {"total": [], "take_in": []} for k in ("alias", "annotation")}
        for i in range(n):
            for kind in ("alias", "annotation"):
                started = time.perf_counter()
                if kind == "alias":
                    catalog.add_alias(REDEMPTION, f"bench {label} alias {i}", CARD, None, "bench")
                else:
                    catalog.annotate(REDEMPTION, CARD, "II", Annotation("", "D4", f"bench {label} {i}", "turn"),
                                     "bench")
                committed = time.perf_counter()
                take_in(arbiter)
                done = time.perf_counter()
                figures[kind]["total"].append(done - started)
                figures[kind]["take_in"].append(done - committed)
        out[label] = {kind: {**_stats(f["total"]), "take_in": _stats(f["take_in"])} for kind, f in figures.items()}
    return out


def _soundness_ms(db: Path, runs: int = 7) -> dict[str, float]:
    """What the check every write makes first costs (bot/catalog/soundness.py): PRAGMA quick_check on this
    catalog, median and worst of `runs`, in ms (included in the write costs above)."""
    import sqlite3

    conn = sqlite3.connect(db)
    try:
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            conn.execute("PRAGMA quick_check(3)").fetchall()
            times.append((time.perf_counter() - t) * 1e3)
    finally:
        conn.close()
    times.sort()
    return {"median_ms": times[len(times) // 2], "worst_ms": times[-1], "db_mb": db.stat().st_size / 2**20}


def _wait_seen(arbiter: Arbiter, alias: str, timeout: float = 10.0) -> float:
    """time.time() when `alias` is in the snapshot (what the matcher consults), polled every millisecond."""
    key = fold(alias)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        snap = arbiter.snapshot
        if snap is not None and key in snap.aliases.get(REDEMPTION, {}):
            return time.time()
        time.sleep(0.001)
    raise TimeoutError(f"alias {alias!r} not seen within {timeout} s")


def writer_child() -> None:
    """Another process (a shard): for each alias read on stdin, write it and print the time of the commit."""
    catalog = Catalog.open(sys.argv[1], seed_starter=False)
    for line in sys.stdin:
        catalog.add_alias(REDEMPTION, line.strip(), CARD, None, "bench:shard")
        print(repr(time.time()), flush=True)


def _shard_to_shard(db: Path, reader: Arbiter, n: int) -> list[float]:
    child = subprocess.Popen([sys.executable, "-c", _WRITER, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    assert child.stdin is not None and child.stdout is not None
    delays = []
    try:
        for i in range(n):
            alias = f"bench shard {i}"
            child.stdin.write(alias + "\n")
            child.stdin.flush()
            committed = float(child.stdout.readline())
            delays.append(max(0.0, _wait_seen(reader, alias) - committed))
    finally:
        child.stdin.close()
        child.wait(timeout=30)
    return delays


def _cli_to_bot(db: Path, reader: Arbiter, n: int) -> list[float]:
    delays = []
    for i in range(n):
        alias = f"bench cli {i}"
        # Unbuffered, so its confirmation line leaves the moment it is printed, right after the commit.
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "cards", "alias", alias, CARD, "--db", str(db)],
                                stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert proc.stdout is not None
        proc.stdout.readline()
        confirmed = time.time()
        delays.append(max(0.0, _wait_seen(reader, alias) - confirmed))
        proc.wait(timeout=30)
    return delays


def run(settings: Settings) -> dict[str, Any]:
    n = 5 if settings.quick else 20
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-fresh-") as tmp_dir:
        tmp = Path(tmp_dir)
        db = tmp / "cards.db"
        catalog = Catalog.open(db)
        source = "the starter set"
        if settings.data_found():
            data = data_subset(settings.data_path, QUICK_ROWS, tmp) if settings.quick else settings.data_path
            catalog.import_lackey(data, "bench")
            source = str(settings.data_path) + (f" (--quick: first {QUICK_ROWS} rows)" if settings.quick else "")
        writer = Arbiter(catalog)
        count = writer.warm()
        progress(f"freshness: cost per write, {n} aliases and {n} annotations each way, {count} cards")
        costs = _write_costs(writer, n)
        soundness = _soundness_ms(db)
        reader = Arbiter(Catalog.open(db, seed_starter=False))
        reader.warm()
        watcher = CatalogWatcher(reader)
        watcher.start()
        try:
            progress(f"freshness: shard to shard, {n} writes from another process")
            shard = _shard_to_shard(db, reader, n)
            progress(f"freshness: CLI to bot, {n} `arbiter cards alias` commands")
            cli = _cli_to_bot(db, reader, n)
        finally:
            watcher.stop()
    out: dict[str, Any] = {"catalog": source, "cards": count, "writes": n, "costs": costs, "soundness": soundness,
                           "watch_interval_s": watcher.interval,
                           "propagation": {"shard_to_shard": _stats(shard), "cli_to_bot": _stats(cli)}}
    speedup = costs["before"]["alias"]["take_in"]["median_s"] / max(costs["after"]["alias"]["take_in"]["median_s"],
                                                                   1e-9)
    out["alias_speedup"] = speedup
    out["targets"] = [
        {"id": f"freshness:{key}", "what": f"{what}: worst of {n} writes", "value": out["propagation"][key]["worst_s"],
         "op": "<=", "limit": FRESH_TARGET_S, "unit": "s",
         "pass": out["propagation"][key]["worst_s"] <= FRESH_TARGET_S}
        for key, what in (("shard_to_shard", "a change from another shard process served"),
                          ("cli_to_bot", "a command-line change served by a running bot"))]
    return out
