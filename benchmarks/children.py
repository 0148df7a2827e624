"""Entry points of the benchmark's child processes: kept apart, with only the standard library imported at
module level, so a child's first memory reading is the bare interpreter's."""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from benchmarks.common import proc_status, reset_peak_rss


def import_child() -> None:
    """In the child: argv = [mode ("time" | "trace"), carddata path, database path]."""
    from bot.catalog import Catalog

    mode, data, db = sys.argv[1:4]
    catalog = Catalog.open(db)
    out: dict[str, Any] = {}
    for label in ("fresh", "reimport"):
        if mode == "trace":
            tracemalloc.start()
        before = proc_status()
        ru_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        hwm_reset = reset_peak_rss()
        t0 = time.perf_counter()
        report = catalog.import_lackey(Path(data), "benchmark")
        seconds = time.perf_counter() - t0
        after = proc_status()
        ru_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        figures: dict[str, Any] = {
            "seconds": seconds, "added": report.added, "updated": report.updated, "unchanged": report.unchanged,
            "total": report.total, "rss_before_mb": before.get("VmRSS", 0) / 1024,
            "peak_rss_delta_mb": ((after["VmHWM"] - before["VmRSS"]) / 1024
                                  if hwm_reset and "VmHWM" in after and "VmRSS" in before else None),
            # kB on Linux. Not meaningful when the figure is still the parent's: exec keeps the larger of the
            # forking parent's peak and the new image's, so a big parent hides the child's growth.
            "ru_maxrss_delta_mb": ((ru_after - ru_before) / 1024
                                   if ru_before <= before.get("VmHWM", ru_before) + 1024 else None),
        }
        if mode == "trace":
            figures["tracemalloc_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
        out[label] = figures
    catalog.close()
    out["db_mb"] = sum(p.stat().st_size for p in Path(db).parent.glob(Path(db).name + "*")) / 2**20
    print(json.dumps(out))


def rss_child() -> None:
    """In the child: argv = [database]. Prints VmRSS at each step of a bot start-up without the network."""
    db = sys.argv[1]
    steps: dict[str, Any] = {"interpreter": proc_status()}
    import discord  # noqa: F401  (counted as part of the bot's code)

    import bot.discord.cogs.carddb
    import bot.discord.cogs.info
    import bot.discord.cogs.ruling  # noqa: F401
    from bot.answers.service import Arbiter
    from bot.catalog import Catalog
    from bot.discord.client import ArbiterBot

    steps["imports"] = proc_status()

    async def start() -> int:
        bot = ArbiterBot(Arbiter(Catalog.open(db)), guild_ready_timeout=0.05)
        count = bot.load_catalog()  # what setup_hook does before the bot answers anything
        matcher = bot.arbiter.matcher("redemption")
        for query in ("adino", "moabite maraudrs", "captain of the host", "teachng in parables"):
            matcher.autocomplete(query)
            result = matcher.match(query)
            if result.card is not None:
                bot.arbiter.duration(query, card=result.card, match=result, events=["phase-ends"])
        steps["catalog"] = proc_status()
        bot.arbiter.catalog.close()  # never started, so there is no connection to close
        return count

    cards = asyncio.run(start())
    print(json.dumps({"cards": cards, **{k: {"rss_mb": v.get("VmRSS", 0) / 1024, "hwm_mb": v.get("VmHWM", 0) / 1024}
                                         for k, v in steps.items()}}))
