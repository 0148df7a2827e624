"""Section 4: the bot, end to end through the fake Discord on 127.0.0.1 (benchmarks/fake_discord).

The real ArbiterBot logs in to FakeDiscord on loopback with a database holding the full Redemption import.
Autocomplete interactions and /duration commands are sent one at a time; a round trip is the time from
sending the interaction (the fake builds and dispatches INTERACTION_CREATE over its gateway) to the bot's
callback POST being answered by the fake. Fake and bot share one event loop, as in the tests, so the
figures include the fake's own work. Resident memory is measured in a child process that opens the same
database and loads the catalog the way the bot does at start-up.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import Settings, data_subset, gc_paused, latency_stats, progress, run_child
from benchmarks.queries import make_aliases, make_queries, owners

ROUND_TRIP_TARGET_MS = 20.0
STORING_OVERHEAD_LIMIT = 1.10  # storing rulings may cost at most 10% of the burst's p99 round trip
BURST = 10                     # /duration commands sent at once
BURST_ROUNDS = 8               # bursts per phase (about a second or more: each "on" phase sees a flush)
ROUNDS = 5                     # loop-cost runs with the store off and on, in turn (best of each)
PAIRS = 10                     # phases run off, on, off, on, ... so drift of the machine's load cancels out
RSS_TARGET_MB = 150.0
QUICK_ROWS = 300
_RSS_CHILD = "from benchmarks.children import rss_child; rss_child()"
_CALLBACK = r"/interactions/{id}/[^/]+/callback"


def _make_db(settings: Settings, tmp: Path) -> tuple[Path, str]:
    """A database as after a first start and an import, with a few aliases a moderator registered."""
    from bot.catalog import Catalog

    db = tmp / "cards.db"
    with Catalog.open(db) as catalog:  # schema and starter set, as on a first start
        if not settings.data_found():
            label = f"starter set only ({catalog.count('redemption')} printings; real data not found)"
        elif settings.quick:
            catalog.import_lackey(data_subset(settings.data_path, QUICK_ROWS, tmp), "benchmark")
            label = (f"--quick: first {QUICK_ROWS} rows of the Redemption data ({catalog.count('redemption')} "
                     "printings with the starter set)")
        else:
            catalog.import_lackey(settings.data_path, "benchmark")
            label = f"full Redemption import ({catalog.count('redemption'):,} printings)"
        cards = catalog.cards("redemption")
        aliases = make_aliases(cards, owners(cards), 4, random.Random(settings.seed))
        for alias, i in aliases:
            catalog.add_alias("redemption", alias, cards[i].name, cards[i].set, "benchmark")
        return db, label + (f"; aliases {', '.join(a for a, _ in aliases)}" if aliases else "")


async def _round_trips(settings: Settings, db: Path, n: int) -> dict[str, Any]:
    from benchmarks.fake_discord import FakeDiscord, running_bot
    from bot.answers.service import Arbiter
    from bot.catalog import Catalog
    from bot.discord.client import ArbiterBot
    from engine.matching import card_value
    from engine.rulesets.redemption import default_zone

    arbiter = Arbiter(Catalog.open(db))
    cards = arbiter.catalog.cards("redemption")
    index = {card.key: i for i, card in enumerate(cards)}
    aliases = [(alias, index[("redemption", name, set_)]) for alias, name, set_ in arbiter.catalog.aliases("redemption")
               if set_ is not None]
    rounds = 1 if settings.quick else BURST_ROUNDS
    burst_total = 2 * PAIRS * rounds * BURST
    queries = make_queries(cards, n + burst_total, settings.seed, aliases)
    async with FakeDiscord() as fake:
        bot = ArbiterBot(arbiter, guild_ready_timeout=0.05)
        t0 = time.perf_counter()
        async with running_bot(fake, bot, ready_timeout=60.0):
            await fake.wait_for_request("PUT", r"/applications/\d+/commands", timeout=60.0)
            startup_s = time.perf_counter() - t0
            progress(f"bot: ready in {startup_s:.2f} s; {n} autocompletes and {n} /duration commands")

            async def autocomplete(text: str) -> dict[str, Any]:
                mark = fake.mark()
                sent = await fake.send_autocomplete("duration", {"card": text}, focused="card")
                rec = await fake.wait_for_request("POST", _CALLBACK.format(id=sent.id), since=mark)
                return rec.json

            async def duration(k: int) -> dict[str, Any]:
                query = queries[k]
                card = cards[query.target]
                typed = card_value(card) if k % 2 else query.text  # a picked suggestion, or typed text
                mark = fake.mark()
                sent = await fake.send_command("duration", {"card": typed, "played_in": default_zone(card),
                                                            "then": "phase-ends"})
                rec = await fake.wait_for_request("POST", _CALLBACK.format(id=sent.id), since=mark)
                return rec.json

            for k in range(min(10, n)):  # warm-up
                await autocomplete(queries[k].text)
                await duration(k)
            out: dict[str, Any] = {"startup_s": startup_s}
            clock = time.perf_counter_ns
            for name, call, args in (("autocomplete", autocomplete, [q.text for q in queries]),
                                     ("duration", duration, list(range(n)))):
                latencies: list[int] = []
                bodies: list[dict[str, Any]] = []
                with gc_paused():
                    for arg in args:
                        t = clock()
                        bodies.append(await call(arg))  # type: ignore[operator]
                        latencies.append(clock() - t)
                figures: dict[str, Any] = latency_stats(latencies)
                figures["round_trips_per_s"] = figures.pop("per_s")
                if name == "autocomplete":
                    figures["with_choices"] = sum(bool(b["data"]["choices"]) for b in bodies)
                else:
                    figures["verdict_embeds"] = sum(bool(b.get("data", {}).get("embeds")) for b in bodies)
                    figures["questions_back"] = len(bodies) - figures["verdict_embeds"]
                out[name] = figures
            out["burst"] = await _storing_burst(bot, duration, range(n, n + burst_total), rounds)
    return out


async def _storing_burst(bot: Any, duration: Any, ks: range, rounds: int) -> dict[str, Any]:
    """/duration commands in bursts of BURST sent at once, with the rulings store off and on in alternating
    phases of `rounds` bursts (PAIRS pairs; distinct questions, so every stored ruling is a new row). Off: the
    bot's RulingLog is detached; on: it runs as in production. The writer's flushes (every second) land in
    whichever phase is running, so its cost is shared; the work storing adds on the event loop itself is
    measured exactly by `loop_cost`."""
    log = bot.arbiter.rulings
    if log is None:
        return {"skipped": "the bot does not store rulings"}
    clock = time.perf_counter_ns
    latencies: dict[str, list[int]] = {"off": [], "on": []}
    await asyncio.to_thread(log.flush)  # what the sequential loops stored is not counted here
    written_before = log.written
    keys = iter(ks)
    progress(f"bot: storing overhead, {2 * PAIRS * rounds} bursts of {BURST} /duration commands, store off and "
             f"on in turn")

    async def timed(k: int, into: list[int]) -> None:
        t = clock()
        await duration(k)
        into.append(clock() - t)

    with gc_paused():
        for _ in range(PAIRS):
            for phase in ("off", "on"):
                bot.arbiter.rulings = None if phase == "off" else log
                for _ in range(rounds):
                    await asyncio.gather(*(timed(next(keys), latencies[phase]) for _ in range(BURST)))
    bot.arbiter.rulings = log
    await asyncio.to_thread(log.flush)
    off, on = latency_stats(latencies["off"]), latency_stats(latencies["on"])
    return {"burst": BURST, "off": off, "on": on, "p99_ratio": on["p99_ms"] / off["p99_ms"],
            "stored": log.written - written_before, "dropped": log.dropped, "loop_cost": _loop_cost(bot.arbiter)}


def _loop_cost(arbiter: Any, n: int = 2000) -> dict[str, float]:
    """What storing costs, split where it is paid. On the event loop: the same verdicts with no store and with a
    store that only queues (in turn, best of ROUNDS). In the writer thread: building the queued records and
    writing them in one batch, per ruling."""
    from bot.rulings.store import RulingStore
    from bot.rulings.writer import RulingLog
    from engine.matching import MatchResult

    live = arbiter.rulings
    cards = [c for c in arbiter.all_cards() if c.game == "redemption"][:n]
    queued = RulingLog(RulingStore.for_catalog(arbiter.catalog), background=False)

    def once(store: Any) -> float:
        arbiter.rulings = store
        t = time.perf_counter_ns()
        for card in cards:
            arbiter.duration(card.name, card=card, match=MatchResult(card.name, "exact", card, []),
                             events=("phase-ends",))
        return (time.perf_counter_ns() - t) / len(cards) / 1000

    try:
        with gc_paused():
            runs: dict[str, list[float]] = {"off": [], "on": []}
            for _ in range(ROUNDS):  # in turn, so the machine's load drifts alike for both
                runs["off"].append(once(None))
                runs["on"].append(once(queued))
            off, on = min(runs["off"]), min(runs["on"])
            pending = len(queued._pending)
            t = time.perf_counter_ns()
            queued.flush()  # what the writer thread does with them: build every record, one upsert
            writer = (time.perf_counter_ns() - t) / max(pending, 1) / 1000
    finally:
        arbiter.rulings = live
        queued.close()
    return {"answers": len(cards), "verdict_us": off, "verdict_and_store_us": on, "store_us": on - off,
            "writer_us": writer}


def run(settings: Settings) -> dict[str, Any]:
    n = 10 if settings.quick else 500
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-bot-") as tmp_dir:
        db, catalog = _make_db(settings, Path(tmp_dir))
        out: dict[str, Any] = {"catalog": catalog, "n": n}
        out.update(asyncio.run(_round_trips(settings, db, n)))
        progress("bot: resident memory (child process)")
        out["memory"] = run_child(_RSS_CHILD, str(db))
    full = settings.data_found() and not settings.quick
    out["targets"] = [
        {"id": f"bot-p99:{name}", "what": f"bot round trip p99, {label} (loopback)",
         "value": out[name]["p99_ms"], "op": "<=", "limit": ROUND_TRIP_TARGET_MS, "unit": "ms",
         "pass": out[name]["p99_ms"] <= ROUND_TRIP_TARGET_MS}
        for name, label in (("autocomplete", "autocomplete"), ("duration", "/duration"))]
    burst = out["burst"]
    if "p99_ratio" in burst:
        out["targets"].append({
            "id": "bot-storing", "what": f"/duration p99 in bursts of {burst['burst']}, storing rulings on / off "
                                        f"({burst['on']['p99_ms']:.1f} / {burst['off']['p99_ms']:.1f} ms)",
            "value": burst["p99_ratio"], "op": "<=", "limit": STORING_OVERHEAD_LIMIT, "unit": "x",
            "pass": burst["p99_ratio"] <= STORING_OVERHEAD_LIMIT})
    rss = out["memory"]["catalog"]["rss_mb"]
    out["targets"].append({"id": "bot-rss", "what": "bot resident memory, " + (
        "full catalog loaded" if full else "starter set only (data not found)" if not settings.data_found()
        else f"--quick: {QUICK_ROWS}-row catalog"),
        "value": rss, "op": "<=", "limit": RSS_TARGET_MB, "unit": "MB", "pass": rss <= RSS_TARGET_MB})
    return out
