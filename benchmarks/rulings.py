"""Section 2: Redemption rulings per second on one core (the loop is single-threaded: one verdict at a time).

Workloads: the worked cases of benchmarks/worked_cases.py (on the starter set, and on the real card
text when the data is there), repeated until there are enough samples; and every printing of the real
catalog under a default scenario, played where its type is normally played (judge's own default zone)
then "phase-ends": twice through judge(), then once through Arbiter.duration after warm(), as the bot.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.catalogs import real_cards
from benchmarks.common import Settings, data_subset, latency_stats, progress, timed
from benchmarks.worked_cases import WORKED
from bot.answers.service import Arbiter
from bot.catalog import Catalog
from bot.catalog.starter import read_starter
from engine.cards import Annotation, Card
from engine.matching import MatchResult
from engine.rulesets.redemption import Verdict, judge

VERDICTS_TARGET = 20_000.0
DEFAULT_EVENTS = ("phase-ends",)
QUICK_ROWS = 300


def _starter_cases() -> dict[str, tuple[Card, tuple[Annotation, ...]]]:
    """Starter cards by name, each with its moderator annotations (as the catalog serves them)."""
    starter = read_starter()
    notes: dict[tuple[str, str], list[Annotation]] = {}
    for name, set_, note in starter.annotations:
        notes.setdefault((name, set_), []).append(note)
    return {c.name: (c, tuple(notes.get((c.name, c.set), ()))) for c in starter.cards}


def worked_cases(settings: Settings) -> tuple[list[Callable[[], Verdict]], list[tuple[bool, bool]], str]:
    """(one call per case, the expected (persists, effective) per case, what was used)."""
    starter = _starter_cases()
    calls: list[Callable[[], Verdict]] = []
    expected: list[tuple[bool, bool]] = []
    for _id, name, _real, zone, events, persists, effective, *_ in WORKED:
        card, notes = starter[name]
        calls.append(partial(judge, card, zone, tuple(events), annotations=notes))
        expected.append((persists, effective))
    used = f"{len(WORKED)} worked cases on the starter set"
    if settings.data_found():
        by_name = {c.name: c for c in real_cards(settings.data_path)}  # the last printing of a name, as the tests
        for _id, _starter, real, zone, events, persists, effective, *_ in WORKED:
            calls.append(partial(judge, by_name[real], zone, tuple(events)))
            expected.append((persists, effective))
        used += " and on the real card text"
    return calls, expected, used


def run(settings: Settings) -> dict[str, Any]:
    out: dict[str, Any] = {"targets": []}
    calls, expected, used = worked_cases(settings)
    repeats = 5 if settings.quick else max(1, 40_000 // len(calls))
    progress(f"rulings: {used}, x{repeats}")
    lat, verdicts = timed(lambda call: call(), calls * repeats, warmup=len(calls))
    figures: dict[str, Any] = latency_stats(lat)
    figures["verdicts_per_s"] = figures.pop("per_s")
    figures["cases"] = len(calls)
    figures["repeats"] = repeats
    figures["correct"] = sum((v.persists, v.effective) == e for v, e in zip(verdicts[: len(calls)], expected,
                                                                             strict=True))
    figures["what"] = used
    out["worked"] = figures
    out["targets"].append(_target("worked", "verdicts/s, worked cases (one core)", figures))

    if not settings.data_found():
        out["catalog"] = settings.skipped()
        return out
    cards = list(real_cards(settings.data_path))
    if settings.quick:
        cards = cards[:QUICK_ROWS]
    progress(f"rulings: {len(cards)} catalog cards, default zone, then {' '.join(DEFAULT_EVENTS)}")
    errors: dict[str, str] = {}  # label -> error (each card is judged three times)

    def one(card: Any) -> Verdict | None:
        try:
            return judge(card, None, DEFAULT_EVENTS)
        except Exception as exc:  # a card the engine cannot judge is reported, not fatal
            errors[card.label] = repr(exc)
            return None

    # Pass 1 also reads each card's text into terms, which the engine does once per card (the bot does it
    # for the whole catalog at load time), so it is reported but is not the verdict target; pass 2 is.
    for key, label in (("catalog", None), ("catalog_again", "each card")):
        lat, _ = timed(one, cards, warmup=0)
        out[key] = _figures(lat, len(cards), errors)
        if label:
            out["targets"].append(_target(key, f"verdicts/s, every catalog card, {label} (one core)", out[key]))

    # The bot's path: Arbiter.duration on a catalog loaded with warm(), as at start-up, so whatever the
    # service prepares at load time (annotations now, perhaps more later) counts as it does for the bot.
    arbiter, warm_s = _loaded_arbiter(settings)
    served = [c for c in arbiter.all_cards() if c.game == "redemption"]
    progress(f"rulings: {len(served)} catalog cards through Arbiter.duration after warm() ({warm_s:.2f} s)")

    def ask(card: Any) -> Verdict | None:
        try:
            match = MatchResult(card.name, "exact", card, [])
            return arbiter.duration(card.name, card=card, match=match, events=DEFAULT_EVENTS).verdict
        except Exception as exc:
            errors[card.label] = repr(exc)
            return None

    lat, _ = timed(ask, served, warmup=0)
    arbiter.catalog.close()
    out["service"] = _figures(lat, len(served), errors)
    out["service"]["warm_s"] = warm_s
    out["targets"].append(_target("service", "verdicts/s, every catalog card via Arbiter.duration (one core)",
                                  out["service"]))
    return out


def _loaded_arbiter(settings: Settings) -> tuple[Arbiter, float]:
    """An Arbiter over an in-memory catalog with the import (no starter set), after warm()."""
    catalog = Catalog.open(":memory:", seed_starter=False)
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-rulings-") as tmp:
        data = data_subset(settings.data_path, QUICK_ROWS, Path(tmp)) if settings.quick else settings.data_path
        catalog.import_lackey(data, "benchmark")
    arbiter = Arbiter(catalog)
    t0 = time.perf_counter()
    arbiter.warm()
    return arbiter, time.perf_counter() - t0


def _figures(lat: list[int], cards: int, errors: dict[str, str]) -> dict[str, Any]:
    figures: dict[str, Any] = latency_stats(lat)
    figures["verdicts_per_s"] = figures.pop("per_s")
    figures["cards"] = cards
    figures["errors"] = len(errors)
    figures["error_examples"] = [f"{name}: {err}" for name, err in list(errors.items())[:3]]
    return figures


def _target(key: str, what: str, figures: dict[str, Any]) -> dict[str, Any]:
    value = figures["verdicts_per_s"]
    return {"id": f"verdicts:{key}", "what": what, "value": value, "op": ">=", "limit": VERDICTS_TARGET,
            "unit": "/s", "pass": value >= VERDICTS_TARGET}
