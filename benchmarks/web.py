"""Section 6: the web pages. The real `arbiter serve` process on 127.0.0.1 over the real catalog (Redemption's
carddata and every plug-in game's public data when found), with stored rulings asked through the engine first;
a real HTTP client requests ruling pages, their JSON, card pages, rules pages and searches one at a time and
times each round trip (client-measured, so the figure includes the client's own work)."""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from benchmarks.common import Settings, data_subset, latency_stats, progress
from bot.answers.games import (
    default_source_dir,
    find_question,
    game_answer,
    game_matcher,
    import_sources,
    plugin_rulesets,
)
from bot.answers.service import Arbiter
from bot.catalog import Catalog
from bot.rulings.store import RulingStore
from bot.rulings.writer import RulingLog

P99_TARGET_MS = 20.0
QUICK_ROWS = 300


def _catalog(settings: Settings, tmp: Path) -> tuple[Path, str]:
    db = tmp / "cards.db"
    catalog = Catalog.open(db)
    used = ["the starter sets"]
    if settings.data_found():
        data = data_subset(settings.data_path, QUICK_ROWS, tmp) if settings.quick else settings.data_path
        catalog.import_lackey(data, "bench")
        used = [f"Redemption (first {QUICK_ROWS} rows)" if settings.quick else "Redemption carddata"]
        if not settings.quick:
            for ruleset in plugin_rulesets():
                sources = getattr(ruleset, "sources", None)
                if sources is not None and default_source_dir(sources, ruleset.game).is_dir():
                    import_sources(catalog, ruleset, None, "bench")
                    used.append(ruleset.game)
    catalog.close()
    return db, " + ".join(used)


def _ask(db: Path, n: int, seed: int) -> tuple[list[str], list[tuple[str, str]]]:
    """Store rulings as the bot does: n Redemption cards under their default scenario, and every plug-in
    game's examples. Returns (ruling ids, (game, card name) of the cards asked about)."""
    arbiter = Arbiter.open(db)
    arbiter.warm()
    arbiter.rulings = RulingLog(RulingStore.for_catalog(arbiter.catalog), background=False)
    rng = random.Random(f"web:{seed}")
    cards = arbiter.cards_of("redemption")
    ids: list[str] = []
    asked: list[tuple[str, str]] = []
    for card in rng.sample(cards, min(n, len(cards))):
        try:
            answer = arbiter.duration(card.name, set_hint=card.set, events=("phase-ends",))
        except Exception:  # a card the engine cannot ask about under the default scenario: not a page figure
            continue
        ids.append(answer.as_json()["ruling_id"])
        asked.append(("redemption", card.name))
    for ruleset in plugin_rulesets():
        matcher = game_matcher(arbiter, ruleset)
        question = find_question(ruleset)
        for inputs in getattr(question, "examples", ())[:3]:
            version = str(inputs.get("ruleset") or "current")
            asked_inputs = {k: v for k, v in inputs.items() if k != "ruleset"}
            data = game_answer(matcher, ruleset, asked_inputs, version, arbiter.shared_annotations,
                               question.command, rulings=arbiter.rulings)
            ids.append(data["ruling_id"])
            asked += [(ruleset.game, m.get("card") or m["query"]) for m in data.get("match") or []
                      if isinstance(m, dict) and m.get("printing")]
    arbiter.rulings.close()
    return ids, asked


async def _fetch_all(base: str, paths: list[tuple[str, str]]) -> dict[str, list[float]]:
    import aiohttp

    times: dict[str, list[float]] = {}
    statuses: dict[int, int] = {}
    async with aiohttp.ClientSession() as session:
        for _kind, path in paths[:20]:  # warm-up: first requests build matchers and caches
            async with session.get(base + path, allow_redirects=False) as response:
                await response.read()
        for kind, path in paths:
            started = time.perf_counter()
            async with session.get(base + path, allow_redirects=False) as response:
                await response.read()
            times.setdefault(kind, []).append(time.perf_counter() - started)
            statuses[response.status] = statuses.get(response.status, 0) + 1
    times["_status"] = [float(k) for k, v in statuses.items() for _ in range(v)]
    return times


def run(settings: Settings) -> dict[str, Any]:
    n_rulings = 20 if settings.quick else 400
    rounds = 1 if settings.quick else 3
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-web-") as tmp_dir:
        tmp = Path(tmp_dir)
        progress("web: building the catalog")
        db, used = _catalog(settings, tmp)
        progress(f"web: storing {n_rulings} Redemption rulings and the plug-in games' examples")
        ids, asked = _ask(db, n_rulings, settings.seed)
        rng = random.Random(f"web-pages:{settings.seed}")
        words = [w for _, name in asked for w in re.findall(r"[A-Za-z]{5,}", name)]
        paths: list[tuple[str, str]] = []
        for _ in range(rounds):
            paths += [("ruling", f"/r/{i}") for i in ids]
            paths += [("ruling json", f"/r/{i}.json") for i in ids[: len(ids) // 2]]
            paths += [("card", f"/card/{g}/{quote(name, safe='')}") for g, name in asked]
            paths += [("rules", f"/rules/{r.game}") for r in plugin_rulesets()] * 4
            paths += [("search", "/?q=" + quote(w)) for w in rng.sample(words, min(len(words), 100))]
        rng.shuffle(paths)
        env = {**os.environ, "ARBITER_DB": str(db), "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--port", "0"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            found = re.search(r"http://[^ ]+?/", proc.stdout.readline())
            if found is None:
                raise RuntimeError("arbiter serve did not start: " + (proc.stderr.read() if proc.stderr else ""))
            progress(f"web: {len(paths)} requests, one at a time, to {found.group(0)}")
            times = asyncio.run(_fetch_all(found.group(0).rstrip("/"), paths))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    statuses = times.pop("_status")
    every = [t for kind in times.values() for t in kind]
    out: dict[str, Any] = {
        "catalog": used, "rulings": len(ids), "requests": len(every),
        "errors": sum(1 for s in statuses if s >= 500),
        "kinds": {kind: latency_stats([int(t * 1e9) for t in values]) for kind, values in sorted(times.items())},
        "all": latency_stats([int(t * 1e9) for t in every]),
    }
    p99 = out["all"]["p99_ms"]
    out["targets"] = [{"id": "web:p99", "what": "a web page, p99 of every kind (real catalog, one at a time)",
                       "value": p99, "op": "<=", "limit": P99_TARGET_MS, "unit": "ms",
                       "pass": p99 <= P99_TARGET_MS and out["errors"] == 0}]
    return out
