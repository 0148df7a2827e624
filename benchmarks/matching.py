"""Section 1: name matching. Arbiter's Matcher against difflib, SQLite LIKE and rapidfuzz on the same queries.

Catalogs: the real Redemption catalog (every printing) and synthetic ones of 20,000 and 100,000 names made
from real names (benchmarks.catalogs). The baselines get what a plain implementation would have: the raw
names (lower-cased once, outside the timing, since the queries are typed in lower case) or a cards table.
"""

from __future__ import annotations

import difflib
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rapidfuzz import process

from benchmarks.catalogs import real_cards, synthetic_cards
from benchmarks.common import Settings, latency_stats, progress, timed
from benchmarks.queries import KINDS, TYPO_KINDS, Query, make_aliases, make_queries, owners
from engine.cards import Card
from engine.matching import Matcher

BASELINES = ("difflib", "like", "rapidfuzz")
METHOD_LABELS = {
    "match": "Arbiter match",
    "autocomplete": "Arbiter autocomplete",
    "difflib": "difflib.get_close_matches",
    "like": "SQLite LIKE '%q%'",
    "rapidfuzz": "rapidfuzz extractOne",
}
TYPO_TOP1_TARGET = 97.0
QPS_RATIO_TARGET = 50.0


@dataclass(frozen=True)
class Plan:
    key: str
    size: int | None  # None: the real catalog as it is
    queries: int
    caps: dict[str, int]  # most queries a baseline runs (the first ones of the list)
    autocomplete_p99_ms: float | None = None  # the target for this catalog, if any


def plans(quick: bool) -> list[Plan]:
    if quick:
        return [Plan("real", None, 60, {"difflib": 5, "like": 60, "rapidfuzz": 20}, 1.0),
                Plan("synthetic-1000", 1_000, 30, {"difflib": 5, "like": 30, "rapidfuzz": 20}),
                Plan("synthetic-2000", 2_000, 30, {"difflib": 5, "like": 30, "rapidfuzz": 20}, 10.0)]
    return [Plan("real", None, 2_000, {"difflib": 300, "like": 2_000, "rapidfuzz": 2_000}, 1.0),
            Plan("synthetic-20000", 20_000, 1_000, {"difflib": 100, "like": 300, "rapidfuzz": 300}),
            Plan("synthetic-100000", 100_000, 1_000, {"difflib": 50, "like": 100, "rapidfuzz": 100}, 5.0)]


class Baselines:
    """The plain ways: difflib and rapidfuzz over the name list, LIKE on a cards table in a temp database."""

    def __init__(self, cards: Sequence[Card], tmp: Path) -> None:
        self.names = [c.name.lower() for c in cards]
        self.conn = sqlite3.connect(str(tmp / "cards.db"))
        self.conn.execute('CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "set" TEXT)')
        self.conn.executemany('INSERT INTO cards (name, "set") VALUES (?, ?)', [(c.name, c.set) for c in cards])
        self.conn.commit()

    def close(self) -> None:
        self.conn.close()

    def difflib(self, q: str) -> str | None:
        found = difflib.get_close_matches(q, self.names, n=1)  # default cutoff 0.6
        return found[0] if found else None

    def like(self, q: str) -> str | None:
        pattern = "%" + q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        row = self.conn.execute("SELECT name FROM cards WHERE name LIKE ? ESCAPE '\\' "
                                "ORDER BY length(name), id LIMIT 1", (pattern,)).fetchone()
        return row[0].lower() if row else None

    def rapidfuzz(self, q: str) -> str | None:
        found = process.extractOne(q, self.names)  # default scorer WRatio, no processor
        return found[0] if found else None


def _share(flags: Sequence[bool]) -> float | None:
    return 100.0 * sum(flags) / len(flags) if flags else None


def _accuracy(queries: Sequence[Query], flags: dict[str, list[bool]]) -> dict[str, Any]:
    """Shares (percent) of each flag overall, on the typo set and per query kind."""
    typo = [k for k, q in enumerate(queries) if q.kind in TYPO_KINDS]
    out: dict[str, Any] = {}
    for name, values in flags.items():
        out[name] = _share(values)
        out[f"typo_{name}"] = _share([values[k] for k in typo])
    out["by_kind"] = {kind: {name: _share([v for v, q in zip(values, queries, strict=True) if q.kind == kind])
                             for name, values in flags.items()} | {"n": sum(q.kind == kind for q in queries)}
                      for kind in KINDS if any(q.kind == kind for q in queries)}
    return out


def _method_figures(latencies: list[int], queries: Sequence[Query], flags: dict[str, list[bool]],
                    cap: int | None = None) -> dict[str, Any]:
    figures: dict[str, Any] = latency_stats(latencies)
    figures["qps"] = figures.pop("per_s")
    figures.update(_accuracy(queries, flags))
    figures["capped"] = cap is not None
    return figures


def run_catalog(plan: Plan, real: tuple[Card, ...], seed: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    cards = list(real) if plan.size is None else synthetic_cards(real, plan.size, seed)
    built_s = time.perf_counter() - t0
    owner = owners(cards)
    aliases = make_aliases(cards, owner, 8, random.Random(f"aliases:{len(cards)}:{seed}"))
    queries = make_queries(cards, plan.queries, seed, aliases, owner)
    t0 = time.perf_counter()
    matcher = Matcher(cards, [(alias, cards[i].name, cards[i].set) for alias, i in aliases])
    matcher_s = time.perf_counter() - t0
    label = (f"real Redemption catalog ({len(cards):,} printings)" if plan.size is None
             else f"synthetic catalog of {len(cards):,} names")
    progress(f"matching: {label}: Matcher built in {matcher_s:.2f} s; {len(queries)} queries")
    texts = [q.text for q in queries]
    intended = [cards[q.target] for q in queries]
    out: dict[str, Any] = {"key": plan.key, "label": label, "cards": len(cards), "queries": len(queries),
                           "catalog_build_s": built_s, "matcher_build_s": matcher_s,
                           "aliases": [[alias, cards[i].label] for alias, i in aliases], "methods": {}}
    warm = min(20, len(queries))

    lat, results = timed(matcher.match, texts, warm)
    out["methods"]["match"] = _method_figures(lat, queries, {
        "top1": [r.card == c for r, c in zip(results, intended, strict=True)],
        "ambiguous": [r.how == "ambiguous" for r in results],
        "in_candidates": [r.card == c or any(x.card == c for x in r.candidates)
                          for r, c in zip(results, intended, strict=True)],
    })
    match_lat = lat
    match_flags = [r.card == c for r, c in zip(results, intended, strict=True)]

    lat, choices = timed(matcher.autocomplete, texts, warm)
    firsts = [matcher.resolve_value(ch[0].value) if ch else None for ch in choices]
    out["methods"]["autocomplete"] = _method_figures(lat, queries, {
        "top1": [f == c for f, c in zip(firsts, intended, strict=True)],
        "in_list": [any(matcher.resolve_value(x.value) == c for x in ch)
                    for ch, c in zip(choices, intended, strict=True)],
    })
    auto_lat = lat
    auto_flags = [f == c for f, c in zip(firsts, intended, strict=True)]

    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as tmp:
        base = Baselines(cards, Path(tmp))
        try:
            fns: dict[str, Callable[[str], str | None]] = {
                "difflib": base.difflib, "like": base.like, "rapidfuzz": base.rapidfuzz}
            out["ratios"] = {}
            for name in BASELINES:
                k = min(plan.caps[name], len(queries))
                subset = queries[:k]
                progress(f"matching: {label}: {METHOD_LABELS[name]} on {k} queries")
                lat, answers = timed(fns[name], texts[:k], max(2, min(warm, k // 10)))
                flags = [a == c.name.lower() for a, c in zip(answers, intended[:k], strict=True)]
                out["methods"][name] = _method_figures(lat, subset, {"top1": flags},
                                                       cap=k if k < len(queries) else None)
                figs = out["methods"][name]
                arb = latency_stats(match_lat[:k])
                auto = latency_stats(auto_lat[:k])
                arb_top1 = _share(match_flags[:k]) or 0.0
                auto_top1 = _share(auto_flags[:k]) or 0.0
                out["ratios"][name] = {
                    "n": k,
                    "match_qps_ratio": arb["per_s"] / figs["qps"],
                    "match_top1": arb_top1,
                    "match_top1_diff_pp": arb_top1 - (figs["top1"] or 0.0),
                    "autocomplete_qps_ratio": auto["per_s"] / figs["qps"],
                    "autocomplete_top1_diff_pp": auto_top1 - (figs["top1"] or 0.0),
                }
        finally:
            base.close()
    out["targets"] = _targets(plan, out)
    return out


def _targets(plan: Plan, out: dict[str, Any]) -> list[dict[str, Any]]:
    where = "real catalog" if plan.size is None else f"{out['cards']:,} names"
    targets: list[dict[str, Any]] = []
    if plan.autocomplete_p99_ms is not None:
        value = out["methods"]["autocomplete"]["p99_ms"]
        targets.append({"id": f"autocomplete-p99:{plan.key}", "what": f"autocomplete p99 at {where}",
                        "value": value, "op": "<=", "limit": plan.autocomplete_p99_ms, "unit": "ms",
                        "pass": value <= plan.autocomplete_p99_ms})
    ratio = out["ratios"]["difflib"]
    targets.append({"id": f"vs-difflib:{plan.key}",
                    "what": f"match q/s vs difflib, at ≥ its top-1 ({where}, {ratio['n']} queries)",
                    "value": ratio["match_qps_ratio"], "op": ">=", "limit": QPS_RATIO_TARGET, "unit": "x",
                    "detail": f"top-1 {ratio['match_top1_diff_pp']:+.1f} pp",
                    "pass": ratio["match_qps_ratio"] >= QPS_RATIO_TARGET and ratio["match_top1_diff_pp"] >= 0})
    typo = out["methods"]["match"]["typo_top1"]
    targets.append({"id": f"typo-top1:{plan.key}", "what": f"match top-1 on the typo set ({where})",
                    "value": typo, "op": ">=", "limit": TYPO_TOP1_TARGET, "unit": "%",
                    "pass": typo is not None and typo >= TYPO_TOP1_TARGET})
    return targets


def run(settings: Settings) -> dict[str, Any]:
    if not settings.data_found():
        return settings.skipped()
    real = real_cards(settings.data_path)
    catalogs = [run_catalog(plan, real, settings.seed) for plan in plans(settings.quick)]
    return {"catalogs": catalogs, "targets": [t for c in catalogs for t in c.pop("targets")]}
